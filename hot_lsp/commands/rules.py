"""``hot-lsp rules``: every diagnostic code, its default severity and its one-line summary; ``hot-lsp rules CODE``
(or its slug): that rule's page, from its record; docs/rules/CODE.md holds the same page, docs/rules.md the index."""

from __future__ import annotations

import sys
import textwrap

from ..analysis import rules  # noqa: F401  (importing registers every code)
from ..analysis.codes import CODES, SLUGS, Code, record_of
from ..analysis.suggest import did_you_mean
from ..cloud import codes as cloud_codes  # noqa: F401  (and the cloud's own, 99xx)
from ..document.problems import SEVERITY_NAMES, SEVERITY_OF_LETTER

EXIT_OK, EXIT_USAGE = 0, 2


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
    """One rule's page, in Markdown: what ``hot-lsp rules CODE`` prints and ``docs/rules/CODE.md`` holds
    (``tools/gen_rules_doc.py``), the page a diagnostic's code links to: its code and name, severity and the Heat
    step that meets it, what is wrong, why, a failing example, what to write instead, and how to turn it off."""
    lines = [
        f"# {record.code} `{record.slug}`",
        "",
        f"Severity: {severity(record)} · Heat step: {record.heat_step}",
        "",
        record.summary,
        "",
        "## Why",
        "",
        record.why,
        "",
        "## Example",
        "",
        *_snippet(record.example),
        "## Instead",
        "",
        *(_snippet(record.instead) if not record.instead.startswith("(") else [record.instead[1:-1] + ".", ""]),
    ]
    lines += notes_of(record.code)
    lines += [
        "## Turning it off",
        "",
        f"`--disable {record.code}` (or `disable` in `.hot-lsp.toml`), `hotLsp.disabledRules` in the editor,",
        f"`# hot-lsp: disable={record.code}` on the line or the line before, `# hot-lsp: disable-file={record.code}`.",
        "",
    ]
    return "\n".join(lines)


def notes_of(code: str) -> list[str]:
    """More a rule's page says, for the rules whose checks are listed from tables (E3026: resource validation)."""
    if code != "E3026":
        return []
    from ..analysis.rules.resources import validation

    checked = sorted({*validation.CHECKS, *validation.RENAMES})
    out = [
        "## What it checks",
        "",
        "The checks of these types' own `validate()` (and their translation rules) that read only the template: "
        + ", ".join(f"`{name}`" for name in checked)
        + ".",
        "",
        "These checks of Heat's resource plugins need a live cloud, so hot-lsp does not make them:",
        "",
        "| type | what it checks | why it needs the cloud |",
        "|---|---|---|",
    ]
    out += [f"| {types} | {what} | {why} |" for types, what, why in validation.NEEDS_CLOUD]
    out += ["", "The other plugins' `validate()`:", ""]
    out += [f"- {who}: {what}." for who, what in validation.ELSEWHERE]
    return [*out, ""]


def _snippet(text: str) -> list[str]:
    return ["```yaml", textwrap.dedent(text).rstrip("\n"), "```", ""]


def severity(record: Code) -> str:
    """The default severity, from the code's letter: error, warning, information or hint."""
    return SEVERITY_NAMES[SEVERITY_OF_LETTER[record.code[0]]]
