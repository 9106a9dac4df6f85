"""The editor's what-if comparison of one open template with a git revision (``hotLsp.whatIf.against``), apart
from its scheduling (``what_if.py``).

The new side is the snapshot the server already has: its text and its model (nothing parsed again), the files it
reaches read from open buffers first, then from disk inside the workspace folders and the environments' folders.
The old side is the same path at the revision (``analysis/update/git_files.py``), its model kept per (path,
commit): a revision's content changes only when the revision moves, which is looked at (``git rev-parse``) at most
every ``COMMIT_FRESH_S``. An environment of ``hotLsp.environments`` inside the checkout is read at the revision
too (one not there yet is left out of the old side); one outside it is the same file on both sides.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..analysis.model.template import TemplateModel
    from ..analysis.update.git_files import GitFiles
    from ..analysis.values.file_source import FileRead, FileSource
    from ..features.snapshot import Snapshot
    from ..features.what_if import WhatIf

log = logging.getLogger("hot_lsp.server")

COMMIT_FRESH_S = 3.0  # how long a revision's commit is taken as known before git is asked again


@dataclass(slots=True)
class OldSide:
    """A template at a commit: its files at that commit and its model (or why there is none), built once."""

    files: GitFiles
    top: str  # the checkout holding it
    model: TemplateModel | str | None = None


class Revisions:
    """Which commit a revision names in a checkout (asked again every few seconds), and the old sides read at
    them. Thread-safe: asked from a thread of the default executor, the models built on the analysis worker."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tops: dict[str, tuple[float, str | None]] = {}  # folder -> (when, the checkout's top)
        self._commits: dict[tuple[str, str], tuple[float, str | None]] = {}  # (top, revision) -> (when, commit)
        self._sides: dict[tuple[str, str], OldSide] = {}  # (path, commit) -> the old side
        self._refs: dict[str, tuple[Any, ...]] = {}  # checkout -> its refs' signature when a revision was resolved

    def refs_moved(self) -> bool:
        """Whether a checkout's refs changed since its revisions were last resolved (a few stat calls)."""
        with self._lock:
            seen = dict(self._refs)
        return any(refs_signature(top) != signature for top, signature in seen.items())

    def forget_commits(self) -> None:
        """The checkouts' refs moved: what each revision names is asked of git again (the old sides stay: a commit's
        content never changes)."""
        with self._lock:
            self._commits.clear()
            self._refs.clear()

    def old_side(self, path: str, revision: str) -> OldSide | str:
        """The old side of ``path`` at ``revision``, or why there is none (not in a checkout, no such revision,
        a file new since it). Runs git: call it off the event loop."""
        from ..analysis.update.git_files import GitFiles, git

        folder = os.path.dirname(os.path.realpath(path))
        top = self._fresh(self._tops, folder, lambda: _stripped(git(["rev-parse", "--show-toplevel"], folder)))
        if top is None:
            return f"{path} is not in a git checkout"
        commit = self._fresh(
            self._commits, (top, revision), lambda: GitFiles(revision).commit(top) if top is not None else None
        )
        if commit is None:
            return f"{revision!r} is not a revision of {top}"
        signature = refs_signature(top) if top not in self._refs else None  # (stat calls: outside the lock)
        with self._lock:
            if signature is not None:
                self._refs.setdefault(top, signature)
            side = self._sides.get((path, commit))
        if side is None:
            side = OldSide(GitFiles(commit), top)
            found = side.files.read(path)
            if found.content is None:
                return f"{path} is not in {revision} ({commit[:12]}): a new file"
            with self._lock:
                side = self._sides.setdefault((path, commit), side)
                if len(self._sides) > 64:  # commits long gone: keep the newest
                    for key in list(self._sides)[:-64]:
                        del self._sides[key]
        return side

    def _fresh(self, cache: dict[Any, tuple[float, str | None]], key: Any, ask: Any) -> str | None:
        now = time.monotonic()
        with self._lock:
            known = cache.get(key)
        if known is not None and now - known[0] < COMMIT_FRESH_S:
            return known[1]
        found = ask()
        with self._lock:
            cache[key] = (now, found)
        return found


def compare_with_revision(
    snapshot: Snapshot,
    path: str,
    against: str,
    side: OldSide,
    environments: Sequence[str],
    parameters: Mapping[str, Any],
) -> WhatIf | str | None:
    """On the analysis worker: the snapshot's text against ``side``. None when the snapshot's tree was taken by
    a newer analysis meanwhile (its pieces move: a newer comparison follows); a string says why none is made."""
    from ..analysis.update.procedure import StackVersion, preview_update
    from ..analysis.update.sides import SideError, template_model
    from ..features.what_if import WhatIf

    analysis = snapshot.analysis
    if analysis.parsed.out_of_date:
        return None
    if side.model is None:
        found = side.files.read(path)
        side.model = template_model(path, found.content) if found.content is not None else found.reason
    if isinstance(side.model, str):
        return f"{against}: {side.model}"
    new_files = OpenFiles(snapshot, environments)
    old_files = AtRevision(side, new_files)
    old_environments = tuple(env for env in environments if old_files.read(env).content is not None)
    old = StackVersion(path, old_files, old_environments, dict(parameters), model=side.model)
    new = StackVersion(path, new_files, tuple(environments), dict(parameters), analysis.text, analysis.model)
    try:
        preview = preview_update(old, new, snapshot.catalogue)
    except (SideError, RecursionError) as error:
        return f"{against}: {error}"
    return WhatIf(against, preview, side.model)


class OpenFiles:
    """The new side's files: an open document's text first, else the file on disk inside the workspace folders
    (or the document's folder) and the environments' folders."""

    def __init__(self, snapshot: Snapshot, environments: Sequence[str]) -> None:
        from ..analysis.values.file_source import DirectoryFiles
        from ..document.uris import path_or_uri

        folder = os.path.dirname(path_or_uri(snapshot.uri))
        roots = (*(snapshot.file_roots or (folder,)), *(os.path.dirname(env) for env in environments))
        self._overlay = snapshot.overlay or {}
        self._disk = DirectoryFiles(folder, roots=roots)

    def read(self, path: str) -> FileRead:
        from ..analysis.values.file_source import FileRead

        opened = self._overlay.get(os.path.normpath(os.path.abspath(path)))
        return FileRead(opened[1]) if opened is not None else self._disk.read(path)


class AtRevision:
    """The old side's files: those inside the checkout at the commit, those outside it as on the new side."""

    def __init__(self, side: OldSide, outside: FileSource) -> None:
        self._side = side
        self._top = os.path.realpath(side.top)
        self._outside = outside

    def read(self, path: str) -> FileRead:
        real = os.path.realpath(os.path.abspath(path))
        if real == self._top or real.startswith(self._top + os.sep):
            return self._side.files.read(path)
        return self._outside.read(path)


def _stripped(found: str | None) -> str | None:
    return found.strip() if found is not None else None


def refs_signature(top: str) -> tuple[Any, ...]:
    """What changes when the checkout ``top``'s HEAD or branch moves (a commit, a checkout, a fetch into packed
    refs): the stat of ``.git/HEAD``, of the ref it names and of ``packed-refs``. A few stat calls, no git: for
    clients that watch no files for the server (``WhatIfSession._poll_refs``)."""
    git_dir = os.path.join(top, ".git")
    try:
        with open(os.path.join(git_dir, "HEAD"), encoding="utf-8") as handle:
            head = handle.read().strip()
    except OSError:  # a worktree's .git is a file; a checkout gone
        return (None,)
    found: list[Any] = [head]
    for name in ("HEAD", "packed-refs", *([head[len("ref: ") :]] if head.startswith("ref: ") else [])):
        try:
            status = os.stat(os.path.join(git_dir, name))
        except OSError:
            found.append((name, None))
            continue
        found.append((name, status.st_mtime_ns, status.st_size, status.st_ino))
    return tuple(found)
