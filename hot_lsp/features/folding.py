"""Folding ranges: every entry or list item whose value spans lines (sections, entries, nested blocks,
multi-line flow collections, block scalars), and runs of comment lines. Lines only, so clients that fold
whole lines (``lineFoldingOnly``) take them as they are.

One walk of the tree per analysis, cached; a block's last line comes from its last child's, found once per
node (a block collection's own range runs on over the blank and comment lines after it).
"""

from __future__ import annotations

import re

from lsprotocol import types

from ..analysis.result import Analysis
from ..document import Mapping, Node, Scalar, Sequence
from ._targets import content_end
from .snapshot import Snapshot

# (start line, end line, depth, is comment run)
_Fold = tuple[int, int, int, bool]

_COMMENT_LINE = re.compile(r"^[ \t]*#", re.MULTILINE)


def folding_ranges(snapshot: Snapshot, limit: int | None = None) -> list[types.FoldingRange]:
    """The document's folds; at most ``limit`` (the client's ``rangeLimit``), keeping the outermost."""
    analysis = snapshot.analysis
    if analysis.kind not in ("template", "environment") or analysis.parsed.root is None:
        return []
    folds: list[_Fold] = analysis.derive(_folds)
    if limit is not None and 0 <= limit < len(folds):
        return _lsp(sorted(sorted(folds, key=lambda fold: fold[2])[:limit]))
    return list(analysis.derive(_lsp_folds))


def _lsp_folds(analysis: Analysis) -> list[types.FoldingRange]:
    return _lsp(analysis.derive(_folds))


def _lsp(folds: list[_Fold]) -> list[types.FoldingRange]:
    region, comment = types.FoldingRangeKind.Region, types.FoldingRangeKind.Comment
    return [
        types.FoldingRange(start_line=first, end_line=last, kind=comment if is_comment else region)
        for first, last, _depth, is_comment in folds
    ]


def _folds(analysis: Analysis) -> list[_Fold]:
    text = analysis.text
    memo: dict[int, int] = {}
    line_break = "\r" if "\n" not in text else "\n"  # old Mac line ends are the only ones without \n
    line_of = analysis.parsed.lines.line_of
    found: dict[int, tuple[int, int]] = {}  # start line -> (end line, depth); the outermost fold of a line wins
    in_scalars: list[tuple[int, int]] = []  # line spans inside multi-line scalars: no comments there

    def fold(start: int, node: Node, depth: int) -> None:
        if text.find(line_break, start, node.end) < 0:
            return  # on one line: most entries, so this cheap test comes first
        first = line_of(start)
        last = line_of(max(start, content_end(text, node, memo) - 1))
        if last > first and found.get(first, (-1, 0))[0] < last:
            found[first] = (last, depth)
        if isinstance(node, Scalar) and last > line_of(node.start):
            in_scalars.append((line_of(node.start) + 1, last))

    root = analysis.parsed.root
    seen: set[int] = set()
    stack: list[tuple[Node, int]] = [(root, 0)] if root is not None else []
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Mapping):
            for pair in node.pairs:
                value = pair.value
                if value.start < pair.key.end:
                    continue  # an alias: its node is folded where the anchor is written
                fold(pair.key.start, value, depth)
                if not isinstance(value, Scalar):
                    stack.append((value, depth + 1))
        elif isinstance(node, Sequence):
            floor = node.start
            for item in node.items:
                if item.start < floor:
                    continue  # an alias
                floor = item.start
                fold(item.start, item, depth)
                if not isinstance(item, Scalar):
                    stack.append((item, depth + 1))
    result = [(first, last, depth, False) for first, (last, depth) in found.items()]
    result.extend(_comment_runs(analysis, in_scalars))
    result.sort()
    return result


def _comment_runs(analysis: Analysis, in_scalars: list[tuple[int, int]]) -> list[_Fold]:
    """Runs of two or more lines holding only a comment (lines inside scalars, such as scripts, excepted)."""
    line_of = analysis.parsed.lines.line_of
    inside: set[int] = set()
    for first, last in in_scalars:
        inside.update(range(first, last + 1))
    comment_lines = [line_of(match.start()) for match in _COMMENT_LINE.finditer(analysis.text)]
    result: list[_Fold] = []
    run_start = previous = -2
    for line in comment_lines:
        if line in inside:
            continue
        if line != previous + 1:
            if previous > run_start >= 0:
                result.append((run_start, previous, 0, True))
            run_start = line
        previous = line
    if previous > run_start >= 0:
        result.append((run_start, previous, 0, True))
    return result
