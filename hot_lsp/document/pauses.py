"""Points where long background work lets a request the user waits for go first.

The server's analysis runs on a worker thread, and Python runs one thread at a time: while the worker analyses a
large template, a completion on the feature thread gets the interpreter only in turns (of a millisecond, the
server's switch interval), and each hand-off between the loop, the feature thread and the worker may wait a turn.
So the analysis calls :func:`pause_point` between its steps (each rule, each group of entries read, every few hundred
calls judged), and the server installs a wait there that holds the worker while a request at the cursor is being
answered (``server/priority.py``). Elsewhere (the command line,
tests, the feature thread) nothing is installed or the wait returns at once.
"""

from __future__ import annotations

from collections.abc import Callable

_wait: Callable[[], None] | None = None


def install(wait: Callable[[], None] | None) -> None:
    """``wait`` runs at every pause point from now on (None: nothing does)."""
    global _wait
    _wait = wait


def pause_point() -> None:
    """Between two steps of background work: wait here while a request is being answered, if the server says so."""
    wait = _wait
    if wait is not None:
        wait()
