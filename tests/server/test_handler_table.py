"""The handler table (hot_lsp/server/handlers.py) and how the session answers its rows (``HotLanguageServer.answer``):
each row's lane, text, crash answer and encoding hold for every method, whatever its feature; a text change is one
call to the diagnostics scheduler."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import threading
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified
from pygls.workspace import Workspace

import hot_lsp.server
from hot_lsp.server import HotLanguageServer, commands, create_server, positional, whole_document, workspace
from hot_lsp.server.handlers import HANDLERS
from hot_lsp.server.methods import GIVEN_BACK, Command, Handler, Lane, Method, Text
from hot_lsp.server.protocol import Encoded

URI = "file:///work/handler-table/main.yaml"
TEXT = """heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
"""
METHODS = [row for row in HANDLERS if isinstance(row, Method)]
SERVER_PACKAGE = Path(hot_lsp.server.__file__).parent


def started() -> HotLanguageServer:
    """A server as if initialize had run (no workspace/configuration to wait for), its log recorded."""
    server = create_server()
    server.protocol.client_capabilities = types.ClientCapabilities()
    server.protocol._workspace = Workspace(None, position_encoding="utf-16")
    server.logged = []
    server.window_log_message = server.logged.append
    server.store.open(URI, TEXT, 1)
    return server


def request(uri: str = URI) -> SimpleNamespace:
    """Params with what the session reads of any request: the document and a position."""
    return SimpleNamespace(text_document=SimpleNamespace(uri=uri), position=types.Position(line=7, character=20))


def with_call(row: Method, call: Callable[[], Any]) -> Method:
    async def prepare(ls: HotLanguageServer, snapshot: Any, params: Any) -> Callable[[], Any]:
        return call

    return dataclasses.replace(row, prepare=prepare, enabled=None)


def answer(server: HotLanguageServer, row: Method, params: Any) -> Any:
    try:
        return asyncio.run(server.answer(row, params))
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()


def test_the_table_declares_each_method_once() -> None:
    names = [row.name for row in HANDLERS]
    assert len(names) == len(set(names))
    assert {row.name for row in HANDLERS if isinstance(row, Command)} == set(create_server().protocol.fm.commands)


def test_only_the_table_registers_methods() -> None:
    """A handler module that registered a method itself would bypass the table (and the session's answer)."""
    registering = []
    for path in SERVER_PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            called = node.func if isinstance(node, ast.Call) else None
            if (
                isinstance(called, ast.Attribute)
                and called.attr in ("feature", "command")
                and path.name != "methods.py"
            ):
                registering.append(f"{path.name}:{node.lineno}")
    assert not registering


@pytest.mark.parametrize("module", [positional, whole_document, workspace, commands])
def test_every_feature_call_of_a_handler_module_is_in_the_table(module: Any) -> None:
    """A ``*_call`` (or ``handle_*``) written without its row would never be called."""
    in_table = {row.prepare for row in METHODS} | {row.handle for row in HANDLERS if not isinstance(row, Method)}
    written = {
        name
        for name, value in vars(module).items()
        if callable(value)
        and getattr(value, "__module__", None) == module.__name__
        and (name.endswith("_call") or name.startswith("handle_"))
    }
    assert written and not {name for name in written if getattr(module, name) not in in_table}


def test_the_lanes_and_texts_the_server_promises() -> None:
    """What hot_lsp/server/__init__.py and priority.py say: the requests at the cursor hold the analysis worker;
    those that walk the workspace index stay on the loop; the requests at a position are answered for the text
    they were made against, those about a whole document for the newest."""
    lanes: dict[Lane, set[str]] = {lane: set() for lane in Lane}
    texts: dict[Text, set[str]] = {text: set() for text in Text}
    for row in METHODS:
        lanes[row.lane].add(row.name)
        texts[row.text].add(row.name)
    assert lanes[Lane.CURSOR] == {
        types.TEXT_DOCUMENT_COMPLETION,
        types.COMPLETION_ITEM_RESOLVE,
        types.TEXT_DOCUMENT_HOVER,
        types.TEXT_DOCUMENT_SIGNATURE_HELP,
        types.TEXT_DOCUMENT_DEFINITION,
        types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT,
    }
    assert lanes[Lane.WORKSPACE] == {types.TEXT_DOCUMENT_REFERENCES, types.TEXT_DOCUMENT_RENAME}
    assert lanes[Lane.LOOP] == {
        types.TEXT_DOCUMENT_PREPARE_RENAME,
        types.TEXT_DOCUMENT_CODE_LENS,
        types.WORKSPACE_SYMBOL,
    }
    assert texts[Text.NEWEST] == {
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
        types.TEXT_DOCUMENT_DOCUMENT_LINK,
        types.TEXT_DOCUMENT_FOLDING_RANGE,
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
        types.TEXT_DOCUMENT_CODE_LENS,
    }
    assert texts[Text.NONE] == {types.COMPLETION_ITEM_RESOLVE, types.WORKSPACE_SYMBOL}


@pytest.mark.parametrize("row", METHODS, ids=lambda row: row.name)
def test_the_feature_runs_on_the_rows_lane(row: Method) -> None:
    """CURSOR: the feature thread, the analysis worker held; DOCUMENT: the feature thread, not held; WORKSPACE and
    LOOP: the event loop's own thread."""
    server = started()
    seen: dict[str, Any] = {}

    def probe() -> None:
        seen["thread"] = threading.current_thread()
        seen["held"] = not server.priority._clear.is_set()

    async def scenario() -> None:
        seen["loop"] = threading.current_thread()
        await server.answer(with_call(row, probe), request())

    try:
        asyncio.run(scenario())
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()
    assert (seen["thread"] is seen["loop"]) is (not row.lane.on_feature_thread)
    assert seen["held"] is (row.lane is Lane.CURSOR)


@pytest.mark.parametrize("row", METHODS, ids=lambda row: row.name)
def test_a_feature_that_raises_answers_the_rows_empty_and_is_reported(row: Method) -> None:
    server = started()

    def explode() -> None:
        raise RuntimeError("boom in the table")

    params = request()
    answered = answer(server, with_call(row, explode), params)
    empty = params if row.empty is GIVEN_BACK else row.empty
    if row.encoding.written_on_lane:
        assert answered is None  # an empty answer is not written
    elif row.encoding.adapt is not None:
        assert answered == row.encoding.adapt(empty, server, URI)
    else:
        assert answered is empty
    [report] = server.logged
    assert row.name in report.message and "boom in the table" in report.message
    if row.text is Text.PINNED:  # a request at a position says where
        assert f"{URI} at 7:20" in report.message


@pytest.mark.parametrize("row", [row for row in METHODS if row.text is not Text.NONE], ids=lambda row: row.name)
def test_a_document_that_is_not_open_is_answered_unanswered_without_the_feature(row: Method) -> None:
    called = []
    answered = answer(started(), with_call(row, lambda: called.append(1)), request("file:///work/not-open.yaml"))
    assert answered == row.unanswered and not called


def test_a_turned_off_method_is_answered_without_its_text() -> None:
    [inlay] = [row for row in METHODS if row.name == types.TEXT_DOCUMENT_INLAY_HINT]
    assert inlay.enabled is not None and not inlay.enabled(started().settings)  # hotLsp.inlayHints is opt-in

    async def prepare(ls: HotLanguageServer, snapshot: Any, params: Any) -> Callable[[], Any]:
        raise AssertionError("prepared while turned off")

    assert answer(started(), dataclasses.replace(inlay, prepare=prepare), request()) == inlay.unanswered


def test_written_encodings_give_the_json_the_loop_only_sends() -> None:
    [completion] = [row for row in METHODS if row.name == types.TEXT_DOCUMENT_COMPLETION]
    items = types.CompletionList(is_incomplete=False, items=[types.CompletionItem(label="flavor")])
    answered = answer(started(), with_call(completion, lambda: items), request())
    assert isinstance(answered, Encoded) and '"label": "flavor"' in answered.json


def test_a_pinned_text_replaced_while_the_request_waits_is_content_modified() -> None:
    [hover] = [row for row in METHODS if row.name == types.TEXT_DOCUMENT_HOVER]
    server = started()

    def replace_the_text() -> None:
        server.store.change(URI, 2, [types.TextDocumentContentChangeWholeDocument(text=TEXT + "#\n")], "utf-16")

    async def scenario() -> Any:
        waiting = asyncio.ensure_future(server.answer(with_call(hover, lambda: None), request()))
        await asyncio.sleep(0)  # the request waits for the analysis of the text it was made against
        replace_the_text()
        return await waiting

    try:
        with pytest.raises(JsonRpcContentModified):
            asyncio.run(scenario())
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()


def did_change(server: HotLanguageServer, version: int) -> None:
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)), text="#"
    )
    params = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version), content_changes=[edit]
    )
    server.protocol.fm.features[types.TEXT_DOCUMENT_DID_CHANGE](params)


@pytest.mark.parametrize("debounce_ms", ["", "60000"])
def test_a_text_change_is_analysed_at_once_unless_held_back(debounce_ms: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """didChange is one call to the diagnostics scheduler: the worker starts on the new text before the handler
    returns, unless HOT_LSP_DEBOUNCE_MS holds changes back (then the publisher asks once the wait is over)."""
    monkeypatch.setenv("HOT_LSP_DEBOUNCE_MS", debounce_ms)
    server = started()

    async def scenario() -> tuple[bool, bool]:
        await server.snapshot(URI)  # the environment files looked at, as after any first request
        did_change(server, 2)
        started_at_once = server.store.outdated(URI, server.settings, server.workspace_inputs()) and bool(
            server.store._documents[URI].job
        )
        pending = URI in server.diagnostics._pending
        server.diagnostics.cancel_all()
        return started_at_once, pending

    try:
        started_at_once, pending = asyncio.run(scenario())
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()
    assert started_at_once is (debounce_ms == "")
    assert pending  # a push client: its diagnostics are published once analysed


def test_notifications_are_handled_as_they_arrive() -> None:
    """A notification (a text change, above all) is a Handler row whose handler is not a coroutine: pygls runs it
    then and there, in the order the messages came; a Method is a request, answered as a task on its lane."""
    for row in HANDLERS:
        if isinstance(row, Command) or row.name not in types.METHOD_TO_TYPES:
            continue
        notification = types.METHOD_TO_TYPES[row.name][1] is None
        if notification:
            assert isinstance(row, Handler) and not asyncio.iscoroutinefunction(row.handle), row.name
        else:
            assert not isinstance(row, Handler) or row.name in REQUESTS_HANDLED_WHOLE, row.name


# The requests with a flow of their own: the session's life, and pulled diagnostics (they wait for the client's
# settings first and answer a report).
REQUESTS_HANDLED_WHOLE = {types.INITIALIZE, types.SHUTDOWN, types.TEXT_DOCUMENT_DIAGNOSTIC}


def test_handler_rows_keep_their_handlers_signature() -> None:
    """pygls hands ``ls`` to a handler whose first parameter is named so; every Handler row's is."""
    for row in HANDLERS:
        if isinstance(row, Handler):
            code = row.handle.__code__
            assert code.co_varnames[0] == "ls", row.name
