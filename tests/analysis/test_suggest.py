"""Did-you-mean: the same answers as difflib's get_close_matches, found faster."""

from __future__ import annotations

import difflib
import random
import string

import pytest

from hot_lsp.analysis.suggest import close_matches, did_you_mean


@pytest.mark.parametrize("seed", range(6))
def test_close_matches_answers_what_difflib_answers(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = string.ascii_lowercase[: rng.choice([3, 6, 26])] + "_"
    words = {"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14))) for _ in range(400)}
    words |= {w[:-1] + rng.choice(alphabet) for w in list(words)[:100]}  # near twins, and ties
    possibilities = sorted(words)
    rng.shuffle(possibilities)
    for _ in range(60):
        word = rng.choice(possibilities)[: rng.randint(1, 14)] + rng.choice(["", "x", "_a"])
        for limit in (1, 3, 5):
            for cutoff in (0.0, 0.6, 0.8):
                expected = difflib.get_close_matches(word, possibilities, limit, cutoff)
                assert close_matches(word, possibilities, limit, cutoff) == expected, (word, limit, cutoff)


def test_did_you_mean_prefers_a_case_twin_then_close_spellings() -> None:
    assert did_you_mean("Flavor", ["flavor", "favor"]) == ["flavor"]
    assert did_you_mean("flavour", ["image", "flavor", "flavors"]) == ["flavor", "flavors"]
    assert did_you_mean("zzz", ["image", "flavor"]) == []
