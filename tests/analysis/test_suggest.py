"""Did-you-mean: the same answers as difflib's get_close_matches, found faster."""

from __future__ import annotations

import difflib
import os
import random
import string

import pytest

from hot_lsp.analysis.suggest import _common_subsequence, close_matches, did_you_mean

# The comparison with difflib is slow (difflib is what is being beaten): a few words per seed by default, for the
# inner loop; the full sample (60 words per seed, 12 times as long) when HOT_LSP_FULL_SAMPLE=1, as .ci/run sets it.
FULL_SAMPLE = os.environ.get("HOT_LSP_FULL_SAMPLE") == "1"


def compare_with_difflib(seed: int, queries: int) -> None:
    rng = random.Random(seed)
    alphabet = string.ascii_lowercase[: rng.choice([3, 6, 26])] + "_"
    words = {"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14))) for _ in range(400)}
    words |= {w[:-1] + rng.choice(alphabet) for w in list(words)[:100]}  # near twins, and ties
    possibilities = sorted(words)
    rng.shuffle(possibilities)
    for _ in range(queries):
        word = rng.choice(possibilities)[: rng.randint(1, 14)] + rng.choice(["", "x", "_a"])
        for limit in (1, 3, 5):
            for cutoff in (0.0, 0.6, 0.8):
                expected = difflib.get_close_matches(word, possibilities, limit, cutoff)
                assert close_matches(word, possibilities, limit, cutoff) == expected, (word, limit, cutoff)


@pytest.mark.parametrize("seed", range(6))
def test_close_matches_answers_what_difflib_answers(seed: int) -> None:
    """The first words of each seed's sample: every alphabet size, in a fraction of the time."""
    compare_with_difflib(seed, queries=5)


@pytest.mark.full_sample
@pytest.mark.skipif(not FULL_SAMPLE, reason="the full difflib sample runs with HOT_LSP_FULL_SAMPLE=1 (.ci/run)")
@pytest.mark.parametrize("seed", range(6))
def test_close_matches_answers_what_difflib_answers_on_the_full_sample(seed: int) -> None:
    compare_with_difflib(seed, queries=60)


def test_did_you_mean_prefers_a_case_twin_then_close_spellings() -> None:
    assert did_you_mean("Flavor", ["flavor", "favor"]) == ["flavor"]
    assert did_you_mean("flavour", ["image", "flavor", "flavors"]) == ["flavor", "flavors"]
    assert did_you_mean("zzz", ["image", "flavor"]) == []


def test_the_common_subsequence_bound_is_the_longest_common_subsequence() -> None:
    def longest(a: str, b: str) -> int:
        previous = [0] * (len(b) + 1)
        for x in a:
            row = [0]
            for j, y in enumerate(b):
                row.append(previous[j] + 1 if x == y else max(previous[j + 1], row[j]))
            previous = row
        return previous[-1]

    rng = random.Random(7)
    for _ in range(3000):
        a = "".join(rng.choice("abc_") for _ in range(rng.randint(0, 12)))
        b = "".join(rng.choice("abc_") for _ in range(rng.randint(0, 12)))
        positions: dict[str, int] = {}
        for at, character in enumerate(a):
            positions[character] = positions.get(character, 0) | (1 << at)
        assert _common_subsequence(positions, len(a), b) == longest(a, b), (a, b)
