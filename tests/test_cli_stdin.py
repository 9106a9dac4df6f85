"""`hot-lsp check -`: the template read from standard input, as editors and pipes send an unsaved buffer, named by
`--stdin-filename` (as ruff, eslint and cfn-lint take it). Through the real command line: the same text checked
from stdin and from a file gives the same report in every format (the file on disk at the stdin filename is never
read); relative paths (get_file, nested templates, an --env registry, a template including its ancestor) and the
project configuration are found from the stdin filename's folder; its usage errors exit 2 with one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ACME = REPO / "examples" / "catalogues" / "acme.json"
FORMATS = ("text", "json", "sarif", "github", "junit")

# Findings of every kind a file's neighbours decide: a get_file target beside it (found) and one missing (E7014),
# a nested template's interface (E3016, E3017), a type an --env registry maps (relative to the environment), a
# template that includes this one (E7013), an inline disable, and a hint (I9001).
TEMPLATE = """\
heat_template_version: 2021-04-16
parameters:
  unused: {type: string, default: x}
resources:
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: scripts/boot.sh}
  missing:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: scripts/nope.sh}
  child:
    type: child.yaml
    properties: {colour: blue}
  mapped:
    type: My::Mapped
    properties: {size: 1}
  loop:
    type: loop.yaml
  quiet:
    type: OS::Nova::Servr  # hot-lsp: disable=E3014
  unknown:
    type: OS::Nova::Servr
"""
# What is on disk at the stdin filename when stdin is checked: were it read, every finding above would change (it
# declares the environment's `nosuch`, includes nothing, reads no file).
ON_DISK = "heat_template_version: 2021-04-16\nparameters:\n  nosuch: {type: number, default: 1}\nresources: {}\n"
GOOD = "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n"
# E0012 (a version Heat does not know) and I9001 (a parameter nothing reads).
BAD = (
    "heat_template_version: 2016-10-15\n"
    "parameters:\n  unused: {type: string, default: x}\n"
    "resources:\n  r:\n    type: OS::Heat::None\n"
)


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, input=stdin, capture_output=True, timeout=120
    )


def neighbours(folder: Path) -> None:
    """The files around a template in ``folder`` that its findings depend on."""
    (folder / "scripts").mkdir(parents=True)
    (folder / "scripts" / "boot.sh").write_text("echo hi\n")
    (folder / "child.yaml").write_text("heat_template_version: 2021-04-16\nparameters:\n  size: {type: number}\n")
    (folder / "loop.yaml").write_text("heat_template_version: 2021-04-16\nresources:\n  back:\n    type: t.yaml\n")
    (folder / "env").mkdir()
    (folder / "env" / "e.yaml").write_text(
        "resource_registry:\n  My::Mapped: ../child.yaml\nparameters:\n  nosuch: 1\n"
    )


def same_as_the_file(tmp_path: Path, name: str, text: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Check the file ``name`` holding ``text``, then ``text`` on stdin with ``--stdin-filename name`` while the
    file holds something else; the two runs must print the same and exit the same. The first run is returned."""
    (tmp_path / name).write_bytes(text)
    from_file = run("check", name, *args, cwd=tmp_path)
    (tmp_path / name).write_text(ON_DISK)
    from_stdin = run("check", "-", "--stdin-filename", name, *args, cwd=tmp_path, stdin=text)
    assert from_stdin.stderr.decode() == from_file.stderr.decode()
    assert from_stdin.stdout.decode() == from_file.stdout.decode()
    assert from_stdin.returncode == from_file.returncode
    return from_file


@pytest.mark.parametrize("fmt", FORMATS)
def test_stdin_is_reported_as_the_file_it_names_in_every_format(tmp_path: Path, fmt: str):
    neighbours(tmp_path / "sub")
    found = same_as_the_file(tmp_path, "sub/t.yaml", TEMPLATE.encode(), "--format", fmt, "--env", "sub/env/e.yaml")
    assert found.returncode == 1
    shown = found.stdout.decode()
    for code in ("I9001", "E7014", "E3016", "E3017", "E7013", "E7016"):
        assert code in shown, (code, shown)
    assert "sub/t.yaml" in shown
    if fmt == "text":  # the inline disable holds: one of the two misspelt types is reported
        assert shown.count(" E3014 ") == 1


def test_the_name_is_printed_as_typed(tmp_path: Path):
    neighbours(tmp_path / "project" / "sub")
    (tmp_path / "elsewhere").mkdir()
    found = same_as_the_file(tmp_path / "elsewhere", "../project/sub/t.yaml", TEMPLATE.encode())
    lines = found.stdout.decode().splitlines()
    assert lines[0].startswith("../project/sub/t.yaml:3:3: information I9001")
    assert f"looked for {tmp_path / 'project' / 'sub' / 'scripts' / 'nope.sh'}" in found.stdout.decode()


@pytest.mark.parametrize(
    "options",
    [
        ("--disable", "I9001"),
        ("--disable", "E7"),
        ("--severity", "warning"),
        ("--severity", "error", "--fail-on", "error"),
        ("--fail-on", "warning", "--disable", "E"),
    ],
)
def test_disable_severity_and_fail_on_work_as_for_a_file(tmp_path: Path, options: tuple[str, ...]):
    neighbours(tmp_path)
    same_as_the_file(tmp_path, "t.yaml", TEMPLATE.encode(), *options)


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"heat_template_version: 2021-04-16\nresources: {a: [\n",
        b"\x00\x01binary",
        b"heat_template_version: 2021-04-16\n\xff\xfe\n",
        b"\xef\xbb\xbfheat_template_version: 2021-04-16\nresources: {}\n",
        b"parameter_defaults:\n  a: 1\nresource_registry:\n  My::T: nowhere.yaml\n",
        b"key: value\n",
        b"description: x\nresources: {}\n",
    ],
    ids=["empty", "broken-yaml", "binary", "not-utf8", "bom", "environment", "not-hot", "template-sections"],
)
def test_bad_input_gets_what_the_same_bytes_in_a_file_get(tmp_path: Path, text: bytes):
    same_as_the_file(tmp_path, "t.yaml", text)
    same_as_the_file(tmp_path, "t.yaml", text, "--format", "json")


def test_without_a_name_stdin_is_dash_in_the_working_folder(tmp_path: Path):
    # As ruff: `-` in the report; relative paths are taken from the working folder, as for a file there.
    neighbours(tmp_path)
    (tmp_path / "stdin_case.yaml").write_text(TEMPLATE)
    for fmt in FORMATS:
        from_file = run("check", "stdin_case.yaml", "--format", fmt, cwd=tmp_path)
        from_stdin = run("check", "-", "--format", fmt, cwd=tmp_path, stdin=TEMPLATE.encode())
        assert from_stdin.returncode == from_file.returncode == 1
        assert from_stdin.stdout.decode() == from_file.stdout.decode().replace("stdin_case.yaml", "-"), fmt
    text = run("check", "-", cwd=tmp_path, stdin=TEMPLATE.encode()).stdout.decode()
    assert text.startswith("-:3:3: information I9001")


def test_the_configuration_is_found_from_the_stdin_filename_s_folder(tmp_path: Path):
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    (project / "templates").mkdir(parents=True)
    (project / "catalogues").mkdir()
    (project / "catalogues" / "acme.json").write_text(ACME.read_text())
    (project / ".hot-lsp.toml").write_text('disable = ["I9001"]\nresource-types = ["catalogues/acme.json"]\n')
    elsewhere.mkdir()
    (elsewhere / ".hot-lsp.toml").write_text('disable = ["E0012"]\n')  # the working folder's: not used
    widget = BAD + "  w:\n    type: Acme::Widget\n    properties: {size: 11}\n"
    found = run("check", "-", "--stdin-filename", "../project/templates/t.yaml", cwd=elsewhere, stdin=widget.encode())
    lines = found.stdout.decode().splitlines()
    # size 11 is out of the range the configuration's catalogue gives Acme::Widget's size.
    assert [line.split()[2] for line in lines[:-1]] == ["E0012", "E3019"], lines
    assert "I9001" not in found.stdout.decode() and found.returncode == 1
    # --no-config and --config as for files.
    bare = run("check", "-", "--stdin-filename", "../project/t.yaml", "--no-config", cwd=elsewhere, stdin=BAD.encode())
    assert "I9001" in bare.stdout.decode() and "E0012" in bare.stdout.decode()
    named = run("check", "-", "--config", ".hot-lsp.toml", cwd=elsewhere, stdin=BAD.encode())
    assert "E0012" not in named.stdout.decode() and "I9001" in named.stdout.decode()
    # Without --stdin-filename, the configuration is the working folder's, as for files.
    unnamed = run("check", "-", cwd=elsewhere, stdin=BAD.encode())
    assert "E0012" not in unnamed.stdout.decode() and "I9001" in unnamed.stdout.decode()


def test_excludes_apply_to_the_stdin_filename_as_to_a_named_file(tmp_path: Path):
    (tmp_path / ".hot-lsp.toml").write_text('exclude = ["vendor/*"]\n')
    excluded = run("check", "-", "--stdin-filename", "vendor/t.yaml", cwd=tmp_path, stdin=BAD.encode())
    assert excluded.returncode == 0
    assert excluded.stdout.decode().startswith("0 file(s) checked")
    by_option = run("check", "-", "--stdin-filename", "t.yaml", "--exclude", "t.yaml", cwd=tmp_path, stdin=BAD.encode())
    assert by_option.returncode == 0 and by_option.stdout.decode().startswith("0 file(s) checked")
    kept = run("check", "-", "--stdin-filename", "t.yaml", cwd=tmp_path, stdin=BAD.encode())
    assert kept.returncode == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["t.yaml", "--stdin-filename", "t.yaml"], "--stdin-filename names standard input's text: give - as the PATH"),
        (["-", "t.yaml"], "- (standard input) must be the only PATH"),
        (["t.yaml", "-"], "- (standard input) must be the only PATH"),
        (["-", "-"], "- (standard input) must be the only PATH"),
        (["-", "--stdin-filename", ""], "--stdin-filename: give the file's name"),
        (["-", "--stdin-filename", "."], "--stdin-filename: . is a folder"),
        (["-", "--os-cloud", "mycloud"], "--os-cloud sends files from disk"),
    ],
)
def test_usage_errors_exit_two_with_one_line(tmp_path: Path, args: list[str], message: str):
    (tmp_path / "t.yaml").write_text(GOOD)
    found = run("check", *args, cwd=tmp_path, stdin=GOOD.encode())
    assert found.returncode == 2
    assert found.stdout == b""
    [line] = found.stderr.decode().splitlines()
    assert line.startswith("hot-lsp check: ") and message in line, line


def test_check_help_documents_stdin(tmp_path: Path):
    shown = run("check", "--help", cwd=tmp_path).stdout.decode()
    for needed in ("--stdin-filename", "hot-lsp check - --stdin-filename", "standard input"):
        assert needed in shown, needed
