"""Where the tests find the VS Code .vsix that editors/vscode/build.sh makes.

.ci/run builds it in the background while the tests' venv is made (each takes about 40 s) and names, in
HOT_LSP_VSIX_STATUS, the file its exit status will be written to (its output beside it, with ``.log``): the tests
that unpack the .vsix wait for that file, and a failed build fails them with the build's last lines. Without that
variable (a developer's run), the .vsix is whatever editors/vscode holds."""

from __future__ import annotations

import os
import time
from pathlib import Path

EXTENSION = Path(__file__).resolve().parent.parent / "editors" / "vscode"
STATUS = os.environ.get("HOT_LSP_VSIX_STATUS", "")
BUILD_WAIT_S = 900  # a first build on a machine without npm's cache


def expected() -> bool:
    """Whether a .vsix is there or on its way (a module that needs one skips otherwise, unless CI requires it)."""
    return bool(STATUS) or any(EXTENSION.glob("*.vsix")) or os.environ.get("HOT_LSP_REQUIRE_VSIX") == "1"


def build_ended() -> None:
    """Once the background build (if any) has ended: an AssertionError if it failed. (Whatever reads
    editors/vscode, as the sdist does, waits for it: the build rewrites out/ and bundled/.)"""
    if STATUS:
        status = Path(STATUS)
        deadline = time.monotonic() + BUILD_WAIT_S
        while not status.exists():
            assert time.monotonic() < deadline, f"editors/vscode/build.sh has not ended after {BUILD_WAIT_S} s"
            time.sleep(0.5)
        code = status.read_text().strip()
        if code != "0":
            log = Path(f"{STATUS}.log")
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-30:]) if log.exists() else ""
            raise AssertionError(f"editors/vscode/build.sh failed (exit {code}):\n{tail}")


def the_vsix() -> Path:
    """The one .vsix, once the background build (if any) has ended; an AssertionError says why there is none."""
    build_ended()
    found = sorted(EXTENSION.glob("*.vsix"))
    assert len(found) == 1, f"expected one .vsix in {EXTENSION}, found {found}"
    return found[0]
