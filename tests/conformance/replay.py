"""Replaying the recorded Heat verdicts (tests/conformance/heat_verdicts.json) through hot-lsp.

A recorded case is a seed template of ../shared/corpus, the edits that make one mistake in it, and what Heat 27.0.1
did with the result (``tools/heat_conformance.py record``). Replaying needs no Heat: the edits are made again and
the text analysed as ``hot-lsp check <seed>`` would analyse that file.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hot_lsp.commands.check import check_options, check_text
from hot_lsp.document import ERROR, Diagnostic

RECORDED = Path(__file__).with_name("heat_verdicts.json")
# Heat's verdicts the harness compares: "accepted" (the stack validates), "rejected" (the engine refuses it) and
# "client" (python-heatclient refuses to send it: a file it cannot read, YAML it cannot parse).
# "cloud" (the answer needs a service) and "values" (it depends on the values of parameters without a default)
# are recorded but not compared: a checker cannot know them offline.
COMPARED = ("accepted", "rejected", "client")


def apply(text: str, edits: Iterable[Any]) -> str:
    """The seed's text with one case's edits made: (start, end, replacement) each, not overlapping."""
    for start, end, replacement in sorted(edits, key=lambda edit: edit[0], reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def digest(text: str) -> str:
    """What identifies a seed's text in the recording."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class Replayed:
    case: dict[str, Any]
    errors: list[Diagnostic]

    @property
    def heat_rejects(self) -> bool:
        return self.case["verdict"] in ("rejected", "client")

    @property
    def agrees(self) -> bool:
        return bool(self.errors) == self.heat_rejects


def load(path: Path = RECORDED) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        recorded: dict[str, Any] = json.load(handle)
    return recorded


def replay(recorded: dict[str, Any], corpus: Path) -> list[Replayed]:
    """Every compared case through hot-lsp, seeds read once."""
    seeds: dict[str, str] = {}
    results = []
    for case in recorded["cases"]:
        if case["verdict"] not in COMPARED:
            continue
        path = corpus / case["seed"]
        if case["seed"] not in seeds:
            seeds[case["seed"]] = path.read_text(encoding="utf-8")
        text = apply(seeds[case["seed"]], case["edits"])
        options = check_options([str(path)], ())
        analysis = check_text(str(path), text, options)
        results.append(Replayed(case, [d for d in analysis.diagnostics if d.severity == ERROR]))
    return results


def confusion(results: list[Replayed]) -> Counter[tuple[str, str]]:
    """(Heat's verdict, hot-lsp's) counts: hot-lsp's is "error" or "no error"."""
    return Counter(("rejects" if r.heat_rejects else "accepts", "error" if r.errors else "no error") for r in results)
