"""The rules: one folder per area, each code declared (``codes.define``) in the module whose check raises it.

A rule unit is a module that declares ``PHASE`` (``phases.py``) and ``check(context)`` (``context.py``); each area's
``UNITS`` lists its units. ``validate.analyze`` runs the phases in order, and in each phase the units of
:data:`UNITS` that declare it, in this order: the areas below, then each area's own order. Importing this package
registers every code hot-lsp reports (the cloud's own, 99xx, are in ``hot_lsp.cloud.codes``).
"""

from __future__ import annotations

from types import ModuleType

from . import (
    cloud,
    conditions,
    cross_file,
    environment,
    evaluation,
    functions,
    hints,
    outputs,
    parameters,
    resources,
    sections,
    syntax,
    update,
    version,
)
from .phases import PHASES, Phase, phase_of

# The areas in the order their units run within a phase (the model phase's order is today's findings' order).
AREAS: tuple[ModuleType, ...] = (
    syntax,
    version,
    sections,
    parameters,
    resources,
    functions,
    conditions,
    outputs,
    hints,
    cloud,
    cross_file,
    evaluation,
    environment,
    update,
)
UNITS: tuple[ModuleType, ...] = tuple(unit for area in AREAS for unit in area.UNITS)
_BY_PHASE: dict[str, tuple[ModuleType, ...]] = {
    phase.name: tuple(unit for unit in UNITS if phase_of(unit) is phase) for phase in PHASES
}


def units_in(phase: Phase) -> tuple[ModuleType, ...]:
    """The rule units that run in ``phase``, in their order."""
    return _BY_PHASE[phase.name]


__all__ = ["AREAS", "PHASES", "UNITS", "units_in"]
