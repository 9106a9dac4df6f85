"""A nested template analysed as Heat validates it in one stack: with the parameters the parent passes (the
resource's properties as evaluated with the stack's values), the stack's environments (registry, merged
``parameter_defaults``; an environment's ``parameters`` are the top-level stack's only), its own file's folder, and
the same bounds as the parent's.

The result is cached per (child path, environment paths, resource type paths, the values passed), and reused
while every file the child's analysis read (the child, its own children, the environments) has the version it had:
a keystroke in the parent that leaves what it passes as it was does not analyse the child again. A template that includes itself is not entered twice on one
path, and no deeper than Heat's nesting limit.
"""

from __future__ import annotations

import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...document import ERROR, Related, related_at
from ...spec.limits import MAX_NESTED_STACK_DEPTH
from ..evaluation.inputs import EnvironmentValues, Inputs, resolve_parameters
from ..evaluation.parameter_constraints import custom_constraints_of
from ..result import Analysis
from .cross_file import CrossFile
from .template_files import Stamp

# The child's errors in the stack's context are Heat's verdict on the nested stack, but for those the parent's
# resource holds: a value the parent passes that breaks the child parameter's constraints (E2022 there) is the
# parent's E3019 (Heat: "resources.box: Property error: ..."), and a default that parameter_defaults replace is
# judged by its replacement (below). The environments' merge is the stack's (E7018, said at the top template).
PARENT_JUDGED_CODES = frozenset({"E2022", "E7018"})
FIRST = ("E0001",)  # a YAML error is what Heat says first (it stops there)
_CACHE_ENTRIES = 500
_PLACES = 50

# (text, path, the stack's files, resource type paths, the child's parameter values) -> the template analysed with
# every rule, in that stack (validate.analyze, given by the caller: the rules sit above this package).
AnalyseTemplate = Callable[[str, str, CrossFile, tuple[str, ...], Inputs], Analysis]


@dataclass(frozen=True, slots=True)
class Passed:
    """The parameter values a parent passes to a nested stack when Heat validates the stack (a value known only at
    run time is not passed: Heat has None for it then, and the child's default stands in)."""

    values: Mapping[str, Any]
    source: str  # "properties of NAME", as the child's findings name where a value came from

    def key(self) -> str:
        """What the cache tells apart: the values (anything JSON cannot write is told apart by its text)."""
        return json.dumps(self.values, sort_keys=True, default=repr)


@dataclass(frozen=True, slots=True)
class ChildFault:
    """The first error of a nested template in one stack's context."""

    path: str
    message: str
    line: int  # 1-based
    others: int  # further errors in the child
    code: str = ""  # the child's code for it (Heat words a YAML error or an output without value apart)
    place: Related | None = None  # where it is in the child (LSP relatedInformation)
    # Every error of the child in this stack, the first one first (at most _PLACES): the parent's finding relates
    # them all, and the editor shows them in the child, worded for the stack.
    places: tuple[Related, ...] = ()


_Key = tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...], str]
_lock = threading.Lock()
_cache: OrderedDict[_Key, tuple[dict[str, Stamp | None], ChildFault | None]] = OrderedDict()
_local = threading.local()  # the children being analysed on this thread, outermost first


def child_faults(
    path: str,
    around: CrossFile,
    resource_type_paths: tuple[str, ...],
    analyse: AnalyseTemplate,
    passed: Passed = Passed({}, ""),
) -> ChildFault | None:
    """The first error of the template at ``path`` analysed (by ``analyse``, the analysis with every rule) in
    ``around``'s stack with the values ``passed``, or None."""
    walking: list[str] = _walking()
    if path in walking or len(walking) >= MAX_NESTED_STACK_DEPTH:
        return None  # a template including an ancestor is E7013's; deeper than Heat nests is not validated
    environment_paths = tuple(environment.path for environment in around.environments)
    key: _Key = (path, environment_paths, tuple(around.roots), resource_type_paths, passed.key())
    with _lock:
        cached = _cache.get(key)
    if cached is not None and _unchanged(cached[0], around):
        around.files.stamps.update(cached[0])
        return cached[1]
    walking.append(path)
    try:
        read, fault = _analyse(path, around, resource_type_paths, analyse, passed)
    finally:
        walking.pop()
    around.files.stamps.update(read)
    with _lock:
        _cache[key] = (read, fault)
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_ENTRIES:
            _cache.popitem(last=False)
    return fault


def _walking() -> list[str]:
    found = getattr(_local, "walking", None)
    if found is None:
        found = _local.walking = []
    return found


def _analyse(
    path: str, around: CrossFile, resource_type_paths: tuple[str, ...], analyse: AnalyseTemplate, passed: Passed
) -> tuple[dict[str, Stamp | None], ChildFault | None]:
    loaded = around.files.template(path)
    # The text the bounded reader read (never read again here: a file it refused, say a pipe, is not opened).
    text = loaded.analysis.text if loaded.analysis is not None else loaded.text
    read: dict[str, Stamp | None] = {path: around.files.stamps.get(path)}
    if text is None:
        return read, None
    values = tuple(
        EnvironmentValues(environment.name, {}, environment.parameter_defaults, environment.merge_strategies)
        for environment in (found.values for found in around.environments)
        if environment is not None
    )
    inputs = Inputs(values, passed.values, passed.source)
    analysis = analyse(text, path, around, resource_type_paths, inputs)
    read.update(analysis.read_files or {})
    replaced = _replaced_defaults(values)
    errors = [
        d
        for d in analysis.diagnostics
        if d.severity == ERROR
        and d.code not in PARENT_JUDGED_CODES
        and not (d.code == "E2012" and _parameter_at(analysis, d.start) in replaced)
    ]
    faults = [(d.code not in FIRST, d.start, d.end, d.message, d.code) for d in errors]
    faults += _default_faults(analysis, values)
    if not faults:
        return read, None
    faults.sort()
    _, start, end, message, code = faults[0]
    lines = analysis.parsed.lines
    line = lines.position(start)[0] + 1
    places = tuple(related_at(path, m, s, e, lines, c) for _, s, e, m, c in faults[:_PLACES])
    return read, ChildFault(path, message, line, len(faults) - 1, code, places[0], places)


def _default_faults(analysis: Analysis, values: tuple[EnvironmentValues, ...]) -> list[tuple[bool, int, int, str, str]]:
    """Heat's InvalidSchemaError for a parameter whose default, as the environments' parameter_defaults replace it,
    is not of its type or breaks its constraints (Heat validates the default whatever the parent passes)."""
    model = analysis.model
    if model is None or not values:
        return []
    found: list[tuple[bool, int, int, str, str]] = []
    resolved, _ = resolve_parameters(model, Inputs(environments=values))
    for name, entry in model.parameters.items():
        value = resolved.get(name)
        if value is None or not value.source.startswith("parameter_defaults"):
            continue
        # The schema default's own faults are E2012's (Heat checks the replacing value); a custom constraint is
        # checked only when a nested stack is created (its validation is not strict).
        broken = [v for v in value.violations if not v.startswith("Invalid default")]
        if custom_constraints_of(model, entry):
            broken = []
        problem = value.error or (broken[0] if broken else None)
        if problem is not None:
            raw = _raw_default(name, values)
            message = f"Parameter '{name}' is invalid: Invalid default {raw} ({problem})"
            found.append((True, entry.key.start, entry.key.end, message, "E2012"))
    return found


def _raw_default(name: str, values: tuple[EnvironmentValues, ...]) -> object:
    """The last environment's parameter_defaults value for ``name`` (as Heat prints it)."""
    raw: object = None
    for environment in values:
        raw = environment.parameter_defaults.get(name, raw)
    return raw


def _replaced_defaults(values: tuple[EnvironmentValues, ...]) -> set[str]:
    """The parameters whose default the environments' parameter_defaults replace (Heat validates that one)."""
    return {
        name for environment in values for name, value in environment.parameter_defaults.items() if value is not None
    }


def _parameter_at(analysis: Analysis, offset: int) -> str | None:
    """The parameter whose definition holds ``offset``."""
    model = analysis.model
    if model is None:
        return None
    for name, entry in model.parameters.items():
        if entry.key.start <= offset <= entry.value.end:
            return name
    return None


def _unchanged(read: Mapping[str, Stamp | None], around: CrossFile) -> bool:
    """Whether every file the cached analysis read is as it was."""
    overlay = around.files.overlay
    for path, stamp in read.items():
        if path in overlay:
            now: Stamp | None = (-1, overlay[path][0])
        else:
            try:
                status = os.stat(path)
                now = (status.st_mtime_ns, status.st_size)
            except (OSError, ValueError):
                now = None
        if now != stamp:
            return False
    return True
