"""Reading a text piece by piece (the cuts of :mod:`.pieces`) and putting the tree together.

Each piece is read alone, with the offsets, lines and depth it has in the whole text, so the tree is the one a
reading of the whole text gives (a test holds it on every corpus file). Two things follow:

- An edit re-reads only the pieces whose text changed. A piece whose text is unchanged is taken from the
  previous reading of the document; when the edit moved it, its nodes are moved in place (the tree of the
  earlier reading is then out of date: each piece belongs to the newest reading that took it, and only that
  one may move it again). Taking pieces is what makes a keystroke in a 10,000-line file cost a few lines.
- A syntax error stays in its piece: the other pieces keep their trees, and the broken one keeps what was read
  before the error (or at least its key), its error placed inside it. The caller only keeps such a reading when
  the whole text does not parse either (a piece may be cut where a flow or quoted value goes on).

An alias names an anchor of its own piece, or its piece does not parse alone (and the whole text is read); an
anchor defined in two pieces, an alias bomb, a bound hit or a merge key among a mapping's pieces makes the text
read whole (None).
"""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import replace

from .builder import duplicate_key, read_slice
from .nodes import Mapping, Node, Pair, Scalar, Shift, hashable_key
from .parsed import ParsedDocument
from .pauses import pause_point
from .pieces import Cut
from .positions import LineIndex
from .problems import Diagnostic, shifted
from .readings import Piece, Pieces
from .scalars import type_plain

GROUP_CHARS = 2048
_readings = itertools.count(1)


def read_in_pieces(
    text: str, lines: LineIndex, cuts: tuple[Cut, ...], base: Pieces | None, deadline: float
) -> ParsedDocument | None:
    """The tree of ``text`` read cut by cut (pieces of ``base`` taken where unchanged); None: read it whole."""
    reader = _Reader(text, lines, base, deadline)
    pairs = reader.pairs(cuts, 0)
    if reader.whole or not pairs:
        return None
    root = Mapping(pairs, False, pairs[0].key.start, len(text))
    # (A key given twice within one piece is found by its reading and again here: said once.)
    problems = list(dict.fromkeys([*reader.problems, *_duplicates(pairs, lines)]))
    pieces = Pieces(reader.reading, reader.pieces, reader.headers, cuts)
    for piece in reader.pieces:
        piece.owner = reader.reading
    return ParsedDocument(text, lines, root, problems, syntax_ok=reader.ok, pieces=pieces)


class _Reader:
    def __init__(self, text: str, lines: LineIndex, base: Pieces | None, deadline: float) -> None:
        self.text = text
        self.lines = lines
        self.base = base
        self.deadline = deadline
        self.reading = next(_readings)
        self.pieces: list[Piece] = []
        self.problems: list[Diagnostic] = []
        self.ok = True
        self.whole = False  # something ties the pieces together: read the text whole
        self.anchors: set[str] = set()
        self.headers: list[tuple[int, Pair]] = []

    def pairs(self, cuts: tuple[Cut, ...], depth: int) -> tuple[Pair, ...]:
        pairs: list[Pair] = []
        for group in _groups(self.text, cuts):
            pause_point()
            if self.whole:
                return ()
            if group[0].entries:
                pairs.append(self._header(group[0], depth))
                continue
            if len(group) > 1 and self.base is not None and not self._taken_whole(group, depth):
                # An edit changed this group: its entries are read one by one from now on, so that while the user
                # types in one of them the others are taken as they are (a group is read again whole at every
                # keystroke, and with it every rule's findings about each of its entries are made again).
                for cut in group:
                    alone = self._piece(cut, depth)
                    self._keep(alone)
                    pairs.extend(alone.pairs)
                continue
            piece = self._piece(_span(group), depth)
            if piece.ok or len(group) == 1:
                self._keep(piece)
                pairs.extend(piece.pairs)
                continue
            # A syntax error among several entries read together: each is read alone, so the error stays
            # in its entry and the others are read in full.
            for cut in group:
                alone = self._piece(cut, depth)
                self._keep(alone)
                pairs.extend(alone.pairs)
        return tuple(pairs)

    def _header(self, cut: Cut, depth: int) -> Pair:
        """A key whose value is read entry by entry: the key as YAML types it, over a mapping of the entries
        (the earlier reading's pair, moved here, when its entries are all the ones taken from it)."""
        key = _key(self.text, cut)
        entries = self.pairs(cut.entries, depth + 1)
        if not entries:
            return Pair(key, Scalar(None, "", "null", None, cut.key_end, cut.key_end))
        self.problems.extend(_duplicates(entries, self.lines))
        pair = self.base.header(depth, key.text, entries) if self.base is not None else None
        if pair is not None and isinstance(pair.key, Scalar) and pair.key.value == key.value:
            if pair.key.start != key.start or pair.value.end != cut.end:
                self.base.taken = True  # type: ignore[union-attr]
            pair.key.start, pair.key.end = key.start, key.end
            pair.value.start, pair.value.end = entries[0].key.start, cut.end
        else:
            pair = Pair(key, Mapping(entries, False, entries[0].key.start, cut.end))
        self.headers.append((depth, pair))
        return pair

    def _taken_whole(self, group: tuple[Cut, ...], depth: int) -> bool:
        """Whether the earlier reading has this group's text as one piece (still its own to give)."""
        span = _span(group)
        found = self.base.by_text.get((depth, self.text[span.start : span.end])) if self.base is not None else None
        return bool(found) and any(piece.owner == self.base.reading for piece in found)  # type: ignore[union-attr]

    def _piece(self, cut: Cut, depth: int) -> Piece:
        """The piece for ``cut``: taken from the earlier reading (moved here) when its text is unchanged."""
        text = self.text[cut.start : cut.end]
        first_line = self.lines.line_of(cut.start)
        piece = self.base.take(depth, text, self.reading) if self.base is not None else None
        if piece is not None and not _movable(piece, cut.start, first_line):
            piece = None
        if piece is None:
            return self._read(cut, text, first_line, depth)
        if piece.start != cut.start:
            assert self.base is not None
            self.base.taken = True  # (said before the move: see Pieces.taken)
            _move(piece, cut.start - piece.start, first_line, shared=bool(piece.anchors))
        return piece

    def _keep(self, piece: Piece) -> None:
        """Make ``piece`` part of this reading."""
        if not piece.plain:
            self.whole = True
        for name in piece.anchors:
            if name in self.anchors:
                self.whole = True  # defined twice (an error of the whole text), or aliased from another piece
            self.anchors.add(name)
        if not piece.ok:
            self.ok = False
        self.pieces.append(piece)
        self.problems.extend(piece.problems)

    def _read(self, cut: Cut, text: str, first_line: int, depth: int) -> Piece:
        builder = read_slice(text, cut.start, self.deadline, first_line, depth)
        root = builder.root
        pairs = root.pairs if isinstance(root, Mapping) else ()
        problems = builder.problems
        if not builder.syntax_ok:
            problems = _inside(problems, cut, text)
            if not pairs:  # broken before its key was read: the key still names the entry
                pairs = (_bare_key(self.text, cut),)
        merges = any(isinstance(p.key, Scalar) and p.key.value == "<<" and p.key.style is None for p in pairs)
        plain = not (builder.alias_bomb or builder.undefined_alias or builder.truncated or merges)
        anchors = tuple(builder.anchored_at)
        return Piece(text, cut.start, first_line, depth, pairs, problems, builder.syntax_ok, plain, anchors)


def _groups(text: str, cuts: tuple[Cut, ...]) -> Iterator[tuple[Cut, ...]]:
    """The cuts read together: a piece of its own for one read entry by entry; otherwise consecutive entries
    up to about ``GROUP_CHARS``, ending after a key whose hash says so. Reading a slice costs a fixed ~0.1 ms on
    top of its length, so a resource per piece would make a 300-resource file slower to read than whole; the
    ends follow the keys, not the lengths, so an edit that grows one entry leaves the later groups' texts as
    they were (and their pieces are taken, not read)."""
    group: list[Cut] = []
    size = 0
    for cut in cuts:
        if cut.entries:
            if group:
                yield tuple(group)
                group, size = [], 0
            yield (cut,)
            continue
        group.append(cut)
        size += cut.end - cut.start
        if size >= GROUP_CHARS or zlib.crc32(text[cut.key_start : cut.key_end].encode("utf-8", "replace")) % 8 == 0:
            yield tuple(group)
            group, size = [], 0
    if group:
        yield tuple(group)


def _span(group: tuple[Cut, ...]) -> Cut:
    first, last = group[0], group[-1]
    return first if len(group) == 1 else Cut(first.start, last.end, first.key_start, first.key_end)


def _movable(piece: Piece, start: int, first_line: int) -> bool:
    """Whether a piece read at another place is the piece read here: its messages that name lines (a duplicate
    key's earlier line) must name the same ones."""
    if piece.first_line == first_line or not piece.problems:
        return True
    return not any(problem.code == "W0002" for problem in piece.problems)


def _move(piece: Piece, delta: int, first_line: int, shared: bool) -> None:
    """Shift the piece's nodes and problems by ``delta`` characters (in place: the piece is this reading's). Its
    nodes share one :class:`~.nodes.Shift` from its first move on: a piece after the place typed at is moved at
    every keystroke, for the cost of one addition. With ``shared`` (the piece has anchors), a node its aliases
    share is met more than once, and given the shift once."""
    shift = piece.shift
    if shift is None:
        shift = piece.shift = Shift()
        for node in _nodes(piece, shared):
            node.shift = shift  # (it was UNMOVED: its offsets stay what they are until the addition below)
    shift.by += delta
    if piece.problems:
        piece.problems = [shifted(problem, delta) for problem in piece.problems]
    piece.start += delta
    piece.first_line = first_line


def _nodes(piece: Piece, shared: bool) -> list[Node]:
    """Every node of the piece's pairs, once each (a node aliases share is met more than once)."""
    stack: list[Node] = []
    for pair in piece.pairs:
        stack.append(pair.key)
        stack.append(pair.value)
    found: list[Node] = []
    pop, push, extend, keep = stack.pop, stack.append, stack.extend, found.append
    seen: set[int] = set()
    while stack:
        node = pop()
        if shared:
            if id(node) in seen:
                continue
            seen.add(id(node))
        keep(node)
        kind = type(node)
        if kind is Mapping:
            for pair in node.pairs:  # type: ignore[attr-defined]
                push(pair.key)
                push(pair.value)
        elif kind is not Scalar:
            extend(node.items)  # type: ignore[attr-defined]
    return found


def _inside(problems: list[Diagnostic], cut: Cut, text: str) -> list[Diagnostic]:
    """A piece's syntax error placed inside the piece: an error found where the next entry begins (an unclosed
    bracket or quote) is the last thing this entry wrote."""
    last = cut.start + _content_end(text)
    inside: list[Diagnostic] = []
    for problem in problems:
        if problem.code == "E0001" and problem.start >= last:
            problem = replace(problem, start=max(cut.start, last - 1), end=last)
        inside.append(problem)
    return inside


def _content_end(text: str) -> int:
    """Where the last line of ``text`` that is not blank or a comment ends."""
    end = len(text)
    while True:
        content_end = len(text[:end].rstrip())
        line_start = text.rfind("\n", 0, content_end) + 1
        if line_start == 0 or not text[line_start:content_end].lstrip(" \t").startswith("#"):
            return content_end
        end = line_start


def _key(text: str, cut: Cut) -> Scalar:
    """The cut's key as YAML types a plain scalar (the cuts only take plain keys)."""
    written = text[cut.key_start : cut.key_end]
    try:
        value, tag = type_plain(written)
    except ValueError:
        value, tag = written, "str"
    return Scalar(value, written, tag, None, cut.key_start, cut.key_end)


def _bare_key(text: str, cut: Cut) -> Pair:
    return Pair(_key(text, cut), Scalar(None, "", "null", None, cut.key_end, cut.key_end))


def _duplicates(pairs: Sequence[Pair], lines: LineIndex) -> list[Diagnostic]:
    """W0002 for a key given twice among pieces of one mapping (the builder says it within a piece)."""
    seen: dict[object, Node] = {}
    found: list[Diagnostic] = []
    for pair in pairs:
        key = pair.key
        if not isinstance(key, Scalar):
            continue
        marker = hashable_key(key.value)
        earlier = seen.get(marker)
        if earlier is not None:
            found.append(duplicate_key(key, lines.line_of(earlier.start) + 1))
        seen[marker] = key
    return found
