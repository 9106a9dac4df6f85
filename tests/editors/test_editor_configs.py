"""The editor set-ups agree with the server: every hotLsp.* setting the server reads is what they offer,
under the right name, with the server's default; the snippets for editors CI cannot run at least parse,
start the real `hot-lsp` command and name only settings the server knows; each README sets up in five steps."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from editor_project import CHECKOUT, README_VENV

from hot_lsp.features.snapshot import Settings

EDITORS = CHECKOUT / "editors"
PACKAGE = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
PROPERTIES = PACKAGE["contributes"]["configuration"]["properties"]


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


# Settings fields that are no client's setting (cloud_release: what the named cloud says), and those whose
# setting is not their camel-case name.
NOT_SETTINGS = {"cloud_release"}
SETTING_NAMES = {"what_if": "whatIf.against"}
SERVER_SETTINGS = {
    SETTING_NAMES.get(f.name, camel(f.name)): f for f in dataclasses.fields(Settings) if f.name not in NOT_SETTINGS
}


def server_default(field: dataclasses.Field) -> object:
    value = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
    return sorted(value) if isinstance(value, tuple | frozenset) else value


def test_vscode_contributes_every_server_setting_with_its_default():
    contributed = {key.removeprefix("hotLsp."): spec for key, spec in PROPERTIES.items()}
    editor_only = {"server.path", "server.pythonPath", "trace.server"}
    assert set(contributed) - editor_only == set(SERVER_SETTINGS)
    for name, spec in contributed.items():
        assert len(spec.get("markdownDescription") or spec.get("description") or "") > 40, name
        if name in SERVER_SETTINGS:
            assert spec["default"] == server_default(SERVER_SETTINGS[name]), name


def test_every_server_setting_is_read_back_by_the_server():
    # The names package.json contributes, given to the server, change what it holds.
    changed = {
        "environments": ["env/*.yaml"],
        "parameters": {"flavor": "m1.huge"},
        "disabledRules": ["I9001"],
        "nestedDepth": 3,
        "resourceTypePaths": ["types.json"],
        "inlayHints": True,
        "cloud": "mycloud",
        "stacks": {"stacks/web.yaml": "web-prod"},
        "heatRelease": "2023.1",
        "whatIf.against": "off",
    }
    assert set(changed) == set(SERVER_SETTINGS)
    assert Settings.from_json({"hotLsp": changed}) != Settings()
    for name in changed:
        assert Settings.from_json({"hotLsp": {name: changed[name]}}) != Settings(), name


def test_vscode_commands_are_the_issues():
    titles = {c["command"]: c["title"] for c in PACKAGE["contributes"]["commands"]}
    assert titles["hotLsp.showResources"] == "Show resources (nested depth…)"
    assert titles["hotLsp.renderPreview"] == "Render template preview"
    # Issue 17: the picture is "Heat: Show dependency graph"; the text one says it is text.
    assert titles["hotLsp.showDependencyGraph"] == "Show dependency graph as text (Mermaid or DOT)"
    categories = {c["command"]: c["category"] for c in PACKAGE["contributes"]["commands"]}
    assert (categories["hotLsp.showGraphView"], titles["hotLsp.showGraphView"]) == ("Heat", "Show dependency graph")
    assert PACKAGE["activationEvents"] == ["onLanguage:yaml"]


def test_vscode_lockfile_matches_the_manifest():
    lock = json.loads((EDITORS / "vscode" / "package-lock.json").read_text(encoding="utf-8"))
    root = lock["packages"][""]
    assert root["dependencies"] == PACKAGE["dependencies"]
    assert root["devDependencies"] == PACKAGE["devDependencies"]
    # vsce 4 needs node 22; CI has node 20.
    assert PACKAGE["devDependencies"]["@vscode/vsce"].startswith("3.")


def known_settings(settings: dict) -> None:
    assert set(settings) <= set(SERVER_SETTINGS), set(settings) - set(SERVER_SETTINGS)
    assert Settings.from_json({"hotLsp": settings}) is not None


def test_helix_snippet():
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8"))
    server = config["language-server"]["hot-lsp"]
    assert server["command"] == "hot-lsp"
    known_settings(server["config"]["hotLsp"])
    [yaml] = [language for language in config["language"] if language["name"] == "yaml"]
    assert yaml["language-servers"][0] == "hot-lsp"


def test_sublime_snippet():
    text = (EDITORS / "sublime" / "LSP.sublime-settings").read_text(encoding="utf-8")
    settings = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))  # Sublime allows // comment lines
    client = settings["clients"]["hot-lsp"]
    assert client["command"] == ["hot-lsp"] and client["selector"] == "source.yaml"
    known_settings(client["initializationOptions"]["hotLsp"])
    known_settings(client["settings"]["hotLsp"])


@pytest.mark.parametrize("editor", ["vscode", "neovim", "emacs", "vim", "helix", "sublime"])
def test_readme_sets_up_in_five_steps_or_fewer(editor: str):
    readme = (EDITORS / editor / "README.md").read_text(encoding="utf-8")
    steps = re.findall(r"^\d+\. ", readme, flags=re.M)
    assert 1 <= len(steps) <= 5
    if editor == "vscode":  # the extension carries its server: no install step before it
        assert "bundled/libs" in readme and "pip install -e ." not in readme
    else:
        assert README_VENV in readme and "pipx install hot-lsp" in readme  # the server first
    assert "examples/broken.yaml" in readme  # and where to see it work


def test_main_readme_links_every_editor():
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Editors", 1)[1].split("\n## ", 1)[0]
    for editor in ["vscode", "neovim", "emacs", "vim", "helix", "sublime"]:
        assert f"(editors/{editor}/)" in section, editor


def test_vscode_nested_depth_offers_what_the_server_accepts():
    spec = PROPERTIES["hotLsp.nestedDepth"]
    for value in spec["enum"]:
        expected = 5 if value == "MAX" else value
        assert Settings.from_json({"hotLsp": {"nestedDepth": value}}).nested_depth == expected, value
    assert "MAX" in spec["enum"] and set(range(6)) <= set(spec["enum"])
