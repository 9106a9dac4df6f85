"""The words of the handler table (handlers.py): what a row says about an LSP method, and how rows are registered.

A :class:`Method` row is a request the session answers (``HotLanguageServer.answer``): it finds the snapshot the
row's :class:`Text` names, answers :attr:`Method.unanswered` when there is none, lets the handler module's
``prepare`` read what it needs on the loop, runs the feature call it gives on the row's :class:`Lane`, answers
:attr:`Method.empty` when the feature raises or gives nothing, and adapts the result as the row's
:class:`ResultEncoding` says. A :class:`Handler` row is a method whose handler module answers it whole (the
session's life, the texts, pulled diagnostics: flows of their own); a :class:`Command` row, a
``workspace/executeCommand`` command.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lsprotocol import types

from .client_capabilities import (
    Client,
    adapt_completion,
    adapt_document_symbols,
    adapt_folding,
    adapt_hover,
    adapt_links,
)


class Lane(enum.Enum):
    """Where a method's feature runs."""

    # The feature thread, while the analysis worker waits at its next pause point: the user waits at the cursor
    # (priority.py).
    CURSOR = "cursor"
    # The feature thread, sharing the interpreter with the analysis: a large text's answer may take tens of
    # milliseconds, and an edit's diagnostics must not wait behind it.
    DOCUMENT = "document"
    # The event loop, once every open document is analysed: the feature reads the others through the workspace
    # index, which only the loop may read, and it must know their current texts.
    WORKSPACE = "workspace"
    # The event loop, at once.
    LOOP = "loop"

    @property
    def on_feature_thread(self) -> bool:
        return self in (Lane.CURSOR, Lane.DOCUMENT)


class Text(enum.Enum):
    """Which text of the request's document a method is answered for."""

    # The text the request was made against: replaced while it waits, it is answered ContentModified, and the
    # client asks again (the requests at a position).
    PINNED = "pinned"
    # The newest text, whatever the request was made against: what the client shows by the time the answer
    # arrives (the requests about a whole document).
    NEWEST = "newest"
    # No document's text: ``prepare`` finds what it needs.
    NONE = "none"


class Prepare(Protocol):
    """A handler module's part of a method, on the loop: read what the feature needs (client options, settings,
    what is awaited), and give the call that computes the answer on the row's lane."""

    def __call__(self, ls: Any, snapshot: Any, params: Any, /) -> Awaitable[Callable[[], Any]]: ...


def call_with_params(feature: Callable[[Any, Any], Any]) -> Prepare:
    """The call of a feature that takes the snapshot and the request's params, and nothing from the client."""

    async def prepare(ls: Any, snapshot: Any, params: Any) -> Callable[[], Any]:
        return lambda: feature(snapshot, params)

    return prepare


def call_with_snapshot(feature: Callable[[Any], Any]) -> Prepare:
    """The call of a feature of the whole snapshot, that takes nothing else."""

    async def prepare(ls: Any, snapshot: Any, params: Any) -> Callable[[], Any]:
        return lambda: feature(snapshot)

    return prepare


@dataclass(frozen=True, slots=True)
class ResultEncoding:
    """How a feature's result is adapted to what the client declared it can take (client_capabilities.py)."""

    name: str
    # (result, the client, the document's uri) -> the result the client gets.
    adapt: Callable[[Any, Client, str], Any] | None = None
    # Adapted on the lane with the feature, and the answer written as JSON there too, so that the loop only sends
    # it (a completion list of a hundred items is 60 KB: protocol.Encoded). Otherwise adapted on the loop once the
    # lane answered.
    written_on_lane: bool = False


AS_IS = ResultEncoding("as is")
COMPLETION_LIST = ResultEncoding("completion list", lambda result, client, uri: adapt_completion(result, client), True)
HOVER = ResultEncoding("hover", lambda result, client, uri: adapt_hover(result, client), True)
DOCUMENT_SYMBOLS = ResultEncoding("document symbols", adapt_document_symbols)
LINKS = ResultEncoding("links", lambda result, client, uri: adapt_links(result, client))
FOLDING = ResultEncoding("folding", lambda result, client, uri: adapt_folding(result, client))


class _GivenBack:
    def __repr__(self) -> str:
        return "GIVEN_BACK"


# An ``empty`` that is the request's own params: completionItem/resolve answers the item as it came.
GIVEN_BACK: Any = _GivenBack()


@dataclass(frozen=True, slots=True)
class Method:
    """A request the session answers for a handler module (the module keeps only ``prepare``)."""

    name: str
    prepare: Prepare
    lane: Lane
    text: Text
    # The answer when the feature raises (reported to the client's log) or gives None. Answers are only written
    # out, never changed, so one value serves every request.
    empty: Any = None
    # The answer when there is nothing to answer about: the document is not open or its analysis crashed, or the
    # method is turned off (``enabled``). The feature is not called.
    unanswered: Any = None
    encoding: ResultEncoding = AS_IS
    options: Any = None  # registered with the method; initialize announces them (trigger characters, ...)
    # A setting that turns the method on (hotLsp.inlayHints): off, it answers ``unanswered`` without the text.
    enabled: Callable[[Any], bool] | None = None


@dataclass(frozen=True, slots=True)
class Handler:
    """A method its handler module answers whole, on the loop: ``handle(ls, params)``."""

    name: str
    handle: Callable[..., Any]
    options: Any = None


@dataclass(frozen=True, slots=True)
class Command:
    """A ``workspace/executeCommand`` command: ``handle(ls, *arguments)``."""

    name: str
    handle: Callable[..., Any]


Row = Method | Handler | Command


class Server(Protocol):
    """The session as the table's registration uses it (pygls's registration, and the session's answer)."""

    def feature(self, name: str, options: Any = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...
    def command(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...
    async def answer(self, method: Method, params: Any) -> Any: ...


def register(server: Server, rows: Sequence[Row]) -> None:
    """Register every row with pygls, in the table's order (the order of the commands initialize announces)."""
    for row in rows:
        if isinstance(row, Command):
            server.command(row.name)(row.handle)
        elif isinstance(row, Handler):
            server.feature(row.name, row.options)(row.handle)
        else:
            server.feature(row.name, row.options)(_answering(server, row))


def _answering(server: Server, method: Method) -> Callable[[Any], Awaitable[Any]]:
    async def answer(params: Any) -> Any:
        return await server.answer(method, params)

    answer.__name__ = answer.__qualname__ = f"answer {method.name}"
    return answer


def cursor_of(params: Any) -> types.Position | None:
    """Where a request at a position points, for the crash report: its position, its range's start, or the
    first of its positions."""
    position = getattr(params, "position", None)
    if isinstance(position, types.Position):
        return position
    found = getattr(params, "range", None)
    if isinstance(found, types.Range):
        return found.start
    positions = getattr(params, "positions", None)
    return positions[0] if positions else None
