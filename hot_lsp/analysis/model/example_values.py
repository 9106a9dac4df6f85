"""A value Heat takes for a property, for what the server writes (a skeleton's placeholder, a quick fix's value).

The property's empty value (``''``, ``0``, ``false``, ``[]``, ``{}``, the first allowed value, a range's lower
bound) when its schema takes it; else an example that passes: ``spec.examples`` for a custom constraint or a
pattern, a name built on the property's for a string that must not be empty, as many items as a list's length
needs, a map's required keys. A type's own checks (``rules/resources/_validation_*``) declare what they want
written as :class:`Alternatives`; the values are made to pass those too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...spec.examples import CUSTOM_CONSTRAINT_EXAMPLES, PATTERN_EXAMPLES
from ...spec.resource_types import PropertySchema
from ..values.property_values import value_problem
from ..wording import yaml_text

Path = tuple[str, ...]
_FLOW_SPECIAL = re.compile(r"[,\[\]{}]")
_NOTHING = object()


@dataclass(frozen=True, slots=True)
class Alternatives:
    """What one of a type's own checks wants written: one of ``ways``, each a group of properties given together
    (the first is what the server writes), in the map at ``path`` (``()``: the resource's properties; ``("tasks",
    "*")``: each item of ``tasks``). ``truthy``: the check tests the value's truth (`not cidr`), not only that it
    is given; ``examples``: values for properties whose schema says too little to make one the check takes."""

    ways: tuple[tuple[str, ...], ...]
    path: Path = ()
    truthy: bool = False
    examples: tuple[tuple[str, Any], ...] = ()

    def met_by(self, names: Sequence[str]) -> bool:
        return any(all(name in names for name in way) for way in self.ways)


def is_required(prop: PropertySchema) -> bool:
    """Heat says "Property X not assigned" without it: required, no default (hidden and unimplemented ones aside)."""
    return prop.required and prop.default is None and prop.implemented and not prop.support_status.hidden


def written_names(
    schema: Mapping[str, PropertySchema], wants: Sequence[Alternatives] = (), path: Path = ()
) -> list[str]:
    """The keys to write in the map at ``path``: its required ones, then the first way of each check's
    alternatives that they do not meet."""
    names = [name for name, prop in schema.items() if is_required(prop)]
    for want in wants:
        if want.path == path and not want.met_by(names):
            names += [name for name in want.ways[0] if name in schema and name not in names]
    return names


def starting_value(prop: PropertySchema, wants: Sequence[Alternatives] = (), path: Path = ()) -> Any:
    """A value of ``prop`` (a key of the map at ``path``) that its schema and the checks' ``wants`` take."""
    truthy = False
    for want in wants:
        if want.path == path and any(prop.name in way for way in want.ways):
            example = dict(want.examples).get(prop.name, _NOTHING)
            if example is not _NOTHING:
                return example
            truthy = truthy or want.truthy
    empty = _empty(prop)
    for candidate in (empty, *_examples(prop, wants, path, truthy)):
        if value_problem(prop, candidate) is None and (candidate or not truthy):
            return candidate
    return empty


def flow_text(value: Any) -> str:
    """``value`` as one line of YAML (flow style) that Heat's loader reads back as the same value."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow_text(k)}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow_text(item) for item in value) + "]"
    text = yaml_text(value)
    if isinstance(value, str) and text == value and _FLOW_SPECIAL.search(value):
        return "'" + value.replace("'", "''") + "'"
    return text


def _empty(prop: PropertySchema) -> Any:
    for constraint in prop.constraints:
        allowed = constraint.get("allowed_values")
        if isinstance(allowed, list) and allowed:
            return allowed[0]
    if prop.type in ("Integer", "Number"):
        low = _bound(prop, "range", "min")
        return low if low is not None else 0
    return {"Boolean": False, "List": [], "Map": {}}.get(prop.type, "")


def _bound(prop: PropertySchema, kind: str, side: str) -> int | float | None:
    for constraint in prop.constraints:
        bounds = constraint.get(kind)
        if isinstance(bounds, dict) and isinstance(bounds.get(side), int | float):
            return bounds[side]
    return None


def _examples(prop: PropertySchema, wants: Sequence[Alternatives], path: Path, truthy: bool) -> Iterator[Any]:
    """Values to try, likeliest first, when the empty one is refused (or falsy where a check wants truth)."""
    kind = prop.type
    if kind in ("String", "Any"):
        for constraint in prop.constraints:
            custom, pattern = constraint.get("custom_constraint"), constraint.get("allowed_pattern")
            if isinstance(custom, str) and custom in CUSTOM_CONSTRAINT_EXAMPLES:
                yield CUSTOM_CONSTRAINT_EXAMPLES[custom]
            if isinstance(pattern, str) and pattern in PATTERN_EXAMPLES:
                yield PATTERN_EXAMPLES[pattern]
        yield "my-" + re.sub(r"(?<=[a-z0-9])(?=[A-Z])|_", "-", prop.name).lower()
    elif kind in ("Integer", "Number"):
        low, high = _bound(prop, "range", "min"), _bound(prop, "range", "max")
        yield from (value for value in (1, low, high) if value is not None)
    elif kind == "Boolean":
        yield True
    elif kind == "List":
        least = int(_bound(prop, "length", "min") or (1 if truthy else 0))
        item = prop.schema.get("*") if prop.schema is not None else None
        inner = (*path, prop.name, "*")
        one = starting_value(item, wants, inner) if item is not None else {}
        if item is not None and item.type == "Map" and item.schema is not None:
            one = _map(item.schema, wants, inner)
        yield [one] * least
    elif kind == "Map" and prop.schema is not None:
        yield _map(prop.schema, wants, (*path, prop.name))


def _map(schema: Mapping[str, PropertySchema], wants: Sequence[Alternatives], path: Path) -> dict[str, Any]:
    return {name: starting_value(schema[name], wants, path) for name in written_names(schema, wants, path)}
