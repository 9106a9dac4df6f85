"""Completion from the resource type catalogue: type names, property names (with the required keys of their
values as a snippet) and values, and ``get_attr`` attribute names; for a template resource, its child
template's parameters as property names.

``resource_type_docs`` finds the schema at the cursor; this module turns it into items.
"""

from __future__ import annotations

import re
from itertools import count

from ..analysis.model.resource_kinds import resource_kinds
from ..analysis.queries.cursor import Cursor
from ..analysis.queries.locate import PathMeaning
from ..analysis.wording import yaml_text
from ..document.scalars import type_plain
from ..spec.resource_types import Catalogue, PropertySchema, namespace_of
from . import resource_type_docs as docs
from .completion_docs import attribute_ref, property_ref, type_ref
from .completion_items import KEYS, MAP, NAMES, VALUES, Item, Kind, key_text
from .snapshot import Snapshot
from .snippets import escape_snippet
from .template_children import child_for_properties

_GET_ATTR_ON_LINE = re.compile(r"get_attr\s*:\s*\[\s*('[^']*'|\"[^\"]*\"|[^\s,\[\]{}'\"]+)\s*,\s*$")
_FLOW_VALUE = {"Map": "{${1}}", "List": "[${1}]"}
_MAX_SNIPPET_DEPTH = 3


class ResourceTypeCompletion:
    """What the catalogue offers at one cursor inside a resource's properties or a ``get_attr``."""

    def __init__(self, snapshot: Snapshot, cursor: Cursor, place: PathMeaning, types: docs.Types) -> None:
        self.snapshot = snapshot
        self.cursor = cursor
        self.place = place
        self.types = types  # the current tree's types, then the last one that parsed, resolved as the rules do
        self.roots = types.roots

    @property
    def catalogue(self) -> Catalogue:
        return self.snapshot.catalogue  # read only where a resource type matters

    def in_property_value(self) -> bool:
        """Not in a call's arguments (but in an `if` branch, which is the property's value)."""
        return self.place.call is None or docs.through_if_branches(self.place) is not None

    def _property_place(self) -> docs.PropertyPlace | None:
        """Where the cursor sits in a resource's properties (None inside a call other than `if`, or when the
        resource's type is not in the catalogue)."""
        path = docs.through_if_branches(self.place)
        return docs.property_place(path, self.types) if path is not None else None

    def property_keys(self, present: set[str]) -> list[Item]:
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
            Item(
                label=schema.name,
                kind=Kind.Property,
                insert=self._property_key_text(schema),
                group=KEYS,
                rank=rank,
                detail=docs.property_detail(schema),
                doc=docs.describe_property(schema, owner, self.catalogue),
                doc_ref=property_ref(owner, (*found.parts, schema.name), self.catalogue),
                snippet=not self.cursor.quote,
                deprecated=docs.retired(schema.support_status),
            )
            for rank, schema in enumerate(chosen)
        ]

    def _child_parameter_keys(self, present: set[str]) -> list[Item]:
        """A template resource's properties: its child template's parameters, required ones first."""
        path = docs.through_if_branches(self.place)
        if path is None:
            return []
        at = child_for_properties(self.snapshot, path)
        if at is None:
            return []
        where = at.child.path.rsplit("/", 1)[-1] if at.child.path else at.slot.type_name
        chosen = sorted(
            (p for name, p in at.parameters.items() if name not in present), key=lambda p: (p.has_default, p.name)
        )
        return [
            Item(
                label=parameter.name,
                kind=Kind.Property,
                insert=key_text(self.cursor, parameter.name, MAP if parameter.type == "json" else None),
                group=KEYS,
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
        name = escape_snippet(schema.name)
        if cursor.key_follows:
            return name
        if cursor.flow:
            return f"{name}: " + _FLOW_VALUE.get(schema.type, "${1}")
        return name + _block_value(schema, cursor.column, count(1), 0)

    def at_member_type(self) -> bool:
        """Whether the cursor is in the ``type`` of a group's member definition."""
        found = self._property_place()
        return found is not None and docs.is_member_type(found)

    def property_values(self) -> list[Item]:
        found = self._property_place()
        if found is None:
            return self._resource_of_kind(None)
        if docs.is_member_type(found):
            return list(type_items(self.catalogue))
        schema = docs.property_at(found.resource_type.properties, found.parts)
        if schema is None:
            return []
        if not found.parts[1:] and schema.type in ("String", "Any"):
            return self._resource_of_kind(schema) + self._allowed_values(schema)
        return self._allowed_values(schema)

    def _resource_of_kind(self, schema: PropertySchema | None) -> list[Item]:
        """``{get_resource: NAME}`` of the template's one resource of the kind a resource's text property (or a
        template resource's string parameter) is named after: `network` and the template's one Net."""
        path = docs.through_if_branches(self.place)
        if self.cursor.quote or path is None or len(path) != 4:
            return []
        name, own = str(path[3]), str(path[1])
        if schema is None:  # a template resource: its child's parameter of that name
            at = child_for_properties(self.snapshot, path[:-1])
            parameter = at.parameters.get(name) if at is not None else None
            if parameter is None or parameter.type not in (None, "string"):
                return []
        analysis = self.snapshot.analysis if self.snapshot.analysis.model is not None else self.snapshot.last_good
        model = analysis.model if analysis is not None else None
        named = model.derive(resource_kinds).named_by(name, own) if model is not None else None
        if named is None:
            return []
        text = f"{{get_resource: {yaml_text(named)}}}"
        assert model is not None
        detail = f"the template's one {model.resources[named].scalar('type')}"
        return [Item(text, Kind.Reference, text, NAMES, 0, detail, filter=named)]

    def _allowed_values(self, schema: PropertySchema) -> list[Item]:
        values = docs.allowed_values(schema)
        if not values and schema.type == "Boolean":
            values = [True, False]
        items = []
        for rank, value in enumerate(values):
            label = docs.literal(value)
            detail = f"{schema.name} value" + (" (default)" if value == schema.default else "")
            insert = str(value) if self.cursor.quote and isinstance(value, str) else _yaml_scalar(value)
            items.append(Item(label, Kind.EnumMember, insert, VALUES, rank, detail, filter=label))
        return items

    def attributes(self) -> list[Item]:
        place = self.place
        call = place.call
        assert call is not None
        arguments = place.path[: call.index + 1]
        resource = docs.tree_scalar(self.roots[:1], (*arguments, 0)) or self._first_argument_on_line()
        if resource is None:
            resource = docs.tree_scalar(self.roots[1:], (*arguments, 0))
        resource_type = self.types.of_resource(resource) if resource else None
        if resource_type is None:
            return []
        shown = sorted(
            docs.visible_attributes(resource_type),
            key=lambda a: (a.name == "show", docs.retired(a.support_status), a.name),
        )
        return [
            Item(
                label=attribute.name,
                kind=Kind.Field,
                insert=attribute.name,
                group=NAMES,
                rank=rank,
                detail=f"{attribute.type} attribute" if attribute.type else "attribute",
                doc=docs.describe_attribute(attribute),
                doc_ref=attribute_ref(resource_type.name, attribute.name, self.catalogue),
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
        lines = [f"{escape_snippet(sub.name)}{_block_value(sub, column + 4, stops, depth + 1)}" for sub in required]
        return f":\n{indent}- " + f"\n{indent}  ".join(lines)
    required = _required_keys(schema)
    if not required:
        return f":\n{indent}${{{next(stops)}}}"
    lines = [f"{indent}{escape_snippet(sub.name)}{_block_value(sub, column + 2, stops, depth + 1)}" for sub in required]
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


def type_items(catalogue: Catalogue) -> tuple[Item, ...]:
    """Every type Heat lets a template name, and the aliases, `OS::` first, grouped by namespace; hidden types left
    out. Built once per catalogue (the items are never changed afterwards)."""
    return catalogue.derive(_type_items)


def _type_items(catalogue: Catalogue) -> tuple[Item, ...]:
    entries: list[tuple[tuple[object, ...], Item]] = []
    types_ = catalogue.types
    for name in types_:
        if types_.status_of(name) == "HIDDEN":
            continue
        resource_type = catalogue.types[name]
        status = resource_type.support_status
        item = Item(
            label=name,
            kind=Kind.Class,
            insert=name,
            group=VALUES,
            detail=docs.status_text(status, resource_type.replacement),
            doc=docs.describe_type_brief(catalogue, name),
            doc_ref=type_ref(name, catalogue),
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
        ref = type_ref(name, catalogue) if doc else None
        item = Item(name, Kind.Class, name, VALUES, 0, detail, doc or None, deprecated=retired, doc_ref=ref)
        entries.append((_type_order(name, retired), item))
    entries.sort(key=lambda entry: entry[0])
    for rank, (_, item) in enumerate(entries):
        item.rank = rank
    return tuple(item for _, item in entries)


def _type_order(name: str, retired: bool) -> tuple[object, ...]:
    namespace = namespace_of(name) or name
    return (not name.startswith("OS::"), namespace, retired, name)
