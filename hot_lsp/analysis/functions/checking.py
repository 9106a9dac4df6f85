"""How a function judges its literal arguments: the checker each function's ``check`` reports to.

Heat checks some arguments when it parses a call, some when it validates the template, and the rest when it
evaluates the call. With literal arguments all three fail the same way in the end, so each function's
``check`` reports a fault as soon as the literal text shows it. An argument that is itself a function call is
opaque (``fn``): its value is unknown until evaluation. A few functions check the *raw* argument before
evaluating anything (get_attr, list_join, str_replace, if, ...); there a call in place of the literal list or
map is a parse-time fault, as in Heat.

One checker serves two readers. The static rules run every call's check and report its faults (E4007 and a
few warnings); the evaluator runs a call's check in ``parse_only`` mode before evaluating it, where the first
parse-time fault stops the call with Heat's message (:class:`ParseFault`), so the shape checks Heat does when
it parses are written once.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeGuard

from ... import spec
from ...document import Mapping, Node, QuickFix, Scalar, Sequence
from ...spec import TemplateVersion

ARGUMENT_FAULT = "E4007"
Context = Literal["normal", "condition"]  # which function table a value is parsed with
# Features whose version changes what the checks accept.
_FEATURES_USED = ("get_attr_all_attributes", "list_join_multiple", "str_replace_json", "repeat_over_map")


class CallSite(Protocol):
    """A call as written: the function's name, its key node, its argument node and the one-key mapping."""

    @property
    def name(self) -> str: ...
    @property
    def key(self) -> Node: ...
    @property
    def args(self) -> Node: ...
    @property
    def node(self) -> Mapping: ...
    @property
    def context(self) -> Context: ...


@dataclass(frozen=True, slots=True)
class Fault:
    """One finding about a call's literal arguments."""

    code: str
    start: int
    end: int
    message: str
    data: QuickFix | None = None
    heat: str = ""  # Heat's own message, when Heat fails here
    parse_time: bool = False  # Heat fails while parsing the call, before evaluating anything
    # The step of Heat's stack creation that meets the fault (``report.Phase``): "parse" for parse-time faults,
    # "validate" for those the function's ``validate()`` raises, else "resolve" (when the value is computed);
    # "depends|validate" when either step meets it.
    phase: str = "resolve"


class ParseFault(Exception):
    """In ``parse_only`` mode: the first parse-time fault, with Heat's message."""

    def __init__(self, heat: str, node: Node) -> None:
        super().__init__(heat)
        self.heat = heat
        self.node = node


class ArgumentChecker:
    """Judges the literal arguments of one call at a time and keeps what it finds in ``faults``."""

    def __init__(
        self,
        version: TemplateVersion,
        text: str,
        opaque: Callable[[Node], bool] | set[int],
        *,
        parse_only: bool = False,
    ) -> None:
        self.version = version
        self.text = text
        # What Heat turns into a function object (or another code reports): never a literal. The ids of those
        # nodes (the rules know them all), or a test (the evaluator asks its call parser).
        self.opaque_ids = opaque if isinstance(opaque, set) else None
        self.fn_check = opaque if not isinstance(opaque, set) else None
        self.parse_only = parse_only
        self.features = {name: spec.has_feature(version, name) for name in _FEATURES_USED}
        self.faults: list[Fault] = []

    # -- reporting -------------------------------------------------------------------------------

    def bad(
        self,
        call: CallSite,
        at: Node,
        text: str,
        heat: str = "",
        data: QuickFix | None = None,
        *,
        parse_time: bool = False,
        quote: bool = True,
        phase: str | None = None,
    ) -> None:
        """An argument Heat refuses: E4007, quoting Heat's message when it has a short one (``quote``).

        ``parse_time``: the evaluator stops the call here (its value cannot be computed); ``phase``: the step of
        Heat's that meets the fault, when not the one ``parse_time`` implies (parse, else resolve).
        """
        if self.parse_only:
            if parse_time:
                raise ParseFault(heat, at)
            return
        said = f" Heat says: {heat}{'' if heat.endswith('.') else '.'}" if heat and quote else ""
        start, end = self.span(at)
        message = f"`{call.name}`: {text}{said}"
        met = phase or ("parse" if parse_time else "resolve")
        self.faults.append(Fault(ARGUMENT_FAULT, start, end, message, data, heat, parse_time, met))

    def warn(self, code: str, at: Node, message: str, data: QuickFix | None = None) -> None:
        """An argument Heat accepts, but surely not as meant."""
        if not self.parse_only:
            start, end = self.span(at)
            self.faults.append(Fault(code, start, end, message, data))

    # -- helpers ---------------------------------------------------------------------------------

    def fn(self, node: Node | None) -> bool:
        if node is None:
            return False
        if self.opaque_ids is not None:
            return id(node) in self.opaque_ids
        assert self.fn_check is not None
        return self.fn_check(node)

    def span(self, node: Node) -> tuple[int, int]:
        """The node's range when it fits on one line, else its first line."""
        if isinstance(node, Scalar):
            return node.start, node.end
        newline = self.text.find("\n", node.start, node.end)
        if newline < 0:
            return node.start, node.end
        return node.start, max(newline, node.start + 1)

    def whole(self, call: CallSite) -> Node:
        """Where to report a fault of the whole argument: the argument when it is short, else the name."""
        args = call.args
        if isinstance(args, Scalar) or "\n" not in self.text[args.start : args.end]:
            return args
        return call.key

    def literal_map(self, call: CallSite, takes: str, heat: str, phase: str | None = None) -> Mapping | None:
        """The argument when it is written as a mapping; else None, after the parse-time fault (``heat``) that Heat
        raises for a raw argument of another shape, a function's result included (``phase``: when Heat's
        ``validate()`` rather than its parser raises it)."""
        args = call.args
        if self.fn(args) or not isinstance(args, Mapping):
            self.bad(
                call, self.whole(call), f"takes {takes}, not {describe(args)}.", heat, parse_time=True, phase=phase
            )
            return None
        return args

    def raise_to(self, feature: str, value: Node | None = None) -> QuickFix | None:
        """The fix raising the version to ``feature``'s, unless ``value`` (the map the newer version would
        JSON-encode) is written like a call of a misspelt function: raising would then encode the typo as data
        and silence it; the misspelling's own fix (W4004) is the one that keeps the meaning."""
        if (
            isinstance(value, Mapping)
            and len(value.pairs) == 1
            and isinstance(value.pairs[0].key_value, str)
            and spec.nearest_function_names(value.pairs[0].key_value, self.version, 1)
        ):
            return None
        return QuickFix(fix="raise_version", version=spec.feature_since(feature).date)


# -- small predicates and words, shared by the functions' checks --------------------------------------


def is_str(node: Node | None) -> TypeGuard[Scalar]:
    """A literal string (a scalar whose value is a str)."""
    return isinstance(node, Scalar) and isinstance(node.value, str)


def is_null(node: Node | None) -> bool:
    return isinstance(node, Scalar) and node.value is None


def is_int_like(node: Node) -> bool:
    """A literal Heat's int() accepts."""
    if not isinstance(node, Scalar):
        return False
    value = node.value
    if isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        try:
            int(value)
        except ValueError:
            return False
        return True
    return False


def falsy(node: Node) -> bool:
    """A literal Python treats as false (null, '', 0, false, [] or {})."""
    if isinstance(node, Scalar):
        return not node.value
    if isinstance(node, Sequence):
        return not node.items
    if isinstance(node, Mapping):
        return not node.pairs
    return False


def describe(node: Node | None) -> str:
    """A node's kind as a person reads it: 'a list', 'the number 1', 'null'."""
    if isinstance(node, Sequence):
        return "a list" if node.items else "an empty list"
    if isinstance(node, Mapping):
        return "a mapping" if node.pairs else "an empty mapping"
    if not isinstance(node, Scalar):
        return "nothing"
    value = node.value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {node.text}"
    if isinstance(value, int | float):
        return f"the number {node.text}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {shown!r}" if value else "an empty string"
    return f"a {node.tag} value"


def quote_advice(node: Node) -> str:
    """Advice for a number or boolean written where a string is needed."""
    if isinstance(node, Scalar) and isinstance(node.value, bool | int | float):
        return f"; quote it ('{node.text}')"
    return ""


def count_items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


def python_repr(node: Node) -> str:
    """How Heat's messages show a literal argument (``repr``), shortened for a list or map."""
    if isinstance(node, Scalar):
        return repr(node.value)[:60]
    return "[...]" if isinstance(node, Sequence) else "{...}"


def closest(word: str, choices: tuple[str, ...] | list[str], limit: int = 3) -> list[str]:
    """The argument keys ``word`` was probably meant to be."""
    lowered = word.lower()
    exact = [c for c in choices if c.lower() == lowered]
    if exact:
        return exact
    # A name written inside the other ('hostname' for host, 'user' for username) is the likely one.
    inside = [c for c in choices if min(len(c), len(lowered)) >= 3 and (c in lowered or lowered in c)]
    if inside:
        return inside[:limit]
    scored = sorted(((difflib.SequenceMatcher(None, lowered, c).ratio(), c) for c in choices), reverse=True)
    if not scored or scored[0][0] < 0.6:
        return []
    # Keep only the names about as close as the best one: a clear typo gets one answer.
    best = scored[0][0]
    return [c for ratio, c in scored if ratio >= max(0.6, best - 0.1)][:limit]
