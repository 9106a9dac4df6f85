"""Where ``get_file`` content comes from during offline evaluation.

Heat looks the argument up, exactly as written, in the stack's ``files`` map, which the client fills by
reading paths relative to the template. ``DictFiles`` is that map (tests, and the recorded Heat runs);
``DirectoryFiles`` reads beside the template, but never a URL, never outside the allowed roots and never
more than Heat's size limit, and says why when it does not read.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import urlparse

from ...document.uris import url_path
from ...spec.limits import MAX_TEMPLATE_SIZE

MAX_FILE_CHARS = MAX_TEMPLATE_SIZE  # Heat applies max_template_size to every fetched file


@dataclass(frozen=True, slots=True)
class FileRead:
    content: str | None
    reason: str = ""  # why there is no content
    heat_error: bool = False  # True when Heat itself would fail (the files map lacks the key)


class FileSource(Protocol):
    def read(self, path: str) -> FileRead: ...


@dataclass(frozen=True, slots=True)
class DictFiles:
    """Heat's ``files`` map: keys as written in the template."""

    files: dict[str, str] = field(default_factory=dict)

    def read(self, path: str) -> FileRead:
        if path in self.files:
            return FileRead(self.files[path])
        return FileRead(None, f'No content found in the "files" section for get_file path: {path}', heat_error=True)


class DirectoryFiles:
    """Files beside the template (``base``), inside ``roots`` (default: ``base`` itself and below)."""

    def __init__(self, base: str | os.PathLike[str], roots: tuple[str | os.PathLike[str], ...] = ()) -> None:
        self.base = Path(base).resolve()
        self.roots = tuple(Path(root).resolve() for root in roots) or (self.base,)
        self._cache: dict[str, FileRead] = {}

    def read(self, path: str) -> FileRead:
        cached = self._cache.get(path)
        if cached is None:
            cached = self._cache[path] = self._read(path)
        return cached

    def _read(self, path: str) -> FileRead:
        parsed = urlparse(path)
        if parsed.scheme and parsed.scheme != "file" and len(parsed.scheme) > 1:
            return FileRead(None, f"{path} is a URL; hot-lsp never fetches from the network")
        local = url_path(parsed.path) if parsed.scheme == "file" else path
        target = (self.base / local).resolve()
        if not any(target == root or root in target.parents for root in self.roots):
            return FileRead(None, f"{path} is outside the folders hot-lsp reads ({', '.join(map(str, self.roots))})")
        try:
            status = target.stat()
            if not stat.S_ISREG(status.st_mode):  # a FIFO or device would block the read, or never end
                return FileRead(None, f"{path} is not a regular file; not read")
            if status.st_size > MAX_FILE_CHARS * 4:
                return FileRead(None, f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters")
            content = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            return FileRead(None, f"{path} does not exist (looked for {target})")
        except (OSError, UnicodeDecodeError) as exc:
            return FileRead(None, f"{path} cannot be read: {exc}")
        if len(content) > MAX_FILE_CHARS:
            return FileRead(None, f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters")
        return FileRead(content)
