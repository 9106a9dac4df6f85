"""get_param: a parameter's value, or an item inside it (facts §4 get_param)."""

from __future__ import annotations

from collections.abc import Mapping as AbcMapping
from collections.abc import Sequence as AbcSequence
from typing import Any

from ...document import Mapping, Node, Scalar, Sequence
from ..values.evaluated import Symbol
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction, References
from .checking import ArgumentChecker, describe, is_str

W4014 = "W4014"
# Literal types a path item may have (bool counts as int in Heat's check).
_PATH_TYPES = frozenset({str, int, bool})


def must_have_arguments(name: str) -> str:
    return f'Function "{name}" must have arguments'


def string_or_list(name: str) -> str:
    return f'Argument to "{name}" must be string or list'


def name_must_be_string(name: str) -> str:
    return f'Parameter name in "{name}" must be string'


def not_provided(parameter: str) -> str:
    return f"The Parameter ({parameter}) was not provided."


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    # The common cases first: templates such as tripleo's endpoint maps hold thousands of calls.
    if type(args) is Scalar and type(args.value) is str and args.value:
        return
    if type(args) is Sequence and _plain_path(c, args.items):
        return
    if c.fn(args):
        return
    if isinstance(args, Scalar):
        if not args.value:
            c.bad(call, args, "needs a parameter name.", must_have_arguments(call.name))
        elif not isinstance(args.value, str):
            c.bad(
                call,
                args,
                f"takes a parameter name or a list [name, key or index, ...], not {describe(args)}.",
                string_or_list(call.name),
            )
        return
    if isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            "takes a parameter name or a list [name, key or index, ...], not a mapping.",
            string_or_list(call.name),
        )
        return
    if not isinstance(args, Sequence):
        return
    if not args.items:
        c.bad(call, args, "needs a parameter name.", must_have_arguments(call.name))
        return
    name = args.items[0]
    if not is_str(name) and not c.fn(name):
        c.bad(call, name, f"the parameter name must be a string, not {describe(name)}.", name_must_be_string(call.name))
    for item in args.items[1:]:
        if (type(item) is Scalar and type(item.value) in _PATH_TYPES) or c.fn(item):
            continue
        c.warn(
            W4014,
            item,
            f"A get_param path item must be a map key (string) or a list index (integer), not {describe(item)}; "
            "Heat quietly returns an empty string for this path.",
        )


def _plain_path(c: ArgumentChecker, items: tuple[Node, ...]) -> bool:
    """[name, key, ...] written with literal strings and integers, or calls, only."""
    if not items:
        return False
    first = items[0]
    if not (type(first) is Scalar and type(first.value) is str) and not c.fn(first):
        return False
    # A plain loop: all() over a generator costs more than the check itself here.
    for item in items[1:]:
        if type(item) is Scalar:
            if type(item.value) not in _PATH_TYPES:
                return False
        elif not c.fn(item):
            return False
    return True


def evaluate(ev: Evaluating, call: Call) -> Any:
    """GetParam: a name or [name, path...]; any failure along the path gives ''."""
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol):
        raise Unknown
    if not args:
        raise HeatError(must_have_arguments(call.name), None)
    if isinstance(args, str):
        name, path = args, []
    elif isinstance(args, list):
        name, path = args[0], args[1:]
    else:
        raise HeatError(string_or_list(call.name), None)
    if isinstance(name, Symbol):
        raise Unknown
    if not isinstance(name, str):
        raise HeatError(name_must_be_string(call.name), None)
    parameter = ev.parameters.get(name)
    if parameter is None:
        raise HeatError(not_provided(name), None)
    value = parameter.value
    ev.read(name, value, parameter.source)
    if parameter.error is not None:
        raise HeatError(parameter.error, "E8000")
    if isinstance(value, Symbol):
        if not path:
            return value
        raise Unknown
    for key in path:
        if isinstance(key, Symbol):
            raise Unknown
        try:
            value = _path_step(value, key)
        except (KeyError, IndexError, TypeError):
            return ""
    return value


def _path_step(collection: Any, key: Any) -> Any:
    if not isinstance(collection, (AbcMapping, AbcSequence)):
        raise TypeError
    if not isinstance(key, (str, int)):
        raise TypeError
    if isinstance(collection, AbcSequence) and isinstance(key, str):
        try:
            key = int(key)
        except ValueError:
            raise TypeError from None
    return collection[key]


GET_PARAM = HeatFunction(
    "get_param",
    evaluate=evaluate,
    check=check,
    references=References("parameter", first_item=True),
)
