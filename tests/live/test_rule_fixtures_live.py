"""The rule fixtures of the codes only a cloud's Heat can give (tests/rules/fixtures; see tests/rules/rule_fixtures.py),
run against the local Heat, since no verdict of Heat's is ever written by hand:

- E9901 (the cloud's Heat refused the template): ``hot-lsp check --os-cloud local-heat`` in each fixture folder, its
  findings compared with the folder's snapshot (with ``HOT_LSP_UPDATE_SNAPSHOTS=1``, written from them).
- W9902 (the cloud does not offer a type): its fixtures hold the cloud's catalogue as the language server caches it
  (``cloud.json``), the part of it the fixture needs; here it must be what the local Heat answers (with
  ``HOT_LSP_UPDATE_SNAPSHOTS=1``, it is recorded from it). The fixtures themselves run offline, with the others
  (tests/rules/test_rule_fixtures.py).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

RULES = Path(__file__).resolve().parents[1] / "rules"
sys.path.insert(0, str(RULES))

from rule_fixtures import FIXTURES, UPDATE, run, snapshot, write_snapshot  # noqa: E402


@pytest.fixture
def cloud_config(live_heat: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """This process reads the live tests' clouds.yaml, and no other OS_* variable."""
    for key in [key for key in os.environ if key.startswith("OS_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("OS_CLIENT_CONFIG_FILE", str(live_heat.clouds_yaml))
    return live_heat


@pytest.mark.parametrize("side", ["raises", "near"])
def test_the_clouds_refusal_fixture(cloud_config: Any, side: str) -> None:
    folder = FIXTURES / "E9901" / side
    result = run(folder)
    if UPDATE:
        write_snapshot(folder, result)
    assert result == snapshot(folder), f"E9901 {side}: the findings differ from {side}/expected.json"
    codes = {finding["code"] for finding in result["findings"]}
    assert ("E9901" in codes) == (side == "raises"), result


def test_the_cloud_catalogue_fixtures_are_the_local_heats(cloud_config: Any) -> None:
    from hot_lsp.cloud.catalogue import cloud_catalogue
    from hot_lsp.cloud.connection import connect

    answered = cloud_catalogue(connect(cloud_config.cloud))
    for side in ("raises", "near"):
        path = FIXTURES / "W9902" / side / "cloud.json"
        if UPDATE:
            path.write_text(json.dumps(_part(answered, json.loads(path.read_text())), indent=1, sort_keys=True) + "\n")
        kept = json.loads(path.read_text())
        assert kept == _part(answered, kept), f"W9902 {side}/cloud.json is not what the local Heat answers"


def _part(answered: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    """The part of the cloud's catalogue the fixture keeps: the types it names (what the template uses) and those
    the cloud lists but cannot give; the rest of the document as answered."""
    part = {key: value for key, value in answered.items() if key not in ("resource_types", "custom_constraints")}
    part["resource_types"] = {name: answered["resource_types"][name] for name in kept["resource_types"]}
    part["custom_constraints"] = {}
    return part
