"""Where Heat meets a fault: an error whose place Heat never takes the step it needs (an output, a branch not taken,
a disabled resource) becomes a warning (``stack.heat_reach``). It declares no code of its own."""

from __future__ import annotations

from ...stack.heat_reach import apply_reach, reach_of
from ..context import RuleContext
from ..phases import REACH
from .evaluated import diagnostics_evaluation

PHASE = REACH  # (rules/phases.py: when this unit runs)


def check(context: RuleContext) -> None:
    found = diagnostics_evaluation(context.analysis, context.inputs, context.files)
    report = context.report
    if found is not None and context.analysis.model is not None:
        report.diagnostics = apply_reach(report.diagnostics, report.needs, reach_of(found))
