"""initialize (server info, encoding, capabilities), shutdown/exit, and the TCP transport."""

from __future__ import annotations

import asyncio

import pytest
from lsp_session import CLIENTS, encoding, initialize_params, pulls, server_config
from lsprotocol import types
from pytest_lsp import LanguageClient

import hot_lsp

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_server_info(client: LanguageClient):
    info = client.init_result.server_info
    assert info.name == "hot-lsp"
    assert info.version == hot_lsp.__version__


async def test_position_encoding_is_negotiated(client: LanguageClient):
    chosen = client.init_result.capabilities.position_encoding
    assert getattr(chosen, "value", chosen) == encoding(client)


async def test_capabilities(client: LanguageClient):
    caps = client.init_result.capabilities
    sync = caps.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert set(caps.completion_provider.trigger_characters) >= {":", " ", "[", "{", ",", "-", "."}
    assert caps.hover_provider
    assert caps.definition_provider
    assert caps.references_provider
    assert caps.document_symbol_provider
    assert caps.workspace_symbol_provider
    assert caps.document_link_provider is not None
    assert caps.folding_range_provider
    assert list(caps.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert caps.diagnostic_provider.identifier == "hot-lsp"
    assert caps.diagnostic_provider.inter_file_dependencies is True  # templates follow their children
    prepare = client.capabilities.text_document.rename and client.capabilities.text_document.rename.prepare_support
    if prepare:
        assert caps.rename_provider.prepare_provider is True
    else:
        assert caps.rename_provider is True


async def test_semantic_tokens_legend(client: LanguageClient):
    from hot_lsp.features.semantic_tokens import LEGEND

    provider = client.init_result.capabilities.semantic_tokens_provider
    assert provider.full is True
    assert list(provider.legend.token_types) == list(LEGEND.token_types)


async def test_diagnostics_mode_follows_the_client(client: LanguageClient):
    # Neovim 0.11 declares pull support; the others only understand pushes.
    assert pulls(client) is (client.client_name == "neovim@v0.11.0")


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_shutdown_then_exit_ends_the_process_with_0(client_name: str):
    config = server_config()
    lsp: LanguageClient = await config.start()
    try:
        await lsp.initialize_session(initialize_params(client_name))
        await lsp.shutdown_session()  # shutdown request, exit notification, then waits for the process
        assert lsp._server.returncode == 0
    finally:
        await lsp.stop()


async def test_exit_without_shutdown_ends_the_process_with_1():
    lsp: LanguageClient = await server_config().start()
    try:
        await lsp.initialize_session(initialize_params("visual-studio-code"))
        lsp.exit(None)
        assert await asyncio.wait_for(lsp._server.wait(), 20) == 1
    finally:
        await lsp.stop()
