"""yaql evaluated as Heat evaluates it, with Heat's limits and a time budget.

Heat creates its yaql engine with ``yaql.limitIterators`` 200 and ``yaql.memoryQuota`` 10,000 (its
``[yaql]`` defaults) and evaluates ``expression`` against ``{"data": <data>}``. yaql is pure Python, so a
trace function can stop an expression that runs past its budget; the engine is built on first use
(it takes about 0.1 s).
"""

from __future__ import annotations

import json
import re
import signal
import string
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .problems import HeatError, Stop

LIMIT_ITERATORS = 200
MEMORY_QUOTA = 10_000


@lru_cache(maxsize=1)
def yaql_engine_and_context() -> tuple[Any, Any]:
    import yaql

    from .yaql_tables import with_stored_tables

    with with_stored_tables():  # (its parse tables, computed once: see yaql_tables)
        engine = yaql.YaqlFactory().create({"yaql.limitIterators": LIMIT_ITERATORS, "yaql.memoryQuota": MEMORY_QUOTA})
    return engine, yaql.create_context()


@lru_cache(maxsize=1)
def _context_with_format() -> Any:
    """The context of yaql below 3.0, which Heat up to 2023.2 ran: the same library plus ``format()`` (a function
    and a method of a string, Python's ``str.format``), refused only where it would reach a private attribute."""
    from yaql.language import specs, yaqltypes

    _, context = yaql_engine_and_context()

    @specs.parameter("__template", yaqltypes.String())
    @specs.extension_method
    def format_(__template: str, *args: Any, **kwargs: Any) -> str:
        return _FORMATTER.format(__template, *args, **kwargs)

    with_format = context.create_child_context()
    with_format.register_function(format_)
    return with_format


class _Formatter(string.Formatter):
    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        if "_" in "".join(part[:1] for part in re.split(r"[.\[]", field_name)[1:]):
            raise Stop(
                f"format() field {{{field_name}}} reads a private attribute: hot-lsp does not evaluate it.", "W8011"
            )
        return super().get_field(field_name, args, kwargs)


_FORMATTER = _Formatter()
NO_FORMAT = (
    " (yaql 3.0, which Heat runs from 2024.1 on, removed format(); up to 2023.2 Heat's yaql had it: join with `+` "
    "and `str()` instead)"
)


@lru_cache(maxsize=512)
def parse(expression: str) -> Any:
    """The parsed expression; HeatError with Heat's 'Bad expression' message when it does not parse."""
    from yaql.language import exceptions

    engine, _ = yaql_engine_and_context()
    try:
        return engine(expression)
    except exceptions.YaqlException as exc:
        raise HeatError(f"Bad expression {exc}.", "E8010") from None
    except RecursionError:
        raise HeatError("Bad expression: nested too deeply.", "E8010") from None


@lru_cache(maxsize=512)
def syntax_error(expression: str) -> str | None:
    """Heat's message when ``expression`` does not parse (``Bad expression ...``); None when it parses."""
    try:
        parse(expression)
    except HeatError as error:
        return error.message
    return None


def evaluate(expression: str, data: Any, seconds: float, with_format: bool = False) -> Any:
    """The value of ``expression`` with ``$.data`` bound to ``data``; Stop past ``seconds``. ``with_format``: as
    yaql below 3.0 (Heat up to 2023.2), which has ``format()``.

    Results are remembered by expression and data: yaql is slow (milliseconds per expression) and an
    editor re-evaluates the same expressions on every keystroke. Callers never mutate results.
    """
    try:
        key = (expression, json.dumps(data, sort_keys=True), with_format)
    except (TypeError, ValueError):
        return _evaluate(expression, data, seconds, with_format)
    found = _results.get(key)
    if found is None:
        found = _results[key] = _Result(_outcome(expression, data, seconds, with_format))
        if len(_results) > _MAX_RESULTS:
            _results.pop(next(iter(_results)))
    if isinstance(found.outcome, HeatError):
        raise found.outcome
    return found.outcome


@dataclass(frozen=True, slots=True)
class _Result:
    outcome: Any  # the value, or the HeatError it raised


_MAX_RESULTS = 2048
_results: dict[tuple[str, str, bool], _Result] = {}


def _outcome(expression: str, data: Any, seconds: float, with_format: bool) -> Any:
    try:
        return _evaluate(expression, data, seconds, with_format)
    except Stop:
        raise  # a time-out depends on the machine's load: never remembered
    except HeatError as error:
        return error


def _evaluate(expression: str, data: Any, seconds: float, with_format: bool) -> Any:
    """In the killable helper process (see yaql_sandbox); here only when there is none."""
    from .yaql_sandbox import SANDBOX

    done, value = SANDBOX.evaluate(expression, data, seconds, with_format)
    return value if done else evaluate_here(expression, data, seconds, with_format=with_format)


def evaluate_here(expression: str, data: Any, seconds: float, *, alarm: bool = False, with_format: bool = False) -> Any:
    """Evaluate in this process, with a time budget (which C code such as ``re`` never returns to): a trace
    function, or with ``alarm`` (the yaql helper's main thread only) a ``SIGALRM`` timer, which stops the same
    Python code without slowing it (tracing every line made yaql 3-5 times slower: ~4 ms an expression)."""
    from yaql.language import exceptions

    statement = parse(expression)
    context = _context_with_format() if with_format else yaql_engine_and_context()[1]
    try:
        with (_alarm if alarm else _deadline)(seconds):
            return statement.evaluate({"data": data}, context.create_child_context())
    except Stop:
        raise
    except exceptions.YaqlException as exc:
        said = str(exc)
        if not with_format and ('function "format"' in said or 'method "format"' in said):
            said += NO_FORMAT
        raise HeatError(said, "E8010") from None
    except RecursionError:
        raise HeatError("yaql expression recursed too deeply", "E8010") from None
    except Exception as exc:  # yaql raises plain Python errors for bad data (e.g. a sum of strings)
        raise HeatError(f"{type(exc).__name__}: {exc}", "E8010") from None


class _deadline:
    """Raise Stop in the traced code once ``seconds`` have passed."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.previous: Callable[..., Any] | None = None

    def __enter__(self) -> None:
        end = time.monotonic() + self.seconds
        seconds = self.seconds

        def tracer(frame: Any, event: str, arg: Any) -> Any:
            if time.monotonic() > end:
                raise Stop(f"The yaql expression ran longer than {seconds:g} s; hot-lsp stopped it.", "W8011")
            return tracer

        self.previous = sys.gettrace()
        sys.settrace(tracer)

    def __exit__(self, *exc: object) -> None:
        sys.settrace(self.previous)


class _alarm:
    """Raise Stop in the running Python code once ``seconds`` have passed, from a ``SIGALRM`` handler: nothing runs
    until then. The main thread only (where Python runs signal handlers), and not where anything else uses the
    alarm: the yaql helper process."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = False

    def _ring(self, signum: int, frame: Any) -> None:
        if self.active:  # (a signal handled after __exit__ must not stop what follows)
            self.active = False
            raise Stop(f"The yaql expression ran longer than {self.seconds:g} s; hot-lsp stopped it.", "W8011")

    def __enter__(self) -> None:
        self.active = True
        signal.signal(signal.SIGALRM, self._ring)
        signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 1e-6))

    def __exit__(self, *exc: object) -> None:
        self.active = False
        signal.setitimer(signal.ITIMER_REAL, 0)
