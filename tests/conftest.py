import sys
from pathlib import Path

import pytest

# Make `tests.helpers` importable as `helpers` from every test folder.
sys.path.insert(0, str(Path(__file__).parent))

# Parallel runs (`-n 2 --dist loadgroup`, the README's test command; pytest-xdist) are scheduled here, by test
# file: each file runs whole on one worker, so a module-scoped fixture (a server, the built sdist, the conformance
# replay) is made once and the tests that share it run as they would in one process; every test under tests/live/
# is one unit, so one Heat starts (the session fixture live_heat). The groups are made here from the node ids, not
# with xdist_group marks: xdist 3.8 marks a test by rewriting its node id, which pytest 9.2 no longer reads (the
# marks had no effect and every test went out on its own: the conformance replay ran on both workers).
#
# The files below hold slow tests that share nothing at module scope: each test goes to whichever worker is free.
ONE_TEST_AT_A_TIME = {
    "editors/test_vscode_e2e.py",  # each test runs its own code-server and Chromium in its own tmp_path
    "document/test_broken_tail.py",  # each template's variants are read alone
}
# The slowest units go out first (the rest in xdist's order, the units with the most tests first): a slow file
# handed out last would leave one worker running it alone while the other has finished.
SLOWEST_FIRST = (
    "live",
    "editors/test_vscode_e2e.py",
    "conformance/test_heat_verdicts.py",
    "test_pre_commit.py",
    "test_packaging.py",
    "document/test_broken_tail.py",
    "robustness/test_hostile_inputs.py",
    "test_types.py",
)


def work_unit(nodeid: str) -> str:
    """The unit of work a test is scheduled in: "live", its file's path, or (ONE_TEST_AT_A_TIME) its node id."""
    path = nodeid.split("::", 1)[0]
    relative = path.removeprefix("tests/")
    if relative.startswith("live/"):
        return "live"
    if relative in ONE_TEST_AT_A_TIME:
        return nodeid
    return path


def slowness_rank(unit: str) -> int:
    """Where a unit comes in SLOWEST_FIRST (its length when it is not there)."""
    name = unit.split("::", 1)[0].removeprefix("tests/")
    return SLOWEST_FIRST.index(name) if name in SLOWEST_FIRST else len(SLOWEST_FIRST)


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """With `--dist loadgroup`: xdist's scope scheduler on the units of work_unit, SLOWEST_FIRST at the head of
    its queue (None otherwise: xdist's own scheduler)."""
    if config.getoption("dist", "no") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        _ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def _assign_work_unit(self, node: object) -> None:
            if not self._ordered:  # the queue is complete when its first unit is handed out
                self._ordered = True
                queued = sorted(self.workqueue.items(), key=lambda unit: slowness_rank(unit[0]))  # stable
                self.workqueue.clear()
                self.workqueue.update(queued)
            super()._assign_work_unit(node)

    return ByFile(config, log)
