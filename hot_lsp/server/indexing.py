"""The server's side of the workspace index: read the workspace folders in the background, keep it current.

At ``initialized`` the folders are walked and their HOT files read on the analysis worker, a small chunk at a
time, so requests are answered and analyses go in between while a large workspace is read (one worker: the YAML
parser's pure-Python fallback is not safe on two threads at once); the client sees work-done progress when it
supports it (``window/workDoneProgress/create``, then ``$/progress`` begin, reports, end). Afterwards a file is
read again when it is saved or a watched-file event names it; an open document is summarised from the analysis
the store already made of its text, whenever one becomes current.

The index itself (:class:`~hot_lsp.analysis.workspace.workspace_index.WorkspaceIndex`) is changed and asked on the
event loop only: the worker hands back summaries, the loop puts them in.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

from lsprotocol import types

from ..analysis.files.overlay import Overlay
from ..analysis.files.template_files import MAX_FILE_BYTES, TemplateFiles
from ..analysis.files.template_resources import registry_for
from ..analysis.model.catalogues import resource_catalogue
from ..analysis.result import Analysis
from ..analysis.workspace.workspace_index import (
    MAX_FILES,
    IndexedFile,
    WorkspaceIndex,
    candidate_files,
    index_analysis,
    read_indexed_file,
)

log = logging.getLogger(__name__)

CHUNK = 8  # files read per step (~30 ms): an analysis queued meanwhile waits for one chunk at most
PROGRESS_CREATE_WAIT_S = 5.0  # a client that never answers window/workDoneProgress/create must not stop the index
PROGRESS_TITLE = "hot-lsp: indexing HOT files"
PROGRESS_TOKEN = "hot-lsp-indexing"

Named = Callable[[str], bool]  # whether a path is named like an environment file


class Progress:
    """Work-done progress on the client, or nothing when it does not support it.

    ``cancellable``: the client offers to cancel it (a user's command); ``window/workDoneProgress/cancel`` of its
    token calls what :meth:`on_cancel` was given (pygls keeps a future per token and cancels it)."""

    def __init__(
        self,
        server: Any,
        enabled: bool,
        *,
        title: str = PROGRESS_TITLE,
        token: str = PROGRESS_TOKEN,
        cancellable: bool = False,
    ) -> None:
        self._server = server
        self._enabled = enabled
        self._title = title
        self._token_prefix = token
        self._cancellable = cancellable
        self._token: str | None = None
        self._serial = 0
        self._on_cancel: list[Callable[[], None]] = []

    async def begin(self, message: str) -> None:
        if not self._enabled:
            return
        self._serial += 1
        token = f"{self._token_prefix}-{self._serial}"
        try:
            await asyncio.wait_for(self._server.work_done_progress.create_async(token), PROGRESS_CREATE_WAIT_S)
        except Exception as error:  # refused, not answered, or the client is gone: index without showing it
            log.info("window/workDoneProgress/create failed: %r", error)
            return
        self._token = token
        value = types.WorkDoneProgressBegin(
            title=self._title, message=message, percentage=0, cancellable=self._cancellable
        )
        self._server.work_done_progress.begin(token, value)
        cancelled = self._server.work_done_progress.tokens.get(token)
        if self._cancellable and cancelled is not None:
            cancelled.add_done_callback(lambda _: self._cancelled())

    def on_cancel(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (on the loop) when the user cancels this progress."""
        self._on_cancel.append(callback)

    def _cancelled(self) -> None:
        for callback in self._on_cancel:
            callback()

    def report(self, done: int, total: int, unit: str = "files") -> None:
        if self._token is not None:
            percentage = 100 * done // total if total else 100
            value = types.WorkDoneProgressReport(message=f"{done}/{total} {unit}", percentage=percentage)
            self._server.work_done_progress.report(self._token, value)

    def say(self, message: str) -> None:
        """What the work waits for now, in place of the begin's message."""
        if self._token is not None:
            self._server.work_done_progress.report(self._token, types.WorkDoneProgressReport(message=message))

    def end(self, message: str) -> None:
        if self._token is not None:
            self._server.work_done_progress.end(self._token, types.WorkDoneProgressEnd(message=message))
            self._server.work_done_progress.tokens.pop(self._token, None)  # pygls keeps one per token otherwise
            self._token = None
        self._on_cancel.clear()


def _read_chunk(
    paths: Sequence[str], named: Named, known: dict[str, IndexedFile] | None = None
) -> list[tuple[str, IndexedFile | None]]:
    """Summaries of ``paths`` (those ``known`` and unchanged on disk are not read again)."""
    found = []
    for path in paths:
        try:
            found.append((path, read_indexed_file(path, named(path), (known or {}).get(path))))
        except Exception:  # one odd file must not stop the index
            log.exception("indexing %s failed", path)
            found.append((path, None))
    return found


class WorkspaceIndexing:
    """Builds and updates the index; every method is called on the event loop."""

    def __init__(self, executor: Executor | None = None) -> None:
        self._index = WorkspaceIndex()
        # Open documents' analyses made current and not summarised yet, by path (see :meth:`analysed`).
        self._pending: dict[str, tuple[int, Analysis]] = {}
        self._settling: asyncio.TimerHandle | None = None
        self._pool = executor  # where files are read (the server's analysis worker); None: the loop's default
        self._scan: asyncio.Task[None] | None = None
        self._registry_key: tuple[object, ...] | None = None
        # Called on the loop after the index changed (the paths whose summaries changed; empty: many did).
        self.on_change: Callable[[set[str]], None] | None = None

    @property
    def index(self) -> WorkspaceIndex:
        """The index, with every open document's current analysis in it."""
        if self._pending:
            self._settle()
        return self._index

    @property
    def environment_paths(self) -> tuple[str, ...]:
        """The configured environment files (what the open documents' summaries cannot change)."""
        return self._index.environment_paths

    # -- the whole workspace ---------------------------------------------------------------------

    def scan(self, folders: Sequence[str], named: Named, progress: Progress) -> asyncio.Task[None]:
        """(Re)read the workspace folders in the background; a scan under way is cancelled."""
        if self._scan is not None and not self._scan.done():
            self._scan.cancel()
        self._scan = asyncio.ensure_future(self._read_folders(tuple(folders), named, progress))
        return self._scan

    async def _read_folders(self, folders: tuple[str, ...], named: Named, progress: Progress) -> None:
        loop = asyncio.get_running_loop()
        index = self.index
        await progress.begin(f"{len(folders)} folder(s)")
        try:
            paths = await loop.run_in_executor(self._pool, candidate_files, folders)
            total = len(paths)
            progress.report(0, total)
            for start in range(0, total, CHUNK):
                chunk = paths[start : start + CHUNK]
                known = {path: record for path in chunk if (record := index.on_disk(path)) is not None}
                for path, record in await loop.run_in_executor(self._pool, _read_chunk, chunk, named, known):
                    if record is None:
                        index.remove(path)
                    else:
                        index.put(record)
                progress.report(min(start + CHUNK, total), total)
            found = set(paths)
            for gone in [r.path for r in index.files() if r.path not in found and _below(r.path, folders)]:
                index.remove(gone)  # deleted since the last scan
            # Every HOT file of the workspace is in: what no template declares is known (not so without folders,
            # nor when the walk stopped at its bound).
            index.complete = bool(folders) and total < MAX_FILES
            progress.end(f"{len(index)} HOT files")
            log.info("indexed %d HOT files of %d candidates in %s", len(index), total, ", ".join(folders))
        except asyncio.CancelledError:
            progress.end("cancelled")
            raise
        except Exception:
            progress.end("failed")
            log.exception("indexing the workspace failed")
        if self.on_change is not None:
            self.on_change(set())

    # -- one file --------------------------------------------------------------------------------

    async def reread(self, paths: Iterable[str], named: Named) -> None:
        """Read files again (saved, or changed on disk); a file that is gone or no longer HOT leaves the index."""
        loop = asyncio.get_running_loop()
        wanted = [os.path.normpath(path) for path in paths]
        if not wanted:
            return
        changed = set()
        for path, record in await loop.run_in_executor(self._pool, _read_chunk, wanted, named):
            before = self.index.revision
            if record is None:
                self.index.remove(path)
            else:
                self.index.put(record)
            if self.index.revision != before:
                changed.add(path)
        if changed and self.on_change is not None:
            self.on_change(changed)

    def analysed(self, path: str, revision: int, analysis: Analysis) -> None:
        """An open document's analysis became current: its summary replaces the file's, made on the loop's next turn
        (after the diagnostics of that analysis are sent: the store calls this just before, and a summary of a
        1,700-line template is ~0.3 ms of every keystroke's wait) or as soon as anything reads :attr:`index`."""
        self._pending[os.path.normpath(path)] = (revision, analysis)
        if self._settling is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            self._settle()
            return
        self._settling = loop.call_later(0, self._settle)

    def _settle(self) -> None:
        if self._settling is not None:
            self._settling.cancel()
            self._settling = None
        pending, self._pending = self._pending, {}
        index = self._index
        changed = set()
        for path, (revision, analysis) in pending.items():
            before = index.revision
            record = index_analysis(path, (-1, revision), analysis)
            if record is None:
                index.forget_open(path)
            else:
                index.put_open(record)
            if index.revision != before:
                changed.add(path)
        if changed and self.on_change is not None:
            self.on_change(changed)

    def closed(self, path: str, named: Named) -> None:
        """An open document was closed: the file on disk counts again (read anew: it may have been saved)."""
        path = os.path.normpath(path)
        self._pending.pop(path, None)
        self.index.forget_open(path)
        asyncio.ensure_future(self.reread([path], named))

    # -- the registry of the configured environments ---------------------------------------------

    async def configure(
        self, catalogue_paths: tuple[str, ...], environment_paths: Sequence[str], overlay: Overlay, named: Named
    ) -> None:
        """Link types through the registry of ``environment_paths`` over the resource types of ``catalogue_paths``
        (read on the worker; linked again only when one of them changed). Environment files outside the
        folders are indexed too."""
        paths = tuple(os.path.normpath(path) for path in environment_paths)
        loop = asyncio.get_running_loop()

        def build() -> tuple[Any, tuple[object, ...]]:
            catalogue = resource_catalogue(catalogue_paths)
            files = TemplateFiles(None, {p: overlay[p] for p in paths if p in overlay})
            registry = registry_for(catalogue, paths, files)
            return registry, (id(catalogue), paths, tuple(files.stamps.get(p) for p in paths))

        registry, key = await loop.run_in_executor(self._pool, build)
        if key == self._registry_key:
            return
        self._registry_key = key
        self.index.set_registry(registry, paths)
        missing = [path for path in paths if self.index.file(path) is None]
        if missing:
            await self.reread(missing, named)
        if self.on_change is not None:
            self.on_change(set())

    def shutdown(self) -> None:
        if self._scan is not None:
            self._scan.cancel()


def _below(path: str, folders: Iterable[str]) -> bool:
    return any(path.startswith(os.path.abspath(folder).rstrip(os.sep) + os.sep) for folder in folders)


def disk_text(path: str) -> str | None:
    """The text of the file at ``path`` as Heat would read it; None when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        return data.decode("utf-8-sig") if len(data) <= MAX_FILE_BYTES else None
    except (OSError, UnicodeDecodeError):
        return None
