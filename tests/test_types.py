"""The type hints hold: mypy checks hot_lsp/ (the settings are pyproject.toml's [tool.mypy]) with no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error(tmp_path: Path) -> None:
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert found.returncode == 0, found.stdout + found.stderr
