"""The workspace through the real server: the index read at start (with work-done progress), parents re-checked
when a child changes (open text or file on disk), and the cross-file features (definition, hover, completion,
references and rename of a child's parameters), on small trees written to a temporary workspace folder and on
the corpus's real TripleO and Magnum trees."""

from __future__ import annotations

import asyncio
import contextlib
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from lsp_session import (
    CLIENTS,
    change_document,
    covered,
    encoding,
    open_document,
    plain,
    position_of,
    pulls,
    server_config,
    wait_for_publish,
)
from lsprotocol import types
from nested_trees import KUBECLUSTER, MAGNUM_K8S, OVERCLOUD, REGISTRY, TRIPLEO_RENDERED
from pytest_lsp import client_capabilities
from shared_paths import needs_corpus

pytestmark = pytest.mark.asyncio

WAIT_S = 20.0

PARENT = """
heat_template_version: 2016-10-14
resources:
  stack:
    type: child.yaml
    properties:
      name: web
      bogus: 1
  mapped:
    type: My::Child
    properties: {"zürich": 1, name: db}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: child.yaml
        properties:
          name: member
"""
CHILD = """
heat_template_version: 2016-10-14
description: The child.
parameters:
  name:
    type: string
    description: What to call it.
  size: {type: number, default: 1}
resources:
  value:
    type: OS::Heat::Value
    properties:
      value: {get_param: name}
outputs:
  shown:
    value: {get_param: name}
"""
ENVIRONMENT = """
resource_registry:
  My::Child: child.yaml
parameter_defaults:
  name: from-env
  nowhere: 1
"""
OPTIONS = {"hotLsp": {"environments": ["env.yaml"]}}
BOGUS = "  bogus: {type: number, default: 0}\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    write(folder, "parent.yaml", PARENT)
    write(folder, "child.yaml", CHILD)
    write(folder, "env.yaml", ENVIRONMENT)
    write(folder, "notes/other.yaml", "just: yaml\n")
    return folder


@contextlib.asynccontextmanager
async def workspace(client_name: str, folder: Path, options: Any = None, *, progress: bool = True):
    """A server whose one workspace folder is ``folder``; ``progress=False`` takes work-done progress support out
    of the client's capabilities."""
    client = await server_config().start()
    client.client_name = client_name
    capabilities = client_capabilities(client_name)
    if not progress:
        capabilities = attrs.evolve(capabilities, window=attrs.evolve(capabilities.window, work_done_progress=False))
    params = types.InitializeParams(
        capabilities=capabilities,
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


def open_file(client, path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    open_document(client, path.as_uri(), text)
    return path.as_uri(), text


def at(text: str, needle: str, client, delta: int = 1) -> types.Position:
    """The position ``delta`` characters into the first ``needle`` of ``text``."""
    return position_of(text, text.index(needle) + delta, encoding(client))


async def indexed(client, name: str) -> None:
    """Until the index has a template declaring ``name`` that no open document declares (a workspace symbol)."""
    deadline = asyncio.get_running_loop().time() + WAIT_S
    while asyncio.get_running_loop().time() < deadline:
        found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=name))
        if any(symbol.name == name for symbol in found or []):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the index never showed {name}")


async def codes_eventually(client, uri: str, accept, version: int = 1) -> list[str]:
    """The diagnostic codes of ``uri`` once ``accept(codes)`` holds: pushed from now on, or pulled until then."""
    deadline = asyncio.get_running_loop().time() + WAIT_S
    seen = len(client.published)
    while True:
        if pulls(client):
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
            )
            if report.kind == "full" and accept(codes := [d.code for d in report.items]):
                return codes
        else:
            for params in client.published[seen:]:
                if (
                    params.uri == uri
                    and params.version == version
                    and accept(codes := [d.code for d in params.diagnostics])
                ):
                    return codes
            seen = len(client.published)
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{uri}: no diagnostics as expected within {WAIT_S}s")
        await asyncio.sleep(0.05)


# -- indexing -------------------------------------------------------------------------------------------------


async def test_indexing_reports_progress_when_the_client_supports_it(tree: Path):
    async with workspace("visual-studio-code", tree) as client:
        await indexed(client, "size")  # child.yaml's parameter, from the index: child.yaml is not open
        deadline = asyncio.get_running_loop().time() + WAIT_S
        while not any(isinstance(v, types.WorkDoneProgressEnd) for r in client.progress_reports.values() for v in r):
            assert asyncio.get_running_loop().time() < deadline, client.progress_reports
            await asyncio.sleep(0.05)
        (reports,) = client.progress_reports.values()
        assert isinstance(reports[0], types.WorkDoneProgressBegin) and "indexing" in reports[0].title
        assert isinstance(reports[-1], types.WorkDoneProgressEnd)
        assert reports[-1].message == "3 HOT files"  # parent, child, env; notes/other.yaml is not HOT
        percentages = [r.percentage for r in reports if isinstance(r, types.WorkDoneProgressReport)]
        assert percentages and percentages[-1] == 100 and percentages == sorted(percentages)
        watched = [r for r in client.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
        assert watched and watched[0].register_options["watchers"][0]["globPattern"].startswith("**/*.{yaml")


async def test_no_progress_messages_without_client_support(tree: Path):
    async with workspace("neovim@v0.7.0", tree, progress=False) as client:
        await indexed(client, "size")
        assert client.progress_reports == {}
        assert not [r for r in client.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]


# -- parents re-checked ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_parent_follows_its_open_child_and_the_file_on_disk(tree: Path, client_name: str):
    async with workspace(client_name, tree, OPTIONS) as client:
        parent_uri, _ = open_file(client, tree / "parent.yaml")
        # Unknown properties: `bogus` of stack, `zürich` of mapped (both child.yaml's resources).
        await codes_eventually(client, parent_uri, lambda codes: codes.count("E3016") == 2)
        child_uri, child_text = open_file(client, tree / "child.yaml")
        # The open child learns the parameter `bogus`: the parent is checked again against the unsaved text.
        end = position_of(child_text, child_text.index("resources:"), encoding(client))
        change_document(client, child_uri, 2, [(types.Range(end, end), BOGUS)])
        await codes_eventually(client, parent_uri, lambda codes: codes.count("E3016") == 1)
        # Closed without saving: the file on disk counts again.
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=child_uri))
        )
        await codes_eventually(client, parent_uri, lambda codes: codes.count("E3016") == 2)
        # Changed on disk, as a watched-file event says.
        write(tree, "child.yaml", CHILD.replace("parameters:\n", "parameters:\n" + BOGUS))
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=child_uri, type=types.FileChangeType.Changed)]
            )
        )
        await codes_eventually(client, parent_uri, lambda codes: codes.count("E3016") == 1)


async def test_an_environment_warns_of_parameters_no_workspace_template_declares(tree: Path):
    async with workspace("visual-studio-code", tree, OPTIONS) as client:
        uri, text = open_file(client, tree / "env.yaml")
        found = await wait_for_publish(client, uri, lambda p: any(d.code == "W7015" for d in p.diagnostics), WAIT_S)
        warned = [covered(text, d, encoding(client)) for d in found.diagnostics if d.code == "W7015"]
        assert warned == ["nowhere"]  # `name` is child.yaml's, known from the index while child.yaml is closed
        # Outside the workspace folders the templates it goes with are not known: nothing is said.
        outside, _ = open_file(client, write(tree.parent, "outside-env.yaml", ENVIRONMENT))
        assert "W7015" not in await codes_eventually(client, outside, lambda codes: True)


# -- cross-file features --------------------------------------------------------------------------------------


def spans(client, results: list[types.Location], folder: Path) -> list[tuple[str, str]]:
    """(file name, covered text) of each location, reading the files from disk."""
    found = []
    for location in results:
        path = Path(location.uri.removeprefix("file://"))
        found.append(
            (str(path.relative_to(folder)), covered(path.read_text(), _diagnostic(location), encoding(client)))
        )
    return sorted(found)


def _diagnostic(location: types.Location) -> types.Diagnostic:
    return types.Diagnostic(range=location.range, message="")


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_definition_hover_and_completion_reach_the_child(tree: Path, client_name: str):
    async with workspace(client_name, tree, OPTIONS) as client:
        uri, text = open_file(client, tree / "parent.yaml")
        document = types.TextDocumentIdentifier(uri=uri)

        async def definition(needle: str, delta: int = 1) -> list[tuple[str, str]]:
            found = await client.text_document_definition_async(
                types.DefinitionParams(document, at(text, needle, client, delta))
            )
            return spans(client, found or [], tree)

        assert await definition("My::Child") == [("child.yaml", "")]  # mapped by env.yaml: the file's start
        assert await definition("name: web") == [("child.yaml", "name")]  # a property: the child's parameter
        assert await definition("name: db") == [("child.yaml", "name")]  # after a non-ASCII key on the line
        assert await definition("name: member") == [("child.yaml", "name")]  # a group member's property
        assert await definition("child.yaml\n        properties", 2) == [("child.yaml", "")]  # a member's type

        hovered = await client.text_document_hover_async(types.HoverParams(document, at(text, "My::Child", client)))
        shown = hovered.contents.value
        assert "template resource" in shown and "child.yaml" in shown and "env.yaml" in shown
        assert "`name`" in shown and "required" in shown and "`size`" in shown and "`shown`" in shown
        hovered = await client.text_document_hover_async(types.HoverParams(document, at(text, "name: web", client)))
        assert "What to call it." in hovered.contents.value and "string" in hovered.contents.value

        edited = text.replace("      bogus: 1\n", "      s\n")
        change_document(client, uri, 2, [(None, edited)])
        listed = await client.text_document_completion_async(
            types.CompletionParams(document, at(edited, "      s\n", client, 7))
        )
        labels = [item.label for item in listed.items]
        assert "size" in labels and "name" not in labels  # `name` is written already


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_references_and_rename_of_a_child_parameter(tree: Path, client_name: str):
    async with workspace(client_name, tree, OPTIONS) as client:
        await indexed(client, "size")
        uri, text = open_file(client, tree / "parent.yaml")
        document = types.TextDocumentIdentifier(uri=uri)
        expected = [
            ("child.yaml", "name"),  # the declaration
            ("child.yaml", "name"),  # get_param in a resource
            ("child.yaml", "name"),  # get_param in an output
            ("env.yaml", "name"),  # parameter_defaults of the environment mapping My::Child
            ("parent.yaml", "name"),
            ("parent.yaml", "name"),
            ("parent.yaml", "name"),
        ]
        found = await client.text_document_references_async(
            types.ReferenceParams(
                context=types.ReferenceContext(include_declaration=True),
                text_document=document,
                position=at(text, "name: web", client),
            )
        )
        assert spans(client, found, tree) == expected

        # From the child's own declaration, the child not open: the same places.
        child_uri, child_text = open_file(client, tree / "child.yaml")
        found = await client.text_document_references_async(
            types.ReferenceParams(
                context=types.ReferenceContext(include_declaration=True),
                text_document=types.TextDocumentIdentifier(uri=child_uri),
                position=at(child_text, "name:", client),
            )
        )
        assert spans(client, found, tree) == expected

        prepared = await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(document, at(text, "name: db", client))
        )
        if prepared is not None:  # clients without prepareRename support get a plain answer
            assert getattr(prepared, "placeholder", "name") == "name"
        edit = await client.text_document_rename_async(
            types.RenameParams(document, at(text, "name: db", client), "title")
        )
        changed = {
            Path(u.removeprefix("file://")).name: sorted(e.range.start.line for e in v) for u, v in edit.changes.items()
        }
        assert changed == {"child.yaml": [3, 11, 14], "env.yaml": [3], "parent.yaml": [5, 9, 17]}
        assert {e.new_text for edits in edit.changes.values() for e in edits} == {"title"}
        refused = await client.text_document_rename_async(
            types.RenameParams(document, at(text, "name: db", client), "size")
        )
        assert refused is None  # child.yaml has a parameter `size` already


# -- the corpus ------------------------------------------------------------------------------------------------


@needs_corpus
async def test_definition_across_files_in_the_tripleo_tree():
    options = {"hotLsp": {"environments": [REGISTRY.name]}}
    async with workspace("visual-studio-code", TRIPLEO_RENDERED, options) as client:
        uri, text = open_file(client, OVERCLOUD)
        document = types.TextDocumentIdentifier(uri=uri)
        needle = "type: OS::TripleO::ControllerServices"
        found = await client.text_document_definition_async(
            types.DefinitionParams(document, at(text, needle, client, len("type: ") + 1))
        )
        assert [location.uri for location in found] == [
            (TRIPLEO_RENDERED / "common/services/controller-role.yaml").as_uri()
        ]
        # A property of that resource: the role's parameter of the same name.
        key = text.index("      ServiceData:", text.index(needle)) + len("      ")
        found = await client.text_document_definition_async(
            types.DefinitionParams(document, position_of(text, key + 1, encoding(client)))
        )
        role = TRIPLEO_RENDERED / "common/services/controller-role.yaml"
        assert [location.uri for location in found] == [role.as_uri()]
        assert role.read_text().splitlines()[found[0].range.start.line] == "  ServiceData:"


@needs_corpus
async def test_definition_from_kubecluster_to_kubemaster():
    async with workspace("neovim@v0.11.0", MAGNUM_K8S) as client:
        uri, text = open_file(client, KUBECLUSTER)
        document = types.TextDocumentIdentifier(uri=uri)
        found = await client.text_document_definition_async(
            types.DefinitionParams(document, at(text, "type: kubemaster.yaml", client, len("type: ") + 1))
        )
        assert [location.uri for location in found] == [(MAGNUM_K8S / "kubemaster.yaml").as_uri()]
        hovered = await client.text_document_hover_async(
            types.HoverParams(document, at(text, "type: kubemaster.yaml", client, len("type: ") + 1))
        )
        assert "template resource" in hovered.contents.value and "kubemaster.yaml" in hovered.contents.value


# -- hotLsp.nestedDepth "MAX" -----------------------------------------------------------------------------------


@pytest.mark.parametrize("depth, deepest", [(1, 1), ("MAX", 2), ("max", 2), ("deep", 1)])
async def test_nested_depth_max_reaches_the_bottom_of_the_tree(tmp_path: Path, depth: Any, deepest: int):
    write(tmp_path, "top.yaml", "heat_template_version: 2016-10-14\nresources:\n  a: {type: middle.yaml}\n")
    write(tmp_path, "middle.yaml", "heat_template_version: 2016-10-14\nresources:\n  b: {type: bottom.yaml}\n")
    write(tmp_path, "bottom.yaml", "heat_template_version: 2016-10-14\nresources:\n  c: {type: OS::Heat::None}\n")
    async with workspace("neovim@v0.11.0", tmp_path, {"hotLsp": {"nestedDepth": depth}}) as client:
        uri, _ = open_file(client, tmp_path / "top.yaml")
        answer = plain(await client.protocol.send_request_async("hot/resourceList", {"textDocument": {"uri": uri}}))
        rows = [row["resource_name"] for row in answer["resources"]]
        assert rows == ["a", "b", "c"][: deepest + 1]  # "deep" is not a depth: the default, 1


async def test_the_resource_list_follows_an_open_childs_unsaved_text(tmp_path: Path):
    write(tmp_path, "top.yaml", "heat_template_version: 2016-10-14\nresources:\n  a: {type: middle.yaml}\n")
    write(tmp_path, "middle.yaml", "heat_template_version: 2016-10-14\nresources:\n  b: {type: OS::Heat::None}\n")
    async with workspace("neovim@v0.11.0", tmp_path) as client:
        uri, _ = open_file(client, tmp_path / "top.yaml")
        request = {"textDocument": {"uri": uri}, "nestedDepth": 1}

        async def names() -> list[str]:
            answer = plain(await client.protocol.send_request_async("hot/resourceList", request))
            return [row["resource_name"] for row in answer["resources"]]

        assert await names() == ["a", "b"]
        child_uri, child_text = open_file(client, tmp_path / "middle.yaml")
        start = position_of(child_text, child_text.index("  b:"), encoding(client))
        change_document(client, child_uri, 2, [(types.Range(start, start), "  renamed: {type: OS::Heat::None}\n")])
        assert await names() == ["a", "renamed", "b"]  # the buffer, not the file on disk
