"""Offline evaluation of template values, the way Heat 27 parses and resolves them.

A mapping with exactly one key that is a function of the version and context is a call (Heat's
``template.parse``); anything else is data whose values are evaluated. Each call runs its
implementation from ``functions.py`` or ``condition_functions.py``: shape checks on the argument nodes
stand for Heat's parse-time checks, value checks on the evaluated arguments for its ``result()``.

Values known only at run time stay symbolic (``values.Symbol``). A fault Heat would raise is recorded
as a ``Problem`` with the dotted path Heat uses (``resources.web.properties.name.str_split``) and the
node to underline, and the call then stands for itself as a failed symbol, so one fault is reported
once. Results are memoised per node and context: a hover and a render share work, and every node is
evaluated once however many times aliases repeat it. Every bound (items, nesting, time) stops with a
problem instead of hanging.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from ... import spec
from ...document import Mapping, Node, Scalar, Sequence
from ..model import TemplateModel
from .files import FileSource
from .inputs import ParameterValue
from .problems import DEFAULT_LIMITS, HeatError, Limits, Problem, Read, Stop, Unknown
from .values import OMIT, Symbol, plain, weight

Context = Literal["normal", "condition"]
_IN_PROGRESS = object()


@dataclass(frozen=True, slots=True)
class Call:
    """One function call being evaluated."""

    name: str
    args: Node
    node: Mapping  # the single-key mapping
    path: str  # Heat's path of the call: '<where>.<name>'
    context: Context

    def item_path(self, index: int) -> str:
        return f"{self.path}[{index}]"

    def key_path(self, key: str) -> str:
        return f"{self.path}.{key}"


Implementation = Callable[["Evaluator", Call], Any]


class Evaluator:
    """Evaluates nodes of one template with one set of parameter values."""

    def __init__(
        self,
        model: TemplateModel,
        parameters: dict[str, ParameterValue],
        files: FileSource | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        from .condition_functions import CONDITION_FUNCTIONS
        from .functions import implementations_for

        self.model = model
        self.version = model.version
        self.parameters = parameters
        self.files = files
        self.limits = limits
        self.problems: list[Problem] = []
        self._normal = implementations_for(model.version)
        self._condition = {
            name: CONDITION_FUNCTIONS.get(name) or self._normal[name]
            for name in spec.condition_functions_for(model.version)
        }
        # Heat's condition parser: every other normal function is Invalid there.
        self._invalid_in_conditions = (set(self._normal) | spec.removed_functions_for(model.version)) - set(
            self._condition
        )
        self._removed = spec.removed_functions_for(model.version)
        self._memo: dict[tuple[int, str], tuple[Any, tuple[Read, ...]]] = {}
        self._conditions: dict[str, Any] = {}
        self._condition_reads: dict[str, tuple[Read, ...]] = {}
        self._reads: list[Read] = []
        self._mute = 0  # record nothing: a branch Heat may never parse
        self._lazy = 0  # record parse-time faults only: parsed but never resolved (a disabled resource)
        self._depth = 0
        self._deadline = time.monotonic() + limits.total_seconds
        self._timed_out = False

    # -- public ---------------------------------------------------------------------------------

    def renew_budget(self) -> None:
        """A fresh time budget for the next request; what is memoised stays (a cached evaluator serves many)."""
        self._deadline = time.monotonic() + self.limits.total_seconds
        self._timed_out = False

    def evaluate(self, node: Node, path: str, context: Context = "normal") -> Any:
        """The value of ``node``; OMIT when a two-argument ``if`` removes it."""
        if isinstance(node, Scalar):
            return node.value  # the common case, and nothing to remember
        key = (id(node), context)
        hit = self._memo.get(key)
        if hit is not None:
            self._reads.extend(hit[1])
            return hit[0]
        start = len(self._reads)
        self._depth += 1
        try:
            if self._depth > self.limits.max_depth:
                raise Stop(
                    f"Evaluation nests deeper than {self.limits.max_depth} levels; hot-lsp stopped here.", "W8009"
                )
            value = self._evaluate(node, path, context)
        finally:
            self._depth -= 1
        self._memo[key] = (value, tuple(self._reads[start:]) if len(self._reads) > start else ())
        return value

    def argument(self, node: Node, path: str, context: Context = "normal") -> Any:
        """A function argument: Heat resolves a removed (OMIT) value to None here."""
        value = self.evaluate(node, path, context)
        return None if value is OMIT else value

    def reads_of(self, node: Node, context: Context = "normal") -> tuple[Read, ...]:
        """The parameter values that evaluating ``node`` used (after it was evaluated)."""
        hit = self._memo.get((id(node), context))
        return hit[1] if hit is not None else ()

    def condition_named(self, name: Any) -> Any:
        """Heat's ``Conditions.is_enabled``: True, False, or a Symbol when it depends on run time."""
        if name is None:
            return True
        if isinstance(name, bool):
            return name
        if not isinstance(name, str) or name not in self.model.conditions:
            raise HeatError(f'Invalid condition "{_text(name)}"', None)
        state = self._conditions.get(name)
        if state is _IN_PROGRESS:
            raise HeatError(f'Circular definition for condition "{name}"', None)
        if state is None:
            self._conditions[name] = _IN_PROGRESS
            start = len(self._reads)
            try:
                state = self._condition_definition(name)
            finally:
                self._conditions[name] = state if state is not None else Symbol("condition", name, failed=True)
            self._condition_reads[name] = tuple(self._reads[start:])
            return state
        self._reads.extend(self._condition_reads.get(name, ()))
        return state

    def condition_value(self, node: Node, path: str) -> Any:
        """A value read as a condition (``if``'s first argument, ``not``/``and``/``or`` items, ``condition``)."""
        return self.enabled(self.argument(node, path, "condition"))

    def enabled(self, value: Any) -> Any:
        """Heat's ``_get_condition``: a bool as it is, anything else looked up as a condition name."""
        if isinstance(value, Symbol):
            return value
        return self.condition_named(value)

    def note(self, call: Call, message: str, code: str, node: Node | None = None) -> None:
        """A finding that does not stop evaluation (Heat goes on; the template probably does not mean it)."""
        self._problem(call.path, HeatError(message, code, node or call.node), (), fatal=False)

    def read(self, name: str, value: Any, source: str) -> None:
        self._reads.append(Read(name, value, source))

    def is_call(self, node: Node, context: Context) -> bool:
        """Whether Heat's parser makes ``node`` a function object (so it is no list or map to parse-time checks)."""
        return self._call_name(node, context) is not None

    @contextmanager
    def unresolved(self) -> Iterator[None]:
        """Evaluate what Heat parses but never resolves: only its parse-time faults count."""
        self._lazy += 1
        try:
            yield
        finally:
            self._lazy -= 1

    @contextmanager
    def muted(self) -> Iterator[None]:
        """Evaluate without recording problems (branches Heat may never take)."""
        self._mute += 1
        try:
            yield
        finally:
            self._mute -= 1

    def check_size(self, value: Any) -> Any:
        if isinstance(value, str):
            if len(value) > self.limits.max_text:
                raise Stop(f"The value is over {self.limits.max_text:,} characters; hot-lsp stopped here.", "W8009")
        elif isinstance(value, (list, dict)) and weight(value, self.limits.max_items) > self.limits.max_items:
            raise Stop(f"The value holds over {self.limits.max_items:,} items; hot-lsp stopped here.", "W8009")
        return value

    # -- walking --------------------------------------------------------------------------------

    def _evaluate(self, node: Node, path: str, context: Context) -> Any:
        if isinstance(node, Scalar):
            return node.value
        if isinstance(node, Sequence):
            items = []
            for index, item in enumerate(node.items):
                # Scalars inline: most items are, and a call per item is most of the cost on large templates.
                value = item.value if isinstance(item, Scalar) else self.evaluate(item, f"{path}[{index}]", context)
                if value is not OMIT:
                    items.append(value)
            return items
        assert isinstance(node, Mapping)
        name = self._call_name(node, context)
        if name is not None:
            return self._call(name, node, path, context)
        result: dict[Any, Any] = {}
        for pair in node.entries():
            key = pair.key_value
            child = pair.value
            value = child.value if isinstance(child, Scalar) else self.evaluate(child, f"{path}.{key}", context)
            if value is not OMIT:
                result[key if _hashable(key) else str(key)] = value
        return result

    def _call_name(self, node: Node, context: Context) -> str | None:
        if not isinstance(node, Mapping):
            return None
        pair = node.only_pair()
        if pair is None:
            return None
        name = pair.key_value
        if not isinstance(name, str):
            return None
        if context == "condition":
            return name if name in self._condition or name in self._invalid_in_conditions else None
        return name if name in self._normal or name in self._removed else None

    def _call(self, name: str, node: Mapping, path: str, context: Context) -> Any:
        pair = node.only_pair()
        assert pair is not None
        call = Call(name, pair.value, node, f"{path}.{name}", context)
        reads_from = len(self._reads)
        if self._timed_out:
            return Symbol(name, call.args, failed=True)
        try:
            if time.monotonic() > self._deadline:
                self._timed_out = True
                raise Stop(
                    f"Evaluation took longer than {self.limits.total_seconds:g} s; hot-lsp stopped here.", "W8009"
                )
            implementation = self._implementation(name, context)
            return self.check_size(implementation(self, call))
        except Unknown:
            return self._symbolic(call)
        except HeatError as error:
            self._record(error, call, reads_from)
            return Symbol(name, call.args, failed=True)
        except RecursionError:
            self._record(Stop("Evaluation nests too deeply; hot-lsp stopped here.", "W8009"), call, reads_from)
            return Symbol(name, call.args, failed=True)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            # Heat's functions run the same Python operations on the same values, so they fail the same way
            # (e.g. str.split with an empty separator).
            self._record(HeatError(str(exc), "E8000"), call, reads_from)
            return Symbol(name, call.args, failed=True)

    def _implementation(self, name: str, context: Context) -> Implementation:
        if context == "condition" and name in self._invalid_in_conditions:
            return _invalid
        if name in self._removed:
            return _removed
        return self._condition[name] if context == "condition" else self._normal[name]

    def _symbolic(self, call: Call) -> Symbol:
        """The call in its own form, arguments evaluated as far as they go."""
        with self.muted():
            args = self.argument(call.args, call.path, call.context)
        return Symbol(call.name, args)

    def _record(self, error: HeatError, call: Call, reads_from: int) -> None:
        node = error.node if error.node is not None else call.node
        reads = tuple({(r.name, r.source): r for r in self._reads[reads_from:]}.values())
        self._problem(call.path, HeatError(error.message, error.code, node), reads)

    def _problem(self, path: str, error: HeatError, reads: tuple[Read, ...], *, fatal: bool = True) -> None:
        if self._mute or (self._lazy and error.code):
            return
        node = error.node
        start, end = (node.start, node.end) if node is not None else (0, 0)
        self.problems.append(Problem(path, error.message, error.code or "", start, end, reads, fatal))

    def _condition_definition(self, name: str) -> Any:
        entry = self.model.conditions[name]
        path = f"conditions.{name}"
        node = entry.value
        if not (isinstance(node, Scalar) and isinstance(node.value, bool)) and not self.is_call(node, "condition"):
            # Heat's Conditions.validate: a definition must parse to a bool or a function (E5003 says so too).
            message = f'The definition of condition "{name}" is invalid: {_text(plain_node(node))}'
            self._problem(path, HeatError(message, None, node), ())
            return Symbol("condition", name, failed=True)
        reads_from = len(self._reads)
        value = self.argument(node, path, "condition")
        if isinstance(value, (Symbol, bool)):
            return value
        message = f'The definition of condition "{name}" is invalid: {_text(value)}'
        self._problem(path, HeatError(message, "E8008", node), tuple(self._reads[reads_from:]))
        return Symbol("condition", name, failed=True)


def _invalid(ev: Evaluator, call: Call) -> Any:
    raise HeatError(f'The function "{call.name}" is invalid in this context', None)


def _removed(ev: Evaluator, call: Call) -> Any:
    raise HeatError(
        f"The template version is invalid: The function {call.name} is not supported in this version of HOT.", None
    )


def plain_node(node: Node) -> Any:
    """A node's data as written (for a failed call's symbolic form), bounded in size."""
    if node.weight > 2_000:
        return "…"
    return plain(node.to_python())


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _text(value: Any) -> str:
    """How Heat's messages show a Python value (``%s``)."""
    return str(value)
