"""Shared test helpers: run the validator on a snippet and show findings by the text they cover."""

from __future__ import annotations

import textwrap

from hot_lsp.analysis.validate import Options, analyze


def findings(snippet: str, *, disabled: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(code, covered text) for every diagnostic of ``snippet`` (dedented)."""
    text = textwrap.dedent(snippet).lstrip("\n")
    result = analyze(text, Options(disabled=frozenset(disabled)))
    return [(d.code, text[d.start : d.end]) for d in result.diagnostics]


def codes(snippet: str) -> list[str]:
    return [code for code, _ in findings(snippet)]


def findings_with(snippet: str, code: str) -> list[str]:
    """The covered text of each diagnostic with ``code``."""
    return [covered for found, covered in findings(snippet) if found == code]


def diagnostics(snippet: str):
    text = textwrap.dedent(snippet).lstrip("\n")
    return text, analyze(text).diagnostics
