"""Handlers of requests at a position: completion (and completionItem/resolve), hover, signature help, definition,
references, document highlight, selection ranges, prepareRename, rename, inlay hints and code actions.

Each is answered for the text it was made against (``HotLanguageServer.pinned_snapshot``): if that text is
replaced while the request waits for its analysis, the answer is ContentModified and the client asks again.
Completion, its resolve, hover, signature help, definition, highlight, selection ranges, inlay hints and code
actions are computed on the feature thread
(``HotLanguageServer.run_feature``): previews evaluate (yaql in the helper process, ``get_file``), and several read
other files (child templates, the resource type catalogue, the templates an environment applies to). References,
prepareRename and rename stay on the loop: they walk the workspace index, which only the loop may read. They first
analyse every open document not yet analysed, since they read the others through the index.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified

from ..features.deferred import (
    code_actions,
    completion,
    definition,
    document_highlight,
    hover,
    inlay_hints,
    named_document,
    prepare_rename,
    references,
    rename,
    resolve,
    selection_ranges,
    signature_help,
)
from .client_capabilities import (
    adapt_completion,
    adapt_hover,
    completion_options,
    restore_diagnostic_data,
    takes_markdown,
)
from .protocol import Encoded
from .session import HotLanguageServer

COMPLETION_TRIGGERS = [":", " ", "[", "{", ",", "-", "."]
# A function's argument starts after `name:` (and its space), a list item after `[`, `,` or a block's `- `.
SIGNATURE_TRIGGERS = [":", " ", "[", "{", ","]


def register(server: HotLanguageServer) -> None:
    completion_provider = types.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS, resolve_provider=True)
    server.feature(types.TEXT_DOCUMENT_COMPLETION, completion_provider)(handle_completion)
    server.feature(types.COMPLETION_ITEM_RESOLVE)(handle_completion_resolve)
    server.feature(types.TEXT_DOCUMENT_HOVER)(handle_hover)
    signature_options = types.SignatureHelpOptions(trigger_characters=SIGNATURE_TRIGGERS, retrigger_characters=[","])
    server.feature(types.TEXT_DOCUMENT_SIGNATURE_HELP, signature_options)(handle_signature_help)
    server.feature(types.TEXT_DOCUMENT_DEFINITION)(handle_definition)
    server.feature(types.TEXT_DOCUMENT_REFERENCES)(handle_references)
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)(handle_document_highlight)
    server.feature(types.TEXT_DOCUMENT_SELECTION_RANGE)(handle_selection_range)
    server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)(handle_prepare_rename)
    server.feature(types.TEXT_DOCUMENT_RENAME)(handle_rename)
    server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))(handle_inlay_hint)
    quick_fixes = types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])
    server.feature(types.TEXT_DOCUMENT_CODE_ACTION, quick_fixes)(handle_code_action)


async def handle_completion(ls: HotLanguageServer, params: types.CompletionParams) -> Encoded | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    options = completion_options(ls)
    return await ls.run_answer(
        types.TEXT_DOCUMENT_COMPLETION,
        lambda: adapt_completion(
            completion(
                snapshot,
                params,
                snippet_support=options.snippet_support,
                markdown=options.markdown,
                resolve_documentation=options.resolve_documentation,
            ),
            ls,
        ),
        snapshot=snapshot,
        position=params.position,
    )


async def handle_completion_resolve(ls: HotLanguageServer, item: types.CompletionItem) -> types.CompletionItem:
    markdown = completion_options(ls).markdown
    # The doc of one of a document's own names is made again from the document's newest text (the client asks
    # once the user stops at the item); an item from a document no longer open resolves to no documentation.
    uri = named_document(item)
    snapshot = await ls.snapshot(uri) if uri is not None and uri in ls.store else None
    return await ls.run_feature(
        types.COMPLETION_ITEM_RESOLVE,
        lambda: resolve(item, markdown=markdown, snapshot=snapshot),
        item,
        urgent=True,
    )


async def handle_hover(ls: HotLanguageServer, params: types.HoverParams) -> Encoded | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    markdown = takes_markdown(ls, "text_document.hover.content_format")
    live = ls.cloud.live_rows(snapshot.uri)  # hotLsp.stacks: as last listed; never waits for the cloud
    return await ls.run_answer(
        types.TEXT_DOCUMENT_HOVER,
        lambda: adapt_hover(hover(snapshot, params, markdown=markdown, live=live), ls),
        snapshot=snapshot,
        position=params.position,
    )


async def handle_signature_help(ls: HotLanguageServer, params: types.SignatureHelpParams) -> types.SignatureHelp | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    information = "text_document.signature_help.signature_information"
    markdown = takes_markdown(ls, f"{information}.documentation_format")
    offsets = bool(ls.capability(f"{information}.parameter_information.label_offset_support", False))
    return await ls.run_feature(
        types.TEXT_DOCUMENT_SIGNATURE_HELP,
        lambda: signature_help(snapshot, params, markdown=markdown, label_offsets=offsets),
        None,
        snapshot=snapshot,
        position=params.position,
        urgent=True,
    )


async def handle_definition(ls: HotLanguageServer, params: types.DefinitionParams) -> list[types.Location] | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return await ls.run_feature(
        types.TEXT_DOCUMENT_DEFINITION,
        lambda: definition(snapshot, params),
        None,
        snapshot=snapshot,
        position=params.position,
        urgent=True,
    )


async def handle_references(ls: HotLanguageServer, params: types.ReferenceParams) -> list[types.Location] | None:
    await _settle_open_documents(ls, params.text_document.uri)
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return ls.call_feature(
        types.TEXT_DOCUMENT_REFERENCES,
        lambda: references(snapshot, params),
        None,
        uri=snapshot.uri,
        position=params.position,
    )


async def handle_document_highlight(
    ls: HotLanguageServer, params: types.DocumentHighlightParams
) -> list[types.DocumentHighlight] | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return await ls.run_feature(
        types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT,
        lambda: document_highlight(snapshot, params),
        None,
        snapshot=snapshot,
        position=params.position,
        urgent=True,
    )


async def handle_selection_range(
    ls: HotLanguageServer, params: types.SelectionRangeParams
) -> list[types.SelectionRange] | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return await ls.run_feature(
        types.TEXT_DOCUMENT_SELECTION_RANGE,
        lambda: selection_ranges(snapshot, params),
        None,
        snapshot=snapshot,
        position=params.positions[0] if params.positions else None,
    )


async def handle_prepare_rename(
    ls: HotLanguageServer, params: types.PrepareRenameParams
) -> types.PrepareRenamePlaceholder | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return ls.call_feature(
        types.TEXT_DOCUMENT_PREPARE_RENAME,
        lambda: prepare_rename(snapshot, params),
        None,
        uri=snapshot.uri,
        position=params.position,
    )


async def handle_rename(ls: HotLanguageServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    await _settle_open_documents(ls, params.text_document.uri)
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    return ls.call_feature(
        types.TEXT_DOCUMENT_RENAME,
        lambda: rename(snapshot, params),
        None,
        uri=snapshot.uri,
        position=params.position,
    )


async def _settle_open_documents(ls: HotLanguageServer, uri: str) -> None:
    """Every open document analysed, so the index knows their texts; ContentModified if ``uri`` changed
    meanwhile."""
    stamp = ls.store.stamp(uri)
    await ls.file_tracking.settle_open_documents()
    if ls.store.stamp(uri) != stamp:
        raise JsonRpcContentModified(f"{uri} changed while the request waited")


async def handle_inlay_hint(ls: HotLanguageServer, params: types.InlayHintParams) -> list[types.InlayHint]:
    if not ls.settings.inlay_hints:  # opt-in: hotLsp.inlayHints
        return []
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return []
    return await ls.run_feature(
        types.TEXT_DOCUMENT_INLAY_HINT,
        lambda: inlay_hints(snapshot, params),
        [],
        snapshot=snapshot,
        position=params.range.start,
    )


async def handle_code_action(ls: HotLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    snapshot = await ls.pinned_snapshot(params.text_document.uri)
    if snapshot is None:
        return None
    try:
        params = restore_diagnostic_data(params, lambda: ls.diagnostics.of(snapshot))
    except Exception as error:
        ls.report_crash(types.TEXT_DOCUMENT_CODE_ACTION, error, uri=snapshot.uri, position=params.range.start)
    return await ls.run_feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        lambda: code_actions(snapshot, params),
        None,
        snapshot=snapshot,
        position=params.range.start,
    )
