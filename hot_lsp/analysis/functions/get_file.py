"""get_file: the content of a file the client sends in the stack's files map."""

from __future__ import annotations

from typing import Any

from ..values.evaluated import Symbol
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, is_str
from .common import need


def must_be_string(name: str) -> str:
    return f'Argument to "{name}" must be a string'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or (is_str(args) and args.value):
        return
    c.bad(call, c.whole(call), f"takes a file path or URL, not {describe(args)}.", must_be_string(call.name))


def evaluate(ev: Evaluating, call: Call) -> Any:
    """GetFile: the content the files map holds for the path, verbatim."""
    path = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(path, str):
        raise HeatError(must_be_string(call.name), "E8000")
    if ev.files is None:
        return Symbol(call.name, path)
    found = ev.files.read(path)
    if found.content is not None:
        return found.content
    if found.heat_error:
        raise HeatError(found.reason, "E8000")
    return Symbol(call.name, path)


GET_FILE = HeatFunction("get_file", evaluate=evaluate, check=check)
