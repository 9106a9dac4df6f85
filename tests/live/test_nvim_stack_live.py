"""Neovim's :HotDeploy and :HotFailures (issue 32, item 4) in a headless Neovim, through the project's plugin, the
real server and the real Heat: :HotDeploy asks with confirm() (the preview's counts), the server asks again
(window/showMessageRequest, which the plugin answers with confirm() too), and only then the stack is created; it
fails in a nested template, and both :HotDeploy's end and :HotFailures put that failure in the quickfix list at
the nested file's line. The user is confirm(), stubbed to answer Deploy and to keep each question."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from live_support import LiveHeat

CHECKOUT = Path(__file__).resolve().parents[2]
PARENT = (
    "heat_template_version: 2021-04-16\nresources:\n  fine:\n    type: OS::Heat::None\n  inner:\n    type: child.yaml\n"
)
CHILD = (
    "heat_template_version: 2021-04-16\nresources:\n  inner_fail:\n    type: OS::Heat::TestResource\n"
    "    properties: {fail: true, value: boom}\n"
)


@pytest.mark.skipif(shutil.which("nvim") is None, reason="nvim is not on PATH (.ci/run installs Debian's neovim)")
def test_neovim_deploys_after_asking_and_lists_the_failure_on_its_line(live_heat: LiveHeat, tmp_path: Path):
    root = tmp_path / "project"
    root.mkdir()
    (root / ".git").mkdir()  # the plugin's root marker: the workspace folder
    (root / "stack.yaml").write_text(PARENT)
    (root / "child.yaml").write_text(CHILD)
    name = live_heat.stack_name("nvim-deploy")
    out = tmp_path / "result.json"
    env = {
        **live_heat.env(),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PYTHONPATH": str(CHECKOUT),
        "HOT_LSP_PLUGIN": str(CHECKOUT / "editors" / "neovim"),
        "LSP_CMD_JSON": json.dumps([sys.executable, "-m", "hot_lsp"]),
        "LSP_FILE": str(root / "stack.yaml"),
        "LSP_OUT": str(out),
        "LSP_SETTINGS_JSON": json.dumps({"cloud": live_heat.cloud, "stacks": {"stack.yaml": name}}),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    driver = Path(__file__).resolve().parent / "nvim_stack_check.lua"
    command = ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {driver}"]
    try:
        completed = subprocess.run(
            command, cwd=root, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=240, check=False
        )
        assert out.is_file(), completed.stderr.decode(errors="replace")[-2000:]
        result = json.loads(out.read_text())
        assert result["errors"] == [], result
        assert result["asked"] == [
            f"Deploy stack.yaml to stack {name} (create): 2 added?",
            f"hot-lsp: Deploy stack {name} on {live_heat.cloud} (create): 2 added?",
        ]
        assert live_heat.request("GET", f"stacks/{name}").body["stack"]["stack_status"] == "CREATE_FAILED"
        for listed in (result["deploy"], result["failures"]):
            assert listed["title"] == f"hot-lsp: stack {name}: CREATE_FAILED"
            (item,) = listed["items"]
            assert (Path(item["file"]).name, item["lnum"], item["col"]) == ("child.yaml", 3, 3)
            assert item["text"].startswith("inner/inner_fail (OS::Heat::TestResource) CREATE_FAILED: ")
            assert "Test Resource failed inner_fail" in item["text"]
    finally:
        live_heat.delete_stack(name)
