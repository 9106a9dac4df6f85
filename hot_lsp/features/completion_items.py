"""Completion items as the completion modules build them (:class:`Item`), the text they insert, and their
conversion to LSP items for one client (snippets or plain text, markdown or plain docs, docs now or on resolve).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from ..analysis.queries.cursor import Cursor
from .snippets import escape_snippet, snippet_to_text

Kind = types.CompletionItemKind

# Sort groups: what the slot most likely wants comes first.
NAMES, VALUES, KEYS, PSEUDO, FUNCTIONS = range(5)

# How a key's value is usually written, for the text inserted after the key in block style.
MAP, LIST = "map", "list"

# Docs longer than this are left out of a list when the client resolves them later (a type list carries 170
# docs, about 70 kB); the item's data says how to rebuild them (completion_docs.py).
LONG_DOC = 160
DOC_DATA_KEY = "doc"

# A reference that rebuilds an item's documentation (completion_docs.rebuild_doc): a kind and its arguments.
DocRef = tuple[Any, ...]


@dataclass(slots=True)
class Item:
    label: str
    kind: Kind
    insert: str
    group: int
    rank: int = 0
    detail: str | None = None
    doc: str | None = None
    snippet: bool = False
    filter: str | None = None
    deprecated: bool = False
    # How to rebuild ``doc`` from nothing but this reference; None for docs about the document's own names,
    # which are sent with the list whatever their length.
    doc_ref: DocRef | None = None


def lsp_item(
    item: Item, edit_range: types.Range, *, snippet_support: bool, markdown: bool, defer_docs: bool
) -> types.CompletionItem:
    """``item`` replacing ``edit_range``; ``defer_docs``: long docs are left for completionItem/resolve."""
    text = item.insert
    snippet = item.snippet
    if snippet and not snippet_support:
        text, snippet = snippet_to_text(text), False
    documentation: types.MarkupContent | str | None = None
    data = None
    if item.doc and defer_docs and item.doc_ref is not None and len(item.doc) > LONG_DOC:
        data = {DOC_DATA_KEY: _json_ready(item.doc_ref)}
    elif item.doc:
        documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=item.doc) if markdown else item.doc
    return types.CompletionItem(
        data=data,
        label=item.label,
        kind=item.kind,
        detail=item.detail,
        documentation=documentation,
        sort_text=f"{item.group}{item.rank:04d}{item.label}",
        # (LSP's defaults, the label and plain text, left out: a list of 101 parameters is sent at every keystroke)
        filter_text=item.filter if item.filter and item.filter != item.label else None,
        insert_text_format=types.InsertTextFormat.Snippet if snippet else None,
        insert_text_mode=types.InsertTextMode.AsIs if "\n" in text else None,
        text_edit=types.TextEdit(range=edit_range, new_text=text),
        tags=[types.CompletionItemTag.Deprecated] if item.deprecated else None,
    )


def _json_ready(value: Any) -> Any:
    return [_json_ready(part) for part in value] if isinstance(value, tuple) else value


def key_text(cursor: Cursor, key: str, shape: str | None) -> str:
    """A key as inserted at ``cursor``: with the start of its value (``MAP``, ``LIST`` or a scalar) after it."""
    if cursor.quote:
        return key
    if cursor.key_follows:
        return escape_snippet(key)
    if cursor.flow or shape is None:
        return f"{key}: $0"
    indent = " " * (cursor.column + 2)
    return f"{key}:\n{indent}" + ("- $0" if shape == LIST else "$0")


def word_length(after: str) -> int:
    """How much of the text after the cursor belongs to the word being typed (replaced by an item)."""
    i = 0
    while i < len(after) and after[i] not in " \t{}[],'\"":
        if after[i] == ":" and (i + 1 == len(after) or after[i + 1] in " \t"):
            break
        i += 1
    return i
