"""The what-if against the deployed stack (``hotLsp.whatIf.against: "stack"``, server/what_if_stack.py): the saved
template against the stack read back from the cloud, decided by ``cloud/update_preview.exact_preview``, on the
cloud's background threads. Here the cloud is a stand-in that hands over a deployed stack (the live path's own
reading is tested against the local Heat in tests/live)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from hot_lsp.analysis.validate import analyze
from hot_lsp.cloud import deployed
from hot_lsp.cloud.deployed import DeployedStack
from hot_lsp.cloud.stacks import StackState
from hot_lsp.features.settings import Settings
from hot_lsp.features.snapshot import Snapshot
from hot_lsp.features.what_if import what_if_diagnostics
from hot_lsp.server.what_if_stack import compare_with_stack

DEPLOYED = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "server": {
            "type": "OS::Nova::Server",
            "properties": {"image": "cirros", "flavor": "m1.small", "key_name": "old-key"},
        }
    },
}
SAVED = """\
heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
      key_name: new-key
"""


class Cloud:
    """The session's CloudSession as the what-if uses it."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.failures: list[BaseException] = []

    def stack_of(self, uri: str) -> str | None:
        return "web"

    def connection(self, cloud: str) -> object:
        self.asked.append(cloud)
        return object()

    async def in_background(self, cloud: str, call: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(None, call, *args)

    def said_failure(self, cloud: str, error: BaseException, *, uri: str = "") -> None:
        self.failures.append(error)

    def succeeded(self, cloud: str) -> None:
        pass


class Session:
    def __init__(self) -> None:
        self.settings = Settings(cloud="mycloud", stacks={"*.yaml": "web"}, what_if="stack")
        self.cloud = Cloud()


def stack(statuses: dict[str, str], created: frozenset[str] | None = None) -> DeployedStack:
    """The deployed stack; ``created``: the resources with a physical id (all of them unless said)."""
    state = StackState("web/39c4", "web", "CREATE_COMPLETE", "")
    made = frozenset(statuses) if created is None else created
    return DeployedStack(state, DEPLOYED, {}, {"parameters": {}}, statuses, made)


@pytest.mark.asyncio
async def test_the_saved_file_against_the_deployed_stack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "web.yaml"
    path.write_text(SAVED)
    monkeypatch.setattr(deployed, "deployed_stack", lambda heat, name: stack({"server": "CREATE_COMPLETE"}))
    session = Session()
    analysis = analyze(SAVED)
    snapshot = Snapshot(path.as_uri(), 1, analysis, analysis, "utf-16", session.settings)
    found = await compare_with_stack(session, path.as_uri(), snapshot, str(path), (), {})
    assert session.cloud.asked == ["mycloud"]
    assert found is not None and not isinstance(found, str)
    [(code, where, message)] = [
        (d.code, SAVED[snapshot.offset(d.range.start) : snapshot.offset(d.range.end)], d.message)
        for d in what_if_diagnostics(snapshot, found)
    ]
    assert (code, where) == ("W9801", "key_name")
    assert message.startswith("Updating from the deployed stack replaces `server`")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("created", "code", "said"),
    [
        # Never made (no physical id): replaced whatever the edit (resource.py:1371-1376).
        (frozenset(), "W9801", "CREATE_FAILED on the cloud: Heat replaces it whatever the edit"),
        # Made: Heat asks Nova whether the server is in ERROR first (nova/server.py:1404-1412).
        (frozenset({"server"}), "I9805", "replaced if Nova no longer has it or holds it in error, else unchanged"),
    ],
    ids=["never-made", "made"],
)
async def test_a_failed_resource_is_replaced_whatever_the_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, created: frozenset[str], code: str, said: str
):
    path = tmp_path / "web.yaml"
    text = SAVED.replace("new-key", "old-key")
    path.write_text(text)
    monkeypatch.setattr(deployed, "deployed_stack", lambda heat, name: stack({"server": "CREATE_FAILED"}, created))
    session = Session()
    analysis = analyze(text)
    snapshot = Snapshot(path.as_uri(), 1, analysis, analysis, "utf-16", session.settings)
    found = await compare_with_stack(session, path.as_uri(), snapshot, str(path), (), {})
    assert found is not None and not isinstance(found, str)
    [diagnostic] = what_if_diagnostics(snapshot, found)
    assert diagnostic.code == code and said in diagnostic.message, diagnostic.message
    assert text[snapshot.offset(diagnostic.range.start) : snapshot.offset(diagnostic.range.end)] == "server"


@pytest.mark.asyncio
async def test_no_stack_mapped_is_said(tmp_path: Path):
    session = Session()
    session.cloud.stack_of = lambda uri: None  # type: ignore[method-assign]
    analysis = analyze(SAVED)
    snapshot = Snapshot("file:///t/web.yaml", 1, analysis, analysis, "utf-16", session.settings)
    found = await compare_with_stack(session, "file:///t/web.yaml", snapshot, "/t/web.yaml", (), {})
    assert isinstance(found, str) and "no stack is mapped" in found
