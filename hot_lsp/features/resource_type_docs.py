"""What the resource type catalogue says about a place in a template, for completion and hover.

Two jobs, both pure functions of the catalogue and the tree:

- where: :func:`property_place` turns a path under ``resources.<name>.properties`` into the type whose
  properties apply there and the path below them (through the definitions a group holds for its members,
  ``resource_def`` of ``OS::Heat::ResourceGroup``), and :func:`property_at` walks that path through the
  property schemas (maps by key, lists by item);
- what: markdown for a type (:func:`describe_type`, with a summary table of its properties), a property
  (:func:`describe_property`), an attribute, and the short support status that completion shows as detail.

:func:`hover_doc` puts the two together for hover; completion calls the parts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..analysis.model.template import TemplateModel
from ..analysis.queries.locate import NodeAtOffset, Path, PathMeaning, classify, lookup
from ..document import Node, Scalar
from ..spec import TemplateVersion, builtin_catalogue, guide
from ..spec.heat_releases import NEWEST, find_release
from ..spec.nested_stacks import MEMBER_DEFINITIONS
from ..spec.release_history import Span, property_span, span_words, type_span
from ..spec.resource_types import (
    AttributeSchema,
    Catalogue,
    PropertySchema,
    ResourceType,
    SupportStatus,
    from_heat,
)
from .snapshot import Snapshot

MAX_TABLE_ROWS = 25
MAX_LISTED = 12  # allowed values, attribute names
MAX_SENTENCE = 120  # a property's description in a type's table

# What updating a property does, by (update_allowed, immutable).
_UPDATE = {
    (True, False): ("in place", "updated in place"),
    (False, False): ("replace", "changing it replaces the resource"),
    (True, True): ("immutable", "immutable: Heat rejects a change to it"),
    (False, True): ("immutable", "immutable: Heat rejects a change to it"),
}


# -- hover ---------------------------------------------------------------------------------------


def hover_doc(snapshot: Snapshot, hit: NodeAtOffset, version: TemplateVersion) -> str | None:
    """Hover on a resource type value, a property key, or an attribute name in `get_attr`, each with its link to
    Heat's template guide (for the release of the catalogue in use) when the guide documents it."""
    path = hit.path
    if len(path) < 3 or path[0] not in ("resources", "outputs") or not isinstance(hit.node, Scalar):
        return None
    value = hit.node.value
    types = types_of(snapshot)
    place = classify(path, version)
    call = place.call
    if not hit.is_key and call is not None and call.function.slot(place.arguments) == "attribute":
        return _attribute_doc(types, (*path[: call.index + 1], 0), value)
    if path[0] != "resources":
        return None
    if not hit.is_key and path[2] == "type" and len(path) == 3:
        return _type_doc(types, path[1], value)
    if path[2] != "properties":
        return None
    inside = through_if_branches(place)
    found = property_place(inside, types) if inside is not None else None
    if found is None:
        return None
    if not hit.is_key:
        return _type_doc(types, None, value) if is_member_type(found) else None
    schema = property_at(found.resource_type.properties, found.parts)
    if schema is None:
        return None
    text = describe_property(schema, found.resource_type.name, types.catalogue, found.parts)
    hidden = schema.support_status.hidden
    url = None if hidden else guide.property_url(*_guide_type(types, found.resource_type.name), found.parts)
    return with_guide_link(text, url)


def _type_doc(types: Types, resource: object, name: object) -> str | None:
    if not isinstance(name, str):
        return None
    text = describe_written_type(types, resource, name)
    if text is None:
        return None
    own = types.catalogue.get(name)
    target = own if own is not None else types.resolve(resource if isinstance(resource, str) else None, name)
    return with_guide_link(text, guide.type_url(*_guide_type(types, target.name)) if target is not None else None)


def _guide_type(types: Types, name: str) -> tuple[str, str, str]:
    """(release, name, support status) of a type for the guide's links: Heat's own status of the type (a type
    Heat does not ship has no page: status HIDDEN)."""
    own = types.catalogue.get(name)
    heat_type = own if own is not None and from_heat(own) else builtin_catalogue().get(name)  # the release's
    status = heat_type.support_status.status if heat_type is not None and heat_type.name == name else "HIDDEN"
    return guide.release_of(types.catalogue.heat_version), name, status


def with_guide_link(text: str, url: str | None) -> str:
    """``text`` followed by a link to Heat's template guide, when there is one."""
    return f"{text}\n\n[Heat template guide]({url})" if url else text


def _attribute_doc(types: Types, resource_path: Path, name: object) -> str | None:
    resource = types.scalar(resource_path)
    resource_type = types.of_resource(resource) if resource else None
    attribute = resource_type.attributes.get(name) if resource_type is not None and isinstance(name, str) else None
    if attribute is None or resource_type is None:
        return None
    hidden = attribute.support_status.hidden
    url = None if hidden else guide.attribute_url(*_guide_type(types, resource_type.name), attribute.name)
    return with_guide_link(describe_attribute(attribute), url)


def describe_written_type(types: Types, resource: object, name: str) -> str | None:
    """Hover on a type as written: the catalogue's type, or the one the environments' registry maps it to."""
    own = describe_type(types.catalogue, name)
    if own is not None:
        return own
    resolved = types.resolve(resource if isinstance(resource, str) else None, name)
    if resolved is None:
        return None
    target = describe_type(types.catalogue, resolved.name)
    return f"**{name}** — mapped by the environments' resource_registry to {_code(resolved.name)}\n\n---\n\n{target}"


# -- where ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Types:
    """The resource types a snapshot's template names, resolved as the rules resolve them (through the registry of
    the configured environments): the current text's, then the last one that parsed."""

    roots: tuple[Node | None, ...]
    models: tuple[TemplateModel, ...]
    catalogue: Catalogue

    def scalar(self, path: Path) -> str | None:
        return tree_scalar(self.roots, path)

    def resolve(self, resource: str | None, type_name: str | None) -> ResourceType | None:
        """The catalogue type ``type_name`` stands for, written for ``resource`` (None: a group's member)."""
        if not type_name:
            return None
        for model in self.models:
            return model.resolve_type(type_name, resource)[1]
        return self.catalogue.get(type_name)

    def of_resource(self, resource: str) -> ResourceType | None:
        return self.resolve(resource, self.scalar(("resources", resource, "type")))


def types_of(snapshot: Snapshot) -> Types:
    analyses = (snapshot.analysis, snapshot.last_good)
    roots = tuple(analysis.parsed.root if analysis is not None else None for analysis in analyses)
    models = tuple(analysis.model for analysis in analyses if analysis is not None and analysis.model is not None)
    return Types(roots, models, snapshot.catalogue)


@dataclass(frozen=True, slots=True)
class PropertyPlace:
    """A path inside a resource's properties: the type that owns them and the path below them."""

    resource_type: ResourceType
    parts: Path


def tree_scalar(roots: Iterable[Node | None], path: Path) -> str | None:
    """The string at ``path`` in the first tree that has one (the current text, then the last that parsed)."""
    for root in roots:
        node = lookup(root, path)
        if isinstance(node, Scalar):
            return node.value if isinstance(node.value, str) else None
    return None


def property_place(path: Path, types: Types) -> PropertyPlace | None:
    """The place of ``path`` (keys and indices from the root) below ``resources.<name>.properties``."""
    if len(path) < 3 or path[0] != "resources" or path[2] != "properties" or not isinstance(path[1], str):
        return None
    resource_type = types.of_resource(path[1])
    if resource_type is None:
        return None
    parts = path[3:]
    base = path[:3]
    for _ in range(4):  # a group of groups of ...: bounded
        member = MEMBER_DEFINITIONS.get(resource_type.name)
        if member is None or parts[:2] != (member, "properties"):
            break
        member_type = types.resolve(None, types.scalar((*base, member, "type")))
        if member_type is None:
            return None
        resource_type, base, parts = member_type, (*base, member, "properties"), parts[2:]
    return PropertyPlace(resource_type, parts)


def through_if_branches(place: PathMeaning) -> Path | None:
    """The path with the `if` calls on it left out (a branch's value is the property's own), or None when the
    path goes through any other call (its arguments are not the property's value)."""
    path = place.path
    dropped: set[int] = set()
    for call in place.calls:
        if call.name != "if" or call.index + 1 >= len(path) or path[call.index + 1] not in (1, 2):
            return None
        dropped.update((call.index, call.index + 1))
    return tuple(part for i, part in enumerate(path) if i not in dropped) if dropped else path


def is_member_type(place: PropertyPlace) -> bool:
    """Whether the place is the `type` of a member definition (`resource_def: {type: ...}`)."""
    member = MEMBER_DEFINITIONS.get(place.resource_type.name)
    return member is not None and place.parts == (member, "type")


def property_at(properties: dict[str, PropertySchema], parts: Path) -> PropertySchema | None:
    """The schema at ``parts`` below a type's properties: keys of maps with a schema, indices of lists."""
    current: PropertySchema | None = None
    for part in parts:
        if current is not None and current.type == "List":
            if not isinstance(part, int) or not current.schema:
                return None
            current = current.schema.get("*")
            continue
        keys = properties if current is None else (current.schema if current.type == "Map" else None)
        if not keys or not isinstance(part, str):
            return None
        current = keys.get(part)
        if current is None:
            return None
    return current


def keys_at(properties: dict[str, PropertySchema], parts: Path) -> dict[str, PropertySchema] | None:
    """The keys a mapping at ``parts`` may have: the type's properties, or a map property's schema."""
    if parts == ():
        return properties
    schema = property_at(properties, parts)
    if schema is None or schema.type != "Map" or not schema.schema:
        return None
    return {name: sub for name, sub in schema.schema.items() if name != "*"}


def offered(schema: PropertySchema) -> bool:
    """Properties worth suggesting: not hidden, and not one Heat rejects as not implemented."""
    return schema.implemented and not schema.support_status.hidden


def visible_attributes(resource_type: ResourceType) -> list[AttributeSchema]:
    return [a for a in resource_type.attributes.values() if not a.support_status.hidden]


# -- what: short forms -----------------------------------------------------------------------------


def retired(status: SupportStatus) -> bool:
    """Deprecated or unsupported: still works, shown struck through."""
    return status.status in ("DEPRECATED", "UNSUPPORTED")


def status_text(status: SupportStatus, replacement: str | None = None) -> str:
    """'supported since Heat 2014.1', 'deprecated since Heat 10.0.0, use OS::X', 'hidden since ...'."""
    text = status.status.lower()
    if status.version:
        text += f" since Heat {status.version}"
    if replacement and status.status != "SUPPORTED":
        text += f", use {replacement}"
    return text


def property_detail(schema: PropertySchema) -> str:
    """'Integer, required', 'List', 'String, deprecated'."""
    parts = [_kind(schema)]
    if schema.required:
        parts.append("required")
    if retired(schema.support_status) or schema.support_status.hidden:
        parts.append(schema.support_status.status.lower())
    return ", ".join(parts)


def _kind(schema: PropertySchema) -> str:
    if schema.type == "List" and schema.schema and "*" in schema.schema:
        return f"List of {schema.schema['*'].type}"
    return schema.type


def literal(value: Any) -> str:
    """A catalogue value as YAML would show it, inline."""
    if isinstance(value, str):
        return json.dumps(value) if value == "" else value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)


def _code(text: str) -> str:
    return f"`{text}`" if "`" not in text else f"`` {text} ``"


def _plain(text: str) -> str:
    """Catalogue prose, kept to itself in markdown (no raw HTML)."""
    return text.strip().replace("<", "&lt;")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


# -- what: markdown --------------------------------------------------------------------------------


def describe_type(catalogue: Catalogue, name: str) -> str | None:
    """Hover on a type: description, status, properties' summary table and attribute names."""
    resource_type = catalogue.get(name)
    alias_note = ""
    if resource_type is None or resource_type.name != name:
        target = catalogue.resolve_alias(name)
        if target is None:
            return None
        if resource_type is None:
            return f"**{name}** — resource type alias\n\nHeat maps it to {_code(target)}."
        alias_note = f"\n\nAn alias: Heat maps it to {_code(resource_type.name)}."
    head = f"**{name}** — resource type, {status_text(resource_type.support_status, resource_type.replacement)}"
    parts = [head + alias_note]
    if resource_type.description:
        parts.append(_plain(resource_type.description))
    if resource_type.support_status.message:
        parts.append(f"*{_plain(resource_type.support_status.message)}*")
    span = type_span(resource_type.name) if from_heat(resource_type) else None
    if span is not None:
        parts.append(releases_line(span, catalogue))
    parts.append(properties_table(resource_type))
    attributes = [a.name for a in visible_attributes(resource_type)]
    more = " Heat also accepts any other attribute name." if resource_type.any_attribute else ""
    parts.append("**Attributes** " + ", ".join(_code(a) for a in attributes) + "." + more)
    return "\n\n".join(parts)


def properties_table(resource_type: ResourceType) -> str:
    """The properties as a table, required first, at most MAX_TABLE_ROWS rows."""
    shown = sorted(
        (p for p in resource_type.properties.values() if offered(p)),
        key=lambda p: (not p.required, retired(p.support_status), p.name),
    )
    if not shown:
        return "No properties." if resource_type.name != "OS::Heat::None" else "Accepts any properties."
    rows = ["| property | type | required | update | description |", "|---|---|---|---|---|"]
    for schema in shown[:MAX_TABLE_ROWS]:
        name = _code(schema.name) + (" (deprecated)" if retired(schema.support_status) else "")
        update = _UPDATE[(schema.update_allowed, schema.immutable)][0]
        about = _cell(_plain(first_sentence(schema.description)))
        rows.append(f"| {_cell(name)} | {_kind(schema)} | {'yes' if schema.required else ''} | {update} | {about} |")
    if len(shown) > MAX_TABLE_ROWS:
        rows.append(f"\n… and {len(shown) - MAX_TABLE_ROWS} more.")
    return "\n".join(rows)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`\"'])")


def first_sentence(text: str, limit: int = MAX_SENTENCE) -> str:
    """The first sentence of catalogue prose on one line (cut at ``limit`` characters with an ellipsis)."""
    line = " ".join(text.split())
    found = _SENTENCE_END.search(line)
    if found is not None:
        line = line[: found.start()]
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def releases_line(span: Span, catalogue: Catalogue | None) -> str:
    """'Heat releases: new in 2024.1 (Caracal); checked for 2026.2.' (the catalogue's release, else the newest)."""
    release = (find_release(catalogue.heat_version) if catalogue is not None else None) or NEWEST
    return f"Heat releases: {span_words(span)}; checked for {release.label}."


def describe_property(
    schema: PropertySchema,
    owner: str,
    catalogue: Catalogue | None = None,
    path: tuple[str | int, ...] = (),
) -> str:
    """Hover on a property (and completion docs): type, required, default, update, constraints, status; with
    ``path`` (from the property's name, a list's item an int or ``*``) and Heat's ``owner``, the releases that
    have it when not all do."""
    where = f"property of {_code(owner)}" if owner else "property"
    parts = [f"**{schema.name}** — {where}: {property_detail(schema)}"]
    if schema.description:
        parts.append(_plain(schema.description))
    facts: list[str] = []
    if schema.default is not None:
        facts.append(f"- default: {_code(literal(schema.default))}")
    facts.append(f"- update: {_UPDATE[(schema.update_allowed, schema.immutable)][1]}")
    facts.extend(f"- {line}" for line in constraint_lines(schema.constraints, catalogue))
    if schema.type == "Map" and schema.schema:
        facts.append("- keys: " + ", ".join(_code(k) for k, sub in schema.schema.items() if offered(sub)))
    elif schema.type == "List" and schema.schema and "*" in schema.schema:
        item = schema.schema["*"]
        if item.type == "Map" and item.schema:
            facts.append("- item keys: " + ", ".join(_code(k) for k, sub in item.schema.items() if offered(sub)))
    status = schema.support_status
    if status.status != "SUPPORTED" or status.version:
        line = f"- {status_text(status)}"
        if status.message:
            line += f": {_plain(status.message)}"
        facts.append(line)
    if not schema.implemented:
        facts.append("- ⚠ not implemented: Heat rejects any value")
    owner_type = catalogue.get(owner) if catalogue is not None and path else None
    if owner_type is not None and from_heat(owner_type):
        span = property_span(owner_type.name, tuple("*" if isinstance(p, int) else p for p in path))
        if span is not None:
            facts.append(f"- {releases_line(span, catalogue)}")
    parts.append("\n".join(facts))
    return "\n\n".join(parts)


def constraint_lines(constraints: Iterable[dict[str, Any]], catalogue: Catalogue | None = None) -> list[str]:
    """One readable line per catalogue constraint."""
    lines: list[str] = []
    for constraint in constraints:
        note = constraint.get("description")
        for kind, value in constraint.items():
            if kind == "description":
                continue
            line = _constraint_line(kind, value, catalogue)
            lines.append(f"{line} — *{_plain(str(note))}*" if isinstance(note, str) and note else line)
    return lines


def _constraint_line(kind: str, value: Any, catalogue: Catalogue | None) -> str:
    if kind in ("range", "length") and isinstance(value, dict):
        low, high = value.get("min"), value.get("max")
        unit = " characters or items" if kind == "length" else ""
        if low is not None and high is not None:
            return f"{kind}: {literal(low)} to {literal(high)}{unit}"
        if low is not None:
            return f"{kind}: at least {literal(low)}{unit}"
        if high is not None:
            return f"{kind}: at most {literal(high)}{unit}"
    if kind == "modulo" and isinstance(value, dict):
        return f"modulo: step {literal(value.get('step'))}, offset {literal(value.get('offset'))}"
    if kind == "allowed_values" and isinstance(value, list):
        shown = ", ".join(_code(literal(v)) for v in value[:MAX_LISTED])
        more = f" and {len(value) - MAX_LISTED} more" if len(value) > MAX_LISTED else ""
        return f"allowed values: {shown}{more}"
    if kind == "allowed_pattern":
        return f"allowed pattern: {_code(literal(value))}"
    if kind == "custom_constraint":
        what = catalogue.custom_constraint_docs.get(str(value)) if catalogue is not None else None
        return f"custom constraint {_code(literal(value))}" + (f" ({_plain(what)})" if what else "")
    return f"{kind}: {_code(literal(value))}"


def allowed_values(schema: PropertySchema) -> list[Any]:
    """The values a property's allowed_values constraints permit (all of them must hold: the first list)."""
    for constraint in schema.constraints:
        values = constraint.get("allowed_values")
        if isinstance(values, list):
            return values
    return []


def describe_type_brief(catalogue: Catalogue, name: str) -> str:
    """Completion docs of a type: its description and status note, no table."""
    resource_type = catalogue.get(name)
    if resource_type is None:
        return ""
    parts = [resource_type.description and _plain(resource_type.description)]
    if resource_type.support_status.message:
        parts.append(f"*{_plain(resource_type.support_status.message)}*")
    return "\n\n".join(p for p in parts if p)


def describe_attribute(attribute: AttributeSchema) -> str:
    kind = f": {attribute.type}" if attribute.type else ""
    parts = [f"**{attribute.name}** — attribute{kind}"]
    if attribute.description:
        parts.append(_plain(attribute.description))
    status = attribute.support_status
    if status.status != "SUPPORTED":
        parts.append(status_text(status) + (f": {_plain(status.message)}" if status.message else ""))
    return "\n\n".join(parts)
