"""textDocument/selectionRange: from the cursor outwards along the YAML tree, for each position asked: the
scalar, its ``key: value`` entry (or list item), the collection holding it, that collection's own entry, and so
on up to the whole document. Block collections end where their content does (not over the blank lines and
comments that follow); each range contains the one before it and no two are the same."""

from __future__ import annotations

from lsprotocol import types

from ..document import Mapping, Node, Scalar, Sequence
from ._targets import content_end, entry_end
from .snapshot import Snapshot

_MAX_DEPTH = 1000  # far deeper than any template; bounds the walk on pathological nesting


def selection_ranges(snapshot: Snapshot, params: types.SelectionRangeParams) -> list[types.SelectionRange]:
    return [_chain(snapshot, position) for position in params.positions]


def _chain(snapshot: Snapshot, position: types.Position) -> types.SelectionRange:
    text = snapshot.text
    offset = snapshot.offset(position)
    spans: list[tuple[int, int]] = [(0, max(len(text.rstrip()), min(offset, len(text))))]
    memo: dict[int, int] = {}
    node: Node | None = snapshot.analysis.parsed.root
    for _ in range(_MAX_DEPTH):
        if node is None:
            break
        end = content_end(text, node, memo)
        if not node.start <= offset <= end:
            break
        spans.append((node.start, end))
        node = _child_at(text, node, offset, spans, memo)
    selection: types.SelectionRange | None = None
    previous: tuple[int, int] | None = None
    for start, end in spans:
        if previous is not None and (start, end) == previous:
            continue
        if previous is not None and not (previous[0] <= start and end <= previous[1]):
            continue  # never expected: each span lies inside the one before
        selection = types.SelectionRange(range=snapshot.range(start, end), parent=selection)
        previous = (start, end)
    assert selection is not None
    return selection


def _child_at(text: str, node: Node, offset: int, spans: list[tuple[int, int]], memo: dict[int, int]) -> Node | None:
    """The child of ``node`` holding ``offset``; a mapping's entry is added to ``spans`` on the way."""
    if isinstance(node, Mapping):
        for pair in node.pairs:
            key, value = pair.key, pair.value
            end = entry_end(text, key, value, memo)
            if not key.start <= offset <= end:
                continue
            spans.append((key.start, end))
            if key.start <= offset <= key.end:
                return key
            return value if value.start >= key.end else None  # an alias: its node is written elsewhere
        return None
    if isinstance(node, Sequence):
        for item in node.items:
            if item.start <= offset <= content_end(text, item, memo) and item.start >= node.start:
                return item
        return None
    assert isinstance(node, Scalar)
    return None
