"""The bundle half of the conformance harness: record Heat's verdicts on multi-file stacks, report hot-lsp's (dev only).

``record`` asks Heat (tools/conformance/heat_bundle_verdicts.py, in the throwaway venv) about every seed bundle of
bundle_seeds.py, keeps those it accepts as they are, mutates each (bundle_mutations.py) and asks again; it writes
tests/conformance/heat_bundle_verdicts.json with the seeds' texts, so the replay needs nothing from tools/.
``report`` replays the recording through hot-lsp (tests/conformance/bundle_replay.py) and prints the confusion
matrix, overall and by family, and the disagreements.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from bundle_mutations import BundleMutation, mutations_of
from bundle_replay import RECORDED_BUNDLES, bundle_confusion, case_files, heat_cell, load_bundles, replay_bundles
from bundle_seeds import SEEDS, BundleSeed

WORKER = Path(__file__).with_name("heat_bundle_verdicts.py")
MAIN = "main.yaml"


def heat_bundle_verdicts(python: Path, cases: list[dict]) -> dict[str, dict]:
    """Heat's verdict on every bundle, by id: one Heat start-up for all of them."""
    lines = "".join(json.dumps(case) + "\n" for case in cases)
    print(f"asking Heat about {len(cases)} bundles", file=sys.stderr)
    done = subprocess.run([str(python), str(WORKER)], input=lines, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return {answer["id"]: answer for answer in answers}


def _seed_record(seed: BundleSeed) -> dict:
    return {"main": MAIN, "environments": list(seed.environments), "files": dict(seed.files)}


def record(python: Path, heat_version: str) -> None:
    started = time.monotonic()
    seeds = {seed.name: _seed_record(seed) for seed in SEEDS}
    asked = [{"id": name, **seed} for name, seed in seeds.items()]
    seed_verdicts = heat_bundle_verdicts(python, asked)
    refused = {name: answer for name, answer in seed_verdicts.items() if answer["verdict"] != "accepted"}
    if refused:
        raise SystemExit(f"seed bundles Heat does not accept as they are: {refused}")
    cases, questions = [], []
    for seed in SEEDS:
        as_is = BundleMutation("as_is", "control", "the seed bundle as it is", {})
        for mutation in [as_is, *mutations_of(seed)]:
            case = {
                "id": f"{seed.name}#{mutation.kind}",
                "seed": seed.name,
                "kind": mutation.kind,
                "family": mutation.family,
                "note": mutation.note,
                "edits": {path: [list(edit) for edit in edits] for path, edits in mutation.edits.items()},
            }
            if mutation.environments is not None:
                case["environments"] = list(mutation.environments)
            cases.append(case)
            environments = case.get("environments", seeds[seed.name]["environments"])
            files = case_files(seeds[seed.name], case)
            questions.append({"id": case["id"], "main": MAIN, "environments": environments, "files": files})
    verdicts = heat_bundle_verdicts(python, questions)
    for case in cases:
        answer = verdicts[case["id"]]
        case["verdict"] = answer["verdict"]
        if "message" in answer:
            case["heat_says"] = answer["message"]
        if "at_create" in answer:
            case["heat_at_create"] = answer["at_create"]
    recorded = {
        "heat": heat_version,
        "about": "Heat's verdict on single mistakes in multi-file stacks, as `openstack stack create -t main.yaml "
        "-e ...` gives it (tools/heat_conformance.py record-bundles)",
        "seeds": seeds,
        "cases": cases,
    }
    RECORDED_BUNDLES.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"{len(cases)} bundles: {dict(Counter(case['verdict'] for case in cases))} -> {RECORDED_BUNDLES} "
        f"in {time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )


def report(show: int) -> None:
    results = replay_bundles(load_bundles())
    matrix = bundle_confusion(results)
    by_family: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    for result in results:
        by_family[result.case["family"]].update(bundle_confusion([result]))
    heat = Counter(heat_cell(result) for result in results)
    controls = sum(1 for result in results if result.case["family"] == "control")
    print(
        f"{len(results)} bundles compared ({heat['rejects']} Heat rejects, {heat['accepts']} Heat accepts, "
        f"{heat['fails at create']} accepted then failing at create; {controls} controls)"
    )
    print(f"  Heat rejects, hot-lsp error:    {matrix[('rejects', 'error')]}")
    print(f"  Heat rejects, hot-lsp no error: {matrix[('rejects', 'no error')]}  (misses)")
    print(f"  Heat accepts, hot-lsp error:    {matrix[('accepts', 'error')]}  (false errors)")
    print(f"  Heat accepts, hot-lsp no error: {matrix[('accepts', 'no error')]}")
    print(
        f"  fails at create, hot-lsp error/no error: {matrix[('fails at create', 'error')]}/"
        f"{matrix[('fails at create', 'no error')]}  (not compared)"
    )
    print("by family (rejects: error/no error; accepts: error/no error; fails at create: error/no error):")
    for family, counts in sorted(by_family.items()):
        print(
            f"  {family:12} {counts[('rejects', 'error')]:5}/{counts[('rejects', 'no error')]:<4}"
            f" {counts[('accepts', 'error')]:5}/{counts[('accepts', 'no error')]:<5}"
            f" {counts[('fails at create', 'error')]:5}/{counts[('fails at create', 'no error')]:<4}"
        )
    shown = 0
    for result in results:
        if (result.agrees and not result.fails_at_create) or shown >= show:
            continue
        shown += 1
        case = result.case
        label = "AT CREATE" if result.fails_at_create else "MISS" if result.heat_rejects else "FALSE ERROR"
        print(f"\n{label} {case['id']} [{case['family']}]: {case['note']}")
        if result.heat_rejects or result.fails_at_create:
            print(f"  Heat: {case.get('heat_says', case.get('heat_at_create', ''))[:300]}")
        for finding in result.errors[:3]:
            print(f"  hot-lsp {finding.file}: {finding.code} {finding.message[:200]}")
