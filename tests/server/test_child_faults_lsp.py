"""E7020 through the real server: with ``hotLsp.environments`` naming the stack's environment files, a nested
template's fault is shown at the parent's resource in Heat's words (the bundle recording's), and the parent is
judged again when the child is edited in the editor."""

from __future__ import annotations

from pathlib import Path

import pytest
from bundle_cases import write_case
from lsp_session import change_document, open_document, session, wait_for_publish
from lsprotocol import types

pytestmark = pytest.mark.asyncio


def _with_code(params: types.PublishDiagnosticsParams, code: str) -> list[types.Diagnostic]:
    return [d for d in params.diagnostics if d.code == code]


async def test_a_childs_fault_is_shown_at_the_parent_and_goes_when_the_child_is_fixed(tmp_path: Path):
    case, environments = write_case(tmp_path, "type-path#child_output_get_attr_missing")
    heat_prefix = case["heat_says"].split(".outputs", 1)[0]  # resources.box<file://lib/box.yaml>
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        uri = main.as_uri()
        open_document(client, uri, main.read_text())
        found = await wait_for_publish(client, uri, lambda p: bool(_with_code(p, "E7020")))
        (diagnostic,) = _with_code(found, "E7020")
        assert diagnostic.message.startswith(heat_prefix + ": ")
        assert 'The specified reference "no_such_resource"' in diagnostic.message
        assert "[lib/box.yaml:" in diagnostic.message
        assert main.read_text().splitlines()[diagnostic.range.start.line].strip().startswith("type: lib/box.yaml")

        child = tmp_path / "lib" / "box.yaml"
        child_uri = child.as_uri()
        broken = child.read_text()
        open_document(client, child_uri, broken)
        fixed = "\n".join(
            line for line in broken.splitlines() if "no_such_resource" not in line and "extra:" not in line
        )
        change_document(client, child_uri, 2, [(None, fixed + "\n")])
        change_document(client, uri, 2, [(None, main.read_text() + "\n")])
        await wait_for_publish(client, uri, lambda p: p.version == 2 and not _with_code(p, "E7020"))


async def test_a_group_members_fault_is_shown_at_the_member_type(tmp_path: Path):
    case, environments = write_case(tmp_path, "group#child_unknown_property")
    # Property error: resources.workers<nested_stack>.resources.0<file://worker.yaml>.resources.token.properties: ...
    heat_prefix = case["heat_says"].removeprefix("Property error: ").split(".resources.token", 1)[0]
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        uri = main.as_uri()
        open_document(client, uri, main.read_text())
        found = await wait_for_publish(client, uri, lambda p: bool(_with_code(p, "E7020")))
        (diagnostic,) = _with_code(found, "E7020")
        assert diagnostic.message.startswith(heat_prefix + ": ")
        assert "Unknown Property colour" in diagnostic.message and "[worker.yaml:" in diagnostic.message
        assert "worker.yaml" in main.read_text().splitlines()[diagnostic.range.start.line]
