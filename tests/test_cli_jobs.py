"""``hot-lsp check --jobs N``: every core for many files, and the same report, byte for byte, as one process gives;
the progress line on a terminal only, erased at the end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = """\
heat_template_version: 2016-10-14
parameters:
  name{i}: {{type: string, default: x}}
resources:
  r:
    type: OS::Heat::Value
    properties:
      value: {{get_param: name{i}}}
"""
BAD = """\
heat_template_version: 2016-10-14
resources:
  r:
    type: OS::Nova::Server
    properties:
      flavor: {{get_param: missing{i}}}
      imag: cirros
outputs:
  o:
    value: {{get_attr: [nowhere, ip]}}
"""
PARENT = """\
heat_template_version: 2016-10-14
parameters:
  size: {type: number, default: 1}
resources:
  child:
    type: My::Child
    properties: {count: {get_param: size}}
"""
CHILD = "heat_template_version: 2016-10-14\nparameters:\n  count: {type: number}\n  weight: {type: number}\n"
ENVIRONMENT = """\
resource_registry:
  My::Child: child.yaml
parameters:
  size: 2
  sizes: 3
parameter_defaults:
  weight: 4
  height: 5
"""
FILES = 40


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Many templates, good and bad, with an environment file, a template resource, files that are not HOT, a
    template with a byte order mark and one in Latin-1."""
    root = tmp_path_factory.mktemp("many")
    for i in range(FILES):
        folder = root / f"group{i % 4}"
        folder.mkdir(exist_ok=True)
        (folder / f"t{i:02}.yaml").write_text((BAD if i % 3 == 0 else GOOD).format(i=i))
    stack = root / "stack"
    stack.mkdir()
    (stack / "parent.yaml").write_text(PARENT)
    (stack / "child.yaml").write_text(CHILD)
    (stack / "env.yaml").write_text(ENVIRONMENT)
    (root / "playbook.yml").write_text("- hosts: all\n  tasks: [\n")  # broken YAML, not HOT: skipped
    (root / "data.json").write_text('{"a": [1, 2')
    (root / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + GOOD.format(i="bom").encode())
    (root / "latin1.yaml").write_bytes("heat_template_version: 2016-10-14\ndescription: caf\xe9\n".encode("latin-1"))
    (root / "binary.yaml").write_bytes(b"\x00\x01\x02heat_template_version")
    return root


def every_file(tree: Path) -> list[str]:
    return sorted(str(path.relative_to(tree)) for path in tree.rglob("*") if path.is_file())


def same_everywhere(tree: Path, *args: str) -> subprocess.CompletedProcess:
    """The run with one process, after checking that two, three and eight give the same bytes and exit status."""
    alone = run(*args, "--jobs", "1", cwd=tree)
    for jobs in ("2", "3", "8"):
        pooled = run(*args, "--jobs", jobs, cwd=tree)
        assert (pooled.stdout, pooled.stderr, pooled.returncode) == (alone.stdout, alone.stderr, alone.returncode)
    return alone


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_the_pool_reports_what_one_process_reports(tree: Path, fmt: str):
    alone = same_everywhere(tree, ".", "--format", fmt)
    assert alone.returncode == 1
    if fmt == "text":
        assert "E0009" not in alone.stdout  # a folder walk skips what is not text
        assert "stack/env.yaml:5:3: warning W7015" in alone.stdout  # `sizes`: no template checked declares it
        assert f"{FILES + 4} file(s) checked" in alone.stdout


def test_files_named_one_by_one_with_environments(tree: Path):
    named = [name for name in every_file(tree) if name != "stack/env.yaml"]  # given with --env only
    alone = same_everywhere(tree, *named, "--env", "stack/env.yaml")
    assert alone.returncode == 1
    assert "latin1.yaml:1:1: error E0009" in alone.stdout  # named, so reported
    # Each template named is a stack this environment may be used with: what its parameters lack is an error.
    assert "stack/env.yaml:5:3: error E7016 stack/parent.yaml declares no parameter `sizes`" in alone.stdout
    assert "stack/env.yaml:8:3: warning W7015 No template this environment is used with" in alone.stdout  # height
    assert "parameter `weight`" not in alone.stdout  # the child declares it


def test_an_unreadable_file_is_reported_in_order_and_exits_2(tree: Path, tmp_path: Path):
    folder = tmp_path / "tree"
    folder.mkdir()
    for name in every_file(tree):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes((tree / name).read_bytes())
    (folder / "group1" / "gone.yaml").symlink_to(folder / "nowhere.yaml")  # listed, cannot be opened
    alone = same_everywhere(folder, "group0", "nothere.yaml", ".")
    assert alone.returncode == 2
    assert alone.stderr.splitlines() == [
        "hot-lsp: nothere.yaml: No such file or directory",
        "hot-lsp: group1/gone.yaml: No such file or directory",
    ]
    assert "file(s) checked" in alone.stdout  # the others are still reported


def test_jobs_must_be_a_positive_number(tree: Path):
    for wrong in ("0", "-1", "many"):
        result = run(".", "--jobs", wrong, cwd=tree)
        assert result.returncode == 2
        assert "--jobs" in result.stderr


def test_help_describes_jobs(tree: Path):
    assert "--jobs N" in run("--help", cwd=tree).stdout


@pytest.fixture(scope="module")
def long_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough files for a progress line from the start (``progress.SHOW_FROM_FILES``)."""
    root = tmp_path_factory.mktemp("long")
    for i in range(600):
        (root / f"t{i:03}.yaml").write_text(GOOD.format(i=i))
    return root


def test_no_progress_when_stderr_is_not_a_terminal(long_run: Path):
    result = run(".", cwd=long_run)
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout == "600 file(s) checked: 0 error(s), 0 warning(s), 0 information in 0 file(s)\n"


def terminal_screen(written: str) -> str:
    """What one line of a terminal shows after ``written`` (carriage returns go back to its start)."""
    line: list[str] = []
    column = 0
    for char in written:
        if char == "\r":
            column = 0
        elif char == "\n":
            line, column = [], 0
        else:
            line[column : column + 1] = [char]
            column += 1
    return "".join(line)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_on_a_terminal_is_shown_and_erased(long_run: Path, jobs: str):
    main, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "hot_lsp", "check", ".", "--jobs", jobs],
            cwd=long_run,
            stdout=subprocess.PIPE,
            stderr=terminal,
        )
        os.close(terminal)
        written = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other end closed (Linux says EIO)
                break
            if not chunk:
                break
            written += chunk
        stdout, _ = process.communicate(timeout=300)
    finally:
        os.close(main)
    text = written.decode()
    assert process.returncode == 0
    assert stdout.decode() == "600 file(s) checked: 0 error(s), 0 warning(s), 0 information in 0 file(s)\n"
    assert "hot-lsp check: " in text and "/600 files" in text
    assert "\n" not in text  # one line, written over
    assert terminal_screen(text).strip() == ""  # and erased: the terminal shows nothing of it
