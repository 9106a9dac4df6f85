"""hot-lsp against Heat 27.0.1's recorded verdicts on single-mistake mutations of the corpus (issue 14).

heat_verdicts.json holds, for each case, a seed template of ../shared/corpus, the edits that make one mistake in
it, and what Heat did with the result (tools/heat_conformance.py record; Heat itself never runs here). The rule:
an error where Heat fails, never one where Heat accepts the template. Every case Heat rejects that hot-lsp does
not flag as an error must be listed, with why it cannot be known offline, in docs/conformance.md; and they must be
under 1% of the cases Heat rejects.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from replay import RECORDED, Replayed, digest, load, replay
from shared_paths import CORPUS, needs_corpus

DOC = Path(__file__).resolve().parents[2] / "docs" / "conformance.md"
MISS_ROW = re.compile(r"^\| `([^`]+#[^`]+)` \|", re.M)

pytestmark = needs_corpus


@pytest.fixture(scope="module")
def results() -> list[Replayed]:
    return replay(load(), CORPUS)


def test_the_seeds_are_the_ones_heat_judged() -> None:
    recorded = load()
    changed = [seed for seed, value in recorded["seeds"].items() if digest((CORPUS / seed).read_text()) != value]
    assert not changed, f"corpus templates changed since {RECORDED.name} was recorded: {changed[:5]}"


def test_no_error_on_a_template_heat_accepts(results: list[Replayed]) -> None:
    false_errors = [
        f"{r.case['id']} ({r.case['note']}): {r.errors[0].code} {r.errors[0].message[:160]}"
        for r in results
        if not r.heat_rejects and r.errors
    ]
    assert not false_errors, "\n".join(false_errors)


def test_every_template_heat_rejects_gets_an_error_or_a_documented_reason(results: list[Replayed]) -> None:
    documented = set(MISS_ROW.findall(DOC.read_text(encoding="utf-8")))
    misses = {r.case["id"]: r for r in results if r.heat_rejects and not r.errors}
    undocumented = [
        f"{case_id}: Heat says {r.case.get('heat_says', '')[:200]}"
        for case_id, r in misses.items()
        if case_id not in documented
    ]
    assert not undocumented, "misses not in docs/conformance.md:\n" + "\n".join(undocumented)
    fixed = sorted(documented - set(misses))
    assert not fixed, f"docs/conformance.md lists misses hot-lsp now catches (remove them): {fixed}"
    rejected = sum(1 for r in results if r.heat_rejects)
    assert len(misses) < rejected / 100, f"{len(misses)} misses of {rejected} templates Heat rejects"


def test_the_recording_covers_what_the_harness_claims(results: list[Replayed]) -> None:
    kinds = {r.case["kind"] for r in results}
    assert len(results) >= 4000 and len(kinds) >= 30
    assert any(not r.heat_rejects for r in results) and any(r.heat_rejects for r in results)
