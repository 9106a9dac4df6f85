"""The real server process under mis-framed and out-of-order messages (issue 27, items 6-8).

Each test sends one fault as raw bytes, then well-framed requests that must be answered: the server may lose the
faulty message (with a logged error) but never stops answering, never crashes, and answers what JSON-RPC and LSP
say with the standard error codes. pytest-lsp frames every message itself, so this is a small raw client.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
SERVER_NOT_INITIALIZED = -32002
ANSWER_WAIT_S = 15.0  # generous: a slow shared machine starting the server
EXIT_WAIT_S = 1.0


class RawServer:
    """``python -m hot_lsp`` over pipes: bytes in as given, every framed message out collected by a thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hot_lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: list[dict[str, Any]] = []
        self.stderr: list[str] = []
        self._arrived = threading.Condition()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def send_raw(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(frame(message))

    def request(self, msg_id: Any, method: str, params: Any = None) -> None:
        self.send(request(msg_id, method, params))

    def initialize(self) -> None:
        self.request("init", "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        assert self.result_of("init")["capabilities"], "initialize not answered"
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def answer(self, msg_id: Any, timeout: float = ANSWER_WAIT_S) -> dict[str, Any]:
        """The answer to ``msg_id`` (a message with that id and no method); fails the test when none comes."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                for message in self.messages:
                    if "method" not in message and "id" in message and message["id"] == msg_id:
                        return message
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    break
                self._arrived.wait(left)
        log = "\n".join(self.stderr[-15:])
        raise AssertionError(f"no answer to {msg_id!r} in {timeout} s (exit code {self.process.poll()}); log:\n{log}")

    def result_of(self, msg_id: Any) -> Any:
        answer = self.answer(msg_id)
        assert "error" not in answer, answer
        return answer["result"]

    def error_code_of(self, msg_id: Any) -> int:
        answer = self.answer(msg_id)
        assert "error" in answer, answer
        return answer["error"]["code"]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if not line or length is None:
                break
            message = json.loads(stream.read(length))
            with self._arrived:
                self.messages.append(message)
                self._arrived.notify_all()
        with self._arrived:
            self._arrived.notify_all()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in iter(self.process.stderr.readline, b""):
            self.stderr.append(line.decode("utf-8", "replace").rstrip())


def request(msg_id: Any, method: str, params: Any = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}


def body_of(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode("utf-8")


def frame(message: dict[str, Any]) -> bytes:
    body = body_of(message)
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


SYMBOLS = ("workspace/symbol", {"query": "anything"})
TEXT = "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string}\n"


@pytest.fixture
def server() -> Iterator[RawServer]:
    started = RawServer()
    yield started
    started.stop()


@pytest.fixture
def ready(server: RawServer) -> RawServer:
    server.initialize()
    return server


def still_answers(server: RawServer, *names: str) -> None:
    """Well-framed requests after a fault are each answered."""
    for name in names:
        server.request(name, *SYMBOLS)
    for name in names:
        assert server.result_of(name) == [], name
    assert server.process.poll() is None


# -- item 6: framing faults ------------------------------------------------------------------------------------


def test_a_message_without_content_length_loses_at_most_itself(ready: RawServer):
    ready.send_raw(
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body_of(request("lost", *SYMBOLS))
    )
    still_answers(ready, "after-1", "after-2")
    assert any("Content-Length" in line for line in ready.stderr), "the framing error is not logged"


def test_header_names_are_case_insensitive(ready: RawServer):
    body = body_of(request("lower", *SYMBOLS))
    ready.send_raw(
        b"content-length: %d\r\ncontent-type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body) + body
    )
    assert ready.result_of("lower") == []
    body = body_of(request("lf-only", *SYMBOLS))
    ready.send_raw(b"CONTENT-LENGTH:%d\n\n" % len(body) + body)  # bare \n line ends, no space after the colon
    assert ready.result_of("lf-only") == []
    still_answers(ready, "after")


def test_a_length_three_bytes_short(ready: RawServer):
    body = body_of(request("cut", *SYMBOLS))
    ready.send_raw(b"Content-Length: %d\r\n\r\n" % (len(body) - 3) + body)
    still_answers(ready, "after-1", "after-2")
    assert ready.error_code_of(None) == PARSE_ERROR  # the cut body is not JSON


def test_a_length_three_bytes_long(ready: RawServer):
    body = body_of(request("overlong", *SYMBOLS))
    ready.send_raw(b"Content-Length: %d\r\n\r\n" % (len(body) + 3) + body)
    still_answers(ready, "after-1", "after-2")
    # The extra bytes were the next message's first: the message itself was whole, and is answered too.
    assert ready.result_of("overlong") == []


def test_a_length_too_long_with_nothing_after(ready: RawServer):
    # The client waits for this answer before sending more: the bytes the length wants never come.
    body = body_of(request("alone", *SYMBOLS))
    ready.send_raw(b"Content-Length: %d\r\n\r\n" % (len(body) + 10) + body)
    assert ready.result_of("alone") == []
    still_answers(ready, "after")


def test_a_length_that_is_not_a_number(ready: RawServer):
    ready.send_raw(b"Content-Length: abc\r\n\r\n" + body_of(request("lost", *SYMBOLS)))
    still_answers(ready, "after-1", "after-2")


def test_junk_between_messages_is_skipped(ready: RawServer):
    ready.send_raw(b"this is not a header\r\nnor is: this one\r\n\r\n{}")  # no line end: joined to the next
    still_answers(ready, "after-1", "after-2")


# -- item 7: a header line without end ------------------------------------------------------------------------


def test_a_2_mib_header_line_without_newline_is_dropped(ready: RawServer):
    ready.send_raw(b"X" * (2 << 20))
    still_answers(ready, "after-1", "after-2")
    ready.send_raw(b"Content-Type: " + b"y" * (2 << 20) + b"\r\n\r\n")
    still_answers(ready, "after-3")
    assert not any("Traceback" in line for line in ready.stderr)


# -- item 8: the standard error answers ------------------------------------------------------------------------


def test_bad_json_is_answered_parse_error_with_a_null_id(ready: RawServer):
    body = b'{"jsonrpc": "2.0", "id": "bad", "method": "workspace/symbol", '
    ready.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = ready.answer(None)
    assert answer["error"]["code"] == PARSE_ERROR
    assert answer["id"] is None  # JSON-RPC: a null id, present
    still_answers(ready, "after")


def test_a_request_without_method_is_invalid_request(ready: RawServer):
    ready.send({"jsonrpc": "2.0", "id": "no-method", "params": {}})
    assert ready.error_code_of("no-method") == INVALID_REQUEST
    ready.send_raw(frame([1, 2]))  # type: ignore[arg-type]  # not an object at all
    assert ready.error_code_of(None) == INVALID_REQUEST
    still_answers(ready, "after")


def test_before_initialize_requests_are_refused_and_notifications_dropped(server: RawServer):
    server.request("early", *SYMBOLS)
    assert server.error_code_of("early") == SERVER_NOT_INITIALIZED
    uri = "file:///tmp/framing-early.yaml"
    document = {"uri": uri, "languageId": "yaml", "version": 1, "text": TEXT}
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}})
    server.initialize()
    still_answers(server, "after")
    # The didOpen before initialize was dropped: the document is not open.
    server.request("symbols", "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert not server.result_of("symbols")


def test_after_shutdown_requests_are_invalid_and_exit_ends_with_0(ready: RawServer):
    ready.request("down", "shutdown")
    assert ready.result_of("down") is None
    ready.request("late", *SYMBOLS)
    assert ready.error_code_of("late") == INVALID_REQUEST
    ready.send({"jsonrpc": "2.0", "method": "exit"})
    assert ready.process.wait(EXIT_WAIT_S) == 0


def test_exit_before_initialize_ends_with_1(server: RawServer):
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(EXIT_WAIT_S + 5) == 1  # 5 s more: the process may still be starting


# -- the reader alone: cases whose cost or ending a process would hide ----------------------------------------


def read_all(data: bytes) -> tuple[list[Any], list[Exception]]:
    from hot_lsp.server.framing import FrameReader

    chunks = [data[start : start + 65536] for start in range(0, len(data), 65536)]
    faults: list[Exception] = []

    async def read_chunk(size: int) -> bytes:
        return chunks.pop(0) if chunks else b""

    async def messages() -> list[Any]:
        return [message async for message in FrameReader(read_chunk, faults.append).messages()]

    return asyncio.run(messages()), faults


def test_long_lines_of_spaces_are_read_in_linear_time():
    good = frame(request(1, *SYMBOLS))
    started = time.monotonic()
    for junk in (b"A:" + b" " * 1_000_000 + b"x\n\r\n", b"Content-Length:" + b" " * 1_000_000 + b"x\r\n\r\n"):
        messages, faults = read_all(junk + good)
        assert [message["id"] for message in messages] == [1] and len(faults) == 1
    assert time.monotonic() - started < 2


def test_the_input_ending_inside_a_message():
    messages, faults = read_all(frame(request(1, *SYMBOLS)) + b"Content-Length: 100\r\n\r\n{}")
    assert [message["id"] for message in messages] == [1] and not faults
