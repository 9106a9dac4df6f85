"""4xxx: intrinsic functions: availability per version and context, arguments, references.

Heat finds a call only where a one-key mapping's key is a function of the
template's version *in that context* (facts §0); anything else is literal
data, silently. So a misspelt, too-new or CloudFormation name is reported
here from the model's look-alikes: as a warning where Heat deploys the
literal, as an error where Heat fails (removed names, normal functions in a
condition, shapes Heat refuses). Each function judges its own arguments (``analysis/functions``); the
faults it finds are reported here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from .... import spec
from ....document import Mapping, Node, QuickFix, Scalar, Sequence, walk
from ....document.pauses import pause_point
from ....spec.parameters import CFN_PSEUDO_PARAMETERS
from ...codes import define
from ...entry_findings import judge_entries
from ...functions import invalid_in_context, not_supported
from ...model.template import (
    Entry,
    FunctionCall,
    LookAlike,
    TemplateModel,
    Where,
    looks_like_function,
    typo_of_function,
)
from ...report import AT_DEPENDS, AT_PARSE, AT_RESOLVE, AT_VALIDATE, DEPENDS_OR_VALIDATE, Needs, Reporter
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL
from .reference_fixes import plain_misspellings, resource_candidates

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E4001 = define(
    "E4001",
    "A condition function of a later template version where Heat needs a condition: the literal map is no condition.",
    "heat_template_version: 2016-10-14\nconditions:\n  c: {contains: [a, [a, b]]}\nresources:\n"
    "  r: {type: OS::Heat::None, condition: c}",
    "functions",
    slug="condition-function-too-new",
    why="In this version the name is no condition function, so Heat's condition parser refuses the map: 'The "
    'function "contains" is invalid in this context\', or reads it as no condition at all.',
    instead="heat_template_version: 2017-09-01",
    heat_step="template parse",
    phase=PHASE.name,
)
W4001 = define(
    "W4001",
    "A function of a later template version: Heat reads the mapping as literal data, not as a call.",
    "heat_template_version: 2015-04-30\noutputs:\n  o:\n    value: {str_split: [',', 'a,b']}",
    "functions",
    slug="function-too-new",
    why="A function of a later version is not in this version's table: Heat keeps the one-key map as literal "
    "data, so the output is {'str_split': [...]}, not the split list.",
    instead="heat_template_version: 2015-10-15",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)
E4002 = define(
    "E4002",
    "A CloudFormation function this version removed: Heat says it is not supported in this version of HOT.",
    "heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {Fn::Join: [',', [a, b]]}",
    "functions",
    slug="removed-cfn-function",
    why="The CloudFormation functions were removed from HOT in 2014-10-16: 'The template version is invalid: "
    "The function Fn::Join is not supported in this version of HOT.'",
    instead="    value: {list_join: [',', [a, b]]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W4003 = define(
    "W4003",
    "A CloudFormation name that is not a HOT function (Fn::GetAtt, Fn::If, ...): Heat keeps it as literal data.",
    "resources:\n  server: {type: OS::Nova::Server}\noutputs:\n  o:\n    value: {Fn::GetAtt: [server, first_address]}",
    "functions",
    slug="cfn-function",
    why="Fn::GetAtt, Fn::If and the like were never HOT functions: Heat keeps the map as literal data, with no error.",
    instead="    value: {get_attr: [server, first_address]}",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)
W4004 = define(
    "W4004",
    "A misspelt function name: Heat keeps the mapping as literal data.",
    "parameters:\n  image: {type: string}\noutputs:\n  o:\n    value: {get_parm: image}",
    "functions",
    slug="misspelt-function",
    why="A map whose one key is not a function name is data: Heat passes {'get_parm': 'image'} on, with no error.",
    instead="    value: {get_param: image}",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)
W4005 = define(
    "W4005",
    "A condition function (equals, not, and, or) outside conditions: Heat keeps it as a literal mapping.",
    "parameters:\n  env: {type: string}\noutputs:\n  o:\n    value: {equals: [{get_param: env}, prod]}",
    "functions",
    slug="condition-function-outside-conditions",
    why="equals, not, and and or are condition functions only: in a property or an output Heat keeps the map "
    "as literal data.",
    instead="conditions:\n  is_prod: {equals: [{get_param: env}, prod]}\noutputs:\n  o:\n    value: {if: [is_prod, yes, no]}",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)
E4006 = define(
    "E4006",
    "A normal function (or `if`) where Heat expects a condition: 'The function X is invalid in this context'.",
    "conditions:\n  c: {equals: [{get_attr: [r, a]}, 1]}",
    "functions",
    slug="function-invalid-in-condition",
    why="Heat's condition parser maps every normal function to Invalid: 'The function \"get_attr\" is invalid in "
    "this context', at parse time.",
    instead="conditions:\n  c: {equals: [{get_param: size}, 1]}",
    heat_step="template parse",
    phase=PHASE.name,
)
E4008 = define(
    "E4008",
    "get_param names a parameter the template does not declare.",
    "parameters:\n  flavor: {type: string}\noutputs:\n  o:\n    value: {get_param: flavour}",
    "functions",
    slug="unknown-parameter",
    why="GetParam looks the name up when it resolves the value: an undeclared name fails with 'The Parameter "
    "(flavour) was not provided.'",
    instead="    value: {get_param: flavor}",
    heat_step="resource create / output show (the value is resolved)",
    phase=PHASE.name,
)
E4009 = define(
    "E4009",
    "get_resource or get_attr (or Ref in 2013-05-23) names a resource the template does not define, or one its "
    "condition leaves out.",
    "resources:\n  server: {type: OS::Nova::Server}\noutputs:\n  o:\n    value: {get_attr: [servr, first_address]}",
    "functions",
    slug="unknown-resource",
    why='get_resource and get_attr of a name no (enabled) resource has fail: \'The specified reference "servr" '
    "(in unknown) is incorrect.'",
    instead="    value: {get_attr: [server, first_address]}",
    heat_step="stack validate (dependencies)",
    phase=PHASE.name,
)
E4010 = define(
    "E4010",
    "A function where Heat forbids it: a resource type, depends_on or description, or get_attr/get_resource in deletion_policy.",
    "resources:\n  r:\n    type: {get_param: rtype}",
    "functions",
    slug="function-not-allowed-here",
    why="Some fields are never parsed for functions, or are resolved before resources exist: a function in "
    "`type` must give a string at once ('Resource r type type must be string').",
    instead="    type: OS::Nova::Server  # or map a custom type in an environment",
    heat_step="stack validate",
    phase=PHASE.name,
)
E4013 = define(
    "E4013",
    "A misspelt or CloudFormation function name where Heat expects a condition: the literal map is no condition.",
    "conditions:\n  prod: {equal: [{get_param: env}, prod]}",
    "functions",
    slug="misspelt-condition-function",
    why="Where Heat needs a condition, a map that calls no condition function is not a condition. As a whole "
    "definition Heat refuses it when it validates every condition, used or not ('Condition validation error: The "
    "definition of condition \"prod\" is invalid'); elsewhere when it resolves it ('Invalid condition').",
    instead="conditions:\n  prod: {equals: [{get_param: env}, prod]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E4007 = define(
    "E4007",
    "A function's arguments have the wrong shape or a literal argument of the wrong type for this version.",
    "outputs:\n  o:\n    value: {list_join: [',', 'a,b']}",
    "functions",
    slug="bad-function-arguments",
    why="Each function checks its arguments when Heat validates the template: list_join needs a delimiter and "
    "a list ('Incorrect arguments to \"list_join\"').",
    instead="    value: {list_join: [',', [a, b]]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W4011 = define(
    "W4011",
    "get_attr given a one-character string instead of a list: Heat accepts it only by accident.",
    "resources:\n  r: {type: OS::Heat::None}\noutputs:\n  o:\n    value: {get_attr: r}",
    "functions",
    slug="get-attr-string",
    why="get_attr takes a list; a one-character string works only because Python iterates it like a list of one.",
    instead="    value: {get_attr: [r, show]}",
    heat_step="none: accepted by accident",
    phase=PHASE.name,
)
W4012 = define(
    "W4012",
    "repeat's `permutations` before 2017-09-01: Heat ignores the key and loops over every combination.",
    "heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}",
    "functions",
    slug="permutations-too-new",
    why="repeat's permutations arrived in 2017-09-01: before it Heat ignores the key and loops over every combination.",
    instead="heat_template_version: 2017-09-01",
    heat_step="none: Heat ignores the key",
    phase=PHASE.name,
)
W4014 = define(
    "W4014",
    "A get_param path item that is neither a string nor an integer: Heat quietly returns an empty string.",
    "parameters:\n  p: {type: json}\noutputs:\n  o:\n    value: {get_param: [p, 1.5]}",
    "functions",
    slug="bad-get-param-path",
    why="GetParam walks the path with each item as a key or an index: a float matches nothing, and Heat "
    "quietly returns an empty string.",
    instead="    value: {get_param: [p, 1]}",
    heat_step="none: Heat returns ''",
    phase=PHASE.name,
)
W4015 = define(
    "W4015",
    "A function written where Heat never evaluates functions (a parameter default, an output description).",
    "parameters:\n  p:\n    type: json\n    default: {get_param: other}",
    "functions",
    slug="function-never-evaluated",
    why="Heat parses functions only in resources, outputs' values and conditions: elsewhere (a default, a "
    "description) the call stays literal text.",
    instead="(write the value itself there)",
    heat_step="none: kept as literal data",
    phase=PHASE.name,
)

# Functions that need a resource to exist; deletion_policy is resolved before any does.
_NEEDS_RESOURCES = ("get_resource", "get_attr")

# What to write instead of a removed CFN name that has no one-to-one HOT function.
_NO_EQUIVALENT: dict[str, str] = {
    "Fn::Select": "use a path in get_attr or get_param, or str_split with an index",
    "Fn::Base64": "drop it: Heat returns the string unchanged",
    "Fn::GetAZs": "HOT has no equivalent; pass availability zones as a parameter",
    "Fn::MemberListToMap": "HOT has no equivalent",
    "Fn::FindInMap": "HOT has no mappings; use a json parameter with get_param and a path",
}


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    positions: set[int] | None = None  # built only when a look-alike sits in a condition context (rare)
    for look in model.look_alikes:
        if look.context == "condition" and positions is None:
            positions = _condition_positions(model)
        _look_alike(model, report, look, positions or set())
    pause_point()
    for node_id, faults in model.argument_faults().items():
        for fault in faults:
            needs = frozenset(fault.phase.split("|"))  # the step (or either step, "depends|validate") meeting it
            report(fault.code, (fault.start, fault.end), fault.message, fault.data, needs=needs)
        if any(fault.code.startswith("E") for fault in faults):
            report.covered.add(node_id)  # the call's node: the evaluation rules leave its faults to these
    for call in model.calls:
        if call.where.field == "deletion_policy" and call.name in _NEEDS_RESOURCES:
            _dynamic_deletion_policy(report, call)
    pause_point()
    _references(model, report)
    _cfn_refs(model, report)
    _unevaluated_places(model, report)


# -- look-alikes: names Heat does not call here --------------------------------------


def _condition_positions(model: TemplateModel) -> set[int]:
    """Nodes where Heat expects a condition (a name, a bool or a condition function)."""
    ids = {id(entry.value) for entry in model.conditions.values()}
    for entries in (model.resources, model.outputs):
        for entry in entries.values():
            node = entry.get("condition")
            if node is not None:
                ids.add(id(node))
    for call in model.calls:
        references = call.function.references
        if references is not None and references.kind == "condition":
            ids.update(id(node) for node in references.nodes(call.args))
    return ids


def _look_alike(model: TemplateModel, report: Reporter, look: LookAlike, positions: set[int]) -> None:
    if look.context == "normal":
        _normal_look_alike(model, report, look)
    elif model.has_feature("conditions"):
        # Before 2016-10-14 there are no conditions at all; the section or key is reported elsewhere.
        _condition_look_alike(model, report, look, id(look.node) in positions)


def _normal_look_alike(model: TemplateModel, report: Reporter, look: LookAlike) -> None:
    name, version = look.name, model.version
    availability = spec.function_availability(name, version)
    if availability == "not_yet":
        _too_new(model, report, look, spec.FUNCTIONS[name].since)
    elif availability == "removed":
        _removed(model, report, look)
    elif availability == "condition_only":
        since = spec.FUNCTIONS[name].condition_since or ""
        later = "" if model.has_feature("conditions") else f" (and conditions need heat_template_version {since})"
        report(
            W4005,
            look.key,
            f"`{name}` is a condition function: in {look.where.dotted()} Heat keeps `{name}:` as a literal "
            f"mapping, not true or false. Define the condition in the `conditions` section and choose values "
            f"with `if: [condition, value_if_true, value_if_false]`{later}.",
        )
    elif _is_cfn(name):
        _cfn_name(model, report, look, W4003, "Heat keeps it as literal data")
    else:
        _typo(model, report, look, W4004, "Heat keeps the mapping as literal data")


def _condition_look_alike(model: TemplateModel, report: Reporter, look: LookAlike, at_condition: bool) -> None:
    name, version = look.name, model.version
    availability = spec.condition_function_availability(name, version)
    function = spec.FUNCTIONS.get(name)
    refused = _refused_condition(model, look) if at_condition else None
    if availability == "removed":
        _removed(model, report, look)
    elif availability == "not_yet" and function is not None and function.condition_since:
        _too_new(model, report, look, function.condition_since, " as a condition function", refused)
    elif availability in ("invalid", "not_yet"):
        _invalid_in_condition(model, report, look)
    elif _is_cfn(name):
        if refused is not None:
            _cfn_name(model, report, look, E4013, refused)
        else:
            _cfn_name(model, report, look, W4003, "Heat keeps it as literal data")
    elif refused is not None:
        _typo(model, report, look, E4013, refused)
    else:
        _typo(model, report, look, W4004, "Heat keeps the mapping as literal data")


@dataclass(frozen=True, slots=True)
class _Refused:
    """How Heat refuses a literal map where it needs a condition, and the step that meets it."""

    effect: str
    needs: Needs
    heat: str = ""  # Heat's words, when it refuses the definition itself


def _refused_condition(model: TemplateModel, look: LookAlike) -> _Refused:
    """A whole condition definition is checked when Heat validates the conditions, every one, used or not
    (``Conditions.validate``: a definition must be a boolean or a function); anywhere else the literal map is
    refused only when the condition is resolved, as a name it does not define."""
    where = look.where
    entry = model.conditions.get(where.entry) if where.section == "conditions" else None
    if entry is None or entry.value is not look.node:
        return _Refused("as a condition Heat refuses the literal map ('Invalid condition')", AT_RESOLVE)
    heat = (
        f'Condition validation error: The definition of condition "{where.entry}" is invalid: {_python_text(look.node)}'
    )
    return _Refused(f"as a condition definition Heat refuses the literal map ({heat})", AT_VALIDATE, heat)


def _python_text(node: Node) -> str:
    """A node as Heat's message prints the parsed value (Python's repr)."""
    try:
        return repr(node.to_python())
    except Exception:  # noqa: BLE001 - only for a message
        return node.text if isinstance(node, Scalar) else "..."


def _is_cfn(name: str) -> bool:
    return name in spec.CFN_ONLY_NAMES or name.startswith("Fn::")


def _too_new(
    model: TemplateModel,
    report: Reporter,
    look: LookAlike,
    since_date: str,
    role: str = "",
    refused: _Refused | None = None,
) -> None:
    """Heat keeps the mapping as data: harmless data in a value (a typed property refuses it, and says so), but
    where a condition is needed Heat fails on it (``refused``: how, and when)."""
    since = spec.version_named(since_date)
    if look.context != "condition":
        effect = "plain data, so the value would be the literal mapping"
    elif refused is not None and refused.heat:
        effect = f"a literal map, which is no condition ({refused.heat})"
    else:
        effect = "a literal map, which is no condition"
    report(
        E4001 if refused is not None else W4001,
        look.key,
        f"`{look.name}` is available{role} from heat_template_version {since.label}; in this "
        f"{model.version.date} template Heat reads `{look.name}:` as {effect}. Raise heat_template_version "
        f"to {since.date} or later.",
        QuickFix(fix="raise_version", version=since.date),
        needs=refused.needs if refused is not None else None,
    )


def _removed(model: TemplateModel, report: Reporter, look: LookAlike) -> None:
    name = look.name
    function = spec.FUNCTIONS[name]
    replacement = _cfn_replacement(model, look)
    advice = f"Use `{replacement}` instead." if replacement else _NO_EQUIVALENT.get(name, "HOT has no equivalent") + "."
    data = (
        QuickFix(suggestions=[replacement], fix="replace", text=replacement)
        if replacement
        else QuickFix(suggestions=[])
    )
    report(
        E4002,
        look.key,
        f"`{name}` was removed from HOT in {function.removed_in}. Heat says: "
        f"{not_supported(name).split(': ', 1)[1]} {advice[0].upper()}{advice[1:]}",
        data,
        needs=AT_VALIDATE,  # Removed.validate() raises it
    )


def _cfn_replacement(model: TemplateModel, look: LookAlike) -> str:
    """The HOT function to write instead of a CFN name ('' when none fits here)."""
    hot = spec.CFN_ONLY_NAMES.get(look.name, "")
    if look.name == "Ref":
        target = look.args.value if isinstance(look.args, Scalar) else None
        hot = "get_resource" if target in model.resources else "get_param"
    return hot if " or " not in hot else ""


def _cfn_name(model: TemplateModel, report: Reporter, look: LookAlike, code: str, effect: str | _Refused) -> None:
    name = look.name
    hot = _cfn_replacement(model, look)
    if hot:
        advice = f" Use `{hot}`{_availability_note(model, look.context, hot)}."
        data = QuickFix(suggestions=[hot], fix="replace", text=hot)
    else:
        advice = f" {_NO_EQUIVALENT.get(name, 'HOT has no equivalent').capitalize()}."
        data = QuickFix(suggestions=[])
    # At a condition's place Heat refuses the literal map (``_Refused``); elsewhere it is data.
    needs = effect.needs if isinstance(effect, _Refused) else None
    said = effect.effect if isinstance(effect, _Refused) else effect
    report(code, look.key, f"`{name}` is CloudFormation syntax, not a HOT function: {said}.{advice}", data, needs=needs)


def _availability_note(model: TemplateModel, context: str, name: str) -> str:
    """Why the suggested function may still not work here (version or context)."""
    function = spec.FUNCTIONS.get(name)
    if function is None:
        return ""
    if context == "normal" and not function.normal:
        return " (a condition function: it works only in conditions)"
    if context == "normal" and spec.function_availability(name, model.version) == "not_yet":
        return f" (needs heat_template_version {function.since})"
    if context == "condition" and spec.condition_function_availability(name, model.version) == "not_yet":
        return f" (needs heat_template_version {function.condition_since or function.since})"
    return ""


def _typo(model: TemplateModel, report: Reporter, look: LookAlike, code: str, effect: str | _Refused) -> None:
    name = look.name
    meant = typo_of_function(name, model.version)
    if meant is None:
        return
    condition = look.context == "condition"
    others = spec.nearest_function_names(name, model.version, 3, condition=condition)
    suggestions = [meant] + [other for other in others if other != meant]
    note = _availability_note(model, look.context, meant)
    if condition and spec.condition_function_availability(meant, model.version) == "invalid":
        note = " (but it is not a condition function)"
    report(
        code,
        look.key,
        f"`{name}` is not a function: {effect.effect if isinstance(effect, _Refused) else effect}. "
        f"Did you mean `{meant}`{note}?",
        QuickFix(suggestions=suggestions[:3], fix="replace", text=meant),
        needs=effect.needs if isinstance(effect, _Refused) else None,
    )


def _invalid_in_condition(model: TemplateModel, report: Reporter, look: LookAlike) -> None:
    name = look.name
    allowed = ", ".join(sorted(spec.condition_functions_for(model.version)))
    function = spec.FUNCTIONS.get(name)
    data: QuickFix | None = None
    if name == "if":
        advice = "Combine conditions with and, or and not instead."
    elif function is not None and function.condition_since:
        advice = f"It is a condition function from heat_template_version {function.condition_since}."
        data = QuickFix(fix="raise_version", version=function.condition_since)
    else:
        advice = f"Conditions may use only {allowed}; compute other values in a parameter."
    report(
        E4006,
        look.key,
        f"`{name}` cannot be used in a condition ({look.where.dotted()}). Heat says: {invalid_in_context(name)}. "
        f"{advice}",
        data,
        needs=AT_PARSE,
    )


# -- references by name ----------------------------------------------------------------


def _references(model: TemplateModel, report: Reporter) -> None:
    for ref in model.references:
        if ref.via == "get_param":
            _parameter_reference(model, report, ref.name, ref.node)
        elif (
            ref.via in ("get_resource", "get_attr")
            and ref.name
            and ref.name not in model.resources
            and _resource_name_form(model, ref.call)
        ):
            _unknown_resource(model, report, ref.name, ref.node, ref.call, ref.where)


def _resource_name_form(model: TemplateModel, call: FunctionCall | None) -> bool:
    """False for a get_attr whose string argument E4007 already refuses."""
    if call is None or call.name != "get_attr" or not isinstance(call.args, Scalar):
        return True
    value = call.args.value
    return isinstance(value, str) and len(value) == 1 and model.has_feature("get_attr_all_attributes")


def _parameter_reference(model: TemplateModel, report: Reporter, name: str, node: Scalar) -> None:
    if not name or name in model.parameters or name in spec.PSEUDO_PARAMETERS:
        return
    unusable = spec.UNUSABLE_PSEUDO_PARAMETERS.get(name)
    if unusable is not None:
        report(E4008, node, f"`{name}` cannot be read: {unusable}", needs=AT_RESOLVE)
        return
    suggestions = _parameter_suggestions(model, name)
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    close = suggestions if name in CFN_PSEUDO_PARAMETERS else plain_misspellings(name, suggestions)
    report(
        E4008,
        node,
        f"The parameter `{name}` is not declared in `parameters`; Heat fails with "
        f"'The Parameter ({name}) was not provided'.{hint} Declare it, or fix the name.",
        QuickFix(fix="declare_parameter", name=name, suggestions=close),
        needs=AT_RESOLVE,  # GetParam looks the name up when it resolves
    )


def _parameter_suggestions(model: TemplateModel, name: str) -> list[str]:
    hot = CFN_PSEUDO_PARAMETERS.get(name)
    if hot:
        return [hot]
    return did_you_mean(name, [*model.parameters, *spec.PSEUDO_PARAMETERS])


def _unknown_resource(
    model: TemplateModel, report: Reporter, name: str, node: Scalar, call: FunctionCall | None, where: Where
) -> None:
    via = call.name if call is not None else "get_resource"
    # Heat finds a missing resource when it computes an enabled resource's dependencies, and get_attr's
    # validate() finds it too (so in an output as well); get_resource in an output fails only when shown.
    needs = DEPENDS_OR_VALIDATE if via == "get_attr" else AT_DEPENDS
    others = resource_candidates(model, where, call)
    if name in model.parameters:
        report(
            E4009,
            node,
            f"`{name}` is a parameter, not a resource: {via} reads resources only. Use get_param to read a parameter.",
            QuickFix(
                fix="replace",
                text="get_param",
                at=(call.key.start, call.key.end) if call is not None else (node.start, node.end),
                suggestions=did_you_mean(name, others),
            ),
            needs=needs,
        )
        return
    suggestions = did_you_mean(name, others)
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    report(
        E4009,
        node,
        f"No resource named `{name}` in this template ({via} in {where.dotted()}). Heat says: The specified "
        f'reference "{name}" is incorrect.{hint}',
        QuickFix(suggestions=suggestions),
        needs=needs,
    )


def _cfn_refs(model: TemplateModel, report: Reporter) -> None:
    """Ref (2013-05-23): a resource if one has the name, else a parameter."""
    for call in model.calls:
        if call.name != "Ref" or not isinstance(call.args, Scalar):
            continue
        name = call.args.value
        if not isinstance(name, str) or not name:
            continue
        if name in model.resources or name in model.parameters or name in spec.PSEUDO_PARAMETERS:
            continue
        suggestions = did_you_mean(name, [*model.resources, *model.parameters])
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
        report(
            E4009,
            call.args,
            f'`{name}` is neither a resource nor a parameter of this template. Heat says: The specified reference "{name}" is incorrect.{hint}',
            QuickFix(suggestions=suggestions),
            # A name no resource has makes Ref a ParamRef: no dependency, a failure only when it is resolved.
            needs=AT_RESOLVE,
        )


# -- places where Heat does not evaluate functions ---------------------------------------


def _dynamic_deletion_policy(report: Reporter, call: FunctionCall) -> None:
    report(
        E4010,
        call.key,
        f"`{call.name}` cannot be used in deletion_policy: Heat resolves the policy while it reads the "
        "template, before any resource exists (it fails with a recursion error). Write Delete, Retain or "
        "Snapshot, or use get_param.",
    )


def _unevaluated_places(model: TemplateModel, report: Reporter) -> None:
    # Each finding reads its entry and the version only: an unchanged entry takes the earlier model's.
    version = model.version
    judge_entries(
        model, report, _unevaluated_resource, model.resources.values(), partial(_unevaluated_resource, version)
    )
    judge_entries(model, report, _computed_default, model.parameters.values(), partial(_computed_default, version))
    judge_entries(model, report, _computed_description, model.outputs.values(), partial(_computed_description, version))


def _unevaluated_resource(version: spec.TemplateVersion, entry: Entry, report: Reporter) -> None:
    body, name = entry.body, entry.name
    if body is None:
        return
    _forbidden(report, body.get("type"), version, f"Resource {name} type type must be string", "type")
    _forbidden(
        report, body.get("description"), version, f"Resource {name} description type must be string", "description"
    )
    depends = body.get("depends_on")
    _forbidden(report, depends, version, f"Resource {name} depends_on type must be list or string", "depends_on")
    if isinstance(depends, Sequence):
        for item in depends.items:
            _forbidden(report, item, version, f"Resource {name} depends_on must be a list of strings", "depends_on")


def _computed_default(version: spec.TemplateVersion, entry: Entry, report: Reporter) -> None:
    _literal_only(report, entry.get("default"), version, f"the default of parameter `{entry.name}`")


def _computed_description(version: spec.TemplateVersion, entry: Entry, report: Reporter) -> None:
    _literal_only(report, entry.get("description"), version, f"the description of output `{entry.name}`")


def _call_name(node: Node | None, version: spec.TemplateVersion) -> Scalar | None:
    """The key of a mapping written like a function call, if it is one."""
    if not isinstance(node, Mapping) or len(node.pairs) != 1:
        return None
    key = node.pairs[0].key
    if isinstance(key, Scalar) and isinstance(key.value, str) and looks_like_function(key.value, version):
        return key
    return None


def _forbidden(report: Reporter, node: Node | None, version: spec.TemplateVersion, heat: str, where: str) -> None:
    key = _call_name(node, version)
    if key is None:
        return
    hint = {
        "type": "Write the type literally; to choose it per environment, map a custom type name in resource_registry.",
        "description": "Write the description as plain text.",
        "depends_on": "List resource names literally; get_resource and get_attr already add the dependency.",
    }[where]
    report(
        E4010,
        key,
        f"Heat does not evaluate functions in a resource's {where}, and the mapping is refused. Heat says: {heat}. {hint}",
    )


def _literal_only(report: Reporter, node: Node | None, version: spec.TemplateVersion, what: str) -> None:
    if not isinstance(node, Mapping | Sequence):
        return
    for inner in walk(node):
        key = _call_name(inner, version)
        if key is not None:
            report(
                W4015,
                key,
                f"Heat never evaluates functions in {what}: `{key.value}` stays literal data there. "
                "Compute the value where it is used (resource properties or output values).",
            )
            return
