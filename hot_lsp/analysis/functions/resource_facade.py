"""resource_facade (and the CFN Fn::ResourceFacade of 2013-05-23): a part of the parent resource's definition."""

from __future__ import annotations

from ... import spec
from ...document import QuickFix
from .base import CallSite, HeatFunction
from .checking import ArgumentChecker, closest, describe, is_str
from .common import run_time


def check(c: ArgumentChecker, call: CallSite) -> None:
    cfn = call.name == "Fn::ResourceFacade"
    allowed = spec.CFN_RESOURCE_FACADE_ARGUMENTS if cfn else spec.RESOURCE_FACADE_ARGUMENTS
    args = call.args
    if is_str(args) and args.value in allowed:
        return
    shown = "a function (it must be written literally)" if c.fn(args) else describe(args)
    suggestions = closest(args.value, allowed) if is_str(args) else []
    c.bad(
        call,
        c.whole(call),
        f"takes one of {', '.join(allowed)}, not {shown}.",
        f'Incorrect arguments to "{call.name}" should be one of: {", ".join(allowed)}',
        QuickFix(suggestions=suggestions),
        phase="parse",  # ResourceFacade's constructor checks it
    )


RESOURCE_FACADE = HeatFunction("resource_facade", evaluate=run_time, check=check)
CFN_RESOURCE_FACADE = HeatFunction("Fn::ResourceFacade", evaluate=run_time, check=check)
