"""Suppression comments from the editor: the code actions "Disable CODE on this line" / "Disable CODE in this
file", and completion of codes inside ``# hot-lsp: disable=`` (each with its one-line summary from the code
registry). The comments written are the ones ``analysis.suppress`` reads:

- on this line: ``# hot-lsp: disable=CODE`` on a line of its own right before the diagnostic's line (it quiets
  that one line only), with the line's indentation; added to a disable comment already on the line or the line
  before (``disable=E1,E2``); at the end of the line when a line cannot go before it (the line starts inside a
  scalar written over several lines), and not at all when neither is possible (inside a block scalar);
- in this file: ``# hot-lsp: disable-file=CODE`` as the first line, or added to such a comment already there.

JSON templates are left alone (Heat reads a text starting with ``{`` as JSON, where a comment does not belong).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lsprotocol import types

from ..analysis.codes import CODES
from ..analysis.suppress import COMMENT
from ..document import Mapping, Node, Scalar, Sequence
from .completion_items import VALUES, Item, Kind, lsp_item
from .snapshot import Snapshot

_CODE = re.compile(r"[EWIH]\d{4}")
# The comment being typed on the cursor's line, up to the cursor: the directive, then the codes so far.
_TYPING_CODES = re.compile(r"(?:^|\s)#\s*hot-lsp:\s*disable(?:-file)?\s*=\s*([A-Za-z0-9_, ]*)$")
_TYPING_DIRECTIVE = re.compile(r"(?:^|\s)#\s*hot-lsp:\s*([a-z-]*)$")
_DIRECTIVES = (
    ("disable=", "quiet codes on this line and the next"),
    ("disable-file=", "quiet codes in the whole file"),
)

Edit = tuple[int, int, str]


# -- code actions -------------------------------------------------------------------------------------------


def disable_actions(snapshot: Snapshot, diagnostics: Iterable[types.Diagnostic]) -> list[types.CodeAction]:
    """For each hot-lsp diagnostic: the actions that quiet its code on its line and in the whole file."""
    text = snapshot.text
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return []
    line_actions: list[types.CodeAction] = []
    file_actions: list[types.CodeAction] = []
    seen: set[tuple[str, int]] = set()
    for diagnostic in diagnostics:
        code = diagnostic.code
        if diagnostic.source not in (None, "hot-lsp") or not isinstance(code, str) or not _CODE.fullmatch(code):
            continue
        line = snapshot.analysis.parsed.lines.line_of(snapshot.offset(diagnostic.range.start))
        if (code, line) not in seen:
            seen.add((code, line))
            edit = _line_edit(snapshot, code, line)
            if edit is not None:
                line_actions.append(_action(snapshot, f"Disable {code} on this line", diagnostic, edit))
        if (code, -1) not in seen:
            seen.add((code, -1))
            file_actions.append(_action(snapshot, f"Disable {code} in this file", diagnostic, _file_edit(text, code)))
    return line_actions + file_actions


def _action(snapshot: Snapshot, title: str, diagnostic: types.Diagnostic, edit: Edit) -> types.CodeAction:
    start, end, new_text = edit
    change = types.TextEdit(range=snapshot.range(start, end), new_text=new_text)
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=types.WorkspaceEdit(changes={snapshot.uri: [change]}),
    )


def _line_edit(snapshot: Snapshot, code: str, line: int) -> Edit | None:
    text = snapshot.text
    lines = snapshot.analysis.parsed.lines
    starts = lines.line_starts
    for at in (line, line - 1):
        if at < 0:
            continue
        merged = _merge(text, starts[at], _line_end(text, starts[at]), code, whole_file=False)
        if merged is not None:
            return merged
    start = starts[line]
    end = _line_end(text, start)
    root = snapshot.analysis.parsed.root
    if not _inside_scalar(root, start):
        body = text[start:end]
        indent = body[: len(body) - len(body.lstrip(" \t"))]
        return start, start, f"{indent}# hot-lsp: disable={code}{_eol(text)}"
    if end > start and not _inside_scalar(root, end):
        return end, end, f"  # hot-lsp: disable={code}"
    return None


def _file_edit(text: str, code: str) -> Edit:
    merged = _merge(text, 0, len(text), code, whole_file=True)
    if merged is not None:
        return merged
    start = 1 if text.startswith("\ufeff") else 0
    return start, start, f"# hot-lsp: disable-file={code}{_eol(text)}"


def _merge(text: str, start: int, end: int, code: str, *, whole_file: bool) -> Edit | None:
    """``,CODE`` after the codes of the first such comment in ``text[start:end]``, if there is one."""
    for match in COMMENT.finditer(text, start, end):
        if bool(match.group(1)) != whole_file:
            continue
        codes = match.group(2).rstrip()
        at = match.start(2) + len(codes)
        return at, at, f",{code}"
    return None


def _inside_scalar(root: Node | None, offset: int) -> bool:
    """Whether ``offset`` falls strictly inside a scalar (where a ``#`` or a new line would be its text)."""
    node = root
    while node is not None:
        if not node.start < offset < node.end:
            return False
        if isinstance(node, Scalar):
            return True
        child: Node | None = None
        if isinstance(node, Mapping):
            for pair in node.pairs:
                for part in (pair.key, pair.value):
                    if part.start < offset < part.end and part.start >= node.start:
                        child = part
                        break
                if child is not None:
                    break
        elif isinstance(node, Sequence):
            child = next(
                (item for item in node.items if item.start < offset < item.end and item.start >= node.start), None
            )
        node = child
    return False


def _line_end(text: str, start: int) -> int:
    """The end of the line starting at ``start``, before its line break."""
    end = start
    while end < len(text) and text[end] not in "\r\n":
        end += 1
    return end


def _eol(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


# -- completion inside a suppression comment ---------------------------------------------------------------


def suppression_completion(snapshot: Snapshot, position: types.Position) -> types.CompletionList | None:
    """Codes (or the directives) inside a ``# hot-lsp:`` comment at ``position``; None elsewhere."""
    text = snapshot.text
    offset = snapshot.offset(position)
    lines = snapshot.analysis.parsed.lines
    line_start = lines.line_starts[lines.line_of(offset)]
    before = text[line_start:offset]
    if "hot-lsp:" not in before:
        return None
    word_end = offset
    while word_end < len(text) and (text[word_end].isalnum() or text[word_end] in "-_="):
        word_end += 1
    typing = _TYPING_CODES.search(before)
    if typing is not None:
        written = typing.group(1)
        word_start = offset - len(re.split(r"[, ]", written)[-1])
        present = {part.strip().upper() for part in written.split(",")[:-1]}
        _load_codes()
        items = [
            Item(code.code, Kind.Value, code.code, VALUES, rank, code.summary)
            for rank, code in enumerate(sorted(CODES.values(), key=lambda c: c.code[1:]))
            if code.code not in present
        ]
    else:
        typing = _TYPING_DIRECTIVE.search(before)
        if typing is None:
            return None
        word_start = offset - len(typing.group(1))
        items = [Item(name, Kind.Keyword, name, VALUES, rank, what) for rank, (name, what) in enumerate(_DIRECTIVES)]
    edit_range = snapshot.range(word_start, word_end)
    return types.CompletionList(
        is_incomplete=False,
        items=[lsp_item(item, edit_range, snippet_support=False, markdown=False, defer_docs=False) for item in items],
    )


def _load_codes() -> None:
    """Every rule module registers its codes when imported; the server may not have needed them all yet."""
    from ..analysis import rules  # noqa: F401
