"""filter (2017-02-24): a list without the given values."""

from __future__ import annotations

from typing import Any

from ...document import Scalar, Sequence
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, count_items, describe, falsy
from .common import need


def must_be_list(name: str) -> str:
    return f'Argument to "{name}" must be a list'


def expected_two(name: str, count: int) -> str:
    return f'"{name}" expected 2 arguments of the form [values, sequence] but got {count} arguments instead'


def only_lists(name: str) -> str:
    return f'"{name}" only works with lists'


def values_must_be_list(name: str) -> str:
    return f'"{name}" filters a list of values'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a list [values, list], not {describe(args)}.",
            must_be_list(call.name),
            parse_time=True,
        )
        return
    if len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            f"takes exactly two items [values, list], not {count_items(len(args.items))}.",
            expected_two(call.name, len(args.items)),
            parse_time=True,
        )
        return
    if c.parse_only:
        return
    values, sequence = args.items
    if not c.fn(sequence):
        if falsy(sequence):
            return  # an empty sequence is returned as is; the values are never looked at
        if not isinstance(sequence, Sequence):
            c.bad(call, sequence, f"filters a list, not {describe(sequence)}.", only_lists(call.name))
            return
    if not c.fn(values) and not isinstance(values, Sequence) and not falsy(values):
        written = values.text if isinstance(values, Scalar) else "..."
        c.bad(
            call,
            values,
            f"the values to remove must be a list, not {describe(values)}; write [{written}].",
            values_must_be_list(call.name),
        )


def evaluate(ev: Evaluating, call: Call) -> Any:
    """Filter: [values, sequence]; removes every item equal to one of the values."""
    assert isinstance(call.args, Sequence)  # check() ruled out anything else
    values_node, sequence_node = call.args.items
    sequence = need(ev.argument(sequence_node, call.item_path(1), call.context))
    if not sequence:
        return sequence
    if not isinstance(sequence, list):
        raise HeatError(only_lists(call.name), "E8000")
    values = need(ev.argument(values_node, call.item_path(0), call.context))
    if not values:
        return sequence
    if not isinstance(values, list):
        raise HeatError(values_must_be_list(call.name), "E8000")
    return [item for item in sequence if item not in values]


FILTER = HeatFunction("filter", evaluate=evaluate, check=check, parse_checked=True)
