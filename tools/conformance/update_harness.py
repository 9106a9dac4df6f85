"""The update half of the conformance harness: record what Heat's real update does to each resource (dev only).

``record`` makes the pairs of update_pairs.py, runs Heat 27.0.1's own update of each old stack to its new one
(tools/conformance/heat_update_outcomes.py, in the throwaway venv, one Heat start-up for all pairs) and writes
tests/conformance/heat_update_outcomes.json: every pair with both sides' texts and Heat's answer, so the replay
(tests/conformance/update_replay.py) needs nothing from tools/.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from update_pairs import update_pairs
from update_replay import RECORDED_UPDATES

WORKER = Path(__file__).with_name("heat_update_outcomes.py")
ABOUT = (
    "Heat 27.0.1's real update (legacy engine, in-process, clients stood in for) of each pair's old stack, "
    "created first, to its new one: the overall result and each resource's outcome, nested stacks and group "
    "members included (tools/heat_conformance.py record-updates; pairs from tools/conformance/update_pairs.py)"
)


def heat_update_outcomes(python: Path, pairs: list[dict]) -> dict[str, dict]:
    """Heat's answer on every pair, by id."""
    lines = "".join(json.dumps(pair) + "\n" for pair in pairs)
    print(f"asking Heat to update {len(pairs)} stacks", file=sys.stderr)
    done = subprocess.run([str(python), str(WORKER)], input=lines, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the update recorder failed:\n{done.stderr[-3000:]}")
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return {answer.pop("id"): answer for answer in answers}


def record(python: Path, heat_version: str) -> None:
    started = time.monotonic()
    pairs = update_pairs()
    answers = heat_update_outcomes(python, pairs)
    broken = {
        pair["id"]: answers.get(pair["id"])
        for pair in pairs
        if answers.get(pair["id"], {}).get("result") not in ("updated", "refused", "failed", "cloud")
    }
    if broken:
        # A pair whose old stack Heat cannot create, or a recorder fault, is a mistake to fix, not an answer.
        raise SystemExit(f"pairs without an answer: {json.dumps(broken, indent=1)[:4000]}")
    recorded = {
        "heat": heat_version,
        "about": ABOUT,
        "pairs": [{**pair, "heat": answers[pair["id"]]} for pair in pairs],
    }
    RECORDED_UPDATES.write_text(
        json.dumps(recorded, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    results = Counter(answer["result"] for answer in answers.values())
    outcomes = Counter(res["outcome"] for answer in answers.values() for res in answer["resources"])
    print(
        f"{len(pairs)} pairs in {time.monotonic() - started:.0f} s: {dict(results)}; resources {dict(outcomes)}"
        f" -> {RECORDED_UPDATES}",
        file=sys.stderr,
    )
