"""One text (or one slice of it) -> positioned tree, built from ruamel.yaml's event stream.

Why events and not ``compose``: libyaml (through ruamel.yaml.clib) produces
events about three times faster than it composes nodes, and building our own
nodes from them lets us type scalars as Heat does, keep duplicate keys, bound
alias expansion and nesting depth without recursion, and keep the part of the
tree read before a syntax error (for completion in half-typed text).

The C parser bundles an old libyaml that rejects flow mappings such as
``{get_param:Foo}`` which Heat accepts, so when it fails we read the text
again with the pure-Python parser, and only its verdict counts.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from ruamel.yaml import YAML

try:
    from ruamel.yaml.cyaml import CParser
except ImportError:  # ruamel.yaml without its C extension (the VS Code bundle run by a Python that lacks it)
    CParser = None
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from .nodes import Mapping, Node, Pair, Scalar, Sequence, hashable_key
from .parsed import ParsedDocument
from .positions import LineIndex
from .problems import Diagnostic
from .scalars import SAFE_COLLECTION_TAGS, SAFE_SCALAR_TAGS, short_tag, type_plain, type_tagged

# Bounds on hostile input. Real templates nest < 40 levels and rarely alias.
MAX_DEPTH = 500
MAX_ALIAS_EXPANSION = 100_000  # extra nodes that aliases may add to the tree
PURE_PARSE_BUDGET_S = 5.0

BOM = "\ufeff"


def read_slice(body: str, shift: int, deadline: float, first_line: int = 0, depth: int = 0) -> _TreeBuilder:
    """Read ``body`` (the text from offset ``shift``, line ``first_line``, nested ``depth`` levels deep in the
    whole text) into a builder holding its tree and problems; never raises."""
    builder = _TreeBuilder(body, shift, first_line, depth)
    try:
        with _gc_paused():
            builder.consume(_c_events(body))
    except YAMLError as c_error:
        builder = _TreeBuilder(body, shift, first_line, depth)
        try:
            builder.consume(_budgeted(_parser(pure=True).parse(body), deadline))
        except _BudgetExceeded:
            # Too slow (deeply nested flow text): trust the C parser's verdict.
            builder = _TreeBuilder(body, shift, first_line, depth)
            with suppress(YAMLError):
                builder.consume(_c_events(body))
            builder.fail(c_error)
        except YAMLError as pure_error:
            builder.fail(pure_error)
        except RecursionError:
            builder.fail_message("The YAML is nested too deeply to read.", 0)
    except RecursionError:  # pragma: no cover - the event parsers are iterative
        builder.fail_message("The YAML is nested too deeply to read.", 0)
    return builder


def surely_broken(body: str, deadline: float) -> bool:
    """Whether ``body`` surely does not parse as :func:`read_slice` reads it: the C parser and the pure-Python one
    (within the budget) both find a syntax error in it. False when either reads it (a second document ends the
    reading before any error, as there), or the pure one runs out of time or recursion."""
    for pure in (False, True):
        builder = _TreeBuilder(body, 0)
        try:
            if pure:
                builder.consume(_budgeted(_parser(pure=True).parse(body), deadline))
            else:
                with _gc_paused():
                    builder.consume(_c_events(body))
        except YAMLError:
            continue
        except (_BudgetExceeded, RecursionError):
            return False
        return False
    return True


def _c_events(body: str) -> Iterator[Any]:
    """The C parser's events for ``body``: what ``YAML(typ="safe", pure=False).parse`` yields (the same events and
    errors, compared on every corpus file and mutations of them), without the loader class it makes for every call,
    garbage only a collection frees (the server reads a piece or more on every keystroke). Without the C extension,
    what that call gives then: the pure parser's events."""
    if CParser is None:
        return _parser(pure=False).parse(body)
    return _events_of(CParser(body))


def _events_of(parser: Any) -> Iterator[Any]:
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()


# A YAML instance keeps its reader, scanner and parser between calls, so two threads parsing with one
# instance corrupt each other's state (the server parses on its analysis worker and, for environment file
# hovers, on the event loop): each thread gets its own.
_PARSERS = threading.local()


def _parser(*, pure: bool) -> YAML:
    """This thread's YAML instance (``pure=False`` is used only without the C extension, and is then pure too)."""
    name = "pure" if pure else "c"
    found: YAML | None = getattr(_PARSERS, name, None)
    if found is None:
        found = YAML(typ="safe", pure=pure)
        setattr(_PARSERS, name, found)
    # Each parse appends a DocInfo that the instance keeps for ever: a server reading broken pieces on every
    # keystroke would grow by one per piece read.
    found.doc_infos.clear()
    return found


class _BudgetExceeded(Exception):
    pass


def _budgeted(events: Iterator[Any], deadline: float) -> Iterator[Any]:
    for count, event in enumerate(events):
        if count & 511 == 0 and time.monotonic() > deadline:
            raise _BudgetExceeded
        yield event


@contextmanager
def _gc_paused() -> Iterator[None]:
    # Building thousands of small objects triggers many useless collections
    # (~40% of a large parse); nothing here creates reference cycles.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Frame:
    __slots__ = ("is_map", "start", "flow", "items", "key", "tag", "anchor", "seen", "merged")

    def __init__(self, is_map: bool, start: int, flow: bool, tag: str | None, anchor: str | None) -> None:
        self.is_map = is_map
        self.start = start
        self.flow = flow
        self.items: list[Any] = []
        self.key: Node | None = None
        self.tag = tag
        self.anchor = anchor
        self.seen: dict[Any, Node] | None = {} if is_map else None
        self.merged: list[Pair] = []


class _TreeBuilder:
    def __init__(self, body: str, shift: int, first_line: int = 0, depth: int = 0) -> None:
        self.body = body
        self.shift = shift
        self.first_line = first_line  # of the body in the whole text (messages name lines of the whole)
        self.depth = depth  # how deep the body's root sits in the whole text
        self.undefined_alias = False  # (in a slice: perhaps an anchor of another slice)
        self.stack: list[_Frame] = []
        self.anchors: dict[str, Node] = {}
        self.open_anchors: set[str] = set()
        self.anchored_at: dict[str, int] = {}  # where each anchor name was first defined
        self.root: Node | None = None
        self.problems: list[Diagnostic] = []
        self.documents = 0
        self.expansion = 0
        self.alias_bomb = False
        self.syntax_ok = True
        self.truncated = False
        self.last_offset = 0

    # -- driving -----------------------------------------------------------
    def consume(self, events: Iterator[Any]) -> None:
        shift = self.shift
        stack = self.stack
        for event in events:
            kind = type(event)
            if kind is ScalarEvent:
                start = event.start_mark.index + shift
                self.last_offset = end = event.end_mark.index + shift
                if event.anchor is not None:
                    self._anchor(event.anchor, start)
                self._add(self._scalar(event, start, end), event.anchor)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if len(stack) + self.depth >= MAX_DEPTH:
                    start = event.start_mark.index + shift
                    self.problems.append(
                        Diagnostic(
                            "E0004",
                            f"The YAML nests deeper than {MAX_DEPTH} levels; hot-lsp stops reading here "
                            "(no real template needs this).",
                            start,
                            start + 1,
                        )
                    )
                    self.truncated = True
                    self.syntax_ok = False
                    self._close_all(start)
                    return
                tag = short_tag(event.tag)
                start = event.start_mark.index + shift
                if tag is not None and tag not in SAFE_COLLECTION_TAGS and tag != "!":
                    self._bad_tag(tag, start)
                if event.anchor is not None:
                    self._anchor(event.anchor, start)
                    self.open_anchors.add(event.anchor)
                stack.append(_Frame(kind is MappingStartEvent, start, bool(event.flow_style), tag, event.anchor))
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                self.last_offset = end = event.end_mark.index + shift
                self._close(end)
            elif kind is AliasEvent:
                self._alias(event)
            elif kind is DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    start = event.start_mark.index + shift
                    self.problems.append(
                        Diagnostic(
                            "E0007",
                            "expected a single document in the stream: Heat reads one YAML document per template.",
                            start,
                            start + 3,
                        )
                    )
                    return

    def fail(self, error: YAMLError) -> None:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        offset = mark.index + self.shift if mark is not None else self.last_offset
        position = getattr(error, "position", None)  # a ReaderError (a character YAML forbids) has no mark
        if mark is None and isinstance(position, int):
            offset = position + self.shift
        self.fail_message(_readable(error), offset)

    def fail_message(self, message: str, offset: int) -> None:
        self.syntax_ok = False
        end = offset + 1 if offset < len(self.body) + self.shift else offset
        self.problems.append(Diagnostic("E0001", message, offset, end))
        self._close_all(offset)

    # -- building ----------------------------------------------------------
    def _scalar(self, event: ScalarEvent, start: int, end: int) -> Scalar:
        text = event.value
        style = event.style or None
        tag = short_tag(event.tag)
        if tag is None or tag == "!":
            if style is None and tag is None:
                try:
                    value, typed = type_plain(text)
                except ValueError:
                    value, typed = text, "str"
                return Scalar(value, text, typed, None, start, end)
            return Scalar(text, text, "str", style, start, end)
        if tag in SAFE_SCALAR_TAGS:
            try:
                value, typed = type_tagged(text, tag)
            except (ValueError, TypeError):
                self.problems.append(Diagnostic("E0008", f"The value {text!r} cannot be read as !!{tag}.", start, end))
                value, typed = text, "str"
            return Scalar(value, text, typed, style, start, end)
        self._bad_tag(tag, start)
        return Scalar(text, text, "str", style, start, end)

    def _bad_tag(self, tag: str, start: int) -> None:
        self.problems.append(
            Diagnostic(
                "E0008",
                f"Heat cannot read the tag '{tag}': its YAML loader only knows the standard safe tags "
                "(could not determine a constructor for the tag).",
                start,
                start + 1,
            )
        )

    def _anchor(self, name: str, start: int) -> None:
        """An anchor defined: Heat's loader (PyYAML's composer) refuses a name defined twice."""
        first = self.anchored_at.setdefault(name, start)
        if first != start:
            self.problems.append(
                Diagnostic(
                    "E0001",
                    f"found duplicate anchor {name!r}; first occurrence on line "
                    f"{self.first_line + self.body.count(chr(10), 0, first - self.shift) + 1}: Heat's YAML loader refuses a second "
                    "anchor of the same name. Rename one.",
                    start,
                    start + 1 + len(name),
                )
            )

    def _add(self, node: Node, anchor: str | None) -> None:
        if anchor is not None:
            self.anchors[anchor] = node
            self.open_anchors.discard(anchor)
        stack = self.stack
        if not stack:
            if self.root is None:
                self.root = node
            return
        frame = stack[-1]
        if not frame.is_map:
            frame.items.append(node)
            return
        if frame.key is None:
            frame.key = node
            return
        key = frame.key
        frame.key = None
        self._add_pair(frame, key, node)

    def _add_pair(self, frame: _Frame, key: Node, value: Node) -> None:
        pair = Pair(key, value)
        frame.items.append(pair)
        if not isinstance(key, Scalar):
            self.problems.append(
                Diagnostic(
                    "E0001",
                    "A mapping key must be a plain value: Heat's loader refuses a list or mapping as a key "
                    "(found unhashable key).",
                    key.start,
                    max(key.start + 1, min(key.end, key.start + 80)),
                )
            )
            return
        if key.value == "<<" and key.style is None:
            self._merge(frame, value)
            return
        seen = frame.seen
        assert seen is not None
        marker = hashable_key(key.value)
        earlier = seen.get(marker)
        if earlier is not None:
            line = self.first_line + self.body.count(chr(10), 0, earlier.start - self.shift) + 1
            self.problems.append(duplicate_key(key, line))
        seen[marker] = key

    def _merge(self, frame: _Frame, value: Node) -> None:
        items: tuple[Node, ...] = value.items if isinstance(value, Sequence) else (value,)
        sources = [source for source in items if isinstance(source, Mapping)]
        if len(sources) != len(items):
            self.problems.append(
                Diagnostic(
                    "E0001",
                    "A '<<' merge key needs a mapping or a list of mappings.",
                    value.start,
                    max(value.end, value.start + 1),
                )
            )
            return
        # Earlier sources win over later ones, as in YAML 1.1 merges.
        for source in reversed(sources):
            frame.merged.extend(source.entries())

    def _alias(self, event: AliasEvent) -> None:
        start = event.start_mark.index + self.shift
        end = event.end_mark.index + self.shift
        name = event.anchor
        target = self.anchors.get(name)
        if name in self.open_anchors:
            self.problems.append(
                Diagnostic(
                    "E0003", f"The alias *{name} refers to its own enclosing node (a recursive structure).", start, end
                )
            )
            target = None
        elif target is None:
            self.undefined_alias = True
            self.problems.append(Diagnostic("E0001", f"found undefined alias *{name}.", start, end))
        elif not self.alias_bomb:
            self.expansion += target.weight
            if self.expansion > MAX_ALIAS_EXPANSION:
                self.alias_bomb = True
                self.problems.append(
                    Diagnostic(
                        "E0003",
                        f"Aliases here expand the document past {MAX_ALIAS_EXPANSION:,} extra nodes (an alias bomb?); "
                        "hot-lsp leaves this and later aliases empty.",
                        start,
                        end,
                    )
                )
                target = None
        else:
            target = None
        if target is None:
            target = Scalar(None, "", "null", None, start, end)
        self._add(target, None)

    def _close(self, end: int) -> None:
        frame = self.stack.pop()
        if frame.is_map:
            if frame.key is not None:  # a key still waiting for its value (only after errors)
                key = frame.key
                frame.key = None
                self._add_pair(frame, key, Scalar(None, "", "null", None, key.end, key.end))
            node: Node = Mapping(tuple(frame.items), frame.flow, frame.start, end, tuple(frame.merged))
        else:
            node = Sequence(tuple(frame.items), frame.flow, frame.start, end)
        if frame.anchor is not None:
            self.open_anchors.discard(frame.anchor)
        self._add(node, frame.anchor)

    def _close_all(self, end: int) -> None:
        while self.stack:
            self._close(max(end, self.stack[-1].start))

    def result(self, text: str, lines: LineIndex) -> ParsedDocument:
        self._close_all(len(text))
        return ParsedDocument(text, lines, self.root, self.problems, self.syntax_ok, self.truncated)


def duplicate_key(key: Scalar, earlier_line: int) -> Diagnostic:
    """W0002: ``key`` given again in one mapping (first on the 1-based ``earlier_line``)."""
    return Diagnostic(
        "W0002",
        f'Duplicate key "{key.text}": Heat silently keeps only this last one and drops the value '
        f"given on line {earlier_line}.",
        key.start,
        key.end,
    )


def _readable(error: YAMLError) -> str:
    """The parser's complaint in one sentence, without its 'in <unicode string>' noise."""
    if isinstance(error, MarkedYAMLError):
        parts = [p for p in (error.context, error.problem) if p]
        message = "; ".join(parts) if parts else "invalid YAML"
        note = getattr(error, "note", None)
        if note:
            message += f" ({note.strip()})"
    else:
        message = str(error).splitlines()[0] if str(error) else "invalid YAML"
    message = (message[0].upper() + message[1:]).rstrip(". ")
    if "'\\t'" in message:
        message += "; YAML does not allow tabs for indentation"
    return f"YAML syntax error: {message}."
