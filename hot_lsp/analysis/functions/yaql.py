"""yaql (2016-10-14; a condition function from 2017-09-01): a YAQL expression over `data`."""

from __future__ import annotations

from typing import Any

from ... import spec
from ...document import Mapping, QuickFix
from ..values import yaql_engine
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, closest, describe, is_str
from .common import need

_EXAMPLE = "{expression: $.data.values.sum(), data: {values: [1, 2]}}"


def must_be_map(name: str) -> str:
    return f'Arguments to "{name}" must be a map.'


def syntax(name: str) -> str:
    example = (
        f"{name}:\n              expression: $.data.var1.sum()\n              data:\n                var1: [3, 2, 1]"
    )
    return f'"{name}" syntax should be {example}'


def expression_must_be_string(name: str) -> str:
    return f'The "expression" argument to {name} must contain a string.'


def check(c: ArgumentChecker, call: CallSite) -> None:
    keys = spec.YAQL_KEYS
    args = c.literal_map(call, f"a mapping {_EXAMPLE}", must_be_map(call.name))
    if args is None:
        return
    for pair in args.entries():
        if pair.key_value not in keys:
            c.bad(
                call,
                pair.key,
                f"takes only `expression` and `data`, not {describe(pair.key)}.",
                syntax(call.name),
                QuickFix(suggestions=closest(str(pair.key_value), keys), fix="remove_key"),
                parse_time=True,
                quote=False,
            )
    expression = args.get("expression")
    if expression is None:
        c.bad(call, call.key, f"needs an `expression`: {_EXAMPLE}.", syntax(call.name), parse_time=True, quote=False)
        return
    if c.fn(expression) or c.parse_only:
        return
    if not is_str(expression):
        c.bad(
            call,
            expression,
            f"the expression must be a string, not {describe(expression)}.",
            expression_must_be_string(call.name),
            phase="validate",  # Yaql.validate() parses a literal expression
        )
        return
    problem = yaql_engine.syntax_error(expression.value)
    if problem:
        c.bad(call, expression, "the expression does not parse.", problem, phase="validate")


def evaluate(ev: Evaluating, call: Call) -> Any:
    """Yaql: {expression, data}; evaluated with Heat's iterator and memory limits, and a time budget."""
    args = call.args
    assert isinstance(args, Mapping)  # check() ruled out anything else
    expression_node = args.get("expression")
    assert expression_node is not None
    expression = need(ev.argument(expression_node, call.key_path("expression"), call.context))
    if not isinstance(expression, str):
        raise HeatError(expression_must_be_string(call.name), "E8000")
    data_node = args.get("data")
    data = ev.argument(data_node, call.key_path("data"), call.context) if data_node is not None else {}
    yaql_engine.parse(expression)
    need(data)
    with_format = spec.has_yaql_format(ev.heat_version)  # the release's yaql library
    return yaql_engine.evaluate(expression, data, ev.limits.yaql_seconds, with_format)


YAQL = HeatFunction("yaql", evaluate=evaluate, check=check, parse_checked=True)
