"""Suppression comments: ``# hot-lsp: disable=CODE[,CODE]`` on the line or the
line before, and ``# hot-lsp: disable-file=CODE``. Read from the text because
the C YAML parser keeps no comments."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..document import Diagnostic, LineIndex

# group 1: "-file" for a whole-file comment; group 2: the codes as written
COMMENT = re.compile(r"(?:^|\s)#\s*hot-lsp:\s*disable(-file)?\s*=\s*([A-Za-z0-9_, ]+)")


def apply_suppressions(diagnostics: Iterable[Diagnostic], text: str, lines: LineIndex) -> list[Diagnostic]:
    diagnostics = list(diagnostics)
    if "hot-lsp:" not in text:
        return diagnostics
    whole_file: set[str] = set()
    by_line: dict[int, set[str]] = {}
    for match in COMMENT.finditer(text):
        codes = {c.strip().upper() for c in match.group(2).split(",") if c.strip()}
        if match.group(1):
            whole_file |= codes
        else:
            by_line.setdefault(lines.line_of(match.start(2)), set()).update(codes)
    kept = []
    for diagnostic in diagnostics:
        if diagnostic.code in whole_file or "ALL" in whole_file:
            continue
        line = lines.line_of(diagnostic.start)
        quiet = by_line.get(line, set()) | by_line.get(line - 1, set())
        if diagnostic.code in quiet or "ALL" in quiet:
            continue
        kept.append(diagnostic)
    return kept
