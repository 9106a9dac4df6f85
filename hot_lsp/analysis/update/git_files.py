"""Files as they were at a git revision (the old side of ``hot-lsp preview --against git:REV`` and of the
editor's what-if): ``git show REV:path`` in the repository that holds each file, each read once per instance."""

from __future__ import annotations

import os
import subprocess

from ...spec.limits import MAX_TEMPLATE_SIZE
from ..values.file_source import FileRead

GIT_PREFIX = "git:"
GIT_TIMEOUT_S = 30


class GitUnusable(ValueError):
    """The file is in no git checkout, or the revision is not a commit there: the line that says so."""


class GitFiles:
    """Files as they were at a git revision: ``git show REV:path`` in the repository holding each file."""

    def __init__(self, revision: str) -> None:
        self.revision = revision
        self._tops: dict[str, str | None] = {}
        self._cache: dict[str, FileRead] = {}

    def top(self, folder: str) -> str | None:
        """The top of the checkout ``folder`` is in (None: in none)."""
        if folder not in self._tops:
            found = git(["rev-parse", "--show-toplevel"], folder)
            self._tops[folder] = found.strip() if found is not None else None
        return self._tops[folder]

    def commit(self, folder: str) -> str | None:
        """The commit the revision names in the checkout of ``folder`` (None: no such commit, or no checkout)."""
        found = git(["rev-parse", "--verify", "--quiet", f"{self.revision}^{{commit}}"], folder)
        return found.strip() if found is not None else None

    def check(self, path: str, command: str = "hot-lsp preview") -> None:
        """Raise GitUnusable when ``path``'s folder is no git checkout or the revision is not a commit there."""
        folder = os.path.dirname(os.path.abspath(path))
        if self.top(folder) is None:
            raise GitUnusable(f"{command}: {path} is not in a git checkout (for --against {GIT_PREFIX}{self.revision})")
        if self.commit(folder) is None:
            raise GitUnusable(f"{command}: {self.revision!r} is not a revision of {self.top(folder)}")

    def read(self, path: str) -> FileRead:
        found = self._cache.get(path)
        if found is None:
            found = self._cache[path] = self._read(path)
        return found

    def _read(self, path: str) -> FileRead:
        absolute = os.path.realpath(os.path.abspath(path))
        top = self.top(os.path.dirname(absolute))
        if top is None:
            return FileRead(None, f"{path} is not in a git checkout")
        relative = os.path.relpath(absolute, os.path.realpath(top))
        text = git(["show", f"{self.revision}:{relative}"], top)
        if text is None:
            return FileRead(None, f"{path} does not exist at {self.revision}")
        if len(text) > MAX_TEMPLATE_SIZE:
            return FileRead(None, f"{path} at {self.revision} is larger than Heat's limit")
        return FileRead(text)


def git(arguments: list[str], folder: str) -> str | None:
    """``git -C folder ARGUMENTS``'s output, or None when it fails (or git is not there)."""
    try:
        done = subprocess.run(
            # A repository's own config could name a program for git to run (core.fsmonitor): never.
            ["git", "-C", folder, "-c", "core.fsmonitor=false", *arguments],
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
            encoding="utf-8",
        )
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return None
    return done.stdout if done.returncode == 0 else None
