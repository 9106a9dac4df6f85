"""2xxx: parameter definitions and their defaults.

Heat reads a parameter with HOTParamSchema (hot/parameters.py): it checks the
keys, the type, each constraint entry (``parameter_constraints``), and the
default against the constraints. parameter_groups are checked by
ParameterGroups.validate (``parameter_groups``). Facts: heat-27-facts.md
§3d-§3g, §5, §6.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .... import spec
from ....document import Mapping, Node, QuickFix, Scalar, Sequence, walk
from ....spec.parameters import CFN_PARAMETER_TYPES
from ...codes import define
from ...entry_findings import judge_entries
from ...evaluation.parameter_constraints import ConstraintInForce, check_constraints
from ...model.template import Entry, TemplateModel
from ...report import Reporter
from ...values import parameter_values as values
from ...wording import as_written, nearest_names, yaml_text
from ..context import RuleContext
from ..phases import MODEL

AREA = "parameters"

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E2001 = define(
    "E2001",
    "A parameter has no `type`.",
    "parameters:\n  p: {default: x}",
    AREA,
    slug="parameter-without-type",
    why="Every parameter needs a type: Heat fails with 'Missing parameter type for parameter: p'.",
    instead="parameters:\n  p: {type: string, default: x}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E2002 = define(
    "E2002",
    "A parameter type Heat does not know (types are lowercase: `String` is CloudFormation spelling).",
    "parameters:\n  p: {type: String}",
    AREA,
    slug="unknown-parameter-type",
    why="Type names are case-sensitive: string, number, comma_delimited_list, json, boolean. Anything else "
    "fails with 'Invalid type (String)'.",
    instead="parameters:\n  p: {type: string}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E2003 = define(
    "E2003",
    "A key a parameter definition cannot have in this version (e.g. `required`, `Default`, `tags` before 2018-03-02).",
    "parameters:\n  p: {type: string, required: true}",
    AREA,
    slug="unknown-parameter-key",
    why="Heat checks the keys of each parameter definition against its version's schema: 'Invalid key "
    "'required' for parameter (p)'.",
    instead="parameters:\n  p: {type: string}  # a parameter with no default is the required one",
    heat_step="stack validate",
    phase=PHASE.name,
    safe_fix="spelling",
)
E2004 = define(
    "E2004",
    "A parameter definition that is not a mapping.",
    "parameters:\n  p: string",
    AREA,
    slug="parameter-not-a-mapping",
    why="A parameter definition is a map of its keys (type, default, ...): a bare value fails with 'Invalid "
    "parameter (p), expected a mapping'.",
    instead="parameters:\n  p: {type: string}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E2011 = define(
    "E2011",
    "A default that is not a valid value of the parameter's type.",
    "parameters:\n  p: {type: number, default: ten}",
    AREA,
    slug="default-wrong-type",
    why="Heat converts the default to the parameter's type when it reads the parameters: 'ten' is no number, "
    "so the stack fails with the conversion's message.",
    instead="parameters:\n  p: {type: number, default: 10}",
    heat_step="stack create: parameter validation",
    phase=PHASE.name,
)
E2012 = define(
    "E2012",
    "A default that breaks the parameter's own constraints (custom_constraint aside).",
    "parameters:\n  p:\n    type: string\n    default: c\n    constraints:\n      - allowed_values: [a, b]",
    AREA,
    slug="default-breaks-constraint",
    why="Heat checks the default against every constraint but custom_constraint, even when a value is given: "
    "'Invalid default c (\"c\" is not an allowed value [a, b])'.",
    instead="parameters:\n  p:\n    type: string\n    default: a\n    constraints:\n      - allowed_values: [a, b]",
    heat_step="stack create: parameter validation",
    phase=PHASE.name,
)
E2022 = define(
    "E2022",
    "The value Heat would use for a parameter (its default, or a value an environment gives) breaks one of its "
    "constraints: a custom_constraint Heat checks offline (ip_addr, net_cidr, ...), or any constraint for a given value.",
    "parameters:\n  cidr:\n    type: string\n    default: 10.0.3.0/24,\n    constraints:\n"
    "      - custom_constraint: net_cidr",
    AREA,
    slug="parameter-value-breaks-constraint",
    why="Before it creates the stack Heat validates each parameter's value (strict validation) against its "
    "constraints, the offline custom ones too: the create fails with 'Parameter 'cidr' is invalid: ...'.",
    instead="parameters:\n  cidr:\n    type: string\n    default: 10.0.3.0/24\n    constraints:\n      - custom_constraint: net_cidr",
    heat_step="stack create: parameter validation",
    phase=PHASE.name,
)
E2016 = define(
    "E2016",
    "A parameter's `tags` is not a list.",
    "parameters:\n  p: {type: string, tags: role}",
    AREA,
    slug="tags-not-a-list",
    why="From 2018-03-02 a parameter's tags must be a list: 'Tags property should be a list for parameter: p'.",
    instead="parameters:\n  p: {type: string, tags: [role]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W2017 = define(
    "W2017",
    "`hidden` or `immutable` is not a boolean: Heat tests truthiness, so `hidden: 'no'` hides the parameter.",
    "parameters:\n  p: {type: string, hidden: 'no'}",
    AREA,
    slug="flag-not-boolean",
    why="Heat does not type-check hidden and immutable: it tests truthiness, so the string 'no' hides the parameter.",
    instead="parameters:\n  p: {type: string, hidden: false}",
    heat_step="none: Heat reads it as true",
    phase=PHASE.name,
)
W2019 = define(
    "W2019",
    "A default containing a function call: defaults are not parsed, so it stays literal data.",
    "parameters:\n  p:\n    type: json\n    default: {get_param: other}",
    AREA,
    slug="function-in-default",
    why="Heat never parses functions in the parameters section: the default is the literal map {get_param: "
    "other}, not the other parameter's value.",
    instead="(give the value itself, or read both parameters where the value is used)",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)
W2020 = define(
    "W2020",
    "A parameter named like a Heat pseudo-parameter (OS::stack_id, ...) replaces Heat's value.",
    "parameters:\n  OS::stack_name: {type: string}",
    AREA,
    slug="parameter-shadows-pseudo",
    why="A declared parameter named like OS::stack_name replaces the value Heat would give: get_param then "
    "returns what the user passed, not the stack's own name.",
    instead="parameters:\n  stack_label: {type: string}",
    heat_step="none: Heat uses the declared one",
    phase=PHASE.name,
)

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


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    # Each parameter is judged from itself and the version alone: an unchanged one keeps its findings.
    judge_entries(model, report, check, model.parameters.values(), partial(_check_parameter, model))


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
    effective = check_constraints(model, entry, body, param_type, report)
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
        data = QuickFix(fix="replace", text=f"{{type: {value.value}}}")
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
                QuickFix(fix="raise_version", version=since),
            )
            continue
        message, suggestions = _unknown_key_advice(key, allowed)
        report(
            E2003,
            pair.key,
            f"Invalid key '{as_written(pair.key)}' for parameter ({entry.name}). {message}",
            _unknown_key_data(key, suggestions),
        )


def _unknown_key_data(key: Any, suggestions: list[str]) -> QuickFix:
    if suggestions:
        return QuickFix(suggestions=suggestions)
    if _CFN_KEYS.get(key) == "constraints":
        return QuickFix(suggestions=[])  # the content must move into `constraints`, not vanish
    return QuickFix(suggestions=[], fix="remove_key")


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
    near = nearest_names(key, allowed)
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
            QuickFix(fix="add_key", key="type", value="string"),
        )
        return None
    node = pair.value
    value = node.value if isinstance(node, Scalar) else None
    if isinstance(value, str) and value in spec.PARAMETER_TYPES:
        return value
    at = node if isinstance(node, Scalar) and node.value is not None else pair.key
    shown = as_written(node) if isinstance(node, Scalar) else "a collection"
    suggestions = _type_suggestions(value) if isinstance(value, str) else []
    if isinstance(value, str) and value in CFN_PARAMETER_TYPES:
        advice = f"`{value}` is CloudFormation spelling; HOT types are lowercase: `{suggestions[0]}`."
    elif suggestions:
        advice = f"Did you mean `{suggestions[0]}`?"
    else:
        advice = f"Valid types: {', '.join(spec.PARAMETER_TYPES)}."
    # Offered as fixes: the types that read the default as written (`type: list` with `default: public` would make
    # it ['public'] and feed a list where the template uses a string; which type is meant is the user's).
    # A misspelling of a type (or its CloudFormation spelling) is offered as written; a word for a type of another
    # language (`list`, `integer`) only when the default shows that type: the template may use it as another.
    default = body.get("default")
    habit = isinstance(value, str) and value.strip().lower().replace("-", "").replace(" ", "") in _TYPE_HABITS
    misspelt = isinstance(value, str) and (value in CFN_PARAMETER_TYPES or not habit)
    kept = [
        name
        for name in suggestions
        if (default is None and misspelt) or (default is not None and _keeps(default, name))
    ]
    report(E2002, at, f"Invalid type ({shown}) for parameter `{entry.name}`. {advice}", QuickFix(suggestions=kept))
    return None


def _keeps(default: Node, type_name: str) -> bool:
    """Whether a parameter of ``type_name`` takes ``default`` as the value it is written as."""
    if isinstance(default, Mapping):
        return type_name == "json"
    if isinstance(default, Sequence):
        return type_name in ("comma_delimited_list", "json")
    value = default.value if isinstance(default, Scalar) else None
    if isinstance(value, bool):
        return type_name == "boolean"
    if isinstance(value, int | float):
        return type_name in ("number", "string")
    if isinstance(value, str):
        return type_name == "string" or (type_name == "comma_delimited_list" and "," in value)
    return True  # null: no default to keep


def _type_suggestions(value: str) -> list[str]:
    if value in CFN_PARAMETER_TYPES:
        return [CFN_PARAMETER_TYPES[value]]
    lowered = value.strip().lower()
    if lowered in spec.PARAMETER_TYPES:
        return [lowered]
    habit = _TYPE_HABITS.get(lowered.replace("-", "").replace(" ", ""))
    if habit:
        return [habit]
    return nearest_names(lowered, tuple(spec.PARAMETER_TYPES))


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
            QuickFix(fix="replace", text=str(meant if meant is not None else truthy).lower()),
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
    fix = (
        QuickFix(fix="replace", text=f"[{node.text}]") if isinstance(node, Scalar) and node.value is not None else None
    )
    report(
        E2016,
        at,
        f"Tags property should be a list for parameter: {entry.name}. Write `tags: [a, b]`.",
        fix,
    )


# -- default ------------------------------------------------------------------------


def _check_default(
    model: TemplateModel, body: Mapping, param_type: str | None, effective: list[ConstraintInForce], report: Reporter
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
    fix: QuickFix | None = None
    for constraint in effective:
        failure = values.constraint_failure(constraint.kind, constraint.definition, param_type, checked)
        if failure is not None:
            if fix is None and isinstance(node, Scalar):
                fix = _default_fix(param_type, checked, effective)
            report(
                E2012,
                at,
                f"Invalid default {_heat_str(default)} ({failure}): the default breaks the `{constraint.kind}` "
                "constraint. Heat checks the default against every constraint but custom_constraint, even "
                "when a value is supplied; change the default or the constraint.",
                fix,
            )


def _default_fix(param_type: str, default: Any, effective: list[ConstraintInForce]) -> QuickFix | None:
    """The default moved into its constraints (the nearest allowed value, the range's bound...), when one value
    meets them all."""
    value = default
    for _ in range(3):  # a bound then a modulo may need a second look
        failing = [c for c in effective if values.constraint_failure(c.kind, c.definition, param_type, value)]
        if not failing:
            return QuickFix(fix="replace", text=yaml_text(value))
        value = values.nearest_valid(failing[0].kind, failing[0].definition, param_type, value)
        if value is None:
            return None
    return None


def _type_message(param_type: str, node: Node, problem: str) -> str:
    shown = as_written(node) if isinstance(node, Scalar) else "this mapping or list"
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


# -- helpers ------------------------------------------------------------------------------


def _heat_str(value: Any) -> str:
    """The default as Heat prints it in its message (Python's str())."""
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."
