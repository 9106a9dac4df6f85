"""get_attr: an attribute of another resource, known once the stack runs."""

from __future__ import annotations

from ...document import Mapping, QuickFix, Scalar, Sequence
from .base import CallSite, HeatFunction, References
from .checking import ArgumentChecker, describe, is_str
from .common import run_time

W4011 = "W4011"


def forms(all_attributes: bool) -> str:
    if all_attributes:
        return "[resource_name] or [resource_name, attribute, (path), ...]"
    return "[resource_name, attribute, (path), ...]"


def wrong_form(name: str, all_attributes: bool) -> str:
    if all_attributes:
        return f'Arguments to "{name}" can be of the next forms: {forms(True)}'
    return f'Arguments to "{name}" must be of the form {forms(False)}'


def must_be_list(name: str) -> str:
    return f'Argument to "{name}" must be a list'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    short = c.features["get_attr_all_attributes"]
    if isinstance(args, Sequence) and not c.fn(args):
        _check_items(c, call, args, short)
        return
    if short and isinstance(args, Scalar) and not args.value:
        c.bad(call, args, f"needs a list {forms(short)}.", wrong_form(call.name, short), phase="parse")
        return
    if short and is_str(args) and len(args.value) == 1:
        # A str is a sequence: a one-character string reads as [that character].
        c.warn(
            W4011,
            args,
            f"get_attr takes a list; the one-character string {args.value!r} only works by accident "
            f"(as [{args.value}]). Write [{args.value}] or [{args.value}, attribute].",
            QuickFix(fix="replace", text=f"[{args.value}]"),
        )
        return
    wording = (
        "; a function cannot build it, Heat checks the list before evaluating anything"
        if c.fn(args)
        else f", not {describe(args)}"
    )
    c.bad(call, c.whole(call), f"takes a literal list {forms(short)}{wording}.", must_be_list(call.name), phase="parse")


def _check_items(c: ArgumentChecker, call: CallSite, args: Sequence, short: bool) -> None:
    items = args.items
    if len(items) < (1 if short else 2):
        data = c.raise_to("get_attr_all_attributes") if items and not short else None
        hint = " (a resource name alone, for all attributes, needs 2015-10-15)" if items and not short else ""
        c.bad(call, c.whole(call), f"needs {forms(short)}{hint}.", wrong_form(call.name, short), data, phase="parse")
        return
    name = items[0]
    if not c.fn(name) and not (is_str(name) and name.value):
        # Heat looks the name up when it computes dependencies and when it validates the call.
        c.bad(call, name, f"the resource name must be a string, not {describe(name)}.", phase="depends|validate")
    for item in items[1:]:
        if isinstance(item, (Mapping, Sequence)) and not c.fn(item):
            # Heat keeps (resource, attribute, path...) in a set while it computes what each resource reads.
            kind = "dict" if isinstance(item, Mapping) else "list"
            c.bad(
                call,
                item,
                f"an attribute name or path item must be a string or an integer, not {describe(item)}.",
                f"unhashable type: '{kind}'",
                phase="depends|validate",
            )


GET_ATTR = HeatFunction(
    "get_attr",
    evaluate=run_time,
    check=check,
    references=References("resource", first_item=True),
    attribute=(1,),
    notes=(
        ("get_attr_path_to_resource", "`get_attr` hands its path to the resource instead of walking the value"),
        ("get_attr_all_attributes", "`get_attr` with only a resource name gives all its attributes"),
    ),
)
