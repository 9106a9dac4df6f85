"""Offline evaluation of template values, the way Heat 27 parses and resolves them.

A mapping with exactly one key that is a function of the version and context is a call (Heat's
``template.parse``, asked of ``functions.parse_call``); anything else is data whose values are evaluated.
Each call runs its function's evaluation (``analysis/functions``): first the function's own checks of its
literal arguments in parse-only mode, which stand for Heat's parse-time checks, then the evaluation, whose
checks of evaluated values stand for its ``result()``.

Values known only at run time stay symbolic (``values.Symbol``). A fault Heat would raise is recorded
as a ``Problem`` with the dotted path Heat uses (``resources.web.properties.name.str_split``) and the
node to underline, and the call then stands for itself as a failed symbol, so one fault is reported
once. Results are memoised per node and context: a hover and a render share work, and every node is
evaluated once however many times aliases repeat it. Every bound (items, nesting, time) stops with a
problem instead of hanging.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from collections.abc import Mapping as AbcMapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from ... import spec
from ...document import Mapping, Node, Scalar, Sequence
from ..functions import (
    ArgumentChecker,
    Call,
    CallEntry,
    Context,
    ParseFault,
    call_parser,
    invalid_in_context,
    not_supported,
)
from ..model.template import TemplateModel
from ..values.evaluated import OMIT, Symbol, plain, weight
from ..values.file_source import FileSource
from ..values.problems import DEFAULT_LIMITS, HeatError, Limits, Problem, Read, Stop, Unknown
from .inputs import ParameterValue

_IN_PROGRESS = object()


@dataclass(frozen=True, slots=True)
class Recorded:
    """What evaluating something added to an evaluator: problems, parameter reads, memoised nodes."""

    problems: tuple[Problem, ...]
    reads: tuple[Read, ...]
    memo: tuple[tuple[tuple[int, str], tuple[Any, tuple[Read, ...]]], ...]


class Evaluator:
    """Evaluates nodes of one template with one set of parameter values."""

    def __init__(
        self,
        model: TemplateModel,
        parameters: AbcMapping[str, ParameterValue],
        files: FileSource | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.model = model
        self.version = model.version
        self.parameters = parameters
        self.files = files
        self.limits = limits
        self.problems: list[Problem] = []
        self._features: dict[str, bool] = {}
        self._parser = call_parser(model.version)
        # The functions' own checks, run in parse-only mode before a call is evaluated: one checker per context.
        self._parse_checkers: dict[Context, ArgumentChecker] = {}
        self._memo: dict[tuple[int, str], tuple[Any, tuple[Read, ...]]] = {}
        self._memo_keys: list[tuple[int, str]] = []  # in the order memoised (for ``recorded_since``)
        self._conditions: dict[str, Any] = {}
        self._condition_reads: dict[str, tuple[Read, ...]] = {}
        self._reads: list[Read] = []
        self._mute = 0  # record nothing: a branch Heat may never parse
        self._lazy = 0  # record parse-time faults only: parsed but never resolved (a disabled resource)
        self._depth = 0
        self._deadline = time.monotonic() + limits.total_seconds
        self._timed_out = False

    # -- public ---------------------------------------------------------------------------------

    @property
    def heat_version(self) -> str:
        """The Heat release the template is checked for: its catalogue's version."""
        return self.model.resource_types().heat_version

    def has(self, feature: str) -> bool:
        """Whether the template's version has a version-gated behaviour (``spec.features``)."""
        found = self._features.get(feature)
        if found is None:
            found = self._features[feature] = spec.has_feature(self.version, feature)
        return found

    def is_resource(self, name: object) -> bool:
        return isinstance(name, str) and name in self.model.resources

    def renew_budget(self) -> None:
        """A fresh time budget for the next request; what is memoised stays (a cached evaluator serves many)."""
        self._deadline = time.monotonic() + self.limits.total_seconds
        self._timed_out = False

    def evaluate_field(self, node: Node, path: str) -> Any:
        """The value of a resource's or an output's field. A bound reached outside any call (data nested past
        ``max_depth``, too many items) is recorded at the field, as a call records it, and the field's value is
        None: the bound never escapes to the rule that asked."""
        try:
            return self.evaluate(node, path)
        except Stop as error:
            self._problem(path, Stop(error.message, error.code, error.node or node), (), origin=node)
            return None

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
        self._memo_keys.append(key)
        return value

    def mark(self) -> tuple[int, int, int]:
        """Where the evaluator is now, for ``recorded_since``."""
        return len(self.problems), len(self._reads), len(self._memo_keys)

    def recorded_since(self, mark: tuple[int, int, int]) -> Recorded:
        problems, reads, memo = mark
        keys = self._memo_keys[memo:]
        return Recorded(
            tuple(self.problems[problems:]), tuple(self._reads[reads:]), tuple((key, self._memo[key]) for key in keys)
        )

    def replay(self, recorded: Recorded) -> None:
        """Take what evaluating the same nodes with the same reads recorded in another evaluator (whose nodes are
        these very objects, alive: their ids are the memo's keys)."""
        self.problems.extend(recorded.problems)
        self._reads.extend(recorded.reads)
        for key, value in recorded.memo:
            if key not in self._memo:
                self._memo[key] = value
                self._memo_keys.append(key)

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
        self._problem(call.path, HeatError(message, code, node or call.node), (), fatal=False, origin=call.node)

    def read(self, name: str, value: Any, source: str) -> None:
        self._reads.append(Read(name, value, source))

    def is_call(self, node: Node, context: Context) -> bool:
        """Whether Heat's parser makes ``node`` a function object (so it is no list or map to parse-time checks)."""
        return self._parser.is_call(node, context)

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
        pair = node.only_pair()
        entry = self._parser.entry(pair, context) if pair is not None else None
        if entry is not None:
            assert pair is not None and isinstance(pair.key, Scalar)
            return self._call(pair.key, pair.value, entry, node, path, context)
        result: dict[Any, Any] = {}
        for pair in node.entries():
            key = pair.key_value
            child = pair.value
            value = child.value if isinstance(child, Scalar) else self.evaluate(child, f"{path}.{key}", context)
            if value is not OMIT:
                result[key if _hashable(key) else str(key)] = value
        return result

    def _call(self, key: Scalar, args: Node, entry: CallEntry, node: Mapping, path: str, context: Context) -> Any:
        name: str = key.value
        call = Call(name, key, args, node, f"{path}.{name}", context)
        reads_from = len(self._reads)
        if self._timed_out:
            return Symbol(name, call.args, failed=True)
        try:
            if time.monotonic() > self._deadline:
                self._timed_out = True
                raise Stop(
                    f"Evaluation took longer than {self.limits.total_seconds:g} s; hot-lsp stopped here.", "W8009"
                )
            return self.check_size(self._run(entry, call))
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

    def _run(self, entry: CallEntry, call: Call) -> Any:
        function, status = entry
        if status == "invalid":
            raise HeatError(invalid_in_context(call.name), None)
        if status == "removed":
            raise HeatError(not_supported(call.name), None)
        if function.parse_checked and function.check is not None:
            # Heat's parse-time checks are the function's own checks of its literal arguments.
            checker = self._parse_checker(call.context)
            try:
                function.check(checker, call)
            except ParseFault as fault:
                raise HeatError(fault.heat, None) from None
        return function.evaluate(self, call)

    def _parse_checker(self, context: Context) -> ArgumentChecker:
        checker = self._parse_checkers.get(context)
        if checker is None:
            parser = self._parser
            checker = self._parse_checkers[context] = ArgumentChecker(
                self.version, self.model.parsed.text, partial(parser.is_call, context=context), parse_only=True
            )
        return checker

    def _symbolic(self, call: Call) -> Symbol:
        """The call in its own form, arguments evaluated as far as they go."""
        with self.muted():
            args = self.argument(call.args, call.path, call.context)
        return Symbol(call.name, args)

    def _record(self, error: HeatError, call: Call, reads_from: int) -> None:
        node = error.node if error.node is not None else call.node
        reads = tuple({(r.name, r.source): r for r in self._reads[reads_from:]}.values())
        self._problem(call.path, HeatError(error.message, error.code, node), reads, origin=call.node)

    def _problem(
        self, path: str, error: HeatError, reads: tuple[Read, ...], *, fatal: bool = True, origin: Node | None = None
    ) -> None:
        if self._mute or (self._lazy and error.code):
            return
        node = error.node
        start, end = (node.start, node.end) if node is not None else (0, 0)
        self.problems.append(Problem(path, error.message, error.code or "", start, end, reads, fatal, origin))

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
        self._problem(path, HeatError(message, "E8008", node), tuple(self._reads[reads_from:]), origin=node)
        return Symbol("condition", name, failed=True)


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
