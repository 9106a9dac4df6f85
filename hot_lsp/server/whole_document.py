"""Handlers of requests about a whole document: pulled diagnostics, document symbols (with nested stacks),
document links, folding ranges and semantic tokens.

Each is answered from the newest snapshot (``HotLanguageServer.snapshot``), which is what the client shows by
the time the answer arrives. Symbols, links, folding ranges and semantic tokens are computed on the feature thread
(``HotLanguageServer.run_feature``): on endpoint_map.yaml the first folding of a text takes 30-130 ms and its tokens
12-18 ms, which the loop must not wait for while typing goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lsprotocol import types

from ..features.deferred import document_links, document_symbols, folding_ranges, semantic_tokens, semantic_tokens_range
from ..features.semantic_token_legend import LEGEND
from .client_capabilities import adapt_document_symbols, adapt_folding, adapt_links, folding_limit
from .diagnostics import PULL_OPTIONS
from .session import HotLanguageServer
from .workspace import nested_tree

if TYPE_CHECKING:
    from ..analysis.stack.template_tree import Tree


def register(server: HotLanguageServer) -> None:
    server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, PULL_OPTIONS)(handle_pull_diagnostics)
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)(handle_document_symbol)
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)(handle_document_link)
    server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)(handle_folding_range)
    server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)(handle_semantic_tokens)
    server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)(handle_semantic_tokens_range)


async def handle_pull_diagnostics(
    ls: HotLanguageServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    """textDocument/diagnostic: the result id is the text's generation, the settings serial and the version, so an
    unchanged document is answered "unchanged"."""
    uri = params.text_document.uri
    await ls.wait_configured()
    snapshot = await ls.snapshot(uri)
    if snapshot is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    stamp = ls.store.stamp(uri) or (0, 0)
    result_id = f"{stamp[1]}.{ls.settings_serial}.{ls.cloud.serial}.{snapshot.version}"
    if params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=ls.diagnostics.of(snapshot), result_id=result_id)


async def handle_document_symbol(
    ls: HotLanguageServer, params: types.DocumentSymbolParams
) -> Sequence[types.DocumentSymbol | types.SymbolInformation] | None:
    snapshot = await ls.snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    from ..analysis.stack.tree_limits import clamp_depth

    nested: Tree | None = None
    depth = clamp_depth(snapshot.settings.nested_depth)
    if snapshot.analysis.model is not None and depth > 0:
        try:
            nested = await nested_tree(ls, snapshot, depth)
        except Exception as error:  # the outline goes on without nested stacks
            ls.report_crash(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, error, uri=snapshot.uri)
    result: list[types.DocumentSymbol] = await ls.run_feature(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, lambda: document_symbols(snapshot, nested=nested), [], snapshot=snapshot
    )
    return adapt_document_symbols(result, ls, snapshot.uri)


async def handle_document_link(
    ls: HotLanguageServer, params: types.DocumentLinkParams
) -> list[types.DocumentLink] | None:
    snapshot = await ls.snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    result: list[types.DocumentLink] = await ls.run_feature(
        types.TEXT_DOCUMENT_DOCUMENT_LINK, lambda: document_links(snapshot), [], snapshot=snapshot
    )
    return adapt_links(result, ls)


async def handle_folding_range(
    ls: HotLanguageServer, params: types.FoldingRangeParams
) -> list[types.FoldingRange] | None:
    snapshot = await ls.snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    limit = folding_limit(ls)
    result: list[types.FoldingRange] = await ls.run_feature(
        types.TEXT_DOCUMENT_FOLDING_RANGE, lambda: folding_ranges(snapshot, limit=limit), [], snapshot=snapshot
    )
    return adapt_folding(result, ls)


async def handle_semantic_tokens(
    ls: HotLanguageServer, params: types.SemanticTokensParams
) -> types.SemanticTokens | None:
    snapshot = await ls.snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return await ls.run_feature(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        lambda: semantic_tokens(snapshot),
        types.SemanticTokens(data=[]),
        snapshot=snapshot,
    )


async def handle_semantic_tokens_range(
    ls: HotLanguageServer, params: types.SemanticTokensRangeParams
) -> types.SemanticTokens | None:
    snapshot = await ls.snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return await ls.run_feature(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
        lambda: semantic_tokens_range(snapshot, params),
        types.SemanticTokens(data=[]),
        snapshot=snapshot,
    )
