"""The handler table: every LSP method, custom request and command the server answers, declared once.

A :class:`~hot_lsp.server.methods.Method` row says where its feature runs (the lane), which text it is answered for
(the snapshot), what it answers when there is no such text or the feature raises, and how the result is adapted
for the client; the session answers it (``HotLanguageServer.answer``). The row names the feature itself when it
takes only the snapshot (and the params); else the handler module's feature call (``*_call``: what it reads on the
loop, and the call). A :class:`~hot_lsp.server.methods.Handler` row is answered whole by its handler (the
session's life, the texts, flows of their own), on the loop as each message arrives. The registration options are
what ``initialize`` announces (tests/server/test_capabilities_recorded.py holds them). ``docs/extending.md`` ("An
LSP method") says what a new row needs.
"""

from __future__ import annotations

from lsprotocol import types

from ..features.deferred import (
    definition,
    document_highlight,
    document_links,
    inlay_hints,
    prepare_rename,
    references,
    rename,
    selection_ranges,
    semantic_tokens,
    semantic_tokens_range,
)
from ..features.semantic_token_legend import LEGEND
from . import commands, documents, lifecycle, positional, whole_document, workspace
from .cloud import PREVIEW, REFRESH_CATALOGUE
from .diagnostics import PULL_OPTIONS
from .methods import (
    COMPLETION_LIST,
    DOCUMENT_SYMBOLS,
    FOLDING,
    GIVEN_BACK,
    HOVER,
    LINKS,
    Command,
    Handler,
    Lane,
    Method,
    Row,
    Text,
    call_with_params,
    call_with_snapshot,
)
from .stack_deploy import DEPLOY, EVENTS
from .stack_failures import FAILURES

CURSOR, DOCUMENT, WORKSPACE, LOOP = Lane.CURSOR, Lane.DOCUMENT, Lane.WORKSPACE, Lane.LOOP
PINNED, NEWEST, NONE = Text.PINNED, Text.NEWEST, Text.NONE
NO_TOKENS = types.SemanticTokens(data=[])

HANDLERS: tuple[Row, ...] = (
    # The session's life and its settings (lifecycle.py).
    Handler(types.INITIALIZE, lifecycle.handle_initialize),
    Handler(types.INITIALIZED, lifecycle.handle_initialized),
    Handler(types.SHUTDOWN, lifecycle.handle_shutdown),
    Handler(types.WORKSPACE_DID_CHANGE_CONFIGURATION, lifecycle.handle_did_change_configuration),
    # The open documents' texts (documents.py): handled in order as they arrive, never awaited.
    Handler(types.TEXT_DOCUMENT_DID_OPEN, documents.handle_did_open),
    Handler(types.TEXT_DOCUMENT_DID_CHANGE, documents.handle_did_change),
    Handler(types.TEXT_DOCUMENT_DID_CLOSE, documents.handle_did_close),
    Handler(types.TEXT_DOCUMENT_DID_SAVE, documents.handle_did_save),
    # At a position (positional.py).
    Method(
        types.TEXT_DOCUMENT_COMPLETION,
        positional.completion_call,
        CURSOR,
        PINNED,
        encoding=COMPLETION_LIST,
        options=positional.COMPLETION_OPTIONS,
    ),
    Method(types.COMPLETION_ITEM_RESOLVE, positional.resolve_call, CURSOR, NONE, empty=GIVEN_BACK),
    Method(types.TEXT_DOCUMENT_HOVER, positional.hover_call, CURSOR, PINNED, encoding=HOVER),
    Method(
        types.TEXT_DOCUMENT_SIGNATURE_HELP,
        positional.signature_help_call,
        CURSOR,
        PINNED,
        options=positional.SIGNATURE_OPTIONS,
    ),
    Method(types.TEXT_DOCUMENT_DEFINITION, call_with_params(definition), CURSOR, PINNED),
    Method(types.TEXT_DOCUMENT_REFERENCES, call_with_params(references), WORKSPACE, PINNED),
    Method(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT, call_with_params(document_highlight), CURSOR, PINNED),
    Method(types.TEXT_DOCUMENT_SELECTION_RANGE, call_with_params(selection_ranges), DOCUMENT, PINNED),
    Method(types.TEXT_DOCUMENT_PREPARE_RENAME, call_with_params(prepare_rename), LOOP, PINNED),
    Method(types.TEXT_DOCUMENT_RENAME, call_with_params(rename), WORKSPACE, PINNED),
    Method(
        types.TEXT_DOCUMENT_INLAY_HINT,
        call_with_params(inlay_hints),
        DOCUMENT,
        PINNED,
        empty=[],
        unanswered=[],
        options=positional.INLAY_HINT_OPTIONS,
        enabled=lambda settings: settings.inlay_hints,  # opt-in: hotLsp.inlayHints
    ),
    Method(
        types.TEXT_DOCUMENT_CODE_ACTION, positional.code_action_call, DOCUMENT, PINNED, options=positional.QUICK_FIXES
    ),
    # About a whole document (whole_document.py, commands.py).
    Handler(types.TEXT_DOCUMENT_DIAGNOSTIC, whole_document.handle_pull_diagnostics, PULL_OPTIONS),
    Method(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
        whole_document.document_symbol_call,
        DOCUMENT,
        NEWEST,
        empty=[],
        encoding=DOCUMENT_SYMBOLS,
    ),
    Method(
        types.TEXT_DOCUMENT_DOCUMENT_LINK,
        call_with_snapshot(document_links),
        DOCUMENT,
        NEWEST,
        empty=[],
        encoding=LINKS,
    ),
    Method(
        types.TEXT_DOCUMENT_FOLDING_RANGE,
        whole_document.folding_range_call,
        DOCUMENT,
        NEWEST,
        empty=[],
        encoding=FOLDING,
    ),
    Method(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        call_with_snapshot(semantic_tokens),
        DOCUMENT,
        NEWEST,
        empty=NO_TOKENS,
        options=LEGEND,
    ),
    Method(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
        call_with_params(semantic_tokens_range),
        DOCUMENT,
        NEWEST,
        empty=NO_TOKENS,
        options=LEGEND,
    ),
    # Use counts read the workspace index, which only the loop may read.
    Method(
        types.TEXT_DOCUMENT_CODE_LENS,
        commands.code_lens_call,
        LOOP,
        NEWEST,
        empty=[],
        options=types.CodeLensOptions(resolve_provider=False),
    ),
    # The workspace (workspace.py).
    Method(types.WORKSPACE_SYMBOL, workspace.workspace_symbol_call, LOOP, NONE, empty=[]),
    Handler(workspace.RESOURCE_LIST, workspace.handle_resource_list),
    Handler(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, workspace.handle_did_change_watched_files),
    Handler(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS, workspace.handle_did_change_workspace_folders),
    # workspace/executeCommand (commands.py; the live ones run on the cloud threads, cloud.py).
    Command(commands.RENDER, commands.handle_render),
    Command(commands.RESOURCES, commands.handle_resources),
    Command(commands.GRAPH, commands.handle_graph),
    Command(PREVIEW, commands.handle_preview),
    Command(FAILURES, commands.handle_failures),
    Command(EVENTS, commands.handle_events),
    Command(DEPLOY, commands.handle_deploy),
    Command(REFRESH_CATALOGUE, commands.handle_refresh_catalogue),
)
