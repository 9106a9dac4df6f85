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
    """What ``difflib.get_close_matches`` answers, without working out the full ratio of every possibility.

    The ratio counts the characters of matching blocks, a common subsequence, so twice the longest common
    subsequence's length over both lengths bounds it from above. Possibilities are tried best bound first, until
    the bound falls below the worst of the ``limit`` best ratios found. W7015's suggestions among a TripleO tree's
    ~2,000 parameter names took 5 ms each with difflib."""
    matcher = SequenceMatcher()
    matcher.set_seq2(word)
    positions: dict[str, int] = {}  # each character of ``word``: the bits of its positions
    for at, character in enumerate(word):
        positions[character] = positions.get(character, 0) | (1 << at)
    bounded: list[tuple[float, str]] = []
    for possibility in possibilities:
        total = len(word) + len(possibility)
        if total and 2.0 * min(len(word), len(possibility)) / total < cutoff:
            continue  # (difflib's real_quick_ratio)
        bound = 2.0 * _common_subsequence(positions, len(word), possibility) / total if total else 1.0
        if bound >= cutoff:
            bounded.append((bound, possibility))
    bounded.sort(reverse=True)
    best: list[tuple[float, str]] = []  # a heap of the ``limit`` best (ratio, possibility) so far
    for bound, possibility in bounded:
        if len(best) == limit and bound < best[0][0]:
            break  # no later possibility can reach the worst of the best, nor tie with it
        matcher.set_seq1(possibility)
        ratio = matcher.ratio()
        if ratio >= cutoff:
            if len(best) < limit:
                heapq.heappush(best, (ratio, possibility))
            else:
                heapq.heappushpop(best, (ratio, possibility))
    return [possibility for _, possibility in sorted(best, reverse=True)]


def _common_subsequence(positions: dict[str, int], length: int, other: str) -> int:
    """The length of the longest common subsequence of a word (``positions``: its characters' position bits,
    ``length``: its length) and ``other``, bit-parallel (Hyyrö's formulation of Allison and Dix)."""
    row = (1 << length) - 1
    for character in other:
        matched = row & positions.get(character, 0)
        row = (row + matched) | (row - matched)
    return length - (row & ((1 << length) - 1)).bit_count()
