"""A quick fix that adds an entry to a top-level section of the template, writing the section where it is absent
(``declare_condition``: E5001's condition, ``name: definition`` in ``conditions``). The entry goes after the
section's last one at its column; a new section goes before ``resources`` (defined before it is used), else last.
"""

from __future__ import annotations

from ..document import Mapping, QuickFix, Scalar
from ._targets import entry_end, written_as
from .skeletons import indent_step
from .snapshot import Snapshot

Edit = tuple[int, int, str]  # replace text[start:end] with the string


def declare_condition(
    snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str
) -> tuple[str, list[Edit]] | None:
    """``name: text`` (a one-line definition the rule chose) added to ``conditions``."""
    name, definition = data.name, data.text
    if not name or not definition or "\n" in name or "\n" in definition:
        return None
    edit = add_entry(
        snapshot.text, snapshot.analysis.parsed.root, "conditions", f"{written_as(name, None)}: {definition}"
    )
    return (f"Define condition {name!r} in conditions", [edit]) if edit is not None else None


def add_entry(
    text: str, root: object, section: str, entry: str, before: tuple[str, ...] = ("resources",)
) -> Edit | None:
    """The edit adding the one-line ``entry`` to the top-level ``section``, which is written (before the first of
    ``before``, else at the end) when absent; None for a section of another shape (a list, a function)."""
    if not isinstance(root, Mapping) or root.flow:
        return None
    step = indent_step(text, root)
    pair = root.pair(section)
    if pair is None:
        block = f"{section}:\n{' ' * step}{entry}\n"
        later = [
            p.key.start for p in root.pairs if p.key_value in before and p.key.start == _line_start(text, p.key.start)
        ]
        if later:
            return later[0], later[0], block
        return len(text), len(text), ("" if not text or text.endswith("\n") else "\n") + block
    value = pair.value
    if isinstance(value, Mapping) and value.flow:
        close = value.end - 1
        if close < 0 or text[close] != "}":
            return None
        return close, close, f"{', ' if value.pairs else ''}{entry}"
    if isinstance(value, Mapping) and value.pairs:
        first = value.pairs[0].key
        column = first.start - _line_start(text, first.start)
        at = _next_line_start(text, entry_end(text, pair.key, value))
        return at, at, f"{_lead(text, at)}{' ' * column}{entry}\n"
    if isinstance(value, Scalar) and value.value is None:
        line = f"{' ' * (pair.key.start - _line_start(text, pair.key.start) + step)}{entry}"
        if value.end > value.start:  # `conditions: ~` or `null`: the null goes
            return pair.key.end, value.end, f":\n{line}"
        at = _next_line_start(text, pair.key.end)
        return at, at, f"{_lead(text, at)}{line}\n"
    return None


def _lead(text: str, at: int) -> str:
    """A line end to write first when ``at`` is the end of a last line that has none."""
    return "" if at == 0 or text[at - 1] == "\n" else "\n"


def _line_start(text: str, offset: int) -> int:
    return max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1


def _next_line_start(text: str, offset: int) -> int:
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline + 1
