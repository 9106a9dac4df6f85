"""What the document layer knows of one text: its positioned tree, line index and reading problems."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .nodes import Node
from .positions import LineIndex
from .problems import Diagnostic

if TYPE_CHECKING:
    from .readings import Pieces


@dataclass(slots=True)
class ParsedDocument:
    """What the document layer knows of one text."""

    text: str
    lines: LineIndex
    root: Node | None
    problems: list[Diagnostic] = field(default_factory=list)
    syntax_ok: bool = True  # False: root is only what was read before the error
    truncated: bool = False  # a bound stopped reading: the tree is incomplete
    # Read piece by piece: the pieces, for the next reading of the document to take those it still has.
    pieces: Pieces | None = field(default=None, repr=False, compare=False)
    # What upper layers derived from this reading's nodes and want the next reading to find (keyed by them).
    memo: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    @property
    def out_of_date(self) -> bool:
        """Whether a newer reading of the document took pieces of this one (its nodes may have moved since)."""
        return self.pieces is not None and self.pieces.taken
