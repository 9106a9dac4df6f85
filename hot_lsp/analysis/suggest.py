"""Did-you-mean suggestions for names: one rule for every diagnostic that offers them."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from difflib import SequenceMatcher


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
    return [by_lower[match] for match in close_matches(lowered, by_lower, limit, cutoff)]


def close_matches(word: str, possibilities: Iterable[str], limit: int, cutoff: float) -> list[str]:
    """What ``difflib.get_close_matches`` answers, without working out the full ratio of every possibility: they are
    tried by their quick ratio, best first, until it falls below the worst of the ``limit`` best ratios found (the
    quick ratio bounds the ratio from above). W7015's suggestions among a TripleO tree's ~2,000 parameter names
    took 5 ms each."""
    matcher = SequenceMatcher()
    matcher.set_seq2(word)
    bounded: list[tuple[float, str]] = []
    for possibility in possibilities:
        matcher.set_seq1(possibility)
        if matcher.real_quick_ratio() >= cutoff and (quick := matcher.quick_ratio()) >= cutoff:
            bounded.append((quick, possibility))
    bounded.sort(reverse=True)
    best: list[tuple[float, str]] = []  # a heap of the ``limit`` best (ratio, possibility) so far
    for quick, possibility in bounded:
        if len(best) == limit and quick < best[0][0]:
            break  # no later possibility can reach the worst of the best, nor tie with it
        matcher.set_seq1(possibility)
        ratio = matcher.ratio()
        if ratio >= cutoff:
            if len(best) < limit:
                heapq.heappush(best, (ratio, possibility))
            else:
                heapq.heappushpop(best, (ratio, possibility))
    return [possibility for _, possibility in sorted(best, reverse=True)]
