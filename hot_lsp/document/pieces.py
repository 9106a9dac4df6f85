"""Where a text can be read in pieces: each top-level key, and, for a large one, each entry of its block mapping.

A HOT template or environment file is a block mapping of sections, most of them block mappings of named
entries (parameters, resources, outputs, conditions, parameter_defaults, resource_registry); a large entry is a
block mapping again (an output's ``value``, a resource's ``properties``). Read piece by piece, an edit re-reads
one entry instead of the file, and a syntax error in one entry leaves the others read
(:mod:`hot_lsp.document.piecewise`). This module only finds the cuts, from the lines' indentation, and is
conservative: what it cannot be sure YAML reads as a block mapping of plain keys (a flow or quoted root, a
sequence, document markers, directives, quoted or complex keys, lines less indented than the entries,
lone carriage returns) is read whole.

Each piece's slice starts at its line's start, so its columns are the ones the whole text has, and ends at the
next entry's key, where YAML ends the previous entry's mappings: each piece read alone gives the positions and
node ranges a reading of the whole text gives.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

# A line that starts a plain key: not blank, not a comment, not an indicator YAML reads otherwise; the key ends
# at the first ": " (or ":" at the line's end). Keys with "#" are left to a whole reading.
_KEY = re.compile(r"([^\s#\-?:,\[\]{}&*!|>'\"%@`][^\n#]*?)[ \t]*:(?=[ \t\r\n]|$)")
# A key with nothing after it on its line but a comment: its value is on the lines below.
_HEADER_REST = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\r?\n|$)")
_TOP_LINE = re.compile(r"\n(?=[^ \t\r\n#])")  # a line with content at column 0 (after the first)
_CONTENT_LINE = re.compile(r"\n([ \t]*)(?=[^ \t\r\n#])")  # the next line with content (not a comment)
_BOM = "\ufeff"
_AFTER_INDICATOR = frozenset(" \t\r\n[]{},")
# An entry shorter than this is read whole: reading it is cheaper than assembling its entries.
SPLIT_ABOVE = 4096  # (the entries are read in groups: see piecewise._groups)


class Cut(NamedTuple):
    """One key of a block mapping: its slice (``start`` at a line's start, ``end`` exclusive), where its key is,
    and, when its value is a block mapping read entry by entry, those entries (the slice is then only the
    lines before the first of them). (A named tuple: a keystroke in a large file makes hundreds.)"""

    start: int
    end: int
    key_start: int
    key_end: int
    entries: tuple[Cut, ...] = ()

    @property
    def slice_end(self) -> int:
        """Where this piece's own text ends (its first entry's line, when it has entries)."""
        return self.entries[0].start if self.entries else self.end


def cut(text: str, earlier: tuple[str, tuple[Cut, ...]] | None = None) -> tuple[Cut, ...] | None:
    """The top-level pieces of ``text``, or None when it must be read whole. With ``earlier`` (an earlier text and
    its cuts), a top-level key whose region the edit did not touch keeps its entries' cuts (moved)."""
    # (A lone carriage return is looked for only in a text that has one: counting scans it all, twice.)
    if not text or text.startswith(_BOM) or ("\r" in text and text.count("\r") != text.count("\r\n")):
        return None
    if text.startswith((" ", "\t")):
        return None
    if text[0] in "#\r\n":
        first = _CONTENT_LINE.search(text)
        if first is None or first.group(1):
            return None  # only comments, or the first content is indented: read whole
    line_starts = [0] if text[0] not in "#\r\n" else []
    line_starts.extend(match.start() + 1 for match in _TOP_LINE.finditer(text))
    line_starts = [start for start in line_starts if not _is_item(text, start)]
    if not line_starts:
        return None
    return _cuts(text, line_starts, 0, len(text), 0, _Unchanged(earlier, text) if earlier is not None else None)


def _cuts(
    text: str,
    line_starts: list[int],
    indent: int,
    end: int,
    level: int,
    unchanged: _Unchanged | None = None,
    known: dict[int, Cut] | None = None,
) -> tuple[Cut, ...] | None:
    """One cut per key line of a block mapping indented ``indent`` columns (``line_starts``: their lines).
    ``known``: cuts of an earlier text that hold here, by their line (taken when they end where they should)."""
    cuts: list[Cut] = []
    for index, line_start in enumerate(line_starts):
        if known is not None:
            taken = known.get(line_start)
            if taken is not None and taken.end == (
                line_starts[index + 1] + indent if index + 1 < len(line_starts) else end
            ):
                cuts.append(taken)
                continue
        key_start = line_start + indent
        key = _KEY.match(text, key_start)
        if key is None:
            return None  # a list item, a flow or quoted key, "---", "%YAML"...
        # Ends where the next key starts: YAML closes this entry's mappings there.
        finish = line_starts[index + 1] + indent if index + 1 < len(line_starts) else end
        # The first top-level piece also takes what comes before its key (comments).
        start = 0 if level == 0 and index == 0 else line_start
        entries: tuple[Cut, ...] = ()
        # Sections are always cut into their entries (a broken entry then leaves the others read); an entry only
        # when it is large.
        kept = unchanged.entries(start, finish) if unchanged is not None else None
        if kept is not None:
            entries = kept
        elif level == 0 or finish - start > SPLIT_ABOVE:
            header = _HEADER_REST.match(text, key.end())
            if header is not None and not _may_alias(text, start, finish):
                earlier = unchanged.around(start) if unchanged is not None else None
                entries = _block_entries(text, header.end(), finish, level + 1, earlier) or ()
        cuts.append(Cut(start, finish, key_start, key.end(1), entries))
    return tuple(cuts)


class _Unchanged:
    """The top-level regions an edit left as they were: what the text shares with the earlier one at its start and
    at its end (a cut's entries depend only on its region's text)."""

    def __init__(self, earlier: tuple[str, tuple[Cut, ...]], text: str) -> None:
        before, cuts = earlier
        self.by_start = {cut.start: cut for cut in cuts}
        self.prefix = _common_prefix(before, text)
        limit = min(len(before), len(text)) - self.prefix
        self.suffix_start = len(text) - _common_suffix(before, text, limit)
        self.delta = len(text) - len(before)

    def around(self, start: int) -> _Around | None:
        """For the region the edit is in, starting at ``start``: its entries' cuts in the earlier text."""
        found = self.by_start.get(start) if start < self.prefix else None
        if found is None or not found.entries:
            return None
        return _Around(found.entries, self.prefix, self.suffix_start, self.delta)

    def entries(self, start: int, end: int) -> tuple[Cut, ...] | None:
        if end < self.prefix:
            found = self.by_start.get(start)
            return found.entries if found is not None and found.end == end else None
        if start > self.suffix_start:
            delta = self.delta
            found = self.by_start.get(start - delta)
            if found is not None and found.end == end - delta:
                return _moved(found.entries, delta)
        return None


class _Around(NamedTuple):
    """The entries of the region an edit is in, as the earlier text had them, and what the edit left as it was (the
    text up to ``prefix``, and from ``suffix_start`` on, ``delta`` characters from where it was)."""

    entries: tuple[Cut, ...]
    prefix: int
    suffix_start: int
    delta: int


def _moved(cuts: tuple[Cut, ...], delta: int) -> tuple[Cut, ...]:
    # (Built the fastest way a named tuple is: a keystroke near the top of a large file moves hundreds of cuts.)
    make = tuple.__new__
    return tuple(
        [
            make(Cut, (start + delta, end + delta, key_start + delta, key_end + delta, _moved(entries, delta)))
            if entries
            else make(Cut, (start + delta, end + delta, key_start + delta, key_end + delta, ()))
            for start, end, key_start, key_end, entries in cuts
        ]
    )


_BLOCK = 4096


def _common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` share at their start (compared a block at a time, then halving)."""
    at = 0
    limit = min(len(a), len(b))
    while at < limit and a[at : at + _BLOCK] == b[at : at + _BLOCK]:
        at += _BLOCK
    high = min(limit, at + _BLOCK)
    while at < high:
        middle = (at + high + 1) // 2
        if a[at:middle] == b[at:middle]:
            at = middle
        else:
            high = middle - 1
    return min(at, limit)


def _common_suffix(a: str, b: str, limit: int) -> int:
    """How many characters ``a`` and ``b`` share at their end, at most ``limit``."""
    shared = 0
    while shared < limit:
        size = min(_BLOCK, limit - shared)
        if a[len(a) - shared - size : len(a) - shared] != b[len(b) - shared - size : len(b) - shared]:
            break
        shared += size
    else:
        return shared
    low, high = shared, shared + size
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle : len(a) - shared] == b[len(b) - middle : len(b) - shared]:
            low = middle
        else:
            high = middle - 1
    return low


def _block_entries(
    text: str, begin: int, end: int, level: int, earlier: _Around | None = None
) -> tuple[Cut, ...] | None:
    """The entries of the block mapping on the lines ``begin``..``end``, or None when it is not one to cut.
    ``earlier``: how they were cut before an edit inside them (those it left as they were are taken)."""
    if earlier is not None:
        around = _around_the_edit(text, end, level, earlier)
        if around is not None:
            return around
    first = _CONTENT_LINE.search(text, begin - 1, end)
    if first is None:
        return None
    line_start = first.start() + 1
    indent = len(first.group(1))
    if indent == 0 or first.group(1).strip(" "):
        return None
    line_starts: list[int] = []
    for match in _shallow_lines(indent).finditer(text, begin - 1, end):
        if match.end() - match.start() - 1 < indent:
            return None  # less indented than the entries: YAML reads it some other way
        if not _is_item(text, match.end()):
            line_starts.append(match.start() + 1)
    if not line_starts or line_starts[0] != line_start:
        return None
    return _cuts(text, line_starts, indent, end, level)


def _around_the_edit(text: str, end: int, level: int, earlier: _Around) -> tuple[Cut, ...] | None:
    """The entries of a section an edit is in, ``end`` its end: those before and after the edit are the earlier
    cuts (moved), and only the lines between them are looked at again (a keystroke in one of 98 parameters was
    0.2 ms of looking at them all). None: it cannot be told so (the edit is on the first entry's key line)."""
    entries, prefix, suffix_start, delta = earlier
    before = 0  # the entries whose text, up to the next entry's key, the edit left as it was
    while before < len(entries) and entries[before].end < prefix:
        before += 1
    if before == len(entries):
        return None
    first_key_line_end = text.find("\n", entries[0].key_start)
    if before == 0 and not 0 <= first_key_line_end < prefix:
        return None  # the first key's line changed: its indentation decides the entries'
    after = len(entries)  # from here on, the entries wholly in the text after the edit
    while after > before and entries[after - 1].start > suffix_start - delta:
        after -= 1
    indent = entries[0].key_start - entries[0].start
    line_starts = [cut.start for cut in entries[:before]]
    middle_end = entries[after].start + delta if after < len(entries) else end
    for match in _shallow_lines(indent).finditer(text, entries[before].start - 1, middle_end):
        if match.end() - match.start() - 1 < indent:
            return None  # less indented than the entries: YAML reads it some other way
        if not _is_item(text, match.end()):
            line_starts.append(match.start() + 1)
    moved = _moved(entries[after:], delta) if delta else entries[after:]
    line_starts.extend(cut.start for cut in moved)
    known = {cut.start: cut for cut in entries[:before]}
    known.update((cut.start, cut) for cut in moved)
    return _cuts(text, line_starts, indent, end, level, known=known)


def _may_alias(text: str, start: int, end: int) -> bool:
    """Whether something like an anchor or alias is written between ``start`` and ``end``: such an entry is read
    whole, so that its aliases find their anchors (it may only be a "*" or "&" in a string: the entry is then read
    whole for nothing). (str.find: a regular expression starting with a class is ten times slower here.)"""
    for indicator in "&*":
        at = text.find(indicator, start, end)
        while at >= 0:
            if at + 1 < end and text[at - 1] in " \t\n[{," and text[at + 1] not in _AFTER_INDICATOR:
                return True
            at = text.find(indicator, at + 1, end)
    return False


def _is_item(text: str, at: int) -> bool:
    """Whether a list item starts at ``at``: at a key's indentation, the key's value (an indentless list)."""
    return text.startswith("-", at) and (at + 1 == len(text) or text[at + 1] in " \t\r\n")


@lru_cache(maxsize=64)
def _shallow_lines(indent: int) -> re.Pattern[str]:
    """Lines with content indented ``indent`` columns or less (the deeper ones, most of a section, never match)."""
    return re.compile(rf"\n {{0,{indent}}}(?=[^ \t\r\n#])")
