"""Text -> positioned tree: read piece by piece where the text allows it, else whole.

:mod:`.builder` reads one text (or one slice of it) from ruamel.yaml's event stream; :mod:`.pieces` finds where
a text can be cut into entries and :mod:`.piecewise` reads them and puts the tree together, taking the pieces an
edit left unchanged from the previous reading.
"""

from __future__ import annotations

import time

from .builder import BOM, PURE_PARSE_BUDGET_S, read_slice, surely_broken
from .parsed import ParsedDocument
from .pieces import Cut, cut
from .piecewise import read_in_pieces
from .positions import LineIndex
from .problems import Diagnostic

MAX_TEXT_CHARS = 32 * 1024 * 1024

__all__ = ["MAX_TEXT_CHARS", "ParsedDocument", "parse"]


def parse(
    text: str,
    max_chars: int = MAX_TEXT_CHARS,
    too_long_note: str = "",
    base: ParsedDocument | None = None,
    lines: LineIndex | None = None,
) -> ParsedDocument:
    """Parse ``text`` (one YAML or JSON document) into a positioned tree; never raises.

    A text over ``max_chars`` is not read at all (E0005, its message ending with ``too_long_note``); the editor
    passes a lower bound than the command line. A block mapping of plain keys is read piece by piece
    (:mod:`.pieces`); with ``base``, the reading of an earlier text of the same document, the pieces whose text
    is unchanged are taken from it (moved to their new offsets) instead of read again.
    """
    if lines is None or lines.text is not text:  # (the editor keeps one through its edits: ``lines``)
        lines = LineIndex(text)
    if len(text) > max_chars:
        return ParsedDocument(
            text,
            lines,
            None,
            [
                Diagnostic(
                    "E0005",
                    f"The file has {len(text):,} characters; hot-lsp reads at most {max_chars:,}{too_long_note}.",
                    0,
                    min(len(text), 1),
                )
            ],
            syntax_ok=False,
            truncated=True,
        )
    deadline = time.monotonic() + PURE_PARSE_BUDGET_S
    earlier = base.pieces if base is not None else None
    cuts = cut(text, (base.text, earlier.cuts) if base is not None and earlier is not None else None)
    if cuts is not None:
        in_pieces = read_in_pieces(text, lines, cuts, earlier, deadline)
        if in_pieces is not None:
            if in_pieces.syntax_ok:
                return in_pieces
            # A piece that does not parse alone may be cut where YAML reads on (a quoted or flow value over
            # lines): the whole text decides, and only when it does not parse either is the error the piece's.
            # Reading the whole text again costs the pure-Python parser's walk up to the error (a second for an
            # entry near the end of a 10,000-line file, at every keystroke while it is broken): first the text
            # from the first broken piece on, under the lines of the keys that hold it, is read; when that does
            # not parse, neither does the whole text, and the error is the piece's.
            if _tail_surely_broken(text, cuts, in_pieces, deadline):
                return in_pieces
            whole = _whole(text, lines, deadline)
            return whole if whole.syntax_ok else in_pieces
    return _whole(text, lines, deadline)


def _tail_surely_broken(text: str, cuts: tuple[Cut, ...], in_pieces: ParsedDocument, deadline: float) -> bool:
    """Whether the whole text surely does not parse, judged from its tail: the text from the first piece that does
    not parse alone on, under the lines of the keys that hold it (each as written, with the comments up to its
    first entry).

    Every piece before that one parsed alone, so each of its flow and quoted values is closed within it and
    its block values end at the next entry's key (which is what lets the pieces be read apart at all): a
    parser reading the whole text is, at the broken piece's line, where it is in this shorter text at the same
    line, inside the same block mappings at the same columns, and reads on from there the same. So when this
    text fails with both the C parser and the pure-Python one (within the budget), the whole text fails too;
    when it does not, the whole text is read as before and decides.
    """
    pieces = in_pieces.pieces
    if pieces is None:
        return False
    broken = [piece for found in pieces.by_text.values() for piece in found if not piece.ok]
    if not broken:
        return False
    first = min(broken, key=lambda piece: piece.start)
    heads: list[str] = []
    level = cuts
    for _ in range(first.depth):
        holder = next((c for c in level if c.entries and c.start <= first.start < c.end), None)
        if holder is None:
            return False
        heads.append(text[holder.start : holder.slice_end])
        level = holder.entries
    return surely_broken("".join(heads) + text[first.start :], deadline)


def _whole(text: str, lines: LineIndex, deadline: float) -> ParsedDocument:
    shift = 1 if text.startswith(BOM) else 0
    return read_slice(text[shift:], shift, deadline).result(text, lines)
