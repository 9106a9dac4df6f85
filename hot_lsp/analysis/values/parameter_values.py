"""Heat 27's handling of parameter values, on plain Python values.

The parameter rules ask these functions what Heat would do with a default
value: whether it parses as the parameter's type, and whether it passes a
constraint. Each mirrors one piece of Heat (named in its docstring) closely
enough that the same inputs fail with the same reason. The low-level
conversions raise as Heat's do; the checks return a reason or None.
Heat runs on Python too, so Python's own int(), float(), json and re are the
exact behaviour to copy.
"""

from __future__ import annotations

import difflib
import json
import numbers
import re
from dataclasses import dataclass
from typing import Any

from ... import spec

# A pattern that repeats a group, or has many unbounded repeats, can take
# exponential or high-polynomial time on a text it does not match; a language
# server must never hang on one, so such patterns only run on short texts.
_QUANTIFIED_GROUP = re.compile(r"\)(?:[*+?]|\{\d)")
_UNBOUNDED_REPEAT = re.compile(r"(?<!\\)[*+]")
_SAFE_TEXT_FOR_RISKY_PATTERN = 18


def str_to_num(value: Any) -> int | float:
    """Heat's Schema.str_to_num: numbers pass through, then int(), then float().

    Raises ValueError or TypeError exactly when Heat does.
    """
    if isinstance(value, numbers.Number):
        return value  # type: ignore[return-value]
    try:
        return int(value)
    except ValueError:
        return float(value)


def bool_from_string(value: Any) -> bool:
    """oslo_utils.strutils.bool_from_string(strict=True), as Heat calls it."""
    if isinstance(value, bool):
        return value
    text = value if isinstance(value, str) else str(value)
    lowered = text.strip().lower()
    if lowered in spec.BOOLEAN_TRUE_STRINGS:
        return True
    if lowered in spec.BOOLEAN_FALSE_STRINGS:
        return False
    accepted = ", ".join(f"'{s}'" for s in sorted(spec.BOOLEAN_TRUE_STRINGS | spec.BOOLEAN_FALSE_STRINGS))
    raise ValueError(f"Unrecognized value '{text}', acceptable values are: {accepted}")


def to_schema_type(param_type: str, value: Any) -> Any:
    """Heat's Schema.to_schema_type: how allowed_values compares both sides."""
    try:
        if param_type == "number":
            return str_to_num(value)
        if param_type == "string":
            return str(value)
        if param_type == "boolean":
            return bool_from_string(str(value))
    except ValueError:
        raise ValueError(f'Value "{value}" is invalid for data type "{param_type}".') from None
    return value


def type_problem(param_type: str, default: Any) -> str | None:
    """Why Heat cannot read ``default`` as ``param_type`` (None when it can).

    Mirrors the per-type parsing of Number/Boolean/Json parameters and the
    comma-delimited-list check of Schema._validate_default.
    """
    if param_type == "number":
        try:
            str_to_num(default)
        except (ValueError, TypeError) as exc:
            return str(exc)
        return None
    if param_type == "boolean":
        try:
            bool_from_string(default)
        except ValueError as exc:
            return str(exc)
        return None
    if param_type == "comma_delimited_list":
        if isinstance(default, (str, list)):
            return None
        return "Default must be a comma-delimited list string"
    if param_type == "json":
        return _json_problem(default)
    return None


def _json_problem(default: Any) -> str | None:
    try:
        if isinstance(default, str):
            if default:
                json.loads(default)
        else:
            json.dumps(default)
    except (ValueError, TypeError) as exc:
        return f"Value must be valid JSON: {exc}"
    return None


def value_for_constraints(param_type: str, default: Any) -> Any:
    """The form of ``default`` Heat checks constraints against (Schema._validate_default).

    A comma_delimited_list string is split on commas with no trimming (so ''
    becomes ['']), and list items become strings; other types are unchanged.
    """
    if param_type == "comma_delimited_list":
        if isinstance(default, list):
            return [str(item) for item in default]
        if isinstance(default, str):
            return default.split(",")
    return default


@dataclass(frozen=True, slots=True)
class Bounds:
    """A well-formed range or length constraint."""

    min: int | float | None
    max: int | float | None


@dataclass(frozen=True, slots=True)
class Step:
    """A well-formed modulo constraint."""

    step: int | float
    offset: int | float


def constraint_failure(kind: str, definition: Any, param_type: str, value: Any) -> str | None:
    """Heat's reason for rejecting ``value`` under one constraint, None when it passes.

    ``definition`` is the parsed constraint: Bounds for range/length, Step for
    modulo, a tuple for allowed_values, a compiled pattern for allowed_pattern.
    Errors Heat would turn into 'Invalid default' (TypeError, ValueError) are
    reported the same way.
    """
    try:
        if kind == "range":
            return _range_failure(definition, value)
        if kind == "length":
            return _length_failure(definition, value)
        if kind == "modulo":
            return _modulo_failure(definition, value)
        if kind == "allowed_values":
            return _allowed_failure(definition, param_type, value)
        if kind == "allowed_pattern":
            return _pattern_failure(definition, value)
    except (ValueError, TypeError, OverflowError) as exc:
        return str(exc)
    return None


def _within(bounds: Bounds, number: Any) -> bool:
    if bounds.min is not None and number < bounds.min:
        return False
    return not (bounds.max is not None and number > bounds.max)


def _range_failure(bounds: Bounds, value: Any) -> str | None:
    if _within(bounds, str_to_num(value)):
        return None
    return f"{value} is out of range (min: {bounds.min}, max: {bounds.max})"


def _length_failure(bounds: Bounds, value: Any) -> str | None:
    length = len(value)
    if _within(bounds, length):
        return None
    return f"length ({length}) is out of range (min: {bounds.min}, max: {bounds.max})"


def _modulo_failure(step: Step, value: Any) -> str | None:
    if str_to_num(value) % step.step == step.offset:
        return None
    return f"{value} is not a multiple of {step.step} with an offset of {step.offset}"


def _allowed_failure(allowed: tuple[Any, ...], param_type: str, value: Any) -> str | None:
    if isinstance(value, list):
        # Heat compares list items as they are, with no conversion.
        ok = all(item in allowed for item in value)
    else:
        converted = tuple(to_schema_type(param_type, item) for item in allowed)
        ok = to_schema_type(param_type, value) in converted
    if ok:
        return None
    return f"{_json(value)} is not an allowed value [{', '.join(_json(item) for item in allowed)}]"


def _pattern_failure(pattern: re.Pattern[str], value: Any) -> str | None:
    if not isinstance(value, str):
        raise TypeError(f"expected string or bytes-like object, got '{type(value).__name__}'")
    if len(value) > _SAFE_TEXT_FOR_RISKY_PATTERN and is_risky_pattern(pattern.pattern):
        return None  # could backtrack for ever; Heat will tell
    match = pattern.match(value)
    if match is not None and match.end() == len(value):
        return None
    return f'"{value}" does not match pattern "{pattern.pattern}"'


def is_risky_pattern(pattern: str) -> bool:
    """A pattern that may backtrack for a long time: a repeated group, or three unbounded repeats."""
    return _QUANTIFIED_GROUP.search(pattern) is not None or len(_UNBOUNDED_REPEAT.findall(pattern)) >= 3


def _json(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def nearest_valid(kind: str, definition: Any, param_type: str, value: Any) -> Any:
    """The value closest to ``value`` that one constraint accepts, for a default to become (None when there is no
    such obvious one): the nearest allowed value, a range's bound, a string cut to the longest length, the
    nearest multiple of a modulo. Lists, patterns and too short strings have none."""
    try:
        if isinstance(value, list) or param_type in ("comma_delimited_list", "json"):
            return None
        if kind == "allowed_values":
            return _nearest_allowed(definition, param_type, value)
        if kind == "range" and param_type == "number":
            number = str_to_num(value)
            if definition.min is not None and number < definition.min:
                return definition.min
            if definition.max is not None and number > definition.max:
                return definition.max
            return None
        if kind == "length" and isinstance(value, str) and definition.max is not None and len(value) > definition.max:
            return value[: int(definition.max)]
        if kind == "modulo" and param_type == "number":
            number = str_to_num(value)
            below = number - (number - definition.offset) % definition.step
            candidates = sorted((below, below + definition.step), key=lambda c: abs(c - number))
            return next((c for c in candidates if _modulo_failure(definition, c) is None), None)
    except (ValueError, TypeError, OverflowError, ZeroDivisionError):
        return None
    return None


def _nearest_allowed(allowed: tuple[Any, ...], param_type: str, value: Any) -> Any:
    if not allowed:
        return None
    if param_type == "number":
        number = str_to_num(value)
        numbers_ = [(abs(str_to_num(item) - number), index) for index, item in enumerate(allowed)]
        return allowed[min(numbers_)[1]]
    if param_type == "string" and isinstance(value, str):
        texts = [str(item) for item in allowed]
        close = [t for t in texts if t.lower() == value.lower()] or difflib.get_close_matches(value, texts, 1, 0.0)
        if close:
            return allowed[texts.index(close[0])]
    return allowed[0]
