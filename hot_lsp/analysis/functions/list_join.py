"""list_join (Join up to 2015-04-30, JoinMultiple after) and the CFN Fn::Join of 2013-05-23 (facts §4 list_join)."""

from __future__ import annotations

from typing import Any

from ...document import Mapping, Sequence
from ..values.evaluated import Symbol
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, falsy, is_null, is_str, python_repr, quote_advice
from .common import json_text, need, scalar_parameter


def incorrect(name: str, multiple: bool) -> str:
    more = " ..." if multiple else ""
    return f'Incorrect arguments to "{name}" should be: "{name}" : [ " ", [ "str1", "str2"]{more}]'


def must_operate_on_list(name: str) -> str:
    return f'"{name}" must operate on a list'


def delimiter_must_be_string(name: str) -> str:
    return f'"{name}" delimiter must be a string'


def bad_item(item: str, multiple: bool) -> str:
    if multiple:
        return f"Items to join must be string, map or list not {item}"
    return f"Items to join must be strings not {item}"


def _multiple(name: str, has: Any) -> bool:
    return name == "list_join" and has("list_join_multiple")


# -- literal arguments ------------------------------------------------------------------------------


def check(c: ArgumentChecker, call: CallSite) -> None:
    multiple = call.name == "list_join" and c.features["list_join_multiple"]
    args = call.args
    heat = incorrect(call.name, multiple)
    if c.fn(args) or not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a literal list [delimiter, list, ...], not {describe(args)}.",
            heat,
            parse_time=True,
        )
        return
    items = args.items
    if multiple and len(items) < 2:
        c.bad(
            call,
            c.whole(call),
            "needs a delimiter and at least one list: [delimiter, list, ...].",
            heat,
            parse_time=True,
        )
        return
    if not multiple and len(items) != 2:
        data = c.raise_to("list_join_multiple") if len(items) > 2 and call.name == "list_join" else None
        extra = " (several lists need heat_template_version 2015-10-15)" if data else ""
        c.bad(call, c.whole(call), f"takes exactly [delimiter, list]{extra}.", heat, data, parse_time=True)
        return
    if c.parse_only:
        return
    delimiter = items[0]
    if not c.fn(delimiter) and not is_str(delimiter):
        c.bad(
            call,
            delimiter,
            f"the delimiter must be a string, not {describe(delimiter)}.",
            delimiter_must_be_string(call.name),
        )
    for joined in items[1:]:
        if c.fn(joined) or is_null(joined) or (multiple and falsy(joined)):
            continue  # null (and from 2015-10-15 any empty value) counts as an empty list
        if not isinstance(joined, Sequence):
            c.bad(call, joined, f"joins lists, not {describe(joined)}.", must_operate_on_list(call.name))
            continue
        _check_items(c, call, joined, multiple)


def _check_items(c: ArgumentChecker, call: CallSite, joined: Sequence, multiple: bool) -> None:
    for item in joined.items:
        if c.fn(item) or is_null(item) or is_str(item):
            continue
        if multiple:
            if isinstance(item, Mapping | Sequence):
                continue  # JSON-encoded
            c.bad(
                call,
                item,
                f"items to join must be strings, maps or lists, not {describe(item)}{quote_advice(item)}.",
                bad_item(python_repr(item), True),
            )
        else:
            is_collection = isinstance(item, Mapping | Sequence)
            data = c.raise_to("list_join_multiple", item) if is_collection and call.name == "list_join" else None
            hint = " (maps and lists are JSON-encoded from heat_template_version 2015-10-15)" if data else ""
            c.bad(
                call,
                item,
                f"items to join must be strings, not {describe(item)}{hint}.",
                bad_item(python_repr(item), False),
                data,
            )
        return  # Heat stops at the first bad item


# -- evaluation ---------------------------------------------------------------------------------------


def evaluate(ev: Evaluating, call: Call) -> Any:
    if _multiple(call.name, ev.has):
        return _join_multiple(ev, call)
    return _join(ev, call)


def _join(ev: Evaluating, call: Call) -> Any:
    """Join (up to 2015-04-30, and Fn::Join): [delimiter, [strings]]; items must be strings or None."""
    assert isinstance(call.args, Sequence)  # check() ruled out anything else
    delim_node, strings_node = call.args.items
    strings = ev.argument(strings_node, call.item_path(1), call.context)
    if isinstance(strings, list):
        for item in strings:
            _refused_whatever_its_value(ev, item, multiple=False)
    need(strings)
    if strings is None:
        strings = []
    if isinstance(strings, str) or not isinstance(strings, list):
        raise HeatError(must_operate_on_list(call.name), "E8000")
    delim = need(ev.argument(delim_node, call.item_path(0), call.context))
    if not isinstance(delim, str):
        raise HeatError(delimiter_must_be_string(call.name), "E8000")
    texts = []
    for item in strings:
        if item is None:
            item = ""
        if not isinstance(item, str):
            raise HeatError(bad_item(repr(item)[:200], False), "E8000")
        texts.append(item)
    return delim.join(texts)


def _refused_whatever_its_value(ev: Evaluating, item: Any, multiple: bool) -> None:
    """A number or boolean parameter without a value: whatever value it gets, the join refuses it."""
    typed = scalar_parameter(ev, item)
    if typed is not None:
        name, kind = typed
        wanted = "string, map or list" if multiple else "strings"
        raise HeatError(
            f"Items to join must be {wanted}, and parameter `{name}` is a {kind}: Heat refuses every value it can "
            f"take (Heat: {bad_item('<its value>', multiple)})",
            "E8000",
        )


def _join_multiple(ev: Evaluating, call: Call) -> Any:
    """JoinMultiple (2015-10-15+): [delimiter, list, ...]; maps and lists JSON-encoded."""
    assert isinstance(call.args, Sequence)  # check() ruled out anything else
    delim_node, *list_nodes = call.args.items
    strings: list[Any] = []
    lists = [ev.argument(node, call.item_path(i + 1), call.context) for i, node in enumerate(list_nodes)]
    for joined in lists:
        if isinstance(joined, Symbol):
            raise Unknown
        if joined:
            if isinstance(joined, str) or not isinstance(joined, list):
                raise HeatError(must_operate_on_list(call.name), "E8000")
            strings += joined
    delim = need(ev.argument(delim_node, call.item_path(0), call.context))
    if not isinstance(delim, str):
        raise HeatError(delimiter_must_be_string(call.name), "E8000")
    texts = []
    for item in strings:
        _refused_whatever_its_value(ev, item, multiple=True)
        need(item)
        if item is None:
            texts.append("")
        elif isinstance(item, str):
            texts.append(item)
        elif isinstance(item, (dict, list)):
            texts.append(json_text(item))
        else:
            raise HeatError(bad_item(repr(item)[:200], True), "E8000")
    return ev.check_size(delim.join(texts))


LIST_JOIN = HeatFunction(
    "list_join",
    evaluate=evaluate,
    check=check,
    parse_checked=True,
    notes=(("list_join_multiple", "`list_join` of several lists, with maps and lists JSON-encoded"),),
)
CFN_JOIN = HeatFunction("Fn::Join", evaluate=evaluate, check=check, parse_checked=True)
