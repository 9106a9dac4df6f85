"""A small LSP client over a server process's stdio: exact control over what is sent when.

pygls's client awaits each message through asyncio; robustness work wants to write a thousand changes in one
go, keep requests in flight while the text moves on, send bytes no typed client would, and read the server's
memory in between. This one is synchronous: writes go straight to the pipe, a reader thread files every
message as it arrives (answers by id, notifications in lists), and the server's own requests are answered
the way an editor answers them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

# -X faulthandler: on SIGABRT the server prints every thread's stack, which is how a hang is diagnosed.
SERVER_COMMAND = (sys.executable, "-X", "faulthandler", "-m", "hot_lsp")
CONTENT_MODIFIED = -32801
REQUEST_CANCELLED = -32800
# Answers that are a normal outcome of editing while asking, not a fault.
EXPECTED_ERRORS = frozenset({CONTENT_MODIFIED, REQUEST_CANCELLED})


def capabilities(*, pull: bool = False, encoding: str = "utf-16") -> dict[str, Any]:
    """What a full-featured editor declares: push (or pull) diagnostics with versions, markdown, snippets..."""
    text_document: dict[str, Any] = {
        "synchronization": {"dynamicRegistration": False, "didSave": True},
        "publishDiagnostics": {
            "versionSupport": True,
            "relatedInformation": True,
            "codeDescriptionSupport": True,
            "dataSupport": True,
            "tagSupport": {"valueSet": [1, 2]},
        },
        "completion": {
            "completionItem": {
                "snippetSupport": True,
                "documentationFormat": ["markdown", "plaintext"],
                "resolveSupport": {"properties": ["documentation", "detail"]},
                "insertReplaceSupport": True,
                "tagSupport": {"valueSet": [1]},
            },
            "completionList": {"itemDefaults": ["editRange", "insertTextFormat", "data"]},
        },
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "definition": {"linkSupport": True},
        "references": {},
        "rename": {"prepareSupport": True},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "codeAction": {
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["", "quickfix", "refactor", "source"]}},
            "dataSupport": True,
        },
        "semanticTokens": {
            "requests": {"full": True, "range": True},
            "tokenTypes": [],
            "tokenModifiers": [],
            "formats": ["relative"],
        },
        "foldingRange": {"lineFoldingOnly": False},
        "documentLink": {"tooltipSupport": True},
        "inlayHint": {},
    }
    if pull:
        text_document["diagnostic"] = {"dynamicRegistration": False, "relatedDocumentSupport": False}
    return {
        "general": {"positionEncodings": [encoding]},
        "textDocument": text_document,
        "workspace": {"configuration": True, "workspaceFolders": True, "inlayHint": {"refreshSupport": True}},
        "window": {"workDoneProgress": True},
    }


@dataclass
class Answer:
    """A request's answer: ``result``, or ``error`` (the JSON-RPC error object), and how long it took."""

    result: Any = None
    error: dict[str, Any] | None = None
    seconds: float = 0.0

    @property
    def code(self) -> int | None:
        return self.error.get("code") if self.error else None


@dataclass
class Pending:
    """A request on its way: its id, what was asked, and the future its answer resolves."""

    id: str
    method: str
    params: Any
    sent: float
    future: Future[Answer] = field(default_factory=Future)

    def answer(self, timeout: float) -> Answer | None:
        """The answer, or None when none came within ``timeout`` seconds."""
        try:
            return self.future.result(timeout)
        except FutureTimeout:
            return None


class ServerGone(Exception):
    """The server process exited (or closed its output) while the client still talked to it."""


class LspClient:
    """One server process and the conversation with it. Thread-safe for sending; read the lists at will."""

    def __init__(
        self,
        command: Sequence[str] = SERVER_COMMAND,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        configuration: dict[str, Any] | None = None,
    ) -> None:
        self.configuration = configuration or {}  # what workspace/configuration answers for hotLsp
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            cwd=cwd,
        )
        self.published: list[dict[str, Any]] = []  # publishDiagnostics params, in arrival order
        self.logs: list[dict[str, Any]] = []  # window/logMessage and window/showMessage params
        self.stderr: deque[str] = deque(maxlen=2000)  # the server's last log lines
        self.stderr_count = 0  # lines read from stderr in all (the deque keeps the last ones)
        self.server_requests: list[str] = []  # methods the server asked the client
        self._pending: dict[str, Pending] = {}
        self._next_id = 0
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._changed = threading.Condition()
        threading.Thread(target=self._read_stdout, name="lsp-client-reader", daemon=True).start()
        threading.Thread(target=self._read_stderr, name="lsp-client-stderr", daemon=True).start()

    # -- sending -------------------------------------------------------------------------------------

    def write(self, body: bytes) -> None:
        """One framed message, whatever its bytes (tests send malformed ones on purpose)."""
        frame = b"Content-Length: %d\r\n\r\n" % len(body) + body
        with self._lock:
            if self.process.stdin is None or self.process.poll() is not None:
                raise ServerGone(f"the server exited with {self.process.returncode}")
            try:
                self.process.stdin.write(frame)
                self.process.stdin.flush()
            except (BrokenPipeError, OSError) as error:
                raise ServerGone(f"the server's input is closed: {error}") from None

    def send(self, message: dict[str, Any]) -> None:
        self.write(json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8", "surrogatepass"))

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any = None, msg_id: str | None = None) -> Pending:
        """Send a request without waiting; ``.answer(timeout)`` waits for it."""
        with self._lock:
            self._next_id += 1
            ident = msg_id or f"r{self._next_id}"
        pending = Pending(ident, method, params, time.monotonic())
        self._pending[ident] = pending
        self.send({"id": ident, "method": method, "params": params})
        return pending

    def call(self, method: str, params: Any = None, timeout: float = 30.0) -> Answer:
        """Send a request and wait for its answer; TimeoutError when none comes."""
        pending = self.request(method, params)
        answer = pending.answer(timeout)
        if answer is None:
            raise TimeoutError(f"no answer to {method} within {timeout} s (server alive: {self.alive()})")
        return answer

    def cancel(self, msg_id: str) -> None:
        self.notify("$/cancelRequest", {"id": msg_id})

    # -- the session ---------------------------------------------------------------------------------

    def initialize(
        self,
        root_uri: str | None,
        *,
        pull: bool = False,
        encoding: str = "utf-16",
        options: dict[str, Any] | None = None,
        timeout: float = 30.0,
    ) -> Answer:
        folders = [{"uri": root_uri, "name": "workspace"}] if root_uri else None
        params = {
            "processId": os.getpid(),
            "rootUri": root_uri,
            "workspaceFolders": folders,
            "capabilities": capabilities(pull=pull, encoding=encoding),
            "initializationOptions": options,
        }
        try:
            answer = self.call("initialize", params, timeout)
        except ServerGone:
            self.process.wait(5)
            time.sleep(0.2)  # let the stderr reader catch up
            raise ServerGone("the server exited at start:\n" + "\n".join(list(self.stderr)[-20:])) from None
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1, language: str = "yaml") -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}},
        )

    def change(self, uri: str, version: int, changes: list[dict[str, Any]]) -> None:
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        )

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def shutdown(self, timeout: float = 10.0) -> int | None:
        """shutdown + exit; the process's exit code (None when it had to be killed)."""
        try:
            if self.alive():
                self.call("shutdown", None, timeout)
                self.notify("exit")
            return self.process.wait(timeout)
        except (ServerGone, TimeoutError, subprocess.TimeoutExpired):
            self.kill()
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def dump_stacks(self) -> str:
        """Abort a server that stopped answering and return the stacks it printed (the process is gone after)."""
        if self.process.poll() is not None:
            return ""
        seen = self.stderr_count
        self.process.send_signal(signal.SIGABRT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()
        time.sleep(0.3)  # let the stderr reader catch up
        return "\n".join(self.stderr_since(seen))

    def alive(self) -> bool:
        return self.process.poll() is None and not self._closed.is_set()

    # -- waiting for notifications ---------------------------------------------------------------------

    def wait_for(self, accept: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``accept()`` returns something truthy (re-checked as each message arrives)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = accept()
                if found:
                    return found
                left = deadline - time.monotonic()
                if left <= 0 or self._closed.is_set():
                    return found
                self._changed.wait(min(left, 0.2))

    def publish_of(self, uri: str, version: int | None, timeout: float) -> dict[str, Any] | None:
        """The publishDiagnostics of ``uri`` at ``version``, waiting up to ``timeout`` seconds for it."""

        def found() -> dict[str, Any] | None:
            for params in reversed(self.published):
                if params.get("uri") == uri and params.get("version") == version:
                    return params
            return None

        return self.wait_for(found, timeout)

    def publishes(self, uri: str) -> list[dict[str, Any]]:
        return [params for params in list(self.published) if params.get("uri") == uri]

    def stderr_since(self, count: int) -> list[str]:
        """The stderr lines read after the first ``count`` (as many as are still kept)."""
        lines = list(self.stderr)
        return lines[max(0, len(lines) - (self.stderr_count - count)) :] if self.stderr_count > count else []

    # -- the process ---------------------------------------------------------------------------------

    def memory_kib(self) -> dict[str, int]:
        """``VmRSS`` (now) and ``VmHWM`` (peak) of the server, in KiB (Linux; empty elsewhere)."""
        try:
            with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:
            return {}
        return {key: int(fields[key].split()[0]) for key in ("VmRSS", "VmHWM") if key in fields}

    def reset_peak_memory(self) -> bool:
        """Reset VmHWM to the current RSS (Linux >= 4.0), so a peak can be measured per input."""
        try:
            with open(f"/proc/{self.process.pid}/clear_refs", "w", encoding="ascii") as refs:
                refs.write("5")
            return True
        except OSError:
            return False

    # -- reading -------------------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    if line in (b"\r\n", b"\n"):
                        break
                    name, _, value = line.decode("ascii", "replace").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    continue
                body = stream.read(length)
                if len(body) < length:
                    return
                self._dispatch(json.loads(body))
        finally:
            self._closed.set()
            for pending in list(self._pending.values()):
                if not pending.future.done():
                    pending.future.set_exception(ServerGone("the server closed its output"))
            with self._changed:
                self._changed.notify_all()

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for line in iter(stream.readline, b""):
            self.stderr.append(line.decode("utf-8", "replace").rstrip("\n"))
            self.stderr_count += 1

    def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method is None:  # an answer
            pending = self._pending.pop(str(message.get("id")), None)
            if pending is not None and not pending.future.done():
                seconds = time.monotonic() - pending.sent
                pending.future.set_result(Answer(message.get("result"), message.get("error"), seconds))
        elif "id" in message:  # the server asks
            self.server_requests.append(method)
            self.send({"id": message["id"], "result": self._answer_server(method, message.get("params"))})
        elif method == "textDocument/publishDiagnostics":
            self.published.append(message.get("params") or {})
        elif method in ("window/logMessage", "window/showMessage"):
            self.logs.append(message.get("params") or {})
        with self._changed:
            self._changed.notify_all()

    def _answer_server(self, method: str, params: Any) -> Any:
        if method == "workspace/configuration":
            items = (params or {}).get("items") or []
            return [self.configuration if item.get("section") == "hotLsp" else None for item in items]
        return None  # registerCapability, workDoneProgress/create, refreshes: accepted
