"""The phases the analysis runs its rule units in, and when each phase runs at all.

A rule unit is a module that declares ``PHASE`` and ``check(context)``; its area's ``UNITS`` lists it. The
analysis (``validate.analyze``) runs the phases in the order of :data:`PHASES`, and in each phase the units of
that phase in the registry's order (``rules.UNITS``). The order matters: the cross-file rules reuse what the model
rules found, and the evaluation leaves out what the others already reported (``Reporter.cover``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Literal

from .context import RuleContext


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    kind: Literal["template", "environment", "any"]  # the kind of file it judges
    runs: Callable[[RuleContext], bool]  # whether it runs on this context (its kind already matched)
    what: str  # one line, for the docs


def _always(context: RuleContext) -> bool:
    return True


def _with_files_around(context: RuleContext) -> bool:
    return context.around is not None


def _parsed_whole(context: RuleContext) -> bool:
    return context.analysis.parsed.syntax_ok  # a partial tree evaluates to nonsense


def _with_steps_to_judge(context: RuleContext) -> bool:
    return context.analysis.parsed.syntax_ok and bool(context.report.needs)


SYNTAX = Phase("syntax", "any", _always, "what the parser found (0xxx): reported for templates and environments")
MODEL = Phase("model", "template", _always, "the template alone, read from its model")
CROSS_FILE = Phase(
    "cross-file", "template", _with_files_around, "the files the template names: children, get_file targets"
)
EVALUATION = Phase("evaluation", "template", _parsed_whole, "the template evaluated as Heat would, with its inputs")
REACH = Phase("reach", "template", _with_steps_to_judge, "errors Heat does not meet where they are become warnings")
ENVIRONMENT = Phase("environment", "environment", _always, "an environment file")

PHASES = (SYNTAX, MODEL, CROSS_FILE, EVALUATION, REACH, ENVIRONMENT)


def runs(phase: Phase, context: RuleContext) -> bool:
    """Whether ``phase`` runs on ``context``: the right kind of file, and its own condition."""
    analysis = context.analysis
    if phase.kind == "template" and analysis.model is None:  # a template whose root is not a mapping has no model
        return False
    if phase.kind == "environment" and analysis.environment is None:
        return False
    return (phase.kind == "any" or phase.kind == analysis.kind) and phase.runs(context)


def phase_of(unit: ModuleType) -> Phase:
    phase = getattr(unit, "PHASE", None)
    if not isinstance(phase, Phase):
        raise TypeError(f"rule unit {unit.__name__} declares no PHASE")
    return phase
