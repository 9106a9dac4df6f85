"""2xxx: parameter definitions, constraints, defaults and parameter_groups.

Heat reads a parameter with HOTParamSchema (hot/parameters.py): it checks the
keys, the type, each constraint entry (only one kind per entry is used), and
the default against the constraints. parameter_groups are checked by
ParameterGroups.validate. Facts: heat-27-facts.md §3d-§3g, §5, §6.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ... import spec
from ...document import Mapping, Node, Scalar, Sequence, walk
from ...spec.parameters import (
    CFN_PARAMETER_TYPES,
    GROUPABLE_PSEUDO_PARAMETERS,
    winning_constraint_kind,
)
from ..codes import define
from ..model import Entry, TemplateModel
from ..report import Reporter, span_of_key_line
from ..suggest import did_you_mean
from . import _param_values as values

AREA = "parameters"

E2001 = define("E2001", "A parameter has no `type`.", "parameters:\n  p: {default: x}", AREA)
E2002 = define(
    "E2002",
    "A parameter type Heat does not know (types are lowercase: `String` is CloudFormation spelling).",
    "parameters:\n  p: {type: String}",
    AREA,
)
E2003 = define(
    "E2003",
    "A key a parameter definition cannot have in this version (e.g. `required`, `Default`, `tags` before 2018-03-02).",
    "parameters:\n  p: {type: string, required: true}",
    AREA,
)
E2004 = define("E2004", "A parameter definition that is not a mapping.", "parameters:\n  p: string", AREA)
E2005 = define(
    "E2005",
    "`constraints` is not a list, an entry is not a mapping, or an entry has an unknown key.",
    "parameters:\n  p:\n    type: string\n    constraints: {length: {min: 1}}",
    AREA,
)
E2006 = define(
    "E2006",
    "A constraint kind that does not apply to the parameter's type (e.g. range on a string).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - range: {min: 1}",
    AREA,
)
E2007 = define(
    "E2007",
    "A constraint kind the template's version does not have (modulo before 2017-02-24).",
    "heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: number\n    constraints:\n      - modulo: {step: 2, offset: 0}",
    AREA,
)
E2008 = define(
    "E2008",
    "A malformed constraint: bad or missing bounds, a bad modulo, a non-list allowed_values, an invalid regex.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {min: 5, max: 1}",
    AREA,
)
E2009 = define(
    "E2009",
    "A custom_constraint name Heat 27 does not register.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.flavour",
    AREA,
)
W2010 = define(
    "W2010",
    "A constraint entry with several kinds: Heat enforces one and silently ignores the others.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {max: 8}\n        allowed_pattern: '[a-z]+'",
    AREA,
)
E2011 = define(
    "E2011",
    "A default that is not a valid value of the parameter's type.",
    "parameters:\n  p: {type: number, default: ten}",
    AREA,
)
E2012 = define(
    "E2012",
    "A default that breaks the parameter's own constraints (custom_constraint aside).",
    "parameters:\n  p:\n    type: string\n    default: c\n    constraints:\n      - allowed_values: [a, b]",
    AREA,
)
E2013 = define(
    "E2013",
    "A malformed parameter group: not a mapping, or `parameters` missing or not a list.",
    "parameter_groups:\n  - label: db",
    AREA,
)
E2014 = define(
    "E2014",
    "parameter_groups names a parameter the template does not define.",
    "parameter_groups:\n  - parameters: [nosuch]",
    AREA,
)
E2015 = define(
    "E2015",
    "A parameter listed in more than one parameter group (or twice in one).",
    "parameter_groups:\n  - parameters: [a]\n  - parameters: [a]",
    AREA,
)
E2016 = define("E2016", "A parameter's `tags` is not a list.", "parameters:\n  p: {type: string, tags: role}", AREA)
W2017 = define(
    "W2017",
    "`hidden` or `immutable` is not a boolean: Heat tests truthiness, so `hidden: 'no'` hides the parameter.",
    "parameters:\n  p: {type: string, hidden: 'no'}",
    AREA,
)
E2018 = define(
    "E2018",
    "A constraint entry that expresses no constraint (only a description).",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - description: must be short",
    AREA,
)
W2019 = define(
    "W2019",
    "A default containing a function call: defaults are not parsed, so it stays literal data.",
    "parameters:\n  p:\n    type: json\n    default: {get_param: other}",
    AREA,
)
W2020 = define(
    "W2020",
    "A parameter named like a Heat pseudo-parameter (OS::stack_id, ...) replaces Heat's value.",
    "parameters:\n  OS::stack_name: {type: string}",
    AREA,
)
W2021 = define(
    "W2021",
    "An allowed_values item that YAML types differently from how it reads, so it never matches as written.",
    "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_values: [yes, no]",
    AREA,
)

# Heat's class name for each kind, used in its "<Kind> constraint invalid for <type>" error.
_HEAT_CLASS = {
    "length": "Length",
    "range": "Range",
    "modulo": "Modulo",
    "allowed_values": "AllowedValues",
    "allowed_pattern": "AllowedPattern",
    "custom_constraint": "CustomConstraint",
}

# CloudFormation parameter keys, and where HOT puts the same thing.
_CFN_KEYS = {
    "Type": "type",
    "Default": "default",
    "Description": "description",
    "Label": "label",
    "NoEcho": "hidden",
    "AllowedValues": "constraints",
    "AllowedPattern": "constraints",
    "MinLength": "constraints",
    "MaxLength": "constraints",
    "MinValue": "constraints",
    "MaxValue": "constraints",
    "ConstraintDescription": "constraints",
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

# Type names people write by habit, and the HOT type.
_TYPE_HABITS = {
    "str": "string",
    "text": "string",
    "int": "number",
    "integer": "number",
    "float": "number",
    "bool": "boolean",
    "list": "comma_delimited_list",
    "array": "comma_delimited_list",
    "commadelimitedlist": "comma_delimited_list",
    "map": "json",
    "dict": "json",
    "object": "json",
}

# A default is converted to Python to check it; a huge one (an alias bomb) is skipped.
_MAX_DEFAULT_WEIGHT = 5000
# At most this many W2019 findings in one default.
_MAX_LITERAL_CALLS = 5


@dataclass(slots=True)
class _Effective:
    """A well-formed constraint Heat enforces on the default."""

    kind: str
    definition: Any
    key: Scalar


def effective_constraints(model: TemplateModel, entry: Entry) -> list[tuple[str, Any]]:
    """The well-formed constraints Heat enforces on a parameter's values: (kind, parsed definition)."""
    body = entry.body
    if body is None:
        return []
    quiet = Reporter()
    param_type = _check_type(entry, body, quiet)
    return [(c.kind, c.definition) for c in _check_constraints(model, entry, body, param_type, quiet)]


def check(model: TemplateModel, report: Reporter) -> None:
    for entry in model.parameters.values():
        _check_parameter(model, entry, report)
    _check_groups(model, report)


# -- one parameter ----------------------------------------------------------------


def _check_parameter(model: TemplateModel, entry: Entry, report: Reporter) -> None:
    _check_name(entry, report)
    body = entry.body
    if body is None:
        _not_a_mapping(entry, report)
        return
    _check_keys(model, entry, body, report)
    param_type = _check_type(entry, body, report)
    _check_flags(body, report)
    _check_tags(model, entry, body, report)
    effective = _check_constraints(model, entry, body, param_type, report)
    _check_default(model, body, param_type, effective, report)


def _check_name(entry: Entry, report: Reporter) -> None:
    if entry.name in spec.PSEUDO_PARAMETERS:
        report(
            W2020,
            entry.key,
            f"`{entry.name}` is the name of a Heat pseudo-parameter; declaring it replaces Heat's own, so "
            f"get_param {entry.name} can return the value passed for this parameter instead of Heat's. "
            "Rename the parameter.",
        )


def _not_a_mapping(entry: Entry, report: Reporter) -> None:
    value = entry.value
    data = None
    hint = ""
    if isinstance(value, Scalar) and value.value in spec.PARAMETER_TYPES:
        hint = f" Write `{entry.name}: {{type: {value.value}}}`."
        data = {"fix": "replace", "with": f"{{type: {value.value}}}"}
    at = value if isinstance(value, Scalar) and value.value is not None else entry.key
    report(
        E2004,
        at,
        f"The definition of parameter `{entry.name}` must be a mapping with at least a `type` "
        f"(Heat: Invalid parameter ({entry.name}), expected a mapping).{hint}",
        data,
    )


def _check_keys(model: TemplateModel, entry: Entry, body: Mapping, report: Reporter) -> None:
    allowed = spec.parameter_keys_for(model.version)
    for pair in body.entries():
        key = pair.key_value
        if isinstance(key, str) and key in allowed:
            continue
        since = spec.PARAMETER_KEYS.get(key) if isinstance(key, str) else None
        if since is not None:
            report(
                E2003,
                pair.key,
                f"Parameter `{key}` needs heat_template_version {since} or later; this template is "
                f"{model.version.date} (Heat: Invalid key '{key}' for parameter ({entry.name})).",
                {"fix": "raise_version", "version": since},
            )
            continue
        message, suggestions = _unknown_key_advice(key, allowed)
        report(
            E2003,
            pair.key,
            f"Invalid key '{_shown(pair.key)}' for parameter ({entry.name}). {message}",
            _unknown_key_data(key, suggestions),
        )


def _unknown_key_data(key: Any, suggestions: list[str]) -> dict[str, Any]:
    if suggestions:
        return {"suggestions": suggestions}
    if _CFN_KEYS.get(key) == "constraints":
        return {"suggestions": []}  # the content must move into `constraints`, not vanish
    return {"suggestions": [], "fix": "remove_key"}


def _unknown_key_advice(key: Any, allowed: tuple[str, ...]) -> tuple[str, list[str]]:
    if not isinstance(key, str):
        return f"Parameter keys are: {', '.join(allowed)}.", []
    if key == "required":
        return (
            "HOT has no `required`: a parameter with no default must be given a value. Remove the key.",
            [],
        )
    hot = _CFN_KEYS.get(key)
    if hot == "constraints":
        return (
            f"`{key}` is CloudFormation spelling; in HOT it goes in the `constraints` list "
            "(length, range, allowed_values, allowed_pattern).",
            [],
        )
    if hot:
        return f"`{key}` is CloudFormation spelling; HOT writes `{hot}`.", [hot]
    near = _nearest(key, allowed)
    if near:
        return f"Did you mean `{near[0]}`?", near
    return f"Parameter keys are: {', '.join(allowed)}.", []


def _check_type(entry: Entry, body: Mapping, report: Reporter) -> str | None:
    """The parameter's type when Heat knows it, else None (after reporting)."""
    pair = body.pair("type")
    if pair is None:
        report(
            E2001,
            entry.key,
            f"Missing parameter type for parameter: {entry.name}. Add `type:` with one of "
            f"{', '.join(spec.PARAMETER_TYPES)}.",
            {"fix": "add_key", "key": "type", "value": "string"},
        )
        return None
    node = pair.value
    value = node.value if isinstance(node, Scalar) else None
    if isinstance(value, str) and value in spec.PARAMETER_TYPES:
        return value
    at = node if isinstance(node, Scalar) and node.value is not None else pair.key
    shown = _shown(node) if isinstance(node, Scalar) else "a collection"
    suggestions = _type_suggestions(value) if isinstance(value, str) else []
    if isinstance(value, str) and value in CFN_PARAMETER_TYPES:
        advice = f"`{value}` is CloudFormation spelling; HOT types are lowercase: `{suggestions[0]}`."
    elif suggestions:
        advice = f"Did you mean `{suggestions[0]}`?"
    else:
        advice = f"Valid types: {', '.join(spec.PARAMETER_TYPES)}."
    report(E2002, at, f"Invalid type ({shown}) for parameter `{entry.name}`. {advice}", {"suggestions": suggestions})
    return None


def _type_suggestions(value: str) -> list[str]:
    if value in CFN_PARAMETER_TYPES:
        return [CFN_PARAMETER_TYPES[value]]
    lowered = value.strip().lower()
    if lowered in spec.PARAMETER_TYPES:
        return [lowered]
    habit = _TYPE_HABITS.get(lowered.replace("-", "").replace(" ", ""))
    if habit:
        return [habit]
    return _nearest(lowered, tuple(spec.PARAMETER_TYPES))


# What a truthy / falsy value of each flag does.
_FLAG_EFFECTS = {
    "hidden": ("hides the parameter", "does not hide the parameter"),
    "immutable": ("makes the parameter immutable", "leaves the parameter mutable"),
}


def _check_flags(body: Mapping, report: Reporter) -> None:
    for key, (when_true, when_false) in _FLAG_EFFECTS.items():
        pair = body.pair(key)
        if pair is None:
            continue
        node = pair.value
        if isinstance(node, Scalar) and (node.value is None or isinstance(node.value, bool)):
            continue
        truthy = bool(node.value) if isinstance(node, Scalar) else len(node) > 0  # type: ignore[arg-type]
        meant = _meant_boolean(node)
        effect = when_true if truthy else when_false
        hint = f" Write `{key}: {str(meant).lower()}`." if meant is not None else f" Write `{key}: true` or `false`."
        at = node if isinstance(node, Scalar) else pair.key
        shown = repr(node.value) if isinstance(node, Scalar) else "a collection"
        report(
            W2017,
            at,
            f"`{key}` should be true or false. Heat only tests whether the value is truthy, so {shown} {effect}.{hint}",
            {"fix": "replace", "with": str(meant if meant is not None else truthy).lower()},
        )


def _meant_boolean(node: Node) -> bool | None:
    if not isinstance(node, Scalar):
        return None
    try:
        return values.bool_from_string(node.value)
    except ValueError:
        return None


def _check_tags(model: TemplateModel, entry: Entry, body: Mapping, report: Reporter) -> None:
    pair = body.pair("tags")
    if pair is None or not model.has_feature("parameter_tags") or isinstance(pair.value, Sequence):
        return
    node = pair.value
    at = node if isinstance(node, Scalar) and node.value is not None else pair.key
    fix = {"fix": "replace", "with": f"[{node.text}]"} if isinstance(node, Scalar) and node.value is not None else None
    report(
        E2016,
        at,
        f"Tags property should be a list for parameter: {entry.name}. Write `tags: [a, b]`.",
        fix,
    )


# -- constraints --------------------------------------------------------------------


def _check_constraints(
    model: TemplateModel, entry: Entry, body: Mapping, param_type: str | None, report: Reporter
) -> list[_Effective]:
    pair = body.pair("constraints")
    if pair is None or (isinstance(pair.value, Scalar) and pair.value.value is None):
        return []
    node = pair.value
    if not isinstance(node, Sequence):
        report(
            E2005,
            node if isinstance(node, Scalar) else pair.key,
            f"Invalid parameter constraints for parameter {entry.name}, expected a list: write each "
            "constraint as a list item (`- length: {min: 1}`).",
        )
        return []
    effective: list[_Effective] = []
    for item in node.items:
        found = _check_constraint_entry(model, item, param_type, report)
        if found is not None:
            effective.append(found)
    return effective


def _check_constraint_entry(
    model: TemplateModel, item: Node, param_type: str | None, report: Reporter
) -> _Effective | None:
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
        suggestions = [hot] if hot else _nearest(key, spec.CONSTRAINT_ENTRY_KEYS)
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    report(
        E2005,
        key_node,
        f"Invalid key '{_shown(key_node)}' for parameter constraints. A constraint entry takes one of "
        f"{', '.join(spec.constraint_kinds_for(model.version))}, plus an optional description.{hint}",
        {"suggestions": suggestions},
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
            {"fix": "raise_version", "version": since},
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
            {"fix": "raise_version", "version": spec.CONSTRAINT_KINDS[name].since}
            if too_new
            else {"fix": "split_constraint"},
        )


def _check_kind(
    model: TemplateModel, kind: str, key: Scalar, value: Node | None, param_type: str | None, report: Reporter
) -> _Effective | None:
    applies = param_type is None or param_type in spec.CONSTRAINT_KINDS[kind].applies_to
    if not applies:
        valid = spec.constraint_kinds_for(model.version, param_type)
        report(
            E2006,
            key,
            f"{_HEAT_CLASS[kind]} constraint invalid for {param_type}. A {param_type} parameter can use: "
            f"{', '.join(valid)}.",
            {"suggestions": list(valid)},
        )
    checker = _KIND_CHECKERS[kind]
    definition = checker(model, key, value, param_type if applies else None, report)
    if definition is None or not applies or param_type is None or kind == "custom_constraint":
        return None
    return _Effective(kind, definition, key)


def _malformed(report: Reporter, at: Node | tuple[int, int], message: str, data: dict | None = None) -> None:
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
            report, node, f"The {name} of a {kind} constraint must be a number; Heat cannot read {_shown(node)}."
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
        near = _nearest(key, allowed) if isinstance(key, str) else []
        hint = f" Did you mean `{near[0]}`?" if near else f" Use {' and '.join(allowed)}."
        _malformed(report, pair.key, f"Invalid key '{_shown(pair.key)}' for {entity}.{hint}", {"suggestions": near})
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
                    f"{_shown(node)} is not a {param_type}. Heat converts every allowed value to the parameter "
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
        report(W2021, node, message, {"fix": "replace", "with": f"'{node.text}'"})


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
            f"constraint named {_shown(value) if value is not None else 'null'}, so every value fails.",
        )
        return None
    name = value.value
    if name in spec.CUSTOM_CONSTRAINTS:
        return name
    suggestions = spec.nearest_custom_constraints(name)
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
        {"suggestions": suggestions},
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


# -- default ------------------------------------------------------------------------


def _check_default(
    model: TemplateModel, body: Mapping, param_type: str | None, effective: list[_Effective], report: Reporter
) -> None:
    pair = body.pair("default")
    if pair is None:
        return
    node = pair.value
    if isinstance(node, Scalar) and node.value is None:
        return  # default: null means no default
    _literal_calls(model, node, report)
    if param_type is None or node.weight > _MAX_DEFAULT_WEIGHT:
        return
    default = node.to_python()
    at = node if isinstance(node, Scalar) else pair.key
    problem = values.type_problem(param_type, default)
    if problem is not None:
        report(E2011, at, _type_message(param_type, node, problem))
        return
    checked = values.value_for_constraints(param_type, default)
    for constraint in effective:
        failure = values.constraint_failure(constraint.kind, constraint.definition, param_type, checked)
        if failure is not None:
            report(
                E2012,
                at,
                f"Invalid default {_heat_str(default)} ({failure}): the default breaks the `{constraint.kind}` "
                "constraint. Heat checks the default against every constraint but custom_constraint, even "
                "when a value is supplied; change the default or the constraint.",
            )


def _type_message(param_type: str, node: Node, problem: str) -> str:
    shown = _shown(node) if isinstance(node, Scalar) else "this mapping or list"
    if param_type == "comma_delimited_list":
        return (
            f"The default of a comma_delimited_list must be a string such as 'a,b' or a list, not {shown} "
            f"(Heat: {problem})."
        )
    if param_type == "json":
        return f"The default of a json parameter must be a map, a list or JSON text: {problem}."
    return (
        f"The default {shown} is not a valid {param_type} ({problem}); Heat rejects it whenever no value is supplied."
    )


def _literal_calls(model: TemplateModel, node: Node, report: Reporter) -> None:
    """Function calls written in a default: Heat never parses defaults, so they stay data."""
    if isinstance(node, Scalar):
        return
    functions = spec.functions_for(model.version)
    found = 0
    for current in walk(node):
        if not isinstance(current, Mapping) or len(current.pairs) != 1:
            continue
        name = current.pairs[0].key_value
        if isinstance(name, str) and name in functions:
            report(
                W2019,
                current.pairs[0].key,
                f"`{name}` is not evaluated in a parameter default: Heat does not parse defaults for "
                f"functions, so the default holds the literal mapping {{{name}: …}}. Pass the computed value "
                "from the parent template or environment instead.",
            )
            found += 1
            if found >= _MAX_LITERAL_CALLS:
                return


# -- parameter_groups --------------------------------------------------------------------


def _check_groups(model: TemplateModel, report: Reporter) -> None:
    groups = model.root.get("parameter_groups")
    if not isinstance(groups, Sequence):
        return  # absent, null, or the wrong shape (E1003 reports that)
    declared = {entry.key.value for entry in model.parameters.values()}
    names = tuple(name for name in model.parameters)
    seen: set[Any] = set()
    for group in groups.items:
        if not isinstance(group, Mapping):
            report(
                E2013,
                group if isinstance(group, Scalar) else span_of_key_line(model, group),
                "Each parameter group must be a mapping with a `parameters` list (and optionally `label` "
                "and `description`); Heat fails on anything else.",
            )
            continue
        for item in _group_items(model, group, report):
            _check_group_item(item, declared, names, seen, report)


def _group_items(model: TemplateModel, group: Mapping, report: Reporter) -> Iterator[Node]:
    pair = group.pair("parameters")
    if pair is None or (isinstance(pair.value, Scalar) and pair.value.value is None):
        at = pair.key if pair is not None else (group.pairs[0].key if group.pairs else span_of_key_line(model, group))
        report(
            E2013,
            at,
            "The parameters must be provided for each parameter group: add `parameters: [name, ...]`.",
            {"fix": "add_key", "key": "parameters", "value": "[]"},
        )
        return
    if not isinstance(pair.value, Sequence):
        node = pair.value
        report(
            E2013,
            node if isinstance(node, Scalar) else pair.key,
            "The parameters of parameter group should be a list: write `parameters: [a, b]`.",
        )
        return
    yield from pair.value.items


def _check_group_item(item: Node, declared: set[Any], names: tuple[str, ...], seen: set[Any], report: Reporter) -> None:
    name = item.value if isinstance(item, Scalar) else None
    hashable = isinstance(item, Scalar)
    if hashable and name in seen:
        report(
            E2015,
            item,
            f"The {name} parameter must be assigned to one parameter group only; it is already listed "
            "in an earlier group. Remove this entry.",
            {"fix": "remove_item"},
        )
        return
    if hashable:
        seen.add(name)
    if hashable and (name in declared or name in GROUPABLE_PSEUDO_PARAMETERS):
        return
    suggestions = _nearest(name, names) if isinstance(name, str) else []
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    if name in spec.PSEUDO_PARAMETERS:
        hint = (
            f" Heat checks groups before the stack has a name, so of the pseudo-parameters only "
            f"{' and '.join(sorted(GROUPABLE_PSEUDO_PARAMETERS))} can be grouped."
        )
        suggestions = []
    shown = name if hashable else "(a collection)"
    report(
        E2014,
        item if isinstance(item, Scalar) else (item.start, item.start + 1),
        f"The grouped parameter {shown} does not reference a valid parameter: declare it under "
        f"`parameters` or remove it from the group.{hint}",
        {"suggestions": suggestions},
    )


# -- helpers ------------------------------------------------------------------------------


def _nearest(name: str, choices: tuple[str, ...] | list[str]) -> list[str]:
    """Did-you-mean candidates: a case-insensitive match first, then close spellings."""
    return did_you_mean(name, choices, 3, 0.7)


def _shown(node: Node) -> str:
    return node.text if isinstance(node, Scalar) else "a collection"


def _heat_str(value: Any) -> str:
    """The default as Heat prints it in its message (Python's str())."""
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."
