"""The process pool and the progress line of ``hot-lsp check``, in process: order, a worker that dies, throttling."""

from __future__ import annotations

import io
import multiprocessing
import os
import time
from collections.abc import Sequence

import pytest

from hot_lsp.commands.pool import _SMALLEST, MAX_CHUNK, MIN_ITEMS, Pool, _chunks, _heaviest_first, run_chunked
from hot_lsp.commands.progress import REDRAW_EVERY_S, SHOW_AFTER_S, SHOW_FROM_FILES, Progress

_started: list[str] = []


def _start(name: str) -> None:
    _started.append(name)


def _double_slowly(items: Sequence[int]) -> list[int]:
    time.sleep(0.001 * (len(items) % 3))  # chunks finish out of order
    return [item * 2 for item in items]


def _die_in_a_worker(items: Sequence[int]) -> list[int]:
    if multiprocessing.parent_process() is not None:
        os._exit(3)  # as the OOM killer would end it: no exception, no goodbye (on whichever chunk it gets)
    return [item * 2 for item in items]


def _fail(items: Sequence[int]) -> list[int]:
    raise ValueError("a bug in the work")


@pytest.mark.parametrize("weights", [None, [1] * 100 + [10_000] * 3 + [5] * 397])
def test_results_come_in_the_items_order_and_progress_counts_them_all(weights: list[int] | None):
    counted: list[int] = []
    items = list(range(500))
    doubled = run_chunked(_double_slowly, items, 3, _start, ("x",), counted.append, weights)
    assert doubled == [i * 2 for i in items]
    assert sum(counted) == len(items)


def test_few_items_or_one_job_stay_in_this_process():
    _started.clear()
    assert run_chunked(_double_slowly, list(range(MIN_ITEMS - 1)), 4, _start, ("here",)) == list(range(0, 14, 2))
    assert run_chunked(_double_slowly, list(range(100)), 1, _start, ("here",)) == list(range(0, 200, 2))
    assert _started == ["here", "here"]  # set up here, as a worker would be


def test_a_worker_that_dies_leaves_its_items_to_this_process(capsys):
    counted: list[int] = []
    items = list(range(200))
    assert run_chunked(_die_in_a_worker, items, 2, _start, ("x",), counted.append) == [i * 2 for i in items]
    assert "worker process stopped unexpectedly" in capsys.readouterr().err
    assert sum(counted) == len(items)


def test_an_error_in_the_work_is_raised_here():
    with pytest.raises(ValueError, match="a bug in the work"):
        run_chunked(_fail, list(range(100)), 2, _start, ("x",))


def _with_start_and_pid(items: Sequence[int]) -> list[tuple[int, str, int]]:
    return [(item, _started[-1], os.getpid()) for item in items]


def test_a_second_run_takes_the_same_workers_set_up_with_its_own_start_arguments():
    items = list(range(100))
    with Pool(2) as pool:
        first = pool.run(_with_start_and_pid, items, _start, ("first",))
        # The process the first run forked (this process takes chunks too).
        workers = set(pool._executor._processes) if pool._executor is not None else set()
        second = pool.run(_with_start_and_pid, items, _start, ("second",))
        still = set(pool._executor._processes) if pool._executor is not None else set()
    assert [(item, name) for item, name, _ in first] == [(item, "first") for item in items]
    assert [(item, name) for item, name, _ in second] == [(item, "second") for item in items]
    assert os.getpid() not in workers and len(workers) == 1  # two jobs: this process and one worker
    assert still == workers  # none forked again
    assert {pid for _, _, pid in first} | {pid for _, _, pid in second} <= workers | {os.getpid()}


_index: list[tuple[int, bool]] = []


def _remember_index(index: int, forked: bool) -> None:
    _index.append((index, forked))


def _with_index_and_pid(items: Sequence[int]) -> list[tuple[int, tuple[int, bool], int]]:
    time.sleep(0.002)  # every process gets some of the chunks
    return [(item, _index[-1], os.getpid()) for item in items]


def test_each_process_is_set_up_once_with_an_index_of_its_own():
    items = list(range(200))
    worked = run_chunked(_with_index_and_pid, items, 3, _start, ("x",), each_process=_remember_index)
    assert [item for item, _, _ in worked] == items
    by_pid = {pid: index for _, index, pid in worked}
    assert by_pid[os.getpid()] == (0, False)  # this process works too, as 0
    assert len(by_pid) == 3 and sorted(by_pid.values()) == [(0, False), (1, True), (2, True)]
    assert all(by_pid[pid] == index for _, index, pid in worked)  # one index per process, for the whole run


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_says_nothing_off_a_terminal():
    stream = io.StringIO()
    with Progress(SHOW_FROM_FILES * 2, stream) as progress:
        for _ in range(SHOW_FROM_FILES * 2):
            progress.advance()
    assert stream.getvalue() == ""


def test_progress_waits_for_a_long_run_and_redraws_ten_times_a_second_at_most():
    stream, clock = Terminal(), Clock()
    progress = Progress(100, stream, clock=clock)
    progress.advance(10)
    assert stream.getvalue() == ""  # a short run so far
    clock.now = SHOW_AFTER_S
    progress.advance(10)
    assert stream.getvalue() == "\rhot-lsp check: 20/100 files [######........................]"
    for _ in range(50):
        progress.advance()
    assert stream.getvalue().count("\r") == 1  # no time has passed
    clock.now += REDRAW_EVERY_S
    progress.advance()
    assert stream.getvalue().endswith("\rhot-lsp check: 71/100 files [#####################.........]")
    progress.close()
    shown = stream.getvalue()
    last = shown.rsplit("\r", 2)
    assert last[-1] == "" and last[-2].strip() == ""  # blanks over the line, back to its start


def test_progress_shows_many_files_from_the_start():
    stream = Terminal()
    Progress(SHOW_FROM_FILES, stream, clock=Clock()).advance()
    assert f"1/{SHOW_FROM_FILES} files" in stream.getvalue()


def test_chunks_shrink_towards_the_end_and_keep_every_item_in_order():
    weights = [1_000] * 150 + [50_000] + [1_000] * 150
    items = list(range(len(weights)))
    chunks = _chunks(items, 2, weights)
    assert [item for chunk, _ in chunks for item in chunk] == items
    assert [weight for _, weight in chunks] == [sum(weights[i] for i in chunk) for chunk, _ in chunks]
    assert all(len(chunk) <= MAX_CHUNK for chunk, _ in chunks)
    total = sum(weights)
    first, last = chunks[0][1], chunks[-2][1]  # (the very last chunk is what is left)
    assert first > 2 * last
    assert all(weight >= total / (2 * _SMALLEST) for _, weight in chunks[:-1])


def test_the_heaviest_chunks_are_handed_out_first():
    chunks = [([1], 10), ([2], 500), ([3], 30), ([4], 500), ([5], 1)]
    assert _heaviest_first(chunks) == [1, 3, 2, 0, 4]
