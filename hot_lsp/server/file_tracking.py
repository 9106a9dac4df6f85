"""Files other documents depend on: the workspace index kept current, and the open documents whose analysis read
a file (a child template, an environment) checked again when it changes.

An analysis records every file it read with its stamp (``Analysis.read_files``). When a file changes (an open
document's text, a save, a watched-file event, a document opened or closed over a file whose text differs), the
open documents that read it with another stamp than it would now have are invalidated and their diagnostics
shown again (diagnostics.py). Comparing an opened or closed document's text with its file reads the file on a
thread, not on the loop; a save or watched-file event also makes the next request look at ``hotLsp.environments``
on disk again. The index reads the workspace folders at ``initialized`` (indexing.py) and takes an
open document's summary from each analysis the store makes current.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ..analysis.model.catalogues import catalogue_paths, release_sources
from ..analysis.model.kind import named_as_environment
from ..analysis.result import Analysis
from ..analysis.workspace.workspace_index import file_stamp
from ..document.uris import file_path
from .context import ServerContext
from .diagnostics import DiagnosticsScheduler
from .indexing import Progress, disk_text


class FileTracking:
    """Keeps the index and the open documents' analyses in step with the files they read. Event loop only."""

    def __init__(self, ls: ServerContext, diagnostics: DiagnosticsScheduler) -> None:
        self._ls = ls
        self._diagnostics = diagnostics
        self._known_parameters: frozenset[str] | None = None  # as the environment documents were last told

    def named_environment(self, path: str) -> bool:
        return named_as_environment(Path(path).as_uri(), self._ls.settings.environments)

    # -- the workspace index ------------------------------------------------------------------------

    def start_indexing(self) -> None:
        """Read the workspace folders into the index, in the background (work-done progress if supported)."""
        ls = self._ls
        progress = Progress(ls, bool(ls.capability("window.work_done_progress", False)))
        ls.indexing.scan(ls.workspace_folders(), self.named_environment, progress)
        self.configure_index()

    def configure_index(self) -> None:
        """Link the index's types through the registries of ``hotLsp.environments`` (re-read when changed)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            return
        asyncio.ensure_future(self._configure_index())

    async def _configure_index(self) -> None:
        ls = self._ls
        paths = catalogue_paths(ls.settings.resource_type_paths, ls.workspace_folders())
        catalogues = release_sources(ls.settings.release) + paths
        try:
            await ls.indexing.configure(catalogues, ls.environment_paths(), ls.store.overlay, self.named_environment)
        except Exception as error:
            ls.report_crash("workspace index", error)

    def document_analysed(self, uri: str, revision: int, analysis: Analysis) -> None:
        """The store made an analysis current: the open document's summary in the index follows it."""
        path = file_path(uri)
        if path is None:
            return
        try:
            self._ls.indexing.analysed(path, revision, analysis)
        except Exception as error:  # the index misses one text; the analysis itself stands
            self._ls.report_crash("workspace index", error, uri=uri)
        if os.path.normpath(path) in self._ls.indexing.environment_paths:
            self.configure_index()

    def index_changed(self, paths: set[str]) -> None:
        """Environment documents are checked against the parameter names the workspace declares: when those
        change, they are analysed again."""
        ls = self._ls
        index = ls.indexing.index
        if not index.complete:
            return
        names = index.parameter_names()
        if names == self._known_parameters:
            return
        self._known_parameters = names
        inputs = ls.workspace_inputs()
        environments = [
            uri
            for uri in ls.store.uris()
            if ls.store.kind(uri) == "environment" and ls.store.outdated(uri, ls.settings, inputs)
        ]
        self._diagnostics.changed(environments, self._diagnostics.debounce)

    # -- documents that read other files ------------------------------------------------------------

    def current_stamp(self, path: str) -> tuple[int, int] | None:
        """What an analysis reading ``path`` now would record: the open document's revision, else the file's."""
        opened = self._ls.store.overlay.get(os.path.normpath(path))
        return (-1, opened[0]) if opened is not None else file_stamp(path)

    def recheck_readers(self, path: str, *, exclude: str = "", delay: float | None = None) -> list[str]:
        """Open documents whose analysis read ``path`` as it no longer is: analysed again, and their diagnostics
        shown again (pushed after ``delay``, default ``HOT_LSP_DEBOUNCE_MS``'s, none unless set; pull clients are
        asked to pull)."""
        store = self._ls.store
        current = self.current_stamp(path)
        stale = [uri for uri in store.readers(path) if uri != exclude and store.read_stamp(uri, path) != current]
        for uri in stale:
            store.invalidate(uri)
        if stale:
            self._diagnostics.changed(stale, self._diagnostics.debounce if delay is None else delay)
        return stale

    def document_opened(self, uri: str) -> None:
        """A document opened: analyses that read its file from disk read its text from now on (if the two differ:
        the file is read on a thread, not on the loop)."""
        path = file_path(uri)
        if path is None or not self._ls.store.readers(path):
            return
        asyncio.ensure_future(self._recheck_if_disk_differs(path, uri, lambda: self._ls.store.text(uri), uri))

    async def _recheck_if_disk_differs(
        self, path: str, exclude: str, text: Callable[[], str | None], uri: str = ""
    ) -> None:
        try:
            on_disk = await asyncio.get_running_loop().run_in_executor(None, disk_text, path)
            if on_disk != text():
                self.recheck_readers(path, exclude=exclude, delay=0)
        except Exception as error:
            self._ls.report_crash("file tracking", error, uri=uri)

    def document_changed(self, uri: str) -> None:
        """An open document's text changed: the templates using it as a child, say, are checked again."""
        path = file_path(uri)
        if path is not None:
            self.recheck_readers(path, exclude=uri)

    def document_closed(self, uri: str, text: str | None) -> None:
        """A document closed: the file on disk counts again, in the index and for the analyses that read it."""
        path = file_path(uri)
        if path is None:
            return
        self._ls.indexing.closed(path, self.named_environment)
        if self._ls.store.readers(path):
            asyncio.ensure_future(self._recheck_if_disk_differs(path, "", lambda: text, uri))

    def files_changed(self, paths: Sequence[str]) -> None:
        """Files saved or changed outside the editor: read into the index again, their readers re-checked."""
        if not paths:
            return
        self._ls.environment_files.forget()  # one of them may be an environment file of hotLsp.environments
        for path in paths:
            self.recheck_readers(path)
        indexing = self._ls.indexing
        asyncio.ensure_future(indexing.reread(paths, self.named_environment))
        if any(os.path.normpath(path) in indexing.index.environment_paths for path in paths):
            self.configure_index()

    async def settle_open_documents(self) -> None:
        """Analyse every open document that is not yet, so the index knows their current texts (cross-file
        references and renames read other open documents through it)."""
        ls = self._ls
        for uri in ls.store.uris():
            try:
                await ls.snapshot(uri)
            except Exception as error:
                ls.report_crash("workspace index", error, uri=uri)
