"""The positioned YAML tree: mappings, sequences and scalars with source ranges.

Nodes are built once by :mod:`hot_lsp.document.parse` and never changed
afterwards, so features can share them between requests. ``start``/``end``
are character offsets into the document text (``end`` exclusive). An alias
is the very same node object as its anchor, so the tree is a DAG; code that
walks it must not assume every node has one parent.

The one change a node sees is a move: a piece of an earlier reading, taken by
the next one where its text now starts (:mod:`.piecewise`). Its nodes then
share one :class:`Shift`, and moving them all is one addition to it, not one
per node (a keystroke near the top of a 10,000-line file moves ~16,000 nodes).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, cast


class Shift:
    """How far the nodes sharing it moved since they were read, in characters."""

    __slots__ = ("by",)

    def __init__(self) -> None:
        self.by = 0


UNMOVED = Shift()  # every node's until its piece first moves; never changed


class Node:
    __slots__ = ("_start", "_end", "shift", "tag", "weight")

    _start: int  # where the node was read (its offsets now: these plus ``shift.by``)
    _end: int
    shift: Shift
    tag: str  # YAML tag after Heat's typing: 'str', 'int', 'float', 'bool', 'null', 'map', 'seq', ...
    weight: int  # nodes in this subtree with aliases expanded (bounds work on alias bombs)

    @property
    def start(self) -> int:
        return self._start + self.shift.by

    @start.setter
    def start(self, offset: int) -> None:
        self._start = offset - self.shift.by

    @property
    def end(self) -> int:
        return self._end + self.shift.by

    @end.setter
    def end(self, offset: int) -> None:
        self._end = offset - self.shift.by

    def to_python(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError


class Scalar(Node):
    __slots__ = ("value", "text", "style")

    def __init__(self, value: Any, text: str, tag: str, style: str | None, start: int, end: int) -> None:
        self.value = value  # typed the way Heat's loader types it
        self.text = text  # the scalar's string content as YAML read it
        self.tag = tag
        self.style = style  # None for plain; "'", '"', '|' or '>' otherwise
        self._start = start
        self._end = end
        self.shift = UNMOVED
        self.weight = 1

    @property
    def is_plain(self) -> bool:
        return self.style is None

    def to_python(self) -> Any:
        return self.value

    def __repr__(self) -> str:
        return f"Scalar({self.value!r}@{self.start}:{self.end})"


class Sequence(Node):
    __slots__ = ("items", "flow")

    def __init__(self, items: tuple[Node, ...], flow: bool, start: int, end: int, tag: str = "seq") -> None:
        self.items = items
        self.flow = flow
        self._start = start
        self._end = end
        self.shift = UNMOVED
        self.tag = tag
        self.weight = 1 + sum(item.weight for item in items)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def to_python(self) -> list[Any]:
        return plain_data(self)

    def __repr__(self) -> str:
        return f"Sequence(n={len(self.items)}@{self.start}:{self.end})"


class Pair:
    """One ``key: value`` entry as written in the source."""

    __slots__ = ("key", "value")

    def __init__(self, key: Node, value: Node) -> None:
        self.key = key
        self.value = value

    @property
    def key_value(self) -> Any:
        return self.key.value if isinstance(self.key, Scalar) else None

    def __iter__(self) -> Iterator[Node]:
        yield self.key
        yield self.value

    def __repr__(self) -> str:
        return f"Pair({self.key!r}: {self.value!r})"


class Mapping(Node):
    """A mapping. ``pairs`` keeps every entry in source order (duplicates too);
    lookups follow Heat: the last duplicate wins, and ``<<`` merge keys supply
    entries the mapping does not set itself."""

    __slots__ = ("pairs", "flow", "_entries")

    def __init__(
        self,
        pairs: tuple[Pair, ...],
        flow: bool,
        start: int,
        end: int,
        merged: tuple[Pair, ...] = (),
        tag: str = "map",
    ) -> None:
        self.pairs = pairs
        self.flow = flow
        self._start = start
        self._end = end
        self.shift = UNMOVED
        self.tag = tag
        entries: dict[Any, Pair] = {}
        for pair in merged:
            entries[hashable_key(pair.key_value)] = pair
        for pair in pairs:
            if isinstance(pair.key, Scalar) and pair.key.value == "<<" and pair.key.style is None:
                continue
            entries[hashable_key(pair.key_value)] = pair
        self._entries = entries
        self.weight = 1 + sum(p.key.weight + p.value.weight for p in pairs)

    def get(self, key: Any) -> Node | None:
        pair = self._entries.get(hashable_key(key))
        return pair.value if pair is not None else None

    def pair(self, key: Any) -> Pair | None:
        return self._entries.get(hashable_key(key))

    def __contains__(self, key: Any) -> bool:
        return hashable_key(key) in self._entries

    def entries(self) -> Iterator[Pair]:
        """Effective entries (last duplicate wins, merges applied), in source order of the winners."""
        return iter(self._entries.values())

    def keys(self) -> list[Any]:
        return [p.key_value for p in self._entries.values()]

    def only_pair(self) -> Pair | None:
        """The one effective entry of a single-key mapping (Heat's shape of a function call), else None."""
        entries = self._entries
        if len(entries) != 1:
            return None
        for pair in entries.values():  # (asked of every mapping a walk meets: a loop beats next(iter(...)))
            return pair
        return None

    def __iter__(self) -> Iterator[Any]:
        """Key values, like a dict."""
        return (p.key_value for p in self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def to_python(self) -> dict[Any, Any]:
        return plain_data(self)

    def __repr__(self) -> str:
        return f"Mapping(n={len(self._entries)}@{self.start}:{self.end})"


def plain_data(node: Node) -> Any:
    """``node`` as plain Python data, built without recursion: the parser admits nesting 500 deep, past what
    Python's recursion limit lets a recursive copy reach (a deep json default crashed its rule)."""
    if isinstance(node, Scalar):
        return node.value
    top: Any = [] if isinstance(node, Sequence) else {}
    pending: list[tuple[Node, Any]] = [(node, top)]
    while pending:
        container, out = pending.pop()
        if isinstance(container, Mapping):
            children: Iterable[tuple[Any, Node]] = ((pair.key_value, pair.value) for pair in container.entries())
        else:
            children = ((None, item) for item in cast(Sequence, container).items)
        for key, child in children:
            value = child.value if isinstance(child, Scalar) else [] if isinstance(child, Sequence) else {}
            if isinstance(out, list):
                out.append(value)
            else:
                out[key] = value
            if not isinstance(child, Scalar):
                pending.append((child, value))
    return top


def hashable_key(value: Any) -> Any:
    """A key's value as a dict key: itself, or its repr when it cannot be hashed (a key YAML reads as a list)."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def walk(node: Node) -> Iterator[Node]:
    """Every node below ``node`` (itself included), keys too, each shared node once."""
    seen: set[int] = set()
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        if isinstance(current, Mapping):
            for pair in reversed(current.pairs):
                stack.append(pair.value)
                stack.append(pair.key)
        elif isinstance(current, Sequence):
            stack.extend(reversed(current.items))
