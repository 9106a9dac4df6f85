"""if (If 2016-10-14, IfNullable 2021-04-16): a value chosen by a condition while Heat parses the template."""

from __future__ import annotations

from typing import Any

from ... import spec
from ...document import Node, Sequence
from ..values.evaluated import OMIT, Symbol, plain
from .base import Call, CallSite, Evaluating, HeatFunction, References
from .checking import ArgumentChecker, count_items, describe
from .common import items


def form(name: str) -> str:
    return f'Arguments to "{name}" must be of the form: [condition_name, value_if_true, value_if_false]'


def check(c: ArgumentChecker, call: CallSite) -> None:
    counts = spec.if_argument_counts(c.version)
    args = call.args
    if isinstance(args, Sequence) and not c.fn(args) and len(args.items) in counts:
        return
    n = len(args.items) if isinstance(args, Sequence) and not c.fn(args) else None
    data = c.raise_to("if_two_arguments") if n == 2 else None
    if n == 2:
        text = "takes [condition, value_if_true, value_if_false]; leaving out the false value needs heat_template_version 2021-04-16."
    elif 2 in counts:
        text = f"takes [condition, value_if_true] or [condition, value_if_true, value_if_false], not {describe(args) if n is None else count_items(n)}."
    else:
        text = (
            f"takes [condition, value_if_true, value_if_false], not {describe(args) if n is None else count_items(n)}."
        )
    if c.fn(args):
        text = text[:-1] + " (a function cannot build this list)."
    c.bad(call, c.whole(call), text, form(call.name), data, parse_time=True)


def evaluate(ev: Evaluating, call: Call) -> Any:
    """The condition decides at parse time which branch exists; Heat never parses the other one."""
    written = items(call.args)
    condition = ev.condition_value(written[0], call.item_path(0))
    if isinstance(condition, Symbol):
        with ev.muted():
            branches = [ev.evaluate(item, call.item_path(i + 1), call.context) for i, item in enumerate(written[1:])]
        return Symbol(call.name, [_condition_form(ev, written[0]), *(plain(b) for b in branches)])
    if condition:
        return ev.evaluate(written[1], call.item_path(1), call.context)
    if len(written) == 2:
        return OMIT
    return ev.evaluate(written[2], call.item_path(2), call.context)


def _condition_form(ev: Evaluating, node: Node) -> Any:
    with ev.muted():
        value = ev.argument(node, "", "condition")
    return plain(value)


IF = HeatFunction(
    "if",
    evaluate=evaluate,
    check=check,
    parse_checked=True,
    references=References("condition", whole=False, first_item=True),
    branches=True,
    preview="if",
    notes=(("if_two_arguments", "`if` without a false value drops the entry when the condition is false"),),
)
