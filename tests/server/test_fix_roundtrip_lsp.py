"""Issue 29, the fix round-trip harness through the real server: every quick fix the server offers for a hot-lsp
finding, applied exactly as sent to real mistakes (the conformance suite's mutants, the rule fixtures, mutations
generated from real templates), leaves a text where the finding is gone, no error is new and, where the original
is known and the mistake lost nothing, what the mistake touched evaluates as in the original. Every fix kind the
server offers runs on at least MIN_CASES findings. One server, many documents; the count table is printed (-s)."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from fix_cases import FIXTURES, MUTANTS_PER_KIND, fixtures, generated, mutants, mutated, seeds
from fix_mutations import MUTATORS
from fix_roundtrip import Harness, table
from lsp_session import session

from hot_lsp.document.problems import FIX_KINDS

MIN_CASES = 20
CAP = 20  # findings per fix kind: enough to be sure, few enough for CI (the whole run is under a minute)


@pytest.mark.asyncio
async def test_every_offered_fix_keeps_the_template_right() -> None:
    started = time.monotonic()
    async with session("visual-studio-code", root_uri=FIXTURES.as_uri()) as client:
        harness = Harness(client, CAP)
        await harness.run(seeds())
        recorded = mutants()
        await harness.run_while_useful([group[:MUTANTS_PER_KIND] for group in recorded.values()])
        rule_fixtures = fixtures()
        await harness.run(rule_fixtures)
        # The kinds still short: more of the mutants that gave them, their mistakes made in real files
        # (fix_mutations), or the fixtures' mistakes made again in real templates (fix_merge).
        short = frozenset(kind for kind, tally in harness.tallies.items() if tally.cases < MIN_CASES)
        gave = {name.split("#")[1] for name, kinds in harness.offered.items() if "#" in name and kinds & short}
        await harness.run_while_useful(
            [[replace(c, kinds=short) for c in recorded[kind][MUTANTS_PER_KIND:]] for kind in sorted(gave)], chunk=12
        )
        more = []
        for kind, (mutate, environments) in MUTATORS.items():
            if harness.tallies[kind].cases < MIN_CASES:
                more += mutated(kind, mutate, environments, CAP - harness.tallies[kind].cases)
        for kind, tally in sorted(harness.tallies.items()):
            if tally.cases < MIN_CASES and kind not in MUTATORS:
                sources = [f for f in rule_fixtures if kind in harness.offered.get(f.name, ())]
                for fixture in sources:
                    more += generated(fixture, frozenset({kind}), -(-(CAP - tally.cases) // len(sources)))
        await harness.run(more)
        harness.stop()
    tallies = harness.tallies
    print(f"\n{table(tallies)}\n{harness.opened} documents in {time.monotonic() - started:.1f} s")
    failures = [line for t in tallies.values() for line in t.failures]
    assert not failures, "\n".join(failures[:100])
    few = {kind: t.cases for kind, t in tallies.items() if t.cases < MIN_CASES}
    assert not few, f"fix kinds on fewer than {MIN_CASES} findings: {few}"
    # Every kind of fix a rule can ask for is among them (a new one needs a fixture that offers it).
    exercised = {kind.split(" ", 1)[1] for kind in tallies}
    assert set(FIX_KINDS) | {"suggestion"} <= exercised, set(FIX_KINDS) - exercised
