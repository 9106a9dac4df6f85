"""The feature calls of the requests at a position: completion (and completionItem/resolve), hover, signature help,
definition, references, document highlight, selection ranges, prepareRename, rename, inlay hints and code actions.

Each ``*_call`` runs on the loop once the session has the snapshot its row in the handler table names
(handlers.py: the text the request was made against, and on which lane the call runs), reads what the feature
takes from the client or the session, and gives the call. Most run on the feature thread: previews evaluate (yaql
in the helper process, ``get_file``), and several read other files (child templates, the resource type catalogue,
the templates an environment applies to). References, prepareRename and rename run on the loop: they walk the
workspace index, which only the loop may read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lsprotocol import types

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
from .client_capabilities import completion_options, restore_diagnostic_data, takes_markdown
from .session import HotLanguageServer

if TYPE_CHECKING:
    from ..features.snapshot import Snapshot

COMPLETION_TRIGGERS = [":", " ", "[", "{", ",", "-", "."]
# A function's argument starts after `name:` (and its space), a list item after `[`, `,` or a block's `- `.
SIGNATURE_TRIGGERS = [":", " ", "[", "{", ","]
COMPLETION_OPTIONS = types.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS, resolve_provider=True)
SIGNATURE_OPTIONS = types.SignatureHelpOptions(trigger_characters=SIGNATURE_TRIGGERS, retrigger_characters=[","])
INLAY_HINT_OPTIONS = types.InlayHintOptions(resolve_provider=False)
QUICK_FIXES = types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])


async def completion_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.CompletionParams
) -> Callable[[], Any]:
    options = completion_options(ls)
    return lambda: completion(
        snapshot,
        params,
        snippet_support=options.snippet_support,
        markdown=options.markdown,
        resolve_documentation=options.resolve_documentation,
    )


async def resolve_call(ls: HotLanguageServer, snapshot: None, item: types.CompletionItem) -> Callable[[], Any]:
    markdown = completion_options(ls).markdown
    # The doc of one of a document's own names is made again from the document's newest text (the client asks
    # once the user stops at the item); an item from a document no longer open resolves to no documentation.
    uri = named_document(item)
    named = await ls.snapshot(uri) if uri is not None and uri in ls.store else None
    return lambda: resolve(item, markdown=markdown, snapshot=named)


async def hover_call(ls: HotLanguageServer, snapshot: Snapshot, params: types.HoverParams) -> Callable[[], Any]:
    markdown = takes_markdown(ls, "text_document.hover.content_format")
    live = ls.cloud.live_rows(snapshot.uri)  # hotLsp.stacks: as last listed; never waits for the cloud
    return lambda: hover(snapshot, params, markdown=markdown, live=live)


async def signature_help_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.SignatureHelpParams
) -> Callable[[], Any]:
    information = "text_document.signature_help.signature_information"
    markdown = takes_markdown(ls, f"{information}.documentation_format")
    offsets = bool(ls.capability(f"{information}.parameter_information.label_offset_support", False))
    return lambda: signature_help(snapshot, params, markdown=markdown, label_offsets=offsets)


async def definition_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.DefinitionParams
) -> Callable[[], Any]:
    return lambda: definition(snapshot, params)


async def references_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.ReferenceParams
) -> Callable[[], Any]:
    return lambda: references(snapshot, params)


async def highlight_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.DocumentHighlightParams
) -> Callable[[], Any]:
    return lambda: document_highlight(snapshot, params)


async def selection_range_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.SelectionRangeParams
) -> Callable[[], Any]:
    return lambda: selection_ranges(snapshot, params)


async def prepare_rename_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.PrepareRenameParams
) -> Callable[[], Any]:
    return lambda: prepare_rename(snapshot, params)


async def rename_call(ls: HotLanguageServer, snapshot: Snapshot, params: types.RenameParams) -> Callable[[], Any]:
    return lambda: rename(snapshot, params)


async def inlay_hint_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.InlayHintParams
) -> Callable[[], Any]:
    return lambda: inlay_hints(snapshot, params)


async def code_action_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.CodeActionParams
) -> Callable[[], Any]:
    try:
        params = restore_diagnostic_data(params, lambda: ls.diagnostics.of(snapshot))
    except Exception as error:  # the quick fixes that need the data are left out; the others stand
        ls.report_crash(types.TEXT_DOCUMENT_CODE_ACTION, error, uri=snapshot.uri, position=params.range.start)
    return lambda: code_actions(snapshot, params)
