"""The recorded update pairs (tests/conformance/heat_update_outcomes.json) and how to lay a side out on disk.

A pair is an old and a new stack bundle and what Heat 27.0.1's real update did going from one to the other
(tools/heat_conformance.py record-updates). A side is ``{"files": {relative path: text}, "template": "main.yaml",
"environments": [relative paths, in order], "parameters": {name: value}}``: what
``openstack stack update -t main.yaml -e env.yaml -P name=value`` sends. Replaying needs no Heat: each side is
written to a folder and given to hot-lsp's offline update procedure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDED_UPDATES = Path(__file__).with_name("heat_update_outcomes.json")
OUTCOMES = ("added", "deleted", "replaced", "updated", "unchanged")
RESULTS = ("updated", "refused", "failed", "cloud")


def load_pairs(path: Path = RECORDED_UPDATES) -> list[dict[str, Any]]:
    """Every recorded pair: ``{"id", "kind", "note", "old", "new", "heat": {"result", "message", "resources"}}``."""
    with open(path, encoding="utf-8") as handle:
        recorded: dict[str, Any] = json.load(handle)
    pairs: list[dict[str, Any]] = recorded["pairs"]
    return pairs


def materialize(side: dict[str, Any], directory: Path) -> tuple[Path, list[Path], dict[str, str]]:
    """Write a side's files under ``directory``; its template path, environment paths (in order) and parameters."""
    for relative, text in side["files"].items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    environments = [directory / relative for relative in side["environments"]]
    return directory / side["template"], environments, dict(side["parameters"])
