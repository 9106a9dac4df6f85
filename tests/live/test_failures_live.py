"""`hot-lsp failures` and `hot-lsp events` against the real Heat (issue 32, items 1 and 2): stacks that fail for
real (`OS::Heat::TestResource` with `fail: true`) at the top, in a nested template, and in a ResourceGroup
member's nested template two levels down; each failure listed as `openstack stack failures list` lists it (run
from the Heat venv's openstackclient), with Heat's `status_reason`, and located on its line in the local files.

Not tested here: a software deployment's deploy_stdout/stderr. Its `server` property has the `nova.server`
constraint, which this Heat (no Nova) refuses at validation, so no deployment can be created on it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hot_lsp.cloud.bundle import bundle

ROOT = Path(__file__).resolve().parents[2]

FAILING = "    type: OS::Heat::TestResource\n    properties: {fail: true, value: boom}\n"
FILES = {
    "main.yaml": "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n",
    "top.yaml": "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n"
    f"  top_fail:\n{FAILING}",
    "nested.yaml": "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n"
    "  inner:\n    type: child.yaml\n",
    "child.yaml": f"heat_template_version: 2021-04-16\nresources:\n  inner_fail:\n{FAILING}",
    "group.yaml": "heat_template_version: 2021-04-16\nresources:\n  workers:\n    type: OS::Heat::ResourceGroup\n"
    "    properties:\n      count: 1\n      resource_def:\n        type: member.yaml\n",
    "member.yaml": "heat_template_version: 2021-04-16\nresources:\n  deep:\n    type: leaf.yaml\n",
    "leaf.yaml": f"heat_template_version: 2021-04-16\nresources:\n  boom:\n{FAILING}",
}


@pytest.fixture(scope="module")
def stacks(live_heat: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Three failed stacks and a complete one, made as `openstack stack create -t FILE` makes them."""
    folder = tmp_path_factory.mktemp("failing")
    for name, text in FILES.items():
        (folder / name).write_text(text)
    made: dict[str, Any] = {"folder": folder}
    for template in ("top", "nested", "group", "main"):
        name = live_heat.stack_name(f"fails-{template}")
        body = bundle(folder / f"{template}.yaml").request_body(stack_name=name)
        body["disable_rollback"] = True
        answer = live_heat.request("POST", "stacks", json=body)
        assert answer.status == 201, answer.body
        made[template] = name
    for template in ("top", "nested", "group", "main"):
        wait_settled(live_heat, made[template])
    return made


def wait_settled(live_heat: Any, name: str, timeout: float = 120.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = live_heat.request("GET", f"stacks/{name}").body["stack"]["stack_status"]
        if not status.endswith("IN_PROGRESS"):
            return status
        time.sleep(0.3)
    raise AssertionError(f"{name} still in progress")


def hot_lsp(live_heat: Any, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "hot_lsp", *args, "--os-cloud", live_heat.cloud]
    return subprocess.run(command, capture_output=True, text=True, env=live_heat.env(), cwd=ROOT, timeout=300)


def openstacks_failures(live_heat: Any, name: str) -> dict[str, dict[str, str]]:
    """`openstack stack failures list NAME`, read back: dotted path -> its fields."""
    openstack = str(live_heat.heat_python.with_name("openstack"))
    done = subprocess.run(
        [openstack, "--os-cloud", live_heat.cloud, "stack", "failures", "list", "--long", name],
        capture_output=True,
        text=True,
        env=live_heat.env(),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in done.stdout.splitlines():
        if line and not line.startswith(" "):
            current = found.setdefault(line.rstrip(":"), {})
        elif line.startswith("  ") and not line.startswith("    ") and ":" in line:
            key, _, value = line.strip().partition(":")
            current[key] = "" if value.strip() == "|" else value.strip()  # (a block follows)
        elif line.startswith("    "):
            current["status_reason"] = (current.get("status_reason", "") + " " + line.strip()).strip()
    return found


def failures(live_heat: Any, stacks: dict[str, Any], template: str, *extra: str) -> tuple[int, dict[str, Any]]:
    began = time.perf_counter()
    done = hot_lsp(live_heat, "failures", "--stack", stacks[template], *extra, "--format", "json")
    print(
        f"\nfailures --stack ({template}{', located' if extra else ''}): {(time.perf_counter() - began) * 1000:.0f} ms"
    )
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize(
    ("template", "path", "file", "line", "via"),
    [
        ("top", ["top_fail"], "top.yaml", 4, []),
        ("nested", ["inner", "inner_fail"], "child.yaml", 2, [("nested.yaml", 4)]),
        (
            "group",
            ["workers", "0", "deep", "boom"],
            "leaf.yaml",
            2,
            [("group.yaml", 2), ("group.yaml", 7), ("member.yaml", 2)],
        ),
    ],
)
def test_each_failure_is_openstacks_and_on_its_line(live_heat, stacks, template, path, file, line, via):
    folder = stacks["folder"]
    code, found = failures(live_heat, stacks, template, str(folder / f"{template}.yaml"))
    assert code == 1 and found["status"] == "CREATE_FAILED"
    (item,) = found["failures"]
    assert [*(item["parent"].split("/") if item["parent"] else []), item["resource_name"]] == path
    assert item["resource_type"] == "OS::Heat::TestResource" and item["status"] == "CREATE_FAILED"
    theirs = openstacks_failures(live_heat, stacks[template])
    (key,) = theirs
    assert key == ".".join([stacks[template], *path])
    assert theirs[key]["status"] == item["status"] and theirs[key]["resource_type"] == item["resource_type"]
    assert " ".join(item["status_reason"].split()) == theirs[key]["status_reason"]
    assert "boom" in item["status_reason"] or "Test Resource failed" in item["status_reason"]
    assert Path(item["file"]).name == file and item["range"]["start"]["line"] == line
    assert [(Path(v["file"]).name, v["range"]["start"]["line"]) for v in item["via"]] == via


def test_without_a_template_nothing_is_located_and_the_text_names_the_path(live_heat, stacks):
    code, found = failures(live_heat, stacks, "nested")
    assert code == 1 and found["failures"][0]["file"] is None and found["failures"][0]["via"] == []
    folder = stacks["folder"]
    done = hot_lsp(live_heat, "failures", "--stack", stacks["nested"], str(folder / "nested.yaml"))
    assert done.returncode == 1, done.stderr
    first = done.stdout.splitlines()[1]  # after the stack's own line
    assert first.startswith(
        f"{folder / 'child.yaml'}:3:3: {stacks['nested']}.inner.inner_fail (OS::Heat::TestResource)"
    )
    assert f"  via {folder / 'nested.yaml'}:5:3: inner" in done.stdout


def test_a_stack_that_did_not_fail_has_no_failures_and_exits_0(live_heat, stacks):
    code, found = failures(live_heat, stacks, "main")
    assert code == 0 and found == {"stack": stacks["main"], "status": "CREATE_COMPLETE", "failures": []}


def test_an_unknown_stack_is_one_line_and_exit_2(live_heat):
    done = hot_lsp(live_heat, "failures", "--stack", "no-such-stack")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no stack 'no-such-stack'" in done.stderr


def test_events_list_what_the_api_lists_in_time_order(live_heat, stacks):
    name = stacks["nested"]
    began = time.perf_counter()
    done = hot_lsp(live_heat, "events", "--stack", name, "--nested-depth", "2", "--format", "json")
    print(f"\nevents --nested-depth 2: {(time.perf_counter() - began) * 1000:.0f} ms")
    assert done.returncode == 0, done.stderr
    ours = [json.loads(line) for line in done.stdout.splitlines()]
    api = live_heat.request("GET", f"stacks/{name}/events?nested_depth=2&sort_dir=asc&sort_keys=created_at").body
    assert [e["id"] for e in ours] == [e["id"] for e in api["events"]]
    assert [e["event_time"] for e in ours] == sorted(e["event_time"] for e in ours)
    assert any(
        e["resource_name"] == "inner_fail" and e["nested"] and e["resource_status"] == "CREATE_FAILED" for e in ours
    )
    text = hot_lsp(live_heat, "events", "--stack", name)
    assert text.returncode == 0
    assert text.stdout.splitlines()[0].endswith(f" {name}: CREATE_IN_PROGRESS: Stack CREATE started")
    assert "inner: CREATE_FAILED" in text.stdout
    assert "] inner_fail:" not in text.stdout  # depth 0: no nested stack's events


def test_events_follow_a_stack_being_created_until_it_completes(live_heat, tmp_path: Path):
    slow = "heat_template_version: 2021-04-16\nresources:\n" + "".join(
        f"  wait{i}:\n    type: OS::Heat::TestResource\n    properties: {{wait_secs: 1, value: v{i}}}\n"
        + (f"    depends_on: wait{i - 1}\n" if i else "")
        for i in range(3)
    )
    (tmp_path / "slow.yaml").write_text(slow)
    name = live_heat.stack_name("follow")
    body = bundle(tmp_path / "slow.yaml").request_body(stack_name=name)
    assert live_heat.request("POST", "stacks", json=body).status == 201
    started = time.monotonic()
    done = hot_lsp(live_heat, "events", "--stack", name, "--follow", "--poll", "0.3", "--format", "json")
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == f"hot-lsp events: {name}: CREATE_COMPLETE"
    ours = [json.loads(line) for line in done.stdout.splitlines()]
    api = live_heat.request("GET", f"stacks/{name}/events?sort_dir=asc&sort_keys=created_at").body["events"]
    assert [e["id"] for e in ours] == [e["id"] for e in api]
    assert ours[-1]["resource_name"] == name and ours[-1]["resource_status"] == "CREATE_COMPLETE"
    assert took >= 2.5  # it waited for three one-second resources, one after the other
