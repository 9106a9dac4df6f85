"""The garbage collector, set for a server whose worker builds large analyses one after the other.

An analysis of a large template is tens of thousands of objects (53,000 for endpoint_map.yaml), and while the user
types the worker builds one after another, most of them superseded at once. Left to itself, CPython's collector
runs a full pass whenever its oldest generation has grown by a quarter, which here is after every analysis or two,
and a full pass walks every object alive: 100-500 ms during which no thread runs, the event loop included.

So: automatic collection is paused while a worker job runs, and whatever outlives the job is frozen at its end
(``gc.freeze``: the collector never walks it again; it is still freed by reference counting once unused, and the
store releases the analyses it lets go so that they are, see :meth:`~hot_lsp.analysis.result.Analysis.release`).
A job that allocated little (a small text, an edit re-reading one entry of a large one) is not frozen: the young
generations walk it in about half a millisecond and free its cyclic garbage. That walk waits until the job's answer
is out (:func:`answered`, after the diagnostics it made are published, or :data:`AFTER_ANSWER_S` later at the latest):
run where the collector left off, at the first allocation after the job, it fell between the analysis and its
publish on every other keystroke. Between jobs, young collections run as usual, over the little the event loop
allocated.
A full pass runs only when the memory in use has grown by a quarter since the last one (CPython's own rule for its
oldest generation, measured in memory blocks, which frees lower and garbage does not), right after a worker job, so
cyclic garbage (small now) cannot build up without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

log = logging.getLogger("hot_lsp.server")

T = TypeVar("T")

GROWTH = 1.25  # a full pass once the memory in use is this many times what the last one left
SLACK = 100_000  # memory blocks (a few MB): so a small process is not collected after every job
YOUNG_WALK = 10_000  # objects: a job that allocated fewer is left to the young generations (well under a millisecond)
AFTER_ANSWER_S = 0.05  # the latest a small job's young collection waits for answered()

_managed = False  # whether start() ran: only the server process itself is set up this way
_baseline = 0  # the memory blocks in use after the last full pass
_lock = threading.Lock()  # the collector's switch, between the worker and the loop
_running = 0  # worker jobs under way (the collector is paused while any runs)
_waiting = False  # a small job ended: the collector resumes once its answer is out
_armed = False  # the loop's timer that resumes it at the latest is set
_loop: asyncio.AbstractEventLoop | None = None  # the server's loop, which resumes it (known from the first job)


def start() -> None:
    """At the server's start: freeze what is loaded (it lives as long as the process), and freeze after every worker
    job from now on. No collection first: importing leaves next to no garbage, and a full pass would delay the
    answer to ``initialize`` by ~30 ms (bench/bench_startup.py)."""
    global _managed
    gc.freeze()
    _reset_baseline()
    _managed = True


def loaded() -> None:
    """More modules were loaded for good (the document parts, with the analysis): out of the collector's way too."""
    gc.freeze()
    _reset_baseline()


def answered() -> None:
    """The loop sent what the user waits for (a job's diagnostics): the collector may run again. On the loop."""
    global _waiting
    with _lock:
        if _waiting and _running == 0:
            _waiting = False
            gc.enable()


def _job_started() -> None:
    global _running
    with _lock:
        _running += 1
        gc.disable()  # nothing the job builds is walked: it is frozen (or freed) at the end


def _job_ended() -> None:
    global _running, _waiting, _armed
    with _lock:
        _running -= 1
        small = gc.get_count()[0] <= YOUNG_WALK
        if not small:
            _freeze()
        if _running:
            return  # (another job runs: the last one to end decides)
        if small:
            # A small job (a small text, an edit of one entry, an index chunk): the young generations deal with it
            # cheaply, once its answer is out. Freezing would keep its cyclic garbage (ruamel leaves a loader class
            # per parse) until the next full pass.
            _waiting = True
            arm, _armed = not _armed, True
        else:
            arm = _waiting = False
            gc.enable()  # (frozen: the young generations are empty, nothing to walk)
    if arm and _loop is not None and not _loop.is_closed():
        _loop.call_soon_threadsafe(_loop.call_later, AFTER_ANSWER_S, _at_the_latest)


def _at_the_latest() -> None:
    global _armed
    with _lock:
        _armed = False
    answered()


def _freeze() -> None:
    """End of a big job (on the worker, under the lock): freeze what outlived it; a full pass if the frozen set grew
    too much."""
    gc.freeze()
    # Memory blocks in use, not gc.get_freeze_count(), which walks every frozen object (40 ms with a large
    # workspace open, after every job); blocks go down as frozen objects are freed, and stay up for frozen garbage.
    if sys.getallocatedblocks() > _baseline * GROWTH + SLACK:
        began = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _reset_baseline()
        log.info(
            "full garbage collection in %.0f ms (%d objects kept)", (time.perf_counter() - began) * 1000, _baseline
        )


def _reset_baseline() -> None:
    global _baseline
    _baseline = sys.getallocatedblocks()


class Worker(ThreadPoolExecutor):
    """The one analysis worker: a thread pool of one whose jobs run with the collector paused (see the module)."""

    def __init__(self, name: str, initializer: Callable[[], None] | None = None) -> None:
        super().__init__(max_workers=1, thread_name_prefix=name, initializer=initializer)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        global _loop
        if _loop is None:
            with contextlib.suppress(RuntimeError):  # (not from a loop: in-process use, nothing to resume)
                _loop = asyncio.get_running_loop()  # jobs are submitted from the loop
        return super().submit(_then_collect, fn, *args, **kwargs)


def _then_collect(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    if not _managed:
        return fn(*args, **kwargs)
    _job_started()
    try:
        return fn(*args, **kwargs)
    finally:
        _job_ended()
