"""Requests before analysis: while a feature computes the answer to a request at the cursor (completion, hover,
signature help, definition, highlight), the analysis worker waits at its next pause point.

See ``document/pauses.py`` for why. The hold covers the feature's computation on the feature thread
(:meth:`RequestPriority.held`, around ``run_in_lane``'s call on the CURSOR lane: methods.py), which for completion
and hover includes writing the answer as JSON (their encodings); the loop then only sends it. Only the threads that called
:meth:`RequestPriority.pausable` ever wait, and never longer than :data:`LONGEST_PAUSE_S` at one point, so a
request that itself waited for the worker would cost time, never a deadlock.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

LONGEST_PAUSE_S = 0.05


class RequestPriority:
    """The session's hold on the analysis worker: taken by urgent features, waited on at the pause points."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holding = 0  # features being computed now
        self._clear = threading.Event()  # set when none is
        self._clear.set()
        self._pausable: set[int] = set()  # the threads that wait at pause points (the analysis worker)

    def install(self) -> None:
        """Make the pause points of the analysis wait on this (the server, once the analysis is loaded: importing
        the document layer any earlier would delay the answer to ``initialize``)."""
        from ..document import pauses

        pauses.install(self.wait_for_requests)

    def pausable(self) -> None:
        """The calling thread waits at pause points while a request is answered (the worker's initializer)."""
        self._pausable.add(threading.get_ident())

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """While a feature computes a request's answer."""
        with self._lock:
            self._holding += 1
            self._clear.clear()
        try:
            yield
        finally:
            with self._lock:
                self._holding -= 1
                if not self._holding:
                    self._clear.set()

    def wait_for_requests(self) -> None:
        """At a pause point: on the worker, wait while a request is held (at most LONGEST_PAUSE_S); else go on."""
        if not self._clear.is_set() and threading.get_ident() in self._pausable:
            self._clear.wait(LONGEST_PAUSE_S)
