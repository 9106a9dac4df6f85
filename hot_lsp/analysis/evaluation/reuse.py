"""What an evaluation of the previous text still says about the current one, entry by entry.

An edit re-reads only the entries it touched (``document.piecewise``): every other resource and output is the
very same node as before. Evaluating such an entry again gives what it gave before, as long as what it reads is
unchanged: the parameter values it read (its ``Read`` list, conditions' reads included), and what it looks up by
name: the parameters declared, the resources declared, the conditions' definitions (all the same nodes). The
version, the inputs and the bounds must be the same, and nothing is read from files (a file may have changed on
disk). Under those conditions the entry's value, its problems (moved with its nodes) and the evaluator's memo of
its nodes are taken instead of computed; anything else is evaluated as before. The replay test
(tests/analysis/test_incremental_replay.py) holds that the diagnostics are exactly those of a fresh evaluation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...document import Node, Scalar
from ..model.template import Entry, TemplateModel
from ..values.evaluated import Symbol
from ..values.problems import Limits
from .evaluator import Evaluator, Recorded
from .inputs import Inputs, ParameterValue
from .static_conditions import StaticInputs

# Codes of bounds that depend on the clock: an entry that met one is evaluated again.
_CLOCK_CODES = frozenset({"W8009", "W8011"})


@dataclass(frozen=True, slots=True)
class _Kept:
    """One entry's evaluation: its nodes then, its value, and what evaluating it recorded."""

    key: Scalar
    value: Node
    result: Any
    recorded: Recorded
    origin_starts: tuple[int, ...]  # each problem's origin node's start then (the problems move with it)


@dataclass(slots=True)
class Walked:
    """The per-entry evaluations of one walk, with what they were evaluated under."""

    static: StaticInputs  # the version, the parameters' names, the conditions' definitions
    inputs: Inputs
    limits: Limits
    resource_names: tuple[str, ...]
    entries: dict[tuple[str, int], _Kept]


def start_walk(model: TemplateModel, inputs: Inputs, limits: Limits) -> Walked:
    return Walked(StaticInputs.of(model), inputs, limits, tuple(model.resources), {})


def still_valid(earlier: Walked | None, now: Walked, files: object) -> Walked | None:
    """``earlier`` when its entries may be taken for the walk ``now`` describes; else None."""
    if earlier is None or files is not None:
        return None
    same = (
        earlier.static.same(now.static)
        and earlier.limits == now.limits
        and earlier.resource_names == now.resource_names
        and earlier.inputs == now.inputs
    )
    return earlier if same else None


def entry_value(
    ev: Evaluator,
    parameters: dict[str, ParameterValue],
    section: str,
    entry: Entry,
    evaluate: Callable[[], Any],
    earlier: Walked | None,
    now: Walked,
) -> Any:
    """The value of one resource or output entry: taken from ``earlier`` when it still holds, else evaluated;
    either way kept in ``now`` for the next walk."""
    kept = earlier.entries.get((section, id(entry.key))) if earlier is not None else None
    if kept is not None and _holds(kept, entry, parameters):
        moved = [
            _moved(problem, problem.origin.start - then)
            for problem, then in zip(kept.recorded.problems, kept.origin_starts, strict=True)
        ]
        recorded = replace(kept.recorded, problems=tuple(moved))
        ev.replay(recorded)
        starts = tuple(problem.origin.start for problem in moved)
        now.entries[(section, id(entry.key))] = _Kept(entry.key, entry.value, kept.result, recorded, starts)
        return kept.result
    mark = ev.mark()
    result = evaluate()
    recorded = ev.recorded_since(mark)
    if all(p.origin is not None and p.code not in _CLOCK_CODES for p in recorded.problems):
        now.entries[(section, id(entry.key))] = _Kept(
            entry.key, entry.value, result, recorded, tuple(p.origin.start for p in recorded.problems)
        )
    return result


def _holds(kept: _Kept, entry: Entry, parameters: dict[str, ParameterValue]) -> bool:
    if kept.key is not entry.key or kept.value is not entry.value:
        return False
    for read in kept.recorded.reads:
        now = parameters.get(read.name)
        if now is None or now.source != read.source or not _same(now.value, read.value):
            return False
    return True


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, Symbol) and isinstance(b, Symbol):
        # (A parameter with no value offline reads as Symbol("get_param", name), made anew for each evaluation.)
        return a.name == b.name and a.failed == b.failed and isinstance(a.args, str) and a.args == b.args
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # (values that do not compare: evaluate again)
        return False


def _moved(problem: Any, delta: int) -> Any:
    return problem if delta == 0 else replace(problem, start=problem.start + delta, end=problem.end + delta)
