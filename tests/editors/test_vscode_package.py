"""The VS Code extension's .vsix, as editors/vscode/build.sh makes it (.ci/run builds it, then sets
HOT_LSP_REQUIRE_VSIX=1 so that a missing package fails here instead of skipping): it holds the compiled
extension, the language client it needs at run time, and the manifest as written."""

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


def test_the_vsix_holds_the_compiled_extension(names: set[str]):
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert PACKAGES[0].name == f"{manifest['name']}-{manifest['version']}.vsix"
    main = manifest["main"].removeprefix("./")
    assert f"extension/{main}" in names
    assert {f"extension/out/{m}.js" for m in ("resources", "renderPreview", "dependencyGraph")} <= names


def test_the_vsix_carries_its_runtime_dependency_only(names: set[str]):
    assert "extension/node_modules/vscode-languageclient/package.json" in names
    assert "extension/node_modules/vscode-languageclient/node.js" in names  # what `vscode-languageclient/node` loads
    assert not any(n.startswith(("extension/node_modules/typescript/", "extension/src/")) for n in names)


def test_the_vsix_draws_the_graph_offline(names: set[str]):
    """The graph view's webview loads its script, its style and Graphviz (WebAssembly inlined in index.js) from the
    .vsix itself; the library's sources, types and source map stay out."""
    assert {"extension/out/graphView.js", "extension/media/graphView.js", "extension/media/graphView.css"} <= names
    graphviz = "extension/node_modules/@hpcc-js/wasm-graphviz/"
    assert {graphviz + "dist/index.js", graphviz + "LICENSE"} <= names
    assert not any(n.startswith((graphviz + "src/", graphviz + "types/")) or n.endswith(".map") for n in names)
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        script = vsix.read("extension/media/graphView.js").decode("utf-8")
        view = vsix.read("extension/out/graphView.js").decode("utf-8")
    assert "https://" not in script and "http://" not in script  # nothing from a CDN
    assert "'wasm-graphviz', 'dist'" in view  # the webview may read Graphviz from there


def test_the_packaged_manifest_is_the_source_one():
    with zipfile.ZipFile(PACKAGES[0]) as vsix:
        packaged = json.loads(vsix.read("extension/package.json"))
    source = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert packaged["contributes"] == source["contributes"]
    assert packaged["engines"] == source["engines"]
