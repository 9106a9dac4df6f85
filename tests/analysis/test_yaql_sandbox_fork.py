"""The yaql helper process after a fork (``hot-lsp check``'s workers are forked): the child starts its own helper
and the parent keeps its own, so no two processes write to one helper's pipe. (The child's ``Popen.poll`` of the
parent's helper finds no such child process, so it takes the helper for gone and starts another.) Or the parent
started helpers before forking, and each child takes its own of them."""

from __future__ import annotations

import os
import sys

import pytest

from hot_lsp.analysis.values import yaql_sandbox
from hot_lsp.analysis.values.yaql_sandbox import SANDBOX


def _process():
    helper = SANDBOX._helper
    return helper.process if helper is not None else None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_has_a_helper_of_its_own():
    assert SANDBOX.evaluate("1 + 1", {}, 5.0) == (True, 2)
    parents = _process()
    assert parents is not None
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            answer = SANDBOX.evaluate("2 + 3", {}, 5.0)
            own = _process() is not None and _process().pid != parents.pid
            os.write(write, repr((answer, own)).encode())
        finally:
            sys.stdout.flush()
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as reply:
        assert reply.read() == "((True, 5), True)"
    os.waitpid(child, 0)
    assert _process() is parents  # the parent's helper is still its own, and still answers
    assert SANDBOX.evaluate("3 + 4", {}, 5.0) == (True, 7)


@pytest.fixture
def prestarted(monkeypatch: pytest.MonkeyPatch):
    """Helpers started ahead, as ``check`` starts them, stopped afterwards; the test's own helper put back."""
    monkeypatch.setattr(yaql_sandbox, "_prestarted", [])
    before = SANDBOX._helper
    yaql_sandbox.prestart(2)
    yield yaql_sandbox._prestarted
    yaql_sandbox._stop_prestarted()
    SANDBOX._helper = before


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_worker_takes_the_helper_its_parent_started_for_it(prestarted):
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            yaql_sandbox.use_prestarted(1, forked=True)
            answer = SANDBOX.evaluate("2 + 3", {}, 5.0)
            taken = _process() is prestarted[1]
            SANDBOX._stop()  # as after an expression that ran too long: by signal, not by waiting (not its child)
            os.write(write, repr((answer, taken)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as reply:
        assert reply.read() == "((True, 5), True)"
    os.waitpid(child, 0)
    assert prestarted[1].wait(5) == -9  # the worker stopped it; its parent reaps it
    yaql_sandbox.use_prestarted(0, forked=False)  # the parent takes the other one for itself
    assert SANDBOX.evaluate("3 + 4", {}, 5.0) == (True, 7) and _process() is prestarted[0]
