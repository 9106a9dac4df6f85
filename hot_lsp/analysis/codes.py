"""The registry of diagnostic codes: one record per code, declared next to the check that raises it.

Rule modules (``analysis/rules/<area>/``) declare their codes with :func:`define` at import time, so
``docs/rules.md`` and ``hot-lsp rules CODE`` are generated from the records (``tools/gen_rules_doc.py``) and a
code can never be reported without being documented (:class:`~hot_lsp.analysis.report.Reporter` refuses it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code's record: what it says, why it matters to Heat, and what to write instead."""

    code: str
    summary: str  # one line: what is wrong
    example: str  # a small YAML snippet that triggers it (or, in parentheses, a description of one)
    area: str  # the folder of analysis/rules/ that declares it (``cloud``: hot_lsp/cloud)
    slug: str = ""  # a kebab-case name, unique: ``unknown-attribute``
    why: str = ""  # what Heat does with it: the call that fails and its message, or what it silently ignores
    instead: str = ""  # what to write instead: the corrected snippet, or one line
    heat_step: str = ""  # the step of Heat's that meets it (template parse, stack validate...), or none
    phase: str = ""  # the analysis phase whose rule unit raises it (rules/phases.py)
    # ``check --fix`` applies its quick fix unasked (one that cannot change what a valid template means): "quote"
    # (a name YAML reads as a boolean or number, quoted), "version" (the missing version line added), "spelling"
    # (a misspelt key renamed to the one close spelling there is). Empty: only with --unsafe-fixes.
    safe_fix: str = ""
    # (The default severity is the code's letter; ``document.problems`` names it. This module imports nothing, so
    # that the server's first answer does not load the parser with it.)


CODES: dict[str, Code] = {}
SLUGS: dict[str, str] = {}  # slug -> code

AREAS = {
    "0": "YAML syntax, file kind, heat_template_version",
    "1": "Template sections and structure",
    "2": "Parameters, parameter_groups, constraints",
    "3": "Resources",
    "4": "Intrinsic functions",
    "5": "Conditions and if",
    "6": "Outputs",
    "7": "Environment files, resource_registry, nested templates, get_file",
    "8": "Found by evaluation",
    "9": "Hints",
}


def define(
    code: str,
    summary: str,
    example: str,
    area: str = "",
    *,
    slug: str = "",
    why: str = "",
    instead: str = "",
    heat_step: str = "",
    phase: str = "",
    safe_fix: str = "",
) -> str:
    """Register ``code``'s record; returns the code, so modules can write ``E2001 = define("E2001", ...)``."""
    if code in CODES and CODES[code].summary != summary:
        raise ValueError(f"diagnostic code {code} defined twice")
    if len(code) != 5 or code[0] not in "EWIH" or not code[1:].isdigit():
        raise ValueError(f"bad diagnostic code {code!r}")
    if slug and SLUGS.get(slug, code) != code:
        raise ValueError(f"slug {slug!r} of {code} is already {SLUGS[slug]}'s")
    CODES[code] = Code(
        code, summary, example.strip("\n"), area, slug, why, instead.strip("\n"), heat_step, phase, safe_fix
    )
    if slug:
        SLUGS[slug] = code
    return code


def record_of(name: str) -> Code | None:
    """The record of a code (any case: ``e3022``) or of a slug (``unknown-attribute``), or None."""
    return CODES.get(name.upper()) or CODES.get(SLUGS.get(name.lower(), ""))


def turned_off(code: str, disabled: frozenset[str]) -> bool:
    """Whether ``disabled`` (codes and prefixes: ``E4``, ``W``, ``I9001``) turns ``code`` off."""
    return bool(disabled) and code.startswith(tuple(disabled))


def naming_nothing(patterns: frozenset[str]) -> list[str]:
    """The codes or prefixes of ``patterns`` that no registered code is or starts with (typos), sorted."""
    return sorted(pattern for pattern in patterns if not any(code.startswith(pattern) for code in CODES))


RULE_PAGES = "https://github.com/hot-lsp/hot-lsp/blob/main/docs/rules/"


def rule_url(code: str) -> str:
    """Where a code's page is read online (docs/rules/CODE.md): diagnostics' codeDescription, SARIF's helpUri."""
    return f"{RULE_PAGES}{code}.md"
