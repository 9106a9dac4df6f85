"""Every feature of the contract answered end to end by the real server, under each client's capabilities.

The feature modules have their own detailed tests (tests/features/); these check the wiring: the request
reaches the feature with the right snapshot and position encoding, and the answer fits the client.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import (
    change_document,
    completion_items,
    cursor,
    diagnostics,
    encoding,
    open_document,
    plain,
    position_of,
    template,
    uri_for,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

# A multi-byte line right before the cursor's column on the same line keeps the encodings honest.
TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    description: café ☕ 𝄞
    parameters:
      flavor:
        type: string
        description: The flavor
    conditions:
      big: {equals: [{get_param: flavor}, large]}
    resources:
      port:
        type: OS::Neutron::Port
      server:
        type: OS::Nova::Server
        condition: big
        properties:
          metadata: {"☕𝄞": {get_param: flavor}}
          networks: [{port: {get_resource: port}}]
    outputs:
      address:
        value: {get_attr: [server, first_address]}
    """
)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, enc: str, into: int = 1, occurrence: int = 1) -> types.Position:
    """The position ``into`` characters inside the ``occurrence``-th ``needle``."""
    offset = -1
    for _ in range(occurrence):
        offset = text.index(needle, offset + 1)
    return position_of(text, offset + into, enc)


async def opened(client: LanguageClient, name: str, text: str = TEMPLATE) -> str:
    uri = uri_for(name, client)
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    return uri


def hover_text(result: types.Hover | None) -> str:
    assert result is not None
    contents = result.contents
    return contents.value if isinstance(contents, types.MarkupContent) else str(contents)


async def test_completion_offers_get_param_on_a_half_typed_line(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "completion")
    typed, position = cursor(TEMPLATE.replace('{"☕𝄞": {get_param: flavor}}', '{"☕𝄞": {get_pa$0'), enc)
    change_document(client, uri, 2, [(None, typed)])
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=position)
    )
    assert result is not None
    items = completion_items(result)
    chosen = [item for item in items if item.label == "get_param"]
    assert chosen, [item.label for item in items]
    item = chosen[0]
    snippets = client.capabilities.text_document.completion.completion_item.snippet_support
    if not snippets:
        assert item.insert_text_format in (None, types.InsertTextFormat.PlainText)
    edit = item.text_edit
    if edit is not None:  # replaces the typed prefix, on the cursor's line only
        edit_range = edit.range if isinstance(edit, types.TextEdit) else edit.replace
        assert edit_range.start.line == edit_range.end.line == position.line
        assert edit_range.start.character == position.character - len("get_pa")


async def test_completion_of_parameter_names_in_get_param(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "completion-names")
    typed, position = cursor(TEMPLATE.replace('{"☕𝄞": {get_param: flavor}}', '{"☕𝄞": {get_param: $0}}'), enc)
    change_document(client, uri, 2, [(None, typed)])
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=position)
    )
    labels = {item.label for item in result.items}
    assert "flavor" in labels
    assert "OS::stack_name" in labels  # pseudo parameters too


async def test_hover_on_a_function_name_shows_its_signature(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "hover")
    position = at(TEMPLATE, "get_param: flavor}}", enc, into=4)
    result = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=position))
    text = hover_text(result)
    assert "get_param" in text
    assert "<name>" in text  # the argument shape
    assert "2013-05-23" in text  # the version it arrived in
    if result.range is not None:
        assert result.range.start == at(TEMPLATE, "get_param: flavor}}", enc, into=0)


async def test_hover_on_a_parameter_reference(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "hover-param")
    position = at(TEMPLATE, "flavor}}", enc, into=2)
    text = hover_text(
        await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=position))
    )
    assert "string" in text
    assert "The flavor" in text


async def test_definition_of_a_get_param_target_is_the_parameter_key(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "definition")
    position = at(TEMPLATE, "flavor}}", enc, into=3)
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(uri), position=position)
    )
    assert result is not None and len(result) == 1
    location = result[0]
    target = location.target_uri if isinstance(location, types.LocationLink) else location.uri
    target_range = location.target_selection_range if isinstance(location, types.LocationLink) else location.range
    assert target == uri
    key = at(TEMPLATE, "  flavor:\n", enc, into=2)
    assert target_range.start == key
    assert target_range.end == types.Position(line=key.line, character=key.character + len("flavor"))


async def test_references_of_a_parameter(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "references")
    result = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(uri),
            position=at(TEMPLATE, "flavor}}", enc, into=1),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    starts = {(loc.range.start.line, loc.range.start.character) for loc in result}
    expected = {
        (p.line, p.character)
        for p in (
            at(TEMPLATE, "  flavor:\n", enc, into=2),
            at(TEMPLATE, "flavor}, large", enc, into=0),
            at(TEMPLATE, "flavor}}", enc, into=0),
        )
    }
    assert starts == expected


async def test_prepare_rename_and_rename_a_resource(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "rename")
    position = at(TEMPLATE, "server, first_address", enc, into=2)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc(uri), position=position)
    )
    assert prepared is not None
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc(uri), position=position, new_name="web")
    )
    edits = edit.changes[uri] if edit.changes else [e for dc in edit.document_changes for e in dc.edits]
    assert len(edits) == 2  # the key and the get_attr; nothing else
    assert {e.new_text for e in edits} == {"web"}


async def test_document_symbols(client: LanguageClient):
    uri = await opened(client, "symbols")
    result = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(uri)))
    assert result
    hierarchical = client.capabilities.text_document.document_symbol.hierarchical_document_symbol_support
    if hierarchical:
        sections = {symbol.name: symbol for symbol in result}
        assert {"parameters", "resources", "outputs"} <= set(sections)
        assert {child.name for child in sections["resources"].children} == {"port", "server"}
    else:
        names = {symbol.name for symbol in result}
        assert {"port", "server"} <= names


async def test_workspace_symbols(client: LanguageClient):
    await opened(client, "workspace-symbols")
    result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="serv"))
    assert any(symbol.name == "server" for symbol in result)


async def test_document_links(client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    folder: Path = tmp_path_factory.mktemp("links")
    (folder / "boot.sh").write_text("#!/bin/sh\n")
    text = TEMPLATE.replace("    properties:\n", "    properties:\n      user_data: {get_file: boot.sh}\n")
    uri = (folder / "main.yaml").as_uri()
    open_document(client, uri, text)
    result = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc(uri)))
    assert text != TEMPLATE
    targets = [link.target for link in result]
    assert (folder / "boot.sh").as_uri() in targets


async def test_folding_ranges(client: LanguageClient):
    uri = await opened(client, "folding")
    result = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc(uri)))
    assert result
    spans = {(r.start_line, r.end_line) for r in result}
    resources = TEMPLATE.splitlines().index("resources:")
    assert any(start == resources for start, _ in spans)
    folding = client.capabilities.text_document.folding_range
    if folding and folding.line_folding_only:
        assert all(r.start_character is None and r.end_character is None for r in result)


async def test_semantic_tokens(client: LanguageClient):
    uri = await opened(client, "semantic")
    result = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc(uri)))
    assert result.data and len(result.data) % 5 == 0


async def test_code_action_fixes_a_misspelt_parameter(client: LanguageClient):
    enc = encoding(client)
    text = TEMPLATE.replace("{get_param: flavor}}", "{get_param: flavour}}")
    uri = uri_for("code-action", client)
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == "E4008"]
    assert found
    diagnostic = found[0]
    for with_data in (True, False):  # clients without dataSupport do not echo `data` back
        sent = (
            diagnostic
            if with_data
            else types.Diagnostic(
                range=diagnostic.range, message=diagnostic.message, code=diagnostic.code, source=diagnostic.source
            )
        )
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=doc(uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[sent], only=[types.CodeActionKind.QuickFix]),
            )
        )
        fixes = [a for a in actions if isinstance(a, types.CodeAction) and a.edit is not None]
        new_texts = {e.new_text for a in fixes for e in (a.edit.changes or {}).get(uri, [])}
        assert "flavor" in new_texts, [a.title for a in fixes]
    assert at(text, "flavour", enc, into=0) == diagnostic.range.start


async def test_resource_list(client: LanguageClient):
    enc = encoding(client)
    uri = await opened(client, "resource-list")
    answer = plain(await client.protocol.send_request_async("hot/resourceList", {"textDocument": {"uri": uri}}))
    resources = {r["resource_name"]: r for r in answer["resources"]}
    assert list(resources) == ["port", "server"]
    port = resources["port"]
    assert port["resource_type"] == "OS::Neutron::Port"
    assert port["depth"] == 0 and port["enabled"] is True
    assert port["required_by"] == ["server"]  # get_resource from server; the output is no resource
    assert resources["server"]["required_by"] == []
    assert port["file"] == uri.removeprefix("file://")
    start = at(TEMPLATE, "  port:\n", enc, into=2)
    assert port["range"]["start"] == {"line": start.line, "character": start.character}
    assert "parent" not in port and "nested_template" not in port


async def test_non_hot_yaml_has_no_feature_noise(client: LanguageClient):
    text = "name: demo\nitems:\n  - get_param: x\n"
    uri = uri_for("plain-yaml", client)
    open_document(client, uri, text)
    assert await diagnostics(client, uri, 1) == []
    origin = position_of(text, text.index("get_param") + 2, "utf-16")
    assert await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=origin)) is None
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=origin)
    )
    assert result is None or not result.items
    answer = plain(await client.protocol.send_request_async("hot/resourceList", {"textDocument": {"uri": uri}}))
    assert answer == {"resources": []}
