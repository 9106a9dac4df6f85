"""``hot-lsp check --fix``: the editor's quick fixes, applied to files.

A finding's fix is the one its code action offers as preferred (``features/code_actions.py``, the same actions the
fix round-trip harness holds to Heat's verdict), so the command line and the editor never disagree on a fix. Only
the fixes the rules mark safe are applied unasked (``Code.safe_fix``: quoting a name YAML reads as a boolean,
adding the missing version line, renaming a misspelt key to the one close spelling there is); ``--unsafe-fixes``
applies every preferred fix. Fixes whose edits overlap wait for the next round; rounds go on until nothing
changes (at most ``MAX_ROUNDS``), each on a fresh analysis of the fixed text.
"""

from __future__ import annotations

import difflib
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..analysis.codes import CODES
from ..analysis.result import Analysis
from ..analysis.validate import Options
from ..document import Diagnostic
from ..document.positions import Encoding
from ..features.fix_edits import preferred_edits
from ..features.settings import Settings
from ..features.snapshot import Snapshot
from .check_file import check_text
from .files import NotText, Source, source_text

MAX_ROUNDS = 10
ENCODING: Encoding = "utf-32"  # positions in characters


@dataclass(slots=True)
class Fixed:
    """A file's text after the fixes, and what was fixed (code -> how many)."""

    path: str
    before: str
    text: str
    fixed: Counter[str] = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return self.text != self.before

    def diff(self) -> str:
        """The edits as a unified diff (``--diff``)."""
        return "".join(
            difflib.unified_diff(
                self.before.splitlines(keepends=True),
                self.text.splitlines(keepends=True),
                self.path,
                self.path,
            )
        )


def fix_text(path: str, text: str, options: Options, unsafe: bool = False) -> Fixed:
    """``text`` (the file at ``path``) with its fixable findings fixed, round after round."""
    found = Fixed(path, text, text)
    for _ in range(MAX_ROUNDS):
        analysis = check_text(path, found.text, options)
        try:
            edits, codes = _one_round(path, analysis, unsafe)
        finally:
            analysis.release()
        if not edits:
            break
        for start, end, new_text in sorted(edits, reverse=True):
            found.text = found.text[:start] + new_text + found.text[end:]
        found.fixed.update(codes)
    return found


def fixable(diagnostic: Diagnostic, unsafe: bool) -> bool:
    """Whether ``check --fix`` (``unsafe``: with ``--unsafe-fixes``) fixes this finding, if it has a fix."""
    record = CODES.get(diagnostic.code)
    if record is None or diagnostic.data is None:
        return False
    if unsafe:
        return True
    if record.safe_fix == "spelling":  # only the one close spelling: two would be a guess
        return len([s for s in diagnostic.data.suggestions or () if s]) == 1
    return bool(record.safe_fix)


def _one_round(path: str, analysis: Analysis, unsafe: bool) -> tuple[list[tuple[int, int, str]], list[str]]:
    """The edits of every fixable finding that does not overlap an earlier one, and their codes."""
    if analysis.kind not in ("template", "environment"):
        return [], []
    uri = Path(os.path.abspath(path)).as_uri()
    snapshot = Snapshot(uri, None, analysis, None, ENCODING, Settings())
    taken: list[tuple[int, int, str]] = []
    codes: list[str] = []
    for diagnostic in sorted(analysis.diagnostics, key=lambda d: (d.start, d.code)):
        if not fixable(diagnostic, unsafe):
            continue
        edits = preferred_edits(snapshot, diagnostic)
        if not edits or any(_overlap(edit, other) for edit in edits for other in taken):
            continue
        taken += edits
        codes.append(diagnostic.code)
    return taken, codes


def _overlap(one: tuple[int, int, str], other: tuple[int, int, str]) -> bool:
    return one[0] < other[1] and other[0] < one[1] or one[0] == other[0]


@dataclass(slots=True)
class FixRun:
    """What ``check --fix`` (or ``--diff``) did to the files of one run."""

    files: list[Fixed] = field(default_factory=list)

    @property
    def changed(self) -> list[Fixed]:
        return [fixed for fixed in self.files if fixed.changed]

    def summary(self) -> str:
        """``fixed 3 findings in 2 files (E3002 ×2, E1005)`` or ``nothing to fix``."""
        total: Counter[str] = Counter()
        for fixed in self.files:
            total.update(fixed.fixed)
        if not total:
            return "nothing to fix"
        codes = ", ".join(f"{code} ×{count}" if count > 1 else code for code, count in sorted(total.items()))
        count, files = sum(total.values()), len(self.changed)
        return f"fixed {count} finding{'s' if count != 1 else ''} in {files} file{'s' if files != 1 else ''} ({codes})"


def fix_sources(sources: list[Source], options: Options, unsafe: bool, write: bool) -> FixRun:
    """Each source's text fixed (standard input's too), the files written when ``write``; a file that cannot be
    read or is not text is left to the check, which says so."""
    run = FixRun()
    for source in sources:
        try:
            text = source_text(source)
        except (OSError, NotText):
            continue
        fixed = fix_text(source.path, text, options, unsafe)
        run.files.append(fixed)
        if write and fixed.changed and source.content is None:
            with open(source.path, "w", encoding="utf-8", newline="") as handle:
                handle.write(fixed.text)
    return run
