"""Where in a template a message of Heat's points.

Heat writes the place of a validation error as a path before its message (``HeatExceptionWithPath``): sections,
names and keys joined with dots, list indices as ``[N]``, and a nested stack's resource as ``name<URL>`` before
the path inside the child (``StackResource.validate_nested_stack``). So ``Property error:
resources.server.properties.networks[0].port: ...`` names the ``port`` key of the first network. Messages with no
path often still name a parameter, a condition, a resource type or a line; anything else belongs on the first
line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..document import Mapping, Node, Sequence

SECTIONS = ("resources", "outputs", "parameters", "conditions", "parameter_groups")
# One step of a path: a name (up to a dot, bracket or colon), maybe a nested stack's ``<URL>``, or an index.
_STEP = r"(?:\.[^\s.\[<:]+(?:<[^>\s]*>)?|\[\d+\])"
_PATH = re.compile(r"(?:^|(?<=: )|(?<=\s))((?:" + "|".join(SECTIONS) + r")" + _STEP + r"*)(?=: |:$|$|\s)")
_STEPS = re.compile(r"\.([^\s.\[<:]+)(?:<([^>\s]*)>)?|\[(\d+)\]")
_UNKNOWN_PROPERTY = re.compile(r"Unknown Property (\S+)")
_PARAMETER = re.compile(r"Parameter '([^']+)' is invalid|The Parameter \(([^)]+)\) was not provided")
_CONDITION = re.compile(r'condition "([^"]+)"|Invalid condition "([^"]+)"')
_RESOURCE_TYPE = re.compile(r"resource type ([A-Za-z0-9_:.\-]+)|The Resource Type \(([^)]+)\)")
_SECTION = re.compile(r"The template section is invalid: (\S+)")
_VERSION = re.compile(r"template version is invalid|Unknown version|heat_template_version")
_LINE = re.compile(r"line (\d+), column (\d+)")


@dataclass(frozen=True, slots=True)
class Step:
    name: str | int  # a key, or a list index
    nested: str | None = None  # the child template's URL when this resource is a nested stack


def heat_path(message: str) -> list[Step]:
    """The path Heat put in ``message``, as steps; [] when it has none."""
    found = _PATH.search(message)
    if not found:
        return []
    text = found.group(1)
    section = next(name for name in SECTIONS if text.startswith(name))
    steps = [Step(section)]
    for match in _STEPS.finditer(text[len(section) :]):
        name, url, index = match.groups()
        steps.append(Step(int(index)) if index is not None else Step(name, url))
    return steps


def place(message: str, root: Node | None, text: str) -> list[tuple[int, int]]:
    """The spans (character offsets of ``text``) ``message`` is about; the first line when nothing better."""
    spans = _from_path(message, root) or _from_names(message, root) or _from_line(message, text)
    return spans or [_first_line(text)]


def _from_path(message: str, root: Node | None) -> list[tuple[int, int]]:
    steps = heat_path(message)
    if not steps or not isinstance(root, Mapping):
        return []
    node: Node = root
    span: tuple[int, int] | None = None
    for step in steps:
        if isinstance(step.name, int):
            if not isinstance(node, Sequence) or step.name >= len(node.items):
                break
            node = node.items[step.name]
            span = (node.start, node.end)
            continue
        pair = node.pair(step.name) if isinstance(node, Mapping) else None
        if pair is None:
            break
        span = (pair.key.start, pair.key.end)
        node = pair.value
        if step.nested is not None:
            break  # the rest of the path is inside the child template
    if span is None:
        return []
    unknown = _UNKNOWN_PROPERTY.search(message)
    if unknown and isinstance(node, Mapping):
        pair = node.pair(unknown.group(1))
        if pair is not None:
            return [(pair.key.start, pair.key.end)]
    return [span]


def _from_names(message: str, root: Node | None) -> list[tuple[int, int]]:
    if not isinstance(root, Mapping):
        return []
    for pattern, section in ((_PARAMETER, "parameters"), (_CONDITION, "conditions")):
        match = pattern.search(message)
        entries = root.get(section)
        if match and isinstance(entries, Mapping):
            pair = entries.pair(next(group for group in match.groups() if group))
            if pair is not None:
                return [(pair.key.start, pair.key.end)]
    match = _RESOURCE_TYPE.search(message)
    resources = root.get("resources")
    if match and isinstance(resources, Mapping):
        wanted = next(group for group in match.groups() if group).rstrip(".,")
        spans = []
        for entry in resources.entries():
            type_node = entry.value.get("type") if isinstance(entry.value, Mapping) else None
            if type_node is not None and type_node.to_python() == wanted:
                spans.append((type_node.start, type_node.end))
        if spans:
            return spans
    if _VERSION.search(message):
        version = root.pair("heat_template_version")
        if version is not None:
            return [(version.value.start, version.value.end)]
    match = _SECTION.search(message)
    if match:
        pair = root.pair(match.group(1).rstrip(".,"))
        if pair is not None:
            return [(pair.key.start, pair.key.end)]
    return []


def _from_line(message: str, text: str) -> list[tuple[int, int]]:
    match = _LINE.search(message)
    if not match:
        return []
    line = int(match.group(1)) - 1
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]
    if line >= len(starts):
        return []
    start = starts[line]
    end = text.find("\n", start)
    return [(start, end if end >= 0 else len(text))]


def _first_line(text: str) -> tuple[int, int]:
    end = text.find("\n")
    return (0, end if end >= 0 else len(text))
