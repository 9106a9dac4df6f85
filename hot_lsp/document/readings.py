"""What one reading of a text keeps for the next: its pieces (each read alone) and the pairs it put together.

:mod:`.piecewise` reads and takes them; they live here so that :class:`~.parsed.ParsedDocument` can hold them
without importing the reader.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from .nodes import Mapping, Pair, Shift
from .pieces import Cut
from .problems import Diagnostic

_taking = threading.Lock()  # the loop and the analysis worker may both read from one earlier reading


class Piece:
    """One slice read alone: the pairs it gives its mapping, its problems, and the reading that owns it."""

    __slots__ = (
        "text",
        "start",
        "first_line",
        "depth",
        "pairs",
        "problems",
        "ok",
        "plain",
        "anchors",
        "owner",
        "shift",
    )

    def __init__(
        self,
        text: str,
        start: int,
        first_line: int,
        depth: int,
        pairs: tuple[Pair, ...],
        problems: list[Diagnostic],
        ok: bool,
        plain: bool,
        anchors: tuple[str, ...],
    ) -> None:
        self.text = text
        self.start = start
        self.first_line = first_line
        self.depth = depth
        self.pairs = pairs
        self.problems = problems
        self.ok = ok
        self.plain = plain  # no bound hit, alias bomb or merge key: it can be read apart from the rest
        self.anchors = anchors  # the anchors it defines (its aliases name only these, or it does not parse)
        self.owner = 0
        self.shift: Shift | None = None  # what its nodes share from its first move on (see nodes.Shift)


class Pieces:
    """The pieces of one reading, by (depth, text), for the next reading to take; and the pairs it put together
    from pieces (a section, a large entry), by (depth, key), so that an unchanged one stays the same object."""

    __slots__ = ("reading", "by_text", "headers", "cuts", "taken")

    def __init__(
        self, reading: int, pieces: Sequence[Piece], headers: Sequence[tuple[int, Pair]], cuts: tuple[Cut, ...]
    ) -> None:
        self.reading = reading
        self.cuts = cuts  # where the text was cut (the next cut keeps the regions an edit did not touch)
        # Set (before anything is moved) once a newer reading moves a piece it took: this reading's tree is then
        # out of date, and a feature that read it while it moved must not answer from it.
        self.taken = False
        by_text: dict[tuple[int, str], list[Piece]] = {}
        for piece in pieces:
            by_text.setdefault((piece.depth, piece.text), []).append(piece)
        self.by_text = by_text
        # By depth, key and first entry: two entries may each have a `properties` read entry by entry, at one depth.
        self.headers: dict[tuple[int, object, int], Pair] = {}
        for depth, pair in headers:
            if isinstance(pair.value, Mapping) and pair.value.pairs:
                self.headers.setdefault((depth, pair.key.text, id(pair.value.pairs[0])), pair)  # type: ignore[attr-defined]

    def header(self, depth: int, key: str, entries: tuple[Pair, ...]) -> Pair | None:
        """The pair this reading put together under ``key`` from exactly these entries (which the asking reading
        took, so no other reading can ask for it)."""
        found = self.headers.get((depth, key, id(entries[0]))) if entries else None
        if found is None or not isinstance(found.value, Mapping):
            return None
        pairs = found.value.pairs
        if len(pairs) != len(entries) or any(a is not b for a, b in zip(pairs, entries, strict=True)):
            return None
        return found

    def take(self, depth: int, text: str, reading: int) -> Piece | None:
        """A piece of this reading with this text, now owned by ``reading``; None if it has none it still owns."""
        found = self.by_text.get((depth, text))
        if not found:
            return None
        with _taking:
            for piece in found:
                if piece.owner == self.reading:
                    piece.owner = reading
                    return piece
        return None
