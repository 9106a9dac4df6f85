"""`hot-lsp rules CODE` as a user runs it: one rule's page from its record, by code or by name; a clear refusal for
a name no rule has."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES
from hot_lsp.cloud import codes as cloud_codes  # noqa: F401  (and the cloud's own)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_a_code_prints_its_rule_page(tmp_path: Path):
    result = run("rules", "E3022", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    page = result.stdout
    record = CODES["E3022"]
    assert page.splitlines()[0] == "# E3022 `unknown-attribute`"
    assert f"Severity: error · Heat step: {record.heat_step}" in page
    assert record.summary in page
    assert "The Referenced Attribute" in page  # why: Heat's own message
    assert "first_adress]}" in page.split("## Instead")[0]  # the failing example
    assert "value: {get_attr: [server, first_address]}" in page.split("## Instead")[1]
    # the same page as the one the diagnostics' link opens (docs/rules/E3022.md), but for the link back
    shipped = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "E3022.md").read_text()
    assert shipped == page + "\n[All codes](../rules.md)\n"


def test_a_slug_or_a_lowercase_code_finds_the_same_page(tmp_path: Path):
    by_code = run("rules", "E3007", cwd=tmp_path).stdout
    assert run("rules", "dependency-cycle", cwd=tmp_path).stdout == by_code
    assert run("rules", "e3007", cwd=tmp_path).stdout == by_code


def test_an_unknown_rule_is_a_usage_error_with_a_suggestion(tmp_path: Path):
    result = run("rules", "unknwon-attribute", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert "no rule is named 'unknwon-attribute'" in result.stderr
    assert "unknown-attribute" in result.stderr.split("Did you mean")[1]
    assert run("rules", "X0000", cwd=tmp_path).returncode == 2


def test_without_a_rule_every_code_is_listed_as_before(tmp_path: Path):
    result = run("rules", cwd=tmp_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(CODES)
    assert "E3022  error        `get_attr` of an attribute the resource's type does not have." in lines
