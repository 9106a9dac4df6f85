"""What evaluated values are made of.

Plain Python data (str, int, float, bool, None, list, dict) where the value is known offline, and
``Symbol`` where it exists only at run time (``get_attr``, ``get_resource``, a parameter nobody gave a
value, ``OS::stack_id``...). A symbol keeps the call that would produce it, with its arguments
evaluated as far as they can be, so it shows as ``{get_attr: [server, first_address]}`` and flows
through other functions as itself. ``OMIT`` is what a two-argument ``if`` gives when its condition is
false (Heat's ``Ellipsis``): the enclosing entry or item disappears.
"""

from __future__ import annotations

from typing import Any

from ...document import Node


class Symbol:
    """A value known only at run time: the call form that produces it."""

    __slots__ = ("name", "args", "failed")

    def __init__(self, name: str, args: Any, *, failed: bool = False) -> None:
        self.name = name
        self.args = args
        # True when Heat would fail here: the value is shown as written, and callers do not
        # report the same fault again.
        self.failed = failed

    def __repr__(self) -> str:
        return f"Symbol({self.name!r}, {self.args!r})"


class _Omitted:
    __slots__ = ()

    def __repr__(self) -> str:
        return "OMIT"


OMIT: Any = _Omitted()


def is_known(value: Any, limit: int = 100_000) -> bool:
    """Whether ``value`` holds no symbol anywhere (an explicit stack: values may be large or deep)."""
    stack = [value]
    seen = 0
    while stack:
        current = stack.pop()
        seen += 1
        if isinstance(current, Symbol) or seen > limit:
            return False
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return True


def plain(value: Any) -> Any:
    """``value`` as JSON-able data: symbols in call form, OMIT as None, keys as strings."""
    if isinstance(value, Symbol):
        return {value.name: plain(value.args)}
    if isinstance(value, Node):  # a failed call keeps its arguments as written, converted only when shown
        return plain(value.to_python()) if value.weight <= 2_000 else "…"
    if isinstance(value, dict):
        return {_key(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if value is OMIT:
        return None
    if isinstance(value, (bytes, bytearray)):
        return value.decode("latin-1")
    if isinstance(value, (set, frozenset)):
        return [plain(item) for item in value]
    return value


def _key(key: Any) -> Any:
    if isinstance(key, str):
        return key
    if isinstance(key, bool) or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, (int, float)):
        return str(key)
    return str(plain(key))


def weight(value: Any, limit: int) -> int:
    """How many items ``value`` holds, counting nested ones; stops counting past ``limit``."""
    stack = [value]
    count = 0
    while stack and count <= limit:
        current = stack.pop()
        count += 1
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return count
