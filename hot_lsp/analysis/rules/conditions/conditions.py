"""5xxx: the conditions section, resource/output `condition`, and the condition argument of `if`.

Heat checks conditions in two steps (``heat/engine/conditions.py``):

* while parsing, for every condition whether used or not: a definition must be
  a boolean or a function, and `not`/`and`/`or` must have the right shape;
* lazily, only when something evaluates a condition: unknown names, values
  that are not booleans, cycles. A condition nothing uses is never evaluated,
  so its lazy faults pass Heat. They are reported with warning severity, and
  the message says why; they become errors the moment the condition is used.

`and`/`or` stop at the first literal that decides them (`false` in `and`, `true`
in `or`), so plain names and literals after it are never looked at either.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .... import spec
from ....document import WARNING, Mapping, Node, QuickFix, Scalar, Sequence, walk
from ...codes import define
from ...functions.conditions import boolean_shape_fault, needs_list, needs_two, not_needs_condition
from ...model.template import FunctionCall, Reference, TemplateModel, Where, looks_like_function
from ...report import AT_PARSE, AT_RESOLVE, AT_VALIDATE, Reporter
from ...stack.dependencies import Branches, if_branches, shortest_cycle, static_condition, strongly_connected
from ...suggest import did_you_mean
from ...wording import yaml_text
from ..context import RuleContext
from ..phases import MODEL
from ._new_condition import new_definition

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E5001 = define(
    "E5001",
    "A condition name that the conditions section does not define (in `condition`, `if`, `not`, `and`, `or`).",
    "resources:\n  r:\n    type: OS::Heat::None\n    condition: nosuch",
    "conditions",
    slug="unknown-condition",
    why="A condition name must be defined in the conditions section: 'Invalid condition \"nosuch\"'.",
    instead="conditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  r:\n    type: OS::Heat::None\n    condition: prod",
    heat_step="stack validate",
    phase=PHASE.name,
)
E5002 = define(
    "E5002",
    "A condition that refers to itself, directly or through other conditions.",
    "conditions:\n  a: {not: b}\n  b: {not: a}",
    "conditions",
    slug="condition-cycle",
    why="Heat resolves a condition by resolving the ones it names: a circle never ends, so Heat refuses it "
    "with 'Circular definition for condition \"a\"'.",
    instead="conditions:\n  a: {equals: [{get_param: env}, prod]}\n  b: {not: a}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E5003 = define(
    "E5003",
    "A condition definition that cannot be a boolean (a bare name or string, null, a number, a list, "
    "plain data, or get_param of a non-boolean parameter).",
    "conditions:\n  prod: is_prod",
    "conditions",
    slug="condition-not-boolean",
    why="A condition definition must give a boolean (a literal, a condition function, get_param of a boolean "
    "parameter): 'The definition of condition \"prod\" is invalid'.",
    instead="conditions:\n  prod: {equals: [{get_param: env}, prod]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E5004 = define(
    "E5004",
    "`not` given a list or nothing; `and`/`or` given something other than a list of at least two conditions.",
    "conditions:\n  a: {and: [b]}",
    "conditions",
    slug="bad-boolean-arguments",
    why="`not` takes one condition, `and` and `or` a list of at least two: 'The minimum number of condition "
    'arguments to "and" is 2.\', or \'Argument to "not" must be a condition\'.',
    instead="conditions:\n  a: {and: [b, c]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E5005 = define(
    "E5005",
    "A condition value that is neither a boolean nor a condition name (e.g. the string 'true', a number).",
    "resources:\n  r:\n    type: OS::Heat::None\n    condition: 'true'",
    "conditions",
    slug="bad-condition-value",
    why="A condition value is a boolean or a condition name: the string 'true' names no condition, so 'Invalid "
    'condition "true"\'.',
    instead="    condition: true",
    heat_step="stack validate",
    phase=PHASE.name,
)

# The step of Heat's that meets each finding (``report.Phase``): names and values are looked up when a condition
# is resolved (never, for a condition nothing uses; while parsing, for an `if` or a `condition` field); every
# definition must be a boolean or a function when the conditions are validated; the shape of `not`, `and` and
# `or` is checked when they are parsed.
_NEEDS = {E5001: AT_RESOLVE, E5002: AT_RESOLVE, E5003: AT_VALIDATE, E5004: AT_PARSE, E5005: AT_RESOLVE}

_LAZY_NOTE = (
    " Heat checks this only when the condition is evaluated, and nothing Heat evaluates uses `{name}` yet, "
    "so Heat accepts the template for now; it fails as soon as `{name}` is used."
)
_DEAD_NOTE = " Heat never looks at this item: `{fn}` is already {literal} before it."
_HIDDEN_OUTPUT_NOTE = " Heat never reads this: the output's `condition` is always false, so its value is not parsed."
_UNTAKEN_NOTE = " Heat never reads this: it sits in an `if` branch whose condition is always the other way."


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not model.has_feature("conditions"):
        return  # no conditions before 2016-10-14: the sections, resources and outputs rules say so
    state = _State.build(model)
    _check_definitions(model, state, report)
    _check_names(model, state, report)
    _check_condition_fields(model, state, report)
    _check_if_conditions(model, state, report)
    _check_boolean_functions(model, state, report)
    _check_cycles(model, state, report)


# -- what Heat evaluates ---------------------------------------------------------------


@dataclass
class _State:
    """Which conditions Heat evaluates, and which `and`/`or` items it never reaches."""

    model: TemplateModel
    branches: Branches = field(default_factory=Branches)
    dead: dict[int, tuple[str, bool]] = field(default_factory=dict)  # node id -> (fn, deciding value)
    inside: dict[str, list[Reference]] = field(default_factory=dict)  # condition -> live names it uses
    evaluated: set[str] = field(default_factory=set)
    hidden_outputs: set[str] = field(default_factory=set)  # outputs whose condition is always false

    @classmethod
    def build(cls, model: TemplateModel) -> _State:
        state = cls(model, if_branches(model))
        state.hidden_outputs = {
            name
            for name, entry in model.outputs.items()
            if (node := entry.get("condition")) is not None and static_condition(model, node) is False
        }
        state._find_dead_items()
        state.inside = {name: [] for name in model.conditions}
        roots: list[str] = []
        for ref in model.references:
            if ref.kind != "condition" or ref.name not in model.conditions:
                continue
            if id(ref.node) in state.dead or id(ref.node) in state.branches.dead or state.hidden(ref.where):
                continue
            if ref.where.section == "conditions":
                if ref.where.entry in state.inside:
                    state.inside[ref.where.entry].append(ref)
            else:
                roots.append(ref.name)
        # Everything a used condition uses is evaluated too.
        seen = state.evaluated
        while roots:
            name = roots.pop()
            if name in seen:
                continue
            seen.add(name)
            roots.extend(ref.name for ref in state.inside.get(name, ()))
        return state

    def _find_dead_items(self) -> None:
        for call in self.model.calls:
            if call.name not in ("and", "or") or call.context != "condition" or not isinstance(call.args, Sequence):
                continue
            decider = call.name == "or"  # `or` stops at true, `and` at false
            items = call.args.items
            stop = next((i for i, item in enumerate(items) if static_condition(self.model, item) is decider), None)
            if stop is None:
                continue
            for item in items[stop + 1 :]:
                if _is_condition_call(self.model, item):
                    continue  # functions in the list are resolved before `and`/`or` looks at any item
                for node in walk(item):
                    self.dead[id(node)] = (call.name, decider)

    def hidden(self, where: Where) -> bool:
        return where.section == "outputs" and where.field == "value" and where.entry in self.hidden_outputs

    def note(self, where: Where, node: Node | None = None) -> str:
        """Why a lazy fault is not (yet) fatal; '' when Heat does fail on it."""
        if self.hidden(where):
            return _HIDDEN_OUTPUT_NOTE
        if node is not None and id(node) in self.branches.dead:
            return _UNTAKEN_NOTE
        if node is not None and id(node) in self.dead:
            fn, literal = self.dead[id(node)]
            return _DEAD_NOTE.format(fn=fn, literal=str(literal).lower())
        if where.section == "conditions" and where.entry not in self.evaluated:
            return _LAZY_NOTE.format(name=where.entry)
        return ""

    def parse_note(self, where: Where, node: Node) -> str:
        """Why a parse-time fault is not fatal: only what Heat never parses hides it."""
        if self.hidden(where):
            return _HIDDEN_OUTPUT_NOTE
        return _UNTAKEN_NOTE if id(node) in self.branches.dead else ""


def _severity(note: str) -> int:
    return WARNING if note else 0


# -- definitions -------------------------------------------------------------------------


def _check_definitions(model: TemplateModel, state: _State, report: Reporter) -> None:
    for name, entry in model.conditions.items():
        value = entry.value
        prefix = f'The definition of condition "{name}" is invalid'
        if isinstance(value, Scalar):
            _check_scalar_definition(model, name, entry.key, value, prefix, report)
        elif isinstance(value, Sequence):
            report(
                E5003,
                entry.key,
                f"{prefix}: a list is not a condition (Heat: {prefix}). Use `and` or `or` to combine conditions: "
                f"`{name}: {{and: [...]}}`.",
                needs=_NEEDS[E5003],
            )
        elif isinstance(value, Mapping):
            call = _condition_call_name(model, value)
            if call == "get_param":
                _check_get_param_definition(model, state, name, value, report)
            elif call is None and not _is_look_alike(model, value):
                _report_plain_mapping(
                    model, report, E5003, value, entry.key, f"{prefix}: plain data is not a condition.", ""
                )


def _check_scalar_definition(
    model: TemplateModel, name: str, key: Scalar, value: Scalar, prefix: str, report: Reporter
) -> None:
    raw = value.value
    if isinstance(raw, bool):
        return
    heat = f"(Heat: {prefix}: {value.text if raw is not None else None})"
    if raw is None:
        report(
            E5003, key, f"{prefix}: it is empty {heat}. Write true, false or a condition function.", needs=_NEEDS[E5003]
        )
    elif isinstance(raw, str) and raw in model.conditions and raw != name:
        fix = f"{{not: {{not: {raw}}}}}"
        report(
            E5003,
            value,
            f"{prefix}: a bare condition name is not a definition {heat}. Names of other conditions work only "
            f"inside `not`, `and`, `or`, `if` and `condition`; to reuse `{raw}`, write `{fix}`.",
            # Not when `raw` is defined through this one: the fix would close a circle (E5002).
            data=None if _reaches(model, raw, name) else QuickFix(fix="replace", text=fix),
            needs=_NEEDS[E5003],
        )
    elif isinstance(raw, str) and _boolean_text(raw) is not None:
        literal = _boolean_text(raw)
        report(
            E5003,
            value,
            f"{prefix}: {value.text!r} is a string, not a boolean {heat}. Write {literal} without quotes.",
            data=QuickFix(fix="replace", text=literal),
            needs=_NEEDS[E5003],
        )
    else:
        kind = "a string" if isinstance(raw, str) else "a number"
        # Never the condition being defined: defining it by itself is a circular reference (E5002).
        near = (
            [n for n in _near_conditions(model, raw) if n != name and not _reaches(model, n, name)]
            if isinstance(raw, str)
            else []
        )
        hint = f" (Did you mean the condition `{near[0]}`? Then write `{{not: {{not: {near[0]}}}}}`.)" if near else ""
        report(
            E5003,
            value,
            f"{prefix}: {kind} is not a condition {heat}. Write true, false or a condition function "
            f"such as `equals`.{hint}",
            data=QuickFix(fix="replace", text=f"{{not: {{not: {yaml_text(near[0])}}}}}") if near else None,
            needs=_NEEDS[E5003],
        )


def _check_get_param_definition(
    model: TemplateModel, state: _State, name: str, value: Mapping, report: Reporter
) -> None:
    args = value.pairs[0].value
    first = args.items[0] if isinstance(args, Sequence) and args.items else args
    if not (isinstance(first, Scalar) and isinstance(first.value, str)):
        return
    has_path = isinstance(args, Sequence) and len(args.items) > 1
    param_type = _parameter_type(model, first.value)
    if param_type is None or param_type == "json" or (param_type == "boolean" and not has_path):
        return  # a json value may well be a boolean; unknown parameters are the functions rules' finding
    what = f"a path into a {param_type} parameter" if has_path else f"a {param_type} parameter"
    note = state.note(Where("conditions", name))
    report(
        E5003,
        first,
        f'Condition "{name}" is `get_param` of {what}, which never resolves to a boolean '
        f'(Heat: The definition of condition "{name}" is invalid). Declare `{first.value}` with '
        f"`type: boolean`, or compare it: `{{equals: [{{get_param: {first.value}}}, 'true']}}`.{note}",
        severity=_severity(note),
        needs=AT_RESOLVE,  # the parameter's value is no boolean: found when resolved,
    )
    report.cover(value)


def _parameter_type(model: TemplateModel, name: str) -> str | None:
    if name in spec.PSEUDO_PARAMETERS:
        return "string"
    entry = model.parameters.get(name)
    if entry is None:
        return None
    kind = entry.scalar("type")
    return kind if isinstance(kind, str) and kind in spec.PARAMETER_TYPES else None


# -- names ---------------------------------------------------------------------------------


def _check_names(model: TemplateModel, state: _State, report: Reporter) -> None:
    for ref in model.references:
        if ref.kind != "condition" or ref.name in model.conditions:
            continue
        note = state.note(ref.where, ref.node)
        literal = _boolean_text(ref.name)
        if literal is not None:
            report(
                E5005,
                ref.node,
                f"{ref.node.text!r} is a string, not a boolean, and no condition has that name "
                f'(Heat: Invalid condition "{ref.name}"). Write {literal} without quotes.{note}',
                data=QuickFix(fix="replace", text=literal),
                severity=_severity(note),
                needs=_NEEDS[E5005],
            )
            continue
        near = _near_conditions(model, ref.name)
        new = new_definition(model, ref.name)
        if near:
            hint = f" Did you mean `{near[0]}`?"
        elif model.conditions:
            hint = " Define it in the `conditions` section."
        else:
            hint = " The template has no `conditions` section; add one that defines it."
        report(
            E5001,
            ref.node,
            f'No condition is named `{ref.name}` (Heat: Invalid condition "{ref.name}").{hint}{note}',
            # A close name is the likelier meaning (renamed); else the condition is defined (declared).
            data=QuickFix(suggestions=near) if near else QuickFix(fix="declare_condition", name=ref.name, text=new),
            severity=_severity(note),
            needs=_NEEDS[E5001],
        )


def _reaches(model: TemplateModel, start: str, goal: str) -> bool:
    """Whether the definition of condition ``start`` names ``goal``, itself or through other conditions."""
    names: dict[str, set[str]] = {}
    for ref in model.references:
        if ref.kind == "condition" and ref.where.section == "conditions":
            names.setdefault(ref.where.entry, set()).add(ref.name)
    seen, todo = set(), [start]
    while todo:
        current = todo.pop()
        if current == goal:
            return True
        if current not in seen:
            seen.add(current)
            todo.extend(names.get(current, ()))
    return False


def _near_conditions(model: TemplateModel, name: str) -> list[str]:
    return did_you_mean(name, model.conditions)


# -- condition values that are not names -------------------------------------------------------


def _check_condition_fields(model: TemplateModel, state: _State, report: Reporter) -> None:
    """Resource and output `condition`: a name, a boolean or a condition function."""
    for section, entries in (("resources", model.resources), ("outputs", model.outputs)):
        for name, entry in entries.items():
            body = entry.body
            pair = body.pair("condition") if body is not None else None
            if pair is None:
                continue
            value = pair.value
            where = f"in the `condition` of {section[:-1]} `{name}`"
            if isinstance(value, Scalar) and value.value is None:
                if section == "resources":
                    report(
                        E5005,
                        pair.key,
                        f"The `condition` of resource `{name}` is empty (Heat: Resource {name} condition type must "
                        "be string_or_boolean). Give a condition name, true or false, or remove the key.",
                        needs=_NEEDS[E5005],
                    )
                else:
                    report(
                        E5005,
                        pair.key,
                        f"The `condition` of output `{name}` is empty, and Heat treats that as no condition: the "
                        "output is always shown. Give a condition name, or remove the key.",
                        data=QuickFix(fix="remove_key"),
                        severity=WARNING,
                        needs=_NEEDS[E5005],
                    )
                continue
            _check_condition_value(model, state, value, pair.key, where, report)


def _check_if_conditions(model: TemplateModel, state: _State, report: Reporter) -> None:
    for call in model.calls:
        if call.name != "if" or call.context != "normal":
            continue
        args = call.args
        if not isinstance(args, Sequence) or not args.items:
            continue  # the shape of `if` is the functions rules' finding
        first = args.items[0]
        if isinstance(first, Scalar) and first.value is None:
            report(
                E5005,
                _first_char(first) if first.end <= first.start else first,
                "The condition of this `if` is empty, and Heat treats that as true: the first branch is always "
                "chosen. Give a condition name, true or false.",
                severity=WARNING,
                needs=_NEEDS[E5005],
            )
            continue
        note = state.parse_note(call.where, call.node)
        _check_condition_value(model, state, first, call.key, "in the first argument of `if`", report, note)


def _check_condition_value(
    model: TemplateModel, state: _State, value: Node, key: Node, what: str, report: Reporter, note: str = ""
) -> None:
    """A value read as a condition: a bool, a name (checked elsewhere) or a condition function."""
    if isinstance(value, Scalar):
        raw = value.value
        if isinstance(raw, (bool, str)) or raw is None:
            return
        report(
            E5005,
            value,
            f"A condition must be a condition name, true or false, not {value.text!r} ({what}; "
            f'Heat: Invalid condition "{value.text}").{note}',
            severity=_severity(note),
            needs=_NEEDS[E5005],
        )
    elif isinstance(value, Sequence):
        report(
            E5005,
            _first_char(value) if value.flow is False else value,
            f"A condition must be a condition name, true or false, or a condition function, not a list ({what}). "
            f"To combine conditions use `and` or `or`.{note}",
            severity=_severity(note),
            needs=_NEEDS[E5005],
        )
    elif isinstance(value, Mapping):
        call = _condition_call_name(model, value)
        if call == "get_param":
            _check_get_param_condition(model, value, what, report, note)
        if call is not None or _is_look_alike(model, value):
            return
        _report_plain_mapping(
            model,
            report,
            E5005,
            value,
            key,
            f"A condition must be a name, a boolean or a condition function ({what}).",
            note,
        )


def _check_get_param_condition(model: TemplateModel, value: Mapping, what: str, report: Reporter, note: str) -> None:
    """`get_param` read as a condition: its value must be a boolean or the name of a condition."""
    args = value.pairs[0].value
    first = args.items[0] if isinstance(args, Sequence) and args.items else args
    if not (isinstance(first, Scalar) and isinstance(first.value, str)) or (
        isinstance(args, Sequence) and len(args.items) > 1
    ):
        return  # a path may lead anywhere
    name = first.value
    param_type = _parameter_type(model, name)
    if param_type in ("number", "comma_delimited_list"):
        report(
            E5005,
            first,
            f"`get_param: {name}` gives a {param_type} value, which is neither a boolean nor a condition name "
            f"({what}; Heat: Invalid condition). Declare `{name}` with `type: boolean`.{note}",
            severity=_severity(note),
            needs=_NEEDS[E5005],
        )
        return
    if param_type != "string" or name in spec.PSEUDO_PARAMETERS:
        return
    # A string parameter may legitimately carry a condition's name; only its default can be judged.
    entry = model.parameters[name]
    default = entry.get("default")
    if not (isinstance(default, Scalar) and default.value is not None) or str(default.value) in model.conditions:
        return
    report(
        E5005,
        first,
        f"`get_param: {name}` gives a string, so Heat reads its value as a condition name; the default "
        f'{default.text!r} names no condition ({what}; Heat: Invalid condition "{default.value}"). '
        f"If `{name}` is a switch, declare it with `type: boolean`.",
        severity=WARNING,
        needs=_NEEDS[E5005],
    )


def _report_plain_mapping(
    model: TemplateModel, report: Reporter, code: str, value: Mapping, key: Node, lead: str, note: str
) -> None:
    """A mapping that is no function where Heat wants a condition."""
    funcs = ", ".join(sorted(spec.condition_functions_for(model.version)))
    if len(value.pairs) == 1 and isinstance(value.pairs[0].key, Scalar):
        inner = value.pairs[0].key
        name = str(inner.value)
        near = spec.nearest_function_names(name, model.version, 1, condition=True)
        hint = f" Did you mean `{near[0]}`?" if near else f" Condition functions here: {funcs}."
        report_at: Node = inner
        data = QuickFix(suggestions=near) if near else None
        message = f"{lead} `{name}` is not a condition function, so Heat reads this as data and rejects it.{hint}"
    else:
        report_at = value if value.flow else key
        data = None
        message = f"{lead} A mapping with several keys is data, not a function call. Condition functions: {funcs}."
    report(code, report_at, message + note, data=data, severity=_severity(note), needs=_NEEDS[code])


def _check_boolean_functions(model: TemplateModel, state: _State, report: Reporter) -> None:
    for call in model.calls:
        if call.context != "condition" or call.name not in ("not", "and", "or"):
            continue
        parse_note = state.parse_note(call.where, call.node)
        if call.name == "not":
            _check_not(model, state, call, state.note(call.where, call.node), parse_note, report)
        else:
            _check_and_or(model, state, call, parse_note, report)


def _check_not(
    model: TemplateModel, state: _State, call: FunctionCall, note: str, parse_note: str, report: Reporter
) -> None:
    args = call.args
    if boolean_shape_fault(call.name, args) == "null":
        report(
            E5004,
            call.key,
            f"`not` needs a condition to negate (Heat: {not_needs_condition(call.name)}). "
            f"Write `not: <condition name>` or `not: {{equals: [...]}}`.{parse_note}",
            severity=_severity(parse_note),
            needs=_NEEDS[E5004],
        )
    elif isinstance(args, Sequence):
        # A one-item flow list can simply lose its brackets; the fix replaces the list.
        fix = None
        if args.flow and len(args.items) == 1 and isinstance(args.items[0], Scalar):
            fix = QuickFix(fix="replace", text=args.items[0].text)
        report(
            E5004,
            args if args.flow else call.key,
            "`not` takes one condition, not a list (Heat: Invalid condition "
            f'"{_python_text(args)}"). Write `not: <condition>`, or `not: {{or: [...]}}` to negate several.{note}',
            data=fix,
            severity=_severity(note),
            needs=AT_RESOLVE,  # Not parses a list, and refuses it when it resolves the condition
        )
    else:
        _check_condition_value(model, state, args, call.key, "as the argument of `not`", report, note)


def _check_and_or(model: TemplateModel, state: _State, call: FunctionCall, parse_note: str, report: Reporter) -> None:
    args = call.args
    name = call.name
    shape = boolean_shape_fault(name, args)
    if not isinstance(args, Sequence):
        at: Node = args if isinstance(args, Scalar) and args.value is not None else call.key
        report(
            E5004,
            at,
            f"`{name}` takes a list of conditions (Heat: {needs_list(name)}). "
            f"Write `{name}: [<condition>, <condition>]`.{parse_note}",
            severity=_severity(parse_note),
            needs=_NEEDS[E5004],
        )
        return
    if shape == "too_few":
        report(
            E5004,
            call.key,
            f"`{name}` needs at least two conditions, it has {len(args.items)} (Heat: {needs_two(name)}).{parse_note}",
            severity=_severity(parse_note),
            needs=_NEEDS[E5004],
        )
    for item in args.items:
        note = state.note(call.where, item)
        if isinstance(item, Scalar) and item.value is None:
            report(
                E5005,
                _first_char(item) if item.end <= item.start else item,
                f"An empty item in `{name}`: Heat treats it as true. Give a condition name, true or false.",
                severity=WARNING,
                needs=_NEEDS[E5005],
            )
            continue
        _check_condition_value(model, state, item, call.key, f"as an item of `{name}`", report, note)


# -- cycles ------------------------------------------------------------------------------------


def _check_cycles(model: TemplateModel, state: _State, report: Reporter) -> None:
    edges = {name: [ref.name for ref in refs] for name, refs in state.inside.items()}
    for component in strongly_connected(list(model.conditions), edges):
        start = component[0]
        if len(component) == 1 and start not in edges[start]:
            continue
        path = shortest_cycle(start, component, edges)
        if not path:
            continue
        closing = next(ref for ref in state.inside[path[-1]] if ref.name == start)
        shown = " → ".join(f"`{name}`" for name in path + [start])
        used = [name for name in component if name in state.evaluated]
        note = (
            ""
            if used
            else " Heat notices the loop only when one of these conditions is evaluated, and nothing uses them yet."
        )
        others = [name for name in component if name not in path]
        more = f" `{'`, `'.join(others)}` are part of the same loop." if others else ""
        report(
            E5002,
            closing.node,
            f'Circular definition for condition "{start}": {shown}. A condition cannot depend on itself; '
            f"break the loop.{more}{note}",
            severity=_severity(note),
            needs=_NEEDS[E5002],
        )


# -- helpers -----------------------------------------------------------------------------------


def _condition_call_name(model: TemplateModel, value: Mapping) -> str | None:
    """The condition function ``value`` calls, if Heat parses a call there."""
    call = model.call_at(value)
    return call.name if call is not None and call.context == "condition" else None


def _is_condition_call(model: TemplateModel, node: Node) -> bool:
    return isinstance(node, Mapping) and _condition_call_name(model, node) is not None


def _is_look_alike(model: TemplateModel, value: Mapping) -> bool:
    """A one-key mapping that looks like a function (any version or context, CFN, a near-miss).

    The functions rules report those where Heat wants a condition (a normal function there,
    a misspelt or CloudFormation name), so this module leaves them alone.
    """
    if len(value.pairs) != 1:
        return False
    key = value.pairs[0].key_value
    return isinstance(key, str) and looks_like_function(key, model.version)


def _boolean_text(text: str) -> str | None:
    """'true'/'false' when a string spells a boolean (as YAML or Heat's boolean parameters would read it)."""
    lowered = text.strip().lower()
    if lowered in spec.BOOLEAN_TRUE_STRINGS:
        return "true"
    if lowered in spec.BOOLEAN_FALSE_STRINGS:
        return "false"
    return None


def _python_text(node: Node) -> str:
    try:
        return repr(node.to_python())
    except Exception:  # noqa: BLE001 - only for a message
        return "..."


def _first_char(node: Node) -> tuple[int, int]:
    return node.start, node.start + 1
