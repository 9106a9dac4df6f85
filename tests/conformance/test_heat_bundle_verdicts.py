"""hot-lsp against Heat 27.0.1's recorded verdicts on single mistakes in multi-file stacks (issue 28).

heat_bundle_verdicts.json holds seed bundles (a template, its environment files, nested templates, get_file targets),
for each case the edits per file that make one mistake (or a harmless edit: the controls), and what
``openstack stack create -t main.yaml -e env1.yaml -e env2.yaml`` did with it: python-heatclient's bundling, the
engine's environment merge, validation and the create check with each nested stack validated
(tools/heat_conformance.py record-bundles; Heat itself never runs here). Each case is replayed as
``hot-lsp check main.yaml --env env1.yaml --env env2.yaml`` (bundle_replay.py).

The rule is the single-file suite's: an error where Heat fails, none where Heat accepts. Today's disagreements are
listed below, measured when the recording was made; a disagreement not listed fails, and so does a listed one that
hot-lsp now gets right (remove it: the lists only shrink as issue 28 lands).
"""

from __future__ import annotations

import pytest
from bundle_replay import BundleReplayed, load_bundles, replay_bundles

# Heat rejects, hot-lsp gives no error: case -> (family, why).
KNOWN_MISSES: dict[str, tuple[str, str]] = {}

# Heat accepts, hot-lsp gives an error: case -> why. None today. (A case Heat accepts whose nested stack then fails
# its own strict validation when the engine creates it, recorded as heat_at_create, is not compared: an error there
# is what the user needs, and its absence is not counted a miss; `report-bundles` shows them.)
KNOWN_FALSE_ERRORS: dict[str, str] = {}


@pytest.fixture(scope="module")
def results() -> list[BundleReplayed]:
    return replay_bundles(load_bundles())


def _describe(result: BundleReplayed) -> str:
    case = result.case
    found = (
        f"{result.errors[0].file}: {result.errors[0].code} {result.errors[0].message[:160]}" if result.errors else ""
    )
    return f"{case['id']} [{case['family']}] ({case['note']}): Heat: {case.get('heat_says', 'accepted')[:160]} {found}"


def test_no_error_where_heat_accepts_beyond_the_known_ones(results: list[BundleReplayed]) -> None:
    false_errors = {r.case["id"]: r for r in results if not r.heat_rejects and not r.fails_at_create and r.errors}
    new = [_describe(r) for case_id, r in false_errors.items() if case_id not in KNOWN_FALSE_ERRORS]
    assert not new, "errors where Heat accepts the stack:\n" + "\n".join(new)
    fixed = sorted(set(KNOWN_FALSE_ERRORS) - set(false_errors))
    assert not fixed, f"KNOWN_FALSE_ERRORS lists cases hot-lsp now gets right (remove them): {fixed}"


def test_every_miss_is_a_known_one(results: list[BundleReplayed]) -> None:
    misses = {r.case["id"]: r for r in results if r.heat_rejects and not r.errors}
    new = [_describe(r) for case_id, r in misses.items() if case_id not in KNOWN_MISSES]
    assert not new, "stacks Heat rejects with no error from hot-lsp:\n" + "\n".join(new)
    fixed = sorted(set(KNOWN_MISSES) - set(misses))
    assert not fixed, f"KNOWN_MISSES lists cases hot-lsp now catches (remove them): {fixed}"


def test_the_known_lists_name_recorded_cases_of_their_family(results: list[BundleReplayed]) -> None:
    family = {r.case["id"]: r.case["family"] for r in results}
    wrong = [case_id for case_id, (listed, _) in KNOWN_MISSES.items() if family.get(case_id) != listed]
    assert not wrong, f"KNOWN_MISSES entries whose family is not the recorded one: {wrong}"


def test_the_recording_covers_what_the_harness_claims(results: list[BundleReplayed]) -> None:
    controls = [r for r in results if r.case["family"] == "control"]
    assert len(results) >= 150 and len(controls) >= 40
    assert all(not r.heat_rejects and not r.fails_at_create for r in controls), "a control Heat refuses is no control"
    families = {r.case["family"] for r in results if r.heat_rejects}
    assert {"child", "group", "files", "environment", "parameters"} <= families
