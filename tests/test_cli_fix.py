"""`hot-lsp check --fix` through the real command line (issue 33, item 2): the safe fixes (a misspelt key with one
close spelling, a name YAML reads as a boolean quoted, the missing version line) applied, the rest reported; a
second run changes nothing; `--diff` writes nothing; `--unsafe-fixes` applies every preferred fix; standard input
comes back fixed. The fixes are the editor's own quick fixes (tests/server/test_fix_roundtrip_lsp.py holds them to
Heat's verdict)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def check(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def codes(output: str) -> list[str]:
    return sorted(line.split()[2] for line in output.splitlines() if line.count(":") >= 3 and len(line.split()) > 2)


def test_fix_applies_the_safe_fixes_and_leaves_the_rest(tmp_path: Path):
    shutil.copy(EXAMPLES / "broken.yaml", tmp_path / "broken.yaml")
    before = check("broken.yaml", cwd=tmp_path)
    fixed = check("broken.yaml", "--fix", cwd=tmp_path)
    assert fixed.returncode == 1  # errors remain
    assert "hot-lsp check: fixed 1 finding in 1 file (E3002)" in fixed.stderr
    text = (tmp_path / "broken.yaml").read_text()
    assert "    depends_on: port\n" in text and "DependsOn" not in text
    left = codes(fixed.stdout)
    assert "E3002" not in left and "E3002" in codes(before.stdout)
    # `depends_on` now counts, and Heat would meet what it says next: the port already refers to the server
    assert set(codes(before.stdout)) - {"E3002"} <= set(left) and set(left) - set(codes(before.stdout)) == {"E3007"}
    again = check("broken.yaml", "--fix", cwd=tmp_path)
    assert "nothing to fix" in again.stderr and (tmp_path / "broken.yaml").read_text() == text


def test_each_kind_of_safe_fix(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(
        "parameters:\n"
        "  yes: {type: string, default: a}\n"
        "resources:\n"
        "  word:\n"
        "    type: OS::Heat::RandomString\n"
        "    properties: {lenght: 8}\n"
        "  value:\n"
        "    type: OS::Heat::Value\n"
        "    properties: {value: {get_param: yes}}\n"
    )
    done = check("t.yaml", "--fix", cwd=tmp_path)
    assert "(E0010, E1005, E3016)" in done.stderr, done.stderr
    text = (tmp_path / "t.yaml").read_text()
    assert text.startswith("heat_template_version: ")
    assert "  'yes': {type: string" in text and "{get_param: 'yes'}" in text and "{length: 8}" in text
    assert done.returncode == 0, done.stdout


def test_two_close_spellings_are_not_guessed(tmp_path: Path):
    text = (
        "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Nova::Server\n"
        "    properties: {nmae: web, flavor: f, image: i}\n"
    )
    (tmp_path / "t.yaml").write_text(text)
    done = check("t.yaml", "--fix", cwd=tmp_path)
    assert "nothing to fix" in done.stderr and "E3016" in done.stdout  # `name` or `image`? the user says
    assert (tmp_path / "t.yaml").read_text() == text


def test_unsafe_fixes_apply_the_other_preferred_fixes(tmp_path: Path):
    shutil.copy(EXAMPLES / "broken.yaml", tmp_path / "broken.yaml")
    done = check("broken.yaml", "--fix", "--unsafe-fixes", cwd=tmp_path)
    text = (tmp_path / "broken.yaml").read_text()
    assert "{get_param: flavor}" in text and "{get_param: image}" in text and "{get_resource: port}" in text
    assert "E4008" in done.stderr and "E4009" in done.stderr


def test_diff_prints_the_edits_and_writes_nothing(tmp_path: Path):
    shutil.copy(EXAMPLES / "broken.yaml", tmp_path / "broken.yaml")
    done = check("broken.yaml", "--diff", cwd=tmp_path)
    assert done.returncode == 1
    assert "-    DependsOn: port\n+    depends_on: port\n" in done.stdout
    assert (tmp_path / "broken.yaml").read_text() == (EXAMPLES / "broken.yaml").read_text()
    clean = check(str(EXAMPLES / "web_server.yaml"), "--diff", cwd=tmp_path)
    assert clean.returncode == 0 and clean.stdout == ""


def test_standard_input_comes_back_fixed(tmp_path: Path):
    done = check(
        "-",
        "--fix",
        "--stdin-filename",
        "t.yaml",
        cwd=tmp_path,
        stdin="resources:\n  x:\n    type: OS::Heat::None\n    Properties: {}\n",
    )
    assert done.returncode == 0
    assert done.stdout.startswith("heat_template_version: ") and done.stdout.endswith("    properties: {}\n")
    assert not (tmp_path / "t.yaml").exists()
