"""hot-lsp's offline update preview against Heat 27.0.1's real updates (heat_update_outcomes.json, recorded by
running Heat's own engine on each pair: tools/heat_conformance.py record-updates).

Every pair is replayed through ``preview_update`` (plus the new side's check, as ``preview --against`` does): the
stack-level result (updated, refused, failed) and every decided resource outcome must equal Heat's; ``undecided``
only where the reference (../shared/reference/heat-update.md) says the cloud decides. The disagreements left are
listed with why; the test fails when one appears that is not listed.
"""

from __future__ import annotations

from collections import Counter

import pytest
from update_agreement import ALLOWED_UNDECIDED, Replayed, matrix, replay_all

# Known disagreements, each with why hot-lsp answers otherwise (none today: a TestResource told to fail and the
# wait condition of a replaced UpdateWaitConditionHandle were the last, both now decided as Heat does).
KNOWN: set[str] = set()


@pytest.fixture(scope="module")
def replayed() -> list[Replayed]:
    return replay_all()


def test_at_least_200_pairs_are_replayed(replayed: list[Replayed]) -> None:
    assert len(replayed) >= 200
    decided = sum(n for (heat, mine), n in matrix(replayed).items() if heat is not None and mine != "undecided")
    assert decided >= 600


def test_every_decided_outcome_equals_heats(replayed: list[Replayed]) -> None:
    found = {line for pair in replayed for line in pair.disagreements()}
    assert found <= KNOWN, "new disagreements with Heat:\n" + "\n".join(sorted(found - KNOWN))


def test_undecided_only_where_the_cloud_decides(replayed: list[Replayed]) -> None:
    wrong = [
        f"{pair.pair}: {name}: {reason}"
        for pair in replayed
        for name, (_, mine, reason) in pair.resources.items()
        if mine == "undecided" and not any(allowed in reason for allowed in ALLOWED_UNDECIDED)
    ]
    assert not wrong, "\n".join(wrong)


def test_stack_results_agree(replayed: list[Replayed]) -> None:
    results = Counter((pair.heat_result, pair.mine_result) for pair in replayed if pair.heat_result != "cloud")
    assert all(heat == mine for heat, mine in results), results
    assert results[("refused", "refused")] >= 9
