"""What a check of ``_validation_*`` wants written, declared once beside the check (``@wants(...)``): the check
tests those properties, and the server reads the same declaration to write them (a resource skeleton, E3026's
quick fix; ``example_values.Alternatives`` says how)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar

from ...model.example_values import Alternatives

C = TypeVar("C", bound=Callable[..., Any])
_DECLARED: dict[Callable[..., Any], tuple[Alternatives, ...]] = {}


def wants(*ways: tuple[str, ...], truthy: bool = False, examples: dict[str, Any] | None = None) -> Callable[[C], C]:
    """Declare that the check passes once one of ``ways`` (groups of properties) is written; the first is what
    the server writes."""

    def declare(check: C) -> C:
        _DECLARED[check] = (Alternatives(tuple(ways), (), truthy, tuple((examples or {}).items())),)
        return check

    return declare


def declare_within(check: Callable[..., Any], name: str, inner: Iterable[Callable[..., Any]]) -> None:
    """``check`` runs ``inner`` on each item of the list ``name``: their wants, one level down."""
    found = tuple(replace(a, path=(name, "*", *a.path)) for one in inner for a in wanted_by(one))
    if found:
        _DECLARED[check] = found


def declare(check: Callable[..., Any], found: tuple[Alternatives, ...]) -> None:
    _DECLARED[check] = found


def wanted_by(check: Callable[..., Any]) -> tuple[Alternatives, ...]:
    return _DECLARED.get(check, ())
