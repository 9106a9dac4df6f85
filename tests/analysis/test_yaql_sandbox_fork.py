"""The yaql helper process after a fork (``hot-lsp check``'s workers are forked): the child starts its own helper
and the parent keeps its own, so no two processes write to one helper's pipe. (The child's ``Popen.poll`` of the
parent's helper finds no such child process, so it takes the helper for gone and starts another.)"""

from __future__ import annotations

import os
import sys

import pytest

from hot_lsp.analysis.evaluation.yaql_sandbox import SANDBOX


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_has_a_helper_of_its_own():
    assert SANDBOX.evaluate("1 + 1", {}, 5.0) == (True, 2)
    parents = SANDBOX._process
    assert parents is not None
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            answer = SANDBOX.evaluate("2 + 3", {}, 5.0)
            own = SANDBOX._process is not None and SANDBOX._process.pid != parents.pid
            os.write(write, repr((answer, own)).encode())
        finally:
            sys.stdout.flush()
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as reply:
        assert reply.read() == "((True, 5), True)"
    os.waitpid(child, 0)
    assert SANDBOX._process is parents  # the parent's helper is still its own, and still answers
    assert SANDBOX.evaluate("3 + 4", {}, 5.0) == (True, 7)
