"""The server's own logic in process: crash containment, adapting results to the client, the resource list.
(End-to-end behaviour is in the other test files.)"""

from __future__ import annotations

import asyncio
import json

import attrs
import pytest
from lsprotocol import types
from pygls.workspace import Workspace

from hot_lsp.server import HotLanguageServer, create_server
from hot_lsp.server.client_capabilities import adapt_completion, adapt_document_symbols, adapt_folding, adapt_hover
from hot_lsp.server.lifecycle import settings_object
from hot_lsp.server.protocol import Encoded
from hot_lsp.server.workspace import RESOURCE_LIST

URI = "file:///work/in-process/main.yaml"
TEXT = """heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
resources:
  port:
    type: OS::Neutron::Port
  server:
    type: OS::Nova::Server
    depends_on: [port]
    properties:
      flavor: {get_param: flavour}
      networks: [{port: {get_resource: port}}]
  volume:
    type: OS::Cinder::Volume
    properties:
      name: {get_attr: [server, name]}
"""


def started(capabilities: types.ClientCapabilities | None = None, encoding: str = "utf-16") -> HotLanguageServer:
    """A server as if initialize had run, whose messages to the client are recorded instead of sent."""
    server = create_server()
    server.protocol.client_capabilities = capabilities or types.ClientCapabilities()
    server.protocol._workspace = Workspace(None, position_encoding=encoding)
    server.logged = []
    server.window_log_message = server.logged.append
    server.store.open(URI, TEXT, 1)
    return server


def call(server: HotLanguageServer, method: str, params: object) -> object:
    handler = server.protocol.fm.features[method]
    return asyncio.run(handler(params))


def hover_params(line: int = 10, character: int = 30) -> types.HoverParams:
    return types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=character)
    )


def test_a_crashing_feature_is_logged_and_answered_empty(monkeypatch: pytest.MonkeyPatch):
    def explode(snapshot, params, **kwargs):
        raise RuntimeError("boom in hover")

    monkeypatch.setattr("hot_lsp.server.positional.hover", explode)
    server = started()
    assert call(server, types.TEXT_DOCUMENT_HOVER, hover_params(10, 30)) is None
    [message] = server.logged
    assert message.type == types.MessageType.Error
    assert "textDocument/hover" in message.message
    assert URI in message.message and "10:30" in message.message
    assert "boom in hover" in message.message
    # ... and the server keeps serving: another feature on the same document answers.
    monkeypatch.setattr("hot_lsp.features.definition.definition", lambda snapshot, params: [])
    definition = types.DefinitionParams(text_document=hover_params().text_document, position=hover_params().position)
    assert call(server, types.TEXT_DOCUMENT_DEFINITION, definition) == []


def test_client_options_reach_features_that_take_them(monkeypatch: pytest.MonkeyPatch):
    seen: dict = {}

    def completion(snapshot, params, *, snippet_support=True, markdown=True, resolve_documentation=False):
        seen.update(snippet_support=snippet_support, markdown=markdown, encoding=snapshot.encoding)
        return None

    monkeypatch.setattr("hot_lsp.server.positional.completion", completion)
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(
                    snippet_support=False, documentation_format=[types.MarkupKind.Markdown]
                )
            )
        )
    )
    server = started(caps, encoding="utf-8")
    params = types.CompletionParams(text_document=hover_params().text_document, position=hover_params().position)
    assert call(server, types.TEXT_DOCUMENT_COMPLETION, params) is None
    assert seen == {"snippet_support": False, "markdown": True, "encoding": "utf-8"}


def test_diagnostics_crash_is_contained(monkeypatch: pytest.MonkeyPatch):
    server = started()

    def explode(snapshot):
        raise ValueError("bad diagnostics")

    monkeypatch.setattr("hot_lsp.server.diagnostics.lsp_diagnostics", explode)
    snapshot = asyncio.run(server.snapshot(URI))
    assert server.diagnostics.of(snapshot) == []
    assert "bad diagnostics" in server.logged[0].message


def test_resource_list_required_by():
    server = started()
    answer = call(server, RESOURCE_LIST, {"textDocument": {"uri": URI}, "nestedDepth": 0})
    by_name = {r["resource_name"]: r for r in answer["resources"]}
    assert list(by_name) == ["port", "server", "volume"]
    assert by_name["port"]["required_by"] == ["server"]  # depends_on and get_resource: one entry
    assert by_name["server"]["required_by"] == ["volume"]  # get_attr
    assert by_name["volume"]["required_by"] == []
    assert by_name["server"]["file"] == "/work/in-process/main.yaml"
    assert by_name["server"]["range"] == {"start": {"line": 6, "character": 2}, "end": {"line": 6, "character": 8}}
    not_open = {"textDocument": {"uri": "file:///work/in-process/other.yaml"}, "nestedDepth": 0}
    assert call(server, RESOURCE_LIST, not_open) == {"resources": []}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"hotLsp": {"disabledRules": ["E1"]}}, {"disabledRules": ["E1"]}),
        ({"disabledRules": ["E1"]}, {"disabledRules": ["E1"]}),
        ({}, None),
        ({"yaml": {"schemas": {}}}, None),
        (None, None),
        ([1, 2], None),
    ],
)
def test_settings_object(raw, expected):
    assert settings_object(raw) == expected


def _caps(**completion_item) -> types.ClientCapabilities:
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(**completion_item)
            ),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText]),
            folding_range=types.FoldingRangeClientCapabilities(range_limit=1, line_folding_only=True),
        )
    )


def test_adapt_completion_to_a_client_without_snippets_or_markdown():
    server = started(_caps(snippet_support=False, documentation_format=[types.MarkupKind.PlainText]))
    edit_range = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=3))
    item = types.CompletionItem(
        label="get_param",
        insert_text_format=types.InsertTextFormat.Snippet,
        text_edit=types.InsertReplaceEdit(new_text="{get_param: ${1:name}}", insert=edit_range, replace=edit_range),
        documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value="**doc**"),
        commit_characters=[":"],
        tags=[types.CompletionItemTag.Deprecated],
    )
    original = types.CompletionList(is_incomplete=False, items=[item])
    adapted = adapt_completion(original, server).items[0]
    assert adapted.insert_text_format == types.InsertTextFormat.PlainText
    assert adapted.text_edit == types.TextEdit(range=edit_range, new_text="{get_param: name}")
    assert adapted.documentation.kind == types.MarkupKind.PlainText
    assert adapted.commit_characters is None and adapted.tags is None
    assert original.items[0] is item and item.insert_text_format == types.InsertTextFormat.Snippet  # not mutated


def test_adapt_completion_spells_out_item_defaults():
    server = started(_caps(snippet_support=True))
    edit_range = types.Range(start=types.Position(line=1, character=2), end=types.Position(line=1, character=4))
    result = types.CompletionList(
        is_incomplete=True,
        items=[types.CompletionItem(label="flavor")],
        item_defaults=types.CompletionItemDefaults(edit_range=edit_range),
    )
    adapted = adapt_completion(result, server)
    assert adapted.is_incomplete is True and adapted.item_defaults is None
    assert adapted.items[0].text_edit == types.TextEdit(range=edit_range, new_text="flavor")


def test_a_client_that_takes_item_defaults_gets_the_shared_edit_range_once():
    capabilities = _caps(snippet_support=True)
    capabilities.text_document.completion.completion_list = types.CompletionListCapabilities(
        item_defaults=["editRange"]
    )
    server = started(capabilities)
    shared = types.Range(start=types.Position(line=3, character=8), end=types.Position(line=3, character=10))
    items = [
        types.CompletionItem(label="flavor", text_edit=types.TextEdit(range=shared, new_text="flavor")),
        types.CompletionItem(label="image", text_edit=types.TextEdit(range=shared, new_text="'image'"), kind=6),
    ]
    adapted = adapt_completion(types.CompletionList(is_incomplete=False, items=items), server)
    assert adapted.item_defaults == types.CompletionItemDefaults(edit_range=shared)
    assert [(item.text_edit, item.text_edit_text) for item in adapted.items] == [(None, None), (None, "'image'")]
    assert adapted.items[1].kind == 6
    # A client without item defaults gets back exactly the edits the items had.
    spelled_out = adapt_completion(adapted, started(_caps(snippet_support=True)))
    assert [item.text_edit for item in spelled_out.items] == [item.text_edit for item in items]
    # Ranges that differ stay with their items.
    other = types.Range(start=types.Position(line=4, character=0), end=types.Position(line=4, character=1))
    mixed = [items[0], types.CompletionItem(label="x", text_edit=types.TextEdit(range=other, new_text="x"))]
    kept = adapt_completion(types.CompletionList(is_incomplete=False, items=mixed), server)
    assert kept.item_defaults is None and [item.text_edit for item in kept.items] == [i.text_edit for i in mixed]


def test_adapt_hover_folding_and_symbols():
    server = started(_caps())
    hover = types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="`x`"))
    assert adapt_hover(hover, server).contents.kind == types.MarkupKind.PlainText
    folds = [
        types.FoldingRange(start_line=0, end_line=3, start_character=2, end_character=5, collapsed_text="..."),
        types.FoldingRange(start_line=4, end_line=6),
    ]
    assert adapt_folding(folds, server) == [types.FoldingRange(start_line=0, end_line=3)]
    r = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=1, character=0))
    child = types.DocumentSymbol(name="web", kind=types.SymbolKind.Object, range=r, selection_range=r)
    section = types.DocumentSymbol(
        name="resources", kind=types.SymbolKind.Module, range=r, selection_range=r, children=[child]
    )
    flat = adapt_document_symbols([section], server, URI)
    assert [(s.name, s.container_name) for s in flat] == [("resources", None), ("web", "resources")]
    assert all(isinstance(s, types.SymbolInformation) and s.location.uri == URI for s in flat)


def test_settings_change_refreshes_pulling_clients():
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities()),
        workspace=types.WorkspaceClientCapabilities(
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
        ),
    )
    server = started(caps)
    refreshed = []
    server.workspace_diagnostic_refresh = refreshed.append
    assert server.pull_diagnostics
    server.apply_settings({"disabledRules": ["E4008"]})
    assert refreshed == [None]
    assert server.settings.disabled_rules == frozenset({"E4008"})
    server.apply_settings({"disabledRules": ["e4008"]})  # the same settings: nothing to refresh
    assert refreshed == [None]


class Recorder:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def close(self) -> None:
        pass


def sent(server: HotLanguageServer, method: str, msg_id: int, result: object) -> tuple[dict[str, str], object]:
    """The headers and the parsed body of the answer the protocol writes for ``result``."""
    recorder = Recorder()
    server.protocol.set_writer(recorder)
    server.protocol._result_types[msg_id] = server.protocol.get_result_type(method)
    server.protocol._send_response(msg_id, result=result)
    [data] = recorder.written
    head, _, body = data.partition(b"\r\n\r\n")
    headers = dict(line.split(": ", 1) for line in head.decode().split("\r\n"))
    assert int(headers["Content-Length"]) == len(body)
    return headers, json.loads(body)


def test_an_answer_written_on_the_feature_thread_is_the_message_pygls_would_send():
    """Large answers are written as JSON on the feature thread (protocol.Encoded); the loop sends them as they are."""
    server = started()
    at_flavour = (hover_params().text_document, types.Position(line=10, character=28))
    answers = {
        types.TEXT_DOCUMENT_COMPLETION: call(
            server, types.TEXT_DOCUMENT_COMPLETION, types.CompletionParams(*at_flavour)
        ),
        types.TEXT_DOCUMENT_HOVER: call(
            server, types.TEXT_DOCUMENT_HOVER, types.HoverParams(at_flavour[0], types.Position(line=10, character=17))
        ),
    }
    for method, encoded in answers.items():
        assert isinstance(encoded, Encoded), method
        result_type = attrs.fields(server.protocol.get_result_type(method)).result.type
        plain = server.protocol._converter.structure(json.loads(encoded.json), result_type)
        assert sent(server, method, 7, encoded) == sent(server, method, 7, plain)
    _, completion = sent(server, types.TEXT_DOCUMENT_COMPLETION, 8, answers[types.TEXT_DOCUMENT_COMPLETION])
    assert (completion["id"], completion["jsonrpc"]) == (8, "2.0")
    assert "flavor" in [item["label"] for item in completion["result"]["items"]]
    _, hover = sent(server, types.TEXT_DOCUMENT_HOVER, 9, answers[types.TEXT_DOCUMENT_HOVER])
    assert "get_param" in hover["result"]["contents"]["value"]
