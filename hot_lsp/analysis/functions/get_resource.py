"""get_resource: the reference ID of another resource of the template."""

from __future__ import annotations

from .base import CallSite, HeatFunction, References
from .checking import ArgumentChecker, describe, is_str
from .common import run_time


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or (is_str(args) and args.value):
        return
    # Heat looks the name up when it computes dependencies (an output's too, where a name that cannot be a key fails).
    c.bad(
        call,
        c.whole(call),
        f"takes the name of a resource in this template, not {describe(args)}.",
        phase="depends|validate",
    )


GET_RESOURCE = HeatFunction(
    "get_resource",
    evaluate=run_time,
    check=check,
    references=References("resource"),
)
