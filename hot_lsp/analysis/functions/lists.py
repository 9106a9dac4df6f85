"""list_concat and list_concat_unique (2017-09-01): lists joined end to end."""

from __future__ import annotations

import json
from typing import Any

from ...document import Sequence
from ..values.evaluated import Symbol
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction, Implementation
from .checking import ArgumentChecker, describe, is_null
from .common import need

ITEMS_MUST_BE_LISTS = "Incorrect arguments: Items to concat must be lists"


def incorrect(name: str) -> str:
    return (
        f'Incorrect arguments to "{name}" should be: "{name}" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]'
    )


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args):
        return
    if not isinstance(args, Sequence):
        c.bad(call, c.whole(call), f"takes a list of lists, not {describe(args)}.", incorrect(call.name))
        return
    for item in args.items:
        if c.fn(item) or is_null(item) or isinstance(item, Sequence):
            continue
        c.bad(call, item, f"items to concatenate must be lists, not {describe(item)}.", ITEMS_MUST_BE_LISTS)


def _evaluation(unique: bool) -> Implementation:
    """ListConcat and ListConcatUnique: lists (None skipped) end to end; _unique keeps first occurrences."""

    def concat(ev: Evaluating, call: Call) -> Any:
        args = ev.argument(call.args, call.path, call.context)
        if isinstance(args, Symbol):
            raise Unknown
        if isinstance(args, str) or not isinstance(args, list):
            raise HeatError(incorrect(call.name), "E8000")
        result: list[Any] = []
        for item in args:
            if isinstance(item, Symbol):
                raise Unknown
            if item is None:
                continue
            if isinstance(item, str) or not isinstance(item, list):
                raise HeatError(
                    f"{ITEMS_MUST_BE_LISTS}. {_json(args)} contains an item that is not a list: {_json(item)}",
                    "E8000",
                )
            result.extend(item)
        if not unique:
            return result
        need(result)
        kept: list[Any] = []
        for item in result:
            if item not in kept:
                kept.append(item)
        return kept

    return concat


def _json(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


LIST_CONCAT = HeatFunction("list_concat", evaluate=_evaluation(unique=False), check=check)
LIST_CONCAT_UNIQUE = HeatFunction("list_concat_unique", evaluate=_evaluation(unique=True), check=check)
