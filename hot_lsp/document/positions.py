"""Offsets into the document text <-> LSP positions (line, character).

The tree stores plain character offsets into the Python ``str`` of the
document. LSP clients count characters in UTF-16 code units by default, and
may negotiate UTF-8 or UTF-32; this module converts in both directions.
Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``, as LSP defines them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class LineIndex:
    """Line starts of one text, for fast offset/position conversion."""

    __slots__ = ("text", "line_starts", "_ascii")

    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        if "\r" in text:
            starts.extend(m.end() for m in _LINE_BREAK.finditer(text))
        else:  # (the common case, four times faster: a keystroke in a large file builds one of these)
            starts.extend(accumulate(len(line) + 1 for line in text.split("\n")[:-1]))
        self.line_starts = starts
        # ASCII-only text needs no per-line unit counting in any encoding.
        self._ascii = text.isascii()

    def edited(self, start: int, end: int, inserted: str) -> LineIndex:
        """The index of this text with ``text[start:end]`` replaced by ``inserted``, without scanning it all again:
        the line starts before the edit are kept, those after it shifted, and only the lines it touches scanned.

        A line break is one character or two (``\\r\\n``), so an edit can join or split one next to it: the scan
        starts at the line holding the character before the edit, and the lines kept after it start two
        characters past its end or later (their breaks are wholly in the text the edit leaves alone)."""
        text = self.text[:start] + inserted + self.text[end:]
        starts = self.line_starts
        delta = len(inserted) - (end - start)
        first = max(0, bisect_right(starts, start - 1) - 1)
        after = bisect_left(starts, end + 2)
        stop = starts[after] + delta if after < len(starts) else len(text)
        index = LineIndex.__new__(LineIndex)
        index.text = text
        index.line_starts = starts[: first + 1]
        index.line_starts.extend(m.end() for m in _LINE_BREAK.finditer(text, starts[first], stop))
        index.line_starts.extend([line_start + delta for line_start in starts[after + 1 :]])
        index._ascii = text.isascii()
        return index

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_of(self, offset: int) -> int:
        return bisect_right(self.line_starts, offset) - 1

    def line_text(self, line: int) -> str:
        """The text of ``line`` without its line break."""
        if line < 0 or line >= len(self.line_starts):
            return ""
        start = self.line_starts[line]
        end = self.line_starts[line + 1] if line + 1 < len(self.line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def position(self, offset: int, encoding: Encoding = "utf-16") -> tuple[int, int]:
        """(line, character) of a character offset, characters counted in ``encoding``."""
        offset = max(0, min(offset, len(self.text)))
        if 0 < offset < len(self.text) and self.text[offset - 1] == "\r" and self.text[offset] == "\n":
            offset -= 1  # inside a CRLF (a YAML mark can land there), where no LSP position points: the line's end
        line = self.line_of(offset)
        start = self.line_starts[line]
        if self._ascii or encoding == "utf-32":
            return line, offset - start
        return line, _units(self.text[start:offset], encoding)

    def offset(self, line: int, character: int, encoding: Encoding = "utf-16") -> int:
        """Character offset of an LSP position; out-of-range values are clamped, as LSP asks."""
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[line]
        line_str = self.line_text(line)
        if character <= 0:
            return start
        if self._ascii or encoding == "utf-32":
            return start + min(character, len(line_str))
        units = 0
        for index, char in enumerate(line_str):
            width = _char_units(char, encoding)
            if units + width > character:
                return start + index
            units += width
        return start + len(line_str)


def _char_units(char: str, encoding: Encoding) -> int:
    code = ord(char)
    if encoding == "utf-16":
        return 2 if code > 0xFFFF else 1
    if code < 0x80:
        return 1
    if code < 0x800:
        return 2
    if code < 0x10000:
        return 3
    return 4


def _units(segment: str, encoding: Encoding) -> int:
    if segment.isascii():
        return len(segment)
    if encoding == "utf-8":
        return len(segment.encode("utf-8", "surrogatepass"))
    return len(segment) + sum(1 for char in segment if ord(char) > 0xFFFF)
