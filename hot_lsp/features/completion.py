"""textDocument/completion for HOT templates, on half-typed lines.

:func:`hot_lsp.analysis.locate.cursor_at` says where the cursor is (path, key or value slot,
flow or block, the typed prefix); this module decides what may be typed there and how to
insert it. Names (parameters, resources, conditions) and the version come from the current
model, or also from the last one that parsed when the text is broken. Resource types, property
names and values and ``get_attr`` attribute names come from the resource type catalogue of the
snapshot's settings (``resource_type_docs`` finds the schema at the cursor). Every edit replaces
the typed word on the cursor's line (a type name with its colons) and nothing else.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import count

from lsprotocol import types

from .. import spec
from ..analysis.kind import named_as_environment
from ..analysis.locate import (
    NAMED_KEY_FIELDS,
    Context,
    Cursor,
    Known,
    Place,
    classify,
    cursor_at,
    function_table,
    is_template,
    known,
    lookup,
    name_slot,
)
from ..document import Mapping, Node, Scalar
from ..document.scalars import type_plain
from ..spec import TemplateVersion
from ..spec.functions import MAP_REPLACE_KEYS, STR_REPLACE_KEYS, YAQL_KEYS, repeat_keys_for
from ..spec.resource_types import Catalogue, PropertySchema, namespace_of
from ..spec.structure import PARAMETER_GROUP_KEY_DOCS
from . import resource_type_docs as docs
from .hover import (
    describe_condition,
    describe_function,
    describe_parameter,
    describe_pseudo_parameter,
    describe_resource,
    describe_version,
)
from .snapshot import Snapshot
from .snippets import escape_snippet as _escape
from .snippets import snippet_to_text

Kind = types.CompletionItemKind

# Sort groups: what the slot most likely wants comes first.
_NAMES, _VALUES, _KEYS, _PSEUDO, _FUNCTIONS = range(5)

# The functions people reach for most, first; the rest follow by name.
_FUNCTION_ORDER = (
    "get_param",
    "get_resource",
    "get_attr",
    "str_replace",
    "list_join",
    "if",
    "equals",
    "not",
    "and",
    "or",
    "get_file",
    "contains",
    "yaql",
    "map_merge",
    "repeat",
    "str_split",
    "list_concat",
    "filter",
)

# Functions whose argument must be written literally: nothing to complete inside.
_LITERAL_ARGUMENTS = frozenset({"get_file", "resource_facade", "Fn::ResourceFacade"})

# Argument maps whose keys are the user's own names (placeholders, query fields).
_NAMED_ARGUMENT_MAPS: dict[str, frozenset[tuple[object, ...]]] = {
    "str_replace": frozenset({("params",)}),
    "str_replace_strict": frozenset({("params",)}),
    "str_replace_vstrict": frozenset({("params",)}),
    "repeat": frozenset({("for_each",)}),
    "make_url": frozenset({("query",)}),
    "map_replace": frozenset({(1, "keys"), (1, "values")}),
}

# How a key's value is usually written, for the text inserted after the key in block style.
_MAP, _LIST = "map", "list"
_SECTION_SHAPES = {
    "parameters": _MAP,
    "resources": _MAP,
    "outputs": _MAP,
    "conditions": _MAP,
    "parameter_groups": _LIST,
}
_RESOURCE_SHAPES = {"properties": _MAP, "metadata": _MAP, "update_policy": _MAP}
_PARAMETER_SHAPES = {"constraints": _LIST}
_GROUP_SHAPES = {"parameters": _LIST}
_ARGUMENT_SHAPES = {"params": _MAP, "for_each": _MAP, "query": _MAP, "keys": _MAP, "values": _MAP}


@dataclass(slots=True)
class _Item:
    label: str
    kind: Kind
    insert: str
    group: int
    rank: int = 0
    detail: str | None = None
    doc: str | None = None
    snippet: bool = False
    filter: str | None = None
    deprecated: bool = False


def completion(
    snapshot: Snapshot,
    params: types.CompletionParams,
    *,
    snippet_support: bool = True,
    markdown: bool = True,
    resolve_documentation: bool = False,
) -> types.CompletionList | None:
    """Completion items at ``params.position``; None where nothing fits.

    ``snippet_support``/``markdown``: the client's capabilities (completionItem.snippetSupport,
    completionItem.documentationFormat); without them snippets become plain text and docs plain.
    ``resolve_documentation``: the client resolves ``documentation`` later (completionItem.resolveSupport),
    so long docs are left out of the list and sent by :func:`resolve` for the item the user looks at.
    """
    analysis = snapshot.analysis
    offset = snapshot.offset(params.position)
    parsed = analysis.parsed
    cursor = cursor_at(analysis.text, parsed.lines, parsed.root, offset)
    if cursor.slot == "none" or (cursor.slot == "key" and cursor.prefix.endswith(":")) or cursor.prefix == "-":
        return None  # in text, or just after a key's colon or a list dash (the next space asks again)
    if is_template(analysis, snapshot.last_good):
        names = known(analysis, snapshot.last_good)
        items = _Collector(snapshot, cursor, names).collect()
    elif analysis.kind == "environment" or (
        snapshot.last_good is not None and snapshot.last_good.kind == "environment"
    ):
        from .environment_completion import environment_items  # (it builds on this module's items)

        items = environment_items(snapshot, cursor)
    elif analysis.kind == "other" and _is_new_file(analysis.text, cursor):
        from .environment_completion import new_environment_items

        items = [_section_item("heat_template_version", cursor, 0, spec.LATEST)]
        if named_as_environment(snapshot.uri, snapshot.settings.environments):  # an environment's sections too
            items += new_environment_items(cursor)
    else:
        return None
    if not items:
        return None
    word_end = cursor.offset + _word_length(cursor.after)
    edit_range = snapshot.range(cursor.prefix_start, word_end)
    return types.CompletionList(
        is_incomplete=False,
        items=[_lsp_item(item, edit_range, snippet_support, markdown, resolve_documentation) for item in items],
    )


def resolve(item: types.CompletionItem, *, markdown: bool = True) -> types.CompletionItem:
    """completionItem/resolve: the documentation a list left out (see ``resolve_documentation``)."""
    key = item.data.get(_DOC_KEY) if isinstance(item.data, dict) else None
    doc = _deferred_docs.get(key) if isinstance(key, int) else None
    if doc is not None and item.documentation is None:
        item.documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc) if markdown else doc
    return item


# Docs left out of lists, by key, for completionItem/resolve: the newest ones only (a client resolves items of
# the list it shows now). A type list carries 170 docs, about 70 kB; sent on resolve, one at a time.
_DOC_KEY = "hotLspDoc"
_DEFERRED_LIMIT = 20_000
_LONG_DOC = 160
_deferred_docs: dict[int, str] = {}
_deferred_keys = itertools.count()


def _defer(doc: str) -> int:
    key = next(_deferred_keys)
    _deferred_docs[key] = doc
    if len(_deferred_docs) > _DEFERRED_LIMIT:
        for old in list(itertools.islice(_deferred_docs, len(_deferred_docs) - _DEFERRED_LIMIT)):
            _deferred_docs.pop(old, None)
    return key


def _is_new_file(text: str, cursor: Cursor) -> bool:
    """An empty document being started: only the version line makes sense, and is worth offering."""
    return "\n" not in text.strip() and cursor.path == () and cursor.bare and cursor.column == 0


def _word_length(after: str) -> int:
    i = 0
    while i < len(after) and after[i] not in " \t{}[],'\"":
        if after[i] == ":" and (i + 1 == len(after) or after[i + 1] in " \t"):
            break
        i += 1
    return i


def _lsp_item(
    item: _Item, edit_range: types.Range, snippet_support: bool, markdown: bool, defer_docs: bool = False
) -> types.CompletionItem:
    text = item.insert
    snippet = item.snippet
    if snippet and not snippet_support:
        text, snippet = snippet_to_text(text), False
    documentation: types.MarkupContent | str | None = None
    data = None
    if item.doc and defer_docs and len(item.doc) > _LONG_DOC:
        data = {_DOC_KEY: _defer(item.doc)}
    elif item.doc:
        documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=item.doc) if markdown else item.doc
    return types.CompletionItem(
        data=data,
        label=item.label,
        kind=item.kind,
        detail=item.detail,
        documentation=documentation,
        sort_text=f"{item.group}{item.rank:04d}{item.label}",
        filter_text=item.filter or item.label,
        insert_text_format=types.InsertTextFormat.Snippet if snippet else types.InsertTextFormat.PlainText,
        insert_text_mode=types.InsertTextMode.AsIs if "\n" in text else None,
        text_edit=types.TextEdit(range=edit_range, new_text=text),
        tags=[types.CompletionItemTag.Deprecated] if item.deprecated else None,
    )


class _Collector:
    def __init__(self, snapshot: Snapshot, cursor: Cursor, names: Known) -> None:
        self.snapshot = snapshot
        self.cursor = cursor
        self.names = names
        self.version: TemplateVersion = names.version
        self.place: Place = classify(cursor.path, names.version)
        self.roots: tuple[Node | None, ...] = docs.snapshot_roots(snapshot)

    @property
    def catalogue(self) -> Catalogue:
        return self.snapshot.catalogue  # read only where a resource type matters

    def collect(self) -> list[_Item]:
        cursor = self.cursor
        items: list[_Item] = []
        if cursor.slot == "key":
            items.extend(self.keys())
            context = self.function_context(as_key=True)
            if context is not None:
                form = "quoted" if cursor.quote else ("block" if cursor.bare else "key")
                items.extend(self.functions(context, form))
            if cursor.bare:
                # A word alone on its line may also be a plain value of the key above.
                items.extend(self.values(inline=False))
        else:
            items.extend(self.values(inline=True))
            context = self.function_context(as_key=False)
            if context is not None and cursor.quote is None:
                items.extend(self.functions(context, "value"))
        seen: set[str] = set()
        unique = []
        for item in items:
            if item.label not in seen:
                seen.add(item.label)
                unique.append(item)
        return unique

    # -- where functions may stand --------------------------------------------------------------

    def function_context(self, *, as_key: bool) -> Context | None:
        """The function table for a call written here, or None where no call belongs.

        ``as_key``: the call would be a key of the mapping at the cursor's path (block or flow).
        """
        place = self.place
        if place.context is None:
            return None
        kind = name_slot(place)
        if kind == "condition":
            return "condition"
        if kind is not None:
            return None  # a parameter or resource name goes here, not a value
        call = place.call
        if call is not None:
            arguments = place.arguments
            if call.name in _LITERAL_ARGUMENTS:
                return None
            if as_key and arguments == ():
                return None  # keys of a call's argument map are the function's own
            if as_key and arguments in _NAMED_ARGUMENT_MAPS.get(call.name, ()):
                return None
        elif as_key and place.inside == () and place.field in NAMED_KEY_FIELDS:
            return None  # property and metadata names, not calls
        if as_key and self._has_other_keys():
            return None  # a call is a mapping with one key only
        return place.context

    def _has_other_keys(self) -> bool:
        return bool(self._present_keys())

    def functions(self, context: Context, form: str) -> list[_Item]:
        version = self.version
        table = function_table(version, context)
        items = []
        for name in sorted(table):
            function = spec.FUNCTIONS[name]
            rank = _FUNCTION_ORDER.index(name) if name in _FUNCTION_ORDER else len(_FUNCTION_ORDER)
            items.append(
                _Item(
                    label=name,
                    kind=Kind.Function,
                    insert=self._call_text(name, function.snippet, form),
                    group=_FUNCTIONS,
                    rank=rank,
                    detail=function.signature,
                    doc=describe_function(name, version, context),
                    snippet=form != "quoted",
                )
            )
        return items

    def _call_text(self, name: str, snippet: str, form: str) -> str:
        cursor = self.cursor
        if form == "quoted" or cursor.key_follows:
            return name if form == "quoted" else _escape(name)
        if form == "block":
            if snippet.startswith("\n"):
                return f"{name}:" + snippet.replace("\n", "\n" + " " * cursor.column)
            return f"{name}: {snippet}"
        flow = _flow_snippet(snippet)
        if form == "key":
            rest = cursor.after[_word_length(cursor.after) :]
            close = "}" if "}" not in rest and not self.snapshot.analysis.parsed.syntax_ok else ""
            return f"{name}: {flow}{close}"
        return f"{{{name}: {flow}}}"

    # -- keys -------------------------------------------------------------------------------------

    def keys(self) -> list[_Item]:
        path = self.cursor.path
        version = self.version
        present = self._present_keys()
        found: list[tuple[str, str | None, dict[str, str], Kind, str]] = []
        if path == ():
            items = [
                _section_item(name, self.cursor, rank, version)
                for rank, name in enumerate(spec.sections_for(version))
                if name not in present
            ]
            return items
        section = path[0]
        if len(path) == 2 and section == "resources":
            found = [
                (k, spec.RESOURCE_KEY_DOCS.get(k), _RESOURCE_SHAPES, Kind.Property, "resource key")
                for k in spec.resource_keys_for(version)
            ]
        elif len(path) == 2 and section == "parameters":
            found = [
                (k, spec.PARAMETER_KEY_DOCS.get(k), _PARAMETER_SHAPES, Kind.Property, "parameter key")
                for k in spec.parameter_keys_for(version)
            ]
        elif len(path) == 2 and section == "outputs":
            found = [
                (k, spec.OUTPUT_KEY_DOCS.get(k), {}, Kind.Property, "output key") for k in spec.output_keys_for(version)
            ]
        elif len(path) == 2 and section == "parameter_groups" and isinstance(path[1], int):
            found = [
                (k, doc, _GROUP_SHAPES, Kind.Property, "parameter group key")
                for k, doc in PARAMETER_GROUP_KEY_DOCS.items()
            ]
        elif len(path) == 4 and section == "parameters" and path[2] == "constraints":
            return self._constraint_keys(str(path[1]), present)
        elif section == "resources" and len(path) >= 3 and path[2] == "properties" and self._in_property_value():
            return self._property_keys(present)
        else:
            found = self._argument_keys()
        return [
            _Item(
                label=key,
                kind=kind,
                insert=self._key_text(key, shapes.get(key)),
                group=_KEYS,
                rank=rank,
                detail=what,
                doc=doc,
                snippet=not self.cursor.quote,
            )
            for rank, (key, doc, shapes, kind, what) in enumerate(found)
            if key not in present
        ]

    def _argument_keys(self) -> list[tuple[str, str | None, dict[str, str], Kind, str]]:
        place = self.place
        call = place.call
        if call is None:
            return []
        arguments = place.arguments
        keys: tuple[str, ...] = ()
        if arguments == ():
            if call.name in ("str_replace", "str_replace_strict", "str_replace_vstrict"):
                keys = STR_REPLACE_KEYS
            elif call.name == "repeat":
                keys = repeat_keys_for(self.version)
            elif call.name == "yaql":
                keys = YAQL_KEYS
            elif call.name == "make_url":
                keys = spec.MAKE_URL_KEYS
        elif call.name == "map_replace" and arguments == (1,):
            keys = MAP_REPLACE_KEYS
        what = f"{call.name} argument"
        return [(key, None, _ARGUMENT_SHAPES, Kind.Property, what) for key in keys]

    def _constraint_keys(self, parameter: str, present: set[str]) -> list[_Item]:
        param_type = self._parameter_type(parameter)
        kinds = spec.constraint_kinds_for(self.version, param_type)
        items = []
        for rank, name in enumerate(kinds):
            kind = spec.CONSTRAINT_KINDS[name]
            if name in present:
                continue
            insert = _escape(name) if self.cursor.key_follows or self.cursor.quote else f"{name}: {kind.snippet}"
            items.append(
                _Item(
                    label=name,
                    kind=Kind.Property,
                    insert=name if self.cursor.quote else insert,
                    group=_KEYS,
                    rank=rank,
                    detail="constraint" + (f" for {param_type}" if param_type else ""),
                    doc=kind.doc,
                    snippet=not self.cursor.quote,
                )
            )
        if "description" not in present:
            items.append(
                _Item(
                    label="description",
                    kind=Kind.Property,
                    insert=self._key_text("description", None),
                    group=_KEYS,
                    rank=len(kinds),
                    detail="constraint key",
                    doc="The message Heat reports when the value fails this constraint.",
                    snippet=not self.cursor.quote,
                )
            )
        return items

    def _parameter_type(self, parameter: str) -> str | None:
        node = lookup(self.snapshot.analysis.parsed.root, ("parameters", parameter, "type"))
        if not isinstance(node, Scalar):
            named = self.names.parameters.get(parameter)
            node = named.entry.get("type") if named is not None else None
        return node.value if isinstance(node, Scalar) and isinstance(node.value, str) else None

    def _key_text(self, key: str, shape: str | None) -> str:
        cursor = self.cursor
        if cursor.quote:
            return key
        if cursor.key_follows:
            return _escape(key)
        if cursor.flow or shape is None:
            return f"{key}: $0"
        indent = " " * (cursor.column + 2)
        return f"{key}:\n{indent}" + ("- $0" if shape == _LIST else "$0")

    def _present_keys(self) -> set[str]:
        """Keys the mapping at the cursor already has, but the one being typed."""
        parsed = self.snapshot.analysis.parsed
        node = lookup(parsed.root, self.cursor.path)
        if not isinstance(node, Mapping):
            return set()
        cursor = self.cursor
        # In broken text only what was read before the cursor's line is certain.
        reliable = len(parsed.text) if parsed.syntax_ok else cursor.line_start
        word_end = cursor.offset + _word_length(cursor.after)
        return {
            str(pair.key_value)
            for pair in node.pairs
            if isinstance(pair.key, Scalar)
            and pair.key.start < reliable
            and not (
                parsed.lines.line_of(pair.key.start) == cursor.line
                and (not cursor.flow or pair.key.start <= word_end and pair.key.end >= cursor.prefix_start)
            )
        }

    # -- values -----------------------------------------------------------------------------------

    def values(self, *, inline: bool) -> list[_Item]:
        cursor = self.cursor
        path = cursor.path
        items: list[_Item] = []
        kind = name_slot(self.place)
        if kind == "parameter":
            items.extend(self._parameters())
        elif kind == "resource":
            items.extend(self._resources(inline))
        elif kind == "condition":
            items.extend(self._conditions())
        if path == ("heat_template_version",):
            items.extend(self._versions())
        elif len(path) == 3 and path[0] == "parameters" and path[2] == "type":
            items.extend(
                _Item(name, Kind.TypeParameter, name, _VALUES, rank, "parameter type", doc)
                for rank, (name, doc) in enumerate(spec.PARAMETER_TYPES.items())
            )
        elif len(path) == 5 and path[0] == "parameters" and path[2] == "constraints" and path[4] == "custom_constraint":
            items.extend(
                _Item(name, Kind.Value, name, _VALUES, 0, what, _constraint_doc(name, what))
                for name, what in sorted(spec.CUSTOM_CONSTRAINTS.items())
            )
        elif len(path) == 3 and path[0] == "resources" and path[2] == "deletion_policy":
            items.extend(
                _Item(name, Kind.Value, name, _VALUES, rank, "deletion policy")
                for rank, name in enumerate(spec.deletion_policies_for(self.version))
            )
        elif len(path) == 3 and path[0] == "resources" and path[2] == "type":
            items.extend(_type_items(self.catalogue))
        elif len(path) > 3 and path[0] == "resources" and path[2] == "properties":
            items.extend(self._property_values())
        call = self.place.call
        if call is not None and call.name == "get_attr" and self.place.arguments == (1,):
            items.extend(self._attributes())
        return items

    # -- resource types, properties and attributes ------------------------------------------------

    def _property_place(self) -> docs.PropertyPlace | None:
        """Where the cursor sits in a resource's properties (None inside a call other than `if`, or when the
        resource's type is not in the catalogue)."""
        path = docs.through_if_branches(self.place)
        return docs.property_place(path, self.roots, self.catalogue) if path is not None else None

    def _in_property_value(self) -> bool:
        """Not in a call's arguments (but in an `if` branch, which is the property's value)."""
        return self.place.call is None or docs.through_if_branches(self.place) is not None

    def _property_keys(self, present: set[str]) -> list[_Item]:
        found = self._property_place()
        if found is None:
            return self._child_parameter_keys(present)
        keys = docs.keys_at(found.resource_type.properties, found.parts)
        if not keys:
            return []
        owner = found.resource_type.name
        chosen = sorted(
            (schema for name, schema in keys.items() if name not in present and docs.offered(schema)),
            key=lambda schema: (not schema.required, docs.retired(schema.support_status), schema.name),
        )
        return [
            _Item(
                label=schema.name,
                kind=Kind.Property,
                insert=self._property_key_text(schema),
                group=_KEYS,
                rank=rank,
                detail=docs.property_detail(schema),
                doc=docs.describe_property(schema, owner, self.catalogue),
                snippet=not self.cursor.quote,
                deprecated=docs.retired(schema.support_status),
            )
            for rank, schema in enumerate(chosen)
        ]

    def _child_parameter_keys(self, present: set[str]) -> list[_Item]:
        """A template resource's properties: its child template's parameters, required ones first."""
        path = docs.through_if_branches(self.place)
        if path is None:
            return []
        from .template_children import child_for_properties  # reads the child: only when needed

        at = child_for_properties(self.snapshot, path)
        if at is None:
            return []
        where = at.child.path.rsplit("/", 1)[-1] if at.child.path else at.slot.type_name
        chosen = sorted(
            (p for name, p in at.parameters.items() if name not in present), key=lambda p: (p.has_default, p.name)
        )
        return [
            _Item(
                label=parameter.name,
                kind=Kind.Property,
                insert=self._key_text(parameter.name, _MAP if parameter.type == "json" else None),
                group=_KEYS,
                rank=rank,
                detail=f"{parameter.type or 'parameter'} of {where}" + ("" if parameter.has_default else ", required"),
                doc=parameter.description,
                snippet=not self.cursor.quote,
            )
            for rank, parameter in enumerate(chosen)
        ]

    def _property_key_text(self, schema: PropertySchema) -> str:
        cursor = self.cursor
        if cursor.quote:
            return schema.name
        name = _escape(schema.name)
        if cursor.key_follows:
            return name
        if cursor.flow:
            return f"{name}: " + _FLOW_VALUE.get(schema.type, "${1}")
        return name + _block_value(schema, cursor.column, count(1), 0)

    def _property_values(self) -> list[_Item]:
        found = self._property_place()
        if found is None:
            return []
        if docs.is_member_type(found):
            return _type_items(self.catalogue)
        schema = docs.property_at(found.resource_type.properties, found.parts)
        if schema is None:
            return []
        values = docs.allowed_values(schema)
        if not values and schema.type == "Boolean":
            values = [True, False]
        items = []
        for rank, value in enumerate(values):
            label = docs.literal(value)
            detail = f"{schema.name} value" + (" (default)" if value == schema.default else "")
            insert = str(value) if self.cursor.quote and isinstance(value, str) else _yaml_scalar(value)
            items.append(_Item(label, Kind.EnumMember, insert, _VALUES, rank, detail, filter=label))
        return items

    def _attributes(self) -> list[_Item]:
        place = self.place
        call = place.call
        assert call is not None
        arguments = place.path[: call.index + 1]
        resource = docs.tree_scalar(self.roots[:1], (*arguments, 0)) or self._first_argument_on_line()
        if resource is None:
            resource = docs.tree_scalar(self.roots[1:], (*arguments, 0))
        name = docs.tree_scalar(self.roots, ("resources", resource, "type")) if resource else None
        resource_type = self.catalogue.get(name) if name else None
        if resource_type is None:
            return []
        shown = sorted(
            docs.visible_attributes(resource_type),
            key=lambda a: (a.name == "show", docs.retired(a.support_status), a.name),
        )
        return [
            _Item(
                label=attribute.name,
                kind=Kind.Field,
                insert=attribute.name,
                group=_NAMES,
                rank=rank,
                detail=f"{attribute.type} attribute" if attribute.type else "attribute",
                doc=docs.describe_attribute(attribute),
                deprecated=docs.retired(attribute.support_status),
            )
            for rank, attribute in enumerate(shown)
        ]

    def _first_argument_on_line(self) -> str | None:
        """`res` of `get_attr: [res, ` typed on the cursor's line, when the tree does not have it (broken text)."""
        cursor = self.cursor
        before = cursor.line_text[: cursor.prefix_start - cursor.line_start]
        found = _GET_ATTR_ON_LINE.search(before)
        return found.group(1).strip("'\"") if found else None

    def _parameters(self) -> list[_Item]:
        items = []
        for rank, (name, named) in enumerate(self.names.parameters.items()):
            type_node = named.entry.get("type")
            detail = f"{type_node.value} parameter" if isinstance(type_node, Scalar) else "parameter"
            items.append(_Item(name, Kind.Variable, name, _NAMES, rank, detail, describe_parameter(named)))
        for rank, name in enumerate(spec.PSEUDO_PARAMETERS):
            if name not in self.names.parameters:
                doc = describe_pseudo_parameter(name)
                items.append(_Item(name, Kind.Constant, name, _PSEUDO, rank, "pseudo parameter", doc))
        return items

    def _resources(self, inline: bool) -> list[_Item]:
        place = self.place
        own = place.entry if place.section == "resources" else None
        wrap = inline and place.call is not None and place.call.name == "get_attr" and place.arguments == ()
        items = []
        for rank, (name, named) in enumerate(self.names.resources.items()):
            if name == own:
                continue
            type_node = named.entry.get("type")
            detail = str(type_node.value) if isinstance(type_node, Scalar) else "resource"
            insert = f"[{_escape(name)}, ${{1:attribute}}]" if wrap and not self.cursor.quote else name
            items.append(
                _Item(name, Kind.Class, insert, _NAMES, rank, detail, describe_resource(named), snippet=insert != name)
            )
        return items

    def _conditions(self) -> list[_Item]:
        place = self.place
        own = place.entry if place.section == "conditions" else None
        return [
            _Item(name, Kind.Constant, name, _NAMES, rank, "condition", describe_condition(named))
            for rank, (name, named) in enumerate(self.names.conditions.items())
            if name != own
        ]

    def _versions(self) -> list[_Item]:
        items = []
        for rank, version in enumerate(reversed(spec.VERSIONS)):
            doc = describe_version(version)
            label = f"{version.date} ({version.release})"
            items.append(
                _Item(label, Kind.Value, version.date, _VALUES, 2 * rank, version.release, doc, filter=version.date)
            )
            if version.alias:
                detail = f"{version.date} ({version.release})"
                items.append(_Item(version.alias, Kind.Value, version.alias, _VALUES, 2 * rank + 1, detail, doc))
        return items


_GET_ATTR_ON_LINE = re.compile(r"get_attr\s*:\s*\[\s*('[^']*'|\"[^\"]*\"|[^\s,\[\]{}'\"]+)\s*,\s*$")
_FLOW_VALUE = {"Map": "{${1}}", "List": "[${1}]"}
_MAX_SNIPPET_DEPTH = 3


def _block_value(schema: PropertySchema, column: int, stops: count[int], depth: int) -> str:
    """What follows a property key in block style: `: $1` for a scalar, the required keys of a map with a
    schema on the lines below (a list of such maps: its first item), `- $1` for other lists."""
    indent = " " * (column + 2)
    if schema.type not in ("Map", "List") or depth >= _MAX_SNIPPET_DEPTH:
        return f": ${{{next(stops)}}}"
    if schema.type == "List":
        item = (schema.schema or {}).get("*")
        required = _required_keys(item) if item is not None else []
        if not required:
            return f":\n{indent}- ${{{next(stops)}}}"
        lines = [f"{_escape(sub.name)}{_block_value(sub, column + 4, stops, depth + 1)}" for sub in required]
        return f":\n{indent}- " + f"\n{indent}  ".join(lines)
    required = _required_keys(schema)
    if not required:
        return f":\n{indent}${{{next(stops)}}}"
    lines = [f"{indent}{_escape(sub.name)}{_block_value(sub, column + 2, stops, depth + 1)}" for sub in required]
    return ":\n" + "\n".join(lines)


def _required_keys(schema: PropertySchema) -> list[PropertySchema]:
    if schema.type != "Map" or not schema.schema:
        return []
    return [sub for name, sub in sorted(schema.schema.items()) if name != "*" and sub.required and docs.offered(sub)]


def _yaml_scalar(value: object) -> str:
    """A value as a plain YAML scalar when Heat's loader reads it back the same, else single-quoted."""
    text = docs.literal(value)
    if not isinstance(value, str):
        return text
    plain = (
        text == value
        and type_plain(value) == (value, "str")
        and not re.search(r"^[-?:,\[\]{}#&*!|>'\"%@`]|: | #", value)
    )
    return text if plain else "'" + value.replace("'", "''") + "'"


@lru_cache(maxsize=8)
def _type_items(catalogue: Catalogue) -> tuple[_Item, ...]:
    """Every type Heat lets a template name, and the aliases, `OS::` first, grouped by namespace; hidden types left
    out. Built once per catalogue (the items are never changed afterwards)."""
    entries: list[tuple[tuple[object, ...], _Item]] = []
    types_ = catalogue.types
    for name in types_:
        if types_.status_of(name) == "HIDDEN":
            continue
        resource_type = catalogue.types[name]
        status = resource_type.support_status
        item = _Item(
            label=name,
            kind=Kind.Class,
            insert=name,
            group=_VALUES,
            detail=docs.status_text(status, resource_type.replacement),
            doc=docs.describe_type_brief(catalogue, name),
            deprecated=docs.retired(status),
        )
        entries.append((_type_order(name, item.deprecated), item))
    for name, target in catalogue.aliases.items():
        resolved = catalogue.get(name)
        if (resolved is None and "://" not in target) or (resolved is not None and resolved.support_status.hidden):
            continue  # an alias to nothing Heat knows, or to a type it hides
        retired = resolved is not None and docs.retired(resolved.support_status)
        detail = f"alias of {resolved.name}" if resolved is not None else f"template {target}"
        if resolved is not None and resolved.support_status.status != "SUPPORTED":
            detail += f" ({docs.status_text(resolved.support_status, resolved.replacement)})"
        doc = docs.describe_type_brief(catalogue, name) if resolved is not None else ""
        item = _Item(name, Kind.Class, name, _VALUES, 0, detail, doc or None, deprecated=retired)
        entries.append((_type_order(name, retired), item))
    entries.sort(key=lambda entry: entry[0])
    for rank, (_, item) in enumerate(entries):
        item.rank = rank
    return tuple(item for _, item in entries)


def _type_order(name: str, retired: bool) -> tuple[object, ...]:
    namespace = namespace_of(name) or name
    return (not name.startswith("OS::"), namespace, retired, name)


def _section_item(name: str, cursor: Cursor, rank: int, version: TemplateVersion) -> _Item:
    shape = _SECTION_SHAPES.get(name)
    if cursor.quote:
        insert = name
    elif cursor.key_follows:
        insert = _escape(name)
    elif cursor.flow or shape is None:
        insert = f"{name}: $0"
    else:
        indent = " " * (cursor.column + 2)
        insert = f"{name}:\n{indent}" + ("- $0" if shape == _LIST else "$0")
    doc = spec.SECTION_DOCS.get(name)
    return _Item(name, Kind.Module, insert, _KEYS, rank, "section", doc, snippet=not cursor.quote)


def _constraint_doc(name: str, what: str) -> str:
    service = spec.custom_constraint_service(name)
    where = f" Heat asks {service} to check it." if service else ""
    return f"**{name}** — custom constraint\n\n{what}.{where}"


def _flow_snippet(snippet: str) -> str:
    """A snippet written for block style (starting with a newline), rewritten as one flow map."""
    if not snippet.startswith("\n"):
        return snippet
    rows = [(len(line) - len(line.lstrip(" ")), line.strip()) for line in snippet.split("\n")[1:] if line.strip()]
    text, _ = _flow_rows(rows, 0)
    return text


def _flow_rows(rows: list[tuple[int, str]], start: int) -> tuple[str, int]:
    """Rows at one indentation from ``start`` as a flow map; returns it and the next row."""
    indent = rows[start][0]
    entries: list[str] = []
    i = start
    while i < len(rows) and rows[i][0] == indent:
        key, value = _split_row(rows[i][1])
        i += 1
        if value is None and i < len(rows) and rows[i][0] > indent:
            if _split_row(rows[i][1]) == (rows[i][1], None) and (i + 1 == len(rows) or rows[i + 1][0] <= indent):
                value = rows[i][1]  # a lone value on the next line
                i += 1
            else:
                value, i = _flow_rows(rows, i)
        entries.append(f"{key}: {value if value is not None else ''}".rstrip())
    return "{" + ", ".join(entries) + "}", i


def _split_row(row: str) -> tuple[str, str | None]:
    """'key: value' → (key, value); 'key:' → (key, None); a lone value → (value, None)."""
    depth = 0
    for i, char in enumerate(row):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == ":" and depth == 0:
            rest = row[i + 1 :]
            if rest == "" or rest.startswith(" "):
                return row[:i], rest.strip() or None
    return row, None
