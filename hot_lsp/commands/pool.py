"""Work on many items spread over processes, the results in the items' order: what makes ``check`` use every core.

Each worker is set up once per run (``start(*start_args)``) and then given the items in chunks, so that what is sent
each way is paid for a chunk at a time; ``work`` maps a chunk to one result per item. ``jobs`` counts this process:
it forks ``jobs - 1`` workers, keeps two chunks queued for each, and works the next chunk itself in between (it
would otherwise wait, idle, a core's worth). A run too small to repay starting processes (fewer than ``MIN_ITEMS``
items, or one job) runs here, the same code in the same order. On Linux the workers are forked: they start with
everything this process has imported and read.

If a worker dies (killed, out of memory), its pool is broken: the chunks without a result are worked here
instead, after a word on stderr, so the output is the same and the parent never waits on a dead process.
"""

from __future__ import annotations

import gc
import itertools
import os
import pickle
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # (loaded when a pool starts: a run in one process does without multiprocessing)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 8  # below this, starting processes costs more than it saves
MAX_CHUNK = 32  # items per chunk at most, so that the work spreads evenly over the workers
_SHARES = 4  # each chunk is about 1 / (jobs * _SHARES) of the work left ...
_SMALLEST = 48  # ... and at least 1 / (jobs * _SMALLEST) of the whole


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def run_chunked(
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    jobs: int,
    start: Callable[..., None],
    start_args: tuple[Any, ...],
    done: Callable[[int], None] = lambda count: None,
    weights: Sequence[int] | None = None,
    each_process: Callable[[int, bool], None] | None = None,
) -> list[R]:
    """``work`` over ``items`` with up to ``jobs`` processes; ``done(n)`` is called as n more items are through.
    ``weights``: how much work each item is, roughly (a file's size), so that the chunks are of equal work.
    ``each_process(index, forked)``: called once in every process that works: this process with (0, False), each
    forked worker with its own index from 1."""
    with Pool(jobs, each_process) as pool:
        return pool.run(work, items, start, start_args, done, weights)


class Pool:
    """This process and up to ``jobs - 1`` workers, started on the first run that needs them and kept for the next
    runs (a second pass over some of the items, with other start arguments, needs no second set of forked processes:
    those cost ~0.1 s of one core on a large parent, and what the first run read is still in their caches)."""

    def __init__(self, jobs: int, each_process: Callable[[int, bool], None] | None = None) -> None:
        self.jobs = jobs
        self._executor: ProcessPoolExecutor | None = None
        self._each_process = each_process  # see run_chunked
        self._here_set_up = False
        self._workers = 0  # forked

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
            gc.unfreeze()

    def run(
        self,
        work: Callable[[Sequence[T]], list[R]],
        items: Sequence[T],
        start: Callable[..., None],
        start_args: tuple[Any, ...],
        done: Callable[[int], None] = lambda count: None,
        weights: Sequence[int] | None = None,
    ) -> list[R]:
        """``work`` over ``items``, each worker set up with ``start(*start_args)`` before its first chunk of this
        run; as :func:`run_chunked`."""
        jobs = self.jobs
        weighed = _chunks(items, jobs, [1] * len(items) if weights is None else weights)
        chunks = [chunk for chunk, _ in weighed]
        if jobs <= 1 or len(items) < MIN_ITEMS or len(chunks) < 2:
            self._set_up_here()
            start(*start_args)
            return _here(work, [[item] for item in items], done)
        setup = (next(_runs), start, pickle.dumps(start_args))  # pickled once, sent with each chunk
        executor = self._started(min(jobs, len(chunks)) - 1)  # this process is one of the jobs
        self._set_up_here()
        start(*start_args)
        results: list[list[R] | None] = [None] * len(chunks)
        queued: dict[Future[list[R]], int] = {}  # chunk index of each future
        broken: list[int] = []  # chunks a dead worker took with it: worked here at the end
        order = _heaviest_first(weighed)
        taken = 0  # chunks handed out so far, in ``order`` (to the workers, or taken here)
        try:
            while taken < len(chunks) or queued:
                # The workers always have a couple of chunks waiting each; this process takes the next one itself
                # (it was idle while they worked: a core's worth, and its caches and helper are warm).
                while not broken and taken < len(chunks) and len(queued) < 2 * self._workers:
                    index = order[taken]
                    try:
                        queued[executor.submit(_work_in_worker, setup, work, chunks[index])] = index
                    except RuntimeError:  # (BrokenProcessPool: a worker died meanwhile)
                        broken.append(index)
                    taken += 1
                if taken < len(chunks):
                    index = order[taken]
                    results[index] = work(chunks[index])
                    done(len(chunks[index]))
                    taken += 1
                    finished = [future for future in queued if future.done()]
                else:
                    finished = list(wait(queued, return_when=FIRST_COMPLETED).done)
                for future in finished:
                    index = queued.pop(future)
                    if _broken(future):
                        broken.append(index)
                    else:
                        results[index] = future.result()
                        done(len(chunks[index]))
        except BaseException:
            self.close()
            raise
        if broken:
            print("hot-lsp: a worker process stopped unexpectedly; checking its files here", file=sys.stderr)
            self.close()  # the next run starts new workers
            for index in sorted(broken):
                results[index] = _here(work, [chunks[index]], done)
        return [result for chunk in results if chunk is not None for result in chunk]

    def _started(self, workers: int) -> ProcessPoolExecutor:
        if self._executor is None:
            self._workers = max(1, workers)
            # What this process holds now (modules, the catalogue) is left out of the workers' garbage
            # collections, which would otherwise touch, and so copy, every page of it in each forked worker.
            gc.freeze()
            from concurrent.futures import ProcessPoolExecutor

            context = _context()
            # Each worker takes its index from here (0 is this process's): a queue, not a shared counter, which would
            # load ctypes (7 ms more before the first chunk).
            indexes = context.SimpleQueue()
            for index in range(1, workers + 1):
                indexes.put(index)
            self._executor = ProcessPoolExecutor(
                workers, context, initializer=_start_worker, initargs=(indexes, self._each_process)
            )
        return self._executor

    def _set_up_here(self) -> None:
        if self._each_process is not None and not self._here_set_up:
            self._here_set_up = True
            self._each_process(0, False)


def _chunks(items: Sequence[T], jobs: int, weights: Sequence[int]) -> list[tuple[Sequence[T], int]]:
    """``items`` cut, in order, into chunks of decreasing weight (each chunk with its weight): each takes a share of
    what is left (``1 / (jobs * _SHARES)``) but never less than ``1 / (jobs * _SMALLEST)`` of the whole, and never more
    than ``MAX_CHUNK`` items. Large chunks first keep the hand-offs few; small ones last keep the processes finishing
    together (with equal chunks, the two still queued for a worker when the others ran out were ~1/8 of the run)."""
    total = sum(weights)
    smallest = total / (max(1, jobs) * _SMALLEST)
    left = total
    chunks: list[tuple[Sequence[T], int]] = []
    begin, weight = 0, 0
    target = max(smallest, left / (max(1, jobs) * _SHARES))
    for end, item_weight in enumerate(weights, 1):
        weight += item_weight
        if weight >= target or end - begin == MAX_CHUNK or end == len(items):
            chunks.append((items[begin:end], weight))
            left -= weight
            begin, weight = end, 0
            target = max(smallest, left / (max(1, jobs) * _SHARES))
    return chunks


def _heaviest_first(chunks: Sequence[tuple[Sequence[T], int]]) -> list[int]:
    """The order to hand ``chunks`` out in: heaviest first (a large file is a chunk of its own, wherever it is in the
    tree), so that what is left for the end is small and no process waits long for the last one."""
    return sorted(range(len(chunks)), key=lambda index: -chunks[index][1])


def _here(work: Callable[[Sequence[T]], list[R]], chunks: list[Sequence[T]], done: Callable[[int], None]) -> list[R]:
    results: list[R] = []
    for part in chunks:
        results.extend(work(part))
        done(len(part))
    return results


def _broken(future: Future[Any]) -> bool:
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(future.exception(), BrokenProcessPool)


def _context() -> multiprocessing.context.BaseContext:
    import multiprocessing

    # Forked workers need not import and read again what this process has; elsewhere, the platform's default.
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _start_worker(indexes: Any, each_process: Callable[[int, bool], None] | None) -> None:
    # Ctrl-C reaches the whole process group: the parent stops the run, the workers need not each say so.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    index = indexes.get()
    if each_process is not None:
        each_process(index, True)


_runs = itertools.count(1)  # each run's number, for the workers to know when to set up again
_set_up_for = 0  # in a worker: the run whose start arguments it was last set up with


def _work_in_worker(
    setup: tuple[int, Callable[..., None], bytes], work: Callable[[Sequence[T]], list[R]], part: Sequence[T]
) -> list[R]:
    global _set_up_for
    run, start, start_args = setup
    if run != _set_up_for:
        start(*pickle.loads(start_args))
        _set_up_for = run
    return work(part)
