"""The feature calls of the requests about a whole document that need more than the snapshot: document symbols
(with nested stacks) and folding ranges (the client's limit); and the handler of pulled diagnostics. Document links
and semantic tokens take only the snapshot: their rows name them (``methods.call_with_snapshot``).

Each is answered from the newest snapshot (handlers.py), which is what the client shows by the time the answer
arrives. Symbols, links, folding ranges and semantic tokens are computed on the feature thread: on
endpoint_map.yaml the first folding of a text takes 30-130 ms and its tokens 12-18 ms, which the loop must not wait
for while typing goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..features.deferred import document_symbols, folding_ranges
from .client_capabilities import folding_limit
from .nested_trees import nested_tree
from .session import HotLanguageServer

if TYPE_CHECKING:
    from ..analysis.stack.template_tree import Tree
    from ..features.snapshot import Snapshot


async def handle_pull_diagnostics(
    ls: HotLanguageServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    """textDocument/diagnostic: the result id is the text's generation, the settings, cloud, stack and what-if
    serials and the version, so an unchanged document is answered "unchanged". (A handler of its own: it waits for
    the client's settings first, and its answer is a report, computed on the loop by the diagnostics scheduler.)"""
    uri = params.text_document.uri
    await ls.wait_configured()
    snapshot = await ls.snapshot(uri)
    if snapshot is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    stamp = ls.store.stamp(uri) or (0, 0)
    serials = f"{ls.settings_serial}.{ls.cloud.serial}.{ls.diagnostics.stack_serial}.{ls.what_if.serial}"
    result_id = f"{stamp[1]}.{serials}.{snapshot.version}"
    if params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=ls.diagnostics.of(snapshot), result_id=result_id)


async def document_symbol_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.DocumentSymbolParams
) -> Callable[[], Any]:
    from ..analysis.stack.tree_limits import clamp_depth

    nested: Tree | None = None
    depth = clamp_depth(snapshot.settings.nested_depth)
    if snapshot.analysis.model is not None and depth > 0:
        try:
            nested = await nested_tree(ls, snapshot, depth)
        except Exception as error:  # the outline goes on without nested stacks
            ls.report_crash(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, error, uri=snapshot.uri)
    return lambda: document_symbols(snapshot, nested=nested)


async def folding_range_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.FoldingRangeParams
) -> Callable[[], Any]:
    limit = folding_limit(ls)
    return lambda: folding_ranges(snapshot, limit=limit)
