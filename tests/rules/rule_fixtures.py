"""The rule fixtures (``tests/rules/fixtures/<CODE>/{raises,near}/``): each a small stack checked as a user would
check it, and the snapshot of what ``hot-lsp check`` reports for it.

A fixture folder holds the files of one stack: the file checked (``template.yaml``, or ``env.yaml`` for a code
about environment files), the files around it that the code needs (child templates, get_file targets,
environments), and ``expected.json``, the snapshot. ``fixture.json``, when there, gives the arguments of
``hot-lsp check`` as a user would type them in that folder (``{"args": ["--env", "env.yaml", "template.yaml"]}``);
without it, the one file checked is named alone. ``"pad": {"template.yaml": 600000}`` in it grows that file with
comment lines to that many characters before the check (the size codes' files are too large to keep here): the
run is then made in a copy of the folder. A ``.hot-lsp.toml`` in the folder is the run's project
configuration (the evaluation codes' parameters); without one, the run has none (``--no-config``), so nothing
around the repository leaks in.

``raises/`` raises the code; ``near/`` is the same stack with that one fault corrected, so that a diff of the two
folders shows the fix. The snapshot is every finding of the run (not only the code's), with the exit status.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hot_lsp.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
SNAPSHOT = "expected.json"
UPDATE = os.environ.get("HOT_LSP_UPDATE_SNAPSHOTS") == "1"  # write the snapshots instead of comparing


def _spec(folder: Path) -> dict[str, Any]:
    path = folder / "fixture.json"
    return json.loads(path.read_text()) if path.exists() else {}


def arguments(folder: Path) -> list[str]:
    """The command line ``hot-lsp check`` is run with in ``folder`` (its working folder)."""
    spec = _spec(folder)
    if "args" in spec:
        args = list(spec["args"])
    else:
        named = [name for name in ("template.yaml", "env.yaml") if (folder / name).exists()]
        assert len(named) == 1, f"{folder}: neither template.yaml nor env.yaml (or both): say which in fixture.json"
        args = named
    config = ["--config", ".hot-lsp.toml"] if (folder / ".hot-lsp.toml").exists() else ["--no-config"]
    return ["check", "--format", "json", "-j", "1", *config, *args]


def run(folder: Path) -> dict[str, Any]:
    """What ``hot-lsp check`` says in ``folder``, in this process: its exit status, what it writes on stderr (if
    anything), and its findings with 1-based positions (line:column). The folder's absolute path, where a message
    names a file by it, is written ``<fixture>``."""
    pad = _spec(folder).get("pad")
    if not pad:
        return _run_in(folder)
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / folder.name
        shutil.copytree(folder, copy)
        (copy / SNAPSHOT).unlink(missing_ok=True)
        for name, size in pad.items():
            _pad(copy / name, size)
        return _run_in(copy)


def _pad(path: Path, size: int) -> None:
    """``path`` grown with comment lines to ``size`` characters."""
    text = path.read_text()
    line = "# " + "padding " * 9 + "\n"
    lines, rest = divmod(size - len(text), len(line))
    assert lines >= 1, f"{path} is already {len(text)} characters"
    path.write_text(text + line * lines + "#" * max(rest - 1, 0) + "\n" * (rest > 0))


def _run_in(folder: Path) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(arguments(folder))
    finally:
        os.chdir(here)
        gc.unfreeze()  # (a check run freezes what is loaded for its workers: see commands/check_file.py)
    where = str(folder.resolve())
    findings = [
        {
            "file": item["file"],
            "code": item["code"],
            "severity": item["severity"],
            "start": _position(item["range"]["start"]),
            "end": _position(item["range"]["end"]),
            "message": item["message"].replace(where, "<fixture>"),
        }
        for item in json.loads(out.getvalue() or "[]")
    ]
    result: dict[str, Any] = {"status": status, "findings": findings}
    if err.getvalue():
        result["stderr"] = err.getvalue().replace(where, "<fixture>").splitlines()
    return result


def _position(lsp: dict[str, int]) -> str:
    return f"{lsp['line'] + 1}:{lsp['character'] + 1}"


def snapshot(folder: Path) -> dict[str, Any] | None:
    path = folder / SNAPSHOT
    return json.loads(path.read_text()) if path.exists() else None


def write_snapshot(folder: Path, result: dict[str, Any]) -> None:
    (folder / SNAPSHOT).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
