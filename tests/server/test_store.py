"""The document store: incremental edits, (uri, version) caching, last good analysis, superseded work."""

from __future__ import annotations

import asyncio
import gc
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from lsprotocol import types

import hot_lsp.store as store_module
from hot_lsp.analysis.model.kind import named_as_environment
from hot_lsp.features.snapshot import Settings
from hot_lsp.store import DocumentStore

URI = "file:///work/store/main.yaml"
GOOD = "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Nova::Server\n"
SETTINGS = Settings()


def edit(sl: int, sc: int, el: int, ec: int, text: str) -> types.TextDocumentContentChangePartial:
    return types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=sl, character=sc), end=types.Position(line=el, character=ec)),
        text=text,
    )


def test_incremental_edits_apply_in_order():
    store = DocumentStore()
    store.open(URI, "ab\ncd\nef\n", 1)
    assert store.change(URI, 2, [edit(1, 1, 1, 2, "X"), edit(0, 0, 0, 0, ">"), edit(2, 2, 3, 0, "!\n")], "utf-16")
    assert store.text(URI) == ">ab\ncX\nef!\n"
    assert store.version(URI) == 2


@pytest.mark.parametrize(
    ("encoding", "character"),
    [("utf-16", 4), ("utf-8", 7), ("utf-32", 3)],  # "xé𝄞" is 1+1+2 UTF-16 units, 1+2+4 bytes, 3 code points
)
def test_edit_positions_in_each_encoding(encoding: str, character: int):
    store = DocumentStore()
    store.open(URI, "xé𝄞|tail\n", 1)
    store.change(URI, 2, [edit(0, character, 0, character + 1, "")], encoding)
    assert store.text(URI) == "xé𝄞tail\n"


def test_line_ends_are_the_ones_lsp_counts():
    store = DocumentStore()
    text = "a\r\nb\rc\u2028d\x85e\x0cf\nlast"
    store.open(URI, text, 1)
    # Line 2 is "c\u2028d\x85e\x0cf": U+2028, NEL and form feed do not end lines in LSP.
    store.change(URI, 2, [edit(2, 7, 2, 7, "!"), edit(3, 0, 3, 4, "LAST")], "utf-16")
    assert store.text(URI) == "a\r\nb\rc\u2028d\x85e\x0cf!\nLAST"


def test_out_of_range_edits_are_clamped_and_full_text_replaces():
    store = DocumentStore()
    store.open(URI, "one\n", 1)
    store.change(URI, 2, [edit(99, 99, 120, 0, "two\n")], "utf-16")
    assert store.text(URI) == "one\ntwo\n"
    store.change(URI, 3, [types.TextDocumentContentChangeWholeDocument(text="new")], "utf-16")
    assert store.text(URI) == "new"
    assert not store.change("file:///not/open.yaml", 1, [], "utf-16")


def test_one_snapshot_per_version_and_lazy_analysis():
    store = DocumentStore()
    store.open(URI, GOOD, 1)
    assert store.cached_snapshot(URI, "utf-16", SETTINGS) is None  # nothing analysed yet
    first = store.snapshot(URI, "utf-16", SETTINGS)
    assert first is store.snapshot(URI, "utf-16", SETTINGS)
    assert first is store.cached_snapshot(URI, "utf-16", SETTINGS)
    assert first.version == 1 and first.uri == URI and first.text == GOOD
    other_settings = Settings(disabled_rules=frozenset({"E1001"}))
    again = store.snapshot(URI, "utf-16", other_settings)
    assert again is not first and again.analysis is first.analysis  # settings do not re-analyse
    store.change(URI, 2, [edit(0, 0, 0, 0, "# note\n")], "utf-16")
    assert store.cached_snapshot(URI, "utf-16", SETTINGS) is None
    assert store.snapshot(URI, "utf-16", SETTINGS).version == 2


def test_last_good_survives_broken_text():
    store = DocumentStore()
    store.open(URI, GOOD, 1)
    good = store.snapshot(URI, "utf-16", SETTINGS)
    assert good.last_good is good.analysis
    store.change(URI, 2, [edit(3, 0, 3, 0, "  bad: [\n")], "utf-16")
    broken = store.snapshot(URI, "utf-16", SETTINGS)
    assert not broken.analysis.parsed.syntax_ok
    assert broken.last_good is good.analysis
    store.change(URI, 3, [types.TextDocumentContentChangeWholeDocument(text=GOOD + "outputs: {}\n")], "utf-16")
    fixed = store.snapshot(URI, "utf-16", SETTINGS)
    assert fixed.last_good is fixed.analysis


def test_stamp_tells_texts_apart_even_with_equal_versions():
    store = DocumentStore()
    store.open(URI, GOOD, None)
    before = store.stamp(URI)
    store.change(URI, None, [edit(0, 0, 0, 0, " ")], "utf-16")
    assert store.stamp(URI) != before
    store.close(URI)
    assert store.stamp(URI) is None and store.snapshot(URI, "utf-16", SETTINGS) is None


def _counting_analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the store analyses from now on, in order."""
    analysed: list[str] = []
    real = store_module.analyze

    def counting(text, options, base=None, lines=None):
        analysed.append(text)
        return real(text, options, base, lines)

    monkeypatch.setattr(store_module, "analyze", counting)
    return analysed


def test_superseded_analyses_are_skipped(monkeypatch: pytest.MonkeyPatch):
    analysed = _counting_analyses(monkeypatch)

    async def scenario():
        pool = ThreadPoolExecutor(max_workers=1)
        gate = threading.Event()
        pool.submit(gate.wait, 10)  # keep the worker busy while versions pile up
        store = DocumentStore(pool)
        store.open(URI, GOOD, 1)
        first = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS))
        await asyncio.sleep(0.01)
        store.change(URI, 2, [edit(0, 0, 0, 0, "# two\n")], "utf-16")
        second = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS))
        await asyncio.sleep(0.01)
        gate.set()
        results = await asyncio.gather(first, second)
        pool.shutdown()
        return results

    first, second = asyncio.run(scenario())
    assert first is second and first.version == 2  # the waiter for version 1 gets the newest
    assert analysed == ["# two\n" + GOOD]  # version 1 was never analysed


def test_while_the_worker_is_busy_the_newest_text_replaces_the_waiting_one(monkeypatch: pytest.MonkeyPatch):
    """Latest wins: a job is running when five edits arrive, each asking for its analysis; when the job ends, the
    one text analysed next is the last, and every waiter gets its snapshot."""
    analysed: list[str] = []
    started = threading.Event()
    gate = threading.Event()
    real = store_module.analyze

    def gated(text, options, base=None, lines=None):
        analysed.append(text)
        started.set()
        gate.wait(10)
        return real(text, options, base, lines)

    monkeypatch.setattr(store_module, "analyze", gated)

    async def scenario():
        pool = ThreadPoolExecutor(max_workers=1)
        store = DocumentStore(pool)
        store.open(URI, GOOD, 1)
        waiters = [asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS))]
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)  # version 1 is being analysed
        for version in range(2, 7):
            store.change(URI, version, [edit(0, 0, 0, 0, f"# {version}\n")], "utf-16")
            waiters.append(asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS)))
            await asyncio.sleep(0)
        gate.set()
        snapshots = await asyncio.gather(*waiters)
        pool.shutdown()
        return store.text(URI), snapshots

    last, snapshots = asyncio.run(scenario())
    assert analysed == [GOOD, last]  # nothing typed in between was analysed
    assert {s.version for s in snapshots} == {6}


def test_an_analysis_started_as_the_change_arrives_is_the_one_the_snapshot_gets(monkeypatch: pytest.MonkeyPatch):
    """start_analysis puts the worker on the new text at once; the snapshot asked for a moment later waits for that
    analysis, and no second one is made."""
    analysed = _counting_analyses(monkeypatch)

    async def scenario():
        pool = ThreadPoolExecutor(max_workers=1)
        store = DocumentStore(pool)
        store.open(URI, GOOD, 1)
        await store.snapshot_async(URI, "utf-16", SETTINGS)
        store.change(URI, 2, [edit(0, 0, 0, 0, "# two\n")], "utf-16")
        store.start_analysis(URI, SETTINGS)
        started_at_once = len(analysed) == 2 or not pool._work_queue.empty()
        snapshot = await store.snapshot_async(URI, "utf-16", SETTINGS)
        store.start_analysis(URI, SETTINGS)  # current already: nothing to do
        await asyncio.sleep(0.05)
        pool.shutdown()
        return started_at_once, snapshot

    started_at_once, snapshot = asyncio.run(scenario())
    assert started_at_once and snapshot.version == 2
    assert analysed == [GOOD, "# two\n" + GOOD]


def test_the_analyses_the_store_lets_go_are_freed_without_the_collector():
    """An analysis dropped by the store (replaced, superseded, closed) holds no reference cycle, so reference
    counting frees it at once, rather than a full pass of the garbage collector (which stops every thread)."""
    template = GOOD + "  note:\n    type: OS::Heat::Value\n    properties:\n      value:\n        str_replace:\n"
    template += "          template: a-b\n          params: {a: x, b: y}\n"
    template += "conditions:\n  never: {equals: [1, 2]}\n"
    gc.collect()  # what earlier tests left
    store = DocumentStore()
    store.open(URI, template, 1)
    assert store.snapshot(URI, "utf-16", SETTINGS) is not None
    for version in range(2, 5):
        store.change(URI, version, [edit(0, 0, 0, 0, "#\n")], "utf-16")
        assert store.snapshot(URI, "utf-16", SETTINGS) is not None
    store.close(URI)
    gc.set_debug(gc.DEBUG_SAVEALL)  # what this pass finds is what only the collector would have freed
    try:
        gc.collect()
        found = [type(o).__name__ for o in gc.garbage if type(o).__module__.startswith("hot_lsp")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert found == []


def test_a_cancelled_waiter_does_not_cancel_the_shared_analysis():
    async def scenario():
        pool = ThreadPoolExecutor(max_workers=1)
        gate = threading.Event()
        pool.submit(gate.wait, 10)
        store = DocumentStore(pool)
        store.open(URI, GOOD, 1)
        doomed = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS))
        survivor = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS))
        await asyncio.sleep(0.01)
        doomed.cancel()
        gate.set()
        snapshot = await survivor
        pool.shutdown()
        return doomed, snapshot

    doomed, snapshot = asyncio.run(scenario())
    assert doomed.cancelled()
    assert snapshot.version == 1


@pytest.mark.parametrize(
    ("uri", "globs", "expected"),
    [
        ("file:///t/environments/net.yaml", (), True),
        ("file:///t/env.yaml", (), True),
        ("file:///t/prod-env.yaml", (), True),
        ("file:///t/my_environment.yaml", (), True),
        ("file:///t/envoy.yaml", (), False),
        ("file:///t/server.yaml", (), False),
        ("file:///t/overrides/site.yaml", ("*/overrides/*.yaml",), True),
        ("file:///t/site.yaml", ("site.yaml",), True),
    ],
)
def test_named_as_environment(uri: str, globs: tuple[str, ...], expected: bool):
    assert named_as_environment(uri, Settings(environments=globs).environments) is expected


def test_parameters_only_file_named_as_environment_is_an_environment():
    store = DocumentStore()
    text = "parameters:\n  flavor: m1.small\n"
    store.open("file:///t/environments/site.yaml", text, 1)
    store.open("file:///t/site.yaml", text, 1)
    assert store.snapshot("file:///t/environments/site.yaml", "utf-16", SETTINGS).analysis.kind == "environment"
    assert store.snapshot("file:///t/site.yaml", "utf-16", SETTINGS).analysis.kind == "other"


def test_a_caller_that_does_not_follow_learns_at_once_that_its_text_is_gone():
    async def scenario():
        pool = ThreadPoolExecutor(max_workers=1)
        gate = threading.Event()
        pool.submit(gate.wait, 10)
        store = DocumentStore(pool)
        store.open(URI, GOOD, 1)
        pinned = asyncio.ensure_future(store.snapshot_async(URI, "utf-16", SETTINGS, follow=False))
        await asyncio.sleep(0.01)
        store.change(URI, 2, [edit(0, 0, 0, 0, "# two\n")], "utf-16")
        gate.set()
        try:
            await pinned
        except store_module.Superseded:
            outcome = "superseded"
        else:
            outcome = "answered"
        newest = await store.snapshot_async(URI, "utf-16", SETTINGS, follow=False)
        pool.shutdown()
        return outcome, newest

    outcome, newest = asyncio.run(scenario())
    assert outcome == "superseded"
    assert newest.version == 2
