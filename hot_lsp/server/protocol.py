"""pygls's protocol with the fixes hot-lsp needs (pygls 2.1).

- A request with malformed params gets an InvalidParams error answer. (pygls drops it, and the client would
  wait forever.)
- A notification's handler future is dropped once done (pygls keeps one per notification for the server's
  life).
- An answer may come already written as JSON (:class:`Encoded`): the feature thread writes the large ones (a
  completion list of a hundred parameters is 60 KB), so the loop only sends them.
- Open documents live in :class:`~hot_lsp.store.DocumentStore` only: pygls's own copy would cost a second pass
  over the whole text per keystroke, and counts lines differently (see store.py).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import logging
from collections.abc import Iterator
from typing import Any

import attrs
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol, lsp_method

log = logging.getLogger("hot_lsp.server")

# What the protocol's document notification methods hand pygls to run: the registered handler and its arguments.
_HandlerCall = Iterator[tuple[Any, tuple[Any, ...], None]]


@attrs.define
class _InvalidRequest:
    """A request whose params did not match the method's type; answered InvalidParams."""

    id: Any
    method: str
    error: JsonRpcException
    jsonrpc: str = "2.0"


@attrs.frozen
class Encoded:
    """A request's result, already unstructured and written as JSON text (:meth:`HotProtocol.encode`)."""

    json: str


class HotProtocol(LanguageServerProtocol):
    def encode(self, result: Any) -> Encoded:
        """``result`` as the JSON text pygls would send for it; thread-safe, so any thread may write it."""
        return Encoded(json.dumps(self._converter.unstructure(result), default=self._serialize_message))

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is not None or not isinstance(result, Encoded):
            super()._send_response(msg_id, result, error)
            return
        self._result_types.pop(msg_id, None)
        body = f'{{"id": {json.dumps(msg_id)}, "jsonrpc": "2.0", "result": {result.json}}}'
        if self.writer is None:
            log.error("no transport to answer request %r", msg_id)
            return
        header = f"Content-Length: {len(body)}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
        try:
            written = self.writer.write((header + body).encode(self.CHARSET))
            if inspect.isawaitable(written):
                asyncio.ensure_future(written)
        except BrokenPipeError:
            log.exception("the client's end of the pipe is closed")
            raise

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if isinstance(data, dict) and "id" in data and isinstance(data.get("method"), str):
                return _InvalidRequest(id=data["id"], method=data["method"], error=error)
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _InvalidRequest):
            log.warning("invalid params in %s request %r", message.method, message.id)
            error = JsonRpcInvalidParams(f"invalid params for {message.method}")
            self._send_response(message.id, error=error.to_response_error())
            return
        super().handle_message(message)

    def _handle_notification(self, method_name: str, params: Any) -> None:
        # pygls 2.1 files the future of a notification's (generator) handler in _request_futures under a random
        # id that nothing removes: one Future, about 1 KB, per keystroke for the life of the server (found by
        # ``hot-lsp fuzz``: RSS grew with every episode). Drop them once done.
        before = set(self._request_futures)
        super()._handle_notification(method_name, params)
        for key in set(self._request_futures) - before:
            future = self._request_futures[key]
            if future.done():
                del self._request_futures[key]
            else:
                future.add_done_callback(functools.partial(_forget_future, self._request_futures, key))

    # pygls's own handlers of these three also keep a copy of every open text; these only call ours.

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> _HandlerCall:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> _HandlerCall:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> _HandlerCall:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None


def _forget_future(futures: dict[Any, Any], key: Any, future: Any) -> None:
    if futures.get(key) is future:
        del futures[key]
