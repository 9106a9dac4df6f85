"""textDocument/hover: what a function, a reference, a key or a version value means.

The node under the cursor comes from the current (possibly partial) tree; what it refers to
comes from the model's references and calls, indexed by node. When the text does not parse,
names are also looked up in the last model that did. The ``describe_*`` helpers render the
markdown that completion items reuse as their documentation; resource types, properties and attributes
are described by ``resource_type_docs``. Below that, ``evaluation_hover`` adds
a preview of what a ``repeat``, an ``if``, a condition or a call evaluates to.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping as Mapping_
from typing import Any

from lsprotocol import types

from .. import spec
from ..analysis import functions as heat_functions
from ..analysis.queries.locate import (
    KnownNames,
    Named,
    NodeAtOffset,
    classify,
    hit_at,
    is_template,
    known_names,
    name_slot,
    node_roles,
)
from ..document import Mapping, Node, Scalar, Sequence
from ..spec import TemplateVersion, guide
from ..spec.structure import PARAMETER_GROUP_KEY_DOCS
from .environment_hover import environment_hover
from .evaluation_hover import evaluation_preview
from .resource_type_docs import hover_doc, with_guide_link
from .snapshot import Snapshot
from .template_resource_hover import template_resource_hover

MAX_BLOCK_LINES = 15
MAX_INLINE = 80


def hover(
    snapshot: Snapshot,
    params: types.HoverParams,
    *,
    markdown: bool = True,
    live: Mapping_[str, Mapping_[str, Any]] | None = None,
) -> types.Hover | None:
    """Describe the word under the cursor; None on plain values and outside templates.

    ``markdown=False`` sends the same text as plaintext, for clients without markdown hovers. ``live``: the
    deployed stack's top-level resources by name (``hotLsp.stacks``, as the server last listed them), whose status
    a resource name's hover adds.
    """
    analysis = snapshot.analysis
    if not is_template(analysis, snapshot.last_good):
        return environment_hover(snapshot, params, markdown=markdown)  # None outside environment files
    offset = snapshot.offset(params.position)
    hit = hit_at(analysis.parsed.root, offset)
    if hit is None or not isinstance(hit.node, Scalar):
        return None
    names = known_names(analysis, snapshot.last_good)
    text = _describe(hit, snapshot, names)
    preview = evaluation_preview(snapshot, hit)
    if preview:
        text = f"{text}\n\n---\n\n{preview}" if text else preview
    deployed = live_status(hit, live, markdown) if live is not None else None
    if deployed:
        text = f"{text}\n\n---\n\n{deployed}" if text else deployed
    if not text:
        return None
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(
        contents=types.MarkupContent(kind=kind, value=text),
        range=snapshot.range(hit.node.start, hit.node.end),
    )


def _describe(hit: NodeAtOffset, snapshot: Snapshot, names: KnownNames) -> str | None:
    node = hit.node
    analysis = snapshot.analysis
    model = analysis.model
    broken = model is None or not analysis.parsed.syntax_ok
    found = node_roles(analysis)
    version = names.version
    if hit.is_key:
        if found is not None:
            call = found.calls.get(id(node))
            if call is not None:
                return _function_doc(snapshot, call.name, version, call.context)
            alike = found.look_alikes.get(id(node))
            if alike is not None and alike.name in spec.FUNCTIONS:
                return _function_doc(snapshot, alike.name, version, alike.context)
        if broken:
            enclosing = classify(hit.path, version).call
            if enclosing is not None and enclosing.index == len(hit.path) - 1:
                return _function_doc(snapshot, enclosing.name, version, enclosing.context)
        if len(hit.path) == 1 and isinstance(hit.path[0], str):
            text = _key_doc(hit.path, names)
            return with_guide_link(text, guide.section_url(_release(snapshot), hit.path[0])) if text else None
        return _key_doc(hit.path, names) or hover_doc(snapshot, hit, version) or _template_resource(snapshot, hit)
    if found is not None:
        reference = found.references.get(id(node))
        if reference is not None:
            return describe_reference(reference.kind, reference.name, names)
    assert isinstance(node, Scalar)  # hover answers for scalars only
    if broken:
        kind = name_slot(classify(hit.path, version))
        if kind is not None and isinstance(node.value, str):
            return describe_reference(kind, node.value, names)
    return _value_doc(hit.path, node, names) or hover_doc(snapshot, hit, version) or _template_resource(snapshot, hit)


def _release(snapshot: Snapshot) -> str:
    """The series of Heat's template guide to link: the one of the catalogue's Heat."""
    return guide.release_of(snapshot.catalogue.heat_version)


def _function_doc(snapshot: Snapshot, name: str, version: TemplateVersion, context: str) -> str | None:
    text = describe_function(name, version, context)
    return with_guide_link(text, spec.function_url(_release(snapshot), name)) if text else None


def live_status(hit: NodeAtOffset, live: Mapping_[str, Mapping_[str, Any]], markdown: bool) -> str | None:
    """A resource name's deployed status (``resources: NAME:``), from the stack's listing ``live``."""
    if not (hit.is_key and len(hit.path) == 2 and hit.path[0] == "resources" and isinstance(hit.node, Scalar)):
        return None
    name = str(hit.node.value)
    row = live.get(name)
    code = (lambda s: f"`{s}`") if markdown else (lambda s: s)  # noqa: E731
    if row is None:
        stack = next((str(r.get("stack")) for r in live.values() if r.get("stack")), "")
        where = f" {code(stack)}" if stack else ""
        return f"Deployed: not in stack{where} (not created yet, or removed)."
    lines = [f"Deployed in stack {code(str(row.get('stack', '')))}: {code(str(row.get('status', '')))}"]
    if row.get("status_reason"):
        lines.append(f"Reason: {row['status_reason']}")
    if row.get("physical_resource_id"):
        lines.append(f"Physical id: {code(str(row['physical_resource_id']))}")
    event = row.get("last_event")
    if isinstance(event, Mapping_):
        reason = f": {event['resource_status_reason']}" if event.get("resource_status_reason") else ""
        lines.append(f"Last event: {event.get('event_time', '')} {code(str(event.get('resource_status', '')))}{reason}")
    return ("  \n" if markdown else "\n").join(lines)


def _template_resource(snapshot: Snapshot, hit: NodeAtOffset) -> str | None:
    """A type standing for a child template, or a property key of one (only below ``resources``)."""
    if len(hit.path) < 3 or hit.path[0] != "resources":
        return None

    return template_resource_hover(snapshot, hit)


# -- references --------------------------------------------------------------------------------


def describe_reference(kind: str, name: str, names: KnownNames) -> str | None:
    if kind == "parameter":
        named = names.parameters.get(name)
        if named is not None:
            return describe_parameter(named)
        if name in spec.PSEUDO_PARAMETERS:
            return describe_pseudo_parameter(name)
        if name in spec.UNUSABLE_PSEUDO_PARAMETERS:
            return f"**pseudo parameter** {_code(name)}\n\n{spec.UNUSABLE_PSEUDO_PARAMETERS[name]}"
        return None
    if kind == "resource":
        named = names.resources.get(name)
        return describe_resource(named) if named is not None else None
    if kind == "condition":
        named = names.conditions.get(name)
        return describe_condition(named) if named is not None else None
    return None


def _line_of(named: Named) -> int:
    return named.lines.line_of(named.entry.key.start) + 1


def describe_parameter(named: Named) -> str:
    entry = named.entry
    type_node = entry.get("type")
    type_text = _inline(type_node) if type_node is not None else "no type"
    parts = [f"**parameter** {_code(entry.name)}: {type_text}"]
    label = entry.get("label")
    if isinstance(label, Scalar) and label.value is not None:
        parts.append(f"*{_plain(str(label.value))}*")
    description = entry.get("description")
    if isinstance(description, Scalar) and description.value is not None:
        parts.append(_plain(str(description.value)))
    facts: list[str] = []
    body = entry.body
    if body is not None and "default" in body:
        default = body.get("default")
        assert default is not None
        if isinstance(default, Scalar):
            facts.append(f"- default: {_inline(default)}")
        else:
            facts.append("- default:\n\n" + _indent(_source_block(named, default), "  "))
    for flag in ("hidden", "immutable"):
        flag_node = entry.get(flag)
        if isinstance(flag_node, Scalar) and flag_node.value not in (None, False, 0, ""):
            facts.append(f"- {flag}")
    constraints = entry.get("constraints")
    if isinstance(constraints, Sequence) and constraints.items:
        facts.append("- constraints:")
        facts.extend(f"  - {line}" for line in describe_constraints(constraints))
    if facts:
        parts.append("\n".join(facts))
    parts.append(f"Defined on line {_line_of(named)}.")
    return "\n\n".join(parts)


def describe_constraints(constraints: Sequence) -> list[str]:
    """One readable line per constraint entry."""
    lines: list[str] = []
    for item in constraints.items:
        if not isinstance(item, Mapping):
            lines.append(_inline(item))
            continue
        note = item.get("description")
        for pair in item.entries():
            kind = pair.key_value
            if kind == "description":
                continue
            line = _constraint_line(str(kind), pair.value)
            if isinstance(note, Scalar) and note.value is not None:
                line += f" — *{_plain(str(note.value))}*"
            lines.append(line)
    return lines


def _constraint_line(kind: str, value: Node) -> str:
    if kind in ("length", "range") and isinstance(value, Mapping):
        low, high = value.get("min"), value.get("max")
        unit = " characters or items" if kind == "length" else ""
        if low is not None and high is not None:
            return f"{kind}: {_inline(low)} to {_inline(high)}{unit}"
        if low is not None:
            return f"{kind}: at least {_inline(low)}{unit}"
        if high is not None:
            return f"{kind}: at most {_inline(high)}{unit}"
    if kind == "modulo" and isinstance(value, Mapping):
        return f"modulo: step {_inline(value.get('step'))}, offset {_inline(value.get('offset'))}"
    if kind == "allowed_values" and isinstance(value, Sequence):
        shown = ", ".join(_inline(v) for v in value.items[:12])
        more = f" and {len(value.items) - 12} more" if len(value.items) > 12 else ""
        return f"allowed values: {shown}{more}"
    if kind == "custom_constraint" and isinstance(value, Scalar):
        what = spec.CUSTOM_CONSTRAINTS.get(str(value.value))
        return f"custom constraint {_inline(value)}" + (f" ({what})" if what else "")
    if kind == "allowed_pattern":
        return f"allowed pattern: {_inline(value)}"
    return f"{_plain(kind)}: {_inline(value)}"


def describe_pseudo_parameter(name: str) -> str:
    return f"**pseudo parameter** {_code(name)}\n\n{spec.PSEUDO_PARAMETERS[name]} Heat defines it for every stack."


def describe_resource(named: Named) -> str:
    entry = named.entry
    type_node = entry.get("type")
    type_text = _inline(type_node) if type_node is not None else "no type"
    parts = [f"**resource** {_code(entry.name)}: {type_text}"]
    description = entry.get("description")
    if isinstance(description, Scalar) and description.value is not None:
        parts.append(_plain(str(description.value)))
    condition = entry.get("condition")
    if condition is not None:
        parts.append(f"Only when condition {_inline(condition)} holds.")
    parts.append(f"Defined on line {_line_of(named)}.")
    return "\n\n".join(parts)


def describe_condition(named: Named) -> str:
    entry = named.entry
    source = _source_block(named, entry.value, from_node=entry.key)
    return f"**condition** {_code(entry.name)}, defined on line {_line_of(named)}:\n\n{source}"


# -- functions -----------------------------------------------------------------------------------


def describe_function(name: str, version: TemplateVersion, context: str = "normal") -> str | None:
    """Signature, result, arrival and doc of a function, and whether ``version`` has it here."""
    function = spec.FUNCTIONS.get(name)
    if function is None:
        return None
    kind = "condition function" if context == "condition" or not function.normal else "function"
    since = _version_label(function.since if context != "condition" else function.condition_since or function.since)
    history = f"since {since}"
    if function.removed_in:
        history += f", removed in {_version_label(function.removed_in)}"
    elif function.normal and function.condition_since and context != "condition":
        history += f"; a condition function from {_version_label(function.condition_since)}"
    lines = [
        f"**{name}** — intrinsic {kind}, {history}",
        f"```yaml\n{function.signature}\n```",
        f"**Returns** {function.returns}",
        function.doc,
        f"**Arguments** {function.arguments_doc}",
    ]
    note = _availability(name, version, context)
    if note:
        lines.append(note)
    return "\n\n".join(lines)


def _availability(name: str, version: TemplateVersion, context: str) -> str:
    function = spec.FUNCTIONS[name]
    here = f"`{version.date}`"
    if context == "condition":
        condition_state = spec.condition_function_availability(name, version)
        if condition_state == "available":
            return f"Available as a condition function in {here}."
        if condition_state == "invalid":
            later = f"; it is one from {_version_label(function.condition_since)}" if function.condition_since else ""
            return f"⚠ Not a condition function in {here}: Heat rejects it here as invalid in this context{later}."
        if condition_state == "removed":
            return f"⚠ Removed: {here} rejects it."
        if function.condition_since:
            return f"⚠ Not in {here}: a condition function from {_version_label(function.condition_since)}."
        return "⚠ Never a condition function."
    state = spec.function_availability(name, version)
    if state == "available":
        return f"Available in {here}."
    if state == "removed":
        return f"⚠ Removed: {here} rejects it (it left in {_version_label(function.removed_in or '')})."
    if state == "condition_only":
        return "⚠ Only a condition function: outside conditions Heat reads it as plain data."
    first = spec.first_version_with(name)
    return f"⚠ Not in {here}: it arrived in {first.label if first else '?'}."


def _version_label(date: str) -> str:
    try:
        return spec.version_named(date).label
    except KeyError:
        return date


# -- keys and values ------------------------------------------------------------------------------


def _key_doc(path: tuple[Any, ...], names: KnownNames) -> str | None:
    key = path[-1] if path else None
    if not isinstance(key, str):
        return None
    version = names.version
    depth = len(path)
    if depth == 1:
        return _table_doc(key, "section", spec.SECTION_DOCS, spec.SECTIONS, version)
    section = path[0]
    if depth == 2:
        if section == "parameters" and key in names.parameters:
            return describe_parameter(names.parameters[key])
        if section == "resources" and key in names.resources:
            return describe_resource(names.resources[key])
        return None
    if depth == 3 and section == "resources":
        return _table_doc(key, "resource key", spec.RESOURCE_KEY_DOCS, spec.RESOURCE_KEYS, version)
    if depth == 3 and section == "parameters":
        return _table_doc(key, "parameter key", spec.PARAMETER_KEY_DOCS, spec.PARAMETER_KEYS, version)
    if depth == 3 and section == "outputs":
        return _table_doc(key, "output key", spec.OUTPUT_KEY_DOCS, spec.OUTPUT_KEYS, version)
    if depth == 3 and section == "parameter_groups" and key in PARAMETER_GROUP_KEY_DOCS:
        return f"**{key}** — parameter group key\n\n{PARAMETER_GROUP_KEY_DOCS[key]}"
    if depth == 5 and section == "parameters" and path[2] == "constraints":
        if key == "description":
            return "**description** — constraint key\n\nThe message Heat reports when the value fails this constraint."
        kind = spec.CONSTRAINT_KINDS.get(key)
        if kind is None:
            return None
        text = f"**{key}** — constraint, for {', '.join(sorted(kind.applies_to))} parameters\n\n{kind.doc}"
        if not spec.is_at_least(version, kind.since):
            text += f"\n\n⚠ Not in `{version.date}`: it arrived in {_version_label(kind.since)}."
        return text
    return None


def _table_doc(
    key: str, what: str, docs: dict[str, str], since: dict[str, str], version: TemplateVersion
) -> str | None:
    doc = docs.get(key)
    if doc is None:
        return None
    text = f"**{key}** — {what}\n\n{doc}"
    first = since.get(key)
    if first is not None and not spec.is_at_least(version, first):
        text += f"\n\n⚠ Not in `{version.date}`: it arrived in {_version_label(first)}."
    return text


def _value_doc(path: tuple[Any, ...], node: Scalar, names: KnownNames) -> str | None:
    value = node.value
    if path == ("heat_template_version",):
        version = spec.lookup_version(value)
        if version is None:
            return None
        return describe_version(version)
    if len(path) == 3 and path[0] == "parameters" and path[2] == "type" and value in spec.PARAMETER_TYPES:
        return f"**{value}** — parameter type\n\n{spec.PARAMETER_TYPES[value]}"
    if len(path) == 5 and path[0] == "parameters" and path[4] == "custom_constraint":
        what = spec.CUSTOM_CONSTRAINTS.get(str(value))
        return f"**{value}** — custom constraint\n\n{what}." if what else None
    return None


def describe_version(version: TemplateVersion) -> str:
    """The version, its release and what it added."""
    alias = f" (alias `{version.alias}`)" if version.alias else ""
    head = f"**HOT version** `{version.date}` — OpenStack {version.release}{alias}"
    added = version_additions(version)
    if version.ordinal == 0:
        return f"{head}\n\nThe first HOT version."
    if not added:
        return f"{head}\n\nAdds nothing over the version before it."
    return head + "\n\nAdded in this version:\n" + "\n".join(f"- {line}" for line in added)


def version_additions(version: TemplateVersion) -> list[str]:
    """What ``version`` added, one short line per kind of thing."""
    date = version.date
    previous = spec.VERSIONS[version.ordinal - 1] if version.ordinal > 0 else None
    lines: list[str] = []

    def names(found: list[str]) -> str:
        return ", ".join(f"`{name}`" for name in found)

    if previous is not None:
        new = sorted(spec.functions_for(version) - spec.functions_for(previous))
        if new:
            lines.append(f"functions {names(new)}")
        new = sorted(spec.condition_functions_for(version) - spec.condition_functions_for(previous))
        if new:
            lines.append(f"condition functions {names(new)}")
        gone = sorted(spec.removed_functions_for(version) - spec.removed_functions_for(previous))
        if gone:
            lines.append(f"removes the CloudFormation functions {names(gone)}")
    tables = (
        ("sections", spec.SECTIONS),
        ("resource keys", spec.RESOURCE_KEYS),
        ("output keys", spec.OUTPUT_KEYS),
        ("parameter keys", spec.PARAMETER_KEYS),
        ("deletion policies", spec.DELETION_POLICIES),
    )
    for label, table in tables:
        new = [name for name, since in table.items() if since == date]
        if new and version.ordinal > 0:
            lines.append(f"{label} {names(new)}")
    kinds = [kind.name for kind in spec.CONSTRAINT_KINDS.values() if kind.since == date]
    if kinds and version.ordinal > 0:
        lines.append(f"parameter constraint {names(kinds)}")
    for function in heat_functions.FUNCTIONS.values():
        for feature, note in function.notes:  # version behaviours the function, section and key tables do not show
            if spec.FEATURES.get(feature) == date:
                lines.append(note)
    return lines


# -- rendering helpers ----------------------------------------------------------------------------


def _code(text: str) -> str:
    text = text if len(text) <= MAX_INLINE else text[: MAX_INLINE - 1] + "…"
    if "`" not in text:
        return f"`{text}`"
    return f"`` {text} ``"


def _plain(text: str) -> str:
    """Free text from the template, kept on its own (markdown headings and HTML defused)."""
    text = " ".join(text.split())
    return text.replace("<", "&lt;")


def _inline(node: Node | None) -> str:
    if node is None:
        return "`null`"
    if isinstance(node, Scalar):
        if node.value is None:
            return "`null`"
        return _code(node.text if node.style is None else str(node.value))
    items = node.to_python()
    return _code(repr(items) if not isinstance(items, (dict, list)) else _compact(items))


def _compact(value: Any) -> str:
    try:
        return json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line else line for line in text.split("\n"))


def _source_block(named: Named, node: Node, from_node: Node | None = None) -> str:
    """The YAML source of ``node`` (from ``from_node``'s start when given), in a code block."""
    text = named.text
    start = (from_node or node).start
    end = max(node.end, start)
    line_start = text.rfind("\n", 0, start) + 1
    lead = text[line_start:start]
    chunk = text[line_start:end] if lead.strip() == "" else " " * len(lead) + text[start:end]
    chunk = textwrap.dedent(chunk.rstrip())
    lines = chunk.split("\n")
    if len(lines) > MAX_BLOCK_LINES:
        lines = [*lines[:MAX_BLOCK_LINES], "# …"]
    fence = "````" if "```" in chunk else "```"
    return f"{fence}yaml\n" + "\n".join(lines) + f"\n{fence}"
