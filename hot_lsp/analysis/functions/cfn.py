"""The CloudFormation functions HOT had in 2013-05-23 and removed in 2014-10-16 (Fn::Select in 2015-10-15).

Fn::Join and Fn::ResourceFacade live beside list_join and resource_facade, which they behave like.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ...document import Mapping, Scalar, Sequence
from ..values.evaluated import Symbol
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, is_int_like, is_str
from .common import need
from .get_param import evaluate as evaluate_get_param
from .str_replace import check_parts


def select_form(name: str) -> str:
    return f'Arguments to "{name}" must be of the form [index, collection]'


# -- Fn::Select -----------------------------------------------------------------------------------------


def check_select(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes a list of two items: [index, list or map].",
            select_form(call.name),
            phase="parse",
        )
        return
    index, collection = args.items
    if c.fn(index) or c.fn(collection):
        return
    if isinstance(collection, Mapping) and not is_str(index):
        c.bad(
            call,
            index,
            f"selecting from a map needs a key (a string), not {describe(index)}.",
            f'Index to "{call.name}" must be a string',
        )
    elif isinstance(collection, Sequence) and not is_int_like(index):
        c.bad(
            call,
            index,
            f"selecting from a list needs an integer index, not {describe(index)}.",
            f'Index to "{call.name}" must be an integer',
        )
    elif isinstance(collection, Scalar) and isinstance(collection.value, str) and collection.value:
        try:
            json.loads(collection.value)
        except ValueError:
            c.bad(call, collection, "a string collection is decoded as JSON, and this one is not valid JSON.")


def evaluate_select(ev: Evaluating, call: Call) -> Any:
    """Fn::Select: [index, collection]; '' when out of range or missing."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2:
        raise HeatError(select_form(call.name), None)
    index, collection = args
    if isinstance(collection, str):
        with contextlib.suppress(ValueError):
            collection = json.loads(collection)
    if collection is None or collection == "":
        return ""
    if isinstance(collection, dict):
        if not isinstance(index, str):
            raise HeatError(f'Index to "{call.name}" must be a string', "E8000")
        return collection.get(index, "")
    try:
        return collection[int(index)]
    except (IndexError, ValueError, TypeError, KeyError):
        return ""


# -- Fn::Split --------------------------------------------------------------------------------------------


def check_split(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes a list of two items: [delimiter, string].",
            f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ ",", "str1,str2"]]',
            phase="parse",
        )
        return
    delimiter, text = args.items
    if not is_str(delimiter):
        shown = describe(delimiter) if not c.fn(delimiter) else "a function"
        c.bad(
            call,
            delimiter,
            f"the delimiter must be a literal string, not {shown}.",
            f"Delimiter for {call.name} must be string",
        )
    if not c.fn(text) and not is_str(text):
        c.bad(
            call,
            text,
            f"the value to split must be a string, not {describe(text)}.",
            f"String to split must be string; got {describe(text)}",
        )


def evaluate_split(ev: Evaluating, call: Call) -> Any:
    """Fn::Split: [delimiter, string]."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2 or not isinstance(args[0], str) or not isinstance(args[1], str):
        raise HeatError(f'Arguments to "{call.name}" must be of the form [delimiter, string]', "E8000")
    return args[1].split(args[0])


# -- Fn::Replace ------------------------------------------------------------------------------------------


def check_replace(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    heat = f'Incorrect arguments to "{call.name}" should be: [{{"$var": "value"}}, "template with $var"]'
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes a list of two items: [{placeholder: value, ...}, template].",
            heat,
            phase="parse",
        )
        return
    check_parts(c, call, args.items[0], args.items[1])


def evaluate_replace(ev: Evaluating, call: Call) -> Any:
    """Fn::Replace: [{placeholder: value}, template]; longest placeholders first."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2 or not isinstance(args[0], dict) or not isinstance(args[1], str):
        raise HeatError(f'Arguments to "{call.name}" must be of the form [{{placeholder: value}}, template]', "E8000")
    text = args[1]
    for key in sorted(args[0], key=lambda k: -len(str(k))):
        value = args[0][key]
        text = text.replace(str(key), "" if value is None else str(value))
    return text


# -- Fn::Base64, Fn::MemberListToMap, Fn::GetAZs, Ref -----------------------------------------------------


def check_base64(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or is_str(args):
        return
    c.bad(call, c.whole(call), f"takes a string, not {describe(args)}.", f'"{call.name}" argument must be a string')


def evaluate_base64(ev: Evaluating, call: Call) -> Any:
    """Fn::Base64: the identity on a string."""
    value = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(value, str):
        raise HeatError(f'Arguments to "{call.name}" not fully resolved', "E8000")
    return value


def check_member_list(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 3:
        c.bad(call, c.whole(call), "takes a list of three items: [key name, value name, member list].", phase="parse")
        return
    for item, what in zip(args.items[:2], ("Key Name", "Value Name"), strict=True):
        if not is_str(item):
            c.bad(
                call,
                item,
                f"the {what.lower()} must be a literal string.",
                f"{call.name} {what} must be a string",
                phase="parse",
            )
    members = args.items[2]
    if not c.fn(members) and not isinstance(members, Sequence):
        c.bad(call, members, f"the member list must be a list, not {describe(members)}.", "Member list must be a list")


def evaluate_member_list(ev: Evaluating, call: Call) -> Any:
    """Fn::MemberListToMap: [key name, value name, ['.member.N.k=v', ...]]."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not (isinstance(args, list) and len(args) == 3 and isinstance(args[2], list)):
        raise HeatError(f'Wrong Arguments try: "{call.name}" : [ key name, value name, list ]', "E8000")
    key_name, value_name, members = args
    groups: dict[str, dict[str, str]] = {}
    for member in members:
        if not isinstance(member, str) or "=" not in member:
            continue
        left, value = member.split("=", 1)
        parts = left.split(".")
        if len(parts) >= 4:
            groups.setdefault(parts[2], {})[parts[3]] = value
    return {group[key_name]: group.get(value_name) for group in groups.values() if isinstance(group.get(key_name), str)}


def evaluate_get_azs(ev: Evaluating, call: Call) -> Any:
    """Fn::GetAZs: the stack's availability zones."""
    return Symbol(call.name, ev.argument(call.args, call.path, call.context))


# The class of Heat's 2013-05-23 table each function name makes: Ref asks ``args in stack`` in its constructor, and
# these objects, like a list or a map, cannot be hashed (``Ref`` itself makes a GetResource or a ParamRef).
_HEAT_CLASSES = {
    "Fn::GetAZs": "GetAZs",
    "get_param": "GetParam",
    "get_resource": "GetResource",
    "get_attr": "GetAttThenSelect",
    "Fn::Select": "Select",
    "Fn::Join": "Join",
    "list_join": "Join",
    "Fn::Split": "Split",
    "str_replace": "Replace",
    "Fn::Replace": "Replace",
    "Fn::Base64": "Base64",
    "Fn::MemberListToMap": "MemberListToMap",
    "resource_facade": "ResourceFacade",
    "Fn::ResourceFacade": "ResourceFacade",
    "get_file": "GetFile",
}


def check_ref(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if is_str(args) and args.value:
        return
    given = f"a `{args.pairs[0].key_value}` call" if c.fn(args) and isinstance(args, Mapping) else describe(args)
    takes = f"takes the name of a resource or parameter as written, not {given}"
    unhashable = _unhashable(c, args)
    if unhashable:
        # Ref's constructor looks the argument up among the resources (``args in stack``): whatever the resource's
        # type, wherever the call is, Heat fails while it parses it.
        heat = f"unhashable type: '{unhashable}'"
        c.bad(call, c.whole(call), f"{takes}.", heat, parse_time=True)
    elif not c.fn(args):
        c.bad(call, c.whole(call), f"{takes}.")


def _unhashable(c: ArgumentChecker, args: object) -> str:
    """The Python type Heat's ``args in stack`` fails on ('' when the argument can be looked up)."""
    if isinstance(args, Sequence):
        return "list"
    if not isinstance(args, Mapping):
        return ""
    if c.fn(args) and len(args.pairs) == 1:
        return _HEAT_CLASSES.get(str(args.pairs[0].key_value), "")
    return "dict"


def evaluate_ref(ev: Evaluating, call: Call) -> Any:
    """Ref: a resource's reference when the name is a resource, else the parameter."""
    if isinstance(call.args, Scalar) and ev.is_resource(call.args.value):
        return Symbol("get_resource", call.args.value)
    return evaluate_get_param(ev, call)


CFN_SELECT = HeatFunction("Fn::Select", evaluate=evaluate_select, check=check_select)
CFN_SPLIT = HeatFunction("Fn::Split", evaluate=evaluate_split, check=check_split)
CFN_REPLACE = HeatFunction("Fn::Replace", evaluate=evaluate_replace, check=check_replace)
CFN_BASE64 = HeatFunction("Fn::Base64", evaluate=evaluate_base64, check=check_base64)
CFN_MEMBER_LIST_TO_MAP = HeatFunction("Fn::MemberListToMap", evaluate=evaluate_member_list, check=check_member_list)
CFN_GET_AZS = HeatFunction("Fn::GetAZs", evaluate=evaluate_get_azs)
REF = HeatFunction("Ref", evaluate=evaluate_ref, check=check_ref)
