"""The set-ups meant for editors' registries (issue 33, item 5) hold together: one version everywhere, the Zed
extension (extension.toml, Cargo.toml, the Heat Template language), the JetBrains template for LSP4IJ, the Mason
registry entry, and the VS Code extension's user README.

What their own tools would check is checked as far as this machine allows: the Mason entry against the registry's
JSON Schema when a copy of mason-org/registry-schema's `schemas/` folder is found (HOT_LSP_MASON_SCHEMA, else
~/.cache/hot-lsp/mason-registry-schema/schemas; no third-party file is kept in the repository), else against the
keys and values that schema requires, written out here; `cargo check` of the Zed extension when cargo can fetch
zed_extension_api (crates.io); the .vsix's own checks (vsce, ovsx) are in test_vscode_package.py.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from editor_project import CHECKOUT, README_VENV
from ruamel.yaml import YAML

from hot_lsp.features.snapshot import Settings
from hot_lsp.spec import FUNCTIONS

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")

EDITORS = CHECKOUT / "editors"
PYPROJECT = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
COMMAND = next(iter(PYPROJECT["project"]["scripts"]))  # the console script: hot-lsp
ZED = EDITORS / "zed"
JETBRAINS = EDITORS / "jetbrains" / "hot-lsp"
MASON = EDITORS / "mason" / "package.yaml"
VSCODE = EDITORS / "vscode"


def toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def mason_entry() -> dict:
    return YAML(typ="safe").load(MASON.read_text(encoding="utf-8"))


def setting_names() -> set[str]:
    """The hotLsp.* names the server reads (test_editor_configs.py holds VS Code's list to the same)."""
    names = {"whatIf.against"}
    for field in dataclasses.fields(Settings):
        if field.name not in ("cloud_release", "what_if"):
            head, *rest = field.name.split("_")
            names.add(head + "".join(part.title() for part in rest))
    return names


def test_one_version_everywhere():
    """pyproject's version is the extension's, Zed's, Mason's, and the newest section of both changelogs."""
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    assert package["version"] == VERSION
    assert toml(ZED / "extension.toml")["version"] == VERSION
    assert toml(ZED / "Cargo.toml")["package"]["version"] == VERSION
    assert mason_entry()["source"]["id"] == f"pkg:pypi/{PYPROJECT['project']['name']}@{VERSION}"
    for changelog in (CHECKOUT / "CHANGELOG.md", VSCODE / "CHANGELOG.md"):
        sections = re.findall(r"^## \[([^\]]+)\]", changelog.read_text(encoding="utf-8"), flags=re.M)
        assert sections and sections[0] == VERSION, (changelog, sections)


# -- Zed ---------------------------------------------------------------------------------------------------------


def test_zed_extension_manifest():
    manifest = toml(ZED / "extension.toml")
    for key in ("id", "name", "version", "schema_version", "authors", "description", "repository"):
        assert manifest.get(key), key
    assert manifest["schema_version"] == 1
    assert re.fullmatch(r"[a-z0-9-]+", manifest["id"])
    server = manifest["language_servers"][COMMAND]
    assert set(server["languages"]) == {"YAML", "Heat Template"}
    assert set(server["language_ids"].values()) == {"yaml"}
    # The Heat Template language's grammar is declared with a pinned commit.
    language = toml(ZED / "languages" / "hot" / "config.toml")
    assert language["name"] == "Heat Template"
    grammar = manifest["grammars"][language["grammar"]]
    assert grammar["repository"].startswith("https://") and re.fullmatch(r"[0-9a-f]{40}", grammar["rev"])


def test_zed_language_recognises_heat_templates():
    language = toml(ZED / "languages" / "hot" / "config.toml")
    pattern = re.compile(language["first_line_pattern"])
    firsts = [p.read_text(encoding="utf-8").splitlines()[0] for p in (CHECKOUT / "examples").glob("*.yaml")]
    assert any(pattern.search(line) for line in firsts), firsts
    assert not pattern.search("name: not a heat template")
    assert all(suffix.endswith((".yaml", ".yml")) for suffix in language["path_suffixes"])


def test_zed_highlights_every_heat_function():
    query = (ZED / "languages" / "hot" / "highlights.scm").read_text(encoding="utf-8")
    lists = re.findall(r'#match\? @function "\^\(([^)]*)\)\$"', query)
    assert lists and all(set(names.split("|")) == set(FUNCTIONS) for names in lists)
    assert query.count("(") == query.count(")")


def test_zed_extension_crate_starts_the_server():
    cargo = toml(ZED / "Cargo.toml")
    assert cargo["lib"]["crate-type"] == ["cdylib"]
    assert "zed_extension_api" in cargo["dependencies"]
    source = (ZED / "src" / "lib.rs").read_text(encoding="utf-8")
    assert f'const SERVER: &str = "{COMMAND}";' in source and "worktree.which(SERVER)" in source
    assert "zed::register_extension!(" in source
    for method in ("language_server_command", "language_server_initialization_options",
                   "language_server_workspace_configuration"):  # fmt: skip
        assert f"fn {method}(" in source, method


def test_zed_extension_builds_with_cargo(tmp_path: Path):
    """`cargo check` on a copy (its target and lock file stay out of the checkout). Needs cargo and crates.io."""
    if shutil.which("cargo") is None:
        pytest.skip("no cargo")
    copy = tmp_path / "zed"
    shutil.copytree(ZED, copy, ignore=shutil.ignore_patterns("target", "Cargo.lock", "grammars"))
    env = {**os.environ, "CARGO_TARGET_DIR": str(tmp_path / "target"), "CARGO_NET_RETRY": "0"}
    fetch = subprocess.run(["cargo", "fetch"], cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    if fetch.returncode != 0:
        pytest.skip(f"cargo cannot fetch zed_extension_api (crates.io unreachable?): {fetch.stderr.strip()[-300:]}")
    check = subprocess.run(["cargo", "check", "--offline"], cwd=copy, env=env, capture_output=True, text=True,
                           timeout=600)  # fmt: skip
    assert check.returncode == 0, check.stderr[-4000:]


# -- JetBrains (LSP4IJ) ------------------------------------------------------------------------------------------


def test_lsp4ij_template_has_what_lsp4ij_reads():
    """LSP4IJ's custom template: template.json (id, name, programArgs by OS with a default, fileTypeMappings of
    a file type name or patterns with a languageId), settings.json and initializationOptions.json."""
    template = json.loads((JETBRAINS / "template.json").read_text(encoding="utf-8"))
    assert template["id"] == COMMAND and template["name"]
    assert template["url"].startswith("https://")
    assert set(template["programArgs"]) <= {"default", "windows", "mac", "unix"}
    assert template["programArgs"]["default"].split()[0] == COMMAND  # no arguments: the LSP server on stdio
    [mapping] = template["fileTypeMappings"]
    assert mapping == {"fileType": {"name": "YAML"}, "languageId": "yaml"}
    assert (JETBRAINS / "README.md").exists()  # the dialog's help icon opens it


@pytest.mark.parametrize("name", ["settings.json", "initializationOptions.json"])
def test_lsp4ij_template_settings_are_the_servers(name: str):
    settings = json.loads((JETBRAINS / name).read_text(encoding="utf-8"))
    assert set(settings) == {"hotLsp"}
    assert set(settings["hotLsp"]) <= setting_names(), set(settings["hotLsp"]) - setting_names()
    assert Settings.from_json(settings) == Settings.from_json({"hotLsp": {}})  # the server's defaults


# -- Mason -------------------------------------------------------------------------------------------------------

MASON_SCHEMA = Path(
    os.environ.get("HOT_LSP_MASON_SCHEMA", Path.home() / ".cache" / "hot-lsp" / "mason-registry-schema" / "schemas")
)
# What mason-org/registry-schema's package.schema.json requires, read from it (its enums/category.json; the pypi
# source's id pattern; bin's key pattern).
MASON_REQUIRED = ("name", "description", "homepage", "licenses", "languages", "categories", "source")
MASON_CATEGORIES = {"Compiler", "DAP", "Formatter", "LSP", "Linter", "Runtime"}
MASON_TOP_KEYS = {*MASON_REQUIRED, "deprecation", "schemas", "bin", "share", "opt", "neovim", "ci_skip"}


def test_mason_entry_against_the_registry_schema():
    if not (MASON_SCHEMA / "package.schema.json").exists():
        pytest.skip(
            f"no copy of mason-org/registry-schema's schemas/ in {MASON_SCHEMA} (the required keys are checked)"
        )
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    resources = []
    for path in sorted(MASON_SCHEMA.rglob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    registry = Registry().with_resources(resources)
    root = json.loads((MASON_SCHEMA / "package.schema.json").read_text(encoding="utf-8"))
    errors = [
        f"{list(e.absolute_path)}: {e.message}"
        for e in Draft202012Validator(root, registry=registry).iter_errors(mason_entry())
    ]
    assert errors == []


def test_mason_entry_has_what_the_schema_requires():
    entry = mason_entry()
    assert set(entry) <= MASON_TOP_KEYS and all(key in entry for key in MASON_REQUIRED)
    assert entry["name"] == PYPROJECT["project"]["name"]
    assert re.match(r"https?://", entry["homepage"])
    assert entry["licenses"] == [PYPROJECT["project"]["license"]]
    assert set(entry["categories"]) <= MASON_CATEGORIES and "LSP" in entry["categories"]
    assert all(isinstance(language, str) for language in entry["languages"])
    assert re.fullmatch(r"pkg:pypi/.+@.+", entry["source"]["id"])
    assert entry["bin"] == {COMMAND: f"pypi:{COMMAND}"}
    assert all(re.fullmatch(r"[a-zA-Z0-9_\-.]+", key) for key in entry["bin"])
    # The registry's contributing rules: descriptions wrap at 120 columns.
    assert max(map(len, MASON.read_text(encoding="utf-8").splitlines())) <= 120


# -- READMEs -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("editor", ["jetbrains", "zed", "mason"])
def test_readme_sets_up_in_five_steps_or_fewer(editor: str):
    readme = (EDITORS / editor / "README.md").read_text(encoding="utf-8")
    steps = re.findall(r"^\d+\. ", readme, flags=re.M)
    assert 1 <= len(steps) <= 5
    assert README_VENV in readme and "pipx install hot-lsp" in readme  # the server first
    assert "examples/broken.yaml" in readme


def test_readme_and_editors_doc_name_the_registry_set_ups():
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8").split("## Editors", 1)[1].split("\n## ", 1)[0]
    doc = (CHECKOUT / "docs" / "editors.md").read_text(encoding="utf-8")
    for editor in ("jetbrains", "zed", "mason"):
        assert f"(editors/{editor}/)" in readme, editor
        assert f"(../editors/{editor}/)" in doc, editor


def test_vscode_readme_is_for_users():
    """What the Extensions view shows: every command by its palette title and every setting, screenshots from the
    repository's images/ (PNG, under 150 KB), the build instructions last."""
    readme = (VSCODE / "README.md").read_text(encoding="utf-8")
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    for command in package["contributes"]["commands"]:
        assert f"{command['category']}: {command['title']}" in readme, command["command"]
    for setting in package["contributes"]["configuration"]["properties"]:
        assert f"`{setting}`" in readme, setting
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert len(images) >= 3
    for image in images:
        path = VSCODE / image
        assert image.startswith("images/") and image.endswith(".png") and path.exists(), image
        assert path.stat().st_size < 150_000, (image, path.stat().st_size)
    headings = re.findall(r"^## (.+)$", readme, flags=re.M)
    assert headings[-1] == "Building from source" and headings[0] == "Features"
