"""A short budget of ``hot-lsp fuzz``: mutated templates and every request at random positions, through the real
server (one pushing diagnostics with UTF-16, one pulled with UTF-8). Nothing raises, every request is answered,
answers and diagnostics stay inside the text, the processes stay up. A failure prints its seed and text; replay
it with ``hot-lsp fuzz --corpus DIR --seed SEED --episodes 1``. The long run is ``bench/bench_fuzz.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_paths import CORPUS, needs_corpus

from hot_lsp.fuzz.episode import Episode, Stats
from hot_lsp.fuzz.run import PROFILES, Servers, load_sources

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _report(stats: Stats) -> str:
    return "\n\n".join(failure.describe(text_chars=3000) for failure in stats.failures[:3])


@pytest.fixture(scope="module")
def example_servers():
    servers = Servers(str(EXAMPLES), debounce_ms="20")
    yield servers
    assert servers.stop() == []


@pytest.fixture(scope="module")
def corpus_servers():
    if not CORPUS.is_dir():
        pytest.skip(f"the template corpus is not at {CORPUS}")
    servers = Servers(str(CORPUS), debounce_ms="20")
    yield servers
    assert servers.stop() == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_fixed_seeds_on_the_examples(example_servers: Servers, seed: int) -> None:
    sources = load_sources([EXAMPLES])
    assert sources, f"no templates in {EXAMPLES}"
    profile = PROFILES[seed % len(PROFILES)]
    client = example_servers.client(profile)
    stats = Episode(client, seed, sources, steps=30, encoding=profile.encoding, pull=profile.pull).run()
    assert stats.requests > 0 and stats.versions > 1
    assert not stats.failures, _report(stats)


@needs_corpus
@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_fixed_seeds_on_the_corpus(corpus_servers: Servers, seed: int) -> None:
    sources = _corpus_sources()
    profile = PROFILES[seed % len(PROFILES)]
    stats = Episode(
        corpus_servers.client(profile), seed, sources, steps=30, encoding=profile.encoding, pull=profile.pull
    ).run()
    assert not stats.failures, _report(stats)


@needs_corpus
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_seeds_on_the_corpus(corpus_servers: Servers, seed: int) -> None:
    sources = _corpus_sources()
    profile = PROFILES[seed % len(PROFILES)]
    stats = Episode(
        corpus_servers.client(profile), seed, sources, steps=20, encoding=profile.encoding, pull=profile.pull
    ).run()
    assert not stats.failures, _report(stats)


_SOURCES: list = []


def _corpus_sources() -> list:
    if not _SOURCES:
        _SOURCES.extend(load_sources([CORPUS]))
    return _SOURCES
