"""Regression (found by ``hot-lsp fuzz``, seeds 115 and 127): a request that arrived in the loop turn in which
the analysis it needed finished, before that analysis's done callback ran, awaited the finished future again
and again without ever yielding; the event loop froze and no request was answered again.

The scenario runs in a child process with a timeout, so a regression fails the test instead of hanging it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCENARIO = textwrap.dedent(
    """
    import asyncio
    from concurrent.futures import Executor, Future

    from hot_lsp.features.snapshot import Settings
    from hot_lsp.store import DocumentStore

    class RunAtOnce(Executor):
        # The analysis is done the moment it is submitted, so its asyncio future completes in the very
        # next loop turn, together with whatever else is ready then.
        def submit(self, fn, *args, **kwargs):
            future = Future()
            future.set_result(fn(*args, **kwargs))
            return future

    URI = "file:///race/main.yaml"

    async def main():
        store = DocumentStore(RunAtOnce())
        store.open(URI, "heat_template_version: 2018-08-31\\nresources: {}\\n", 1)
        first = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", Settings()))
        await asyncio.sleep(0)  # the first request submits; the finished job is now queued on the loop
        second = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", Settings()))
        snapshots = await asyncio.gather(first, second)
        assert all(s is not None and s.version == 1 for s in snapshots), snapshots
        print("answered")

    asyncio.run(main())
    """
)


def test_a_request_arriving_as_its_analysis_finishes_is_answered():
    finished = subprocess.run([sys.executable, "-c", SCENARIO], capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == "answered"
