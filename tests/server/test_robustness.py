"""The server survives bad input, answers every request, and honours $/cancelRequest."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future

import pytest
from lsp_session import (
    change_document,
    diagnostics,
    open_document,
    plain,
    position_of,
    pulls,
    raw_bytes,
    raw_message,
    template,
    uri_for,
)
from lsprotocol import types
from pygls.exceptions import (
    JsonRpcContentModified,
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcMethodNotFound,
    JsonRpcRequestCancelled,
)
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    parameters:
      flavor: {type: string}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          flavor: {get_param: flavour}
    """
)


def big_template(count: int = 4000) -> str:
    """About a megabyte of valid HOT: analysis takes a few hundred ms, long enough to act meanwhile."""
    lines = ["heat_template_version: 2018-08-31", "parameters:"]
    for i in range(count):
        lines += [f"  param_{i}:", "    type: string", f"    default: value {i}", "    description: a parameter"]
    lines.append("resources:")
    for i in range(count):
        lines += [
            f"  server_{i}:",
            "    type: OS::Nova::Server",
            "    properties:",
            f"      name: {{get_param: param_{i}}}",
            f"      flavor: {{get_param: param_{(i + 1) % count}}}",
        ]
    return "\n".join(lines) + "\n"


def _registered_future(client: LanguageClient, msg_id: str) -> Future:
    """A future the client resolves when an answer with ``msg_id`` arrives (for raw requests)."""
    future: Future = Future()
    client.protocol._request_futures[msg_id] = future
    return future


async def _still_answers(client: LanguageClient, name: str) -> None:
    uri = uri_for(name, client)
    open_document(client, uri, TEMPLATE)
    assert "E4008" in {d.code for d in await diagnostics(client, uri, 1)}


async def test_malformed_params_get_an_invalid_params_answer(client: LanguageClient):
    answer = _registered_future(client, "bad-params-1")
    raw_message(
        client,
        {"jsonrpc": "2.0", "id": "bad-params-1", "method": "textDocument/hover", "params": {"textDocument": 5}},
    )
    with pytest.raises(JsonRpcInvalidParams):
        await asyncio.wait_for(asyncio.wrap_future(answer), 20)
    await _still_answers(client, "after-bad-params")


async def test_negative_position_is_invalid_params(client: LanguageClient):
    answer = _registered_future(client, "bad-params-2")
    params = {"textDocument": {"uri": uri_for("neg", client)}, "position": {"line": -1, "character": 0}}
    raw_message(client, {"jsonrpc": "2.0", "id": "bad-params-2", "method": "textDocument/completion", "params": params})
    with pytest.raises(JsonRpcInvalidParams):
        await asyncio.wait_for(asyncio.wrap_future(answer), 20)


async def test_garbage_bytes_do_not_kill_the_server(client: LanguageClient):
    raw_bytes(client, b"{this is not json")
    raw_message(client, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"nonsense": True}})
    raw_message(client, {"jsonrpc": "2.0", "method": "$/unknownNotification", "params": {}})
    await _still_answers(client, "after-garbage")
    # pygls reports the unreadable message to the user; nothing else is sent.
    await asyncio.sleep(0.1)
    client.messages.clear()


async def test_unknown_method_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("hot/noSuchThing", {})


async def test_positions_far_outside_the_document(client: LanguageClient):
    uri = uri_for("far-outside", client)
    open_document(client, uri, TEMPLATE)
    document = types.TextDocumentIdentifier(uri=uri)
    far = types.Position(line=10**6, character=10**6)
    await client.text_document_hover_async(types.HoverParams(text_document=document, position=far))
    await client.text_document_completion_async(types.CompletionParams(text_document=document, position=far))
    await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=far))
    await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document, position=far, context=types.ReferenceContext(include_declaration=True)
        )
    )
    far_range = types.Range(start=far, end=types.Position(line=10**6 + 5, character=0))
    await client.text_document_code_action_async(
        types.CodeActionParams(text_document=document, range=far_range, context=types.CodeActionContext(diagnostics=[]))
    )
    # An edit far outside is clamped to the end of the text, as LSP says.
    change_document(client, uri, 2, [(far_range, "\noutputs: {}\n")])
    assert "E4008" in {d.code for d in await diagnostics(client, uri, 2)}


async def test_requests_for_documents_never_opened(client: LanguageClient):
    document = types.TextDocumentIdentifier(uri=uri_for("never-opened", client))
    origin = types.Position(line=0, character=0)
    assert await client.text_document_hover_async(types.HoverParams(text_document=document, position=origin)) is None
    assert (
        await client.text_document_completion_async(types.CompletionParams(text_document=document, position=origin))
        is None
    )
    assert await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document)) is None
    answer = await client.protocol.send_request_async("hot/resourceList", {"textDocument": {"uri": document.uri}})
    assert plain(answer) == {"resources": []}


async def test_cancel_request_while_the_analysis_runs(client: LanguageClient):
    uri = uri_for("cancel", client)
    text = big_template()
    open_document(client, uri, text)
    position = position_of(text, text.index("get_param: param_7}") + 2, "utf-16")
    params = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    request = asyncio.ensure_future(
        client.protocol.send_request_async(types.TEXT_DOCUMENT_HOVER, params, msg_id="cancel-me")
    )
    await asyncio.sleep(0.01)
    client.cancel_request(types.CancelParams(id="cancel-me"))
    with pytest.raises(JsonRpcRequestCancelled):
        await asyncio.wait_for(request, 30)
    await _still_answers(client, "after-cancel")


async def test_a_request_overtaken_by_an_edit_is_content_modified(client: LanguageClient):
    uri = uri_for("overtaken", client)
    text = big_template()
    open_document(client, uri, text)
    position = position_of(text, text.index("get_param: param_7}") + 2, "utf-16")
    params = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    request = asyncio.ensure_future(client.text_document_hover_async(params))
    await asyncio.sleep(0.01)
    end = position_of(text, len(text), "utf-16")
    change_document(client, uri, 2, [(types.Range(start=end, end=end), "outputs: {}\n")])
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(request, 30)
    assert raised.value.code == JsonRpcContentModified.CODE
    # The newest version is then analysed once and answered normally.
    await client.text_document_hover_async(params)
    if not pulls(client):
        await diagnostics(client, uri, 2)
