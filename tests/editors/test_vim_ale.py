"""A real editor: Vim 9 with ALE (Debian's vim and vim-ale 3.3 in CI) runs `hot-lsp` through editors/vim.

The driver lints with :ALELint and asks :ALEHover and :ALEGoToDefinition with the cursor on known characters.
ALE sends the cursor's byte column as the LSP ``character`` (it converts nothing, and declares no position
encoding), so on a line with ☕𝄞 (3 + 4 bytes, 1 + 2 UTF-16 units) the server is asked about a point 4
columns right of the cursor. These tests pin down what a Vim user then gets: the right answer where the
shift stays inside the same word, nothing (never an error) where it falls elsewhere or past the line's end.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from editor_project import CHECKOUT, SETTINGS, column, line_before, locate, make_project, server_command

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "vim_ale_check.vim"
LINTERS = CHECKOUT / "editors" / "vim"
VIM = shutil.which("vim")
ALE = Path("/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale")

pytestmark = pytest.mark.skipif(
    VIM is None or not ALE.is_dir(), reason="vim or Debian's vim-ale is not installed (.ci/run installs both)"
)

# (name, ALE command, needle, characters into it): the cursor goes there.
STEPS = [
    ("hover_ascii", "hover", "get_param: imagee", 4),
    ("hover_after_multibyte", "hover", "get_param: flavor}", 4),
    ("definition_ascii", "definition", "name: {get_param: flavor", 19),
    ("definition_after_multibyte", "definition", "flavor}}", 3),
    ("hover_at_line_end", "hover", "flavor}}", 7),
]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("vim")
    project = make_project(work)
    steps = []
    for name, kind, needle, into in STEPS:
        line, character = locate(project.text, needle, into)
        steps.append({"name": name, "kind": kind, "line": line, "character": character})
    out, channel_log = work / "result.json", work / "channel.log"
    env = {
        **os.environ,
        "HOT_LSP_VIM": str(LINTERS),
        "LSP_CMD_JSON": json.dumps(server_command()),
        "LSP_FILE": str(project.template),
        "LSP_BEFORE": json.dumps([str(project.plain)]),
        "LSP_SETTINGS_JSON": json.dumps(SETTINGS),
        "LSP_STEPS": json.dumps(steps),
        "LSP_CHANNEL_LOG": str(channel_log),
        "LSP_OUT": str(out),
        "LSP_TIMEOUT_MS": "20000",
        "LSP_WATCHDOG_MS": "90000",
        "HOME": str(work),  # no ~/.vimrc, no ~/.vim
    }
    completed = subprocess.run(
        [VIM, "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", str(DRIVER)],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), f"no result; exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}"
    result = json.loads(out.read_text(encoding="utf-8"))
    result["returncode"] = completed.returncode
    result["text"] = project.text
    result["sent"] = sent_positions(channel_log.read_text(encoding="utf-8", errors="replace"))
    return result


def sent_positions(log: str) -> dict[int, dict]:
    """Request id -> the position ALE sent, from Vim's channel log."""
    found = {}
    for match in re.finditer(r'"method":"textDocument/(?:hover|definition)","jsonrpc":"2.0","id":(\d+),', log):
        position = re.search(r'"position":(\{[^}]*\})', log[match.end() :])
        if position:
            found[int(match.group(1))] = json.loads(position.group(1))
    return found


def step(result: dict, name: str) -> dict:
    return next(s for s in result["steps"] if s["name"] == name)


def sent(result: dict, name: str) -> dict:
    return result["sent"][step(result, name)["answer"]["id"]]


def test_run_succeeded(run: dict):
    assert run["errors"] == [], run["errors"]
    assert run["returncode"] == 0 and run["exit_code"] == 0
    assert run["ale_has_linter"] == 1
    assert run["server_alive"] == 1


def test_the_linter_runs_for_hot_files_only(run: dict):
    [plain, template] = run["opened"]
    assert Path(plain["path"]).name == "plain.yaml" and plain["connections"] == 0
    assert template["filetype"] == "yaml" and template["connections"] == 1


def test_diagnostics_in_ales_list(run: dict):
    codes = [d["code"] for d in run["loclist"]]
    assert "E4008" in codes and "E3017" in codes
    assert "I9001" not in codes  # g:ale_yaml_hot_lsp_config reached the server
    wrong = next(d for d in run["loclist"] if d["code"] == "E4008")
    line, character = locate(run["text"], "imagee")
    assert (wrong["lnum"], wrong["col"]) == (line, character + 1)  # an ASCII line: bytes and UTF-16 agree
    assert wrong["type"] == "E" and wrong["linter_name"] == "hot-lsp"


def test_hover_and_definition_on_an_ascii_line(run: dict):
    hover = step(run, "hover_ascii")
    assert "get_param" in "\n".join(hover["shown"]) and "imagee" in "\n".join(hover["shown"])
    definition = step(run, "definition_ascii")
    line, character = locate(run["text"], "  flavor:\n", 2)
    assert definition["landed"] == [line, character + 1]


def test_ale_sends_byte_columns(run: dict):
    line, character = locate(run["text"], "get_param: flavor}", 4)
    before = line_before(run["text"], "get_param: flavor}", 4)
    assert sent(run, "hover_after_multibyte") == {"line": line - 1, "character": column(before, "utf-8")}
    assert column(before, "utf-8") == column(before, "utf-16") + 4


def test_hover_after_multibyte_characters_still_finds_the_function(run: dict):
    # The shifted point (4 to the right) is still inside `get_param`: the user sees its documentation,
    # with the value of this very call.
    shown = "\n".join(step(run, "hover_after_multibyte")["shown"])
    assert "get_param" in shown and "m1.small" in shown


def test_definition_after_multibyte_characters_answers_nothing_rather_than_an_error(run: dict):
    # `flavor` + 3 bytes-as-UTF-16 falls on the `}` after it: no definition there, so ALE stays put.
    answer = step(run, "definition_after_multibyte")["answer"]
    assert "error" not in answer and answer["result"] is None
    line, _ = locate(run["text"], "flavor}}", 3)
    assert step(run, "definition_after_multibyte")["landed"][0] == line


def test_a_position_past_the_line_end_is_answered_without_error(run: dict):
    line_text = run["text"].splitlines()[locate(run["text"], "flavor}}")[0] - 1]
    assert sent(run, "hover_at_line_end")["character"] > column(line_text, "utf-16")
    answer = step(run, "hover_at_line_end")["answer"]
    assert "error" not in answer and answer["result"] is None


def readme_vimrc() -> list[str]:
    """The ```vim block of editors/vim/README.md, as a user copies it into ~/.vimrc."""
    readme = (LINTERS / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^( *)```vim\n(.*?)^\1```$", readme, re.S | re.M)
    assert len(blocks) == 1, "the README should have exactly one vimrc block"
    indent, body = blocks[0]
    return [line[len(indent) :] for line in body.splitlines()]


def test_the_readmes_vimrc_alone_gives_diagnostics(tmp_path: Path):
    """Step 3 of editors/vim/README.md, exactly as written (only the checkout's path put in), as ~/.vimrc.

    The driver sets nothing in this mode, so ALE's own defaults decide: its yaml list does not name hot-lsp,
    and without the README's g:ale_linters line no server starts. `hot-lsp` is found on PATH by name, as
    step 1 leaves it: a wrapper for this checkout's server.
    """
    lines = readme_vimrc()
    assert any("/path/to/hot-lsp/editors/vim" in line for line in lines)
    vimrc = tmp_path / ".vimrc"
    vimrc.write_text("\n".join(line.replace("/path/to/hot-lsp", str(CHECKOUT)) for line in lines) + "\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "hot-lsp"
    wrapper.write_text(
        f'#!/bin/sh\nPYTHONPATH={shlex.quote(str(CHECKOUT))} exec {shlex.quote(sys.executable)} -m hot_lsp "$@"\n'
    )
    wrapper.chmod(0o755)
    (tmp_path / "project").mkdir()
    project = make_project(tmp_path / "project")
    out = tmp_path / "result.json"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("LSP_", "HOT_LSP_"))},
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
        "LSP_FILE": str(project.template),
        "LSP_BEFORE": json.dumps([str(project.plain)]),
        "LSP_OUT": str(out),
        "LSP_TIMEOUT_MS": "20000",
        "LSP_WATCHDOG_MS": "90000",
    }
    # -u: the vimrc and nothing else. -es keeps Vim headless, but also keeps 'compatible' on, which Vim resets
    # itself when it finds a ~/.vimrc at startup (and Debian's system vimrc sets): hence -N.
    completed = subprocess.run(
        [VIM, "-N", "-u", str(vimrc), "-i", "NONE", "-n", "-es", "-S", str(DRIVER)],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), f"no result; exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["errors"] == [] and result["exit_code"] == 0, result["errors"]
    [plain, template] = result["opened"]
    assert plain["connections"] == 0
    assert template["filetype"] == "yaml" and template["connections"] == 1
    codes = [d["code"] for d in result["loclist"] if d["linter_name"] == "hot-lsp"]
    assert "E4008" in codes and "E3017" in codes


def test_without_the_readmes_linter_line_ale_runs_no_hot_lsp(tmp_path: Path):
    """What makes the test above able to fail: ALE's defaults for YAML leave hot-lsp out."""
    lines = [line for line in readme_vimrc() if "g:ale_linters" not in line]
    vimrc = tmp_path / ".vimrc"
    vimrc.write_text("\n".join(line.replace("/path/to/hot-lsp", str(CHECKOUT)) for line in lines) + "\n")
    probe = tmp_path / "probe.vim"
    probe.write_text("call writefile([json_encode(map(ale#linter#Get('yaml'), 'v:val.name'))], $OUT)\nqall!\n")
    env = {**os.environ, "HOME": str(tmp_path), "OUT": str(tmp_path / "linters.json")}
    subprocess.run(
        [VIM, "-N", "-u", str(vimrc), "-i", "NONE", "-n", "-es", "-c", "setfiletype yaml", "-S", str(probe)],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    linters = json.loads((tmp_path / "linters.json").read_text())
    assert "hot-lsp" not in linters and linters  # ALE loaded, its yaml linters chosen without hot-lsp
