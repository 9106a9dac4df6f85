"""Where the live path's requests to a cloud run: threads that never hold the process up.

A cloud may keep a request unanswered until its timeout (a minute by default). Two rules follow:
- every thread here is a daemon, so ``exit`` ends the process at once: ``concurrent.futures`` joins its own
  workers at interpreter exit, which waited for the hung request (issue 27, item 5); a request dropped this way
  changes nothing on the cloud that the user would miss (validate and preview change nothing there);
- a command the user asked for runs on a thread of its own (:func:`on_own_thread`), never queued behind the
  background work of :class:`DaemonPool` (issue 27, item 4).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]


def _run(future: Future[Any], call: Callable[..., Any], args: tuple[Any, ...]) -> None:
    if not future.set_running_or_notify_cancel():
        return  # cancelled while it waited
    try:
        result = call(*args)
    except BaseException as error:  # handed to whoever awaits the future
        future.set_exception(error)
    else:
        future.set_result(result)


class DaemonPool(Executor):
    """At most ``workers`` daemon threads taking jobs in order (a ThreadPoolExecutor the interpreter does not
    wait for at exit)."""

    def __init__(self, workers: int, name: str) -> None:
        self._workers = workers
        self._name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        call = (lambda *a: fn(*a, **kwargs)) if kwargs else fn
        with self._lock:
            if self._closed:
                raise RuntimeError(f"{self._name}: shut down")
            self._jobs.put((future, call, args))
            if len(self._threads) < self._workers:  # started on first use: an offline session has none
                thread = threading.Thread(target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
        return future

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            _run(*job)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No new jobs; the waiting ones are cancelled when asked; the threads end after their job (``wait`` joins
        them: a hung request is waited for only then)."""
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        if cancel_futures:
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    job[0].cancel()
        for _ in threads:
            self._jobs.put(None)
        if wait:
            for thread in threads:
                thread.join()


def on_own_thread(name: str, call: Callable[..., T], *args: Any) -> Future[T]:
    """``call(*args)`` on a new daemon thread now: a user's command waits for nothing else."""
    future: Future[T] = Future()
    threading.Thread(target=_run, args=(future, call, args), name=name, daemon=True).start()
    return future
