"""`preview --stack` decided as the real update decides (issue 31, item 3), against the real Heat: the deployed
stack's template, files, environment and values read back, the offline procedure run against them. An unchanged
template whose resources read `get_attr` and `get_resource` previews as unchanged (Heat's preview API says
otherwise, and the table says why); a real change previews as the update then does it, read from the update's
own events."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hot_lsp.cloud.bundle import bundle

ROOT = Path(__file__).resolve().parents[2]

TEMPLATE = """\
heat_template_version: 2021-04-16
parameters:
  length: {{type: number, default: 8}}
resources:
  word:
    type: OS::Heat::RandomString
    properties: {{length: {{get_param: length}}}}
  reader:
    type: OS::Heat::TestResource
    properties: {{value: {{get_attr: [word, value]}}}}
  holder:
    type: OS::Heat::TestResource
    properties: {{value: {{get_resource: word}}}}
  child:
    type: child.yaml
    properties: {{text: {text}}}
  quiet:
    type: OS::Heat::None
"""
CHILD = """\
heat_template_version: 2021-04-16
parameters:
  text: {type: string}
resources:
  inner:
    type: OS::Heat::Value
    properties: {value: {get_param: text}}
"""


def hot_lsp(live_heat: Any, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "hot_lsp", *args, "--os-cloud", live_heat.cloud]
    return subprocess.run(command, capture_output=True, text=True, env=live_heat.env(), cwd=ROOT, timeout=300)


def outcomes(answer: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    return {row["resource_name"]: kind for kind, rows in answer.items() for row in rows if not row["parent"]}


def what_the_update_did(live_heat: Any, name: str, before: set[str]) -> dict[str, str]:
    """Each top-level resource's outcome, from the update's events: created again -> replaced, updated -> updated,
    only deleted -> deleted, new -> added, nothing -> unchanged."""
    stack = live_heat.request("GET", f"stacks/{name}").body["stack"]
    events = live_heat.request("GET", f"stacks/{name}/{stack['id']}/events?sort_dir=asc").body["events"]
    started = max(
        i for i, e in enumerate(events) if e["resource_name"] == name and e["resource_status"] == "UPDATE_IN_PROGRESS"
    )
    seen: dict[str, set[str]] = {}
    for event in events[started + 1 :]:
        if event["resource_name"] != name:
            seen.setdefault(event["resource_name"], set()).add(event["resource_status"])
    found = {}
    for resource in before | set(seen):
        statuses = seen.get(resource, set())
        if resource not in before:
            found[resource] = "added"
        elif "CREATE_COMPLETE" in statuses:
            found[resource] = "replaced"
        elif "UPDATE_COMPLETE" in statuses:
            found[resource] = "updated"
        elif "DELETE_COMPLETE" in statuses:
            found[resource] = "deleted"
        else:
            found[resource] = "unchanged"
    return found


def test_the_preview_is_the_real_updates(live_heat: Any, tmp_path: Path):
    (tmp_path / "child.yaml").write_text(CHILD)
    (tmp_path / "stack.yaml").write_text(TEMPLATE.format(text="hello"))
    name = live_heat.stack_name("exact")
    body = bundle(tmp_path / "stack.yaml").request_body(stack_name=name)
    live_heat.create_stack(name, body["template"], files=body["files"], environment=body["environment"])
    try:
        # The same template: nothing changes, whatever Heat's preview API says.
        same = hot_lsp(live_heat, "preview", str(tmp_path / "stack.yaml"), "--stack", name, "--format", "json")
        assert same.returncode == 0, same.stderr
        ours = outcomes(json.loads(same.stdout))
        assert ours == {r: "unchanged" for r in ("word", "reader", "holder", "quiet")} | {"child": "updated"}
        heats = outcomes(
            json.loads(
                hot_lsp(
                    live_heat,
                    "preview",
                    str(tmp_path / "stack.yaml"),
                    "--stack",
                    name,
                    "--heat-preview",
                    "--format",
                    "json",
                ).stdout
            )
        )
        assert heats["reader"] != "unchanged"  # the API resolves get_attr as if nothing existed
        table = hot_lsp(live_heat, "preview", str(tmp_path / "stack.yaml"), "--stack", name).stdout
        assert "Heat's preview API says" in table

        # A real change: a longer word (replaced), its readers follow, the child's text changes inside it.
        (tmp_path / "changed.yaml").write_text(TEMPLATE.format(text="bye").replace("default: 8", "default: 12"))
        began = time.perf_counter()
        done = hot_lsp(live_heat, "preview", str(tmp_path / "changed.yaml"), "--stack", name, "--format", "json")
        print(f"\npreview --stack (the real update's answer): {(time.perf_counter() - began) * 1000:.0f} ms")
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        predicted = outcomes(answer)
        inner = [row for rows in answer.values() for row in rows if row["parent"] == "child"]
        assert [(row["resource_name"], kind) for kind, rows in answer.items() for row in rows if row in inner] == [
            ("inner", "updated")
        ]
        stack = live_heat.request("GET", f"stacks/{name}").body["stack"]
        update = bundle(tmp_path / "changed.yaml").request_body()
        assert live_heat.request("PUT", f"stacks/{name}/{stack['id']}", json=update).status == 202
        live_heat.wait_stack(name, "UPDATE_COMPLETE")
        assert predicted == what_the_update_did(live_heat, name, set(predicted))
        assert predicted["word"] == "replaced" and predicted["reader"] == "updated"
    finally:
        live_heat.delete_stack(name)


FLAKY = """\
heat_template_version: 2021-04-16
resources:
  flaky:
    type: OS::Heat::TestResource
    properties: {{value: one, fail: {fail}}}
  reader:
    type: OS::Heat::TestResource
    properties: {{value: {{get_resource: flaky}}}}
  quiet:
    type: OS::Heat::None
"""


def test_a_failed_resource_is_replaced_and_what_reads_it_follows(live_heat: Any, tmp_path: Path):
    """An update left `flaky` UPDATE_FAILED; the next one, which only mends it, replaces it (its status, not the
    edit, decides), so `reader`, which holds its id, is updated: the preview says both, as the update then does."""
    (tmp_path / "stack.yaml").write_text(FLAKY.format(fail="false"))
    name = live_heat.stack_name("failed")
    live_heat.create_stack(name, bundle(tmp_path / "stack.yaml").request_body()["template"])
    try:
        stack = live_heat.request("GET", f"stacks/{name}").body["stack"]
        (tmp_path / "failing.yaml").write_text(FLAKY.format(fail="true"))
        failing = bundle(tmp_path / "failing.yaml").request_body()
        assert live_heat.request("PUT", f"stacks/{name}/{stack['id']}", json=failing).status == 202
        live_heat.wait_stack(name, "UPDATE_FAILED")
        listed = live_heat.request("GET", f"stacks/{name}/{stack['id']}/resources").body["resources"]
        assert {r["resource_name"]: r["resource_status"] for r in listed}["flaky"] == "UPDATE_FAILED"

        done = hot_lsp(live_heat, "preview", str(tmp_path / "stack.yaml"), "--stack", name, "--format", "json")
        assert done.returncode == 0, done.stderr
        predicted = outcomes(json.loads(done.stdout))
        assert predicted == {"flaky": "replaced", "reader": "updated", "quiet": "unchanged"}, done.stdout

        mended = bundle(tmp_path / "stack.yaml").request_body()
        assert live_heat.request("PUT", f"stacks/{name}/{stack['id']}", json=mended).status == 202
        live_heat.wait_stack(name, "UPDATE_COMPLETE")
        assert predicted == what_the_update_did(live_heat, name, set(predicted))
    finally:
        live_heat.delete_stack(name)
