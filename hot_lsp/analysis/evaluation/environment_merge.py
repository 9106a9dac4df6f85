"""The engine's merge of the environment files a stack is created with (Heat 27.0.1
``heat/common/environment_util.py``: ``merge_environments``, ``merge_parameters``, ``param_merge``), with its errors.

Heat merges ``parameters`` and ``parameter_defaults`` file by file, in the order given. Each file's
``parameter_merge_strategies`` (``overwrite``, the default; ``merge``; ``deep_merge``; a ``default`` key) choose how
a parameter's new value joins the one before. The strategy a parameter first gets (in either section, from the
first file that sets it) holds for every later file: another one raises ``ConflictingMergeStrategyForParam``, even
when that first file named no strategy. A section's first non-empty value is taken whole (nothing is merged,
nothing can fail); after that, ``merge`` joins by the parameter's type, and fails as Heat's code fails (a YAML
number or boolean: ``Invalid parameter in environment .``; a text number added to nothing: ``unsupported operand
type(s) for +: 'int' and 'str'``; a boolean text: ``InvalidMergeStrategyForParam``...). The messages are Heat's:
this module runs the same operations on the same Python values.

Values and strategies of names the template does not declare are ignored, as Heat ignores them. This module is
the one place the merge is written: the evaluation's parameter values (``inputs.resolve_parameters``), the
environment rules' merge errors and ``render`` all take it from here.
"""

from __future__ import annotations

import collections.abc
import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

MERGE_STRATEGIES = ("overwrite", "merge", "deep_merge")
MERGED_SECTIONS = ("parameters", "parameter_defaults")
# Heat merges every other section as a map (``merge_map``): a list one set by two files fails.
LIST_SECTIONS = ("event_sinks", "encrypted_param_names")


class MergedEnvironment(Protocol):
    """What the merge reads of one environment file (``inputs.EnvironmentValues`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def parameters(self) -> dict[str, Any]: ...
    @property
    def parameter_defaults(self) -> dict[str, Any]: ...
    @property
    def merge_strategies(self) -> dict[str, Any]: ...
    @property
    def listed_sections(self) -> tuple[str, ...]: ...


@dataclass(frozen=True, slots=True)
class MergeError:
    """Why Heat refuses to merge a parameter's value from one environment file (Heat stops at the first)."""

    environment: str  # the file's name, as the environment was given
    section: str  # parameters or parameter_defaults; or a list section (then ``parameter`` is '')
    parameter: str
    message: str  # Heat's words
    error: str  # Heat's exception class


@dataclass(slots=True)
class MergedSection:
    """One section after every file: each parameter's value, and where it came from."""

    values: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)
    # Whether a file has set the section yet (names the template does not declare count: Heat keeps them too).
    started: bool = False


@dataclass(slots=True)
class Merged:
    parameters: MergedSection
    parameter_defaults: MergedSection
    errors: list[MergeError]


def heat_schema_type(param_type: str) -> str:
    """The properties-schema type Heat merges a HOT parameter type as (``param_schemata``)."""
    return {"number": "Number", "comma_delimited_list": "List", "json": "Map", "boolean": "Boolean"}.get(
        param_type, "String"
    )


def strategy_for(strategies: Mapping[str, Any], name: str, available: Mapping[str, str]) -> str:
    """Heat's get_param_merge_strategy: the file's own for ``name``, else the one the name already has, else the
    file's ``default``; an unknown strategy falls back to the file's ``default`` (which may itself be unknown:
    Heat then uses it as is, and it acts as ``overwrite``)."""
    env_default = strategies.get("default", "overwrite")
    chosen = strategies.get(name, available.get(name, env_default))
    return chosen if chosen in MERGE_STRATEGIES else env_default


def merge_environments(
    environments: Sequence[MergedEnvironment],
    types: Mapping[str, str],
    given: Mapping[str, Any] | None = None,
    given_source: str = "-P",
) -> Merged:
    """Both sections merged across ``environments`` (in order) for a template whose parameters have ``types``
    (HOT type names), with every error Heat would raise (Heat stops at the first; the parameter it fails on
    keeps its value from before).

    ``given``: the request's own parameter values (``-P``). Heat's API puts them in the stack's ``parameters``
    first, and the engine merges the environment files over them: a file's ``parameters`` entry replaces a ``-P``
    value (or merges with it, under ``merge``/``deep_merge``), as ``merge_environments`` does with ``params``."""
    merged = Merged(MergedSection(), MergedSection(), [])
    if given:
        merged.parameters.started = True
        for key, value in given.items():
            merged.parameters.values[key] = value
            merged.parameters.origin[key] = given_source
    available: dict[str, str] = {}  # shared by both sections, as in Heat
    listed: set[str] = set()
    for env in environments:
        strategies = env.merge_strategies if isinstance(env.merge_strategies, Mapping) else {}
        for section in MERGED_SECTIONS:
            values = getattr(env, section)
            if values:
                _merge_section(env.name, section, values, strategies, available, types, merged)
        for section in env.listed_sections:
            if section in listed:  # merge_map(old, new) with a list for new: ``new.items()``
                message = "'list' object has no attribute 'items'"
                merged.errors.append(MergeError(env.name, section, "", message, "AttributeError"))
            listed.add(section)
    return merged


def _merge_section(
    name: str,
    section: str,
    new: Mapping[str, Any],
    strategies: Mapping[str, Any],
    available: dict[str, str],
    types: Mapping[str, str],
    merged: Merged,
) -> None:
    """Heat's merge_parameters for one file's ``section``."""
    target: MergedSection = getattr(merged, section)
    label = f"{section} in {name}"
    conflicting: set[str] = set()
    for key, value in new.items():
        if key not in types or value is None:
            continue
        strategy = strategy_for(strategies, key, available)
        if key not in available:
            available[key] = strategy
        elif strategy != available[key]:
            message = f"Conflicting merge strategy '{strategy}' for parameter '{key}' in file '{name}'."
            merged.errors.append(MergeError(name, section, key, message, "ConflictingMergeStrategyForParam"))
            conflicting.add(key)
    if not target.started:  # Heat: ``if not old: return new``, the section taken whole
        target.started = True
        for key, value in new.items():
            if key in types and key not in conflicting:
                target.values[key] = value  # shared with the file's values: only a merge copies (it mutates)
                target.origin[key] = label
        return
    for key, value in new.items():
        if key not in types or value is None or key in conflicting:
            continue
        strategy = available[key]
        if strategy not in ("merge", "deep_merge"):
            target.values[key] = value
            target.origin[key] = label
            continue
        # Heat's merge mutates the value before: work on copies, so the files' own values stay as read.
        before = {key: copy.deepcopy(target.values[key])} if key in target.values else {}
        try:
            target.values[key] = _param_merge(before, key, copy.deepcopy(value), types[key], strategy == "deep_merge")
        except _InvalidMergeStrategy:
            message = f"Invalid merge strategy 'merge' for parameter '{key}'."
            merged.errors.append(MergeError(name, section, key, message, "InvalidMergeStrategyForParam"))
            continue
        except (ValueError, TypeError, AttributeError) as error:
            merged.errors.append(MergeError(name, section, key, str(error), type(error).__name__))
            continue
        previous = target.origin.get(key)
        target.origin[key] = f"{previous}, merged with {label}" if previous else label


class _InvalidMergeStrategy(Exception):
    pass


def _param_merge(old: dict[str, Any], key: str, value: Any, param_type: str, deep: bool) -> Any:
    """Heat's param_merge: the new value joined to ``old[key]`` by the parameter's schema type."""
    schema_type = heat_schema_type(param_type)
    value = _parse_param(value, schema_type)
    if schema_type == "Map":
        return _merge_map(old.get(key, {}), value, deep)
    if schema_type == "List":
        return _merge_list(old.get(key), value)
    if schema_type == "String":
        return "".join([old.get(key, ""), value])
    if schema_type == "Number":
        return old.get(key, 0) + value
    raise _InvalidMergeStrategy


def _parse_param(value: Any, schema_type: str) -> Any:
    """Heat's parse_param: a map is read as JSON; anything else must be a sequence (text or a list)."""
    try:
        if schema_type == "Map":
            if not isinstance(value, str):
                value = json.dumps(value)
            if value:
                return json.loads(value)
        elif not isinstance(value, collections.abc.Sequence):
            raise ValueError()
    except (ValueError, TypeError) as error:
        raise ValueError(f"Invalid parameter in environment {error}.") from None
    return value


def _merge_list(old: Any, new: Any) -> Any:
    """Heat's merge_list: lists extend, texts join with a comma (a text then a list fails, as in Heat)."""
    if not old:
        return new
    if isinstance(new, list):
        old.extend(new)
        return old
    return ",".join([old, new])


def _merge_map(old: Any, new: Any, deep: bool = False) -> Any:
    """Heat's merge_map (``deep``: maps merged at every level, lists extended, texts joined)."""
    if not old:
        return new
    for key, value in new.items():
        if value is None:
            continue
        if not deep:
            old[key] = value
        elif isinstance(value, collections.abc.Mapping):
            previous = old.get(key)
            old[key] = _merge_map(previous, value, deep) if previous else value
        elif isinstance(value, collections.abc.Sequence) and not isinstance(value, str):
            previous = old.get(key)
            old[key] = _merge_list(previous, value) if previous else value
        elif isinstance(value, str):
            old[key] = "".join([old.get(key, ""), value])
        else:
            old[key] = value
    return old
