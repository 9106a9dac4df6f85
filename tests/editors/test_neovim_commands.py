""":HotRender, :HotResources and :HotGraph in headless Neovim through the project's plugin (editors/neovim) and the
real server, on a template with unsaved changes: each scratch buffer holds what ``hot-lsp render|resources|graph``
prints once those changes are saved. Then the code lenses: a use count fills the quickfix list with its places,
"Render" opens the rendered scratch buffer (what ``vim.lsp.codelens.run()`` runs, registered by the plugin)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from editor_project import CHECKOUT, server_command

DRIVER = Path(__file__).resolve().parent / "nvim_commands_check.lua"
PLUGIN = CHECKOUT / "editors" / "neovim"
NVIMS = [p for p in [shutil.which("nvim"), *os.environ.get("HOT_LSP_EXTRA_NVIM", "").split(os.pathsep)] if p]

pytestmark = pytest.mark.skipif(not NVIMS, reason="nvim is not on PATH (.ci/run installs Debian's neovim)")

SAVED = """\
heat_template_version: 2018-08-31
parameters:
  size:
    type: number
    default: 2
resources:
  net:
    type: OS::Neutron::Net
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      name: {get_param: size}
"""
UNSAVED = ["  extra:", "    type: OS::Heat::None", "    depends_on: [port, net]"]
COMMANDS = ["HotRender", "HotRender json", "HotResources", "HotGraph mermaid", "HotGraph"]


def cli(folder: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=folder, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module", params=NVIMS)
def run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("nvim-commands")
    (work / ".git").mkdir()
    template = work / "stack.yaml"
    template.write_text(SAVED)
    out = work / "result.json"
    env = {
        **os.environ,
        "HOT_LSP_PLUGIN": str(PLUGIN),
        "LSP_CMD_JSON": json.dumps(server_command()),
        "LSP_FILE": str(template),
        "LSP_APPEND": json.dumps(UNSAVED),
        "LSP_COMMANDS": json.dumps(COMMANDS),
        "LSP_OUT": str(out),
        "XDG_CACHE_HOME": str(work / "cache"),
        "XDG_STATE_HOME": str(work / "state"),
        "XDG_CONFIG_HOME": str(work / "config"),
        "XDG_DATA_HOME": str(work / "data"),
    }
    driver = [request.param, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {DRIVER}"]
    completed = subprocess.run(
        driver, cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=150, check=False
    )
    assert out.exists(), f"no result; exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert not result["errors"], result["errors"]
    assert template.read_text() == SAVED and result["modified"]  # the changes stayed in the buffer
    result["before"] = {
        "render": cli(work, "render", str(template)),
        "graph": cli(work, "graph", str(template), "--nested-depth", "1"),
    }
    template.write_text(SAVED + "\n".join(UNSAVED) + "\n")
    result["work"] = work
    result["template"] = template
    return result


def shown(result: dict, command: str) -> dict:
    return next(s for s in result["shown"] if s["command"] == command)


def text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def test_render_is_the_command_line_s_of_the_buffer(run: dict):
    work, template = run["work"], run["template"]
    yaml = shown(run, "HotRender")
    assert text(yaml["lines"]) == cli(work, "render", str(template)) != run["before"]["render"]
    assert yaml["filetype"] == "yaml"
    rendered = shown(run, "HotRender json")
    assert json.loads(text(rendered["lines"])) == json.loads(cli(work, "render", str(template), "--format", "json"))
    assert rendered["filetype"] == "json"


def test_graph_is_the_command_line_s_of_the_buffer(run: dict):
    work, template = run["work"], run["template"]
    # hotLsp.nestedDepth (1) when :HotGraph names no depth.
    assert text(shown(run, "HotGraph mermaid")["lines"]) == cli(
        work, "graph", str(template), "--nested-depth", "1", "--format", "mermaid"
    )
    dot = shown(run, "HotGraph")
    assert text(dot["lines"]) == cli(work, "graph", str(template), "--nested-depth", "1") != run["before"]["graph"]
    assert dot["filetype"] == "dot"


def test_resources_lists_the_command_line_s_rows(run: dict):
    listed = json.loads(cli(run["work"], "resources", str(run["template"]), "--nested-depth", "1", "--format", "json"))
    lines = shown(run, "HotResources")["lines"]
    assert lines[0] == f"Resources of {run['template'].name}" and lines[1] == ""
    assert [line.split()[:2] for line in lines[2:]] == [
        [row["resource_name"], row["resource_type"]] for row in listed["resources"]
    ]
    assert [row["resource_name"] for row in listed["resources"]] == ["net", "port", "extra"]


def test_code_lenses_show_counts_references_in_the_quickfix_list_and_render(run: dict):
    lines = (SAVED + "\n".join(UNSAVED) + "\n").splitlines()
    assert [(lines[lens["line"]].strip(), lens["title"]) for lens in run["lenses"]] == [
        ("heat_template_version: 2018-08-31", "Render"),
        ("heat_template_version: 2018-08-31", "Resources"),
        ("size:", "1 reference"),
        ("net:", "2 references"),
        ("port:", "1 reference"),
        ("extra:", "0 references"),
    ]
    # The first count (size's get_param) in the quickfix list, 1-based.
    assert run["quickfix"]["title"] == "hot-lsp: 1 reference"
    assert run["quickfix"]["lines"] == [{"lnum": 13, "col": len("      name: {get_param: ") + 1}]
    assert text(run["render_lens"]) == cli(run["work"], "render", str(run["template"]))
