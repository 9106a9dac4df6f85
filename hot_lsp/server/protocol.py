"""pygls's protocol with the fixes hot-lsp needs (pygls 2.1).

- A request with malformed params gets an InvalidParams error answer. (pygls drops it, and the client would
  wait forever.)
- A notification's handler future is dropped once done (pygls keeps one per notification for the server's
  life).
- An answer may come already written as JSON (:class:`Encoded`): the feature thread writes the large ones (a
  completion list of a hundred parameters is 60 KB), so the loop only sends them.
- What cannot be handled is answered as JSON-RPC and LSP say (pygls answers null, or nothing): a body that is
  not JSON ParseError, a message that is no request, notification or answer InvalidRequest (both with a null id
  when it has none); a request before ``initialize`` ServerNotInitialized, after ``shutdown`` InvalidRequest;
  notifications then are dropped, except ``exit``.
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
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)
from pygls.protocol import LanguageServerProtocol, lsp_method

from .framing import NotJson

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


@attrs.define
class _Refused:
    """A message answered with ``error`` and not handled (its id may be None: it had none)."""

    id: Any
    error: JsonRpcException


@attrs.frozen
class Encoded:
    """A request's result, already unstructured and written as JSON text (:meth:`HotProtocol.encode`)."""

    json: str


class HotProtocol(LanguageServerProtocol):
    initialize_received = False  # LSP: until then, requests are refused and notifications dropped

    def receive(self, message: Any) -> None:
        """One message as read off the wire: its JSON value, or :class:`NotJson`."""
        if isinstance(message, NotJson):
            self.answer_error(None, JsonRpcParseError(f"the message is not JSON: {message.reason}"))
        elif not isinstance(message, dict):
            self.answer_error(None, JsonRpcInvalidRequest("a message is a JSON object"))
        else:
            self.handle_message(self.structure_message(message))

    def answer_error(self, msg_id: Any, error: JsonRpcException) -> None:
        """An error answer whose id is written even when None: JSON-RPC's ``"id": null`` for a message whose id
        cannot be known (lsprotocol's converter would leave the key out)."""
        log.warning("answered %r: %s", msg_id, error.message)
        answer = {"jsonrpc": "2.0", "id": msg_id, "error": {"code": error.code, "message": error.message}}
        self._write(json.dumps(answer))

    def encode(self, result: Any) -> Encoded:
        """``result`` as the JSON text pygls would send for it; thread-safe, so any thread may write it."""
        return Encoded(json.dumps(self._converter.unstructure(result), default=self._serialize_message))

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is not None or not isinstance(result, Encoded):
            super()._send_response(msg_id, result, error)
            return
        self._result_types.pop(msg_id, None)
        self._write(f'{{"id": {json.dumps(msg_id)}, "jsonrpc": "2.0", "result": {result.json}}}')

    def _write(self, body: str) -> None:
        """One message, framed; ``body`` is JSON text (ASCII: json.dumps escapes the rest)."""
        if self.writer is None:
            log.error("no transport to send %.60s", body)
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
        if "jsonrpc" in data and not _is_message(data):
            return _Refused(data.get("id"), JsonRpcInvalidRequest("neither a request, a notification nor an answer"))
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
        if isinstance(message, _Refused):
            self.answer_error(message.id, message.error)
            return
        if not attrs.has(type(message)):  # pygls leaves a dict without "jsonrpc" as it is
            msg_id = message.get("id") if isinstance(message, dict) else None
            self.answer_error(msg_id, JsonRpcInvalidRequest('a message without "jsonrpc": "2.0"'))
            return
        if self._in_session(message):
            super().handle_message(message)

    def _in_session(self, message: Any) -> bool:
        """Whether ``message`` may be handled now. LSP: before ``initialize`` a request is answered
        ServerNotInitialized, after ``shutdown`` InvalidRequest; notifications then are dropped; ``exit`` always goes
        through."""
        method = getattr(message, "method", None)
        if method == types.EXIT:
            return True
        request = method is not None and hasattr(message, "id")
        if not self.initialize_received:
            if method == types.INITIALIZE:
                self.initialize_received = True
                return True
            if request:
                self.answer_error(message.id, JsonRpcServerNotInitialized(f"{method} before initialize"))
            else:
                log.info("dropped %s: it came before initialize", method or "an answer")
            return False
        if self._shutdown:
            if request:
                self.answer_error(message.id, JsonRpcInvalidRequest(f"{method} after shutdown"))
            else:
                log.info("dropped %s: it came after shutdown", method or "an answer")
            return False
        return True

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


def _is_message(data: dict[str, Any]) -> bool:
    """JSON-RPC 2.0's request, notification, or answer (its result or its error)."""
    if data.get("jsonrpc") != "2.0":
        return False
    if "method" in data:
        return isinstance(data["method"], str)
    return "id" in data and ("result" in data or "error" in data)


def _forget_future(futures: dict[Any, Any], key: Any, future: Any) -> None:
    if futures.get(key) is future:
        del futures[key]
