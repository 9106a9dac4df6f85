"""Offsets <-> LSP positions in UTF-8, UTF-16 and UTF-32."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hot_lsp.document import LineIndex

TEXT = "ab\r\né😀x\rz\n"


@pytest.mark.parametrize(
    ("offset", "encoding", "expected"),
    [
        (0, "utf-16", (0, 0)),
        (4, "utf-16", (1, 0)),
        (5, "utf-16", (1, 1)),  # after é
        (6, "utf-16", (1, 3)),  # after 😀: a surrogate pair
        (6, "utf-8", (1, 6)),  # é = 2 bytes, 😀 = 4 bytes
        (6, "utf-32", (1, 2)),
        (8, "utf-16", (2, 0)),  # lone \r ends a line
    ],
)
def test_position(offset, encoding, expected):
    assert LineIndex(TEXT).position(offset, encoding) == expected


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_round_trip(encoding):
    index = LineIndex(TEXT)
    for offset in range(len(TEXT) + 1):
        if TEXT[offset - 1 : offset + 1] == "\r\n":
            continue  # between \r and \n is not a position
        assert index.offset(*index.position(offset, encoding), encoding) == offset


def test_positions_inside_a_surrogate_pair_and_past_the_end_clamp():
    index = LineIndex(TEXT)
    assert index.offset(1, 2, "utf-16") == 5  # middle of 😀 snaps to its start
    assert index.offset(1, 99, "utf-16") == 7
    assert index.offset(99, 0) == len(TEXT)


_PIECES = st.sampled_from(["a", "é", "😀", "\r", "\n", "\r\n", "\u2028"])


@given(
    text=st.lists(_PIECES, max_size=20).map("".join),
    inserted=st.lists(_PIECES, max_size=5).map("".join),
    data=st.data(),
)
def test_an_edited_index_is_the_index_of_the_edited_text(text: str, inserted: str, data: st.DataObject):
    """Line starts after an edit, found by scanning only the lines it touches, are those of the new text scanned
    whole, also where the edit joins a \\r and a \\n or splits a \\r\\n."""
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    edited = LineIndex(text).edited(start, end, inserted)
    whole = LineIndex(text[:start] + inserted + text[end:])
    assert edited.text == whole.text
    assert edited.line_starts == whole.line_starts
    for offset in range(len(whole.text) + 1):
        assert edited.position(offset, "utf-16") == whole.position(offset, "utf-16")


def test_an_index_edited_many_times_answers_as_a_fresh_one():
    """Edits keep the line starts after them with the shift they owe (typing on in one place adds to it, an edit
    elsewhere applies it): every position, offset and line text equals a fresh index's, in every encoding."""
    import random

    rng = random.Random(3)
    for _ in range(150):
        text = "".join(rng.choice(["a", "b", "\n", "\r\n", "\r", "é", "𝄞", "x\n"]) for _ in range(rng.randint(0, 60)))
        index = LineIndex(text)
        for _ in range(20):
            start = rng.randint(0, len(text))
            end = min(len(text), start + rng.choice([0, 0, 1, 2, 5]))
            inserted = rng.choice(["", "x", "\n", "\r", "\r\n", "ab\ncd", "é\n", "\n\n"])
            index = index.edited(start, end, inserted)
            text = text[:start] + inserted + text[end:]
            fresh = LineIndex(text)
            assert index.text == text and index.line_count == fresh.line_count
            for offset in range(len(text) + 1):
                for encoding in ("utf-16", "utf-8", "utf-32"):
                    assert index.position(offset, encoding) == fresh.position(offset, encoding)
            for line in range(-1, fresh.line_count + 1):
                assert index.line_text(line) == fresh.line_text(line)
                assert [index.offset(line, c) for c in (0, 1, 3, 99)] == [fresh.offset(line, c) for c in (0, 1, 3, 99)]
            if rng.random() < 0.2:
                assert index.line_starts == fresh.line_starts
