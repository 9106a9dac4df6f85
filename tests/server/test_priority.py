"""Requests before analysis (hot_lsp/server/priority.py, hot_lsp/document/pauses.py): while a feature computes an
answer, the analysis worker waits at its next pause point, never for long, and no other thread ever waits."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Iterator

import pytest
from lsprotocol import types

from hot_lsp.analysis.rules import units_in
from hot_lsp.analysis.rules.phases import MODEL
from hot_lsp.analysis.validate import analyze
from hot_lsp.document import pauses
from hot_lsp.server import create_server, priority
from hot_lsp.server.methods import HOVER, Lane, Method, Text
from hot_lsp.server.priority import RequestPriority


@pytest.fixture
def installed() -> Iterator[RequestPriority]:
    gate = RequestPriority()
    gate.install()
    try:
        yield gate
    finally:
        pauses.install(None)


def run_pause_point(gate: RequestPriority, *, pausable: bool) -> tuple[threading.Thread, threading.Event]:
    """A thread that reaches one pause point; the event is set once it is past it."""
    past = threading.Event()

    def work() -> None:
        if pausable:
            gate.pausable()
        pauses.pause_point()
        past.set()

    thread = threading.Thread(target=work)
    thread.start()
    return thread, past


def test_the_worker_waits_at_a_pause_point_until_the_request_is_answered(
    installed: RequestPriority, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(priority, "LONGEST_PAUSE_S", 30.0)  # so that only the release lets it go
    with installed.held():
        thread, past = run_pause_point(installed, pausable=True)
        assert not past.wait(0.2)
    thread.join(5)
    assert past.is_set()


def test_the_worker_goes_on_when_no_request_is_held(installed: RequestPriority) -> None:
    thread, past = run_pause_point(installed, pausable=True)
    thread.join(5)
    assert past.is_set()


def test_holds_nest_and_the_last_release_lets_the_worker_go(
    installed: RequestPriority, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(priority, "LONGEST_PAUSE_S", 30.0)
    with installed.held():
        with installed.held():
            thread, past = run_pause_point(installed, pausable=True)
        assert not past.wait(0.2)  # one request still being answered
    thread.join(5)
    assert past.is_set()


def test_other_threads_never_wait(installed: RequestPriority) -> None:
    """The feature thread analyses nested templates itself, and must not wait for its own request."""
    with installed.held():
        thread, past = run_pause_point(installed, pausable=False)
        thread.join(5)
        assert past.is_set()


def test_a_pause_is_bounded_so_a_request_that_waits_for_the_worker_only_costs_time(
    installed: RequestPriority, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(priority, "LONGEST_PAUSE_S", 0.05)
    with installed.held():
        thread, past = run_pause_point(installed, pausable=True)
        thread.join(5)
        assert past.is_set()


def many_parameters(count: int, typed: str = "") -> str:
    entries = "".join(
        f"  p{i}:\n    type: string\n    description: the {i}th{typed if i == 5 else ''}\n" for i in range(count)
    )
    return f"heat_template_version: 2021-04-16\nparameters:\n{entries}resources: {{}}\n"


def test_the_analysis_pauses_between_rules_and_between_the_groups_it_reads() -> None:
    reached: list[str] = []
    pauses.install(lambda: reached.append(sys._getframe(2).f_code.co_filename))
    try:
        first = analyze(many_parameters(300))
        between_rules = reached.count(sys.modules["hot_lsp.analysis.validate"].__file__)
        reached.clear()
        analyze(many_parameters(300, typed="x"), base=first.parsed)
    finally:
        pauses.install(None)
    assert between_rules >= len(units_in(MODEL))
    assert reached.count(sys.modules["hot_lsp.document.piecewise"].__file__) > 1


def test_the_servers_analysis_worker_pauses_and_its_feature_thread_does_not() -> None:
    server = create_server()
    try:
        on_worker = server.analysis_pool.submit(threading.get_ident).result(5)
        on_features = server.feature_pool.submit(threading.get_ident).result(5)
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()
    assert on_worker in server.priority._pausable
    assert on_features not in server.priority._pausable


def test_requests_at_the_cursor_hold_the_worker_and_whole_document_ones_do_not() -> None:
    """Completion and hover (written as JSON on their lane) and the other urgent features hold it while they
    compute; semantic tokens, folding and the like share the interpreter, so an edit's diagnostics are not held back
    behind them."""
    server = create_server()

    async def hover_call(ls: object, snapshot: None, params: object) -> Callable[[], types.Hover]:
        return lambda: types.Hover(contents=str(holding()))

    hover_row = Method(types.TEXT_DOCUMENT_HOVER, hover_call, Lane.CURSOR, Text.NONE, encoding=HOVER)
    hover_params = types.HoverParams(types.TextDocumentIdentifier("file:///h.yaml"), types.Position(0, 0))

    def holding() -> bool:
        return not server.priority._clear.is_set()

    async def scenario() -> tuple[bool, bool, bool, bool]:
        urgent = await server.run_in_lane(Lane.CURSOR, "urgent", holding, False)
        whole = await server.run_in_lane(Lane.DOCUMENT, "whole", holding, False)
        answer = await server.answer(hover_row, hover_params)
        return urgent, whole, answer is not None and "True" in answer.json, holding()

    try:
        assert asyncio.run(scenario()) == (True, False, True, False)
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()
