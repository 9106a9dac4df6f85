"""The condition-only functions: equals, not, and, or (Equals and ConditionBoolean, 2016-10-14).

Their arguments are read with the condition parser. A condition is three-valued offline: True, False, or a
Symbol when it depends on a value known only at run time (a parameter nobody gave a value, a yaql over such
data). ``and``/``or`` short-circuit in order, as Heat's ``all``/``any`` do. The shapes Heat refuses while
parsing ``not``, ``and`` and ``or`` are named here once (:func:`boolean_shape_fault`); the conditions rules
(E5004) and the evaluator both ask.
"""

from __future__ import annotations

from typing import Any, Literal

from ...document import Node, Sequence
from ..values.evaluated import Symbol, is_known, plain
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction, Implementation, References
from .checking import ArgumentChecker, count_items, describe


def equals_form(name: str) -> str:
    return f'Arguments to "{name}" must be of the form: [value_1, value_2]'


def not_needs_condition(name: str) -> str:
    return f'Argument to "{name}" must be a condition'


def needs_list(name: str) -> str:
    return f'Arguments to "{name}" must be a list of conditions'


def needs_two(name: str) -> str:
    return f'The minimum number of condition arguments to "{name}" is 2.'


BooleanShape = Literal["null", "not_list", "too_few"]


def boolean_shape_fault(name: str, args: Node) -> BooleanShape | None:
    """What Heat refuses while parsing `not`/`and`/`or` with ``args``: None when the shape is right.

    `not` refuses only null here (a list is refused later, as an invalid condition); `and`/`or` need a
    list of at least two conditions.
    """
    if name == "not":
        return "null" if args.tag == "null" else None
    if not isinstance(args, Sequence):
        return "not_list"
    return "too_few" if len(args.items) < 2 else None


def boolean_shape_message(name: str, shape: BooleanShape) -> str:
    if shape == "null":
        return not_needs_condition(name)
    return needs_list(name) if shape == "not_list" else needs_two(name)


def check_equals(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if isinstance(args, Sequence) and not c.fn(args) and len(args.items) == 2:
        return
    what = count_items(len(args.items)) if isinstance(args, Sequence) and not c.fn(args) else describe(args)
    if c.fn(args):
        what = "a function (the list must be written literally)"
    c.bad(
        call,
        c.whole(call),
        f"compares exactly two values: [value_1, value_2], not {what}.",
        equals_form(call.name),
        parse_time=True,
    )


def evaluate_equals(ev: Evaluating, call: Call) -> Any:
    """Equals: [value_1, value_2], compared with Python's == (so 1 == 1.0 == True)."""
    assert isinstance(call.args, Sequence)  # check_equals ruled out anything else
    first = ev.argument(call.args.items[0], call.item_path(0), call.context)
    second = ev.argument(call.args.items[1], call.item_path(1), call.context)
    if not (is_known(first) and is_known(second)):
        raise Unknown
    return first == second


def _refuse_shape(call: Call) -> None:
    shape = boolean_shape_fault(call.name, call.args)
    if shape is not None:
        raise HeatError(boolean_shape_message(call.name, shape), None)


def evaluate_not(ev: Evaluating, call: Call) -> Any:
    """Not: one condition (a name, a bool or a condition function), negated."""
    _refuse_shape(call)
    value = ev.condition_value(call.args, call.path)
    if isinstance(value, Symbol):
        # A condition that failed (a cycle, a bad definition) stays failed; an unknown one stays unknown.
        return Symbol(call.name, plain(value) if value.name != "condition" else value.args, failed=value.failed)
    return not value


def _boolean(is_and: bool) -> Implementation:
    def combine(ev: Evaluating, call: Call) -> Any:
        _refuse_shape(call)
        assert isinstance(call.args, Sequence)
        # Heat resolves every item first, then looks names up until one decides.
        resolved = [ev.argument(item, call.item_path(i), call.context) for i, item in enumerate(call.args.items)]
        unknown = False
        for value in resolved:
            try:
                decided = ev.enabled(value)
            except HeatError:
                if unknown:
                    raise Unknown from None  # an earlier unknown item may have decided first
                raise
            if isinstance(decided, Symbol):
                if decided.failed:
                    return Symbol(call.name, plain(resolved), failed=True)
                unknown = True
            elif decided is not is_and:
                return decided
        if unknown:
            raise Unknown
        return is_and

    return combine


EQUALS = HeatFunction("equals", evaluate=evaluate_equals, check=check_equals, parse_checked=True, preview="condition")
NOT = HeatFunction("not", evaluate=evaluate_not, references=References("condition"), preview="condition")
AND = HeatFunction(
    "and",
    evaluate=_boolean(is_and=True),
    references=References("condition", whole=False, every_item=True),
    preview="condition",
)
OR = HeatFunction(
    "or",
    evaluate=_boolean(is_and=False),
    references=References("condition", whole=False, every_item=True),
    preview="condition",
)
