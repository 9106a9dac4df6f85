"""The bundle recording's cases written to a folder, for the command line's and the server's tests of nested
stacks (Heat 27.0.1's verdicts: tests/conformance/heat_bundle_verdicts.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDED = Path(__file__).parent / "conformance" / "heat_bundle_verdicts.json"


def _recorded() -> dict[str, Any]:
    return json.loads(RECORDED.read_text(encoding="utf-8"))


def write_case(folder: Path, case_id: str) -> tuple[dict[str, Any], list[str]]:
    """The case's bundle written in ``folder``; its recorded case and its ``-e`` list."""
    recorded = _recorded()
    case = next(c for c in recorded["cases"] if c["id"] == case_id)
    seed = recorded["seeds"][case["seed"]]
    files = dict(seed["files"])
    for name, edits in case["edits"].items():
        text = files.get(name, "")
        for start, end, new in sorted(edits, reverse=True):
            text = text[:start] + new + text[end:]
        files[name] = text
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return case, list(case.get("environments") or seed["environments"])
