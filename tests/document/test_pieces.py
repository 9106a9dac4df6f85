"""Reading in pieces gives the tree a whole reading gives; a reading from an earlier one gives the same again.

The tree is compared node by node (type, range, tag, value, text, style, flow), with the problems and the
verdict, on every corpus file, with large entries cut at the default size and with every entry cut.
"""

from __future__ import annotations

import importlib
import random
import time

import pytest
from shared_paths import CORPUS, needs_corpus

from hot_lsp.document import Mapping, Node, Scalar, Sequence, pieces
from hot_lsp.document.pieces import cut

parse_module = importlib.import_module("hot_lsp.document.parse")  # (the package exports a function of that name)
parse = parse_module.parse

CORPUS_FILES = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".yaml", ".yml", ".json", ".template", ".hot"))


def difference(a: Node | None, b: Node | None, path: str = "$") -> str | None:
    """Where two trees differ (None: nowhere)."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if a is None or b is None:
        return None
    if (a.start, a.end, a.tag) != (b.start, b.end, b.tag):
        return f"{path}: {a.start}-{a.end} {a.tag} != {b.start}-{b.end} {b.tag}"
    if isinstance(a, Scalar):
        assert isinstance(b, Scalar)
        same_value = a.value == b.value or (a.value != a.value and b.value != b.value)  # NaN
        return None if same_value and (a.text, a.style) == (b.text, b.style) else f"{path}: {a!r} != {b!r}"
    if isinstance(a, Mapping):
        assert isinstance(b, Mapping)
        if a.flow != b.flow or len(a.pairs) != len(b.pairs) or a.keys() != b.keys():
            return f"{path}: mappings differ"
        for x, y in zip(a.pairs, b.pairs, strict=True):
            found = difference(x.key, y.key, f"{path}.<key>") or difference(x.value, y.value, f"{path}.{x.key_value}")
            if found:
                return found
        return None
    assert isinstance(a, Sequence) and isinstance(b, Sequence)
    if a.flow != b.flow or len(a.items) != len(b.items):
        return f"{path}: sequences differ"
    for index, (x, y) in enumerate(zip(a.items, b.items, strict=True)):
        found = difference(x, y, f"{path}[{index}]")
        if found:
            return found
    return None


def problems(parsed) -> list[tuple]:
    return sorted((p.code, p.message, p.start, p.end) for p in parsed.problems)


def whole(text: str):
    return parse_module._whole(text, parse(text).lines, time.monotonic() + 5)


@needs_corpus
@pytest.mark.parametrize("split_above", [pieces.SPLIT_ABOVE, 0])
def test_every_corpus_file_reads_the_same_in_pieces(monkeypatch: pytest.MonkeyPatch, split_above: int):
    monkeypatch.setattr(pieces, "SPLIT_ABOVE", split_above)
    read_in_pieces = 0
    for path in CORPUS_FILES:
        text = path.read_text(encoding="utf-8", errors="replace")
        in_pieces, at_once = parse(text), whole(text)
        read_in_pieces += in_pieces.pieces is not None
        assert difference(in_pieces.root, at_once.root) is None, path
        assert problems(in_pieces) == problems(at_once), path
        assert in_pieces.syntax_ok == at_once.syntax_ok, path
    assert read_in_pieces >= len(CORPUS_FILES) * 3 // 4  # most real files are cut


EDITS = ["x", " ", "\n", "\n  ", ": ", "{", "'", '"', "\t", "- ", "#", "&a ", "*a", "", "\n  new:\n    type: string\n"]


@needs_corpus
@pytest.mark.parametrize("seed", range(4))
def test_a_reading_from_the_previous_one_equals_a_fresh_one(seed: int):
    rng = random.Random(seed)
    for path in rng.sample([p for p in CORPUS_FILES if p.suffix == ".yaml" and p.stat().st_size < 60_000], 12):
        text = path.read_text(encoding="utf-8", errors="replace")
        previous = parse(text)
        for _ in range(12):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(EDITS) + text[at + rng.choice([0, 0, 1, 3]) :]
            again, fresh = parse(text, base=previous), parse(text)
            assert difference(again.root, fresh.root) is None, path
            assert problems(again) == problems(fresh) and again.syntax_ok == fresh.syntax_ok, path
            if again.syntax_ok:  # and both are what a whole reading gives
                assert difference(again.root, whole(text).root) is None, path
            if previous.pieces is not None:
                assert cut(text, (previous.text, previous.pieces.cuts)) == cut(text), path
            previous = again


def test_a_syntax_error_stays_in_its_entry_and_the_rest_is_read():
    text = (
        "heat_template_version: 2018-08-31\n"
        "resources:\n"
        "  a:\n"
        "    type: OS::Heat::Value\n"
        "    properties: {value: [1, 2\n"
        "  b:\n"
        "    type: OS::Heat::None\n"
        "outputs:\n"
        "  o:\n"
        "    value: {get_resource: b}\n"
    )
    parsed = parse(text)
    assert not parsed.syntax_ok
    [error] = parsed.problems
    assert error.code == "E0001"
    assert text.index("  a:") <= error.start < text.index("  b:")
    resources = parsed.root.get("resources")
    assert resources.get("b").get("type").value == "OS::Heat::None"
    assert resources.get("a").get("type").value == "OS::Heat::Value"  # read before the error
    assert parsed.root.get("outputs").get("o").get("value").get("get_resource").value == "b"


def test_an_edit_takes_the_unchanged_pieces_and_moves_them():
    text = "parameters:\n  a:\n    type: string\nresources:\n" + "".join(
        f"  r{i}:\n    type: OS::Heat::None\n    properties: {{}}\n" for i in range(200)
    )
    first = parse(text)
    edited = text.replace("type: string", "type: number")
    second = parse(edited, base=first)
    old = {id(p) for found in first.pieces.by_text.values() for p in found}
    new = [p for found in second.pieces.by_text.values() for p in found]
    assert sum(id(p) in old for p in new) >= len(new) - 2  # all but the edited group
    assert difference(second.root, parse(edited).root) is None


def test_a_reading_whose_pieces_moved_says_it_is_out_of_date():
    text = "parameters:\n  a:\n    type: string\nresources:\n  r:\n    type: OS::Heat::None\n"
    first = parse(text)
    again = parse(text, base=first)  # the same text: pieces taken where they are, nothing moves
    assert not first.out_of_date
    moved = parse("# a comment\n" + text, base=again)
    assert again.out_of_date and not moved.out_of_date


def test_large_entries_read_entry_by_entry_stay_the_same_objects_after_an_edit_elsewhere():
    # Two resources whose `properties` are large enough to be read entry by entry: one key at one depth each.
    def resource(name: str) -> str:
        lines = "".join(f"      p{i}: {{get_param: a}}  # {'x' * 40}\n" for i in range(120))
        return f"  {name}:\n    type: OS::Heat::Value\n    properties:\n{lines}"

    text = "parameters:\n  a:\n    type: string\n    description: d\nresources:\n" + resource("r1") + resource("r2")
    first = parse(text)
    edited = text.replace("description: d", "description: dx")
    second = parse(edited, base=first)
    for name in ("r1", "r2"):
        before, after = first.root.get("resources").pair(name), second.root.get("resources").pair(name)
        assert after is before  # the earlier reading's pair, moved: what was derived from it can be taken
        assert after.value.pair("properties") is before.value.pair("properties")
    assert difference(second.root, parse(edited).root) is None


def test_while_one_entry_is_typed_in_the_others_read_with_it_stay_the_same_objects():
    """Small entries are read in groups; once an edit changed one entry of a group, its entries are read one by one,
    so that at the next keystroke the others are taken as they were (the same nodes, so what the rules derived from
    them is taken too) and only the entry typed in is read."""
    text = "parameters:\n" + "".join(f"  p{i}:\n    type: string\n    description: d{i}\n" for i in range(12))
    text += "resources: {}\n"
    first = parse(text)
    one = parse(text.replace("d5", "d5x"), base=first)
    two = parse(text.replace("d5", "d5xy"), base=one)
    before, after = one.root.get("parameters"), two.root.get("parameters")
    kept = [f"p{i}" for i in range(12) if after.pair(f"p{i}") is before.pair(f"p{i}")]
    assert kept == [f"p{i}" for i in range(12) if i != 5]
    assert difference(two.root, parse(text.replace("d5", "d5xy")).root) is None


def test_an_edit_inside_a_section_looks_again_only_at_the_entries_it_touched():
    """The section's entries before and after the edit keep their cuts (the same objects before it, moved after
    it), and the cut equals a fresh one."""
    text = "heat_template_version: 2018-08-31\nparameters:\n" + "".join(
        f"  p{i}:\n    type: string\n    description: d{i}\n" for i in range(40)
    )
    text += "resources: {}\n"
    first = cut(text)
    at = text.index("d20")
    edited = text[:at] + "x" + text[at:]
    again = cut(edited, (text, first))
    assert again == cut(edited)
    before, after = first[1].entries, again[1].entries
    assert all(after[i] is before[i] for i in range(20))
    assert all(
        after[i]
        == before[i]._replace(
            start=before[i].start + 1,
            end=before[i].end + 1,
            key_start=before[i].key_start + 1,
            key_end=before[i].key_end + 1,
        )
        for i in range(21, 40)
    )


def test_an_edit_in_the_first_entry_of_a_section_keeps_the_cuts_after_it():
    text = "parameters:\n" + "".join(f"  p{i}:\n    type: string\n    description: d{i}\n" for i in range(30))
    first = cut(text)
    at = text.index("d0")
    edited = text[:at] + "x" + text[at:]
    again = cut(edited, (text, first))
    assert again == cut(edited)
    assert again[0].entries[5] == first[0].entries[5]._replace(
        start=first[0].entries[5].start + 1,
        end=first[0].entries[5].end + 1,
        key_start=first[0].entries[5].key_start + 1,
        key_end=first[0].entries[5].key_end + 1,
    )
    renamed = text.replace("  p0:", "  q0:")  # the first key's line: looked at afresh
    assert cut(renamed, (text, first)) == cut(renamed)


def test_typing_and_deleting_at_one_place_keeps_the_pieces_after_it_exact():
    """A character typed, then deleted, again and again near the top (the edit a user makes most): the pieces after
    it are taken and moved at every keystroke, one with an anchor and its aliases too, and every node of the tree
    is where a fresh reading puts it."""
    text = "heat_template_version: 2018-08-31\nparameters:\n  a:\n    type: string\n    description: first\n"
    text += "resources:\n" + "".join(
        f"  r{i}:\n    type: OS::Heat::Value\n    properties:\n      value: &v{i} {{get_param: a}}\n"
        f"      again: [*v{i}, *v{i}]\n"
        for i in range(60)
    )
    at = text.index("first") + 1
    previous = first = parse(text)
    for keystroke in range(12):
        edited = text[:at] + "x" * (keystroke % 2 == 0) + text[at:]
        again = parse(edited, base=previous)
        assert difference(again.root, parse(edited).root) is None, keystroke
        shared = again.root.get("resources").get("r59").get("properties")
        assert shared.get("again").items[1] is shared.get("value")  # the alias is still the anchored node
        previous = again
    last = first.root.get("resources").get("r59").get("properties").get("value")
    assert previous.root.get("resources").get("r59").get("properties").get("value") is last  # moved, not read again
