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
    """Line starts of one text, for fast offset/position conversion.

    An edit's index (:meth:`edited`) keeps the line starts after the edit as they were, with the shift they owe
    (``_state``: starts, from which index the shift applies, the shift): adding it to every one of them was a pass
    over all the lines at every keystroke (0.25 ms of a 1,700-line template's, on the loop). Typing on in one place
    adds to that shift; :attr:`line_starts` applies it when someone asks for the list."""

    __slots__ = ("text", "_state", "_ascii")

    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        if "\r" in text:
            starts.extend(m.end() for m in _LINE_BREAK.finditer(text))
        else:  # (the common case, four times faster: a keystroke in a large file builds one of these)
            starts.extend(accumulate(len(line) + 1 for line in text.split("\n")[:-1]))
        # One attribute, replaced whole: the loop and the analysis worker may read one index at once.
        self._state: tuple[list[int], int, int] = (starts, len(starts), 0)
        # ASCII-only text needs no per-line unit counting in any encoding.
        self._ascii = text.isascii()

    @property
    def line_starts(self) -> list[int]:
        """The offset each line starts at (do not change it)."""
        starts, shifted_from, shift = self._state
        if shift and shifted_from < len(starts):
            starts = starts[:shifted_from] + [line_start + shift for line_start in starts[shifted_from:]]
            self._state = (starts, len(starts), 0)
        return starts

    def edited(self, start: int, end: int, inserted: str) -> LineIndex:
        """The index of this text with ``text[start:end]`` replaced by ``inserted``, without scanning it all again:
        the line starts before the edit are kept, those after it shifted (lazily), and only the lines it touches
        scanned.

        A line break is one character or two (``\\r\\n``), so an edit can join or split one next to it: the scan
        starts at the line holding the character before the edit, and the lines kept after it start two
        characters past its end or later (their breaks are wholly in the text the edit leaves alone)."""
        text = self.text[:start] + inserted + self.text[end:]
        starts, shifted_from, shift = self._state
        delta = len(inserted) - (end - start)
        first = max(0, self.line_of(start - 1))
        after = self._first_at_or_after(end + 2)
        stop = self._start(after) + delta if after < len(starts) else len(text)
        head = starts[: first + 1]
        if shift and shifted_from <= first:
            head[shifted_from:] = [line_start + shift for line_start in head[shifted_from:]]
        head.extend(m.end() for m in _LINE_BREAK.finditer(text, self._start(first), stop))
        tail = starts[after + 1 :]
        unshifted = min(len(tail), max(0, shifted_from - (after + 1))) if shift else 0
        if unshifted:  # kept starts the earlier shift did not reach: the new one is what they owe
            tail[:unshifted] = [line_start - shift for line_start in tail[:unshifted]]
        index = LineIndex.__new__(LineIndex)
        index.text = text
        index._state = (head + tail, len(head), shift + delta)
        index._ascii = (self._ascii and inserted.isascii()) or (not self._ascii and text.isascii())
        return index

    def start_of(self, line: int) -> int:
        """The offset ``line`` (0 <= line < line_count) starts at, without making the list :attr:`line_starts` is."""
        return self._start(line)

    def _start(self, line: int) -> int:
        starts, shifted_from, shift = self._state
        return starts[line] + shift if line >= shifted_from else starts[line]

    def _first_at_or_after(self, offset: int) -> int:
        """The first line starting at ``offset`` or later (``bisect_left`` of the line starts)."""
        starts, shifted_from, shift = self._state
        if shifted_from >= len(starts) or offset <= starts[shifted_from] + shift:
            return bisect_left(starts, offset, 0, min(shifted_from, len(starts)))
        return bisect_left(starts, offset - shift, shifted_from)

    @property
    def line_count(self) -> int:
        return len(self._state[0])

    def line_of(self, offset: int) -> int:
        starts, shifted_from, shift = self._state
        if shifted_from >= len(starts) or offset < starts[shifted_from] + shift:
            return bisect_right(starts, offset, 0, min(shifted_from, len(starts))) - 1
        return bisect_right(starts, offset - shift, shifted_from) - 1

    def line_text(self, line: int) -> str:
        """The text of ``line`` without its line break."""
        if line < 0 or line >= self.line_count:
            return ""
        start = self._start(line)
        end = self._start(line + 1) if line + 1 < self.line_count else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def position(self, offset: int, encoding: Encoding = "utf-16") -> tuple[int, int]:
        """(line, character) of a character offset, characters counted in ``encoding``."""
        offset = max(0, min(offset, len(self.text)))
        if 0 < offset < len(self.text) and self.text[offset - 1] == "\r" and self.text[offset] == "\n":
            offset -= 1  # inside a CRLF (a YAML mark can land there), where no LSP position points: the line's end
        line = self.line_of(offset)
        start = self._start(line)
        if self._ascii or encoding == "utf-32":
            return line, offset - start
        return line, _units(self.text[start:offset], encoding)

    def offset(self, line: int, character: int, encoding: Encoding = "utf-16") -> int:
        """Character offset of an LSP position; out-of-range values are clamped, as LSP asks."""
        if line < 0:
            return 0
        if line >= self.line_count:
            return len(self.text)
        start = self._start(line)
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
