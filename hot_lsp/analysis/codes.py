"""The registry of diagnostic codes: one line of doc and a failing example each.

Rule modules declare their codes with :func:`define` at import time, so
``docs/rules.md`` is generated from the code (``python -m hot_lsp.tools.rules_doc``)
and a code can never be reported without being documented.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    summary: str  # one line: what is wrong
    example: str  # a small YAML snippet that triggers it
    area: str  # the module that reports it


CODES: dict[str, Code] = {}

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


def define(code: str, summary: str, example: str, area: str = "") -> str:
    """Register ``code``; returns it, so modules can write ``E2001 = define("E2001", ...)``."""
    if code in CODES and CODES[code].summary != summary:
        raise ValueError(f"diagnostic code {code} defined twice")
    if len(code) != 5 or code[0] not in "EWIH" or not code[1:].isdigit():
        raise ValueError(f"bad diagnostic code {code!r}")
    CODES[code] = Code(code, summary, example.strip("\n"), area)
    return code


def turned_off(code: str, disabled: frozenset[str]) -> bool:
    """Whether ``disabled`` (codes and prefixes: ``E4``, ``W``, ``I9001``) turns ``code`` off."""
    return bool(disabled) and code.startswith(tuple(disabled))


def naming_nothing(patterns: frozenset[str]) -> list[str]:
    """The codes or prefixes of ``patterns`` that no registered code is or starts with (typos), sorted."""
    return sorted(pattern for pattern in patterns if not any(code.startswith(pattern) for code in CODES))
