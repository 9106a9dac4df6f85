#!/usr/bin/env python3
"""The differential conformance harness: hot-lsp's verdicts against Heat 27.0.1's on mutated real templates (dev only).

Usage:
  python3 tools/heat_conformance.py record [--venv DIR] [--per-kind N] [--max-lines N]
  python3 tools/heat_conformance.py report [--show N]
  python3 tools/heat_conformance.py record-bundles [--venv DIR]
  python3 tools/heat_conformance.py report-bundles [--show N]
  python3 tools/heat_conformance.py record-updates [--venv DIR]
  python3 tools/heat_conformance.py report-updates [--show N]

``record`` takes every HOT template of ../shared/corpus that Heat accepts as it is (the seeds), makes single-mistake
mutations of each (tools/conformance/mutations.py, seeded, so the same corpus gives the same cases), asks Heat for
its verdict on every one (tools/conformance/heat_verdicts.py, run once in a throwaway venv holding
openstack-heat==27.0.1, as record_heat_results.py does) and writes tests/conformance/heat_verdicts.json.
The test suite never runs Heat: tests/conformance/test_heat_verdicts.py replays the recorded verdicts.

``report`` replays them through hot-lsp and prints the confusion matrix, by mutation kind, and the disagreements.

``record-bundles`` and ``report-bundles`` do the same for multi-file stacks (a template, its ``-e`` environment files,
nested templates and ``get_file`` targets), as ``openstack stack create -t main.yaml -e env1.yaml -e env2.yaml``
judges them: tools/conformance/bundle_harness.py, tests/conformance/heat_bundle_verdicts.json.

``record-updates`` runs Heat's real stack update on pairs of bundles (old -> new, tools/conformance/update_pairs.py)
and records what it did to each resource: tools/conformance/update_harness.py,
tests/conformance/heat_update_outcomes.json. ``report-updates`` replays them through hot-lsp's offline update preview
(tests/conformance/update_agreement.py) and prints the agreement matrix and the disagreements.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "tools"),
    str(ROOT / "tools" / "conformance"),
    str(ROOT / "tests" / "conformance"),
]

import bundle_harness  # noqa: E402
import update_harness  # noqa: E402
from conformance.mutations import Seed, mutations_of  # noqa: E402
from heat_venv import ensure_venv  # noqa: E402
from local_heat import default_venv_dir  # noqa: E402
from replay import RECORDED, apply, digest, load, replay  # noqa: E402

HEAT_VERSION = "27.0.1"
CORPUS = ROOT.parent / "shared" / "corpus"
WORKER = ROOT / "tools" / "conformance" / "heat_verdicts.py"
TEMPLATE_SUFFIXES = (".yaml", ".yml", ".template")


def corpus_templates(max_lines: int) -> list[Path]:
    found = []
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix not in TEMPLATE_SUFFIXES or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "heat_template_version" in text and text.count("\n") <= max_lines:
            found.append(path)
    return found


def heat_verdicts(python: Path, cases: list[dict]) -> dict[str, dict]:
    """Heat's verdict on every case, by id: one Heat start-up for all of them."""
    lines = "".join(json.dumps(case) + "\n" for case in cases)
    print(f"asking Heat about {len(cases)} templates", file=sys.stderr)
    done = subprocess.run([str(python), str(WORKER)], input=lines, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return {answer["id"]: answer for answer in answers}


def record(args: argparse.Namespace) -> None:
    python = ensure_venv(Path(args.venv), HEAT_VERSION)
    templates = corpus_templates(args.max_lines)
    seeds_asked = [
        {"id": str(path.relative_to(CORPUS)), "template": str(path), "text": path.read_text(encoding="utf-8")}
        for path in templates
    ]
    seed_verdicts = heat_verdicts(python, seeds_asked)
    accepted = [case for case in seeds_asked if seed_verdicts[case["id"]]["verdict"] == "accepted"]
    print(
        f"{len(accepted)} of {len(seeds_asked)} corpus templates are accepted as they are: the seeds", file=sys.stderr
    )
    cases, asked = [], []
    seeds = {}
    for seed_case in accepted:
        seed = Seed(seed_case["id"], seed_case["text"])
        seeds[seed.path] = digest(seed.text)
        for number, mutation in enumerate(mutations_of(seed, args.per_kind)):
            case_id = f"{seed.path}#{mutation.kind}#{number}"
            cases.append(
                {
                    "id": case_id,
                    "seed": seed.path,
                    "kind": mutation.kind,
                    "note": mutation.note,
                    "edits": [list(edit) for edit in mutation.edits],
                }
            )
            asked.append({"id": case_id, "template": seed_case["template"], "text": apply(seed.text, mutation.edits)})
    verdicts = heat_verdicts(python, asked)
    for case in cases:
        answer = verdicts[case["id"]]
        case["verdict"] = answer["verdict"]
        if "message" in answer:
            case["heat_says"] = answer["message"]
    recorded = {
        "heat": HEAT_VERSION,
        "about": "Heat's verdict on single-mistake mutations of ../shared/corpus (tools/heat_conformance.py record)",
        "seeds": seeds,
        "cases": cases,
    }
    RECORDED.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(cases)} cases: {dict(Counter(case['verdict'] for case in cases))} -> {RECORDED}", file=sys.stderr)


def report(args: argparse.Namespace) -> None:
    results = replay(load(), CORPUS)
    matrix = Counter()
    by_kind: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        cell = ("rejects" if result.heat_rejects else "accepts", "error" if result.errors else "no error")
        matrix[cell] += 1
        by_kind[result.case["kind"]][cell] += 1
    rejects = matrix[("rejects", "error")] + matrix[("rejects", "no error")]
    accepts = matrix[("accepts", "error")] + matrix[("accepts", "no error")]
    print(f"{len(results)} cases compared ({rejects} Heat rejects, {accepts} Heat accepts)")
    print(f"  Heat rejects, hot-lsp error:    {matrix[('rejects', 'error')]}")
    print(f"  Heat rejects, hot-lsp no error: {matrix[('rejects', 'no error')]}  (misses)")
    print(f"  Heat accepts, hot-lsp error:    {matrix[('accepts', 'error')]}  (false errors)")
    print(f"  Heat accepts, hot-lsp no error: {matrix[('accepts', 'no error')]}")
    print("by kind (rejects: error/no error; accepts: error/no error):")
    for kind, counts in sorted(by_kind.items()):
        print(
            f"  {kind:24} {counts[('rejects', 'error')]:5}/{counts[('rejects', 'no error')]:<4}"
            f" {counts[('accepts', 'error')]:5}/{counts[('accepts', 'no error')]:<5}"
        )
    shown = 0
    for result in results:
        if result.agrees or shown >= args.show:
            continue
        shown += 1
        case = result.case
        print(f"\n{'MISS' if result.heat_rejects else 'FALSE ERROR'} {case['id']}: {case['note']}")
        if result.heat_rejects:
            print(f"  Heat: {case.get('heat_says', '')[:300]}")
        for d in result.errors[:3]:
            print(f"  hot-lsp {d.code}: {d.message[:200]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record")
    recording.add_argument("--venv", default="/tmp/heat-27-venv")
    recording.add_argument("--per-kind", type=int, default=2)
    recording.add_argument("--max-lines", type=int, default=2500)
    reporting = commands.add_parser("report")
    reporting.add_argument("--show", type=int, default=40)
    recording_bundles = commands.add_parser("record-bundles")
    recording_bundles.add_argument("--venv", default="/tmp/heat-27-venv")
    reporting_bundles = commands.add_parser("report-bundles")
    reporting_bundles.add_argument("--show", type=int, default=60)
    recording_updates = commands.add_parser("record-updates")
    recording_updates.add_argument("--venv", default=str(default_venv_dir()))
    reporting_updates = commands.add_parser("report-updates")
    reporting_updates.add_argument("--show", type=int, default=60)
    args = parser.parse_args()
    {
        "record": record,
        "report": report,
        "record-bundles": record_bundles,
        "report-bundles": report_bundles,
        "record-updates": record_updates,
        "report-updates": report_updates,
    }[args.command](args)


def record_bundles(args: argparse.Namespace) -> None:
    bundle_harness.record(ensure_venv(Path(args.venv), HEAT_VERSION), HEAT_VERSION)


def report_bundles(args: argparse.Namespace) -> None:
    bundle_harness.report(args.show)


def record_updates(args: argparse.Namespace) -> None:
    update_harness.record(ensure_venv(Path(args.venv), HEAT_VERSION), HEAT_VERSION)


def report_updates(args: argparse.Namespace) -> None:
    """Heat's outcome (rows) against hot-lsp's (columns), per resource of the pairs Heat updated; then the pairs'
    results and the disagreements."""
    import update_agreement

    replayed = update_agreement.replay_all()
    counts = update_agreement.matrix(replayed)
    mine = ["added", "deleted", "replaced", "updated", "unchanged", "undecided", "failed", None]
    width = 10
    print("Heat \\ hot-lsp".ljust(12) + "".join(str(m).rjust(width) for m in mine))
    for heat in ["added", "deleted", "replaced", "updated", "unchanged", None]:
        print(str(heat).ljust(12) + "".join(str(counts.get((heat, m), 0) or ".").rjust(width) for m in mine))
    decided = sum(n for (heat, m), n in counts.items() if heat is not None and m not in ("undecided", None))
    agreed = sum(n for (heat, m), n in counts.items() if heat is not None and heat == m)
    print(f"\n{len(replayed)} pairs; decided resource outcomes equal to Heat's: {agreed}/{decided}")
    results = Counter((pair.heat_result, pair.mine_result) for pair in replayed)
    print("pair results (Heat, hot-lsp): " + ", ".join(f"{k[0]}/{k[1]} {n}" for k, n in sorted(results.items())))
    found = [line for pair in replayed for line in pair.disagreements()]
    print(f"{len(found)} disagreements")
    for line in found[: args.show]:
        print("  " + line)


if __name__ == "__main__":
    main()
