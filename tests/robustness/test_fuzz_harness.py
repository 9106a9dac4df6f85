"""The fuzzer's own parts: its position counting (it judges the server's ranges with it), its seeded
mutations (a seed must replay the same edits) and its checks."""

from __future__ import annotations

import random

import pytest

from hot_lsp.fuzz.checks import answer_problems, publish_problems, range_problems
from hot_lsp.fuzz.client import Answer
from hot_lsp.fuzz.mutations import Edit, mutate, typing
from hot_lsp.fuzz.text import line_lengths, position, snap, within

TEXT = "a\r\nbé\rc😀\nd"


@pytest.mark.parametrize(
    ("encoding", "expected"),
    [
        ("utf-16", [(0, 0), (0, 1), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 3), (3, 0), (3, 1)]),
        ("utf-8", [(0, 0), (0, 1), (0, 1), (1, 0), (1, 1), (1, 3), (2, 0), (2, 1), (2, 5), (3, 0), (3, 1)]),
        ("utf-32", [(0, 0), (0, 1), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]),
    ],
)
def test_positions_count_lsp_lines_and_units(encoding: str, expected: list[tuple[int, int]]):
    found = [tuple(position(TEXT, offset, encoding).values()) for offset in range(len(TEXT) + 1)]
    assert found == expected  # offset 2 sits inside the CRLF: it snaps to the end of line 0
    assert line_lengths(TEXT, encoding) == [1, expected[5][1], expected[8][1], 1]


def test_snap_and_within():
    assert snap(TEXT, 2) == 1 and snap(TEXT, 3) == 3 and snap(TEXT, 99) == len(TEXT)
    lengths = line_lengths("ab\ncd\n", "utf-16")
    assert within(lengths, {"line": 1, "character": 2})
    assert not within(lengths, {"line": 1, "character": 3})
    assert within(lengths, {"line": 2, "character": 0})
    assert not within(lengths, {"line": 4, "character": 0})


def test_a_seed_replays_the_same_mutations():
    text = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n" * 3

    def edits(seed: int) -> list[Edit]:
        rng, current, made = random.Random(seed), text, []
        for _ in range(50):
            edit = mutate(rng, current, [text])
            made.append(edit)
            current = edit.apply(current)
        return made

    assert edits(7) == edits(7)
    assert edits(7) != edits(8)
    assert {edit.kind for edit in edits(7)} >= {"delete lines", "random characters", "type token"}


def test_typing_an_insertion_keystroke_by_keystroke_gives_the_same_text():
    edit = Edit(5, 5, "get_param: flavor", "type token")
    strokes = typing(edit, 6)
    assert len(strokes) == 6
    text = "0123456789"
    for stroke in strokes:
        text = stroke.apply(text)
    assert text == edit.apply("0123456789")


def test_checks_tell_faults_from_expected_answers():
    assert answer_problems("textDocument/hover", None, 5) == ["no answer within 5 s"]
    assert answer_problems("textDocument/hover", Answer(error={"code": -32801}), 5) == []
    assert answer_problems("textDocument/rename", Answer(error={"code": -32803}), 5) == []
    assert answer_problems("textDocument/hover", Answer(error={"code": -32603, "message": "boom"}), 5)
    outside = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 9}}}
    assert range_problems("textDocument/hover", outside, "file:///a", ["abc\n"], "utf-16")
    assert not range_problems("textDocument/hover", outside, "file:///a", ["abcdefghij\n"], "utf-16")
    texts = {1: "ab\n", 2: "abcdef\n"}
    late = [{"version": 2, "diagnostics": []}, {"version": 1, "diagnostics": []}]
    assert publish_problems(late, texts, "utf-16") == ["diagnostics for version 1 published after version 2"]
