"""contains (2017-09-01, a normal and a condition function): whether a value is in a list or a string."""

from __future__ import annotations

from typing import Any

from ...document import Sequence
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, count_items, describe, is_str
from .common import need


def incorrect(name: str) -> str:
    return f'Incorrect arguments to "{name}" should be: [ "value1", [ "value1", "value2"]]'


def form(name: str) -> str:
    return f'Arguments to "{name}" must be of the form: [value1, [value1, value2]]'


def not_a_sequence(name: str) -> str:
    return f'Second argument to "{name}" should be a sequence.'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or not args.items:
        c.bad(
            call,
            c.whole(call),
            f"takes a list [value, sequence], not {describe(args)}.",
            incorrect(call.name),
            parse_time=True,
        )
        return
    if len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            f"takes exactly two items [value, sequence], not {count_items(len(args.items))}.",
            form(call.name),
            parse_time=True,
        )
        return
    if c.parse_only:
        return
    sequence = args.items[1]
    if not c.fn(sequence) and not (isinstance(sequence, Sequence) or is_str(sequence)):
        c.bad(
            call,
            sequence,
            f"the second item must be a list (or a string), not {describe(sequence)}.",
            not_a_sequence(call.name),
        )
    value = args.items[0]
    if is_str(sequence) and not c.fn(value) and not is_str(value):
        # Searching a string is a substring test, which only takes a string.
        c.bad(
            call,
            value,
            f"searching the string {sequence.text!r} needs a string to look for, not {describe(value)}.",
            "'in <string>' requires string as left operand",
        )


def evaluate(ev: Evaluating, call: Call) -> Any:
    """Contains: [value, sequence]; a string sequence is a substring test."""
    assert isinstance(call.args, Sequence)  # check() ruled out anything else
    value = need(ev.argument(call.args.items[0], call.item_path(0), call.context))
    sequence = need(ev.argument(call.args.items[1], call.item_path(1), call.context))
    if not isinstance(sequence, (list, str)):
        raise HeatError(not_a_sequence(call.name), "E8000")
    try:
        return value in sequence
    except TypeError as exc:
        raise HeatError(str(exc), "E8000") from None


CONTAINS = HeatFunction("contains", evaluate=evaluate, check=check, parse_checked=True)
