"""Nested stacks through the real server: ``hot/resourceList`` with ``nestedDepth`` on the corpus's TripleO
tree (its registry from ``hotLsp.environments``), and document symbols with nested resources as children."""

from __future__ import annotations

import contextlib
import textwrap
from pathlib import Path
from typing import Any

import pytest
from lsp_session import CLIENTS, open_document, plain, server_config
from lsprotocol import types
from nested_trees import IN_PLACE_COUNTS, OVERCLOUD, REGISTRY, TRIPLEO_RENDERED
from pytest_lsp import client_capabilities
from shared_paths import needs_corpus

pytestmark = pytest.mark.asyncio


@contextlib.asynccontextmanager
async def workspace_session(client_name: str, folder: Path, options: Any = None):
    """A server whose one workspace folder is ``folder`` (the nested files are read from disk)."""
    client = await server_config().start()
    client.client_name = client_name
    params = types.InitializeParams(
        capabilities=client_capabilities(client_name),
        root_uri=folder.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)],
        initialization_options=options,
    )
    try:
        client.init_result = await client.initialize_session(params)
        yield client
        await client.shutdown_session()
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()
        await client.stop()


async def resource_list(client, uri: str, depth: Any = None) -> list[dict[str, Any]]:
    params: dict[str, Any] = {"textDocument": {"uri": uri}}
    if depth is not None:
        params["nestedDepth"] = depth
    answer = plain(await client.protocol.send_request_async("hot/resourceList", params))
    return answer["resources"]


@needs_corpus
async def test_resource_list_of_the_tripleo_overcloud_at_each_depth():
    options = {"hotLsp": {"environments": [REGISTRY.name]}}
    async with workspace_session("visual-studio-code", TRIPLEO_RENDERED, options) as client:
        uri = OVERCLOUD.as_uri()
        open_document(client, uri, OVERCLOUD.read_text())
        assert len(await resource_list(client, uri, 0)) == IN_PLACE_COUNTS[0]
        assert len(await resource_list(client, uri)) == IN_PLACE_COUNTS[1]  # hotLsp.nestedDepth, default 1
        rows = await resource_list(client, uri, "MAX")
        assert len(rows) == IN_PLACE_COUNTS[5]
        assert len(await resource_list(client, uri, 42)) == IN_PLACE_COUNTS[5]  # never past Heat's limit
        role = str(TRIPLEO_RENDERED / "common/services/controller-role.yaml")
        chain = next(r for r in rows if r["resource_name"] == "ServiceChain")
        assert (chain["parent"], chain["nested_template"], chain["file"], chain["depth"]) == (
            "ControllerServiceChain",
            role,
            role,
            1,
        )
        assert chain["range"]["start"]["line"] == next(
            number for number, line in enumerate(Path(role).read_text().splitlines()) if line == "  ServiceChain:"
        )
        missing = next(r for r in rows if r["resource_name"] == "ServiceNetMap")
        assert missing["note"] == f"not found (looked for {TRIPLEO_RENDERED / 'network/service_net_map.yaml'})"


@needs_corpus
async def test_without_the_environment_the_registry_types_are_not_nested():
    async with workspace_session("neovim@v0.11.0", TRIPLEO_RENDERED, {"nestedDepth": 0}) as client:
        uri = OVERCLOUD.as_uri()
        open_document(client, uri, OVERCLOUD.read_text())
        rows = await resource_list(client, uri)  # nestedDepth 0 from the settings
        assert len(rows) == IN_PLACE_COUNTS[0]
        assert "child_template" not in next(r for r in rows if r["resource_name"] == "ControllerServiceChain")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return path


TOP = """
heat_template_version: 2016-10-14
resources:
  net:
    type: OS::Neutron::Net
  stack:
    type: child.yaml
    properties: {flag: on}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def: {type: OS::Heat::None}
  far:
    type: ../outside.yaml
"""
CHILD = """
heat_template_version: 2016-10-14
parameters:
  flag: {type: boolean, default: false}
conditions:
  flagged: {get_param: flag}
resources:
  inner:
    type: grandchild.yaml
    condition: flagged
"""
GRANDCHILD = """
heat_template_version: 2016-10-14
resources:
  deepest: {type: OS::Heat::None}
"""


@pytest.fixture
def small_tree(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    write(folder, "top.yaml", TOP)
    write(folder, "child.yaml", CHILD)
    write(folder, "grandchild.yaml", GRANDCHILD)
    write(tmp_path, "outside.yaml", GRANDCHILD)
    return folder


async def test_resource_list_reads_inside_the_workspace_only(small_tree: Path):
    async with workspace_session("neovim@v0.7.0", small_tree) as client:
        uri = (small_tree / "top.yaml").as_uri()
        open_document(client, uri, (small_tree / "top.yaml").read_text())
        rows = await resource_list(client, uri, 2)
        names = [(r["resource_name"], r["depth"], r["enabled"]) for r in rows]
        assert names == [
            ("net", 0, True),
            ("stack", 0, True),
            ("inner", 1, True),  # the parent's property made the child's condition true
            ("deepest", 2, True),
            ("group", 0, True),
            ("0", 1, True),
            ("1", 1, True),
            ("far", 0, True),
        ]
        far = rows[-1]
        assert "outside the folders hot-lsp reads" in far["note"] and "children" not in far
        with pytest.raises(Exception, match="nestedDepth"):
            await client.protocol.send_request_async(
                "hot/resourceList", {"textDocument": {"uri": uri}, "nestedDepth": -1}
            )


def span(text: str, rng: types.Range) -> str:
    lines = text.splitlines(keepends=True)
    start = sum(len(line) for line in lines[: rng.start.line]) + rng.start.character
    end = sum(len(line) for line in lines[: rng.end.line]) + rng.end.character
    return text[start:end]


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_document_symbols_show_nested_resources(small_tree: Path, client_name: str):
    async with workspace_session(client_name, small_tree) as client:
        uri = (small_tree / "top.yaml").as_uri()
        text = (small_tree / "top.yaml").read_text()
        open_document(client, uri, text)
        symbols = await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        if symbols and isinstance(symbols[0], types.SymbolInformation):  # Neovim 0.7: a flat list
            flat = {(s.name, s.container_name) for s in symbols}
            assert {("inner", "stack"), ("0", "group"), ("1", "group")} <= flat
            assert ("deepest", "inner") not in flat  # hotLsp.nestedDepth defaults to 1
            return
        resources = next(s for s in symbols if s.name == "resources")
        by_name = {s.name: s for s in resources.children}
        stack = by_name["stack"]
        (inner,) = stack.children
        # Written in child.yaml: the symbol stays inside this document, at its parent's place.
        assert (inner.range, inner.selection_range) == (stack.range, stack.selection_range)
        assert inner.detail == "grandchild.yaml (child.yaml)" and inner.children is None
        members = by_name["group"].children
        assert [m.name for m in members] == ["0", "1"]
        assert span(text, members[0].selection_range) == "OS::Heat::None"  # the members' type, in this file
        assert by_name["net"].children is None
