"""Each checkout a bench runs has its bytecode written first, as pip writes it when it installs hot-lsp.

This machine sets PYTHONDONTWRITEBYTECODE, so a checkout whose modules changed since their .pyc was last written
would have them compiled again by every process it starts: 27 changed modules were 50 ms of each ``check``'s start,
and would flatter or blame whichever checkout had more of them."""

from __future__ import annotations

import compileall
from pathlib import Path


def compile_checkout(checkout: Path) -> None:
    compileall.compile_dir(str(checkout / "hot_lsp"), quiet=1)
