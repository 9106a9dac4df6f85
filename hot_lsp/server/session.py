"""The state of one client session: the client's capabilities and settings, the open documents' snapshots with
what the workspace gives them, the workers, and how a failing feature is reported.

:class:`HotLanguageServer` holds it; the handler modules read it. It answers the requests of the handler table
(handlers.py) as each row says: which text, on which lane, what a crash answers, how the result is adapted
(:meth:`HotLanguageServer.answer`). Two parts keep state of their own and live
in their own modules: diagnostics (:class:`~hot_lsp.server.diagnostics.DiagnosticsScheduler`) and the tracking
of files other documents read, with the workspace index (:class:`~hot_lsp.server.file_tracking.FileTracking`).

The parts that work on documents (the store, the index, ...: document_parts.py) are built when first used, the
first document or the index at ``initialized``: their modules load the analysis, which ``initialize`` does not
need.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import FeatureRequestError, JsonRpcContentModified
from pygls.lsp.server import LanguageServer

from .. import __version__
from ..features.settings import Settings
from . import collector
from .cloud import CloudSession
from .collector import Worker
from .diagnostics import DiagnosticsScheduler
from .methods import GIVEN_BACK, Lane, Method, Text, cursor_of
from .priority import RequestPriority
from .project import ProjectSettings
from .protocol import Encoded, HotProtocol
from .what_if import WhatIfSession

if TYPE_CHECKING:
    from ..analysis.files.file_service import FileService
    from ..analysis.stack.template_tree import TreeCache
    from ..document.positions import Encoding
    from ..features.snapshot import Snapshot
    from ..store import DocumentStore, WorkspaceInputs
    from .document_parts import DocumentParts
    from .environment_files import EnvironmentFiles
    from .file_tracking import FileTracking
    from .indexing import WorkspaceIndexing

log = logging.getLogger("hot_lsp.server")

# How long the first diagnostics wait for the client's workspace/configuration answer.
CONFIGURATION_WAIT_S = 2.0
_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}

T = TypeVar("T")


def _load_features() -> None:
    from ..features.deferred import load_all

    try:
        load_all()
    except Exception:  # the request that needs a module that failed to load reports it
        log.exception("loading the features failed")


class HotLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "hot-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=HotProtocol,
        )
        # One worker: analyses, nested trees and the workspace scan never overlap (see hot_lsp/server/__init__.py).
        self.priority = RequestPriority()
        self.analysis_pool = Worker("hot-lsp-analysis", initializer=self.priority.pausable)
        # Features whose answer may take a while (evaluated previews, other files read, whole-document indexes of a
        # large text) run on this thread, so the loop goes on reading and answering meanwhile (see run_in_lane).
        self.feature_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hot-lsp-features")
        self.settings = Settings()
        self.settings_serial = 0  # bumped on every settings change; part of pull diagnostics' result ids
        self.init_settings: dict[str, Any] = {}  # from initializationOptions; the configuration overrides them
        self.configured: asyncio.Event | None = None  # set once the first workspace/configuration answer is in
        self.client_settings: dict[str, Any] | None = None  # the last workspace/configuration (or pushed) settings
        # The project configuration (.hot-lsp.toml, [tool.hot-lsp]): the defaults the editor's settings override.
        self.project = ProjectSettings(lambda params: self.window_show_message(params))
        self._release_warned = ""  # the hotLsp.heatRelease value last warned about (once per value)
        self._document_folder: str | None = None  # where it was looked for from when the client names no folder
        self.diagnostics = DiagnosticsScheduler(self)
        # hotLsp.cloud and hotLsp.stacks: idle (and nothing sent) until a cloud is named (cloud.py).
        self.cloud = CloudSession(self)
        # hotLsp.whatIf.against: each open template compared with a git revision or its stack, in the background.
        self.what_if = WhatIfSession(self)
        # Called once the document parts are built (serve() freezes what they loaded out of the collector's way).
        self.on_parts_built: Callable[[], None] | None = None

    # -- the parts that work on documents, built on first use ---------------------------------------

    @cached_property
    def parts(self) -> DocumentParts:
        from .document_parts import build_parts

        parts = build_parts(self, self.analysis_pool, self.diagnostics)
        if self.on_parts_built is not None:
            self.on_parts_built()
        # The features' modules, on their own thread while the first document is analysed: the first request of
        # each would otherwise wait for its import.
        self.feature_pool.submit(_load_features)
        return parts

    @property
    def parts_built(self) -> bool:
        return "parts" in self.__dict__

    @property
    def files(self) -> FileService:
        return self.parts.files

    @property
    def store(self) -> DocumentStore:
        return self.parts.store

    @property
    def environment_files(self) -> EnvironmentFiles:
        return self.parts.environment_files

    @property
    def trees(self) -> TreeCache:
        return self.parts.trees

    @property
    def indexing(self) -> WorkspaceIndexing:
        return self.parts.indexing

    @property
    def file_tracking(self) -> FileTracking:
        return self.parts.file_tracking

    # -- the client ---------------------------------------------------------------------------------

    @property
    def encoding(self) -> Encoding:
        """The negotiated position encoding, as the document layer names it."""
        try:
            chosen = self.workspace.position_encoding
        except RuntimeError:  # not initialized yet
            return "utf-16"
        return _ENCODINGS.get(str(getattr(chosen, "value", chosen)), "utf-16")

    def capability(self, path: str, default: Any = None) -> Any:
        """The client's capability at a dotted ``path`` of ClientCapabilities (``default`` when it has none)."""
        try:
            return get_capability(self.client_capabilities, path, default)
        except Exception:  # no capabilities before initialize
            return default

    @property
    def pull_diagnostics(self) -> bool:
        """Whether the client pulls diagnostics (textDocument/diagnostic), in which case we never push.

        A client that declares pull support (VS Code's languageclient >= 8, Neovim >= 0.10) pulls on open
        and on change once the server advertises diagnosticProvider, and keeps pulled and pushed
        diagnostics apart: pushing too would show every finding twice. Clients without pull support
        (Neovim 0.7-0.9, Emacs, VS Code 1.65) ignore the diagnosticProvider capability and get pushes.
        """
        return self.capability("text_document.diagnostic") is not None

    # -- the workspace ------------------------------------------------------------------------------

    def workspace_folders(self) -> tuple[str, ...]:
        """The local paths of the workspace folders (the root when the client names no folders)."""
        from ..document.uris import is_file_uri, path_or_uri  # the document package loads the parser

        try:
            workspace = self.workspace
        except RuntimeError:  # not initialized yet
            return ()
        uris = [folder.uri for folder in workspace.folders.values()]
        if not uris and workspace.root_uri:
            uris = [workspace.root_uri]
        paths = [path_or_uri(uri) for uri in uris if is_file_uri(uri)]
        return tuple(dict.fromkeys(path for path in paths if path))

    def workspace_inputs(self) -> WorkspaceInputs:
        """The environment files of ``hotLsp.environments`` (as last loaded: see :meth:`load_environments`) and the
        workspace folders."""
        from ..store import WorkspaceInputs

        folders = self.workspace_folders()
        files, globs = self.environment_files, self.settings.environments
        environments = files.current(globs, folders)
        if environments is None:  # not loaded for a second: looked at here (callers that could wait loaded first)
            environments = files.load(globs, folders)
        paths = files.paths(globs, folders)
        cloud = self.cloud.current_catalogue()
        if cloud is None:
            return WorkspaceInputs(environments, folders, paths, self.indexing.index)
        return WorkspaceInputs(environments, folders, paths, self.indexing.index, cloud.path, cloud.offer)

    def cloud_diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The cloud's last verdict on the saved ``uri`` (``hotLsp.cloud``), published with the offline findings."""
        return self.cloud.diagnostics_of(uri)

    def what_if_diagnostics(self, snapshot: Snapshot) -> list[types.Diagnostic]:
        """What updating the stack from ``hotLsp.whatIf.against`` to the text does (what_if.py), placed in it."""
        return self.what_if.diagnostics_of(snapshot)

    async def load_environments(self) -> None:
        """Look at the files of ``hotLsp.environments`` on disk (a glob, a stat each, a read when changed) on a
        thread, when the last look is a second old, so that requests do not wait for the disk on the loop."""
        folders, globs = self.workspace_folders(), self.settings.environments
        if self.environment_files.current(globs, folders) is None:
            await asyncio.get_running_loop().run_in_executor(None, self.environment_files.load, globs, folders)

    def environment_paths(self) -> tuple[str, ...]:
        """The files ``hotLsp.environments`` names, in the order they apply (their registries map types)."""
        return self.environment_files.paths(self.settings.environments, self.workspace_folders())

    # -- snapshots ----------------------------------------------------------------------------------

    async def snapshot(self, uri: str) -> Snapshot | None:
        """The snapshot of the newest text of ``uri`` (None: not open, or its analysis crashed)."""
        await self.load_environments()
        inputs = self.workspace_inputs()
        cached = self.store.cached_snapshot(uri, self.encoding, self.settings, inputs)
        if cached is not None:
            return cached
        try:
            return await self.store.snapshot_async(uri, self.encoding, self.settings, inputs)
        except Exception as error:  # the analysis itself crashed: every request about the document answers empty
            self.report_crash("analysis", error, uri=uri)
            return None

    async def pinned_snapshot(self, uri: str) -> Snapshot | None:
        """The snapshot of the text a positional request was made against, or ContentModified."""
        from ..store import Superseded

        stamp = self.store.stamp(uri)
        await self.load_environments()
        if self.store.stamp(uri) != stamp:
            raise JsonRpcContentModified(f"{uri} changed while the request waited")
        inputs = self.workspace_inputs()
        cached = self.store.cached_snapshot(uri, self.encoding, self.settings, inputs)
        if cached is not None:
            return cached
        try:
            return await self.store.snapshot_async(uri, self.encoding, self.settings, inputs, follow=False)
        except Superseded:
            # Answer at once; the client asks again about the new text.
            raise JsonRpcContentModified(f"{uri} changed while the request waited") from None
        except Exception as error:  # the analysis itself crashed: answered empty, see snapshot()
            self.report_crash("analysis", error, uri=uri)
            return None

    # -- answering the table's methods (handlers.py) ------------------------------------------------

    async def answer(self, method: Method, params: Any) -> Any:
        """Answer a request as its row in the handler table says: the snapshot of the text the row names (none:
        ``unanswered``), what the handler module prepares on the loop, the feature run on the row's lane (a crash
        or None: ``empty``), the result adapted for the client."""
        if method.enabled is not None and not method.enabled(self.settings):
            return method.unanswered
        snapshot: Snapshot | None = None
        if method.text is not Text.NONE:
            uri = params.text_document.uri
            if method.lane is Lane.WORKSPACE:
                await self._settle_open_documents(uri)
            snapshot = await (self.pinned_snapshot(uri) if method.text is Text.PINNED else self.snapshot(uri))
            if snapshot is None:
                return method.unanswered
        feature = await method.prepare(self, snapshot, params)
        encoding, uri = method.encoding, snapshot.uri if snapshot is not None else ""
        adapt, call = encoding.adapt, feature
        if adapt is not None and encoding.written_on_lane:
            protocol = cast(HotProtocol, self.protocol)

            def written() -> Encoded | None:
                result = adapt(feature(), self, uri)
                return None if result is None else protocol.encode(result)

            call = written
        empty = params if method.empty is GIVEN_BACK else method.empty
        position = cursor_of(params) if method.text is Text.PINNED else None
        result = await self.run_in_lane(method.lane, method.name, call, empty, snapshot=snapshot, position=position)
        if adapt is not None and not encoding.written_on_lane:
            return adapt(result, self, uri)
        return result

    async def _settle_open_documents(self, uri: str) -> None:
        """Every open document analysed, so the index knows their texts; ContentModified if ``uri`` changed
        meanwhile."""
        stamp = self.store.stamp(uri)
        await self.file_tracking.settle_open_documents()
        if self.store.stamp(uri) != stamp:
            raise JsonRpcContentModified(f"{uri} changed while the request waited")

    async def run_in_lane(
        self,
        lane: Lane,
        method: str,
        call: Callable[[], T | None],
        empty: T,
        *,
        snapshot: Snapshot | None = None,
        position: types.Position | None = None,
    ) -> T:
        """``call()``'s result, or ``empty`` when it gives None or raises (then logged; the server goes on), run
        where ``lane`` says.

        On the feature thread (CURSOR, DOCUMENT) the loop reads and answers other messages meanwhile. One thread,
        so features never run two at a time, and the evaluation a snapshot's previews share
        (``features/evaluation_context.py``) is only ever used from it; a failure is reported here, on the loop.
        On CURSOR the user waits at the cursor for it, so the analysis worker waits at its next pause point
        meanwhile (``priority.py``); DOCUMENT requests (tokens, folding, symbols, hints) may take tens of
        milliseconds on a large text, and share the interpreter with the analysis instead, so that the diagnostics
        of an edit are not held back behind them. The analysis of a newer text may take the pieces of
        ``snapshot``'s tree and move them while the feature reads it (``ParsedDocument.out_of_date``): the answer
        is then ContentModified, and the client asks again.

        On the loop (WORKSPACE, LOOP) ``call()`` runs here and now."""
        uri = snapshot.uri if snapshot is not None else ""
        if not lane.on_feature_thread:
            try:
                result = call()
            except Exception as error:
                self.report_crash(method, error, uri=uri, position=position)
                return empty
            return empty if result is None else result
        loop = asyncio.get_running_loop()
        try:
            with self.priority.held() if lane is Lane.CURSOR else contextlib.nullcontext():
                result = await loop.run_in_executor(self.feature_pool, call)
        except Exception as error:
            if snapshot is not None and snapshot.analysis.parsed.out_of_date:
                raise JsonRpcContentModified(f"{uri} changed while the request was answered") from None
            self.report_crash(method, error, uri=uri, position=position)
            return empty
        if snapshot is not None and snapshot.analysis.parsed.out_of_date:
            raise JsonRpcContentModified(f"{uri} changed while the request was answered")
        return empty if result is None else result

    def on_request_cancelled(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (on the loop) if the client cancels the request being handled (``$/cancelRequest``;
        pygls answers it RequestCancelled at once, and would drop the handler's late answer). Call it from the
        request's handler: pygls names the request in the handler's context."""
        protocol = self.protocol
        msg_id = protocol.msg_id
        # pygls keeps each request's answering future here, under its id, and cancels it on $/cancelRequest.
        answering = protocol._request_futures.get(msg_id) if msg_id is not None else None
        if answering is not None:
            answering.add_done_callback(lambda future: callback() if future.cancelled() else None)

    def answered(self) -> None:
        """What the user waited for went out (diagnostics): the housekeeping an answer must not wait for may run
        now, on the loop: freeing the analyses the store replaced, and the collector's young walk (collector.py)."""
        if self.parts_built:
            self.store.drop_retired()
        collector.answered()

    def report_crash(
        self, method: str, error: BaseException, *, uri: str = "", position: types.Position | None = None
    ) -> None:
        """Log a failure with its document and position, on stderr and to the client (``window/logMessage``)."""
        where = uri
        if position is not None:
            where += f" at {position.line}:{position.character}"
        trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        log.error("%s failed for %s: %r\n%s", method, where or "(no document)", error, trace)
        try:
            self.window_log_message(
                types.LogMessageParams(
                    type=types.MessageType.Error,
                    message=f"hot-lsp: {method} failed for {where or '(no document)'}: {error!r}\n{trace}",
                )
            )
        except Exception:  # the transport may be gone
            log.debug("could not send the crash report", exc_info=True)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request (an unreadable message, a failing notification): logged, not shown.

        pygls's default pops a window/showMessage up for each; a log entry is enough, and a request's
        own error already went back as its answer.
        """
        if source is FeatureRequestError:
            return
        log.error("%s: %r", getattr(source, "__name__", source), error)
        try:
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=f"hot-lsp: {error}"))
        except Exception:
            log.debug("could not send the error report", exc_info=True)

    # -- settings -----------------------------------------------------------------------------------

    async def wait_configured(self) -> None:
        """Until the client's first workspace/configuration answer (at most CONFIGURATION_WAIT_S)."""
        if self.configured is None or self.configured.is_set():
            return
        try:
            await asyncio.wait_for(self.configured.wait(), CONFIGURATION_WAIT_S)
        except asyncio.TimeoutError:
            log.warning(
                "no workspace/configuration answer in %.1f s; using initializationOptions", CONFIGURATION_WAIT_S
            )
            self.configured.set()

    def apply_settings(self, raw: dict[str, Any] | None) -> None:
        """Initialization options, overridden key by key by what the client's configuration says."""
        self.client_settings = raw
        self._settle_settings()

    def load_project(self, document_folder: str | None = None) -> None:
        """Look for the project configuration again (the workspace folders, or ``document_folder`` when the client
        names none) and apply what it gives under the editor's settings."""
        if document_folder is not None:
            self._document_folder = document_folder
        try:
            changed = self.project.load(self.workspace_folders(), self._document_folder)
        except Exception as error:  # never the session: the configuration is only ignored
            self.report_crash("project configuration", error)
            return
        if changed:
            self._settle_settings()

    def _settle_settings(self) -> None:
        merged = dict(self.init_settings)
        if self.client_settings:
            merged.update(self.client_settings)
        settings = Settings.from_json(self.project.under(merged))
        settings = replace(settings, cloud_release=self.cloud.release_of(settings.cloud))
        if settings != self.settings:
            if settings.heat_release != self.settings.heat_release:
                self.warn_unknown_release(settings.heat_release)
            self.settings = settings
            self.settings_serial += 1
            self.diagnostics.refresh_all()
            self.refresh_inlay_hints()
            self.file_tracking.configure_index()
            self.cloud.settings_changed()
            self.what_if.settings_changed()

    def take_cloud_release(self, version: str) -> None:
        """The named cloud said (or its types showed) which Heat release it runs: check for it, unless the user
        chose one (``Settings.release``)."""
        settings = replace(self.settings, cloud_release=version)
        if settings == self.settings:
            return
        changed = settings.release != self.settings.release
        self.settings = settings
        if changed:
            self.settings_serial += 1
            self.diagnostics.refresh_all()
            self.file_tracking.configure_index()

    def warn_unknown_release(self, value: str) -> None:
        """``hotLsp.heatRelease`` names no shipped release: say so (the newest is used), with the valid values."""
        if not value or value == self._release_warned:
            return
        # Imported only when a release is set: the spec tables are not needed to answer initialize.
        from ..spec.heat_releases import NEWEST, find_release, valid_values

        if find_release(value) is None:
            self._release_warned = value
            message = (
                f"hotLsp.heatRelease: {value!r} is not a Heat release hot-lsp knows; checking for {NEWEST.label}. "
                f"Valid: {valid_values()}"
            )
            log.warning("%s", message)
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=message))

    def refresh_inlay_hints(self) -> None:
        """Settings changed (parameters, environments, inlayHints): ask the client to request hints again."""
        if not self.capability("workspace.inlay_hint.refresh_support", False):
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            return
        asyncio.ensure_future(self._refresh_inlay_hints())

    async def _refresh_inlay_hints(self) -> None:
        try:
            await self.workspace_inlay_hint_refresh_async(None)
        except Exception as error:  # the client may refuse, or be gone
            log.info("workspace/inlayHint/refresh failed: %r", error)

    def shutdown(self) -> None:
        self.diagnostics.cancel_all()
        self.cloud.shutdown()
        if self.parts_built:
            self.indexing.shutdown()
        self.analysis_pool.shutdown(wait=False, cancel_futures=True)
        self.feature_pool.shutdown(wait=False, cancel_futures=True)
        super().shutdown()
