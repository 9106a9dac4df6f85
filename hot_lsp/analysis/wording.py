"""How findings name things in their messages: close spellings, and nodes as written."""

from __future__ import annotations

from typing import Any

from ..document import Node, Scalar
from ..document.scalars import type_plain
from .suggest import did_you_mean


def nearest_names(name: str, choices: tuple[str, ...] | list[str]) -> list[str]:
    """Did-you-mean candidates: a case-insensitive match first, then close spellings."""
    return did_you_mean(name, choices, 3, 0.7)


def as_written(node: Node) -> str:
    """A scalar as the source spells it; a mapping or a list as "a collection"."""
    return node.text if isinstance(node, Scalar) else "a collection"


def yaml_text(value: Any) -> str:
    """``value`` as YAML text that Heat's loader reads back as the same value (strings quoted only when needed)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if (
        text
        and text == text.strip()
        and type_plain(text) == (text, "str")
        and text[0] not in "-?:,[]{}#&*!|>'\"%@`"
        and ": " not in text
        and " #" not in text
        and not text.endswith(":")
        and "\n" not in text
    ):
        return text
    return "'" + text.replace("'", "''") + "'"
