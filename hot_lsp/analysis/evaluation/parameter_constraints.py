"""A parameter's ``constraints`` read the way Heat reads them, and what is wrong with them (2xxx).

Heat reads each constraint entry with HOTParamSchema (hot/parameters.py): only one kind per entry is used, its
definition must be well formed and must suit the parameter's type. Facts: heat-27-facts.md §3e-§3f, §6.
The parameters rules report what reading finds; the evaluation checks values against the constraints in
force (:func:`effective_constraints`). Both need the same reading, so it lives here, below both.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ... import spec
from ...document import Mapping, Node, QuickFix, Scalar, Sequence
from ...spec.parameters import winning_constraint_kind
from ..model.template import Entry, TemplateModel
from ..report import Reporter, span_of_key_line
from ..values import parameter_values as values
from ..wording import as_written, nearest_names
from .constraint_list import as_list

# The codes of what reading finds; their records (why, what to write instead) are with the parameters rules
# (rules/parameters/constraints.py), which report them through here.
E2005 = "E2005"
E2006 = "E2006"
E2007 = "E2007"
E2008 = "E2008"
E2009 = "E2009"
W2010 = "W2010"
E2018 = "E2018"
W2021 = "W2021"

# Heat's class name for each kind, used in its "<Kind> constraint invalid for <type>" error.
_HEAT_CLASS = {
    "length": "Length",
    "range": "Range",
    "modulo": "Modulo",
    "allowed_values": "AllowedValues",
    "allowed_pattern": "AllowedPattern",
    "custom_constraint": "CustomConstraint",
}

# CloudFormation constraint keys, and the HOT constraint entry key.
_CFN_CONSTRAINT_KEYS = {
    "AllowedValues": "allowed_values",
    "AllowedPattern": "allowed_pattern",
    "MinLength": "length",
    "MaxLength": "length",
    "MinValue": "range",
    "MaxValue": "range",
    "ConstraintDescription": "description",
    "min": "length",
    "max": "length",
    "pattern": "allowed_pattern",
    "values": "allowed_values",
}


@dataclass(slots=True)
class ConstraintInForce:
    """A well-formed constraint Heat enforces on the parameter's values, its default included."""

    kind: str
    definition: Any
    key: Scalar


# -- reading ---------------------------------------------------------------------


def declared_type(body: Mapping) -> str | None:
    """The parameter's type when Heat knows it, else None."""
    node = body.get("type")
    value = node.value if isinstance(node, Scalar) else None
    return value if isinstance(value, str) and value in spec.PARAMETER_TYPES else None


def effective_constraints(model: TemplateModel, entry: Entry) -> list[tuple[str, Any]]:
    """The well-formed constraints Heat enforces on a parameter's values: (kind, parsed definition)."""
    body = entry.body
    if body is None:
        return []
    found = check_constraints(model, entry, body, declared_type(body), _Unreported())
    return [(constraint.kind, constraint.definition) for constraint in found]


class _Unreported(Reporter):
    """Findings nobody reads: the rules report them. (A code is defined by its rule's module, which evaluation
    outside ``check`` has not imported: ``hot-lsp render`` failed on W2021.)"""

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        return None


def custom_constraints_of(model: TemplateModel, entry: Entry) -> list[str]:
    """The custom constraints Heat checks a parameter's value with: each entry whose winning kind is one."""
    body = entry.body
    node = body.get("constraints") if body is not None else None
    if not isinstance(node, Sequence):
        return []
    names = []
    for item in node.items:
        if not isinstance(item, Mapping):
            continue
        kinds = [key for key in item if isinstance(key, str)]
        if spec.winning_constraint_kind(kinds, model.version) != "custom_constraint":
            continue
        name = item.get("custom_constraint")
        if isinstance(name, Scalar) and isinstance(name.value, str):
            names.append(name.value)
    return names


def check_constraints(
    model: TemplateModel, entry: Entry, body: Mapping, param_type: str | None, report: Reporter
) -> list[ConstraintInForce]:
    """Check a parameter's ``constraints``; the well-formed ones that apply to its type (custom ones aside)."""
    pair = body.pair("constraints")
    if pair is None or (isinstance(pair.value, Scalar) and pair.value.value is None):
        return []
    node = pair.value
    if not isinstance(node, Sequence):
        listed = as_list(model.parsed.text, node) if isinstance(node, Mapping) else None
        report(
            E2005,
            node if isinstance(node, Scalar) else pair.key,
            f"Invalid parameter constraints for parameter {entry.name}, expected a list: write each "
            "constraint as a list item (`- length: {min: 1}`).",
            QuickFix(fix="replace", text=listed[2], at=listed[:2]) if listed is not None else None,
        )
        return []
    effective: list[ConstraintInForce] = []
    for item in node.items:
        found = _check_constraint_entry(model, item, param_type, report)
        if found is not None:
            effective.append(found)
    return effective


def _check_constraint_entry(
    model: TemplateModel, item: Node, param_type: str | None, report: Reporter
) -> ConstraintInForce | None:
    if not isinstance(item, Mapping):
        at = item if isinstance(item, Scalar) else span_of_key_line(model, item)
        report(
            E2005,
            at,
            "Invalid parameter constraints, expected a mapping: each constraint is a mapping such as "
            "`{length: {min: 1}}` or `{allowed_values: [a, b]}`.",
        )
        return None
    kinds: dict[str, Scalar] = {}
    unknown = False
    for pair in item.entries():
        key = pair.key_value
        if isinstance(key, str) and key in spec.CONSTRAINT_ENTRY_KEYS:
            if key in spec.CONSTRAINT_KINDS and isinstance(pair.key, Scalar):
                kinds[key] = pair.key
            continue
        _unknown_constraint_key(model, key, pair.key, report)
        unknown = True
    winner = winning_constraint_kind(kinds, model.version)
    if winner is None:
        if not unknown:  # an unknown key already explains the entry
            _no_constraint(model, item, kinds, report)
        return None
    _ignored_kinds(model, kinds, winner, report)
    return _check_kind(model, winner, kinds[winner], item.get(winner), param_type, report)


def _unknown_constraint_key(model: TemplateModel, key: Any, key_node: Node, report: Reporter) -> None:
    suggestions: list[str] = []
    if isinstance(key, str):
        hot = _CFN_CONSTRAINT_KEYS.get(key)
        suggestions = [hot] if hot else nearest_names(key, spec.CONSTRAINT_ENTRY_KEYS)
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    report(
        E2005,
        key_node,
        f"Invalid key '{as_written(key_node)}' for parameter constraints. A constraint entry takes one of "
        f"{', '.join(spec.constraint_kinds_for(model.version))}, plus an optional description.{hint}",
        QuickFix(suggestions=suggestions),
    )


def _no_constraint(model: TemplateModel, item: Mapping, kinds: dict[str, Scalar], report: Reporter) -> None:
    modulo = kinds.get("modulo")
    if modulo is not None:
        since = spec.feature_since("constraint_modulo").date
        report(
            E2007,
            modulo,
            f"The modulo constraint needs heat_template_version {since} or later; this template is "
            f"{model.version.date}, where Heat ignores it and fails with 'No constraint expressed'.",
            QuickFix(fix="raise_version", version=since),
        )
        return
    first = item.pairs[0].key if item.pairs else None
    at = first if first is not None else span_of_key_line(model, item)
    report(
        E2018,
        at,
        f"No constraint expressed: this entry has no constraint kind "
        f"({', '.join(spec.constraint_kinds_for(model.version))}). Add one, or remove the entry.",
    )


def _ignored_kinds(model: TemplateModel, kinds: dict[str, Scalar], winner: str, report: Reporter) -> None:
    for name, key in kinds.items():
        if name == winner:
            continue
        too_new = not spec.is_at_least(model.version, spec.CONSTRAINT_KINDS[name].since)
        reason = (
            f"`{name}` needs heat_template_version {spec.CONSTRAINT_KINDS[name].since}, so "
            if too_new
            else "Heat enforces one constraint per entry, so "
        )
        report(
            W2010,
            key,
            f"{reason}this entry enforces only `{winner}` and Heat silently ignores `{name}`. "
            "Give each constraint its own list item.",
            QuickFix(fix="raise_version", version=spec.CONSTRAINT_KINDS[name].since)
            if too_new
            else QuickFix(fix="split_constraint"),
        )


def _check_kind(
    model: TemplateModel, kind: str, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> ConstraintInForce | None:
    applies = param_type is None or param_type in spec.CONSTRAINT_KINDS[kind].applies_to
    if not applies:
        valid = spec.constraint_kinds_for(model.version, param_type)
        report(
            E2006,
            key,
            f"{_HEAT_CLASS[kind]} constraint invalid for {param_type}. A {param_type} parameter can use: "
            f"{', '.join(valid)}.",
            # No kind offered as an edit: another kind reads the value otherwise (E2008), and even range and
            # length, which both take {min, max}, bound different things (a default may then fail, E2012).
            QuickFix(suggestions=[]),
        )
    checker = _KIND_CHECKERS[kind]
    definition = checker(model, key, value, param_type if applies else None, report)
    if definition is None or not applies or param_type is None or kind == "custom_constraint":
        return None
    return ConstraintInForce(kind, definition, key)


def _malformed(report: Reporter, at: Node | tuple[int, int], message: str, data: QuickFix | None = None) -> None:
    report(E2008, at, message, data)


def _value_or_key(value: Node | None, key: Scalar) -> Node:
    return value if isinstance(value, Scalar) and value.value is not None else key


def _check_bounds(
    model: TemplateModel, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> values.Bounds | None:
    kind = str(key.value)
    if not isinstance(value, Mapping):
        _malformed(
            report,
            _value_or_key(value, key),
            f"Invalid {kind} constraint, expected a mapping: write `{kind}: {{min: 1, max: 10}}` "
            "(either bound may be left out).",
        )
        return None
    ok = _only_keys(value, ("min", "max"), f"{kind} constraint", report)
    bounds: dict[str, Any] = {}
    for name in ("min", "max"):
        number = _number_at(value.get(name), name, kind, report, integral=kind == "length")
        if number is _BAD:
            ok = False
        else:
            bounds[name] = number
    if ok and bounds["min"] is None and bounds["max"] is None:
        _malformed(report, key, f"A {kind} constraint must have a min value and/or a max value specified.", None)
        return None
    if not ok:
        return None
    low, high = bounds["min"], bounds["max"]
    if low is not None and high is not None and low > high:
        node = value.get("min")
        _malformed(
            report,
            node if node is not None else key,
            f"The {kind} constraint has min {low} greater than max {high}, so no value can satisfy it: "
            "Heat accepts the definition but rejects every value. Swap or fix the bounds.",
        )
        return None
    return values.Bounds(low, high)


_BAD = object()


def _number_at(node: Node | None, name: str, kind: str, report: Reporter, integral: bool = False) -> Any:
    """A bound read the way Heat's get_num reads it; _BAD (after reporting) when Heat fails."""
    if node is None or (isinstance(node, Scalar) and node.value is None):
        return None
    raw = node.value if isinstance(node, Scalar) else node.to_python()
    try:
        number = values.str_to_num(raw)
    except (ValueError, TypeError):
        _malformed(
            report, node, f"The {name} of a {kind} constraint must be a number; Heat cannot read {as_written(node)}."
        )
        return _BAD
    if integral and not isinstance(number, int):
        _malformed(
            report,
            node,
            f"The {name} of a length constraint must be a whole number (Heat: min/max length must be integral).",
        )
        return _BAD
    return number


def _only_keys(mapping: Mapping, allowed: tuple[str, ...], entity: str, report: Reporter) -> bool:
    ok = True
    for pair in mapping.entries():
        key = pair.key_value
        if isinstance(key, str) and key in allowed:
            continue
        near = nearest_names(key, allowed) if isinstance(key, str) else []
        hint = f" Did you mean `{near[0]}`?" if near else f" Use {' and '.join(allowed)}."
        _malformed(
            report, pair.key, f"Invalid key '{as_written(pair.key)}' for {entity}.{hint}", QuickFix(suggestions=near)
        )
        ok = False
    return ok


def _check_modulo(
    model: TemplateModel, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> values.Step | None:
    if not isinstance(value, Mapping):
        _malformed(
            report,
            _value_or_key(value, key),
            "Invalid modulo constraint, expected a mapping: write `modulo: {step: 2, offset: 0}`.",
        )
        return None
    ok = _only_keys(value, ("step", "offset"), "modulo constraint", report)
    numbers: dict[str, Any] = {}
    for name in ("step", "offset"):
        number = _number_at(value.get(name), name, "modulo", report)
        if number is _BAD:
            ok = False
        elif number is not None and not _is_integral(number):
            _malformed(report, value.get(name) or key, f"The {name} of a modulo constraint must be an integer.")
            ok = False
        numbers[name] = number
    if not ok:
        return None
    step, offset = numbers["step"], numbers["offset"]
    if step is None or offset is None:
        _malformed(report, key, "A modulo constraint must have a step value and an offset value specified.")
        return None
    return _modulo_rules(value, key, step, offset, report)


def _modulo_rules(value: Mapping, key: Scalar, step: Any, offset: Any, report: Reporter) -> values.Step | None:
    whole_step, whole_offset = int(step), int(offset)
    if whole_step == 0:
        _malformed(report, value.get("step") or key, "The step of a modulo constraint cannot be 0.")
        return None
    at = value.get("offset") or key
    if abs(whole_offset) >= abs(whole_step):
        _malformed(report, at, f"The offset ({offset}) must be smaller than the step ({step}) by absolute value.")
        return None
    if whole_step * whole_offset < 0:
        _malformed(report, at, "The step and offset of a modulo constraint must be both positive or both negative.")
        return None
    return values.Step(step, offset)


def _is_integral(number: Any) -> bool:
    return not (isinstance(number, float) and (math.isinf(number) or math.isnan(number))) and int(number) == number


def _check_allowed_values(
    model: TemplateModel, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> tuple[Any, ...] | None:
    if not isinstance(value, Sequence):
        _malformed(
            report,
            _value_or_key(value, key),
            "AllowedValues must be a list: write `allowed_values: [a, b]`.",
        )
        return None
    if not value.items:
        _malformed(report, value, "allowed_values is empty, so Heat rejects every value. List the allowed values.")
        return None
    items = tuple(item.to_python() for item in value.items)
    if param_type in ("number", "boolean"):
        for node, item in zip(value.items, items, strict=True):
            try:
                values.to_schema_type(param_type, item)
            except (ValueError, TypeError):  # TypeError: a list or map item (int() of a dict)
                _malformed(
                    report,
                    node,
                    f"{as_written(node)} is not a {param_type}. Heat converts every allowed value to the parameter "
                    "type before comparing, so it would reject every value. Fix or remove this item.",
                )
                return None
    elif param_type in ("string", "comma_delimited_list"):
        _surprising_items(value, param_type, report)
    return items


def _surprising_items(value: Sequence, param_type: str, report: Reporter) -> None:
    """Items YAML types as non-strings: `yes` is the boolean True, which a string parameter sees as 'True'."""
    for node in value.items:
        if not isinstance(node, Scalar) or isinstance(node.value, str):
            continue
        if param_type == "string":
            seen = str(node.value)
            if seen == node.text:
                continue
            message = (
                f"YAML reads {node.text} as {_yaml_kind(node)}, so Heat compares values against {seen!r}, "
                f"not {node.text!r}. Quote it: '{node.text}'."
            )
        else:
            message = (
                f"YAML reads {node.text} as {_yaml_kind(node)}, but the items of a comma_delimited_list are "
                f"strings and Heat compares them unconverted, so this never matches. Quote it: '{node.text}'."
            )
        report(W2021, node, message, QuickFix(fix="replace", text=f"'{node.text}'"))


def _yaml_kind(node: Scalar) -> str:
    return {"bool": "a boolean", "null": "null", "int": "a number", "float": "a number"}.get(node.tag, node.tag)


def _check_allowed_pattern(
    model: TemplateModel, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> re.Pattern[str] | None:
    if not (isinstance(value, Scalar) and isinstance(value.value, str)):
        _malformed(
            report,
            _value_or_key(value, key),
            "AllowedPattern must be a string: quote the regular expression, e.g. `allowed_pattern: '[a-z]+'`.",
        )
        return None
    try:
        return re.compile(value.value)
    except re.error as exc:
        position = exc.pos if exc.pos is not None else 0
        at = _regex_span(model, value, position)
        _malformed(
            report,
            at,
            f"allowed_pattern is not a valid Python regular expression: {exc.msg} at position {position}. "
            "Heat fails to load the template.",
        )
        return None


def _regex_span(model: TemplateModel, node: Scalar, position: int) -> Node | tuple[int, int]:
    """The character where the regex breaks, when the source spells the value literally."""
    source = model.parsed.text[node.start : node.end]
    pattern = node.value
    offset = None
    if source == pattern:
        offset = node.start
    elif len(source) == len(pattern) + 2 and source[1:-1] == pattern:
        offset = node.start + 1
    if offset is None:
        return node
    start = offset + min(position, max(len(pattern) - 1, 0))
    return (start, start + 1)


def _check_custom(
    model: TemplateModel, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> str | None:
    if not (isinstance(value, Scalar) and isinstance(value.value, str)):
        _malformed(
            report,
            _value_or_key(value, key),
            f"custom_constraint must be the name of a constraint, such as nova.flavor or ip_addr; Heat finds no "
            f"constraint named {as_written(value) if value is not None else 'null'}, so every value fails.",
        )
        return None
    name = value.value
    if name in spec.CUSTOM_CONSTRAINTS:
        return name
    suggestions = spec.nearest_custom_constraints(name)
    replacement = None
    if name in spec.LEGACY_CUSTOM_CONSTRAINTS:
        replacement = spec.LEGACY_CUSTOM_CONSTRAINTS[name]
        advice = f" It was removed from Heat; use `{replacement}`." if replacement else " It was removed from Heat."
    elif suggestions:
        advice = f" Did you mean {', '.join(f'`{s}`' for s in suggestions)}?"
    else:
        advice = ""
    report(
        E2009,
        value,
        f"Heat 27 has no custom constraint `{name}`, so every value fails with '… does not validate {name} "
        f"(constraint not found)' (unless a plugin registers it).{advice}",
        QuickFix(suggestions=[replacement] if replacement else suggestions),
    )
    return None


_KIND_CHECKERS = {
    "range": _check_bounds,
    "length": _check_bounds,
    "modulo": _check_modulo,
    "allowed_values": _check_allowed_values,
    "allowed_pattern": _check_allowed_pattern,
    "custom_constraint": _check_custom,
}
