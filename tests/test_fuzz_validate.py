"""Parse + validate never raises: mutated real templates and random YAML-ish text."""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.validate import analyze
from hot_lsp.spec import FUNCTIONS

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=1)
def corpus_texts() -> tuple[str, ...]:
    paths = sorted(p for p in CORPUS.rglob("*.yaml") if p.stat().st_size < 60_000)
    return tuple(p.read_text(encoding="utf-8") for p in paths)


def mutate(text: str, seed: int) -> str:
    """One of the edits a person (or a broken save) makes to a file."""
    rng = random.Random(seed)
    lines = text.splitlines(keepends=True) or [""]
    kind = rng.randrange(6)
    i = rng.randrange(len(lines))
    j = min(len(lines), i + rng.randrange(1, 6))
    if kind == 0:  # delete lines
        del lines[i:j]
    elif kind == 1:  # cut the text at a random point (half-typed file)
        return text[: rng.randrange(len(text) + 1)]
    elif kind == 2:  # swap indentation
        lines[i:j] = [("  " + line) if rng.random() < 0.5 else line.lstrip() for line in lines[i:j]]
    elif kind == 3:  # random characters at a random offset
        offset = rng.randrange(len(text) + 1)
        junk = "".join(rng.choice(":-[]{}&*!|>'\"#%@`\t\n ,?x1") for _ in range(rng.randrange(1, 8)))
        return text[:offset] + junk + text[offset:]
    elif kind == 4:  # duplicate a block
        lines[j:j] = lines[i:j]
    else:  # replace a word by a function name
        name = rng.choice(sorted(FUNCTIONS))
        lines[i] = lines[i].replace(":", f": {{{name}: ", 1) + "}" if ":" in lines[i] else lines[i]
    return "".join(lines)


@needs_corpus
@FUZZ
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32), rounds=st.integers(1, 3))
def test_mutated_corpus_templates_never_raise(index: int, seed: int, rounds: int):
    texts = corpus_texts()
    text = texts[index % len(texts)]
    for step in range(rounds):
        text = mutate(text, seed + step)
    analyze(text)


_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=12), st.sampled_from(sorted(FUNCTIONS)))
_values = st.recursive(
    _scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(sorted(FUNCTIONS))), children, max_size=4),
    ),
    max_leaves=30,
)
_sections = st.sampled_from(
    ["parameters", "resources", "outputs", "conditions", "parameter_groups", "description", "heat_template_version"]
)


def to_yaml(value, indent: int = 0) -> str:
    """A small flow-style YAML writer, so any structure turns into a template text."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{to_yaml(k)}: {to_yaml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(to_yaml(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if value is None:
        return "null"
    return str(value).lower() if isinstance(value, bool) else str(value)


@FUZZ
@given(
    version=st.sampled_from(["2013-05-23", "2015-10-15", "newton", "2017-09-01", "wallaby", "2016", "x"]),
    body=st.dictionaries(_sections, _values, max_size=5),
)
def test_random_templates_never_raise(version: str, body: dict):
    text = f"heat_template_version: {version}\n" + "".join(f"{k}: {to_yaml(v)}\n" for k, v in body.items())
    analyze(text)


@FUZZ
@given(st.text(alphabet=st.sampled_from(list("abc:-[]{}&*!|>'\"#\n\t ,?1")), max_size=200))
def test_random_text_never_raises(text: str):
    analyze("heat_template_version: 2018-08-31\n" + text)
