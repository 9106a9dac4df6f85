"""Heat 27's handling of resource property values (``heat/engine/properties.py``), on plain Python values.

What ``Property.get_value`` does with a value, read from the source and checked by running Heat 27.0.1:

* String (``_get_string``): a str is kept; a bool or an int becomes its text (``true`` -> ``'True'``, ``5`` ->
  ``'5'``); anything else, a float included, is refused: ``Value must be a string; got 1.5``.
* Integer (``_get_integer``): Python's ``int(value)``, so ``'5'``, ``' 5 '``, ``5.7`` (-> 5) and ``true`` (-> 1)
  pass; ``'5.5'`` is refused with ``Value '5.5' is not an integer``, a list or map with int()'s own TypeError.
* Number (``_get_number``, ``Schema.str_to_num``): numbers (bools too) pass; a string goes through ``int()`` then
  ``float()`` (``'1e3'`` passes, ``'abc'`` fails with ``could not convert string to float: 'abc'``); a list or a
  map fails with int()'s TypeError.
* Boolean (``_get_bool``): a bool, or a string whose lowercase is exactly ``true`` or ``false`` (no other
  spellings: ``'yes'`` and ``'1'`` are refused, unlike boolean parameters); numbers are refused
  (``"1" is not a valid boolean``). YAML's ``yes``/``on`` are booleans already when Heat loads them, so they pass.
* Map (``_get_map``): only a mapping; a list or a string is refused (``"a" is not a map``).
* List (``_get_list``): only a list; a comma-separated string is refused (``"'a,b'" is not a list``).
* Any: everything passes.
* Only properties Heat builds from a nested template's parameters (``Schema.from_parameter``: template resources)
  have ``allow_conversion``: there a Map also takes a string or a list (JSON-encoded) and a List takes a
  comma-separated string. Heat's own plugin types never do; types from user catalogues may be template
  resources mapped by an environment, so they get the lenient form.
* ``null`` is not "not given": Heat uses the property's default when it is truthy, else the type's empty value
  (``''``, ``0``, ``False``, ``{}``, ``[]``; a Map takes its default even when falsy), and checks the constraints
  on that (``name: null`` on OS::Nova::KeyPair fails with ``length (0) is out of range``); a required property
  given as null is never "not assigned".
* Constraints are checked on the converted value (``'5'`` against ``range`` as 5), each with Heat's message, or
  with the constraint's own ``description`` when it has one.

The conversions raise :class:`Rejected` with Heat's message; the checks return a message or None.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...spec import PropertySchema
from .custom_constraints import custom_failure
from .parameter_values import Bounds, Step, bool_from_string, constraint_failure, str_to_num


class Rejected(ValueError):
    """Heat refuses the value; ``str()`` is Heat's message."""


class _Unknown:
    """A value only known when the stack is created (a function, or something made from one)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()

_EMPTY = {"String": "", "Integer": 0, "Number": 0, "Boolean": False, "List": []}


def null_value(prop: PropertySchema) -> Any:
    """What Heat uses for a property given as null: ``has_default() and default() or <empty>``."""
    if prop.type == "Map":
        return prop.default if prop.default is not None else {}
    if prop.type == "Any":
        return None
    return prop.default or _EMPTY[prop.type]


def convert_scalar(kind: str, value: Any) -> Any:
    """``value`` (not null) as Heat's String/Integer/Number/Boolean property gets it; raises Rejected."""
    if kind == "String":
        if isinstance(value, str):
            return value
        if isinstance(value, (bool, int)):
            return str(value)
        raise Rejected(f"Value must be a string; got {value!r}")
    if kind == "Integer":
        try:
            return int(value)
        except ValueError:
            raise Rejected(f"Value '{value}' is not an integer") from None
        except (TypeError, OverflowError) as error:
            raise Rejected(str(error)) from None
    if kind == "Number":
        try:
            return str_to_num(value)
        except (ValueError, TypeError, OverflowError) as error:
            raise Rejected(str(error)) from None
    if kind == "Boolean":
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            lowered = value.lower()
            if lowered not in ("true", "false"):
                raise Rejected(f'"{lowered}" is not a valid boolean')
            return lowered == "true"
        raise Rejected(f'"{value}" is not a valid boolean')
    return value


def container_problem(kind: str, value: Any, lenient: bool) -> str | None:
    """Why a Map or List property refuses ``value`` as a whole (None when it takes it)."""
    if kind == "Map":
        if isinstance(value, Mapping) or (lenient and isinstance(value, (str, list))):
            return None
        return f'"{value}" is not a map'
    if kind == "List":
        if isinstance(value, list) or (lenient and isinstance(value, str)):
            return None
        return f'"{value!r}" is not a list'
    return None


def value_problem(prop: PropertySchema, value: Any, lenient: bool = False) -> str | None:
    """Heat's reason for refusing a plain value (nested data included), or None; for defaults and nulls."""
    if value is None:
        value = null_value(prop)
        if value is None:
            return None
    kind = prop.type
    if kind in ("Map", "List"):
        problem = container_problem(kind, value, lenient)
        if problem is not None:
            return problem
        if not isinstance(value, (Mapping, list)):
            return None  # converted by allow_conversion; its items are not known here
        converted, problem = _children_problem(prop, value, lenient)
        if problem is not None:
            return problem
    else:
        try:
            converted = convert_scalar(kind, value)
        except Rejected as error:
            return str(error)
    return constraints_problem(prop, converted)


def _children_problem(prop: PropertySchema, value: Any, lenient: bool) -> tuple[Any, str | None]:
    schema = prop.schema
    if schema is None:
        return value, None
    if isinstance(value, list):
        item = schema.get("*")
        if item is None:
            return value, None
        for index, member in enumerate(value):
            problem = value_problem(item, member, lenient)
            if problem is not None:
                return value, f"[{index}]: {problem}"
        return value, None
    for key in value:
        if key not in schema:
            return value, f"Unknown Property {key}"
    for name, child in schema.items():
        if name in value:
            problem = value_problem(child, value[name], lenient)
            if problem is not None:
                return value, f"{name}: {problem}"
        elif child.required and child.default is None:
            return value, f"Property {name} not assigned"
    return {name: value.get(name) for name in schema}, None


def constraints_problem(prop: PropertySchema, value: Any) -> str | None:
    """The first constraint of ``prop`` that the converted ``value`` breaks, with Heat's message; None when all
    pass or cannot be judged (a custom constraint that asks a service)."""
    if value is UNKNOWN:
        return None
    for constraint in prop.constraints:
        failure = _one_constraint(prop, constraint, value)
        if failure is not None:
            description = constraint.get("description")
            return description if isinstance(description, str) and description else failure
    return None


def _one_constraint(prop: PropertySchema, constraint: Mapping[str, Any], value: Any) -> str | None:
    # A malformed definition (a user catalogue's: Heat would refuse the schema itself) is not judged.
    for kind, definition in constraint.items():
        if kind in ("range", "length", "modulo"):
            numbers = _numbers(definition, ("step", "offset") if kind == "modulo" else ("min", "max"))
            if numbers is None:
                return None
            first, second = numbers
            if kind == "range":
                return constraint_failure("range", Bounds(first, second), "number", value) if _numeric(value) else None
            if kind == "length":
                sized = hasattr(value, "__len__")
                return constraint_failure("length", Bounds(first, second), "string", value) if sized else None
            if not first or second is None or not _numeric(value):
                return None
            return constraint_failure("modulo", Step(first, second), "number", value)
        if kind == "allowed_values" and isinstance(definition, list):
            return _allowed_failure(prop.type, tuple(definition), value)
        if kind == "custom_constraint" and isinstance(definition, str):
            failure = custom_failure(definition, value)  # None for constraints that need a cloud
            return failure.rstrip() if failure is not None else None
        if kind == "allowed_pattern" and isinstance(definition, str):
            pattern = _compiled(definition)
            if pattern is None or not isinstance(value, str):
                return None
            return constraint_failure("allowed_pattern", pattern, "string", value)
    return None


def _numbers(definition: Any, keys: tuple[str, str]) -> tuple[Any, Any] | None:
    if not isinstance(definition, Mapping):
        return None
    found = tuple(definition.get(key) for key in keys)
    if not all(v is None or (_numeric(v) and not isinstance(v, bool)) for v in found) or found == (None, None):
        return None
    return found  # type: ignore[return-value]


def _numeric(value: Any) -> bool:
    return isinstance(value, (int, float))


def _allowed_failure(kind: str, allowed: tuple[Any, ...], value: Any) -> str | None:
    """AllowedValues._is_valid: list items as they are; other values compared after Schema.to_schema_type."""

    if isinstance(value, list):
        ok = all(item in allowed for item in value)
    else:
        try:
            try:
                converted = _converted_allowed(kind, allowed)
            except TypeError:  # an unhashable allowed value (a user catalogue's list): convert without the cache
                converted = tuple(_to_schema_type(kind, a) for a in allowed)
            ok = _to_schema_type(kind, value) in converted
        except (ValueError, TypeError) as error:
            return str(error)
    if ok:
        return None

    def shown(item: Any) -> str:
        try:
            return json.dumps(item)
        except (TypeError, ValueError):
            return repr(item)

    return f"{shown(value)} is not an allowed value [{', '.join(shown(a) for a in allowed)}]"


@lru_cache(maxsize=1024)
def _converted_allowed(kind: str, allowed: tuple[Any, ...]) -> tuple[Any, ...]:
    """The allowed values in the schema's type, once per constraint (some list hundreds of values)."""
    return tuple(_to_schema_type(kind, a) for a in allowed)


def _to_schema_type(kind: str, value: Any) -> Any:
    """constraints.Schema.to_schema_type for property types (Integer refuses a float)."""

    try:
        if kind == "Integer":
            number = str_to_num(value)
            if isinstance(number, float):
                raise ValueError(f"{number} is not an integer.")
            return number
        if kind == "Number":
            return str_to_num(value)
        if kind == "String":
            return str(value)
        if kind == "Boolean":
            return bool_from_string(str(value))
    except ValueError:
        raise ValueError(f'Value "{value}" is invalid for data type "{kind}".') from None
    return value


@lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str] | None:
    try:
        return re.compile(pattern)
    except re.error:
        return None
