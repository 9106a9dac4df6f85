"""The one conversion layer between what features build and what this client declared it can take.

Feature functions build one result for every client; the ``adapt_*`` functions trim it to the client's
capabilities (pytest-lsp's specification checks hold us to them), and the ``*_options`` functions say what
features should build for it in the first place. Results may be shared between requests, so they are copied
(attrs.evolve), never changed in place. Snippets become plain text with the features' own converter
(``features/snippets.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import attrs
from lsprotocol import types

from ..features.diagnostics import SOURCE
from ..features.snippets import snippet_to_text

_COMPLETION_ITEM = "text_document.completion.completion_item"


class Client(Protocol):
    def capability(self, path: str, default: Any = None) -> Any:
        """The client's capability at a dotted path of ClientCapabilities."""
        ...


# -- what features are asked to build -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CompletionOptions:
    snippet_support: bool  # completionItem.snippetSupport
    markdown: bool  # completionItem.documentationFormat has markdown
    resolve_documentation: bool  # completionItem.resolveSupport covers documentation: long docs come on resolve


def completion_options(client: Client) -> CompletionOptions:
    resolvable = client.capability(f"{_COMPLETION_ITEM}.resolve_support.properties", None) or []
    return CompletionOptions(
        snippet_support=bool(client.capability(f"{_COMPLETION_ITEM}.snippet_support", False)),
        markdown=takes_markdown(client, f"{_COMPLETION_ITEM}.documentation_format"),
        resolve_documentation="documentation" in resolvable,
    )


def takes_markdown(client: Client, formats_path: str) -> bool:
    """Whether the MarkupKind list at ``formats_path`` (hover's contentFormat, ...) has markdown."""
    formats = client.capability(formats_path, None) or []
    return types.MarkupKind.Markdown in formats


def folding_limit(client: Client) -> int | None:
    limit = client.capability("text_document.folding_range.range_limit", None)
    return limit if isinstance(limit, int) else None


# -- results, trimmed to the client -----------------------------------------------------------------------------


def adapt_diagnostics(diagnostics: list[types.Diagnostic], client: Client) -> list[types.Diagnostic]:
    tags = client.capability("text_document.publish_diagnostics.tag_support.value_set", None) or []
    keep_tags = types.DiagnosticTag.Unnecessary in tags
    keep_description = client.capability("text_document.publish_diagnostics.code_description_support", False)
    keep_related = client.capability("text_document.publish_diagnostics.related_information", False)
    if keep_tags and keep_description and keep_related:
        return diagnostics
    return [
        attrs.evolve(
            d,
            tags=d.tags if keep_tags else None,
            code_description=d.code_description if keep_description else None,
            related_information=d.related_information if keep_related else None,
        )
        for d in diagnostics
    ]


def adapt_completion(
    result: types.CompletionList | Sequence[types.CompletionItem] | None, client: Client
) -> types.CompletionList | None:
    if result is None:
        return None
    items = result.items if isinstance(result, types.CompletionList) else list(result)
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    snippets = client.capability(f"{_COMPLETION_ITEM}.snippet_support", False)
    formats = client.capability(f"{_COMPLETION_ITEM}.documentation_format", None) or [types.MarkupKind.PlainText]
    commit = client.capability(f"{_COMPLETION_ITEM}.commit_characters_support", False)
    insert_replace = client.capability(f"{_COMPLETION_ITEM}.insert_replace_support", False)
    tag_set = client.capability(f"{_COMPLETION_ITEM}.tag_support.value_set", None) or []
    supported_defaults = client.capability("text_document.completion.completion_list.item_defaults", None) or []
    if defaults is not None and "editRange" not in supported_defaults:
        items = [_apply_defaults(item, defaults) for item in items]
        defaults = None
    adapted = []
    for item in items:
        changes: dict[str, Any] = {}
        if item.insert_text_format == types.InsertTextFormat.Snippet and not snippets:
            changes["insert_text_format"] = types.InsertTextFormat.PlainText
            if item.insert_text is not None:
                changes["insert_text"] = snippet_to_text(item.insert_text)
            edit = changes.get("text_edit", item.text_edit)
            if edit is not None:
                changes["text_edit"] = attrs.evolve(edit, new_text=snippet_to_text(edit.new_text))
        edit = changes.get("text_edit", item.text_edit)
        if isinstance(edit, types.InsertReplaceEdit) and not insert_replace:
            changes["text_edit"] = types.TextEdit(range=edit.replace, new_text=edit.new_text)
        if isinstance(item.documentation, types.MarkupContent) and item.documentation.kind not in formats:
            changes["documentation"] = types.MarkupContent(types.MarkupKind.PlainText, item.documentation.value)
        if item.commit_characters and not commit:
            changes["commit_characters"] = None
        if item.tags and any(tag not in tag_set for tag in item.tags):
            changes["tags"] = [tag for tag in item.tags if tag in tag_set] or None
        adapted.append(attrs.evolve(item, **changes) if changes else item)
    if defaults is not None and defaults.insert_text_format == types.InsertTextFormat.Snippet and not snippets:
        defaults = attrs.evolve(defaults, insert_text_format=types.InsertTextFormat.PlainText)
    if "editRange" in supported_defaults and (defaults is None or defaults.edit_range is None):
        adapted, defaults = _shared_edit_range(adapted, defaults)
    is_incomplete = result.is_incomplete if isinstance(result, types.CompletionList) else False
    return types.CompletionList(is_incomplete=is_incomplete, items=adapted, item_defaults=defaults)


def _shared_edit_range(
    items: list[types.CompletionItem], defaults: types.CompletionItemDefaults | None
) -> tuple[list[types.CompletionItem], types.CompletionItemDefaults | None]:
    """The range every item replaces said once, in ``itemDefaults.editRange``, for a client that takes it: each item
    then carries only its text (``textEditText``, left out when it is the label). A list of 101 parameters is 13 KB
    smaller, sent at every keystroke."""
    edits = [item.text_edit for item in items if isinstance(item.text_edit, types.TextEdit)]
    if not edits or len(edits) != len(items) or any(edit.range != edits[0].range for edit in edits):
        return items, defaults
    moved = [
        attrs.evolve(item, text_edit=None, text_edit_text=edit.new_text if edit.new_text != item.label else None)
        for item, edit in zip(items, edits, strict=True)
    ]
    return moved, attrs.evolve(defaults or types.CompletionItemDefaults(), edit_range=edits[0].range)


def _apply_defaults(item: types.CompletionItem, defaults: types.CompletionItemDefaults) -> types.CompletionItem:
    """Spell out ``itemDefaults`` in each item, for clients that do not know them."""
    changes: dict[str, Any] = {}
    if defaults.edit_range is not None and item.text_edit is None:
        new_text = item.text_edit_text or item.insert_text or item.label
        if isinstance(defaults.edit_range, types.Range):
            changes["text_edit"] = types.TextEdit(range=defaults.edit_range, new_text=new_text)
        else:
            changes["text_edit"] = types.InsertReplaceEdit(
                new_text=new_text, insert=defaults.edit_range.insert, replace=defaults.edit_range.replace
            )
    if defaults.insert_text_format is not None and item.insert_text_format is None:
        changes["insert_text_format"] = defaults.insert_text_format
    if defaults.commit_characters is not None and item.commit_characters is None:
        changes["commit_characters"] = defaults.commit_characters
    if defaults.data is not None and item.data is None:
        changes["data"] = defaults.data
    return attrs.evolve(item, **changes) if changes else item


def adapt_hover(result: types.Hover | None, client: Client) -> types.Hover | None:
    if isinstance(result, types.Hover) and isinstance(result.contents, types.MarkupContent):
        formats = client.capability("text_document.hover.content_format", None) or [types.MarkupKind.PlainText]
        if result.contents.kind not in formats:
            return attrs.evolve(result, contents=types.MarkupContent(types.MarkupKind.PlainText, result.contents.value))
    return result


def adapt_folding(result: list[types.FoldingRange], client: Client) -> list[types.FoldingRange]:
    if not result:
        return result
    line_only = client.capability("text_document.folding_range.line_folding_only", False)
    collapsed = client.capability("text_document.folding_range.folding_range.collapsed_text", False)
    limit = folding_limit(client)
    ranges = list(result)
    if line_only or not collapsed:
        ranges = [
            attrs.evolve(
                r,
                start_character=None if line_only else r.start_character,
                end_character=None if line_only else r.end_character,
                collapsed_text=r.collapsed_text if collapsed else None,
            )
            for r in ranges
        ]
    if limit is not None and limit >= 0:
        ranges = ranges[:limit]
    return ranges


def adapt_links(result: list[types.DocumentLink], client: Client) -> list[types.DocumentLink]:
    if not result or client.capability("text_document.document_link.tooltip_support", False):
        return result
    return [attrs.evolve(link, tooltip=None) if link.tooltip else link for link in result]


def adapt_document_symbols(
    result: Sequence[types.DocumentSymbol | types.SymbolInformation], client: Client, uri: str
) -> Sequence[types.DocumentSymbol | types.SymbolInformation]:
    """Flat SymbolInformation for clients without hierarchical document symbols."""
    if not result or client.capability("text_document.document_symbol.hierarchical_document_symbol_support", False):
        return result
    flat: list[types.DocumentSymbol | types.SymbolInformation] = []

    def add(symbol: types.DocumentSymbol | types.SymbolInformation, container: str | None) -> None:
        if not isinstance(symbol, types.DocumentSymbol):
            flat.append(symbol)
            return
        flat.append(
            types.SymbolInformation(
                location=types.Location(uri=uri, range=symbol.range),
                name=symbol.name,
                kind=symbol.kind,
                tags=symbol.tags,
                container_name=container,
            )
        )
        for child in symbol.children or ():
            add(child, symbol.name)

    for symbol in result:
        add(symbol, None)
    return flat


# -- requests, completed for the features -----------------------------------------------------------------------


def restore_diagnostic_data(
    params: types.CodeActionParams, ours: Callable[[], list[types.Diagnostic]]
) -> types.CodeActionParams:
    """Give back ``data`` to our diagnostics in the context when the client dropped it.

    Quick fixes read their facts from ``Diagnostic.data``; clients without ``dataSupport`` do not echo it, so
    it is looked up again by code and range among ``ours()``, the document's own diagnostics.
    """
    context = params.context
    if all(d.data is not None or d.source != SOURCE for d in context.diagnostics):
        return params
    data = {(d.code, _range_key(d.range)): d.data for d in ours()}
    diagnostics = [
        attrs.evolve(d, data=data.get((d.code, _range_key(d.range)))) if d.data is None and d.source == SOURCE else d
        for d in context.diagnostics
    ]
    return attrs.evolve(params, context=attrs.evolve(context, diagnostics=diagnostics))


def _range_key(r: types.Range) -> tuple[int, int, int, int]:
    return (r.start.line, r.start.character, r.end.line, r.end.character)
