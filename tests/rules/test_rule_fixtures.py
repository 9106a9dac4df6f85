"""Every diagnostic code has a fixture of its own (tests/rules/fixtures/<CODE>/): a stack that raises it
(``raises/``) and the same stack with the fault corrected (``near/``), each with the snapshot of what ``hot-lsp
check`` reports for it (see ``rule_fixtures``). A code without one fails here.

Snapshots are compared, never written, unless ``HOT_LSP_UPDATE_SNAPSHOTS=1``: then each is written anew from the
check's findings (read the diff before committing it).
"""

from __future__ import annotations

import pytest
from rule_fixtures import FIXTURES, UPDATE, run, snapshot, write_snapshot

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES
from hot_lsp.cloud import codes as cloud_codes  # noqa: F401  (and the cloud's)

# Codes that have no fixture here, each with the reason.
WITHOUT_FIXTURE: dict[str, str] = {
    "E9903": "a deployed stack's failure, never a template's own: `check` does not give it; "
    "tests/live/test_editor_failures_live.py shows it on a stack that failed for real",
    "W9801": "the editor's what-if (a replaced resource): the open text against a git revision, never `check`'s; "
    "tests/server/test_what_if_lsp.py shows it through the real server",
    "W9802": "the editor's what-if (a deleted resource): the open text against a git revision, never `check`'s; "
    "tests/server/test_what_if_lsp.py shows it through the real server",
    "W9803": "the editor's what-if (an update that fails): the open text against a git revision, never `check`'s; "
    "tests/server/test_what_if_lsp.py shows it through the real server",
    "I9804": "the editor's what-if (an update in place): the open text against a git revision, never `check`'s; "
    "tests/server/test_what_if_lsp.py shows it through the real server",
    "I9805": "the editor's what-if (an undecided outcome): the open text against a git revision, never `check`'s; "
    "tests/server/test_what_if_lsp.py shows it through the real server",
}

# Codes whose fixture only a cloud's Heat can run: its verdict is Heat's own, never written by hand. Their folders
# are here; the live tests run them against the local Heat and compare the snapshots.
RUN_BY_THE_LIVE_TESTS = {
    "E9901": "tests/live/test_rule_fixtures_live.py (check --os-cloud local-heat: the message is that Heat's)",
}

COVERED = sorted(code for code in CODES if code not in WITHOUT_FIXTURE)
OFFLINE = [code for code in COVERED if code not in RUN_BY_THE_LIVE_TESTS]


def test_every_code_has_its_fixture():
    missing = [
        code
        for code in COVERED
        if not all((FIXTURES / code / side / "expected.json").exists() for side in ("raises", "near"))
    ]
    assert missing == [], f"codes without a fixture (raises/ and near/, each with its expected.json): {missing}"


def test_no_fixture_for_an_unknown_code():
    strays = sorted(folder.name for folder in FIXTURES.iterdir() if folder.is_dir() and folder.name not in CODES)
    assert strays == []


def test_the_allow_lists_name_codes():
    assert sorted((set(WITHOUT_FIXTURE) | set(RUN_BY_THE_LIVE_TESTS)) - set(CODES)) == []


@pytest.mark.parametrize("code", OFFLINE)
def test_fixture(code: str):
    found = {}
    for side in ("raises", "near"):
        folder = FIXTURES / code / side
        result = run(folder)
        if UPDATE:
            write_snapshot(folder, result)
        assert result == snapshot(folder), f"{code} {side}: the findings differ from {side}/expected.json"
        found[side] = {finding["code"] for finding in result["findings"]}
    assert code in found["raises"], f"{code}: raises/ does not raise it"
    assert code not in found["near"], f"{code}: near/ raises it too"
