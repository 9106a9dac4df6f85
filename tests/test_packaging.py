"""The release as a user gets it (issue 18, item 1): `python -m build` makes the sdist and, from it, the wheel;
the wheel installed in a fresh venv checks `examples/`; the sdist holds everything the tests read.

Building takes setuptools from PyPI (build's isolated environment) and the fresh venv takes hot-lsp's
dependencies from it: about 20 s with a warm pip cache. `build` comes with the test extra.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from vsix_build import build_ended

ROOT = Path(__file__).resolve().parents[1]
# What the tests read besides hot_lsp/: the sdist must hold all of it (MANIFEST.in).
TEST_TREES = ("tests", "examples", "docs", "schemas", "tools", "bench", "editors")
# Build outputs and caches that are not part of the source, wherever they are in those trees.
NOT_SOURCE_DIRS = {"__pycache__", "node_modules", "out", "dist", ".pytest_cache", ".hypothesis", ".mypy_cache"}
NOT_SOURCE_SUFFIXES = (".pyc", ".pyo", ".vsix")

# The fresh venv sees none of this process's Python settings (PYTHONPATH would put this checkout first).
CLEAN_ENV = {
    name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
}


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel, as `python -m build` makes them (the wheel is built from the unpacked sdist)."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("`build` is not installed (pip install -e '.[test]' installs it)")
    build_ended()  # (.ci/run's background build of the .vsix writes below editors/, which the sdist holds)
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    # setuptools' deprecation of the `license = {text = ...}` table (and any other) would show here.
    assert "SetuptoolsDeprecationWarning" not in result.stdout + result.stderr
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def source_files(tree: Path) -> set[str]:
    found = set()
    for path in tree.rglob("*"):
        relative = path.relative_to(ROOT)
        if path.is_file() and not NOT_SOURCE_DIRS & set(relative.parts) and not path.name.endswith(NOT_SOURCE_SUFFIXES):
            found.add(relative.as_posix())
    return found


def test_the_sdist_holds_what_the_tests_need(dists: tuple[Path, Path]):
    sdist, _ = dists
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    top = names[0].split("/")[0]
    members = {name.split("/", 1)[1] for name in names if "/" in name}
    needed = {"LICENSE", "README.md", "pyproject.toml", "MANIFEST.in", "tests/conftest.py"}
    for tree in TEST_TREES:
        needed |= source_files(ROOT / tree)
    needed |= source_files(ROOT / "hot_lsp")
    assert sorted(needed - members) == []
    assert not [name for name in members if name.endswith(NOT_SOURCE_SUFFIXES) or ".venv/" in name]
    assert top == sdist.name.removesuffix(".tar.gz")
    # Every test folder with its data, not only the top-level test files.
    assert {"tests/editors", "tests/server", "tests/evaluation", "tests/live"} <= {
        name.rsplit("/", 1)[0] for name in members if name.startswith("tests/")
    }


def test_the_wheel_is_licensed_and_described(dists: tuple[Path, Path]):
    _, wheel = dists
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert "License-Expression: Apache-2.0" in text
    assert "Classifier: Environment :: Console" in text
    assert "Requires-Python: >=3.10" in text
    assert "hot_lsp/spec/data/" in "\n".join(names)  # the package data the checker reads
    assert not [name for name in names if name.startswith(("tests/", "examples/"))]


def test_twine_check_passes_on_the_sdist_and_the_wheel(dists: tuple[Path, Path]):
    """What PyPI checks on an upload, without uploading: the metadata is complete and the README renders as the
    long description (twine check --strict also fails on warnings, such as a missing long description)."""
    if importlib.util.find_spec("twine") is None:
        pytest.skip("`twine` is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, dists)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2, result.stdout


def test_the_metadata_is_complete_for_pypi(dists: tuple[Path, Path]):
    """Every classifier is one PyPI knows (an unknown one refuses the upload), and the project's addresses, its
    authors and its keywords are in the wheel's metadata; the version is the changelog's newest section."""
    _, wheel = dists
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    headers = text.split("\n\n", 1)[0].splitlines()
    classifiers = [line.removeprefix("Classifier: ") for line in headers if line.startswith("Classifier: ")]
    if importlib.util.find_spec("trove_classifiers") is not None:
        from trove_classifiers import classifiers as known

        assert [c for c in classifiers if c not in known] == []
    urls = {line.removeprefix("Project-URL: ").split(", ", 1)[0] for line in headers if line.startswith("Project-URL:")}
    assert {"Homepage", "Source", "Issues", "Changelog", "Documentation"} <= urls
    assert any(line.startswith("Author: ") for line in headers) and any(
        line.startswith("Keywords: ") for line in headers
    )
    assert "Description-Content-Type: text/markdown" in headers
    version = next(line.removeprefix("Version: ") for line in headers if line.startswith("Version: "))
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{version}]" in changelog, f"CHANGELOG.md has no section for {version}"


def test_the_wheel_in_a_fresh_venv_checks_the_examples(dists: tuple[Path, Path], tmp_path: Path):
    _, wheel = dists
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], env=CLEAN_ENV, check=True, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    install = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    # The installed copy, not this checkout: the venv's hot_lsp lives in its site-packages.
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import hot_lsp; print(hot_lsp.__file__)"],
        cwd=tmp_path,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv)
    result = subprocess.run(
        [str(bin_dir / "hot-lsp"), "check", "examples/"],
        cwd=ROOT,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # examples/broken.yaml has deliberate mistakes (README: "this exits 1 and lists them"); the others are clean.
    assert result.returncode == 1, result.stdout + result.stderr
    findings = [line for line in result.stdout.splitlines() if line.startswith("examples/")]
    assert findings and all(line.startswith("examples/broken.yaml:") for line in findings), result.stdout
    assert " error " in result.stdout


def readme_section(heading: str) -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def readme_commands() -> list[str]:
    setup = readme_section("Set-up on a fresh machine")
    return [block.strip() for block in setup.split("```sh\n")[1:] for block in [block.split("```", 1)[0]]]


def test_the_readme_sets_up_in_a_venv_and_ci_runs_its_test_command():
    # Debian 12's python3 refuses `pip install` outside a venv (PEP 668): each checkout command makes one.
    install, test = readme_commands()
    assert install.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/hot-lsp check")
    assert test.startswith("python3 -m venv .venv && . .venv/bin/activate && ")
    ci_run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci_run.rstrip().splitlines()[-1] == test


def test_the_readme_installs_from_a_checkout_with_each_installer():
    """Nothing is published: one line per installer, each from the checkout (`.`), as tried by hand."""
    [block] = [b.split("```", 1)[0] for b in readme_section("Install").split("```sh\n")[1:]]
    commands = [line.split("#", 1)[0].strip() for line in block.strip().splitlines()]
    assert commands == ["pip install .", "pipx install .", "uv tool install ."]
