"""VS Code itself runs the built .vsix: editors/vscode/test/e2e.sh (code-server 4.139.1 = VS Code 1.139.1, driven
by a headless Chromium, offline), once for each way the extension finds a Python for the server it carries:

- bundled: a python3 on PATH (a fresh venv, none of hot-lsp's dependencies), with every check of the extension:
  diagnostics, hover, completion, definition, code lens, the commands and the graph webview;
- interpreter-setting: no Python on PATH, `python.defaultInterpreterPath` in User settings naming a venv outside it:
  diagnostics arrive, and the extension's log and the server's command line name that interpreter;
- no-python: only a real Python 3.9 on PATH (Debian's PyPy as python3): the error notification the user sees names
  what was tried and what fixes it, and its Show Output button shows the same in the hot-lsp output;
- python-extension: the Python extension (ms-python.python) installed too, no Python on PATH, a venv in the
  workspace that the Python extension selects by itself: the server runs with it. No registry this machine reaches
  serves that extension, so this one runs only when PYTHON_EXTENSION_VSIX names a .vsix of it, and skips otherwise.

code-server, node 24, Chromium and PyPy are installed by editors/vscode/test/install-code-server.sh (.ci/run runs
it, then sets HOT_LSP_REQUIRE_E2E=1 so that a missing install fails here instead of skipping).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest
from vsix_build import EXTENSION, expected, the_vsix

E2E = EXTENSION / "test" / "e2e.sh"
E2E_HOME = Path(os.environ.get("HOT_LSP_E2E_HOME", Path.home() / ".cache" / "hot-lsp-vscode-e2e"))


def missing() -> str | None:
    if not expected():
        return "no .vsix: run editors/vscode/build.sh (.ci/run does)"
    if not (E2E_HOME / "code-server" / "node_modules" / ".bin" / "code-server").exists():
        return f"no code-server in {E2E_HOME}: run editors/vscode/test/install-code-server.sh (.ci/run does)"
    for program in ("chromium", "pypy3"):
        if shutil.which(program) is None:
            return f"no {program}: run editors/vscode/test/install-code-server.sh as root (.ci/run does)"
    return None


if missing() and os.environ.get("HOT_LSP_REQUIRE_E2E") != "1":
    pytest.skip(missing() or "", allow_module_level=True)


def free_port_pair() -> int:
    """A port that is free with the next one: e2e.sh serves code-server on PORT and Chromium's DevTools on PORT+1."""
    for _ in range(50):
        with socket.socket() as first:
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            with socket.socket() as second:
                try:
                    second.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
        return port
    raise AssertionError("no two free ports in a row")


def run_e2e(server: str, tmp_path: Path) -> tuple[dict, str]:
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        "SERVER": server,
        "VSIX": str(the_vsix()),
        "PORT": str(free_port_pair()),
        "RESULT": str(result),
        "ARTIFACTS": str(tmp_path / "artifacts"),
    }
    completed = subprocess.run(
        [str(E2E)], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=480, check=False
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output[-6000:]
    return json.loads(result.read_text(encoding="utf-8")), output


def test_the_bundled_server_with_the_python3_on_path(tmp_path: Path):
    result, output = run_e2e("bundled", tmp_path)
    assert result["errors"] == [] and result["exit_code"] == 0
    assert "Starting the bundled hot-lsp with " in output and "(from PATH)" in output
    assert {"E4008", "E3017"} <= {d["code"] for d in result["diagnostics"]}
    assert result["graph_view_shown"]["ok"] and (tmp_path / "artifacts" / "graph-view.png").exists()


def test_the_bundled_server_with_python_default_interpreter_path(tmp_path: Path):
    result, output = run_e2e("interpreter-setting", tmp_path)
    assert result["errors"] == [] and result["exit_code"] == 0
    assert "/interpreter/bin/python 3." in output and "(from python.defaultInterpreterPath)" in output
    assert re.search(r"^e2e: the server's command line: /\S+/interpreter/bin/python -m hot_lsp", output, re.M), output
    assert {"E4008", "E3017"} <= {d["code"] for d in result["diagnostics"]}


@pytest.mark.skipif(
    not os.environ.get("PYTHON_EXTENSION_VSIX"),
    reason="PYTHON_EXTENSION_VSIX is not set: no registry reachable here serves ms-python.python's .vsix",
)
def test_the_bundled_server_with_the_python_extensions_interpreter(tmp_path: Path):
    result, output = run_e2e("python-extension", tmp_path)
    assert result["errors"] == [] and result["exit_code"] == 0
    assert "/workspace/.venv/bin/python 3." in output and "(from the Python extension’s interpreter)" in output
    assert re.search(r"^e2e: the server's command line: /\S+/workspace/\.venv/bin/python -m hot_lsp", output, re.M), (
        output
    )
    assert {"E4008", "E3017"} <= {d["code"] for d in result["diagnostics"]}


def test_no_suitable_python_is_named_with_the_fixes(tmp_path: Path):
    result, output = run_e2e("no-python", tmp_path)
    assert result["errors"] == [] and result["exit_code"] == 0
    seen = result["notification"]["notification"]
    message = seen["message"]
    assert message.startswith("hot-lsp: the bundled server needs Python 3.10 or later, and none was found (tried ")
    assert "/old-python/python3 (PATH): Python 3.9)" in message
    assert "sudo apt install python3" in message and "pipx install hot-lsp" in message
    assert seen["buttons"] == ["Open Settings", "Show Output"]
    assert result["output_document"] and result["diagnostics"] == []
    assert (tmp_path / "artifacts" / "no-python-notification.png").exists()
    assert "(no Starting line)" in output
