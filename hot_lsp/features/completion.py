"""textDocument/completion for HOT templates, on half-typed lines.

:func:`hot_lsp.analysis.queries.cursor.cursor_at` says where the cursor is (path, key or value slot,
flow or block, the typed prefix); this module decides what may be typed there and how to
insert it. Names (parameters, resources, conditions) and the version come from the current
model, or also from the last one that parsed when the text is broken. Resource types, property
names and values and ``get_attr`` attribute names come from the resource type catalogue of the
snapshot's settings (``resource_type_completion``); environment files have their own module
(``environment_completion``). File paths (``get_file``, a ``type`` naming a template) are listed below the
template's folder by ``environment_templates.template_paths``. Every edit replaces the typed word on the cursor's line (a type
name with its colons) and nothing else. Items become LSP items for the client in
``completion_items``; long docs may be left for completionItem/resolve (``completion_docs``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace

from lsprotocol import types

from .. import spec
from ..analysis import functions as heat_functions
from ..analysis.model.kind import named_as_environment
from ..analysis.queries.cursor import Cursor, cursor_at
from ..analysis.queries.locate import (
    NAMED_KEY_FIELDS,
    Context,
    KnownNames,
    Named,
    PathMeaning,
    classify,
    is_template,
    known_names,
    lookup,
    name_slot,
)
from ..analysis.result import Analysis
from ..document import Mapping, Node, Scalar
from ..spec import TemplateVersion
from ..spec.nested_stacks import TEMPLATE_SUFFIXES
from ..spec.structure import PARAMETER_GROUP_KEY_DOCS
from . import resource_type_docs as docs
from ._targets import document_path
from .completion_docs import custom_constraint_doc, function_ref, key_doc, own_name_ref
from .completion_items import (
    FUNCTIONS,
    KEYS,
    LIST,
    MAP,
    NAMES,
    PSEUDO,
    VALUES,
    Item,
    Kind,
    key_text,
    lsp_item,
    word_length,
)
from .environment_completion import environment_items, new_environment_items
from .environment_templates import template_paths
from .hover import (
    describe_condition,
    describe_function,
    describe_parameter,
    describe_pseudo_parameter,
    describe_resource,
    describe_version,
)
from .resource_type_completion import ResourceTypeCompletion, type_items
from .skeletons import TypeSkeletons, section_entry_items, template_item
from .snapshot import Snapshot
from .snippets import escape_snippet
from .suppression import suppression_completion

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
_SECTION_SHAPES = {
    "parameters": MAP,
    "resources": MAP,
    "outputs": MAP,
    "conditions": MAP,
    "parameter_groups": LIST,
}
_RESOURCE_SHAPES = {"properties": MAP, "metadata": MAP, "update_policy": MAP}
_PARAMETER_SHAPES = {"constraints": LIST}
_GROUP_SHAPES = {"parameters": LIST}
_ARGUMENT_SHAPES = {"params": MAP, "for_each": MAP, "query": MAP, "keys": MAP, "values": MAP}


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
    so long docs are left out of the list and sent by ``completion_docs.resolve`` for the item the user looks at.
    """
    analysis = snapshot.analysis
    if analysis.kind in ("template", "environment") or snapshot.last_good is not None:
        in_comment = suppression_completion(snapshot, params.position)  # `# hot-lsp: disable=` codes
        if in_comment is not None:
            return in_comment
    offset = snapshot.offset(params.position)
    parsed = analysis.parsed
    cursor = cursor_at(analysis.text, parsed.lines, parsed.root, offset)
    if cursor.slot == "none" or (cursor.slot == "key" and cursor.prefix.endswith(":")) or cursor.prefix == "-":
        return None  # in text, or just after a key's colon or a list dash (the next space asks again)
    if is_template(analysis, snapshot.last_good):
        names = known_names(analysis, snapshot.last_good)
        items = _Collector(snapshot, cursor, names).collect()
    elif analysis.kind == "environment" or (
        snapshot.last_good is not None and snapshot.last_good.kind == "environment"
    ):
        items = environment_items(snapshot, cursor)
    elif analysis.kind == "other" and _is_new_file(analysis.text, cursor):
        items = [_section_item("heat_template_version", cursor, 0, spec.LATEST), template_item()]
        if named_as_environment(snapshot.uri, snapshot.settings.environments):  # an environment's sections too
            items += new_environment_items(cursor)
    else:
        return None
    if not items:
        return None
    word_end = cursor.offset + word_length(cursor.after)
    edit_range = snapshot.range(cursor.prefix_start, word_end)
    return types.CompletionList(
        is_incomplete=False,
        items=[
            lsp_item(
                item,
                edit_range,
                snippet_support=snippet_support,
                markdown=markdown,
                defer_docs=resolve_documentation,
            )
            for item in items
        ],
    )


def _is_new_file(text: str, cursor: Cursor) -> bool:
    """An empty document being started: only the version line makes sense, and is worth offering."""
    return "\n" not in text.strip() and cursor.path == () and cursor.bare and cursor.column == 0


class _Collector:
    def __init__(self, snapshot: Snapshot, cursor: Cursor, names: KnownNames) -> None:
        self.snapshot = snapshot
        self.cursor = cursor
        self.names = names
        self.version: TemplateVersion = names.version
        self.place: PathMeaning = classify(cursor.path, names.version)
        self.resource_types = ResourceTypeCompletion(snapshot, cursor, self.place, docs.types_of(snapshot))

    def collect(self) -> list[Item]:
        cursor = self.cursor
        items: list[Item] = []
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

    def functions(self, context: Context, form: str) -> list[Item]:
        version = self.version
        table = heat_functions.table(version, context)
        items = []
        for name in sorted(table):
            function = spec.FUNCTIONS[name]
            rank = _FUNCTION_ORDER.index(name) if name in _FUNCTION_ORDER else len(_FUNCTION_ORDER)
            items.append(
                Item(
                    label=name,
                    kind=Kind.Function,
                    insert=self._call_text(name, function.snippet, form),
                    group=FUNCTIONS,
                    rank=rank,
                    detail=function.signature,
                    doc=describe_function(name, version, context),
                    doc_ref=function_ref(name, version, context),
                    snippet=form != "quoted",
                )
            )
        return items

    def _call_text(self, name: str, snippet: str, form: str) -> str:
        cursor = self.cursor
        if form == "quoted" or cursor.key_follows:
            return name if form == "quoted" else escape_snippet(name)
        if form == "block":
            if snippet.startswith("\n"):
                return f"{name}:" + snippet.replace("\n", "\n" + " " * cursor.column)
            return f"{name}: {snippet}"
        flow = _flow_snippet(snippet)
        if form == "key":
            rest = cursor.after[word_length(cursor.after) :]
            close = "}" if "}" not in rest and not self.snapshot.analysis.parsed.syntax_ok else ""
            return f"{name}: {flow}{close}"
        return f"{{{name}: {flow}}}"

    # -- keys -------------------------------------------------------------------------------------

    def keys(self) -> list[Item]:
        path = self.cursor.path
        version = self.version
        present = self._present_keys()
        # (key, the table of key docs it is in, how values are written, kind, detail)
        found: list[tuple[str, str | None, dict[str, str], Kind, str]] = []
        if path == ():
            items = [
                _section_item(name, self.cursor, rank, version)
                for rank, name in enumerate(spec.sections_for(version))
                if name not in present
            ]
            return items
        section = path[0]
        if (
            len(path) == 1
            and self.cursor.bare
            and not (self.cursor.key_follows or self.cursor.quote or self.cursor.flow)
        ):
            return self._new_entries(str(section))
        if len(path) == 2 and section == "resources":
            found = [
                (k, "resource", _RESOURCE_SHAPES, Kind.Property, "resource key")
                for k in spec.resource_keys_for(version)
            ]
        elif len(path) == 2 and section == "parameters":
            found = [
                (k, "parameter", _PARAMETER_SHAPES, Kind.Property, "parameter key")
                for k in spec.parameter_keys_for(version)
            ]
        elif len(path) == 2 and section == "outputs":
            found = [(k, "output", {}, Kind.Property, "output key") for k in spec.output_keys_for(version)]
        elif len(path) == 2 and section == "parameter_groups" and isinstance(path[1], int):
            found = [
                (k, "parameter_group", _GROUP_SHAPES, Kind.Property, "parameter group key")
                for k in PARAMETER_GROUP_KEY_DOCS
            ]
        elif len(path) == 4 and section == "parameters" and path[2] == "constraints":
            return self._constraint_keys(str(path[1]), present)
        elif (
            section == "resources"
            and len(path) >= 3
            and path[2] == "properties"
            and self.resource_types.in_property_value()
        ):
            return self.resource_types.property_keys(present)
        else:
            found = self._argument_keys()
        return [
            Item(
                label=key,
                kind=kind,
                insert=key_text(self.cursor, key, shapes.get(key)),
                group=KEYS,
                rank=rank,
                detail=what,
                doc=key_doc(table, key) if table else None,
                doc_ref=("key", table, key) if table else None,
                snippet=not self.cursor.quote,
            )
            for rank, (key, table, shapes, kind, what) in enumerate(found)
            if key not in present
        ]

    def _new_entries(self, section: str) -> list[Item]:
        """A new entry of a section: a blank one, and under ``resources`` each type as a whole resource."""
        skeletons = TypeSkeletons(self.snapshot, self.cursor, self.names)
        if section == "resources":
            return skeletons.resource_entry_items(type_items(self.snapshot.catalogue))
        return section_entry_items(section, self.cursor, skeletons.step, self.names)

    def _argument_keys(self) -> list[tuple[str, str | None, dict[str, str], Kind, str]]:
        place = self.place
        call = place.call
        if call is None:
            return []
        keys = call.function.argument_keys(self.version, place.arguments)
        what = f"{call.name} argument"
        return [(key, None, _ARGUMENT_SHAPES, Kind.Property, what) for key in keys]

    def _constraint_keys(self, parameter: str, present: set[str]) -> list[Item]:
        param_type = self._parameter_type(parameter)
        kinds = spec.constraint_kinds_for(self.version, param_type)
        items = []
        for rank, name in enumerate(kinds):
            kind = spec.CONSTRAINT_KINDS[name]
            if name in present:
                continue
            insert = escape_snippet(name) if self.cursor.key_follows or self.cursor.quote else f"{name}: {kind.snippet}"
            items.append(
                Item(
                    label=name,
                    kind=Kind.Property,
                    insert=name if self.cursor.quote else insert,
                    group=KEYS,
                    rank=rank,
                    detail="constraint" + (f" for {param_type}" if param_type else ""),
                    doc=kind.doc,
                    doc_ref=("constraint", name),
                    snippet=not self.cursor.quote,
                )
            )
        if "description" not in present:
            items.append(
                Item(
                    label="description",
                    kind=Kind.Property,
                    insert=key_text(self.cursor, "description", None),
                    group=KEYS,
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

    def _present_keys(self) -> set[str]:
        """Keys the mapping at the cursor already has, but the one being typed."""
        parsed = self.snapshot.analysis.parsed
        node = lookup(parsed.root, self.cursor.path)
        if not isinstance(node, Mapping):
            return set()
        cursor = self.cursor
        # In broken text only what was read before the cursor's line is certain.
        reliable = len(parsed.text) if parsed.syntax_ok else cursor.line_start
        word_end = cursor.offset + word_length(cursor.after)
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

    def values(self, *, inline: bool) -> list[Item]:
        cursor = self.cursor
        path = cursor.path
        items: list[Item] = []
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
                Item(
                    name,
                    Kind.TypeParameter,
                    name,
                    VALUES,
                    rank,
                    "parameter type",
                    doc,
                    doc_ref=("parameter_type", name),
                )
                for rank, (name, doc) in enumerate(spec.PARAMETER_TYPES.items())
            )
        elif len(path) == 5 and path[0] == "parameters" and path[2] == "constraints" and path[4] == "custom_constraint":
            items.extend(
                Item(
                    name,
                    Kind.Value,
                    name,
                    VALUES,
                    0,
                    what,
                    custom_constraint_doc(name),
                    doc_ref=("custom_constraint", name),
                )
                for name, what in sorted(spec.CUSTOM_CONSTRAINTS.items())
            )
        elif len(path) == 3 and path[0] == "resources" and path[2] == "deletion_policy":
            items.extend(
                Item(name, Kind.Value, name, VALUES, rank, "deletion policy")
                for rank, name in enumerate(spec.deletion_policies_for(self.version))
            )
        elif len(path) == 3 and path[0] == "resources" and path[2] == "type":
            skeletons = TypeSkeletons(self.snapshot, self.cursor, self.names)
            items.extend(skeletons.type_value_items(type_items(self.snapshot.catalogue)))
            if "::" not in cursor.prefix:
                items.extend(self._paths(TEMPLATE_SUFFIXES, "template", after=5000))
        elif len(path) > 3 and path[0] == "resources" and path[2] == "properties":
            items.extend(self.resource_types.property_values())
            if self.resource_types.at_member_type() and "::" not in cursor.prefix:
                # A group's member is most often a template of the folder: those first, then the types.
                items.extend(replace(item, group=NAMES) for item in self._paths(TEMPLATE_SUFFIXES, "template"))
        call = self.place.call
        if call is not None and call.function.slot(self.place.arguments) == "attribute":
            items.extend(self.resource_types.attributes())
        if call is not None and call.name == "get_file" and self.place.arguments == ():
            items.extend(self._paths(None, "file"))
        return items

    def _paths(self, suffixes: tuple[str, ...] | None, what: str, *, after: int = 0) -> list[Item]:
        """Files (ending in ``suffixes``; None: any) and folders below the template's folder, as the typed value
        continues them (folders first; never the template itself): ``type`` names a template heatclient sends
        along, ``get_file`` any file. ``after``: the rank to start from (a ``type`` offers its types first)."""
        own = document_path(self.snapshot.uri)
        typed = self.cursor.prefix
        if own is None or "://" in typed or typed.startswith(("/", "~")):
            return []
        folder = os.path.dirname(os.path.abspath(own))
        found = template_paths(own, typed, self.snapshot.files, suffixes)
        return [
            Item(
                path,
                Kind.Folder if is_folder else Kind.File,
                path,
                VALUES,
                after + rank,
                "folder" if is_folder else what,
                filter=path,
            )
            for rank, (path, is_folder) in enumerate(found)
            if is_folder or os.path.normpath(os.path.join(folder, path)) != os.path.abspath(own)
        ]

    def _doc(self, describe: Callable[[Named], str], named: Named) -> str:
        """``describe(named)``, made once per analysis: a completion offers every parameter (98 in a TripleO
        service), and describing them all again was 60 % of each answer."""
        docs = self.snapshot.analysis.derive(_made_docs)
        key = (describe, id(named.entry.key))
        found = docs.get(key)
        if found is None or found[0] is not named.entry.key:  # (the same node: the id was not reused)
            found = docs[key] = (named.entry.key, describe(named))
        return found[1]

    def _parameters(self) -> list[Item]:
        items = []
        for rank, (name, named) in enumerate(self.names.parameters.items()):
            type_node = named.entry.get("type")
            detail = f"{type_node.value} parameter" if isinstance(type_node, Scalar) else "parameter"
            doc = self._doc(describe_parameter, named)
            ref = own_name_ref(self.snapshot.uri, "parameters", name)
            items.append(Item(name, Kind.Variable, name, NAMES, rank, detail, doc, doc_ref=ref))
        for rank, name in enumerate(spec.PSEUDO_PARAMETERS):
            if name not in self.names.parameters:
                doc = describe_pseudo_parameter(name)
                ref = ("pseudo_parameter", name)
                items.append(Item(name, Kind.Constant, name, PSEUDO, rank, "pseudo parameter", doc, doc_ref=ref))
        return items

    def _resources(self, inline: bool) -> list[Item]:
        place = self.place
        own = place.entry if place.section == "resources" else None
        wrap = inline and place.call is not None and place.call.name == "get_attr" and place.arguments == ()
        items = []
        for rank, (name, named) in enumerate(self.names.resources.items()):
            if name == own:
                continue
            type_node = named.entry.get("type")
            detail = str(type_node.value) if isinstance(type_node, Scalar) else "resource"
            insert = f"[{escape_snippet(name)}, ${{1:attribute}}]" if wrap and not self.cursor.quote else name
            items.append(
                Item(
                    name,
                    Kind.Class,
                    insert,
                    NAMES,
                    rank,
                    detail,
                    self._doc(describe_resource, named),
                    snippet=insert != name,
                    doc_ref=own_name_ref(self.snapshot.uri, "resources", name),
                )
            )
        return items

    def _conditions(self) -> list[Item]:
        place = self.place
        own = place.entry if place.section == "conditions" else None
        return [
            Item(
                name,
                Kind.Constant,
                name,
                NAMES,
                rank,
                "condition",
                self._doc(describe_condition, named),
                doc_ref=own_name_ref(self.snapshot.uri, "conditions", name),
            )
            for rank, (name, named) in enumerate(self.names.conditions.items())
            if name != own
        ]

    def _versions(self) -> list[Item]:
        items = []
        for rank, version in enumerate(reversed(spec.VERSIONS)):
            doc, ref = describe_version(version), ("version", version.date)
            label = f"{version.date} ({version.release})"
            date = version.date
            items.append(
                Item(label, Kind.Value, date, VALUES, 2 * rank, version.release, doc, filter=date, doc_ref=ref)
            )
            if version.alias:
                detail = f"{version.date} ({version.release})"
                alias = version.alias
                items.append(Item(alias, Kind.Value, alias, VALUES, 2 * rank + 1, detail, doc, doc_ref=ref))
        return items


def _section_item(name: str, cursor: Cursor, rank: int, version: TemplateVersion) -> Item:
    shape = _SECTION_SHAPES.get(name)
    if cursor.quote:
        insert = name
    elif cursor.key_follows:
        insert = escape_snippet(name)
    elif cursor.flow or shape is None:
        insert = f"{name}: $0"
    else:
        indent = " " * (cursor.column + 2)
        insert = f"{name}:\n{indent}" + ("- $0" if shape == LIST else "$0")
    doc = spec.SECTION_DOCS.get(name)
    return Item(
        name, Kind.Module, insert, KEYS, rank, "section", doc, snippet=not cursor.quote, doc_ref=("section", name)
    )


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


def _made_docs(analysis: Analysis) -> dict[tuple[Callable[[Named], str], int], tuple[Node, str]]:
    """The documentation completion made for the names of an analysis (see ``_Collector._doc``)."""
    return {}
