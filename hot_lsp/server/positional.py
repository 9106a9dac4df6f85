"""The feature calls of the requests at a position that read something from the client or the session:
completion (and completionItem/resolve), hover, signature help and code actions; the options the requests at a
position register.

Each ``*_call`` runs on the loop once the session has the snapshot its row in the handler table names
(handlers.py: the text the request was made against, and the lane the call runs on), reads what the feature takes
from the client or the session, and gives the call. The features that take only the snapshot and the params
(definition, references, highlight, selection ranges, prepareRename, rename, inlay hints) need no call here: their
rows name them (``methods.call_with_params``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..features.deferred import code_actions, completion, hover, named_document, resolve, signature_help
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


async def code_action_call(
    ls: HotLanguageServer, snapshot: Snapshot, params: types.CodeActionParams
) -> Callable[[], Any]:
    try:
        params = restore_diagnostic_data(params, lambda: ls.diagnostics.of(snapshot))
    except Exception as error:  # the quick fixes that need the data are left out; the others stand
        ls.report_crash(types.TEXT_DOCUMENT_CODE_ACTION, error, uri=snapshot.uri, position=params.range.start)
    return lambda: code_actions(snapshot, params)
