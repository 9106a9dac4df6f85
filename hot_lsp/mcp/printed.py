"""A ``commands/`` function run in this process with what it prints captured: the command line's exact output,
without a process per call (the analysis, once loaded, stays loaded).

One call at a time: standard output and error are the process's, and the analysis keeps per-process state. While
the MCP server runs, the SDK has moved its own wire off file descriptors 0 and 1, so replacing ``sys.stdout`` (and
``sys.stdin``, for a text given in the call) here never touches the protocol."""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass

_ONE_AT_A_TIME = threading.Lock()


@dataclass(frozen=True)
class Printed:
    status: int  # the exit status the command line would end with
    out: str
    err: str


def printed(command: Callable[[], int], stdin: str | None = None) -> Printed:
    """Run ``command`` (``lambda: run_check(...)``) with its output captured; ``stdin``: the text it reads there."""
    out, err = io.StringIO(), io.StringIO()
    with _ONE_AT_A_TIME, redirect_stdout(out), redirect_stderr(err), _standard_input(stdin):
        try:
            status = command()
        except SystemExit as done:  # argparse-style usage errors end so
            status = done.code if isinstance(done.code, int) else 2
    return Printed(status, out.getvalue(), err.getvalue())


@contextmanager
def _standard_input(text: str | None) -> Iterator[None]:
    if text is None:
        yield
        return
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved
