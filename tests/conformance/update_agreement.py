"""hot-lsp's offline update procedure against Heat's recorded real updates (heat_update_outcomes.json): each pair
replayed through ``preview_update`` and compared resource by resource. Shared by the conformance test and
``tools/heat_conformance.py report-updates``."""

from __future__ import annotations

import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from update_replay import load_pairs, materialize

from hot_lsp.analysis.update.procedure import StackVersion, UpdatePreview, preview_update
from hot_lsp.analysis.update.sides import SideError, disk_files
from hot_lsp.commands.preview_offline import validation_refusal

# Where hot-lsp may say "undecided": what the reference (heat-update.md) says only the cloud knows.
ALLOWED_UNDECIDED = ("changes at run time", "members have names Heat makes up")


@dataclass
class Replayed:
    pair: str
    heat_result: str
    mine_result: str  # updated, refused, failed, unusable
    # (parent, name) -> (heat's outcome or None, mine or None, my reason)
    resources: dict[tuple[str | None, str], tuple[str | None, str | None, str]] = field(default_factory=dict)
    message: str = ""

    def disagreements(self) -> list[str]:
        found = []
        if self.heat_result == "cloud":
            return found
        if self.heat_result != self.mine_result:
            found.append(f"{self.pair}: Heat {self.heat_result}, hot-lsp {self.mine_result} ({self.message})")
            return found
        if self.heat_result != "updated":
            return found
        for (parent, name), (heat, mine, reason) in sorted(self.resources.items(), key=str):
            if heat == mine or mine == "undecided" or mine == "*":
                continue
            where = f"{parent}/{name}" if parent else name
            found.append(f"{self.pair}: {where}: Heat {heat}, hot-lsp {mine} ({reason})")
        return found


def side_version(side: dict[str, Any], folder: Path) -> StackVersion:
    template, environments, parameters = materialize(side, folder)
    return StackVersion(str(template), disk_files(), tuple(str(e) for e in environments), parameters)


def replay(pair: dict[str, Any]) -> Replayed:
    heat = pair["heat"]
    with tempfile.TemporaryDirectory() as folder:
        old = side_version(pair["old"], Path(folder) / "old")
        new = side_version(pair["new"], Path(folder) / "new")
        try:
            found: UpdatePreview | None = preview_update(old, new)
        except SideError as error:
            return Replayed(pair["id"], heat["result"], "unusable", message=str(error))
        assert found is not None
        if found.refused is None:  # as the command line does: Heat validates the new stack first
            found.refused = validation_refusal(new.path, new.environments, dict(new.parameters))
    if found.refused:
        return Replayed(pair["id"], heat["result"], "refused", message=found.refused)
    failed = [c for c in found.changes if c.outcome == "failed"]
    result = Replayed(pair["id"], heat["result"], "failed" if failed else "updated", message=heat["message"])
    for row in heat["resources"]:
        key = (row["parent"], row["resource_name"])
        result.resources[key] = (row["outcome"], None, "")
    for change in found.changes:
        key = (change.parent, change.resource_name)
        heat_outcome = result.resources.get(key, (None, None, ""))[0]
        result.resources[key] = (heat_outcome, change.outcome, change.reason)
    return result


def replay_all() -> list[Replayed]:
    return [replay(pair) for pair in load_pairs()]


def matrix(replayed: list[Replayed]) -> Counter[tuple[str | None, str | None]]:
    """(Heat's outcome, hot-lsp's) -> how many resources, over the pairs Heat updated."""
    counts: Counter[tuple[str | None, str | None]] = Counter()
    for pair in replayed:
        if pair.heat_result != "updated" or pair.mine_result != "updated":
            continue
        for heat, mine, _ in pair.resources.values():
            counts[(heat, mine)] += 1
    return counts
