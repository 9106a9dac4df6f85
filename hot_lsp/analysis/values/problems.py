"""How evaluation fails: Heat's error, a value unknown offline, or a bound reached."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class HeatError(Exception):
    """What Heat would raise here, with Heat's message; ``code`` names the 8xxx diagnostic when there is one
    (None: a fault the static rules report, such as a parse-time one, kept only for the render's errors)."""

    def __init__(self, message: str, code: str | None = "E8000", node: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.node = node  # a more precise node than the call's, when one is known


class Unknown(Exception):
    """The value depends on something known only at run time: the call stays symbolic."""


class Stop(HeatError):
    """A bound was reached (size, nesting, time): evaluation of this value stops."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds that keep evaluation from hanging the server (DESIGN: issue 4)."""

    max_items: int = 10_000  # items in one result, counting nested ones
    max_depth: int = 100  # nesting of function calls and data while evaluating
    max_text: int = 1_000_000  # characters in one string result
    yaql_seconds: float = 0.5  # time for one yaql expression
    total_seconds: float = 3.0  # time for one whole evaluation (a render, a hover)


@dataclass(frozen=True, slots=True)
class Read:
    """A parameter value evaluation used, and where the value came from."""

    name: str
    value: Any
    source: str


@dataclass(frozen=True, slots=True)
class Problem:
    """A fault found by evaluation, where it is and which inputs led to it."""

    path: str
    message: str
    code: str
    start: int
    end: int
    reads: tuple[Read, ...] = field(default=())
    fatal: bool = True  # False for findings Heat goes on after (a placeholder that never appears)
    origin: Any = None  # the node whose evaluation failed: a call's one-key mapping, or a condition's definition


DEFAULT_LIMITS = Limits()
