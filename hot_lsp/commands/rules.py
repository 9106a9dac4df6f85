"""``hot-lsp rules``: every diagnostic code, its default severity and its one-line summary; ``hot-lsp rules CODE``
(or its slug): that rule's page, from its record (docs/rules.md shows the same records)."""

from __future__ import annotations

import sys
import textwrap

from ..analysis import rules  # noqa: F401  (importing registers every code)
from ..analysis.codes import CODES, SLUGS, Code, record_of
from ..analysis.suggest import did_you_mean
from ..cloud import codes as cloud_codes  # noqa: F401  (and the cloud's own, 99xx)
from ..document.problems import SEVERITY_NAMES, SEVERITY_OF_LETTER

EXIT_OK, EXIT_USAGE = 0, 2
WIDTH = 100


def run_rules(name: str | None = None) -> int:
    if name is None:
        for code in sorted(CODES.values(), key=lambda c: (c.code[1:], c.code)):
            sys.stdout.write(f"{code.code}  {severity(code):<12} {code.summary}\n")
        return EXIT_OK
    record = record_of(name)
    if record is None:
        near = did_you_mean(name.upper(), CODES) or did_you_mean(name.lower(), SLUGS)
        hint = f" Did you mean {', '.join(near)}?" if near else ""
        sys.stderr.write(f"hot-lsp rules: no rule is named {name!r}.{hint} `hot-lsp rules` lists them all.\n")
        return EXIT_USAGE
    sys.stdout.write(rule_page(record))
    return EXIT_OK


def rule_page(record: Code) -> str:
    """One rule as a terminal page: its code and name, severity and step, then why, a failing example, instead."""
    lines = [
        f"{record.code}  {record.slug}",
        f"severity: {severity(record)}   Heat step: {record.heat_step}",
        "",
        *textwrap.wrap(record.summary, WIDTH),
        "",
        "Why:",
        *textwrap.wrap(record.why, WIDTH, initial_indent="  ", subsequent_indent="  "),
        "",
        "Example (reported):",
        *_indented(record.example),
        "",
        "Instead:",
        *_indented(record.instead),
        "",
    ]
    return "\n".join(lines)


def severity(record: Code) -> str:
    """The default severity, from the code's letter: error, warning, information or hint."""
    return SEVERITY_NAMES[SEVERITY_OF_LETTER[record.code[0]]]


def _indented(snippet: str) -> list[str]:
    return [f"  {line}" for line in textwrap.dedent(snippet).splitlines()]
