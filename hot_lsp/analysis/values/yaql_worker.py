"""The yaql helper process (see :mod:`.yaql_sandbox`): reads (expression, data, seconds), answers the outcome.

``python -m hot_lsp.analysis.values.yaql_worker``; frames are a 4-byte length and a pickle, on stdin and
stdout. It exits when stdin closes (its parent went away).
"""

from __future__ import annotations

import pickle
import signal
import sys
from typing import Any, BinaryIO

from .problems import HeatError, Stop
from .yaql_sandbox import FRAME_HEADER, MEMORY_BYTES, READY


def _cap_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ImportError, ValueError, OSError):  # not on this platform: the time budget still applies
        pass


def _send(stream: BinaryIO, payload: bytes) -> None:
    stream.write(FRAME_HEADER.pack(len(payload)) + payload)
    stream.flush()


def _receive(stream: BinaryIO) -> Any:
    header = stream.read(FRAME_HEADER.size)
    if len(header) < FRAME_HEADER.size:
        return None
    return pickle.loads(stream.read(FRAME_HEADER.unpack(header)[0]))


def _answer(expression: str, data: Any, seconds: float, with_format: bool = False) -> tuple[Any, ...]:
    from .yaql_engine import evaluate_here

    try:
        return ("value", evaluate_here(expression, data, seconds, alarm=_ALARM, with_format=with_format))
    except HeatError as error:
        return ("error", isinstance(error, Stop), error.message, error.code)
    except MemoryError:
        return ("error", False, "Expression consumed too much memory", "E8010")


# The helper answers on its main thread, where a SIGALRM timer can stop an expression at no cost while it runs.
_ALARM = hasattr(signal, "setitimer")


def main() -> int:
    _cap_memory()
    from .yaql_engine import yaql_engine_and_context

    yaql_engine_and_context()  # build it before saying ready, so the first expression's budget is its own
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    _send(stdout, READY)
    while (request := _receive(stdin)) is not None:
        reply = _answer(*request)
        try:
            payload = pickle.dumps(reply)
        except Exception as error:  # a value yaql made that cannot travel back
            payload = pickle.dumps(("error", False, f"The yaql result cannot be used: {error}", "E8010"))
        _send(stdout, payload)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
