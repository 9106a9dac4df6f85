"""`hot-lsp deploy` against the real Heat (issue 32, item 3): it creates a stack (`--yes`), then updates it, the
preview it shows first being what the update then does (read from the update's own events); without a terminal
and without `--yes` it refuses and sends nothing, as `--dry-run` sends nothing; a deploy that fails in a nested
template ends with the failure located in that file; Heat refusing the template is one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from test_preview_exact_live import CHILD, TEMPLATE, outcomes, what_the_update_did

ROOT = Path(__file__).resolve().parents[2]


def deploy(live_heat: Any, template: Path, name: str, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "hot_lsp", "deploy", str(template), "--stack", name, "--poll", "0.3", *extra]
    command += ["--os-cloud", live_heat.cloud]
    return subprocess.run(
        command, capture_output=True, text=True, env=live_heat.env(), cwd=ROOT, timeout=300, stdin=subprocess.DEVNULL
    )


def exists(live_heat: Any, name: str) -> bool:
    return bool(live_heat.request("GET", f"stacks/{name}").status != 404)


def test_deploy_creates_then_updates_as_its_preview_said(live_heat: Any, tmp_path: Path):
    (tmp_path / "child.yaml").write_text(CHILD)
    (tmp_path / "stack.yaml").write_text(TEMPLATE.format(text="hello"))
    name = live_heat.stack_name("deploy")
    try:
        began = time.perf_counter()
        created = deploy(live_heat, tmp_path / "stack.yaml", name, "--yes", "--format", "json")
        print(f"\ndeploy (create, 6 resources): {time.perf_counter() - began:.1f} s")
        assert created.returncode == 0, created.stderr
        answer = json.loads(created.stdout)
        assert (answer["action"], answer["status"], answer["failures"]) == ("create", "CREATE_COMPLETE", [])
        # (Heat's create preview lists a nested stack's resources in place of the resource holding it)
        assert {row["resource_name"] for row in answer["preview"]["added"]} == {
            "word",
            "reader",
            "holder",
            "quiet",
            "inner",
        }
        api = live_heat.request("GET", f"stacks/{name}").body["stack"]
        assert api["stack_status"] == "CREATE_COMPLETE" and api["disable_rollback"] is True
        events = live_heat.request("GET", f"stacks/{name}/{api['id']}/events?sort_dir=asc&nested_depth=5").body
        assert [e["id"] for e in answer["events"]] == [e["id"] for e in events["events"]]
        assert created.stderr.strip() == f"hot-lsp deploy: {name}: CREATE_COMPLETE"

        (tmp_path / "changed.yaml").write_text(TEMPLATE.format(text="bye").replace("default: 8", "default: 12"))
        shown = deploy(live_heat, tmp_path / "changed.yaml", name, "--dry-run")
        assert shown.returncode == 0 and "what the update does" in shown.stdout and "| replaced " in shown.stdout
        assert shown.stderr.strip() == "hot-lsp deploy: --dry-run: nothing sent (1 replaced, 4 updated)"
        assert live_heat.request("GET", f"stacks/{name}").body["stack"]["stack_status"] == "CREATE_COMPLETE"

        began = time.perf_counter()
        updated = deploy(live_heat, tmp_path / "changed.yaml", name, "--yes", "--format", "json")
        print(f"deploy (update, 1 replaced, 4 updated): {time.perf_counter() - began:.1f} s")
        assert updated.returncode == 0, updated.stderr
        answer = json.loads(updated.stdout)
        assert (answer["action"], answer["status"]) == ("update", "UPDATE_COMPLETE")
        predicted = outcomes(answer["preview"])
        assert predicted == what_the_update_did(live_heat, name, set(predicted))
        assert predicted["word"] == "replaced"
        assert answer["events"][0]["resource_status"] == "UPDATE_IN_PROGRESS"  # only this deploy's events
        assert answer["events"][-1]["resource_status"] == "UPDATE_COMPLETE"
    finally:
        live_heat.delete_stack(name)


def test_without_a_terminal_and_without_yes_nothing_is_sent(live_heat: Any, tmp_path: Path):
    (tmp_path / "stack.yaml").write_text("heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::None}\n")
    name = live_heat.stack_name("unasked")
    done = deploy(live_heat, tmp_path / "stack.yaml", name)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "hot-lsp deploy: not confirmed: run it on a terminal to be asked, or give --yes\n"
    dry = deploy(live_heat, tmp_path / "stack.yaml", name, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "Heat's create preview" in dry.stdout and "| added  | a " in dry.stdout
    assert not exists(live_heat, name)


def test_a_failure_in_a_nested_file_is_located_there(live_heat: Any, tmp_path: Path):
    (tmp_path / "stack.yaml").write_text(
        "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n"
        "  inner:\n    type: child.yaml\n"
    )
    (tmp_path / "child.yaml").write_text(
        "heat_template_version: 2021-04-16\nresources:\n  inner_fail:\n    type: OS::Heat::TestResource\n"
        "    properties: {fail: true, value: boom}\n"
    )
    name = live_heat.stack_name("deploy-fails")
    try:
        done = deploy(live_heat, tmp_path / "stack.yaml", name, "--yes")
        assert done.returncode == 1, done.stderr
        assert f"{tmp_path / 'child.yaml'}:3:3: {name}.inner.inner_fail (OS::Heat::TestResource) CREATE_FAILED:" in (
            done.stdout
        )
        assert f"  via {tmp_path / 'stack.yaml'}:5:3: inner" in done.stdout
        assert done.stderr.strip() == f"hot-lsp deploy: {name}: CREATE_FAILED"
        as_json = deploy(live_heat, tmp_path / "stack.yaml", name, "--dry-run", "--format", "json")
        assert json.loads(as_json.stdout)["action"] == "update"  # the failed stack exists: an update
    finally:
        live_heat.delete_stack(name)


def test_heat_refusing_the_template_is_one_line_and_exit_2(live_heat: Any, tmp_path: Path):
    (tmp_path / "stack.yaml").write_text(
        "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::Heat::None\n    depends_on: nowhere\n"
    )
    name = live_heat.stack_name("refused")
    done = deploy(live_heat, tmp_path / "stack.yaml", name, "--yes")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"hot-lsp deploy: the cloud '{live_heat.cloud}' refuses it: ")
    assert "nowhere" in done.stderr
    assert not exists(live_heat, name)


def test_a_get_file_value_read_back_is_unchanged_as_the_update_leaves_it(live_heat: Any, tmp_path: Path):
    """The deployed template's get_file names the file:// URL openstackclient sent it under; the preview reads it
    from the files sent with the stack (it once took it for a network URL and said the value was updated)."""
    (tmp_path / "motd.txt").write_text("hello\n")
    (tmp_path / "stack.yaml").write_text(
        "heat_template_version: 2021-04-16\nresources:\n  motd:\n    type: OS::Heat::Value\n"
        "    properties: {value: {get_file: motd.txt}}\n  other:\n    type: OS::Heat::TestResource\n"
        "    properties: {value: one}\n"
    )
    name = live_heat.stack_name("deploy-get-file")
    try:
        assert deploy(live_heat, tmp_path / "stack.yaml", name, "--yes").returncode == 0
        (tmp_path / "stack.yaml").write_text((tmp_path / "stack.yaml").read_text().replace("value: one", "value: two"))
        done = deploy(live_heat, tmp_path / "stack.yaml", name, "--yes", "--format", "json")
        assert done.returncode == 0, done.stderr
        predicted = outcomes(json.loads(done.stdout)["preview"])
        assert predicted == {"motd": "unchanged", "other": "updated"}
        assert predicted == what_the_update_did(live_heat, name, set(predicted))
    finally:
        live_heat.delete_stack(name)
