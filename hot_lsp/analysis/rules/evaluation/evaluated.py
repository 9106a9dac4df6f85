"""8xxx: faults found by evaluating the template offline, with the values Heat would use.

The static rules judge what is written; these judge what it becomes: a ``repeat`` whose zipped lists
differ in length, a ``str_split`` index past the end, a digest algorithm Heat lacks, a strict
``str_replace`` placeholder that is missing, a condition whose value is no boolean... Each message is
Heat's own. A fault another rule already reports (it covers the call or definition: E4007 for a call whose
literal arguments its function refuses, E5003 for a condition that can never be a boolean) is not reported
again.

The values are the parameters' defaults and, when given, the environments' values: what ``openstack stack
create`` would use. A fault in an enabled resource's values is an error (Heat resolves them before it creates
the stack, and fails); where Heat does not resolve (an output's value before it is shown, an `if` branch it does
not take, a disabled resource) ``heat_reach`` makes it a warning. A fault that needs a value nobody gives (a
parameter without a default) or one known only at run time (``get_attr``) is never found: evaluation stays
symbolic there. An *empty* default (``''``, ``{}``, ``[]``) is a placeholder for a value the parent template
or the environment always passes (TripleO's ``EndpointMap``, ``ServiceNetMap``): a fault it causes is not reported.
"""

from __future__ import annotations

import json

from ....document import Scalar
from ....document.pauses import pause_point
from ...codes import define
from ...evaluation.inputs import NO_INPUTS, Inputs
from ...evaluation.render import Evaluation, evaluation, resource_enabled
from ...report import AT_DEPENDS, AT_RESOLVE, DEPENDS_OR_VALIDATE, Reporter
from ...result import Analysis
from ...stack.heat_reach import reach_of
from ...values.file_source import FileSource
from ..context import RuleContext
from ..functions.calls import E4009
from ..parameters.definitions import E2022
from ..phases import EVALUATION
from . import resolved_properties

_AREA = "evaluation"
PHASE = EVALUATION  # (rules/phases.py: when this unit runs)

E8000 = define(
    "E8000",
    "Heat fails evaluating a value (its message); with parameter defaults only, a warning naming them.",
    'parameters:\n  n: {type: number, default: 1}\noutputs:\n  o:\n    value: {str_split: [",", {get_param: n}]}',
    _AREA,
    slug="evaluation-fails",
    why="Heat evaluates the value with the same functions when it creates the resource or shows the output: it "
    "fails there with the message shown.",
    instead="    value: {str_split: [',', {get_param: list_text}]}  # a string to split",
    heat_step="resource create",
    phase=PHASE.name,
)
E8001 = define(
    "E8001",
    "repeat with `permutations: false` over lists of different lengths.",
    "parameters:\n  l: {type: comma_delimited_list, default: 'x,y'}\noutputs:\n  o:\n    value:\n      repeat:\n"
    "        for_each: {'%a%': {get_param: l}, '%b%': [z]}\n        permutations: false\n        template: '%a%%b%'",
    _AREA,
    slug="repeat-lengths-differ",
    why="repeat with permutations: false walks the lists side by side: 'For repeat, the length of for_each "
    "values should be equal if no nested loop.'",
    instead="        for_each: {'%a%': [x, y], '%b%': [z, w]}",
    heat_step="resource create",
    phase=PHASE.name,
)
W8002 = define(
    "W8002",
    "A repeat placeholder that never appears in the template (or only inside a function's arguments).",
    "outputs:\n  o:\n    value:\n      repeat:\n        for_each: {'%a%': [x, y]}\n        template: same",
    _AREA,
    slug="repeat-placeholder-unused",
    why="repeat replaces each placeholder in the template text: one that never appears there gives the same "
    "item for every value.",
    instead="        template: 'item %a%'",
    heat_step="none: Heat repeats the same text",
    phase=PHASE.name,
)
E8003 = define(
    "E8003",
    "A repeat `for_each` value that is not a list (or a map, from 2016-10-14), e.g. a string parameter.",
    "parameters:\n  s: {type: string, default: abc}\noutputs:\n  o:\n    value:\n      repeat:\n"
    "        for_each: {'%a%': {get_param: s}}\n        template: '%a%'",
    _AREA,
    slug="repeat-not-a-list",
    why='repeat loops over lists (and maps from 2016-10-14): a string fails with \'The values of the "for_each" '
    "argument to \"repeat\" must be lists' (or 'lists or maps').",
    instead="        for_each: {'%a%': [a, b, c]}",
    heat_step="resource create",
    phase=PHASE.name,
)
E8004 = define(
    "E8004",
    "A str_split index past the end of the split list.",
    'outputs:\n  o:\n    value: {str_split: [",", "a,b", 2]}',
    _AREA,
    slug="str-split-index",
    why="str_split with an index picks that item of the split list: past its end, 'Incorrect index to "
    '"str_split" should be between 0 and 1\'.',
    instead="    value: {str_split: [',', 'a,b', 1]}",
    heat_step="resource create",
    phase=PHASE.name,
)
E8005 = define(
    "E8005",
    "A digest algorithm Heat's host does not offer (or shake_*, which Heat cannot print).",
    "parameters:\n  alg: {type: string, default: sha999}\noutputs:\n  o:\n    value: {digest: [{get_param: alg}, x]}",
    _AREA,
    slug="unknown-digest",
    why="digest calls hashlib.new on Heat's host: an algorithm it lacks fails with 'Algorithm must be one of ...'.",
    instead="    value: {digest: [sha512, x]}",
    heat_step="resource create",
    phase=PHASE.name,
)
E8006 = define(
    "E8006",
    "A str_replace_strict or str_replace_vstrict placeholder that the template text does not contain.",
    "parameters:\n  t: {type: string, default: abc}\noutputs:\n  o:\n"
    "    value: {str_replace_strict: {template: {get_param: t}, params: {x: y}}}",
    _AREA,
    slug="strict-placeholder-missing",
    why="str_replace_strict and str_replace_vstrict fail when a param's key is not in the template text: 'The "
    "following params were not found in the template: x'.",
    instead="    value: {str_replace_strict: {template: 'hello x', params: {x: y}}}",
    heat_step="resource create",
    phase=PHASE.name,
)
E8007 = define(
    "E8007",
    "A str_replace_vstrict value that is null or empty.",
    "outputs:\n  o:\n    value: {str_replace_vstrict: {template: abc, params: {a: {list_concat: [[], []]}}}}",
    _AREA,
    slug="vstrict-empty-value",
    why="str_replace_vstrict refuses null or empty values: 'str_replace_vstrict has an undefined or empty "
    "value for param a, must be a defined non-empty value'.",
    instead="    value: {str_replace_vstrict: {template: abc, params: {a: b}}}",
    heat_step="resource create",
    phase=PHASE.name,
)
E8008 = define(
    "E8008",
    "A condition whose value is not a boolean (e.g. yaql or get_param giving a string).",
    "conditions:\n  c: {yaql: {expression: '$.data', data: text}}\noutputs:\n  o: {value: 1, condition: c}",
    _AREA,
    slug="condition-value-not-boolean",
    why="Heat resolves each condition to decide which resources and outputs exist: a value that is not a "
    "boolean fails with 'The definition of condition \"c\" is invalid: text'.",
    instead="conditions:\n  c: {equals: [{yaql: {expression: '$.data', data: text}}, text]}",
    heat_step="resource create",
    phase=PHASE.name,
)
W8009 = define(
    "W8009",
    "Evaluation stopped at a bound (10,000 items, 100 levels of nesting, or 3 s in all): the value is not previewed.",
    "(a repeat over two lists of 200 items each: 40,000 items)",
    _AREA,
    slug="evaluation-bound",
    why="hot-lsp stops evaluating at its bounds so the editor stays responsive; Heat has no such bound and may "
    "take long, or hit its own limits.",
    instead="(nothing to change in the template; the preview is only skipped)",
    heat_step="none: hot-lsp's own limit",
    phase=PHASE.name,
)
E8010 = define(
    "E8010",
    "A yaql expression that does not parse, or fails on its data (Heat's message).",
    "parameters:\n  e: {type: string, default: '$.data.'}\noutputs:\n  o:\n"
    "    value: {yaql: {expression: {get_param: e}, data: {}}}",
    _AREA,
    slug="yaql-fails",
    why="Heat parses and runs the yaql expression when it resolves the value: a syntax error or a failure on "
    "the data fails there with yaql's message.",
    instead="    value: {yaql: {expression: '$.data', data: {}}}",
    heat_step="resource create",
    phase=PHASE.name,
)
W8011 = define(
    "W8011",
    "A yaql expression that runs past hot-lsp's time budget (0.5 s); Heat may take as long or fail.",
    "(a yaql expression that loops for seconds)",
    _AREA,
    slug="yaql-slow",
    why="The expression ran past hot-lsp's 0.5 s budget: Heat runs it with yaql's own limits, and may take as "
    "long or fail.",
    instead="(simplify the expression or its data)",
    heat_step="none: hot-lsp's own limit",
    phase=PHASE.name,
)


def diagnostics_evaluation(analysis: Analysis, inputs: Inputs, files: FileSource | None) -> Evaluation | None:
    """The evaluation the diagnostics read: with the values ``check`` is given (defaults when none)."""
    custom = inputs != NO_INPUTS or files is not None
    return evaluation(analysis, inputs, files, key="diagnostics" if custom else "")


def check(context: RuleContext) -> None:
    report = context.report
    found = diagnostics_evaluation(context.analysis, context.inputs, context.files)
    if found is None:
        return
    problems = found.problems  # the whole template walked first: later checks read its memoised values muted
    pause_point()
    _references_to_disabled(found, report)
    _parameter_values(found, report)
    resolved_properties.check(found, report)
    for problem in problems:
        if not problem.code or (problem.origin is not None and id(problem.origin) in report.covered):
            continue
        defaults = [read for read in problem.reads if read.source == "default"]
        if problem.path.startswith("outputs.") and any(read.value in ("", {}, []) for read in defaults):
            # An empty default is a placeholder the parent or the environment fills (TripleO's EndpointMap): an
            # output it breaks only fails when shown with it. A resource Heat creates with it fails, and is said.
            continue
        others = [read for read in problem.reads if read.source not in ("default", "pseudo", "no value")]
        message = problem.message
        if defaults and not others:
            shown = ", ".join(f"{read.name} = {_short(read.value)}" for read in defaults[:3])
            message = f"{message} (with the default {shown})"
        # Heat resolves an enabled resource's values before it creates the stack, with exactly these values; an
        # output's value only when it is shown (heat_reach says where Heat resolves).
        report(problem.code, (problem.start, problem.end), message, needs=AT_RESOLVE)


def _parameter_values(found: Evaluation, report: Reporter) -> None:
    """Heat validates each parameter's value (strictly, before it creates the stack) against every constraint;
    a default's breaking a constraint other than a custom one is E2012's finding (the default is checked even
    when a value is given)."""
    model = found.evaluator.model
    for name, value in found.parameters.items():
        entry = model.parameters.get(name)
        if entry is None:
            continue
        for violation in value.violations:
            if violation.startswith("Invalid default"):
                continue
            default = entry.get("default")
            if value.source == "default" and default is not None:
                at = default
                whose = "its default"
            else:
                at = entry.key
                whose = f"the value from {value.source}"
            report(
                E2022,
                at,
                f"Parameter '{name}' is invalid: {violation.rstrip()} ({whose}). Heat validates every parameter's value "
                "before it creates the stack.",
            )


def _references_to_disabled(found: Evaluation, report: Reporter) -> None:
    """A get_resource or get_attr of a resource its condition disables with these values: Heat leaves the resource
    out of the stack, so the name refers to nothing (depends_on is forgiven: Heat drops the dependency)."""
    model = found.evaluator.model
    disabled: dict[str, str] = {}
    for name, entry in model.resources.items():
        body = entry.body
        if body is None or body.get("condition") is None:
            continue
        with found.evaluator.muted():
            if resource_enabled(found.evaluator, body) is False:
                condition = body.get("condition")
                disabled[name] = condition.text if isinstance(condition, Scalar) else "(inline)"
    if not disabled:
        return
    reach = reach_of(found)
    for ref in model.references:
        if ref.kind != "resource" or ref.via not in ("get_resource", "get_attr") or ref.name not in disabled:
            continue
        needs = DEPENDS_OR_VALIDATE if ref.via == "get_attr" else AT_DEPENDS
        if reach.missed(needs, ref.node.start) is not None:
            continue  # a disabled resource naming another, an output shown only when...: nothing to say
        report(
            E4009,
            ref.node,
            f"`{ref.name}` is left out of the stack: its condition `{disabled[ref.name]}` is false with these "
            f'parameter values, so {ref.via} refers to nothing. Heat says: The specified reference "{ref.name}" '
            "is incorrect. Give this value the same condition, or choose it with `if`.",
            needs=needs,
        )


def _short(value: object) -> str:

    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
