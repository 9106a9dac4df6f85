"""The edits people (and broken saves, and bad encodings) make to a template, as seeded replacements.

Each mutation looks at the current text and returns an :class:`Edit` (replace ``text[start:end]`` by ``new``),
which the episode sends as an incremental didChange. All randomness comes from the ``random.Random`` passed in,
so a seed replays the same edits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..spec import FUNCTIONS
from .text import snap


@dataclass(frozen=True, slots=True)
class Edit:
    start: int
    end: int
    new: str
    kind: str = ""  # which mutation made it, for failure reports

    def apply(self, text: str) -> str:
        return text[: self.start] + self.new + text[self.end :]


# Characters that matter to YAML, and ones that break naive text handling: NUL, a lone surrogate (a client that
# decoded bytes badly), U+FFFD, a BOM, line and paragraph separators, an astral character, tabs and CRs.
_YAML_JUNK = ":-[]{}&*!|>'\"#%@`,?"
_HOSTILE_CHARS = ["\x00", "\ud800", "\udfff", "\ufffd", "\ufeff", "\u2028", "\u0085", "\x0c", "😀", "\t", "\r", "é"]
_TOKENS = (
    "get_param: ",
    "{get_attr: [",
    "{get_resource: ",
    "- ",
    "resources:\n",
    "  type: OS::Nova::Server\n",
    "properties:\n    ",
    "depends_on: [",
    "condition: ",
    "{if: [",
    "repeat:\n  for_each:\n    <%x%>: [a, b]\n  template: <%x%>\n",
    "yaql: {expression: '$.data', data: ",
    "&anchor ",
    "*anchor",
    "!!binary ",
    "heat_template_version: ",
    "parameters:\n  p: {type: string}\n",
    "outputs:\n  o: {value: ",
)


def _line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, its line break included."""
    spans: list[tuple[int, int]] = []
    start = 0
    for line in text.splitlines(keepends=True):
        spans.append((start, start + len(line)))
        start += len(line)
    return spans or [(0, 0)]


def _line_block(rng: random.Random, text: str, most: int = 6) -> tuple[int, int]:
    spans = _line_spans(text)
    first = rng.randrange(len(spans))
    last = min(len(spans) - 1, first + rng.randrange(most))
    return spans[first][0], spans[last][1]


def delete_lines(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    start, end = _line_block(rng, text)
    return Edit(start, end, "", "delete lines")


def cut_text(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    """A half-typed file: everything after a point gone, or a span cut out."""
    start = rng.randrange(len(text) + 1)
    end = len(text) if rng.random() < 0.4 else min(len(text), start + rng.randrange(1, 200))
    return Edit(start, end, "", "cut text")


def swap_indentation(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    start, end = _line_block(rng, text)
    changed = []
    for line in text[start:end].splitlines(keepends=True):
        choice = rng.randrange(4)
        if choice == 0:
            line = "  " + line
        elif choice == 1:
            line = line.lstrip(" ")
        elif choice == 2:
            line = "\t" + line.lstrip(" ")
        else:
            line = line[: rng.randrange(0, 3)].replace("\n", "") + line.lstrip(" ")
        changed.append(line)
    return Edit(start, end, "".join(changed), "swap indentation")


def random_characters(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    offset = rng.randrange(len(text) + 1)
    alphabet = list(_YAML_JUNK) + _HOSTILE_CHARS + [" ", "\n", "x", "1"]
    junk = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 10)))
    end = offset if rng.random() < 0.7 else min(len(text), offset + rng.randrange(1, 10))
    return Edit(offset, end, junk, "random characters")


def duplicate_block(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    start, end = _line_block(rng, text, most=12)
    return Edit(end, end, text[start:end], "duplicate block")


def type_token(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    """What completion is asked in the middle of: a key, a function, a list opener."""
    offset = rng.randrange(len(text) + 1)
    token = rng.choice(_TOKENS) if rng.random() < 0.7 else "{" + rng.choice(sorted(FUNCTIONS)) + ": "
    return Edit(offset, offset, token, "type token")


def change_line_ends(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    """A region saved with other line ends: CRLF, a lone CR (old Mac), or back to LF."""
    start, end = _line_block(rng, text, most=20)
    region = text[start:end].replace("\r\n", "\n").replace("\r", "\n")
    ending = rng.choice(["\r\n", "\r", "\n"])
    return Edit(start, end, region.replace("\n", ending), "change line ends")


def paste_other(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    """A block pasted from another template (or the whole of one)."""
    if not pool:
        return type_token(rng, text, pool)
    other = rng.choice(pool)
    start, end = _line_block(rng, other, most=30)
    offset = rng.randrange(len(text) + 1)
    return Edit(offset, offset, other[start:end], "paste other")


def encoding_damage(rng: random.Random, text: str, pool: Sequence[str]) -> Edit:
    """Bytes read with the wrong codec: a span turned into Latin-1 mojibake or replacement characters."""
    start = rng.randrange(len(text) + 1)
    end = min(len(text), start + rng.randrange(1, 80))
    span = text[start:end].encode("utf-8", "surrogatepass")
    damaged = span.decode("latin-1") if rng.random() < 0.5 else span.decode("utf-16-le", "replace")
    return Edit(start, end, damaged, "encoding damage")


MUTATIONS: tuple[Callable[[random.Random, str, Sequence[str]], Edit], ...] = (
    delete_lines,
    cut_text,
    swap_indentation,
    random_characters,
    duplicate_block,
    type_token,
    type_token,  # typing is what editors send most
    change_line_ends,
    paste_other,
    encoding_damage,
)


def mutate(rng: random.Random, text: str, pool: Sequence[str] = ()) -> Edit:
    """One seeded edit of ``text``; its ends never split a CRLF, so LSP positions can name them."""
    edit = rng.choice(MUTATIONS)(rng, text, pool)
    start, end = snap(text, edit.start), snap(text, edit.end)
    return Edit(min(start, end), max(start, end), edit.new, edit.kind)


def mutated(rng: random.Random, text: str, rounds: int, pool: Sequence[str] = ()) -> str:
    """``text`` after ``rounds`` mutations (for opening a document already damaged)."""
    for _ in range(rounds):
        text = mutate(rng, text, pool).apply(text)
    return text


def typing(edit: Edit, pieces: int) -> list[Edit]:
    """An insertion split into keystrokes (at most ``pieces`` of them), each an edit of the text before it.

    A keystroke may end between a CR and an LF; the episode snaps such an offset (see :func:`.text.snap`)."""
    if edit.start != edit.end or len(edit.new) < 2 or pieces < 2:
        return [edit]
    size = max(1, -(-len(edit.new) // pieces))
    strokes = []
    offset = edit.start
    for index in range(0, len(edit.new), size):
        chunk = edit.new[index : index + size]
        strokes.append(Edit(offset, offset, chunk, edit.kind + " (typed)"))
        offset += len(chunk)
    return strokes
