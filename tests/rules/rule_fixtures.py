"""The rule fixtures (``tests/rules/fixtures/<CODE>/{raises,near}/``): each a small stack checked as a user would
check it, and the snapshot of what ``hot-lsp check`` reports for it.

A fixture folder holds the files of one stack: the file checked (``template.yaml``, or ``env.yaml`` for a code
about environment files), the files around it that the code needs (child templates, get_file targets,
environments), and ``expected.json``, the snapshot. ``fixture.json``, when there, gives the arguments of
``hot-lsp check`` as a user would type them in that folder (``{"args": ["--env", "env.yaml", "template.yaml"]}``);
without it, the one file checked is named alone. In it too:

- ``"pad": {"template.yaml": 600000}`` grows that file with a comment line to that many characters before the
  check (the size codes' files are too large to keep here); the run is then made in a copy of the folder.
- ``"cloud": {"name": "local-heat", "catalogue": "cloud.json"}`` checks as the language server does with
  ``hotLsp.cloud`` naming that cloud, ``catalogue`` being the cloud's catalogue as the server caches it (recorded
  from a real Heat): its types are what the cloud offers (W9902). The command line has no such option, so the
  run's options are given that offer; ``args`` name the catalogue with ``--resource-types``, as the server puts it
  first among the catalogues.

A ``.hot-lsp.toml`` in the folder is the run's project configuration (the evaluation codes' parameters); without
one, the run has none (``--no-config``), so nothing around the repository leaks in.

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
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

from hot_lsp.analysis.model.cloud_offer import CloudOffer
from hot_lsp.cli import main
from hot_lsp.commands import check

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
    """``path`` grown to ``size`` characters by one comment line at its end."""
    text = path.read_text()
    assert size - len(text) >= 2, f"{path} is already {len(text)} characters"
    path.write_text(text + "#" * (size - len(text) - 1) + "\n")


def _run_in(folder: Path) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            _cloud(folder),
            # Each run would hand this process a new yaql helper, leaving the last one to end by itself: one, for
            # every run of the session, says the same and costs one start.
            mock.patch.object(check, "use_prestarted", lambda index, forked: None),
        ):
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


def _cloud(folder: Path) -> contextlib.AbstractContextManager[object]:
    """The fixture's cloud offer given to the check's options, as the server gives its cloud's (see the module)."""
    cloud = _spec(folder).get("cloud")
    if cloud is None:
        return contextlib.nullcontext()
    data = json.loads((folder / cloud["catalogue"]).read_text())
    unavailable = data.get("unavailable") or {}
    offer = CloudOffer(
        cloud["name"],
        frozenset(data.get("resource_types") or {}),
        tuple(sorted((str(name), str(why)) for name, why in unavailable.items())),
    )
    given = check.check_options

    def with_offer(*args: Any, **kwargs: Any) -> Any:
        return replace(given(*args, **kwargs), cloud_offer=offer)

    return mock.patch.object(check, "check_options", with_offer)


def _position(lsp: dict[str, int]) -> str:
    return f"{lsp['line'] + 1}:{lsp['character'] + 1}"


def snapshot(folder: Path) -> dict[str, Any] | None:
    path = folder / SNAPSHOT
    return json.loads(path.read_text()) if path.exists() else None


def write_snapshot(folder: Path, result: dict[str, Any]) -> None:
    (folder / SNAPSHOT).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
