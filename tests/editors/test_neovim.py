"""A real editor: headless Neovim (Debian's 0.7.2 in CI) runs `hot-lsp` with its built-in LSP client.

The Lua driver opens a template, waits for diagnostics, then asks for hover, completion and definition
with the cursor on known characters; Neovim converts the cursor to an LSP position itself (UTF-16), so
the columns below go through a real client's conversion, across multi-byte characters.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "nvim_lsp_check.lua"
SAMPLE = HERE / "sample_template.yaml"
NVIM = shutil.which("nvim")

pytestmark = pytest.mark.skipif(NVIM is None, reason="nvim is not on PATH (.ci/run installs Debian's neovim)")


def server_command() -> list[str]:
    installed = shutil.which("hot-lsp")
    return [installed] if installed else [sys.executable, "-m", "hot_lsp"]


def locate(text: str, needle: str, into: int = 0) -> tuple[int, int]:
    """(1-based line, 0-based code point column) of ``into`` characters inside ``needle``."""
    offset = text.index(needle) + into
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("nvim")
    template = work / "server.yaml"
    template.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    text = template.read_text(encoding="utf-8")
    steps = []
    for name, method, needle, into in [
        ("hover", "textDocument/hover", "get_param: flavor}", 4),
        ("completion", "textDocument/completion", "flavor}}", 2),
        ("definition", "textDocument/definition", "flavor}}", 3),
    ]:
        line, character = locate(text, needle, into)
        steps.append({"name": name, "method": method, "line": line, "character": character})
    out = work / "result.json"
    env = {
        **os.environ,
        "LSP_CMD_JSON": json.dumps(server_command()),
        "LSP_FILE": str(template),
        "LSP_OUT": str(out),
        "LSP_STEPS": json.dumps(steps),
        "LSP_TIMEOUT_MS": "20000",
        "LSP_WATCHDOG_MS": "90000",
        "XDG_CACHE_HOME": str(work / "cache"),  # Neovim 0.7 writes lsp.log there
        "XDG_STATE_HOME": str(work / "state"),
        "XDG_CONFIG_HOME": str(work / "config"),
        "XDG_DATA_HOME": str(work / "data"),
    }
    command = [NVIM, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {DRIVER}"]
    completed = subprocess.run(
        command, cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120, check=False
    )
    assert out.exists(), f"no result; exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}"
    result = json.loads(out.read_text(encoding="utf-8"))
    result["returncode"] = completed.returncode
    result["text"] = text
    return result


def step(result: dict, name: str) -> dict:
    return next(s for s in result["steps"] if s["name"] == name)


def test_run_succeeded(run: dict):
    assert run["errors"] == [], run["errors"]
    assert run["returncode"] == 0 and run["exit_code"] == 0
    assert run["server_info"]["name"] == "hot-lsp"
    assert run["filetype"] == "yaml"
    assert run["offset_encoding"] == "utf-16"
    assert run["server_exit"]["code"] == 0


def test_diagnostics_reach_the_editor_at_the_right_place(run: dict):
    text = run["text"]
    publish = [p for p in run["publish_diagnostics"] if p["diagnostics"]][-1]
    assert publish["version"] == 0  # Neovim 0.7 opens documents at version 0
    wrong = next(d for d in publish["diagnostics"] if d["code"] == "E4008")
    line, character = locate(text, "imagee")
    assert wrong["range"]["start"] == {"line": line - 1, "character": character}
    assert wrong["source"] == "hot-lsp"
    # What Neovim shows: 0-based line, byte column.
    shown = next(d for d in run["editor_diagnostics"] if "imagee" in d["message"])
    line_text = text.splitlines()[line - 1]
    assert (shown["lnum"], shown["col"]) == (line - 1, len(line_text[:character].encode()))


def test_hover_on_a_function_name(run: dict):
    answer = step(run, "hover")
    contents = answer["result"]["contents"]
    value = contents["value"] if isinstance(contents, dict) else str(contents)
    assert "get_param" in value and "<name>" in value
    # The cursor sat after the ☕𝄞 key: Neovim's UTF-16 column must be the server's.
    text = run["text"]
    line, character = locate(text, "get_param: flavor}", 4)
    line_text = text.splitlines()[line - 1]
    assert answer["position"] == {"line": line - 1, "character": utf16(line_text[:character])}


def test_completion_offers_the_parameters(run: dict):
    answer = step(run, "completion")["result"]
    items = answer["items"] if isinstance(answer, dict) else answer
    labels = [item["label"] for item in items]
    assert "flavor" in labels and "image" in labels
    # Neovim 0.7 has no snippet support: everything must be plain text.
    assert all(item.get("insertTextFormat", 1) == 1 for item in items)


def test_definition_goes_to_the_parameter(run: dict):
    answer = step(run, "definition")["result"]
    location = answer[0] if isinstance(answer, list) else answer
    text = run["text"]
    line, character = locate(text, "  flavor:\n", 2)
    assert location["range"]["start"] == {"line": line - 1, "character": character}
    assert location["uri"] == run["uri"]
