"""A mapped stack's failures in the editor (issue 32, item 4), through the real server and the real Heat: a stack
that failed in a nested template shows E9903 on the nested resource in the parent and on the failing entry in the
child; the ``hot-lsp.failures`` command answers the located JSON; after an update that succeeds they go; a
template with no stack mapped shows none."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from live_support import LiveHeat
from lsprotocol import types

from hot_lsp.cloud.bundle import bundle

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from lsp_session import session  # noqa: E402

pytestmark = pytest.mark.asyncio

CLIENT = "visual-studio-code"  # push diagnostics
PARENT = (
    "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n  inner:\n    type: child.yaml\n"
)
CHILD = "heat_template_version: 2021-04-16\nresources:\n  inner_fail:\n    type: OS::Heat::TestResource\n    properties: {{fail: {fail}, value: boom}}\n"


def failures_in(client: Any, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.code == "E9903"]


async def until(predicate: Any, timeout: float = 60.0) -> Any:
    for _ in range(int(timeout / 0.05)):
        found = predicate()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")


def open_file(client: Any, path: Path) -> str:
    uri = path.as_uri()
    item = types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=path.read_text())
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    return uri


async def test_a_failed_nested_resource_shows_in_the_parent_and_the_child_until_it_is_fixed(
    live_heat: LiveHeat, tmp_path: Path
):
    root = tmp_path / "project"
    root.mkdir()
    (root / "stack.yaml").write_text(PARENT)
    (root / "child.yaml").write_text(CHILD.format(fail="true"))
    (root / "alone.yaml").write_text(PARENT)
    name = live_heat.stack_name("editor-fails")
    body = bundle(root / "stack.yaml").request_body(stack_name=name)
    assert live_heat.request("POST", "stacks", json=body).status == 201
    for _ in range(600):
        status = live_heat.request("GET", f"stacks/{name}").body["stack"]["stack_status"]
        if not status.endswith("IN_PROGRESS"):
            break
        await asyncio.sleep(0.2)
    assert status == "CREATE_FAILED"
    env = live_heat.env()
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    options = {"hotLsp": {"cloud": live_heat.cloud, "stacks": {"stack.yaml": name}}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **env) as client:
        parent = open_file(client, root / "stack.yaml")
        child = open_file(client, root / "child.yaml")
        alone = open_file(client, root / "alone.yaml")
        (in_parent,) = await until(lambda: failures_in(client, parent))
        (in_child,) = await until(lambda: failures_in(client, child))
        assert in_parent.range.start == types.Position(line=4, character=2)  # `inner:` in stack.yaml
        assert in_child.range.start == types.Position(line=2, character=2)  # `inner_fail:` in child.yaml
        assert in_parent.severity == types.DiagnosticSeverity.Error
        said = (
            f"The deployed stack `{name}` (CREATE_FAILED): `inner_fail` inside `inner` (child.yaml) is CREATE_FAILED: "
        )
        assert in_parent.message.startswith(said)
        assert "Test Resource failed inner_fail" in in_child.message and "CREATE_FAILED" in in_child.message
        answer = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="hot-lsp.failures", arguments=[{"uri": parent}])
        )
        (item,) = answer["failures"]
        assert (item["resource_name"], item["parent"], Path(item["file"]).name) == ("inner_fail", "inner", "child.yaml")
        assert item["range"]["start"] == {"line": 2, "character": 2}
        assert [Path(v["file"]).name for v in item["via"]] == ["stack.yaml"]
        await asyncio.sleep(0.5)
        assert failures_in(client, alone) == []  # not mapped: nothing asked, nothing shown

        # The fix, deployed: the update completes, and a refresh clears them.
        (root / "child.yaml").write_text(CHILD.format(fail="false"))
        stack_id = live_heat.request("GET", f"stacks/{name}").body["stack"]["id"]
        update = bundle(root / "stack.yaml").request_body()
        assert live_heat.request("PUT", f"stacks/{name}/{stack_id}", json=update).status == 202
        live_heat.wait_stack(name, "UPDATE_COMPLETE")
        answer = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="hot-lsp.failures", arguments=[{"uri": parent}])
        )
        assert answer == {"stack": name, "status": "UPDATE_COMPLETE", "failures": []}
        await until(lambda: not failures_in(client, parent) and not failures_in(client, child))
    live_heat.delete_stack(name)
