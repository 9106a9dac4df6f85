"""E2005's fix: a parameter's constraints written as a map, rewritten as the list Heat wants, one item per key
(``length: {min: 1}`` -> ``- length: {min: 1}``; ``{length: ..., range: ...}`` -> ``[{length: ...}, {range: ...}]``).
"""

from __future__ import annotations

from ...document import Mapping


def as_list(text: str, node: Mapping) -> tuple[int, int, str] | None:
    """The offsets of ``node``'s entries in ``text`` and what replaces them; None when it has none."""
    if not node.pairs:
        return None
    if node.flow:
        items = [f"{{{text[pair.key.start : pair.value.end]}}}" for pair in node.pairs]
        return node.start, node.end, "[" + ", ".join(items) + "]"
    start = text.rfind("\n", 0, node.pairs[0].key.start) + 1
    column = node.pairs[0].key.start - start
    end = node.pairs[-1].value.end
    keys = {pair.key.start for pair in node.pairs}
    lines, at = [], start
    for line in text[start:end].split("\n"):
        body = len(line) - len(line.lstrip(" "))
        if at + body in keys and body == column:
            lines.append(f"{line[:body]}- {line[body:]}")  # an entry: the item's dash
        else:
            lines.append(f"  {line}" if line.strip() else line)  # its value's lines, under the item
        at += len(line) + 1
    return start, end, "\n".join(lines)
