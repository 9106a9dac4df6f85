"""The environment files named by ``hotLsp.environments``, read from disk for evaluation.

Each glob is relative to every workspace folder (or absolute); the files it matches are read in glob
order (the globs in the order given, each one's matches sorted), a path matched twice counting once.
A file is read again only when its modification time or size changed, so requests about an unchanged
workspace never touch file contents; the expansion of the globs itself is kept for a second. A file
that cannot be read is logged (once per version of it) and skipped.

The disk is looked at by :meth:`EnvironmentFiles.load`, which the server runs on a thread at most once a second
(and again as soon as a watched file or a save may have changed one, :meth:`EnvironmentFiles.forget`); requests in
between take :meth:`EnvironmentFiles.current`, which touches nothing. Thread-safe.

Server-side only: features receive the loaded values in their snapshot and never read files.
"""

from __future__ import annotations

import glob
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..analysis.evaluation.inputs import EnvironmentValues
from ..spec.limits import MAX_TEMPLATE_SIZE

log = logging.getLogger(__name__)

MAX_FILES = 100  # environment files applied at most (a stray ``**/*.yaml`` must not read a whole tree)
MAX_BYTES = MAX_TEMPLATE_SIZE * 4  # Heat's max_template_size in characters, at worst 4 bytes each
GLOB_SECONDS = 1.0  # how long an expansion of the globs is reused


@dataclass(frozen=True, slots=True)
class _Loaded:
    stamp: tuple[int, int]  # (mtime_ns, size) of the file when read
    values: EnvironmentValues | None  # None: the file could not be read (already logged)


@dataclass(frozen=True, slots=True)
class _Load:
    """One :meth:`EnvironmentFiles.load`: of which globs in which folders, when, what it gave, the paths it read."""

    key: tuple[tuple[str, ...], tuple[str, ...]]
    when: float
    values: tuple[EnvironmentValues, ...]
    paths: tuple[str, ...]


class EnvironmentFiles:
    """Loads and caches environment files. Thread-safe: the server loads on a thread and asks on the loop."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.RLock()
        self._loaded: dict[str, _Loaded] = {}
        self._expanded: tuple[tuple[object, ...], float, list[tuple[str, str]]] | None = None
        self._last: _Load | None = None

    def load(self, globs: Iterable[str], folders: Iterable[str]) -> tuple[EnvironmentValues, ...]:
        """The values of every file the globs match, in glob order (each file looked at on disk: stat, read if
        changed)."""
        globs, folders = tuple(globs), tuple(folders)
        if not globs:
            return ()
        with self._lock:
            found: list[EnvironmentValues] = []
            expanded = self._paths(globs, folders)
            for path, name in expanded:
                values = self._read(path, name)
                if values is not None:
                    found.append(values)
            self._last = _Load((globs, folders), self._clock(), tuple(found), tuple(path for path, _ in expanded))
            return self._last.values

    def current(self, globs: Iterable[str], folders: Iterable[str]) -> tuple[EnvironmentValues, ...] | None:
        """What the last :meth:`load` of these globs gave, if it was less than a second ago and nothing was forgotten
        since; None when it is time to load again. Touches no file."""
        globs, folders = tuple(globs), tuple(folders)
        if not globs:
            return ()
        last = self._fresh(globs, folders)
        return last.values if last is not None else None

    def _fresh(self, globs: tuple[str, ...], folders: tuple[str, ...]) -> _Load | None:
        with self._lock:
            last = self._last
            if last is None or last.key != (globs, folders) or self._clock() - last.when >= GLOB_SECONDS:
                return None
            return last

    def forget(self) -> None:
        """A file may have changed on disk (saved, or a watched-file event): the next request loads again."""
        with self._lock:
            self._last = None
            self._expanded = None

    def paths(self, globs: Iterable[str], folders: Iterable[str]) -> tuple[str, ...]:
        """The absolute paths the globs match, in glob order: those of the last :meth:`load` while :meth:`current`,
        else expanded again (the expansion reused for a second)."""
        globs, folders = tuple(globs), tuple(folders)
        if not globs:
            return ()
        last = self._fresh(globs, folders)
        if last is not None:
            return last.paths
        with self._lock:
            return tuple(path for path, _ in self._paths(globs, folders))

    def _paths(self, globs: tuple[str, ...], folders: tuple[str, ...]) -> list[tuple[str, str]]:
        key = (globs, folders)
        now = self._clock()
        if self._expanded is not None and self._expanded[0] == key and now - self._expanded[1] < GLOB_SECONDS:
            return self._expanded[2]
        paths = expand(globs, folders)
        self._expanded = (key, now, paths)
        return paths

    def _read(self, path: str, name: str) -> EnvironmentValues | None:
        try:
            status = os.stat(path)
        except OSError as error:
            self._loaded.pop(path, None)
            log.warning("environment file %s cannot be read: %s", path, error)
            return None
        stamp = (status.st_mtime_ns, status.st_size)
        cached = self._loaded.get(path)
        if cached is not None and cached.stamp == stamp and (cached.values is None or cached.values.name == name):
            return cached.values
        values: EnvironmentValues | None = None
        if status.st_size > MAX_BYTES:
            log.warning("environment file %s is larger than Heat's limit; skipped", path)
        else:
            try:
                with open(path, encoding="utf-8-sig") as handle:
                    text = handle.read()
            except (OSError, UnicodeDecodeError) as error:
                log.warning("environment file %s cannot be read: %s", path, error)
            else:
                values, problems = EnvironmentValues.from_text(name, text)
                for problem in problems:
                    log.warning("environment file %s", problem)
        self._loaded[path] = _Loaded(stamp, values)
        return values


def expand(globs: Iterable[str], folders: Iterable[str]) -> list[tuple[str, str]]:
    """(absolute path, name to show) of every file the globs match, in glob order, each path once.

    The name is the path relative to the workspace folder it lies in, or the absolute path.
    """
    folders = [os.path.abspath(folder) for folder in folders]
    seen: set[str] = set()
    found: list[tuple[str, str]] = []
    for pattern in globs:
        pattern = os.path.expanduser(pattern)
        bases = [""] if os.path.isabs(pattern) else folders
        for base in bases:
            full = pattern if not base else os.path.join(base, pattern)
            for path in sorted(glob.glob(full, recursive=True)):
                path = os.path.abspath(path)
                if path in seen or not os.path.isfile(path):
                    continue
                seen.add(path)
                found.append((path, _name(path, folders)))
                if len(found) >= MAX_FILES:
                    log.warning("hotLsp.environments matches over %d files; the rest are ignored", MAX_FILES)
                    return found
    return found


def _name(path: str, folders: list[str]) -> str:
    for folder in folders:
        if path.startswith(folder.rstrip(os.sep) + os.sep):
            return os.path.relpath(path, folder)
    return path
