"""How findings name things in their messages: close spellings, and nodes as written."""

from __future__ import annotations

from ..document import Node, Scalar
from .suggest import did_you_mean


def nearest_names(name: str, choices: tuple[str, ...] | list[str]) -> list[str]:
    """Did-you-mean candidates: a case-insensitive match first, then close spellings."""
    return did_you_mean(name, choices, 3, 0.7)


def as_written(node: Node) -> str:
    """A scalar as the source spells it; a mapping or a list as "a collection"."""
    return node.text if isinstance(node, Scalar) else "a collection"
