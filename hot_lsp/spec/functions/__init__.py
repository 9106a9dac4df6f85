"""The intrinsic functions of HOT: one :class:`FunctionRecord` per name, and what each version makes of them.

Heat has two function tables per version. The *normal* table applies in
resource properties, metadata, update_policy, deletion_policy, external_id
and output values. The *condition* table applies in the `conditions` section,
in resource and output `condition`, and in the first argument of `if`.
A one-key map whose key is in neither table is plain data to Heat, which is
why a misspelt or unavailable function name is silent there and worth
reporting here.

The records live in one module per family (``references``, ``strings``, ``lists_and_maps``, ``conditions``,
``cloudformation``); how each function behaves, in ``hot_lsp.analysis.functions``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from typing import Literal

from ..features import has_feature
from ..versions import TemplateVersion, is_at_least, version_named
from . import cloudformation, conditions, lists_and_maps, references, strings
from .cloudformation import CFN_ONLY_NAMES, CFN_RESOURCE_FACADE_ARGUMENTS
from .conditions import IF_ARGUMENT_COUNTS, if_argument_counts
from .record import ArgumentPath, ArgumentShape, FunctionRecord, ParameterDoc
from .references import RESOURCE_FACADE_ARGUMENTS
from .strings import BROKEN_DIGEST_ALGORITHMS, HOT_DIGEST_ALGORITHMS

__all__ = [
    "BROKEN_DIGEST_ALGORITHMS",
    "CFN_ONLY_NAMES",
    "CFN_RESOURCE_FACADE_ARGUMENTS",
    "FUNCTIONS",
    "HOT_DIGEST_ALGORITHMS",
    "IF_ARGUMENT_COUNTS",
    "MAKE_URL_KEYS",
    "MAP_REPLACE_KEYS",
    "RESOURCE_FACADE_ARGUMENTS",
    "YAQL_KEYS",
    "ArgumentPath",
    "ArgumentShape",
    "Availability",
    "ConditionAvailability",
    "FunctionRecord",
    "FunctionSignature",
    "ParameterDoc",
    "argument_keys_for",
    "condition_function_availability",
    "condition_functions_for",
    "first_version_with",
    "function_availability",
    "function_signature",
    "function_url",
    "functions_for",
    "if_argument_counts",
    "nearest_function_names",
    "removed_functions_for",
    "repeat_keys_for",
]

# Every function Heat knows, by name, family by family (a new family module goes in this line and the import).
FUNCTIONS: dict[str, FunctionRecord] = {
    record.name: record
    for family in (references, strings, lists_and_maps, conditions, cloudformation)
    for record in family.RECORDS
}
_RECORDS: tuple[FunctionRecord, ...] = tuple(FUNCTIONS.values())

Availability = Literal["available", "removed", "not_yet", "condition_only", "unknown"]
ConditionAvailability = Literal["available", "invalid", "removed", "not_yet", "unknown"]


def argument_keys_for(name: str, version: TemplateVersion, path: ArgumentPath = ()) -> tuple[str, ...]:
    """The keys Heat reads in the map at ``path`` of ``name``'s argument, in ``version`` (() for no map)."""
    record = FUNCTIONS.get(name)
    keys = record.argument_keys.get(path, {}) if record is not None else {}
    return tuple(key for key, since in keys.items() if is_at_least(version, since))


@dataclass(frozen=True, slots=True)
class FunctionSignature:
    """A function's arguments in one version, for signature help."""

    name: str
    shape: ArgumentShape  # one value, positional list items, or named map keys
    parameters: tuple[ParameterDoc, ...]
    repeats: bool  # the last list item may repeat


def function_signature(name: str, version: TemplateVersion) -> FunctionSignature | None:
    """The arguments ``name`` takes in ``version``: a map's keys as Heat reads them there, a list's items (the last
    repeating where the version lets it); None for an unknown name."""
    record = FUNCTIONS.get(name)
    if record is None:
        return None
    parameters = record.parameters
    if record.shape == "map":
        keys = argument_keys_for(name, version)
        parameters = tuple(parameter for parameter in parameters if parameter.label in keys)
    repeats = record.repeats if isinstance(record.repeats, bool) else has_feature(version, record.repeats)
    return FunctionSignature(name, record.shape, parameters, repeats)


def function_url(release: str, name: str) -> str | None:
    """Where the template guide of ``release`` documents the function ``name``; None when it has no section."""
    record = FUNCTIONS.get(name)
    return record.guide_url(release) if record is not None else None


MAKE_URL_KEYS: tuple[str, ...] = tuple(FUNCTIONS["make_url"].argument_keys[()])
YAQL_KEYS: tuple[str, ...] = tuple(FUNCTIONS["yaql"].argument_keys[()])
MAP_REPLACE_KEYS: tuple[str, ...] = tuple(FUNCTIONS["map_replace"].argument_keys[(1,)])


# --- per-version views ----------------------------------------------------------


def _is_removed(record: FunctionRecord, version: TemplateVersion) -> bool:
    return record.removed_in is not None and is_at_least(version, record.removed_in)


def _is_usable(record: FunctionRecord, version: TemplateVersion) -> bool:
    return record.normal and is_at_least(version, record.since) and not _is_removed(record, version)


@cache  # asked on every call site and keystroke; versions are few and frozen
def functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names usable as normal functions (properties, outputs, ...) in `version`."""
    return frozenset(record.name for record in _RECORDS if _is_usable(record, version))


@cache  # asked on every call site and keystroke; versions are few and frozen
def removed_functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names Heat parses but rejects as removed in `version`."""
    return frozenset(record.name for record in _RECORDS if _is_removed(record, version))


@cache  # asked on every call site and keystroke; versions are few and frozen
def condition_functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names usable as condition functions in `version` (none before 2016-10-14)."""
    return frozenset(
        record.name
        for record in _RECORDS
        if record.condition_since is not None and is_at_least(version, record.condition_since)
    )


def function_availability(name: str, version: TemplateVersion) -> Availability:
    """Where `name` stands as a normal function in `version`.

    'available': a function here. 'removed': Heat rejects it as removed.
    'condition_only': equals/not/and/or, which are never normal functions
    (whatever the version). 'not_yet': a function of a later version.
    'unknown': not a function name in any version (Heat reads it as data).
    """
    record = FUNCTIONS.get(name)
    if record is None:
        return "unknown"
    if _is_removed(record, version):
        return "removed"
    if not record.normal:
        return "condition_only"
    if is_at_least(version, record.since):
        return "available"
    return "not_yet"


def condition_function_availability(name: str, version: TemplateVersion) -> ConditionAvailability:
    """Where `name` stands in a condition context in `version`.

    'available': a condition function here. 'invalid': a normal function of
    this version, which Heat refuses in conditions ("invalid in this
    context"). 'removed': a removed CFN name. 'not_yet': a condition function
    of a later version, or a normal function not yet in this one. 'unknown':
    not a function name at all.
    """
    record = FUNCTIONS.get(name)
    if record is None:
        return "unknown"
    if _is_removed(record, version):
        return "removed"
    if record.condition_since is not None and is_at_least(version, record.condition_since):
        return "available"
    if _is_usable(record, version):
        return "invalid"
    return "not_yet"


def first_version_with(name: str) -> TemplateVersion | None:
    """The oldest version where `name` works where it is meant to work.

    For normal functions that is the first version with it in the normal
    table; for equals/not/and/or, the first with them as condition functions.
    None for unknown names.
    """
    record = FUNCTIONS.get(name)
    if record is None:
        return None
    since = record.since if record.normal else record.condition_since
    assert since is not None
    return version_named(since)


def repeat_keys_for(version: TemplateVersion) -> tuple[str, ...]:
    """Keys of the `repeat` argument map that Heat reads in `version`."""
    return argument_keys_for("repeat", version)


def _normalise(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def nearest_function_names(
    name: str, version: TemplateVersion, limit: int = 3, *, condition: bool = False
) -> list[str]:
    """Function names of `version` that `name` was probably meant to be.

    Looks among the normal functions, or among the condition functions when
    `condition` is true. A CFN name suggests its HOT counterpart first.
    Suggestions much weaker than the best one are dropped, so a clear typo
    gets one answer rather than a list of look-alikes.
    """
    if limit <= 0:
        return []
    pool = condition_functions_for(version) if condition else functions_for(version)
    suggestions: list[str] = []

    for candidate in CFN_ONLY_NAMES.get(name, "").split(" or "):
        if candidate in pool and candidate not in suggestions:
            suggestions.append(candidate)

    wanted = _normalise(name)
    if wanted in pool and wanted not in suggestions:
        suggestions.append(wanted)

    scored = sorted(
        ((difflib.SequenceMatcher(None, wanted, other).ratio(), other) for other in pool),
        key=lambda pair: (-pair[0], pair[1]),
    )
    if scored:
        best = scored[0][0]
        for ratio, other in scored:
            if ratio < 0.6 or ratio < best - 0.1:
                break
            if other not in suggestions:
                suggestions.append(other)
    return [other for other in suggestions if other != name][:limit]
