"""The process pool of ``hot-lsp check``, in process: the order of results, a worker that dies."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Sequence

import pytest

from hot_lsp.commands.pool import MIN_ITEMS, run_chunked

_started: list[str] = []


def _start(name: str) -> None:
    _started.append(name)


def _double_slowly(items: Sequence[int]) -> list[int]:
    time.sleep(0.001 * (len(items) % 3))  # chunks finish out of order
    return [item * 2 for item in items]


def _die_in_a_worker(items: Sequence[int]) -> list[int]:
    if multiprocessing.parent_process() is not None and 50 in items:
        os._exit(3)  # as the OOM killer would end it: no exception, no goodbye
    return [item * 2 for item in items]


def _fail(items: Sequence[int]) -> list[int]:
    raise ValueError("a bug in the work")


def test_results_come_in_the_items_order_and_progress_counts_them_all():
    counted: list[int] = []
    items = list(range(500))
    assert run_chunked(_double_slowly, items, 3, _start, ("x",), counted.append) == [i * 2 for i in items]
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
