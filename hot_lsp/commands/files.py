"""Finding and reading template files for the CLI."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml", ".json", ".template", ".hot")
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".tox", ".venv", "venv"}


@dataclass(frozen=True, slots=True)
class Source:
    path: str
    explicit: bool  # named on the command line rather than found in a directory
    # Standard input's bytes (``check -``): checked as the file at ``path`` would be, which is never read.
    content: bytes | None = None


def discover(paths: list[str], exclude: Sequence[str] = ()) -> Iterator[Source | OSError]:
    """Files named, and YAML/JSON files below directories named, in a stable order; none that ``exclude``'s
    globs match (``--exclude``), and no folder they match is walked."""
    for name in paths:
        if os.path.isdir(name):
            for directory, subdirs, files in os.walk(name):
                subdirs[:] = sorted(
                    d
                    for d in subdirs
                    if d not in _SKIP_DIRS and not excluded(os.path.join(directory, d), exclude, folder=True)
                )
                for file in sorted(files):
                    path = os.path.normpath(os.path.join(directory, file))
                    if file.endswith(YAML_SUFFIXES) and not excluded(path, exclude):
                        yield Source(path, False)
        elif excluded(name, exclude):
            continue
        elif os.path.exists(name):
            yield Source(name, True)
        else:
            yield FileNotFoundError(2, "No such file or directory", name)


def excluded(path: str, globs: Sequence[str], folder: bool = False) -> bool:
    """Whether a glob matches ``path`` as written relative to the working folder (``vendor/*``, ``*.j2.yaml``,
    ``**/generated/**``), or its file name alone; a folder is matched as ``folder/`` too, so ``vendor/*`` prunes
    the walk there."""
    if not globs:
        return False
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute)
    shown = relative if not relative.startswith("..") else absolute
    # The absolute path too: the project configuration's globs are anchored at its folder.
    candidates = [shown, "/" + shown, os.path.basename(absolute), absolute]
    if folder:
        candidates += [shown + "/", "/" + shown + "/", absolute + "/"]
    return any(fnmatch.fnmatchcase(candidate, glob) for glob in globs for candidate in candidates)


class NotText(Exception):
    """The file is not UTF-8 text; ``offset`` is the character offset of the first bad byte."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason


def read_text(path: str) -> str:
    """The file as text. Heat reads templates as UTF-8 (a BOM is allowed)."""
    return decode_text(Path(path).read_bytes())


def source_text(source: Source) -> str:
    """The text of a file to check: standard input's when it came from there, else the file's."""
    return decode_text(source.content) if source.content is not None else read_text(source.path)


def decode_text(data: bytes) -> str:
    """Bytes read from a file or standard input as text; NotText when they are not UTF-8 text."""
    if b"\x00" in data[:8192]:
        raise NotText(0, "the file contains NUL bytes: it is binary, not a YAML template")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = len(data[: error.start].decode("utf-8", errors="replace"))
        raise NotText(
            offset, f"the file is not UTF-8 text (byte 0x{data[error.start]:02x} at byte {error.start})"
        ) from None
