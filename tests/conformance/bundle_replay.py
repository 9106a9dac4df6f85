"""Replaying the recorded Heat verdicts on bundles (tests/conformance/heat_bundle_verdicts.json) through hot-lsp.

A recorded case is a seed bundle (a template, its environment files in order, nested templates and the files they
``get_file``; the recording holds every seed's texts), the edits per file that make one mistake in it, and what
Heat 27.0.1 did with ``openstack stack create -t main.yaml -e ...`` (``tools/heat_conformance.py record-bundles``).
Replaying needs no Heat: the bundle is written to a fresh folder and checked exactly as
``hot-lsp check main.yaml --env env1.yaml --env env2.yaml`` checks it (``commands.check.run_check`` in this
process, its JSON report read back); hot-lsp's verdict is "error" when any file of the report has one.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from replay import COMPARED, apply

from hot_lsp.commands.check import run_check

RECORDED_BUNDLES = Path(__file__).with_name("heat_bundle_verdicts.json")


@dataclass(frozen=True)
class Finding:
    file: str  # relative to the bundle's folder
    code: str
    message: str


@dataclass
class BundleReplayed:
    case: dict[str, Any]
    errors: list[Finding]

    @property
    def heat_rejects(self) -> bool:
        return self.case["verdict"] in ("rejected", "client")

    @property
    def fails_at_create(self) -> bool:
        """Heat accepts the request, then a nested stack's own (strict) validation fails while the engine creates
        it: a group member's property values, a child's values (recorded as ``heat_at_create``). An error there is
        not a false error and its absence not a miss: the stack is not created, but only once creation started."""
        return not self.heat_rejects and "heat_at_create" in self.case

    @property
    def agrees(self) -> bool:
        return self.fails_at_create or bool(self.errors) == self.heat_rejects


def load_bundles(path: Path = RECORDED_BUNDLES) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        recorded: dict[str, Any] = json.load(handle)
    return recorded


def case_files(seed: dict[str, Any], case: dict[str, Any]) -> dict[str, str]:
    """The bundle of one case: the seed's files with the case's edits made (a file the seed lacks starts empty)."""
    files = dict(seed["files"])
    for path, edits in case["edits"].items():
        files[path] = apply(files.get(path, ""), edits)
    return files


def case_environments(seed: dict[str, Any], case: dict[str, Any]) -> list[str]:
    return list(case.get("environments") or seed["environments"])


def write_bundle(folder: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def check_bundle(files: dict[str, str], main: str, environments: list[str]) -> list[Finding]:
    """hot-lsp's errors on ``check main --env e1 --env e2 ...`` over ``files``, in one process."""
    with tempfile.TemporaryDirectory(prefix="bundle-") as directory:
        folder = Path(directory)
        write_bundle(folder, files)
        report, ignored = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(report), contextlib.redirect_stderr(ignored):
            run_check(
                [str(folder / main)],
                "json",
                frozenset(),
                environments=tuple(str(folder / env) for env in environments),
                jobs=1,
            )
        found = json.loads(report.getvalue() or "[]")
        prefix = str(folder) + "/"
        return [
            Finding(item["file"].replace(prefix, ""), item["code"], item["message"].replace(prefix, ""))
            for item in found
            if item["severity"] == "error"
        ]


def replay_bundles(recorded: dict[str, Any]) -> list[BundleReplayed]:
    """Every compared case through hot-lsp."""
    results = []
    for case in recorded["cases"]:
        if case["verdict"] not in COMPARED:
            continue
        seed = recorded["seeds"][case["seed"]]
        files = case_files(seed, case)
        errors = check_bundle(files, seed["main"], case_environments(seed, case))
        results.append(BundleReplayed(case, errors))
    return results


def heat_cell(result: BundleReplayed) -> str:
    if result.heat_rejects:
        return "rejects"
    return "fails at create" if result.fails_at_create else "accepts"


def bundle_confusion(results: list[BundleReplayed]) -> Counter[tuple[str, str]]:
    """(Heat's verdict, hot-lsp's) counts: Heat's is "rejects", "accepts" or "fails at create" (accepts the request,
    fails creating a nested stack); hot-lsp's is "error" or "no error"."""
    return Counter((heat_cell(r), "error" if r.errors else "no error") for r in results)
