"""Parameter values for evaluation, from lowest to highest precedence:

1. the template's ``default``;
2. environment files' ``parameter_defaults`` (they replace the default), in order;
3. explicit values (``-P name=value``, the ``hotLsp.parameters`` setting);
4. environment files' ``parameters``, in order: Heat's engine merges the environment files over the request's
   own parameters, so a file's entry replaces a ``-P`` value (or merges with it, under ``merge``).

Environment files merge as Heat's ``environment_util.merge_environments`` merges them, with
``parameter_merge_strategies`` (``overwrite``, ``merge``, ``deep_merge``): :mod:`.environment_merge`. Each value is then typed as
Heat's parameter classes type it (a number becomes int or float, ``comma_delimited_list`` splits on
commas without trimming, ``json`` is parsed, ``boolean`` takes Heat's spellings). A parameter with no
value anywhere, and the pseudo parameters, stay symbolic: ``{get_param: name}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass, field
from typing import Any

from ... import spec
from ...document import Mapping, parse
from ..model.template import EntryMemo, TemplateModel
from ..values import parameter_values as checks
from ..values.custom_constraints import custom_failure
from ..values.evaluated import Symbol
from ..values.parameter_values import bool_from_string, str_to_num
from .environment_merge import LIST_SECTIONS, MergeError, merge_environments
from .parameter_constraints import custom_constraints_of, effective_constraints


@dataclass(frozen=True, slots=True)
class EnvironmentValues:
    """The parameter sections of one environment file."""

    name: str
    parameters: dict[str, Any] = field(default_factory=dict)
    parameter_defaults: dict[str, Any] = field(default_factory=dict)
    merge_strategies: dict[str, Any] = field(default_factory=dict)
    # The list sections (event_sinks, encrypted_param_names) it sets: Heat cannot merge one that two files set.
    listed_sections: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, name: str, data: Any) -> EnvironmentValues:
        """Read the sections that carry values; anything malformed counts as absent."""
        if not isinstance(data, AbcMapping):
            return cls(name)

        def section(key: str) -> dict[str, Any]:
            value = data.get(key)
            return dict(value) if isinstance(value, AbcMapping) else {}

        return cls(
            name,
            section("parameters"),
            section("parameter_defaults"),
            section("parameter_merge_strategies"),
            tuple(key for key in LIST_SECTIONS if isinstance(data.get(key), list) and data.get(key)),
        )

    @classmethod
    def from_text(cls, name: str, text: str) -> tuple[EnvironmentValues, list[str]]:
        """An environment file's values read with Heat's YAML typing, and why it could not be read."""

        parsed = parse(text)
        problems = [f"{name}: {d.message}" for d in parsed.problems if d.code.startswith("E")]
        if parsed.root is None:
            return cls(name), problems
        if not isinstance(parsed.root, Mapping):
            return cls(name), [*problems, f"{name}: The environment is not a valid YAML mapping data type."]
        return cls.from_mapping(name, parsed.root.to_python()), problems


@dataclass(frozen=True, slots=True)
class Inputs:
    """Where parameter values come from, besides the template's defaults."""

    environments: tuple[EnvironmentValues, ...] = ()
    explicit: AbcMapping[str, Any] = field(default_factory=dict)
    explicit_source: str = "-P"
    # The stack's name, as `openstack stack preview NAME` gives it: get_param OS::stack_name reads it (else it stays
    # symbolic: the name is known only when a stack is created).
    stack_name: str | None = None


NO_INPUTS = Inputs()
STACK_NAME = "OS::stack_name"


@dataclass(frozen=True, slots=True)
class ParameterValue:
    """One parameter's value as get_param returns it, and where it came from."""

    name: str
    type: str
    value: Any  # typed; a Symbol when there is no value offline
    source: str  # 'default', 'parameter_defaults in <env>', 'parameters in <env>', '-P', 'pseudo', 'no value'
    error: str | None = None  # Heat's message when the value does not parse as the type
    violations: tuple[str, ...] = ()  # Heat's messages for broken constraints (the value is still usable)


def resolve_parameters(model: TemplateModel, inputs: Inputs) -> tuple[dict[str, ParameterValue], list[tuple[str, str]]]:
    """Every parameter's value, plus (path, Heat's message) for what the inputs get wrong."""
    types = {name: _declared_type(entry.scalar("type")) for name, entry in model.parameters.items()}
    errors: list[tuple[str, str]] = []
    for env in inputs.environments:
        errors.extend(
            (f"parameters.{name}", f"The Parameter ({name}) was not defined in template.")
            for name in env.parameters
            if name not in types
        )
    for name in inputs.explicit:
        if name not in types:
            errors.append((f"parameters.{name}", f"The Parameter ({name}) was not defined in template."))
    explicit = {name: value for name, value in inputs.explicit.items() if name in types and value is not None}
    merged = merge_environments(inputs.environments, types, explicit, inputs.explicit_source)
    errors.extend((f"parameters.{e.parameter}", merge_error_text(e)) for e in merged.errors)
    given, given_from = merged.parameters.values, merged.parameters.origin
    defaults, defaults_from = merged.parameter_defaults.values, merged.parameter_defaults.origin

    result: dict[str, ParameterValue] = {}
    for name in spec.PSEUDO_PARAMETERS:
        result[name] = ParameterValue(name, "string", Symbol("get_param", name), "pseudo")
    if inputs.stack_name:
        result[STACK_NAME] = ParameterValue(STACK_NAME, "string", inputs.stack_name, "--stack-name")
    # With no values given, a parameter's value depends on its entry alone (and the version): one the edit left as
    # it was (the same nodes) keeps the value the earlier model resolved.
    memo: EntryMemo[ParameterValue] | None = (
        EntryMemo(model, resolve_parameters) if not given and not defaults else None
    )
    for name, entry in model.parameters.items():
        value = memo.get(entry) if memo is not None else None
        if value is None:
            value = _resolved(model, name, entry, types[name], given, given_from, defaults, defaults_from)
        if memo is not None:
            memo.keep(entry, value)
        result[name] = value
    return result, errors


def _resolved(
    model: TemplateModel,
    name: str,
    entry: Any,
    param_type: str,
    given: dict[str, Any],
    given_from: dict[str, str],
    defaults: dict[str, Any],
    defaults_from: dict[str, str],
) -> ParameterValue:
    """One parameter's value: given, else from parameter_defaults, else its default; typed and checked."""
    default = _plain_default(entry)
    if name in given:
        raw, source = given[name], given_from[name]
    elif name in defaults:
        raw, source = defaults[name], defaults_from[name]
    elif default is not None:
        raw, source = default, "default"
    else:
        return ParameterValue(name, param_type, Symbol("get_param", name), "no value")
    try:
        value = typed_value(param_type, raw)
    except (ValueError, TypeError) as exc:
        return ParameterValue(name, param_type, Symbol("get_param", name), source, str(exc))
    violations = _violations(model, entry, param_type, raw, source, default)
    return ParameterValue(name, param_type, value, source, None, violations)


def _violations(
    model: TemplateModel, entry: Any, param_type: str, raw: Any, source: str, default: Any
) -> tuple[str, ...]:
    """Heat's messages for the constraints a value breaks; the default is checked too, whatever is given, but
    against the custom constraints only when it is the value (as Heat's strict validation does)."""
    if entry.get("constraints") is None:
        return ()
    found: list[str] = []
    checked = checks.value_for_constraints(param_type, raw)
    for name in custom_constraints_of(model, entry):
        failure = custom_failure(name, checked)
        if failure is not None:
            found.append(failure)
    constraints = effective_constraints(model, entry)
    if not constraints:
        return tuple(found)
    if default is not None and checks.type_problem(param_type, default) is None:
        for kind, definition in constraints:
            failure = checks.constraint_failure(
                kind, definition, param_type, checks.value_for_constraints(param_type, default)
            )
            if failure is not None:
                found.append(f"Invalid default {default} ({failure})")
    if source != "default":
        for kind, definition in constraints:
            failure = checks.constraint_failure(
                kind, definition, param_type, checks.value_for_constraints(param_type, raw)
            )
            if failure is not None:
                found.append(failure)
    return tuple(found)


def typed_value(param_type: str, raw: Any) -> Any:
    """The value Heat's parameter class of ``param_type`` returns for ``raw``; raises as Heat does."""
    if param_type == "number":
        return str_to_num(raw)
    if param_type == "boolean":
        return bool_from_string(str(raw) if not isinstance(raw, bool) else raw)
    if param_type == "comma_delimited_list":
        if isinstance(raw, list):
            return [str(item) for item in raw]
        if not isinstance(raw, str):
            raise ValueError(f"Value must be a comma-delimited list string: {raw!r}")
        return raw.split(",") if raw else []
    if param_type == "json":
        try:
            text = raw if isinstance(raw, str) else json.dumps(raw)
            return json.loads(text) if text else raw
        except (ValueError, TypeError) as exc:
            raise ValueError(f"Value must be valid JSON: {exc}") from None
    return str(raw) if not isinstance(raw, str) else raw


def _declared_type(value: Any) -> str:
    return value if isinstance(value, str) and value in spec.PARAMETER_TYPES else "string"


def _plain_default(entry: Any) -> Any:
    node = entry.get("default")
    return node.to_python() if node is not None else None


def merge_error_text(error: MergeError) -> str:
    """Heat's message for a merge it refuses, naming the file unless Heat's own words do."""
    return error.message if error.environment in error.message else f"{error.environment}: {error.message}"
