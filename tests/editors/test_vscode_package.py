"""The VS Code extension's .vsix, as editors/vscode/build.sh makes it (.ci/run builds it, then sets
HOT_LSP_REQUIRE_VSIX=1 so that a missing package fails here instead of skipping): it holds one esbuild bundle, the
server (bundled/libs: hot-lsp and its pure-Python dependencies), Graphviz for the webview, LICENSE, and the manifest
as written; test_vscode_bundled_server.py runs the bundled server."""

from __future__ import annotations

import json
import os
import zipfile

import pytest
from editor_project import CHECKOUT

EXTENSION = CHECKOUT / "editors" / "vscode"
PACKAGES = sorted(EXTENSION.glob("*.vsix"))

if not PACKAGES and os.environ.get("HOT_LSP_REQUIRE_VSIX") != "1":
    pytest.skip("no .vsix: run editors/vscode/build.sh (.ci/run does)", allow_module_level=True)


@pytest.fixture(scope="module")
def names() -> set[str]:
    assert len(PACKAGES) == 1, f"expected one .vsix in {EXTENSION}, found {PACKAGES}"
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        return set(vsix.namelist())


def test_the_vsix_holds_one_bundled_script(names: set[str]):
    """esbuild's out/extension.js, the language client inside it: no other compiled file, no other module."""
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert PACKAGES[0].name == f"{manifest['name']}-{manifest['version']}.vsix"
    assert manifest["main"] == "./out/extension.js"
    assert [n for n in names if n.startswith("extension/out/")] == ["extension/out/extension.js"]
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        bundle = vsix.read("extension/out/extension.js").decode("utf-8")
    assert "vscode-languageclient" not in manifest["dependencies"]
    assert "LanguageClient" in bundle and 'require("vscode")' in bundle
    modules = {n.split("/")[2] for n in names if n.startswith("extension/node_modules/")}
    assert modules == {"@hpcc-js"}  # the webview's Graphviz only
    assert not any(n.startswith(("extension/src/", "extension/bundled/libs/bin/")) for n in names)


def test_the_vsix_holds_the_server_and_its_libraries(names: set[str]):
    libs = "extension/bundled/libs/"
    assert {libs + "hot_lsp/__main__.py", libs + "hot_lsp/server/__init__.py"} <= names
    for package in ("pygls", "lsprotocol", "attrs", "cattrs", "ruamel", "yaql", "netaddr", "croniter", "iso8601"):
        assert any(n.startswith(f"{libs}{package}/") for n in names), package
    # Pure Python only: no compiled accelerator (ruamel.yaml.clib), nothing for one platform.
    assert not any(n.endswith((".so", ".pyd", ".dylib")) or "_ruamel_yaml" in n for n in names)
    assert not any("__pycache__" in n for n in names)
    # Each distribution's metadata (its licence among it) ships with it.
    assert libs + "hot_lsp-0.1.0.dist-info/METADATA" in names
    assert sum(n.endswith(".dist-info/METADATA") for n in names) >= 15


def test_the_vsix_has_a_license_and_refuses_untrusted_workspaces(names: set[str]):
    assert "extension/LICENSE.txt" in names  # vsce's name for LICENSE
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        text = vsix.read("extension/LICENSE.txt").decode("utf-8")
        manifest = json.loads(vsix.read("extension/package.json"))
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert manifest["license"] == "Apache-2.0"
    assert manifest["capabilities"]["untrustedWorkspaces"]["supported"] is False


def test_the_server_settings_can_be_set_in_user_settings():
    """`machine` settings are ignored in User settings when VS Code is remote; machine-overridable are not."""
    properties = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))["contributes"]["configuration"][
        "properties"
    ]
    for key in ("hotLsp.server.path", "hotLsp.server.pythonPath"):
        assert properties[key]["scope"] == "machine-overridable", key
    assert properties["hotLsp.server.path"]["default"] == ""  # empty: PATH, then the bundled server


def test_the_vsix_draws_the_graph_offline(names: set[str]):
    """The graph view's webview loads its script, its style and Graphviz (WebAssembly inlined in index.js) from the
    .vsix itself; the library's sources, types and source map stay out."""
    assert {"extension/media/graphView.js", "extension/media/graphView.css"} <= names
    graphviz = "extension/node_modules/@hpcc-js/wasm-graphviz/"
    assert {graphviz + "dist/index.js", graphviz + "LICENSE"} <= names
    assert not any(n.startswith((graphviz + "src/", graphviz + "types/")) or n.endswith(".map") for n in names)
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        script = vsix.read("extension/media/graphView.js").decode("utf-8")
        view = vsix.read("extension/out/extension.js").decode("utf-8")
    assert "https://" not in script and "http://" not in script  # nothing from a CDN
    assert '"wasm-graphviz", "dist"' in view  # the webview may read Graphviz from there


def test_the_packaged_manifest_is_the_source_one():
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        packaged = json.loads(vsix.read("extension/package.json"))
    source = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert packaged["contributes"] == source["contributes"]
    assert packaged["engines"] == source["engines"]
