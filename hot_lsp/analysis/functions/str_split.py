"""str_split: a string split at a delimiter, or one piece of it (StrSplit, 2015-10-15; facts §4 str_split)."""

from __future__ import annotations

from typing import Any

from ...document import Mapping, Scalar, Sequence
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, is_int_like, is_null, is_str
from .common import items, need


def example(name: str) -> str:
    return f'"{name}" : [ ",", "apples,pears", <index>]'


def incorrect(name: str) -> str:
    return f'Incorrect arguments to "{name}" should be: {example(name)}'


def incorrect_index(name: str) -> str:
    return f'Incorrect index to "{name}" should be: {example(name)}'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args):
        return
    if not isinstance(args, Sequence) or len(args.items) < 2:
        # A string or a map is refused while parsing; anything else once evaluated.
        parse_time = isinstance(args, Mapping) or (isinstance(args, Scalar) and isinstance(args.value, str))
        c.bad(
            call,
            c.whole(call),
            "takes a list [delimiter, string] or [delimiter, string, index].",
            incorrect(call.name),
            parse_time=parse_time,
        )
        return
    if c.parse_only:
        return
    delimiter, text = args.items[0], args.items[1]
    if not c.fn(delimiter) and not (is_str(delimiter) or is_null(delimiter)):
        c.bad(call, delimiter, f"the delimiter must be a string (or null for whitespace), not {describe(delimiter)}.")
    if not c.fn(text) and not (is_str(text) or is_null(text)):
        c.bad(call, text, f"the value to split must be a string, not {describe(text)}.")
    if len(args.items) > 2:
        index = args.items[2]
        if not c.fn(index) and not is_int_like(index):
            c.bad(call, index, f"the index must be an integer, not {describe(index)}.", incorrect_index(call.name))


def evaluate(ev: Evaluating, call: Call) -> Any:
    """StrSplit: [delimiter, string(, index)]; negative indices count from the end."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) < 2:
        raise HeatError(incorrect(call.name), "E8000")
    delim, text = args[0], args[1]
    if text is None:
        return None
    if not isinstance(text, str):
        raise HeatError(f"'{type(text).__name__}' object has no attribute 'split'", "E8000")
    if delim is not None and not isinstance(delim, str):
        raise HeatError(f"must be str or None, not {type(delim).__name__}", "E8000")
    parts = text.split(delim)
    if len(args) < 3:
        return parts
    try:
        index = int(args[2])
    except ValueError:
        raise HeatError(incorrect_index(call.name), "E8000") from None
    except TypeError as exc:
        raise HeatError(str(exc), "E8000") from None
    try:
        return parts[index]
    except IndexError:
        written = items(call.args)
        node = written[2] if len(written) > 2 else None
        raise HeatError(
            f'Incorrect index to "{call.name}" should be between 0 and {len(parts) - 1}', "E8004", node
        ) from None


STR_SPLIT = HeatFunction("str_split", evaluate=evaluate, check=check, parse_checked=True)
