"""The editor's `hot-lsp.deploy` and `hot-lsp.events` (issue 32, item 4) through the real server and the real Heat.
The deploy asks first with `window/showMessageRequest`, the preview's counts in the question: the test answers as
the user would. Cancel sends nothing (the stack does not exist afterwards); Deploy creates it, each event said in
the work-done progress; a failing update answers its failure located in the nested file, and the E9903
diagnostics follow. `hot-lsp.events` lists the API's events."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from live_support import LiveHeat
from lsprotocol import types
from pygls.exceptions import JsonRpcException

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from lsp_session import session  # noqa: E402
from test_editor_failures_live import CHILD, PARENT, failures_in, open_file, until  # noqa: E402

pytestmark = pytest.mark.asyncio

CLIENT = "visual-studio-code"  # push diagnostics, work-done progress


class User:
    """Answers the server's showMessageRequest with ``choice``, keeping each question."""

    def __init__(self) -> None:
        self.choice = "Cancel"
        self.asked: list[types.ShowMessageRequestParams] = []

    def answer(self, client: Any, params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        self.asked.append(params)
        return types.MessageActionItem(title=self.choice)


async def run(client: Any, command: str, **argument: Any) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=[argument])
    )


async def test_deploy_asks_first_then_creates_and_reports_a_failure_located(live_heat: LiveHeat, tmp_path: Path):
    root = tmp_path / "project"
    root.mkdir()
    (root / "stack.yaml").write_text(PARENT)
    (root / "child.yaml").write_text(CHILD.format(fail="false"))
    name = live_heat.stack_name("editor-deploy")
    env = live_heat.env()
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    options = {"hotLsp": {"cloud": live_heat.cloud, "stacks": {"stack.yaml": name}}}
    user = User()
    async with session(CLIENT, options, root_uri=root.as_uri(), **env) as client:
        client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)(lambda params: user.answer(client, params))
        parent = open_file(client, root / "stack.yaml")
        child = open_file(client, root / "child.yaml")
        try:
            # A dry run: what it would do, nothing asked nor sent.
            plan = await run(client, "hot-lsp.deploy", uri=parent, dryRun=True)
            assert (plan["action"], plan["counts"], plan["deployed"]) == ("create", "2 added", False)
            assert {row["resource_name"] for row in plan["preview"]["added"]} == {"fine", "inner_fail"}
            assert user.asked == [] and live_heat.request("GET", f"stacks/{name}").status == 404

            # Cancel: nothing is sent.
            answer = await run(client, "hot-lsp.deploy", uri=parent)
            assert answer == {"stack": name, "action": "create", "deployed": False, "status": None, "failures": []}
            (question,) = user.asked
            assert question.message == f"hot-lsp: Deploy stack {name} on {live_heat.cloud} (create): 2 added?"
            assert [action.title for action in question.actions or []] == ["Deploy", "Cancel"]
            assert live_heat.request("GET", f"stacks/{name}").status == 404

            # Deploy: created, each event said in the progress.
            user.choice = "Deploy"
            loop = asyncio.get_running_loop()
            began = loop.time()
            answer = await run(client, "hot-lsp.deploy", uri=parent, confirmed=True)
            print(f"\nhot-lsp.deploy (create, asked first): {loop.time() - began:.1f} s")
            assert answer == {
                "stack": name,
                "status": "CREATE_COMPLETE",
                "failures": [],
                "action": "create",
                "deployed": True,
            }
            reports = [
                getattr(value, "message", "")
                for token, values in client.progress_reports.items()
                if str(token).startswith("hot-lsp-deploy-")
                for value in values
            ]
            assert f"{name}: CREATE_COMPLETE: Stack CREATE completed successfully" in reports
            assert any(
                report.startswith(f"[{name}-inner-") and "inner_fail: CREATE_COMPLETE" in report for report in reports
            )

            # Events: the API's, oldest first.
            began = loop.time()
            events = await run(client, "hot-lsp.events", uri=parent, nestedDepth=1)
            print(f"hot-lsp.events (nested depth 1): {(loop.time() - began) * 1000:.0f} ms")
            stack_id = live_heat.request("GET", f"stacks/{name}").body["stack"]["id"]
            api = live_heat.request("GET", f"stacks/{name}/{stack_id}/events?sort_dir=asc&nested_depth=1").body
            assert [e["id"] for e in events] == [e["id"] for e in api["events"]]
            top = await run(client, "hot-lsp.events", uri=parent)
            assert all(not e["nested"] for e in top) and len(top) < len(events)

            # A failing update: asked with the real update's counts, then the failure located in child.yaml.
            (root / "child.yaml").write_text(CHILD.format(fail="true"))
            answer = await run(client, "hot-lsp.deploy", uri=parent)
            assert user.asked[-1].message.startswith(f"hot-lsp: Deploy stack {name} on {live_heat.cloud} (update): ")
            assert (answer["status"], answer["action"], answer["deployed"]) == ("UPDATE_FAILED", "update", True)
            (item,) = answer["failures"]
            assert (item["resource_name"], Path(item["file"]).name) == ("inner_fail", "child.yaml")
            assert item["range"]["start"] == {"line": 2, "character": 2}
            await until(lambda: failures_in(client, child) and failures_in(client, parent))

            # An unsaved edit is not what the cloud would get: refused.
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=parent, version=2),
                    content_changes=[types.TextDocumentContentChangeWholeDocument(text=PARENT + "# edited\n")],
                )
            )
            with pytest.raises(JsonRpcException, match="save the template first"):
                await run(client, "hot-lsp.deploy", uri=parent)
        finally:
            live_heat.delete_stack(name)
