"""Did-you-mean suggestions for names: one rule for every diagnostic that offers them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, candidates: Iterable[str], limit: int = 3, cutoff: float = 0.6) -> list[str]:
    """Names among ``candidates`` that ``name`` was probably meant to be, best first.

    A match that differs only in case wins outright; otherwise close spellings, compared without case
    (``Flavor`` and ``flavour`` are both near ``flavor``) and returned as the candidates write them.
    """
    choices = list(dict.fromkeys(candidates))
    lowered = name.lower()
    same = [choice for choice in choices if choice.lower() == lowered]
    if same:
        return same[:limit]
    by_lower: dict[str, str] = {}
    for choice in choices:
        by_lower.setdefault(choice.lower(), choice)
    return [by_lower[match] for match in difflib.get_close_matches(lowered, list(by_lower), limit, cutoff)]
