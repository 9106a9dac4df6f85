"""The VS Code extension's .vsix, as editors/vscode/build.sh makes it (.ci/run builds it, then sets
HOT_LSP_REQUIRE_VSIX=1 so that a missing package fails here instead of skipping): it holds one esbuild bundle, the
server (bundled/libs: hot-lsp and its pure-Python dependencies), Graphviz for the webview, LICENSE, and the manifest
as written; test_vscode_bundled_server.py runs the bundled server. The galleries' own checks run on it without a
token: vsce's (package and ls, as the Marketplace's publish does) and ovsx's (as Open VSX's publish reads it, from
the npm registry into ~/.cache/hot-lsp); what the two servers check on upload cannot run here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from vsix_build import EXTENSION, expected, the_vsix

if not expected():
    pytest.skip("no .vsix: run editors/vscode/build.sh (.ci/run does)", allow_module_level=True)


@pytest.fixture(scope="module")
def names() -> set[str]:
    with zipfile.ZipFile(the_vsix()) as vsix:
        return set(vsix.namelist())


def test_the_vsix_holds_one_bundled_script(names: set[str]):
    """esbuild's out/extension.js, the language client inside it: no other compiled file, no other module."""
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert the_vsix().name == f"{manifest['name']}-{manifest['version']}.vsix"
    assert manifest["main"] == "./out/extension.js"
    assert [n for n in names if n.startswith("extension/out/")] == ["extension/out/extension.js"]
    with zipfile.ZipFile(the_vsix()) as vsix:
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
    with zipfile.ZipFile(the_vsix()) as vsix:
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
    with zipfile.ZipFile(the_vsix()) as vsix:
        script = vsix.read("extension/media/graphView.js").decode("utf-8")
        view = vsix.read("extension/out/extension.js").decode("utf-8")
    assert "https://" not in script and "http://" not in script  # nothing from a CDN
    assert '"wasm-graphviz", "dist"' in view  # the webview may read Graphviz from there


def test_the_packaged_manifest_is_the_source_one():
    with zipfile.ZipFile(the_vsix()) as vsix:
        packaged = json.loads(vsix.read("extension/package.json"))
    source = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert packaged["contributes"] == source["contributes"]
    assert packaged["engines"] == source["engines"]


# Where vsce makes the README's relative links point (build.sh passes the same: vsce ignores repository.directory).
BASE = "https://github.com/hot-lsp/hot-lsp"
BASE_URLS = [
    "--baseContentUrl",
    f"{BASE}/blob/HEAD/editors/vscode",
    "--baseImagesUrl",
    f"{BASE}/raw/HEAD/editors/vscode",
]
# ovsx, the Open VSX CLI, from the npm registry into a cache of its own (not a dependency of the build).
OVSX_VERSION = "1.4.0"
OVSX_HOME = Path(os.environ.get("HOT_LSP_OVSX_HOME", Path.home() / ".cache" / "hot-lsp" / f"ovsx-{OVSX_VERSION}"))


def vsce() -> Path:
    tool = EXTENSION / "node_modules" / ".bin" / "vsce"
    if not tool.exists():
        pytest.skip("no vsce: editors/vscode/build.sh installs it (npm ci)")
    return tool


def test_vsce_packages_the_extension_with_its_own_checks(names: set[str], tmp_path: Path):
    """vsce's own validation, as the Marketplace's publish runs it (the manifest, the icon, the README's links and
    images, the licence, the files listed), on a package made again from this folder; it holds the same files as the
    built one. No token, nothing published: vsce package and vsce ls need only the folder and npm."""
    assert all(argument in (EXTENSION / "build.sh").read_text(encoding="utf-8") for argument in BASE_URLS)
    again = tmp_path / "again.vsix"
    packaged = subprocess.run(
        [str(vsce()), "package", *BASE_URLS, "--out", str(again)],
        cwd=EXTENSION,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = packaged.stdout + packaged.stderr
    assert packaged.returncode == 0, output[-4000:]
    assert "WARNING" not in output, output[-4000:]  # a warning vsce would otherwise ask about
    with zipfile.ZipFile(again) as vsix:
        assert set(vsix.namelist()) == names
        readme = vsix.read("extension/readme.md").decode("utf-8")
    listed = subprocess.run([str(vsce()), "ls"], cwd=EXTENSION, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr[-2000:]
    renamed = {"README.md": "readme.md", "CHANGELOG.md": "changelog.md", "LICENSE": "LICENSE.txt"}
    assert {"extension/" + renamed.get(n, n) for n in listed.stdout.split()} == {
        n for n in names if n.startswith("extension/")
    }
    # The Marketplace and Open VSX show the README from the package: its pictures are absolute https addresses.
    assert f"({BASE}/raw/HEAD/editors/vscode/images/diagnostics.png)" in readme
    assert "](images/" not in readme and "](../" not in readme


def test_the_manifest_has_what_the_galleries_show(names: set[str]):
    with zipfile.ZipFile(the_vsix()) as vsix:
        manifest = json.loads(vsix.read("extension/package.json"))
        icon = vsix.read("extension/" + manifest["icon"])
    for key in ("displayName", "description", "categories", "keywords", "license", "repository", "homepage", "bugs"):
        assert manifest.get(key), key
    assert manifest["galleryBanner"]["theme"] in ("dark", "light")
    assert manifest["repository"]["url"].startswith(BASE)
    # A PNG of at least 128x128 (the galleries' minimum), square.
    assert icon[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(icon[16:20], "big"), int.from_bytes(icon[20:24], "big")
    assert width == height >= 128
    assert "extension/changelog.md" in names
    # The screenshots stay in the repository (the README points there): not in the package.
    assert not [n for n in names if n.startswith("extension/images/") and not n.endswith("/icon.png")]


OVSX_CHECK = """
const [lib, vsix, folder] = process.argv.slice(1);
const { readVSIXPackage } = require(lib + '/zip');
const { validateManifest } = require(lib + '/util');
const { isLicenseOk } = require(lib + '/check-license');
(async () => {
  const manifest = await readVSIXPackage(vsix);
  validateManifest(manifest);
  const licensed = await isLicenseOk(folder, manifest);
  console.log(JSON.stringify({ namespace: manifest.publisher, name: manifest.name, version: manifest.version, licensed }));
})().catch((error) => { console.error(String(error)); process.exit(1); });
"""


def test_ovsx_reads_and_accepts_the_vsix():
    """ovsx's own checks that run before its upload asks for a token: it reads the .vsix's manifest (the
    namespace is the publisher), validates the fields it requires, and accepts the licence (Open VSX refuses an
    unlicensed extension). The checks the Open VSX server makes on upload cannot run here."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("no node and npm")
    lib = OVSX_HOME / "node_modules" / "ovsx" / "lib"
    if not (lib / "zip.js").exists():
        installed = subprocess.run(
            ["npm", "install", "--prefix", str(OVSX_HOME), "--no-audit", "--no-fund", "--loglevel=error",
             f"ovsx@{OVSX_VERSION}"],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert installed.returncode == 0, installed.stderr[-3000:]
    checked = subprocess.run(
        ["node", "-e", OVSX_CHECK, str(lib), str(the_vsix()), str(EXTENSION)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert json.loads(checked.stdout) == {
        "namespace": manifest["publisher"],
        "name": manifest["name"],
        "version": manifest["version"],
        "licensed": True,
    }
