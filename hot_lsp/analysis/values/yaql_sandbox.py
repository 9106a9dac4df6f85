"""yaql evaluated in a helper process that can be killed, so no expression can hang the caller.

The time budget in :mod:`.yaql_engine` is a trace function: it stops Python code, but not the C code yaql calls
into. ``regex('(a+)+$').matches('aaaa…!')`` backtracks inside ``re`` for hours and ``pow(3, 1000000000)``
multiplies inside ``int``; neither ever returns to the tracer, and a thread cannot be stopped from outside. So
expressions are evaluated by one long-lived helper process (started on first use, about 0.2 s), one at a time:
the helper still applies the trace budget (and Heat's iterator and memory limits), and when it gives no answer
within the budget plus :data:`GRACE_SECONDS` it is killed and the expression is reported as stopped; the next
expression starts a new helper. The helper's address space is capped (:data:`MEMORY_BYTES`), so an expression
that allocates without end fails there, not here.

Where no helper can be started, :func:`evaluate` returns None and the caller evaluates in its own process.

A process about to check many files may :func:`prestart` helpers, one for itself or one for each worker it will
fork, while it is still loading the analysis (a core is idle then): each takes its own with :func:`use_prestarted`
and finds it ready at its first expression, instead of waiting about 0.1 s for the helper to load yaql. A forked
worker's helper is not its child: it is stopped by signal, and its parent, which started it, reaps it at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from typing import Any, NoReturn

from .problems import HeatError, Stop

log = logging.getLogger(__name__)

GRACE_SECONDS = 1.0  # beyond the expression's own budget, for the round trip and a loaded machine
START_SECONDS = 15.0  # for the helper to import yaql and say it is ready
MEMORY_BYTES = 1 << 30  # the helper's address space (RLIMIT_AS)
FRAME_HEADER = struct.Struct("!I")
READY = b"ready"


class _Unavailable(Exception):
    """No helper process here (it cannot be started, or the value cannot be sent to it)."""


class _Helper:
    """A helper process; ``own``: this process started it (else a parent did, and only it can wait for it)."""

    def __init__(self, process: subprocess.Popen[bytes], own: bool) -> None:
        self.process = process
        self.own = own
        self.ready = False  # it said it is ready (it may have been started without waiting for that)

    def alive(self) -> bool:
        if self.own:
            return self.process.poll() is None
        try:
            os.kill(self.process.pid, 0)  # (a helper that died and is not yet reaped passes: its pipe then fails)
        except OSError:
            return False
        return True

    def stop(self) -> None:
        if self.own:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(5)
        else:
            with contextlib.suppress(OSError):
                os.kill(self.process.pid, signal.SIGKILL)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


class Sandbox:
    """The helper process and the conversation with it; thread-safe (one expression at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._helper: _Helper | None = None
        self._broken = False  # the helper could not be started: evaluate in process from now on

    def evaluate(self, expression: str, data: Any, seconds: float, with_format: bool = False) -> tuple[bool, Any]:
        """(True, value) or raises HeatError/Stop; (False, None) when the helper cannot do it."""
        try:
            request = pickle.dumps((expression, data, seconds, with_format))
        except Exception:  # data the helper could not receive (an object of the evaluator's own)
            return False, None
        with self._lock:
            try:
                process = self._running()
                _write(process, request)
                reply = _read(process, time.monotonic() + seconds + GRACE_SECONDS)
            except _Unavailable:
                return False, None
            except TimeoutError:
                self._stop()
                raise Stop(
                    f"The yaql expression ran longer than {seconds:g} s (inside code the time budget cannot "
                    "interrupt, such as a regular expression or a huge number); hot-lsp stopped it.",
                    "W8011",
                ) from None
            except (OSError, EOFError, pickle.UnpicklingError) as error:
                self._stop()  # the helper died (out of memory, a crash): a fresh one for the next expression
                raise HeatError(f"Expression consumed too much memory or failed ({error}).", "E8010") from None
        return _outcome(reply)

    def _running(self) -> subprocess.Popen[bytes]:
        if self._broken:
            raise _Unavailable
        helper = self._helper
        if helper is None or not helper.alive():
            if helper is not None:
                helper.stop()
            helper = None
            try:
                helper = self._helper = _Helper(_spawn(), own=True)
            except OSError as error:
                self._unavailable(error)
        try:
            if not helper.ready:
                if _read(helper.process, time.monotonic() + START_SECONDS) != READY:
                    raise OSError("the yaql helper did not start")
                helper.ready = True
        except (OSError, TimeoutError, EOFError, pickle.UnpicklingError) as error:
            self._stop()
            self._unavailable(error)
        return helper.process

    def _unavailable(self, error: Exception) -> NoReturn:
        log.warning("yaql helper process unavailable (%s); evaluating yaql in process", error)
        self._broken = True
        raise _Unavailable from None

    def _stop(self) -> None:
        helper, self._helper = self._helper, None
        if helper is not None:
            helper.stop()

    def use(self, process: subprocess.Popen[bytes] | None, own: bool) -> None:
        """Converse with ``process`` from now on (None: start one when first needed). The helper this process had
        is left alone: inherited from a parent, it is the parent's to stop."""
        with self._lock:
            self._helper = _Helper(process, own) if process is not None else None

    def close(self) -> None:
        with self._lock:
            self._stop()


def _spawn() -> subprocess.Popen[bytes]:
    """A new helper process, loading yaql (it says READY once it can take expressions)."""
    return subprocess.Popen(
        [sys.executable, "-m", "hot_lsp.analysis.values.yaql_worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def _outcome(reply: Any) -> tuple[bool, Any]:
    kind, *rest = reply
    if kind == "value":
        return True, rest[0]
    stop, message, code = rest
    raise (Stop if stop else HeatError)(message, code)


def _write(process: subprocess.Popen[bytes], payload: bytes) -> None:
    assert process.stdin is not None
    process.stdin.write(FRAME_HEADER.pack(len(payload)) + payload)
    process.stdin.flush()


def _read(process: subprocess.Popen[bytes], deadline: float) -> Any:
    """One framed message from the helper; TimeoutError at ``deadline``, EOFError when it is gone."""
    assert process.stdout is not None
    descriptor = process.stdout.fileno()
    header = _read_exactly(descriptor, FRAME_HEADER.size, deadline)
    body = _read_exactly(descriptor, FRAME_HEADER.unpack(header)[0], deadline)
    return body if body == READY else pickle.loads(body)


def _read_exactly(descriptor: int, size: int, deadline: float) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left:
        wait = deadline - time.monotonic()
        if wait <= 0 or not select.select([descriptor], [], [], wait)[0]:
            raise TimeoutError
        chunk = os.read(descriptor, left)
        if not chunk:
            raise EOFError("the yaql helper exited")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


SANDBOX = Sandbox()
atexit.register(SANDBOX.close)

_prestarted: list[subprocess.Popen[bytes]] = []  # started by this process for itself or its workers-to-be


def prestart(count: int) -> None:
    """Start ``count`` helpers now, without waiting for them to load yaql: one per worker this process is about to
    fork, or one for itself; each takes its own (:func:`use_prestarted`). Stopped at this process's exit."""
    if _prestarted:
        return
    for _ in range(count):
        try:
            _prestarted.append(_spawn())
        except OSError:  # (the first expression will say why, when it starts one itself)
            return
    atexit.register(_stop_prestarted)


def use_prestarted(index: int, forked: bool) -> None:
    """This process evaluates with the ``index``-th prestarted helper: as the process that started them (not
    ``forked``), or as the worker it forked with that index. None left: it starts its own when first needed."""
    process = _prestarted[index] if index < len(_prestarted) else None
    SANDBOX.use(process, own=not forked)


def _stop_prestarted() -> None:
    for process in _prestarted:
        if process.poll() is None:
            process.kill()
            process.wait(5)
