"""The fix round-trip harness's judgement of one applied quick fix (issue 29): did the finding go, did an error
appear, did the evaluation of what the mistake touched change. Pure functions over offsets and render JSON, so a
unit test can show them failing on a wrong edit without a server."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hot_lsp.document import Mapping, parse

Edit = tuple[int, int, str]  # replace text[start:end] with the string
Part = tuple[str, str | None]  # (render section, entry name), None: the whole section

SECTIONS = ("parameters", "conditions", "resources", "outputs")
EVALUATED = ("parameters", "conditions", "resources", "outputs")  # what a version change can change


@dataclass(frozen=True)
class Finding:
    code: str
    start: int  # offset in its text
    error: bool


@dataclass(frozen=True)
class Verdict:
    left: bool  # the finding is still there
    added: tuple[Finding, ...]  # errors the fixed text has and the text before did not
    changed: tuple[Part, ...] | None  # parts evaluating otherwise; None: not compared

    @property
    def ok(self) -> bool:
        return not self.left and not self.added and not self.changed


def moved(offset: int, edits: Iterable[Edit]) -> int:
    """Where ``offset`` is after the edits; an offset inside a replaced span goes to the replacement's start, one
    at an insertion's place moves right with the text after it."""
    shift = 0
    for start, end, new in sorted(edits):
        if offset < start:
            break
        if offset < end:
            return start + shift
        shift += len(new) - (end - start)
    return offset + shift


def replaced(edits: Iterable[Edit]) -> list[tuple[int, int, int, int]]:
    """Each edit as (before start, before end, after start, after end)."""
    out, shift = [], 0
    for start, end, new in sorted(edits):
        out.append((start, end, start + shift, start + shift + len(new)))
        shift += len(new) - (end - start)
    return out


def judge(
    finding: Finding,
    before: Iterable[Finding],
    after: Iterable[Finding],
    edits: list[Edit],
    evaluations: tuple[dict[str, Any], dict[str, Any], Iterable[Part]] | None = None,
    mistake: Iterable[tuple[int, int]] = (),
) -> Verdict:
    """``before``/``after``: the findings of the text the fix was offered on and of the fixed text; ``edits``:
    the fix's edits in offsets of the text before. ``evaluations``: (the original's render, the fixed text's
    render, the parts the mistake touched) when the original is known. ``mistake``: the spans of the text before
    that the mistake wrote (a mutant's own text): an error there after the fix is the mistake's, which the fix
    made visible (a probe's broken expression once the version allows its function), not one the fix made."""
    after = list(after)
    written = [(moved(a, edits), moved(b, edits)) for a, b in mistake]
    left = any(f.code == finding.code and f.start == moved(finding.start, edits) for f in after)
    spans = replaced(edits)
    known = {(f.code, moved(f.start, edits)) for f in before if f.error}
    # An error that was inside a replaced span may come back anywhere in its replacement.
    inside = {
        (f.code, span)
        for f in before
        if f.error
        for span in spans
        if span[0] <= f.start < span[1] or (span[0] == span[1] == f.start)
    }
    added = tuple(
        f
        for f in after
        if f.error
        and (f.code, f.start) not in known
        and not any(code == f.code and span[2] <= f.start <= span[3] for code, span in inside)
        and not any(a <= f.start < b for a, b in written)
    )
    changed = None
    if evaluations is not None:
        original, fixed, parts = evaluations
        changed = tuple(part for part in parts if _part(original, part) != _part(fixed, part))
    return Verdict(left, added, changed)


def _part(render: dict[str, Any], part: Part) -> Any:
    section, name = part
    body = render.get(section)
    if name is None or not isinstance(body, dict):
        return body
    return body.get(name, "<absent>")


def touched_parts(original: str, edits: Iterable[Edit]) -> set[Part]:
    """The render parts holding the mistake's edits (offsets in ``original``): an entry of a section, a whole
    section when the edit is on the section's key, every evaluated section when it is the version."""
    root = parse(original).root
    parts: set[Part] = set()
    for start, end, _ in edits:
        parts |= _holding(root, start, max(start, end - 1))
    return parts


def _holding(root: object, start: int, last: int) -> set[Part]:
    if not isinstance(root, Mapping):
        return {(s, None) for s in EVALUATED}
    for pair in root.pairs:
        if not (pair.key.start <= start and last < max(pair.value.end, pair.key.end)):
            continue
        name = pair.key_value
        if name == "heat_template_version":
            return {(s, None) for s in EVALUATED}
        if name not in SECTIONS or start < pair.key.end:
            return {(str(name), None)} if name in SECTIONS else {(s, None) for s in EVALUATED}
        body = pair.value
        if isinstance(body, Mapping):
            for entry in body.pairs:
                if entry.key.start <= start and last < max(entry.value.end, entry.key.end):
                    return {(str(name), str(entry.key_value))}
        return {(str(name), None)}
    # Between entries (an added or removed section or top-level key): the whole evaluation.
    return {(s, None) for s in EVALUATED}
