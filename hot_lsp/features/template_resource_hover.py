"""Hover on a template resource: its type shows the child template (where it is, how the type got there, its
parameters and outputs); a property key shows the child's parameter it sets."""

from __future__ import annotations

import os

from ..analysis.files.template_resources import ChildParameter
from ..analysis.model.registry import GLOBAL
from ..analysis.queries.locate import NodeAtOffset
from ..document import Scalar
from ._targets import document_path
from .snapshot import Snapshot
from .template_children import ChildAt, ChildProperty, child_at_type, child_property_at

MAX_ROWS = 25
MAX_TEXT = 80


def template_resource_hover(snapshot: Snapshot, hit: NodeAtOffset) -> str | None:
    """The markdown for a type standing for a child template, or for a property key of such a resource."""
    if not isinstance(hit.node, Scalar):
        return None
    if hit.is_key:
        found = child_property_at(snapshot, hit.path, hit.node)
        return describe_child_property(found, snapshot) if found is not None else None
    at = child_at_type(snapshot, hit.path)
    return describe_child(at, snapshot) if at is not None else None


def describe_child(at: ChildAt, snapshot: Snapshot) -> str:
    child = at.child
    parts = [f"**{_escape(at.slot.type_name)}** — template resource: {_shown(child.path, snapshot)}"]
    source = child.resolution.source
    if source and source != GLOBAL:
        parts.append(f"Mapped by the resource_registry of {_shown(source, snapshot)}.")
    model = child.model
    if model is None:
        parts.append(f"*{_escape(child.problem)}*")
        return "\n\n".join(parts)
    description = model.root.get("description")
    if isinstance(description, Scalar) and isinstance(description.value, str) and description.value.strip():
        parts.append(_escape(description.value.strip()))
    parameters = at.parameters
    if parameters:
        rows = ["| property | type | | description |", "|---|---|---|---|"]
        ordered = sorted(parameters.values(), key=lambda p: p.has_default)  # required first, as written
        for parameter in ordered[:MAX_ROWS]:
            rows.append(
                f"| `{_cell(parameter.name)}` | {_cell(parameter.type or '')} | {_requirement(parameter)} "
                f"| {_cell(_first_line(parameter.description))} |"
            )
        if len(ordered) > MAX_ROWS:
            rows.append(f"| … {len(ordered) - MAX_ROWS} more | | | |")
        parts.append("**Properties** (the child's parameters)\n\n" + "\n".join(rows))
    else:
        parts.append("The child declares no parameters: the resource takes no properties.")
    outputs = list(model.outputs)
    if outputs:
        shown = ", ".join(f"`{_cell(name)}`" for name in outputs[:MAX_ROWS])
        more = f" and {len(outputs) - MAX_ROWS} more" if len(outputs) > MAX_ROWS else ""
        parts.append(f"**Attributes** (the child's outputs) {shown}{more}.")
    return "\n\n".join(parts)


def describe_child_property(found: ChildProperty, snapshot: Snapshot) -> str:
    child = found.at.child
    where = _shown(child.path, snapshot)
    parameter = found.parameter
    if parameter is None:
        if child.model is None:
            return (
                f"**{_escape(found.name)}** — property of a template resource ({where})\n\n*{_escape(child.problem)}*"
            )
        return f"**{_escape(found.name)}** — {where} declares no such parameter."
    head = f"**{_escape(found.name)}** — parameter of {where}"
    if parameter.type:
        head += f": {_escape(parameter.type)}"
    parts = [head, _requirement(parameter)]
    if parameter.description:
        parts.append(_escape(parameter.description.strip()))
    return "\n\n".join(parts)


def _requirement(parameter: ChildParameter) -> str:
    if not parameter.has_default:
        return "required"
    default = parameter.entry.get("default")
    if isinstance(default, Scalar):
        text = default.text if default.value is not None else "null"
        return f"default `{_cell(text[:MAX_TEXT])}`" if text else "default `''`"
    return "has a default"


def _shown(path: str | None, snapshot: Snapshot) -> str:
    """A path relative to the document's folder when it is near, else as it is."""
    if path is None:
        return "(not a local file)"
    here = document_path(snapshot.uri)
    if here is not None:
        relative = os.path.relpath(path, os.path.dirname(here))
        if not relative.startswith("../../.."):
            path = relative
    return f"`{_cell(path)}`"


def _first_line(text: str | None) -> str:
    if not text:
        return ""
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= MAX_TEXT else line[: MAX_TEXT - 1] + "…"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'").replace("\n", " ")


def _escape(text: str) -> str:
    """Free text from a template, on its own: markdown headings and HTML defused (as hover does)."""
    return " ".join(text.split()).replace("<", "&lt;")
