"""``hot-lsp rules``: every diagnostic code, its default severity and its one-line summary (docs/rules.md has
each one's failing example)."""

from __future__ import annotations

import sys

from ..analysis import rules  # noqa: F401  (importing registers every code)
from ..analysis.codes import CODES
from ..cloud import codes as cloud_codes  # noqa: F401  (and the cloud's own, 99xx)
from ..document.problems import SEVERITY_NAMES, SEVERITY_OF_LETTER


def run_rules() -> int:
    for code in sorted(CODES.values(), key=lambda c: (c.code[1:], c.code)):
        severity = SEVERITY_NAMES[SEVERITY_OF_LETTER[code.code[0]]]
        sys.stdout.write(f"{code.code}  {severity:<12} {code.summary}\n")
    return 0
