"""LSP positions of a text, counted the way the protocol says (lines end at ``\\n``, ``\\r\\n`` or ``\\r``).

Deliberately separate from :mod:`hot_lsp.document.positions`: the fuzzer checks the server's ranges with it.
"""

from __future__ import annotations

import re

_BREAK = re.compile(r"\r\n|\r|\n")


def lines(text: str) -> list[str]:
    """The lines of ``text`` without their line ends (a text ending in a break has an empty last line)."""
    return _BREAK.split(text)


def units(segment: str, encoding: str) -> int:
    """Length of ``segment`` in the code units of ``encoding`` (lone surrogates count as one unit)."""
    if encoding == "utf-8":
        return len(segment.encode("utf-8", "surrogatepass"))
    if encoding == "utf-16":
        return len(segment) + sum(1 for char in segment if ord(char) > 0xFFFF)
    return len(segment)


def snap(text: str, offset: int) -> int:
    """``offset`` clamped to the text and moved off the middle of a CRLF, where no LSP position points."""
    offset = max(0, min(offset, len(text)))
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        return offset - 1
    return offset


def position(text: str, offset: int, encoding: str) -> dict[str, int]:
    """The LSP position of a character offset (snapped first, see :func:`snap`)."""
    offset = snap(text, offset)
    line = 0
    start = 0
    for match in _BREAK.finditer(text, 0, offset):
        line += 1
        start = match.end()
    return {"line": line, "character": units(text[start:offset], encoding)}


def line_lengths(text: str, encoding: str) -> list[int]:
    """Each line's length in code units: the largest ``character`` a position on it may have."""
    return [units(line, encoding) for line in lines(text)]


def within(lengths: list[int], point: dict[str, int]) -> bool:
    """Whether an LSP position lies inside the text whose line lengths are ``lengths``."""
    line, character = point.get("line"), point.get("character")
    if not isinstance(line, int) or not isinstance(character, int) or line < 0 or character < 0:
        return False
    if line < len(lengths):
        return character <= lengths[line]
    # One past the last line, column 0: the end of a text that ends in a line break, as some servers say it.
    return line == len(lengths) and character == 0
