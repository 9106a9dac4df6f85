"""Environment files end to end, through the real server under each client's capabilities: diagnostics, completion
of a type in the registry, hover, definition from a registry path to its file, and document links. The files are
real ones in a temporary tree, opened by their file: uris."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import completion_items, covered, cursor, diagnostics, encoding, open_document, position_of
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

ENVIRONMENT = """\
# café ☕ 𝄞: multi-byte text keeps the position encodings honest
resource_registry:
  OS::TripleO::Web: ../templates/web.yaml
  OS::TripleO::Missing: ../templates/missing.yaml
  My::Server: OS::Nova::Servr
  resources:
    web:
      hooks: pre-craete
parameter_defaults:
  WebFlavor: m1.small
encrypted_parameters: [DbPassword]
"""
WEB = """\
heat_template_version: 2018-08-31
parameters:
  WebFlavor: {type: string, description: Flavor of the web servers}
resources: {}
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "web.yaml").write_text(WEB)
    (tmp_path / "environments").mkdir()
    (tmp_path / "environments" / "env.yaml").write_text(ENVIRONMENT)
    return tmp_path


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, enc: str, into: int = 1) -> types.Position:
    return position_of(text, text.index(needle) + into, enc)


async def opened(client: LanguageClient, tree: Path, text: str = ENVIRONMENT) -> tuple[str, list[types.Diagnostic]]:
    uri = (tree / "environments" / "env.yaml").as_uri()
    open_document(client, uri, text)
    return uri, await diagnostics(client, uri, 1)


async def test_diagnostics_of_an_environment_file(client: LanguageClient, tree: Path):
    enc = encoding(client)
    _, found = await opened(client, tree)
    shown = sorted((d.code, covered(ENVIRONMENT, d, enc), d.severity) for d in found)
    assert shown == [
        ("E7001", "encrypted_parameters", types.DiagnosticSeverity.Error),
        ("E7006", "pre-craete", types.DiagnosticSeverity.Error),
        ("W7008", "../templates/missing.yaml", types.DiagnosticSeverity.Warning),
        ("W7010", "OS::Nova::Servr", types.DiagnosticSeverity.Warning),
    ]
    missing = next(d for d in found if d.code == "W7008")
    assert str(tree / "templates" / "missing.yaml") in missing.message


async def test_completion_of_a_type_in_the_registry(client: LanguageClient, tree: Path):
    enc = encoding(client)
    text, position = cursor(ENVIRONMENT.replace("OS::Nova::Servr", "OS::Nova::Se$0"), enc)
    uri, _ = await opened(client, tree, text)
    result = await client.text_document_completion_async(types.CompletionParams(doc(uri), position))
    assert result is not None
    items = {item.label: item for item in completion_items(result)}
    assert "OS::Nova::Server" in items
    edit = items["OS::Nova::Server"].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.new_text == "OS::Nova::Server"
    assert edit.range.start.character == position.character - len("OS::Nova::Se")


async def test_completion_of_parameter_names(client: LanguageClient, tree: Path):
    enc = encoding(client)
    text, position = cursor(ENVIRONMENT.replace("  WebFlavor: m1.small", "  Web$0"), enc)
    uri, _ = await opened(client, tree, text)
    result = await client.text_document_completion_async(types.CompletionParams(doc(uri), position))
    assert result is not None
    labels = {item.label for item in (result.items if isinstance(result, types.CompletionList) else result)}
    assert "WebFlavor" in labels


async def test_hover_on_a_parameter_default(client: LanguageClient, tree: Path):
    enc = encoding(client)
    uri, _ = await opened(client, tree)
    result = await client.text_document_hover_async(
        types.HoverParams(doc(uri), at(ENVIRONMENT, "WebFlavor: m1", enc, into=3))
    )
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    assert "Flavor of the web servers" in result.contents.value


async def test_definition_from_a_registry_path_to_its_file(client: LanguageClient, tree: Path):
    enc = encoding(client)
    uri, _ = await opened(client, tree)
    result = await client.text_document_definition_async(
        types.DefinitionParams(doc(uri), at(ENVIRONMENT, "web.yaml", enc, into=2))
    )
    assert result is not None and len(result) == 1
    location = result[0]
    target = location.target_uri if isinstance(location, types.LocationLink) else location.uri
    assert target == (tree / "templates" / "web.yaml").as_uri()


async def test_document_links_of_the_registry(client: LanguageClient, tree: Path):
    enc = encoding(client)
    uri, _ = await opened(client, tree)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(doc(uri)))
    assert [(link.range.start, link.target) for link in links or []] == [
        (at(ENVIRONMENT, "../templates/web.yaml", enc, into=0), (tree / "templates" / "web.yaml").as_uri())
    ]
