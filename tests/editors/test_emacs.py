"""A real editor: Emacs (Debian's 28.2 with elpa-eglot 1.9 in CI) runs `hot-lsp` through editors/emacs/hot-lsp.el.

The batch driver loads the set-up, visits files with find-file (so yaml-mode's hook decides by content
whether Eglot starts), then reads what a user sees: Flymake's diagnostics, eldoc's hover, completion at
point, and xref's definition (M-.). Eglot counts columns in UTF-16 itself.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from editor_project import (
    CHECKOUT,
    README_VENV,
    SETTINGS,
    column,
    line_before,
    locate,
    make_project,
    server_command,
)

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "emacs_eglot_check.el"
SETUP = CHECKOUT / "editors" / "emacs" / "hot-lsp.el"
EMACS = shutil.which("emacs")
DEBIAN_ELPA = Path("/usr/share/emacs/site-lisp/elpa")
PROJECT_SETTINGS = '((nil . ((eglot-workspace-configuration . (:hotLsp (:parameters (:flavor "m1.huge")))))))\n'


def missing() -> str | None:
    if EMACS is None:
        return "emacs is not on PATH (.ci/run installs Debian's emacs-nox, elpa-eglot and elpa-yaml-mode)"
    for package in ("eglot", "yaml-mode"):
        if not any(DEBIAN_ELPA.glob(f"{package}-*")):
            return f"Debian's elpa-{package} is not installed (.ci/run installs it)"
    return None


pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def run_emacs(work: Path, command: list[str]) -> dict:
    project = make_project(work)
    text = project.text
    # Per-project settings, the Eglot way: they join hot-lsp-settings (sent as initializationOptions).
    (work / ".dir-locals.el").write_text(PROJECT_SETTINGS, encoding="utf-8")
    out = work / "result.json"
    env = {
        **os.environ,
        "HOT_LSP_EL": str(SETUP),
        "LSP_CMD_JSON": json.dumps(command),
        "LSP_FILE": str(project.template),
        # The environment first: it must start Eglot by itself, not join a server the template started.
        "LSP_BEFORE": json.dumps([str(project.plain), str(project.environment)]),
        "LSP_SETTINGS_JSON": json.dumps(SETTINGS),
        "LSP_HOVER": json.dumps(locate(text, "get_param: flavor}", 4)),
        "LSP_COMPLETION": json.dumps(locate(text, "flavor}}", 2)),
        "LSP_DEFINITION": json.dumps(locate(text, "flavor}}", 3)),
        "LSP_OUT": str(out),
        "LSP_TIMEOUT_S": "20",
        "LSP_WATCHDOG_S": "90",
        "HOME": str(work),  # no user init, no ~/.emacs.d writes
    }
    completed = subprocess.run(
        [EMACS, "--batch", "-Q", "-l", str(DRIVER)],
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
    result["stderr"] = completed.stderr.decode(errors="replace")
    result["text"] = text
    result["work"] = str(work)
    return result


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return run_emacs(tmp_path_factory.mktemp("emacs"), server_command())


def opened(result: dict, name: str) -> dict:
    return next(o for o in result["opened"] if Path(o["path"]).name == name)


def test_run_succeeded(run: dict):
    assert run["errors"] == [], run["errors"]
    assert run["returncode"] == 0 and run["exit_code"] == 0
    assert run["server_info"] == "hot-lsp"
    assert run["language_id"] == "yaml"
    assert run["server_exit"] == {"status": "exit", "code": 0}


def test_eglot_starts_for_hot_files_only(run: dict):
    plain, template, environment = (opened(run, name) for name in ("plain.yaml", "server.yaml", "env.yaml"))
    assert plain["major_mode"] == "yaml-mode" and plain["managed"] is False
    assert template["managed"] is True and template["server"]
    assert environment["managed"] is True and environment["server"] == template["server"]


def test_project_root_is_the_repository(run: dict):
    assert Path(run["project_root"]) == Path(run["work"])


def test_flymake_shows_the_findings_on_their_lines(run: dict):
    text = run["text"]
    shown = run["flymake_diagnostics"]
    wrong = [d for d in shown if "imagee" in d["text"]]
    assert len(wrong) == 1
    line, character = locate(text, "imagee")
    assert (wrong[0]["line"], wrong[0]["col"]) == (line, character)  # Flymake: 1-based line, 0-based column
    assert wrong[0]["type"] == "eglot-error" and "E4008" in wrong[0]["text"]
    assert not any("I9001" in d["text"] for d in shown)  # hot-lsp-settings reached the server


def test_hover_is_shown_by_eldoc(run: dict):
    assert "get_param" in run["eldoc_hover"] and "<name>" in run["eldoc_hover"]
    assert "m1.huge" in run["eldoc_hover"]  # the value from .dir-locals.el's hotLsp.parameters
    # Eglot's UTF-16 column, after the ☕𝄞 key (1 + 2 code units, 2 characters in Emacs).
    line, character = locate(run["text"], "get_param: flavor}", 4)
    utf16 = column(line_before(run["text"], "get_param: flavor}", 4), "utf-16")
    assert utf16 == character + 1
    assert run["hover_position"]["position"] == {"line": line - 1, "character": utf16}


def test_completion_at_point_offers_the_parameters(run: dict):
    assert {"flavor", "image"} <= set(run["completion_labels"])


def test_definition_jumps_to_the_parameter(run: dict):
    line, character = locate(run["text"], "  flavor:\n", 2)
    [definition] = run["definition"]
    assert Path(definition["file"]).name == "server.yaml"
    assert (definition["line"], definition["column"]) == (line, character)


def test_a_missing_server_is_named_with_its_install_command(tmp_path: Path):
    result = run_emacs(tmp_path, [str(tmp_path / "no-such-hot-lsp")])
    assert result["errors"] == ["Eglot did not start for the template"]
    assert opened(result, "server.yaml")["managed"] is False
    warning = result["stderr"]
    assert "no-such-hot-lsp is not on PATH" in warning
    # What works on a system Python that refuses pip outside a venv (Debian 12's): pipx, or the README's venv.
    assert "Install it with: pipx install hot-lsp;" in warning
    assert f'cd {CHECKOUT}/ && {README_VENV} and set `hot-lsp-command\' to ("{CHECKOUT}/.venv/bin/hot-lsp")' in warning
    assert "python3 -m pip" not in warning
