"""The server's garbage collector switch (hot_lsp/server/collector.py): paused while a worker job runs; after a small
job, the young walk waits until the answer is out (or AFTER_ANSWER_S at the latest); after a big one, what outlived
it is frozen and collection resumes at once."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator

import pytest

from hot_lsp.server import collector


@pytest.fixture
def managed() -> Iterator[None]:
    """The collector set up as in the server process (start()), and put back as it was afterwards."""
    was_enabled = gc.isenabled()
    state = (collector._managed, collector._waiting, collector._armed, collector._loop, collector._running)
    collector.start()
    collector._loop = None
    try:
        yield
    finally:
        gc.unfreeze()
        collector._managed, collector._waiting, collector._armed, collector._loop, collector._running = state
        (gc.enable if was_enabled else gc.disable)()


def small_job() -> bool:
    [object() for _ in range(10)]
    return gc.isenabled()


def big_job() -> list[list[int]]:
    return [[i] for i in range(collector.YOUNG_WALK * 2)]  # tracked objects: more than the young generations take


def test_a_small_job_leaves_the_collector_paused_until_its_answer_is_out(managed: None) -> None:
    async def scenario() -> tuple[bool, bool, bool]:
        worker = collector.Worker("test-collector")
        try:
            during = await asyncio.get_running_loop().run_in_executor(worker, small_job)
            after_job = gc.isenabled()
            collector.answered()
            return during, after_job, gc.isenabled()
        finally:
            worker.shutdown()

    during, after_job, after_answer = asyncio.run(scenario())
    assert (during, after_job, after_answer) == (False, False, True)


def test_without_an_answer_the_collector_resumes_shortly_after_the_job(managed: None) -> None:
    async def scenario() -> tuple[bool, bool]:
        worker = collector.Worker("test-collector")
        try:
            await asyncio.get_running_loop().run_in_executor(worker, small_job)
            paused = not gc.isenabled()
            await asyncio.sleep(collector.AFTER_ANSWER_S + 0.2)
            return paused, gc.isenabled()
        finally:
            worker.shutdown()

    assert asyncio.run(scenario()) == (True, True)


def test_an_answer_while_a_job_runs_does_not_resume_the_collector_under_it(managed: None) -> None:
    async def scenario() -> tuple[bool, bool]:
        worker = collector.Worker("test-collector")
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(worker, small_job)

            def answered_meanwhile() -> bool:
                loop.call_soon_threadsafe(collector.answered)
                time.sleep(0.1)  # the loop runs answered() now, while this job runs
                return gc.isenabled()

            during = await loop.run_in_executor(worker, answered_meanwhile)
            await asyncio.sleep(collector.AFTER_ANSWER_S + 0.2)
            return during, gc.isenabled()
        finally:
            worker.shutdown()

    assert asyncio.run(scenario()) == (False, True)


def test_after_a_big_job_what_it_left_is_frozen_and_collection_resumes_at_once(managed: None) -> None:
    async def scenario() -> tuple[int, bool, int]:
        worker = collector.Worker("test-collector")
        try:
            frozen_before = gc.get_freeze_count()
            kept = await asyncio.get_running_loop().run_in_executor(worker, big_job)
            return gc.get_freeze_count() - frozen_before, gc.isenabled(), len(kept)
        finally:
            worker.shutdown()

    grown, enabled, size = asyncio.run(scenario())
    assert enabled
    assert grown >= size  # the lists the job made (and kept) are frozen, out of the young generations' walk
