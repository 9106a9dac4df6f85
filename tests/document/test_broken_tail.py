"""A text whose piece does not parse is judged from its tail: the same tree, problems and verdict as a whole reading.

When a piece does not parse alone, the whole text decides whether the error is real (a flow or quoted value may
go on past a cut). ``parse._tail_surely_broken`` first reads only the text from the first broken piece on, under
the lines of the keys that hold it; these tests compare its outcome with the reading of the whole text it spares
(monkeypatched away), on broken variants of corpus templates at their start, middle and end.
"""

from __future__ import annotations

import importlib

import pytest
from shared_paths import CORPUS, needs_corpus
from test_pieces import difference, problems

from hot_lsp.document import pieces

parse_module = importlib.import_module("hot_lsp.document.parse")  # (the package exports a function of that name)
parse = parse_module.parse

TEMPLATES = [
    "tripleo-heat-templates/network/endpoints/endpoint_map.yaml",
    "tripleo-heat-templates/deployment/nova/nova-compute-container-puppet.yaml",
    "tripleo-heat-templates/deployment/aodh/aodh-base.yaml",
    "tripleo-heat-templates/deployment/keystone/keystone-container-puppet.yaml",
]

# What is typed on a new line after a key's line ({i}: that line's indentation), and what is typed over a line.
NEW_LINES = [
    "{i}soak_1: {get_param: soak",  # an unclosed flow map
    "{i}soak_1: [1, 2",  # an unclosed flow sequence
    "{i}soak_1: 'abc",  # an unclosed quote
    '{i}soak_1: "abc',
    "{i} soak_1: x",  # a bad indent
    "{i}\tsoak_1: x",  # a tab
    "{i}soak_1: {get_param:soak}\n{i}soak_2: [",  # one only the pure parser reads, then an error
    "{i}soak_1: x: y",
    "{i}- soak",
]


def variants(text: str, count: int = 3, kinds: int = len(NEW_LINES)) -> list[str]:
    """Broken variants of ``text`` at its start, middle and end, after lines that hold a key."""
    lines = text.split("\n")
    keys = [n for n, line in enumerate(lines) if line.strip().endswith(":") and not line.lstrip().startswith("#")]
    at = [keys[min(len(keys) - 1, len(keys) * k // count + 1)] for k in range(count)] + [keys[-1]]
    found = []
    for n in at:
        indent = lines[n + 1][: len(lines[n + 1]) - len(lines[n + 1].lstrip())] if n + 1 < len(lines) else "  "
        for new in NEW_LINES[:kinds]:
            found.append("\n".join([*lines[: n + 1], new.replace("{i}", indent), *lines[n + 1 :]]))
    # A quoted value opened in one entry and closed in a later one: the whole text may parse.
    middle = keys[len(keys) // 2]
    later = keys[min(len(keys) - 1, len(keys) // 2 + 3)]
    opened = [*lines]
    opened[middle] += ' "'
    opened[later] += ' "'
    found.append("\n".join(opened))
    found.append(text.replace("\n", "\n\t", 1))
    return found


def reading_whole(monkeypatch: pytest.MonkeyPatch, text: str, base_text: str | None):
    """What ``parse`` gave before: the whole text read again whenever a piece does not parse."""
    with monkeypatch.context() as patched:
        patched.setattr(parse_module, "_tail_surely_broken", lambda *args: False)
        return parse(text, base=parse(base_text) if base_text is not None else None)


@needs_corpus
@pytest.mark.parametrize("name", TEMPLATES)
def test_broken_variants_read_as_a_whole_reading_decides(monkeypatch: pytest.MonkeyPatch, name: str):
    path = CORPUS / name
    original = path.read_text(encoding="utf-8")
    spared = 0
    large = len(original) > 100_000  # (its whole reading takes a second: fewer variants, read from its original)
    for text in variants(original, 2 if large else 3, 4 if large else len(NEW_LINES)):
        for base_text in (original,) if large else (None, original):
            quick = parse(text, base=parse(base_text) if base_text is not None else None)
            slow = reading_whole(monkeypatch, text, base_text)
            assert quick.syntax_ok == slow.syntax_ok, (name, text)
            assert problems(quick) == problems(slow), (name, text)
            assert difference(quick.root, slow.root) is None, (name, text)
            spared += quick.pieces is not None and not quick.syntax_ok
    assert spared  # (the files are read in pieces, and some variants are broken)


def test_an_error_near_the_end_of_a_large_entry_is_found_without_reading_the_whole_text(
    monkeypatch: pytest.MonkeyPatch,
):
    entries = "".join(f"      key_{n}: {{get_param: [EndpointMap, Value{n}]}}\n" for n in range(6000))
    text = f"heat_template_version: rocky\noutputs:\n  endpoint_map:\n    value:\n{entries}"
    broken = text + "      soak_1: {get_param: soak\n      last: x\n"
    base = parse(text)

    def whole(*args: object) -> None:
        raise AssertionError("the whole text was read again")

    monkeypatch.setattr(parse_module, "_whole", whole)
    parsed = parse(broken, base=base)
    assert not parsed.syntax_ok
    [error] = parsed.problems
    assert error.code == "E0001" and error.start >= len(text)
    assert error.message.startswith("YAML syntax error: While parsing a flow mapping")


def test_a_quoted_value_over_a_cut_still_parses_whole(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pieces, "SPLIT_ABOVE", 0)  # (every entry cut)
    text = "heat_template_version: rocky\nparameters:\n  a:\n    default: 'x\n  b: y'\n  c:\n    type: string\n"
    parsed = parse(text)
    assert parsed.syntax_ok and parsed.pieces is None  # (piece a alone does not parse: the whole text decides)
    assert parsed.root.get("parameters").get("a").get("default").value == "x b: y"
