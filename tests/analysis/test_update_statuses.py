"""A deployed stack's statuses in the update procedure (Resource._needs_update's status checks, resource.py:1369-1384,
and the plugins that override them): a FAILED or never-created resource is replaced whatever the edit, and what
reads it follows (the cascade); a FAILED server Nova may still run is undecided; a FAILED nested stack is updated
and its resources decide; OS::Heat::None never looks at its status. The live comparison with Heat's own update is
tests/live/test_preview_exact_live.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from hot_lsp.analysis.update.procedure import StackVersion, UpdatePreview, preview_update
from hot_lsp.analysis.update.sides import disk_files
from hot_lsp.analysis.update.statuses import Deployed

TEMPLATE = """\
heat_template_version: rocky
resources:
  flaky:
    type: OS::Heat::TestResource
    properties: {value: one}
  reader:
    type: OS::Heat::TestResource
    properties: {value: {get_resource: flaky}}
  quiet:
    type: OS::Heat::None
  server:
    type: OS::Nova::Server
    properties: {image: cirros, flavor: m1.small}
  box:
    type: child.yaml
"""
CHILD = """\
heat_template_version: rocky
resources:
  inner:
    type: OS::Heat::RandomString
"""


def preview(tmp_path: Path, held: dict[str, Deployed], environment: str = "") -> UpdatePreview:
    """The same template on both sides: only the statuses can change anything."""
    (tmp_path / "stack.yaml").write_text(TEMPLATE)
    (tmp_path / "child.yaml").write_text(CHILD)
    environments: tuple[str, ...] = ()
    if environment:
        (tmp_path / "env.yaml").write_text(environment)
        environments = (str(tmp_path / "env.yaml"),)
    version = StackVersion(str(tmp_path / "stack.yaml"), disk_files(), environments, {})
    return preview_update(version, version, None, held)


def outcomes(found: UpdatePreview) -> dict[str, str]:
    return {(f"{c.parent}/" if c.parent else "") + c.resource_name: c.outcome for c in found.changes}


def reason(found: UpdatePreview, name: str) -> str:
    change = found.outcome(name, None)
    assert change is not None
    return change.reason


def test_all_complete_changes_nothing(tmp_path: Path):
    held = {name: Deployed("CREATE_COMPLETE", True) for name in ("flaky", "reader", "quiet", "server", "box")}
    assert outcomes(preview(tmp_path, held)) == outcomes(preview(tmp_path, {}))
    assert outcomes(preview(tmp_path, {}))["flaky"] == "unchanged"


def test_a_failed_resource_is_replaced_and_its_reader_follows(tmp_path: Path):
    found = preview(tmp_path, {"flaky": Deployed("UPDATE_FAILED", True)})
    assert outcomes(found)["flaky"] == "replaced"
    assert reason(found, "flaky") == "it is UPDATE_FAILED on the cloud: Heat replaces it whatever the edit"
    # Its new physical id reaches `reader`'s value, which TestResource updates in place.
    assert outcomes(found)["reader"] == "updated"


@pytest.mark.parametrize("status", ["INIT_COMPLETE", "DELETE_COMPLETE"])
def test_a_resource_never_created_or_deleted_is_replaced(tmp_path: Path, status: str):
    assert outcomes(preview(tmp_path, {"reader": Deployed(status, False)}))["reader"] == "replaced"


def test_none_never_looks_at_its_status(tmp_path: Path):
    assert outcomes(preview(tmp_path, {"quiet": Deployed("CREATE_FAILED", True)}))["quiet"] == "unchanged"


def test_a_failed_server_nova_may_still_run_is_undecided(tmp_path: Path):
    found = preview(tmp_path, {"server": Deployed("UPDATE_FAILED", True)})
    assert outcomes(found)["server"] == "undecided"
    assert "replaced if Nova no longer has it or holds it in error, else unchanged" in reason(found, "server")
    # Never created: nothing to ask Nova about.
    assert outcomes(preview(tmp_path, {"server": Deployed("CREATE_FAILED", False)}))["server"] == "replaced"
    # CHECK_FAILED replaces without asking (always_replace_on_check_failed).
    assert outcomes(preview(tmp_path, {"server": Deployed("CHECK_FAILED", True)}))["server"] == "replaced"


def test_a_failed_nested_stack_is_updated_and_its_resources_decide(tmp_path: Path):
    held = {"box": Deployed("UPDATE_FAILED", True), "box/inner": Deployed("CREATE_FAILED", True)}
    found = outcomes(preview(tmp_path, held))
    assert found["box"] == "updated" and found["box/inner"] == "replaced"
    # Its nested stack never made: the resource is replaced (stack_resource.py:110-115 calls the base check).
    assert outcomes(preview(tmp_path, {"box": Deployed("CREATE_FAILED", False)}))["box"] == "replaced"


def test_a_restricted_replacement_fails_the_update(tmp_path: Path):
    environment = "resource_registry:\n  resources:\n    flaky:\n      restricted_actions: [replace]\n"
    found = preview(tmp_path, {"flaky": Deployed("UPDATE_FAILED", True)}, environment)
    assert outcomes(found)["flaky"] == "failed"
    assert "`replace` is a restricted action" in reason(found, "flaky")
