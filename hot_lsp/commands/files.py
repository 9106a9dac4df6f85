"""Finding and reading template files for the CLI."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml", ".json", ".template", ".hot")
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".tox", ".venv", "venv"}


@dataclass(frozen=True, slots=True)
class Source:
    path: str
    explicit: bool  # named on the command line rather than found in a directory


def discover(paths: list[str]) -> Iterator[Source | OSError]:
    """Files named, and YAML/JSON files below directories named, in a stable order."""
    for name in paths:
        if os.path.isdir(name):
            for directory, subdirs, files in os.walk(name):
                subdirs[:] = sorted(d for d in subdirs if d not in _SKIP_DIRS)
                for file in sorted(files):
                    if file.endswith(YAML_SUFFIXES):
                        yield Source(os.path.normpath(os.path.join(directory, file)), False)
        elif os.path.exists(name):
            yield Source(name, True)
        else:
            yield FileNotFoundError(2, "No such file or directory", name)


class NotText(Exception):
    """The file is not UTF-8 text; ``offset`` is the character offset of the first bad byte."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason


def read_text(path: str) -> str:
    """The file as text. Heat reads templates as UTF-8 (a BOM is allowed)."""
    data = Path(path).read_bytes()
    if b"\x00" in data[:8192]:
        raise NotText(0, "the file contains NUL bytes: it is binary, not a YAML template")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = len(data[: error.start].decode("utf-8", errors="replace"))
        raise NotText(
            offset, f"the file is not UTF-8 text (byte 0x{data[error.start]:02x} at byte {error.start})"
        ) from None
