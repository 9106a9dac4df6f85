"""Shared test helpers: run the validator on a snippet and show findings by the text they cover."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

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


def check_in(folder: Path, *args: str) -> tuple[int, list[tuple[str, str, str, str]]]:
    """``hot-lsp check --format json ARGS`` run in ``folder``: its exit code (0 or 1, asserted) and (file, code,
    severity, text under the range) of each finding."""
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", "--format", "json", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    found = []
    for item in json.loads(done.stdout):
        lines = (folder / item["file"]).read_text().splitlines()
        start, end = item["range"]["start"], item["range"]["end"]
        shown = lines[start["line"]][start["character"] : end["character"]] if start["line"] == end["line"] else ""
        found.append((item["file"], item["code"], item["severity"], shown))
    return done.returncode, found
