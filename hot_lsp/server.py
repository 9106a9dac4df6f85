"""The language server: pygls wiring between LSP messages, the document store and the feature functions.

Nothing here knows HOT. A request is: find the document's snapshot (built once per version by the store),
call the feature function, adapt the result to what this client declared it can show, and answer. A
feature that raises is logged (stderr and ``window/logMessage``) and answered empty; the server goes on.

Concurrency. Messages are handled in order on one asyncio loop. Analyses run on one worker thread
(:class:`DocumentStore`), so while a large template is being analysed the loop still reads messages: a
``$/cancelRequest`` cancels the waiting request (pygls answers RequestCancelled), and a newer didChange
makes the pending work for the old text moot:
- a request that names a position (completion, hover, definition, references, rename, code actions) was
  made against the text at the time it arrived; if that text is replaced while the request waits for its
  analysis, it is answered ContentModified at once (LSP reserves the error for exactly this; VS Code and
  Neovim drop it silently and ask again about the new text), without waiting for the new analysis;
- a whole-document request (symbols, links, folding, semantic tokens, pull diagnostics) is answered from
  the newest snapshot, which is what the client shows by then;
- an analysis job whose text was superseded before the worker reached it is skipped, so fast typing on a
  large file costs one analysis per pause, not one per keystroke.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import importlib
import inspect
import json
import logging
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import attrs
from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import FeatureRequestError, JsonRpcContentModified, JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from . import __version__
from .analysis.file_service import FileService
from .analysis.kind import named_as_environment
from .analysis.resource_list import row_json, tree_rows
from .analysis.template_tree import MAX_NESTED_DEPTH, Tree, TreeCache, build_tree, clamp_depth, tree_inputs
from .analysis.validate import Analysis, catalogue_paths
from .analysis.workspace_index import file_stamp
from .document.positions import Encoding
from .environment_files import EnvironmentFiles
from .features.diagnostics import SOURCE, lsp_diagnostics
from .features.evaluation_context import PARAMETERS_SOURCE
from .features.snapshot import Settings, Snapshot
from .features.snippets import snippet_to_text
from .indexing import Progress, WorkspaceIndexing, disk_text
from .store import DocumentStore, Superseded, WorkspaceInputs

log = logging.getLogger("hot_lsp.server")

# Push diagnostics this long after the last change, so typing does not analyse every keystroke.
DEBOUNCE_MS = 200
# How long the first diagnostics wait for the client's workspace/configuration answer.
CONFIGURATION_WAIT_S = 2.0
COMPLETION_TRIGGERS = [":", " ", "[", "{", ",", "-", "."]
RESOURCE_LIST = "hot/resourceList"
WATCHED_FILES = "**/*.{yaml,yml,template,json,hot}"  # the files the workspace index reads
SETTINGS_SECTION = "hotLsp"
_SETTINGS_KEYS = frozenset(
    {"environments", "parameters", "disabledRules", "nestedDepth", "resourceTypePaths", "inlayHints"}
)
_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}


def debounce_seconds() -> float:
    """``HOT_LSP_DEBOUNCE_MS`` overrides the default (benchmarks set 0 to time the analysis alone)."""
    raw = os.environ.get("HOT_LSP_DEBOUNCE_MS", "")
    try:
        return max(0.0, float(raw) / 1000) if raw.strip() else DEBOUNCE_MS / 1000
    except ValueError:
        return DEBOUNCE_MS / 1000


# -- protocol ------------------------------------------------------------------------------------


@attrs.define
class _InvalidRequest:
    """A request whose params did not match the method's type; answered InvalidParams."""

    id: Any
    method: str
    error: JsonRpcException
    jsonrpc: str = "2.0"


class HotProtocol(LanguageServerProtocol):
    """pygls's protocol with two changes.

    - A request with malformed params gets an InvalidParams error answer. (pygls drops it, and the
      client would wait forever.)
    - Open documents live in :class:`DocumentStore` only: pygls's own copy would cost a second pass
      over the whole text per keystroke, and counts lines differently (see store.py).
    """

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if isinstance(data, dict) and "id" in data and isinstance(data.get("method"), str):
                return _InvalidRequest(id=data["id"], method=data["method"], error=error)
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _InvalidRequest):
            log.warning("invalid params in %s request %r", message.method, message.id)
            error = JsonRpcInvalidParams(f"invalid params for {message.method}")
            self._send_response(message.id, error=error.to_response_error())
            return
        super().handle_message(message)

    def _handle_notification(self, method_name: str, params: Any) -> None:
        # pygls 2.1 files the future of a notification's (generator) handler in _request_futures under a random
        # id that nothing removes: one Future, about 1 KB, per keystroke for the life of the server (found by
        # ``hot-lsp fuzz``: RSS grew with every episode). Drop them once done.
        before = set(self._request_futures)
        super()._handle_notification(method_name, params)
        for key in set(self._request_futures) - before:
            future = self._request_futures[key]
            if future.done():
                del self._request_futures[key]
            else:
                future.add_done_callback(functools.partial(_forget_future, self._request_futures, key))

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None


def _forget_future(futures: dict[Any, Any], key: Any, future: Any) -> None:
    if futures.get(key) is future:
        del futures[key]


# -- server --------------------------------------------------------------------------------------


class HotLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "hot-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=HotProtocol,
        )
        self._analysis_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hot-lsp-analysis")
        self.files = FileService()  # what features read files through, kept for the server's life
        self.store = DocumentStore(self._analysis_pool, self.files)
        self.environment_files = EnvironmentFiles()
        self.trees = TreeCache()  # nested stacks, for hot/resourceList and document symbols
        self.settings = Settings()
        self.settings_serial = 0  # bumped on every settings change; part of pull diagnostics' result ids
        self._init_settings: dict[str, Any] = {}
        self._configured: asyncio.Event | None = None
        self._publish_tasks: dict[str, asyncio.Task[None]] = {}
        self._published: dict[str, tuple[int, int | None]] = {}  # uri -> (document id, version)
        self._missing: set[str] = set()
        self.debounce = debounce_seconds()
        # The workspace index: read in the background from ``initialized`` on, between analyses (indexing.py).
        self.indexing = WorkspaceIndexing(self._analysis_pool)
        self.indexing.on_change = self.index_changed
        self.store.on_analysis = self.document_analysed
        self._refresh_task: asyncio.Task[None] | None = None
        self._known_parameters: frozenset[str] | None = None  # as the environment documents were last told

    # -- client facts -------------------------------------------------------------------------

    @property
    def encoding(self) -> Encoding:
        """The negotiated position encoding, as the document layer names it."""
        try:
            chosen = self.workspace.position_encoding
        except RuntimeError:  # not initialized yet
            return "utf-16"
        return _ENCODINGS.get(str(getattr(chosen, "value", chosen)), "utf-16")

    def capability(self, path: str, default: Any = None) -> Any:
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

    def markdown(self, path: str) -> bool:
        formats = self.capability(path, None) or []
        return types.MarkupKind.Markdown in formats

    def completion_options(self) -> dict[str, Any]:
        item = "text_document.completion.completion_item"
        resolvable = self.capability(f"{item}.resolve_support.properties", None) or []
        return {
            "snippet_support": bool(self.capability(f"{item}.snippet_support", False)),
            "markdown": self.markdown(f"{item}.documentation_format"),
            "resolve_documentation": "documentation" in resolvable,
        }

    # -- snapshots ----------------------------------------------------------------------------

    def workspace_folders(self) -> tuple[str, ...]:
        """The local paths of the workspace folders (the root when the client names no folders)."""
        try:
            workspace = self.workspace
        except RuntimeError:  # not initialized yet
            return ()
        uris = [folder.uri for folder in workspace.folders.values()]
        if not uris and workspace.root_uri:
            uris = [workspace.root_uri]
        paths = [_path_of(uri) for uri in uris if urlparse(uri).scheme == "file"]
        return tuple(dict.fromkeys(path for path in paths if path))

    def workspace_inputs(self) -> WorkspaceInputs:
        """The environment files of ``hotLsp.environments`` (read only when changed) and the workspace folders."""
        folders = self.workspace_folders()
        environments = self.environment_files.load(self.settings.environments, folders)
        paths = self.environment_files.paths(self.settings.environments, folders)
        return WorkspaceInputs(environments, folders, paths, self.indexing.index)

    def environment_paths(self) -> tuple[str, ...]:
        """The files ``hotLsp.environments`` names, in the order they apply (their registries map types)."""
        return self.environment_files.paths(self.settings.environments, self.workspace_folders())

    async def nested_tree(self, snapshot: Snapshot, depth: int) -> Tree | None:
        """The snapshot's nested stacks, built on the analysis worker (it reads files and evaluates)."""
        loop = asyncio.get_running_loop()
        paths = self.environment_paths()
        return await loop.run_in_executor(self._analysis_pool, nested_tree, snapshot, depth, paths, self.trees)

    def snapshot_now(self, uri: str) -> Snapshot | None:
        return self.store.snapshot(uri, self.encoding, self.settings, self.workspace_inputs())

    async def snapshot(self, uri: str) -> Snapshot | None:
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

    # -- running features ---------------------------------------------------------------------

    def feature_function(self, module: str, name: str) -> Callable[..., Any] | None:
        """``hot_lsp.features.<module>.<name>``, imported on first use; None while it does not exist."""
        qualified = f"{__package__}.features.{module}"
        try:
            loaded = importlib.import_module(qualified)
        except ModuleNotFoundError as error:
            if error.name != qualified:
                raise
            if qualified not in self._missing:
                self._missing.add(qualified)
                log.info("%s is not available; its requests are answered empty", qualified)
            return None
        function = getattr(loaded, name, None)
        return function if callable(function) else None

    def run_feature(
        self,
        method: str,
        module: str,
        name: str,
        args: Sequence[Any],
        empty: Any = None,
        *,
        uri: str = "",
        position: types.Position | None = None,
        options: dict[str, Any] | None = None,
    ) -> Any:
        """Call a feature function; a crash is logged and answered ``empty``.

        ``options`` are keyword arguments describing the client (``snippet_support``, ``markdown``,
        ``limit``...); each is passed only if the function declares it, so features may adopt them
        one at a time.
        """
        try:
            function = self.feature_function(module, name)
            if function is None:
                return empty
            accepted = _keywords(function)
            kwargs = {key: value for key, value in (options or {}).items() if key in accepted}
            result = function(*args, **kwargs)
            return empty if result is None else result
        except Exception as error:
            self.report_crash(method, error, uri=uri, position=position)
            return empty

    def report_crash(
        self, method: str, error: BaseException, *, uri: str = "", position: types.Position | None = None
    ) -> None:
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

    # -- diagnostics --------------------------------------------------------------------------

    def schedule_diagnostics(self, uri: str, delay: float) -> None:
        if self.pull_diagnostics:
            return
        previous = self._publish_tasks.pop(uri, None)
        if previous is not None:
            previous.cancel()
        stamp = self.store.stamp(uri)
        if stamp is not None:
            self._publish_tasks[uri] = asyncio.ensure_future(self._publish(uri, stamp, delay))

    async def _publish(self, uri: str, stamp: tuple[int, int], delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            await self.wait_configured()
            snapshot = await self.snapshot(uri)
            # Only ever the current text: a newer version has its own task, which publishes instead.
            if snapshot is None or self.store.stamp(uri) != stamp:
                return
            published = self._published.get(uri)
            version = snapshot.version
            if published is not None and published[0] == stamp[0] and _older(version, published[1]):
                # The client's versions went backwards. Never publish for a version older than one already
                # published, nor leave that one's findings on the newer text: publish these without a version.
                version = None
            diagnostics = self.diagnostics_of(snapshot)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )
            if version is not None:
                self._published[uri] = (stamp[0], version)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self.report_crash(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, error, uri=uri)
        finally:
            if self._publish_tasks.get(uri) is asyncio.current_task():
                del self._publish_tasks[uri]

    def diagnostics_of(self, snapshot: Snapshot) -> list[types.Diagnostic]:
        try:
            diagnostics = lsp_diagnostics(snapshot)
        except Exception as error:
            self.report_crash("diagnostics", error, uri=snapshot.uri)
            return []
        return adapt_diagnostics(diagnostics, self)

    def clear_diagnostics(self, uri: str) -> None:
        task = self._publish_tasks.pop(uri, None)
        if task is not None:
            task.cancel()
        self._published.pop(uri, None)
        if not self.pull_diagnostics:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def refresh_diagnostics(self) -> None:
        """Settings changed: show every open document's diagnostics under the new settings."""
        if self.pull_diagnostics:
            if self.capability("workspace.diagnostics.refresh_support", False):
                self.workspace_diagnostic_refresh(None)
            return
        for uri in self.store.uris():
            self.schedule_diagnostics(uri, 0)

    # -- the workspace index, and documents that read other files ------------------------------

    def named_environment(self, path: str) -> bool:
        return named_as_environment(Path(path).as_uri(), self.settings.environments)

    def start_indexing(self) -> None:
        """Read the workspace folders into the index, in the background (work-done progress if supported)."""
        progress = Progress(self, bool(self.capability("window.work_done_progress", False)))
        self.indexing.scan(self.workspace_folders(), self.named_environment, progress)
        self.configure_index()

    def configure_index(self) -> None:
        """Link the index's types through the registries of ``hotLsp.environments`` (re-read when changed)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            return
        asyncio.ensure_future(self._configure_index())

    async def _configure_index(self) -> None:
        catalogues = catalogue_paths(self.settings.resource_type_paths, self.workspace_folders())
        try:
            await self.indexing.configure(
                catalogues, self.environment_paths(), self.store.overlay, self.named_environment
            )
        except Exception as error:
            self.report_crash("workspace index", error)

    def document_analysed(self, uri: str, revision: int, analysis: Analysis) -> None:
        """The store made an analysis current: the open document's summary in the index follows it."""
        path = _file_path(uri)
        if path is None:
            return
        try:
            self.indexing.analysed(path, revision, analysis)
        except Exception as error:  # the index misses one text; the analysis itself stands
            self.report_crash("workspace index", error, uri=uri)
        if os.path.normpath(path) in self.indexing.index.environment_paths:
            self.configure_index()

    def index_changed(self, paths: set[str]) -> None:
        """Environment documents are checked against the parameter names the workspace declares: when those
        change, they are analysed again."""
        index = self.indexing.index
        if not index.complete:
            return
        names = index.parameter_names()
        if names == self._known_parameters:
            return
        self._known_parameters = names
        inputs = self.workspace_inputs()
        environments = [
            uri
            for uri in self.store.uris()
            if self.store.kind(uri) == "environment" and self.store.outdated(uri, self.settings, inputs)
        ]
        self.diagnostics_changed(environments, self.debounce)

    def current_stamp(self, path: str) -> tuple[int, int] | None:
        """What an analysis reading ``path`` now would record: the open document's revision, else the file's."""
        opened = self.store.overlay.get(os.path.normpath(path))
        return (-1, opened[0]) if opened is not None else file_stamp(path)

    def recheck_readers(self, path: str, *, exclude: str = "", delay: float | None = None) -> list[str]:
        """Open documents whose analysis read ``path`` as it no longer is: analysed again, and their diagnostics
        shown again (pushed after ``delay``, default the debounce; pull clients are asked to pull)."""
        current = self.current_stamp(path)
        stale = [
            uri for uri in self.store.readers(path) if uri != exclude and self.store.read_stamp(uri, path) != current
        ]
        for uri in stale:
            self.store.invalidate(uri)
        if stale:
            self.diagnostics_changed(stale, self.debounce if delay is None else delay)
        return stale

    def diagnostics_changed(self, uris: Sequence[str], delay: float) -> None:
        if not uris:
            return
        if self.pull_diagnostics:
            self.schedule_refresh(delay)
            return
        for uri in uris:
            self.schedule_diagnostics(uri, delay)

    def schedule_refresh(self, delay: float) -> None:
        """One workspace/diagnostic/refresh after ``delay`` (a burst of changes asks once)."""
        if not self.capability("workspace.diagnostics.refresh_support", False):
            return
        if self._refresh_task is not None and not self._refresh_task.done():
            return
        self._refresh_task = asyncio.ensure_future(self._refresh_after(delay))

    async def _refresh_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            self.workspace_diagnostic_refresh(None)
        except Exception as error:  # the client may be gone
            log.info("workspace/diagnostic/refresh failed: %r", error)

    def document_opened(self, uri: str) -> None:
        """A document opened: analyses that read its file from disk read its text from now on."""
        path = _file_path(uri)
        if path is None or not self.store.readers(path):
            return
        if disk_text(path) != self.store.text(uri):
            self.recheck_readers(path, exclude=uri, delay=0)

    def document_closed(self, uri: str, text: str | None) -> None:
        """A document closed: the file on disk counts again, in the index and for the analyses that read it."""
        path = _file_path(uri)
        if path is None:
            return
        self.indexing.closed(path, self.named_environment)
        if self.store.readers(path) and disk_text(path) != text:
            self.recheck_readers(path, delay=0)

    def files_changed(self, paths: Sequence[str]) -> None:
        """Files saved or changed outside the editor: read into the index again, their readers re-checked."""
        if not paths:
            return
        for path in paths:
            self.recheck_readers(path)
        asyncio.ensure_future(self.indexing.reread(paths, self.named_environment))
        configured = self.indexing.index.environment_paths
        if any(os.path.normpath(path) in configured for path in paths):
            self.configure_index()

    async def settle_open_documents(self) -> None:
        """Analyse every open document that is not yet, so the index knows their current texts (cross-file
        references and renames read other open documents through it)."""
        for uri in self.store.uris():
            try:
                await self.snapshot(uri)
            except Exception as error:
                self.report_crash("workspace index", error, uri=uri)

    # -- settings -----------------------------------------------------------------------------

    async def wait_configured(self) -> None:
        if self._configured is None or self._configured.is_set():
            return
        try:
            await asyncio.wait_for(self._configured.wait(), CONFIGURATION_WAIT_S)
        except asyncio.TimeoutError:
            log.warning(
                "no workspace/configuration answer in %.1f s; using initializationOptions", CONFIGURATION_WAIT_S
            )
            self._configured.set()

    def apply_settings(self, raw: dict[str, Any] | None) -> None:
        """Initialization options, overridden key by key by what the client's configuration says."""
        merged = dict(self._init_settings)
        if raw:
            merged.update(raw)
        settings = Settings.from_json(merged)
        if settings != self.settings:
            self.settings = settings
            self.settings_serial += 1
            self.refresh_diagnostics()
            self.refresh_inlay_hints()
            self.configure_index()

    def refresh_inlay_hints(self) -> None:
        """Settings changed (parameters, environments, inlayHints): ask the client to request hints again."""
        if not self.capability("workspace.inlay_hint.refresh_support", False):
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            return
        asyncio.ensure_future(_refresh_inlay_hints(self))

    async def fetch_configuration(self) -> None:
        try:
            answer = await self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SETTINGS_SECTION)])
            )
            raw = answer[0] if answer else None
            self.apply_settings(settings_object(raw, section_level=True))
        except Exception as error:
            log.warning("workspace/configuration failed: %r", error)
        finally:
            if self._configured is not None:
                self._configured.set()

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

    def shutdown(self) -> None:
        for task in self._publish_tasks.values():
            task.cancel()
        self._publish_tasks.clear()
        self.indexing.shutdown()
        self._analysis_pool.shutdown(wait=False, cancel_futures=True)
        super().shutdown()


@functools.lru_cache(maxsize=64)
def _keywords(function: Callable[..., Any]) -> frozenset[str]:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return frozenset()
    return frozenset(p.name for p in parameters if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD))


def settings_object(raw: Any, *, section_level: bool = False) -> dict[str, Any] | None:
    """The ``hotLsp`` object out of what a client sent: ``{hotLsp: {...}}`` or the object itself.

    ``section_level``: ``raw`` answers a request for the ``hotLsp`` section, so it is the object itself.
    Otherwise a dict without ``hotLsp`` counts only if it has a key of ours (Neovim sends its whole
    settings table, often ``{}``, which must not reset anything).
    """
    if not isinstance(raw, dict):
        return None
    if isinstance(raw.get(SETTINGS_SECTION), dict):
        return raw[SETTINGS_SECTION]
    if section_level or _SETTINGS_KEYS.intersection(raw):
        return raw
    return None


def _older(version: int | None, than: int | None) -> bool:
    return version is not None and than is not None and version < than


# -- adapting results to the client's capabilities ------------------------------------------------
#
# Feature functions build one result for every client; here it is trimmed to what this client declared
# (pytest-lsp's specification checks hold us to it). Results may be shared between requests, so they are
# copied (attrs.evolve), never changed in place.


def adapt_diagnostics(diagnostics: list[types.Diagnostic], server: HotLanguageServer) -> list[types.Diagnostic]:
    tags = server.capability("text_document.publish_diagnostics.tag_support.value_set", None) or []
    keep_tags = types.DiagnosticTag.Unnecessary in tags
    keep_description = server.capability("text_document.publish_diagnostics.code_description_support", False)
    if keep_tags and keep_description:
        return diagnostics
    return [
        attrs.evolve(
            d,
            tags=d.tags if keep_tags else None,
            code_description=d.code_description if keep_description else None,
        )
        for d in diagnostics
    ]


def adapt_completion(result: Any, server: HotLanguageServer) -> Any:
    if result is None:
        return None
    items = result.items if isinstance(result, types.CompletionList) else list(result)
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    prefix = "text_document.completion.completion_item"
    snippets = server.capability(f"{prefix}.snippet_support", False)
    formats = server.capability(f"{prefix}.documentation_format", None) or [types.MarkupKind.PlainText]
    commit = server.capability(f"{prefix}.commit_characters_support", False)
    insert_replace = server.capability(f"{prefix}.insert_replace_support", False)
    tag_set = server.capability(f"{prefix}.tag_support.value_set", None) or []
    supported_defaults = server.capability("text_document.completion.completion_list.item_defaults", None) or []
    if defaults is not None and "editRange" not in supported_defaults:
        items = [_apply_defaults(item, defaults) for item in items]
        defaults = None
    adapted = []
    for item in items:
        changes: dict[str, Any] = {}
        if item.insert_text_format == types.InsertTextFormat.Snippet and not snippets:
            changes["insert_text_format"] = types.InsertTextFormat.PlainText
            if item.insert_text is not None:
                changes["insert_text"] = snippet_to_text(item.insert_text)
            edit = changes.get("text_edit", item.text_edit)
            if edit is not None:
                changes["text_edit"] = attrs.evolve(edit, new_text=snippet_to_text(edit.new_text))
        edit = changes.get("text_edit", item.text_edit)
        if isinstance(edit, types.InsertReplaceEdit) and not insert_replace:
            changes["text_edit"] = types.TextEdit(range=edit.replace, new_text=edit.new_text)
        if isinstance(item.documentation, types.MarkupContent) and item.documentation.kind not in formats:
            changes["documentation"] = types.MarkupContent(types.MarkupKind.PlainText, item.documentation.value)
        if item.commit_characters and not commit:
            changes["commit_characters"] = None
        if item.tags and any(tag not in tag_set for tag in item.tags):
            changes["tags"] = [tag for tag in item.tags if tag in tag_set] or None
        adapted.append(attrs.evolve(item, **changes) if changes else item)
    if defaults is not None and defaults.insert_text_format == types.InsertTextFormat.Snippet and not snippets:
        defaults = attrs.evolve(defaults, insert_text_format=types.InsertTextFormat.PlainText)
    is_incomplete = result.is_incomplete if isinstance(result, types.CompletionList) else False
    return types.CompletionList(is_incomplete=is_incomplete, items=adapted, item_defaults=defaults)


def _apply_defaults(item: types.CompletionItem, defaults: types.CompletionItemDefaults) -> types.CompletionItem:
    """Spell out ``itemDefaults`` in each item, for clients that do not know them."""
    changes: dict[str, Any] = {}
    if defaults.edit_range is not None and item.text_edit is None:
        new_text = item.text_edit_text or item.insert_text or item.label
        if isinstance(defaults.edit_range, types.Range):
            changes["text_edit"] = types.TextEdit(range=defaults.edit_range, new_text=new_text)
        else:
            changes["text_edit"] = types.InsertReplaceEdit(
                new_text=new_text, insert=defaults.edit_range.insert, replace=defaults.edit_range.replace
            )
    if defaults.insert_text_format is not None and item.insert_text_format is None:
        changes["insert_text_format"] = defaults.insert_text_format
    if defaults.commit_characters is not None and item.commit_characters is None:
        changes["commit_characters"] = defaults.commit_characters
    if defaults.data is not None and item.data is None:
        changes["data"] = defaults.data
    return attrs.evolve(item, **changes) if changes else item


def adapt_hover(result: Any, server: HotLanguageServer) -> Any:
    if isinstance(result, types.Hover) and isinstance(result.contents, types.MarkupContent):
        formats = server.capability("text_document.hover.content_format", None) or [types.MarkupKind.PlainText]
        if result.contents.kind not in formats:
            return attrs.evolve(result, contents=types.MarkupContent(types.MarkupKind.PlainText, result.contents.value))
    return result


def adapt_folding(result: Any, server: HotLanguageServer) -> Any:
    if not result:
        return result
    line_only = server.capability("text_document.folding_range.line_folding_only", False)
    collapsed = server.capability("text_document.folding_range.folding_range.collapsed_text", False)
    limit = server.capability("text_document.folding_range.range_limit", None)
    ranges = list(result)
    if line_only or not collapsed:
        ranges = [
            attrs.evolve(
                r,
                start_character=None if line_only else r.start_character,
                end_character=None if line_only else r.end_character,
                collapsed_text=r.collapsed_text if collapsed else None,
            )
            for r in ranges
        ]
    if isinstance(limit, int) and limit >= 0:
        ranges = ranges[:limit]
    return ranges


def adapt_links(result: Any, server: HotLanguageServer) -> Any:
    if not result or server.capability("text_document.document_link.tooltip_support", False):
        return result
    return [attrs.evolve(link, tooltip=None) if link.tooltip else link for link in result]


def adapt_document_symbols(result: Any, server: HotLanguageServer, uri: str) -> Any:
    if not result or server.capability("text_document.document_symbol.hierarchical_document_symbol_support", False):
        return result
    flat: list[types.SymbolInformation] = []

    def add(symbol: Any, container: str | None) -> None:
        if not isinstance(symbol, types.DocumentSymbol):
            flat.append(symbol)
            return
        flat.append(
            types.SymbolInformation(
                location=types.Location(uri=uri, range=symbol.range),
                name=symbol.name,
                kind=symbol.kind,
                tags=symbol.tags,
                container_name=container,
            )
        )
        for child in symbol.children or ():
            add(child, symbol.name)

    for symbol in result:
        add(symbol, None)
    return flat


def enrich_code_action_context(
    params: types.CodeActionParams, snapshot: Snapshot, server: HotLanguageServer
) -> types.CodeActionParams:
    """Give back ``data`` to our diagnostics in the context when the client dropped it.

    Quick fixes read their facts from ``Diagnostic.data``; clients without ``dataSupport`` do not echo
    it, so it is looked up again by code and range in the snapshot's own diagnostics.
    """
    context = params.context
    if all(d.data is not None or d.source != SOURCE for d in context.diagnostics):
        return params
    ours = {(d.code, _range_key(d.range)): d.data for d in server.diagnostics_of(snapshot)}
    diagnostics = [
        attrs.evolve(d, data=ours.get((d.code, _range_key(d.range)))) if d.data is None and d.source == SOURCE else d
        for d in context.diagnostics
    ]
    return attrs.evolve(params, context=attrs.evolve(context, diagnostics=diagnostics))


def _range_key(r: types.Range) -> tuple[int, int, int, int]:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


# -- hot/resourceList and nested stacks ----------------------------------------------------------


def nested_tree(
    snapshot: Snapshot, depth: int, environment_paths: Sequence[str] = (), cache: TreeCache | None = None
) -> Tree | None:
    """The document's tree of nested stacks to ``depth``: files resolved from the document, read inside the
    workspace folders (or beside the document when there are none) and the environment files' folders."""
    if snapshot.analysis.model is None:
        return None
    path = _path_of(snapshot.uri)
    paths = tuple(environment_paths)
    roots = (*(snapshot.file_roots or (os.path.dirname(path),)), *(os.path.dirname(env) for env in paths))
    if urlparse(snapshot.uri).scheme != "file":
        roots = ()  # an unsaved buffer has no folder: its relative paths lead nowhere on disk
    settings = snapshot.settings

    def build() -> Tree:
        files = snapshot.files.templates(snapshot.overlay, roots)  # children open in the editor: their unsaved text
        environments = [files.environment(env) for env in paths]
        inputs = tree_inputs(
            snapshot.catalogue, environments, settings.parameters, PARAMETERS_SOURCE, values=snapshot.environments
        )
        return build_tree(snapshot.analysis, path, inputs, files, depth)

    if cache is None:
        return build()
    parameters = json.dumps(settings.parameters, sort_keys=True, default=repr)
    return cache.get(snapshot.analysis, (snapshot.uri, depth, paths, parameters, roots), build, snapshot.overlay)


def resource_list(
    snapshot: Snapshot | None, depth: int = 0, environment_paths: Sequence[str] = (), cache: TreeCache | None = None
) -> dict[str, Any]:
    """DESIGN.md's ``resources`` JSON: every resource, nested stacks exploded to ``depth``."""
    tree = nested_tree(snapshot, depth, environment_paths, cache) if snapshot is not None else None
    if snapshot is None or tree is None:
        return {"resources": []}
    return {"resources": [row_json(row, snapshot.encoding) for row in tree_rows(tree)]}


def requested_depth(params: Any, default: int) -> int:
    """``nestedDepth`` of a hot/resourceList request: a number from 0 or "MAX"; absent: the setting."""
    value = params.get("nestedDepth") if isinstance(params, dict) else getattr(params, "nestedDepth", None)
    if value is None:
        return clamp_depth(default)
    if isinstance(value, str) and value.strip().upper() == "MAX":
        return MAX_NESTED_DEPTH
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return clamp_depth(value)
    raise JsonRpcInvalidParams('nestedDepth must be a number from 0, or "MAX"')


def _range_json(r: types.Range) -> dict[str, Any]:
    return {
        "start": {"line": r.start.line, "character": r.start.character},
        "end": {"line": r.end.line, "character": r.end.character},
    }


def _path_of(uri: str) -> str:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _file_path(uri: str) -> str | None:
    """The local file of a ``file:`` uri (None for untitled buffers and other schemes)."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" and parsed.path else None


# -- handlers ------------------------------------------------------------------------------------


def create_server() -> HotLanguageServer:
    server = HotLanguageServer()
    _register_lifecycle(server)
    _register_documents(server)
    _register_diagnostics(server)
    _register_positional(server)
    _register_whole_document(server)
    _register_workspace(server)
    return server


def _register_lifecycle(server: HotLanguageServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: HotLanguageServer, params: types.InitializeParams) -> None:
        ls._init_settings = settings_object(params.initialization_options) or {}
        ls.settings = Settings.from_json(ls._init_settings)
        if ls.capability("workspace.configuration", False):
            ls._configured = asyncio.Event()

    @server.feature(types.INITIALIZED)
    def initialized(ls: HotLanguageServer, params: types.InitializedParams) -> None:
        if ls._configured is not None:
            asyncio.ensure_future(ls.fetch_configuration())
        ls.start_indexing()
        if ls.capability("workspace.did_change_watched_files.dynamic_registration", False):
            watcher = types.FileSystemWatcher(glob_pattern=WATCHED_FILES)
            registration = types.Registration(
                id="hot-lsp-watched-files",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=[watcher]),
            )
            asyncio.ensure_future(_register(ls, types.RegistrationParams(registrations=[registration])))
        if ls.capability("workspace.did_change_configuration.dynamic_registration", False):
            # VS Code only sends didChangeConfiguration to servers that register for it.
            registration = types.Registration(
                id="hot-lsp-configuration",
                method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
                register_options=types.DidChangeConfigurationRegistrationOptions(section=SETTINGS_SECTION),
            )
            asyncio.ensure_future(_register(ls, types.RegistrationParams(registrations=[registration])))

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: HotLanguageServer, params: None) -> None:
        for task in ls._publish_tasks.values():
            task.cancel()
        ls._publish_tasks.clear()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: HotLanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.files_changed([path for path in (_file_path(change.uri) for change in params.changes) if path])

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def did_change_workspace_folders(ls: HotLanguageServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
        ls.start_indexing()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(ls: HotLanguageServer, params: types.DidChangeConfigurationParams) -> None:
        pushed = settings_object(params.settings)
        if ls.capability("workspace.configuration", False):
            # The pull model: the notification only says "something changed"; ask for the section.
            asyncio.ensure_future(ls.fetch_configuration())
        elif pushed is not None:
            ls.apply_settings(pushed)


async def _refresh_inlay_hints(ls: HotLanguageServer) -> None:
    try:
        await ls.workspace_inlay_hint_refresh_async(None)
    except Exception as error:  # the client may refuse, or be gone
        log.info("workspace/inlayHint/refresh failed: %r", error)


async def _register(ls: HotLanguageServer, params: types.RegistrationParams) -> None:
    try:
        await ls.client_register_capability_async(params)
    except Exception as error:
        log.info("client/registerCapability refused: %r", error)


def _register_documents(server: HotLanguageServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: HotLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        ls.store.open(document.uri, document.text, document.version, document.language_id)
        ls.schedule_diagnostics(document.uri, 0)  # opening shows findings at once; typing is debounced
        ls.document_opened(document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: HotLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        if not ls.store.change(uri, params.text_document.version, params.content_changes, ls.encoding):
            log.warning("didChange for %s, which is not open: ignored", uri)
            return
        ls.schedule_diagnostics(uri, ls.debounce)
        path = _file_path(uri)
        if path is not None:
            ls.recheck_readers(path, exclude=uri)  # the templates using this one as a child, say

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: HotLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        text = ls.store.text(uri)
        ls.store.close(uri)
        ls.clear_diagnostics(uri)
        ls.document_closed(uri, text)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: HotLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        path = _file_path(params.text_document.uri)
        if path is not None:
            ls.files_changed([path])


def _register_diagnostics(server: HotLanguageServer) -> None:
    # Inter-file: a template's diagnostics follow its children's texts (and an environment's, the templates').
    options = types.DiagnosticOptions(inter_file_dependencies=True, workspace_diagnostics=False, identifier=SOURCE)

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, options)
    async def pull(ls: HotLanguageServer, params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        uri = params.text_document.uri
        await ls.wait_configured()
        snapshot = await ls.snapshot(uri)
        if snapshot is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        stamp = ls.store.stamp(uri) or (0, 0)
        result_id = f"{stamp[1]}.{ls.settings_serial}.{snapshot.version}"
        if params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=ls.diagnostics_of(snapshot), result_id=result_id)


def _register_positional(server: HotLanguageServer) -> None:
    """Requests at a position: answered for the text they were made against (see the module doc)."""

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS, resolve_provider=True),
    )
    async def completion(ls: HotLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
        snapshot = await ls.pinned_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        result = ls.run_feature(
            types.TEXT_DOCUMENT_COMPLETION,
            "completion",
            "completion",
            (snapshot, params),
            uri=snapshot.uri,
            position=params.position,
            options=ls.completion_options(),
        )
        return adapt_completion(result, ls)

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    def completion_resolve(ls: HotLanguageServer, item: types.CompletionItem) -> types.CompletionItem:
        return ls.run_feature(
            types.COMPLETION_ITEM_RESOLVE,
            "completion_docs",
            "resolve",
            (item,),
            item,
            options={"markdown": ls.completion_options()["markdown"]},
        )

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: HotLanguageServer, params: types.HoverParams) -> types.Hover | None:
        snapshot = await ls.pinned_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        result = ls.run_feature(
            types.TEXT_DOCUMENT_HOVER,
            "hover",
            "hover",
            (snapshot, params),
            uri=snapshot.uri,
            position=params.position,
            options={"markdown": ls.markdown("text_document.hover.content_format")},
        )
        return adapt_hover(result, ls)

    simple = [
        (types.TEXT_DOCUMENT_DEFINITION, "definition", "definition", False),
        # These two read other open documents through the workspace index: it must know their current texts.
        (types.TEXT_DOCUMENT_REFERENCES, "references", "references", True),
        (types.TEXT_DOCUMENT_PREPARE_RENAME, "rename", "prepare_rename", False),
        (types.TEXT_DOCUMENT_RENAME, "rename", "rename", True),
    ]
    for method, module, name, settle in simple:
        server.feature(method)(_positional_handler(method, module, name, settle))

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    async def inlay_hint(ls: HotLanguageServer, params: types.InlayHintParams) -> list[types.InlayHint]:
        if not ls.settings.inlay_hints:  # opt-in: hotLsp.inlayHints
            return []
        snapshot = await ls.pinned_snapshot(params.text_document.uri)
        if snapshot is None:
            return []
        return ls.run_feature(
            types.TEXT_DOCUMENT_INLAY_HINT,
            "inlay_hints",
            "inlay_hints",
            (snapshot, params),
            [],
            uri=snapshot.uri,
            position=params.range.start,
        )

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])
    )
    async def code_action(ls: HotLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        snapshot = await ls.pinned_snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        try:
            params = enrich_code_action_context(params, snapshot, ls)
        except Exception as error:
            ls.report_crash(types.TEXT_DOCUMENT_CODE_ACTION, error, uri=snapshot.uri, position=params.range.start)
        return ls.run_feature(
            types.TEXT_DOCUMENT_CODE_ACTION,
            "code_actions",
            "code_actions",
            (snapshot, params),
            uri=snapshot.uri,
            position=params.range.start,
        )


def _positional_handler(method: str, module: str, name: str, settle: bool = False) -> Callable[..., Any]:
    async def handler(ls: HotLanguageServer, params: Any) -> Any:
        uri = params.text_document.uri
        if settle:
            stamp = ls.store.stamp(uri)
            await ls.settle_open_documents()
            if ls.store.stamp(uri) != stamp:
                raise JsonRpcContentModified(f"{uri} changed while the request waited")
        snapshot = await ls.pinned_snapshot(uri)
        if snapshot is None:
            return None
        position = getattr(params, "position", None)
        return ls.run_feature(method, module, name, (snapshot, params), uri=snapshot.uri, position=position)

    handler.__name__ = name
    return handler


def _register_whole_document(server: HotLanguageServer) -> None:
    """Requests about the whole document: answered from the newest snapshot."""

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def document_symbol(ls: HotLanguageServer, params: types.DocumentSymbolParams) -> Any:
        snapshot = await ls.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        nested = None
        depth = clamp_depth(snapshot.settings.nested_depth)
        if snapshot.analysis.model is not None and depth > 0:
            try:
                nested = await ls.nested_tree(snapshot, depth)
            except Exception as error:  # the outline goes on without nested stacks
                ls.report_crash(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, error, uri=snapshot.uri)
        result = ls.run_feature(
            types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
            "symbols",
            "document_symbols",
            (snapshot,),
            [],
            uri=snapshot.uri,
            options={"nested": nested},
        )
        return adapt_document_symbols(result, ls, snapshot.uri)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
    async def document_link(ls: HotLanguageServer, params: types.DocumentLinkParams) -> Any:
        snapshot = await ls.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        result = ls.run_feature(
            types.TEXT_DOCUMENT_DOCUMENT_LINK, "links", "document_links", (snapshot,), [], uri=snapshot.uri
        )
        return adapt_links(result, ls)

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    async def folding_range(ls: HotLanguageServer, params: types.FoldingRangeParams) -> Any:
        snapshot = await ls.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        limit = ls.capability("text_document.folding_range.range_limit", None)
        result = ls.run_feature(
            types.TEXT_DOCUMENT_FOLDING_RANGE,
            "folding",
            "folding_ranges",
            (snapshot,),
            [],
            uri=snapshot.uri,
            options={"limit": limit} if isinstance(limit, int) else None,
        )
        return adapt_folding(result, ls)

    legend = _semantic_tokens_legend()
    if legend is not None:

        @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, legend)
        async def semantic_tokens(ls: HotLanguageServer, params: types.SemanticTokensParams) -> Any:
            snapshot = await ls.snapshot(params.text_document.uri)
            if snapshot is None:
                return None
            return ls.run_feature(
                types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                "semantic_tokens",
                "semantic_tokens",
                (snapshot,),
                types.SemanticTokens(data=[]),
                uri=snapshot.uri,
            )

        @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, legend)
        async def semantic_tokens_range(ls: HotLanguageServer, params: types.SemanticTokensRangeParams) -> Any:
            snapshot = await ls.snapshot(params.text_document.uri)
            if snapshot is None:
                return None
            return ls.run_feature(
                types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
                "semantic_tokens",
                "semantic_tokens_range",
                (snapshot, params),
                types.SemanticTokens(data=[]),
                uri=snapshot.uri,
            )


def _semantic_tokens_legend() -> types.SemanticTokensLegend | None:
    """The legend must be in the capabilities, so this one module is imported when the server is built."""
    try:
        from .features import semantic_tokens
    except ModuleNotFoundError as error:
        if error.name != f"{__package__}.features.semantic_tokens":
            log.exception("features.semantic_tokens failed to import")
        return None
    except Exception:
        log.exception("features.semantic_tokens failed to import")
        return None
    legend = getattr(semantic_tokens, "LEGEND", None)
    return legend if isinstance(legend, types.SemanticTokensLegend) else None


def _register_workspace(server: HotLanguageServer) -> None:
    @server.feature(types.WORKSPACE_SYMBOL)
    async def workspace_symbol(ls: HotLanguageServer, params: types.WorkspaceSymbolParams) -> Any:
        snapshots = []
        for uri in ls.store.uris():
            snapshot = await ls.snapshot(uri)
            if snapshot is not None:
                snapshots.append(snapshot)
        return ls.run_feature(
            types.WORKSPACE_SYMBOL,
            "symbols",
            "workspace_symbols",
            (snapshots, params.query),
            [],
            options={"index": ls.indexing.index, "encoding": ls.encoding},  # files not open
        )

    @server.feature(RESOURCE_LIST)
    async def resources(ls: HotLanguageServer, params: Any) -> dict[str, Any]:
        uri = _custom_uri(params)
        if uri is None:
            raise JsonRpcInvalidParams("hot/resourceList needs {textDocument: {uri}}")
        depth = requested_depth(params, ls.settings.nested_depth)
        snapshot = await ls.snapshot(uri)
        if snapshot is None or snapshot.analysis.model is None:
            return {"resources": []}
        try:
            tree = await ls.nested_tree(snapshot, depth)
            rows = tree_rows(tree) if tree is not None else []
            return {"resources": [row_json(row, snapshot.encoding) for row in rows]}
        except Exception as error:
            ls.report_crash(RESOURCE_LIST, error, uri=uri)
            return {"resources": []}


def _custom_uri(params: Any) -> str | None:
    document = params.get("textDocument") if isinstance(params, dict) else getattr(params, "textDocument", None)
    uri = document.get("uri") if isinstance(document, dict) else getattr(document, "uri", None)
    return uri if isinstance(uri, str) else None


# -- entry point ---------------------------------------------------------------------------------

_FEATURE_MODULES = (
    "completion",
    "completion_docs",
    "hover",
    "definition",
    "references",
    "rename",
    "symbols",
    "links",
    "folding",
    "semantic_tokens",
    "code_actions",
    "inlay_hints",
)


def _warm_features() -> None:
    """Import what exists now, so the first request does not pay for it and gc.freeze covers it."""
    for module in _FEATURE_MODULES:
        try:
            importlib.import_module(f"{__package__}.features.{module}")
        except ModuleNotFoundError:
            pass
        except Exception:
            log.exception("features.%s failed to import; its requests will be answered empty", module)


class _QuietExpectedErrors(logging.Filter):
    """pygls logs every error answer with a traceback; ContentModified is an expected answer, not a fault."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, JsonRpcContentModified)


def serve(args: Sequence[str]) -> int:
    """``hot-lsp [--stdio] [--tcp HOST:PORT] [--log-level LEVEL]``: serve LSP until the client exits."""
    parser = argparse.ArgumentParser(prog="hot-lsp", description="hot-lsp language server")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio (for debugging)")
    parser.add_argument("--stdio", action="store_true", help="serve on stdin/stdout (the default)")
    parser.add_argument(
        "--log-level",
        default=os.environ.get("HOT_LSP_LOG_LEVEL", "WARNING"),
        help="stderr log level (default WARNING; env HOT_LSP_LOG_LEVEL)",
    )
    options = parser.parse_args(list(args))
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, str(options.log_level).upper(), logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_QuietExpectedErrors())
    address = _address(options.tcp) if options.tcp else None
    if options.tcp and address is None:
        parser.error(f"--tcp wants HOST:PORT, got {options.tcp!r}")

    server = create_server()
    _warm_features()
    # Everything loaded so far lives as long as the process; freezing it keeps the collector from
    # walking it again on every collection (measured: GC was ~40% of a large parse in a long-lived
    # process).
    gc.collect()
    gc.freeze()

    if address is not None:
        server.start_tcp(*address)
        return 0
    server.start_io()
    # LSP: exit code 0 after shutdown + exit, 1 when the client went away without shutdown.
    return 0 if server.protocol._shutdown else 1


def _address(value: str) -> tuple[str, int] | None:
    host, _, port = value.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit():
        return None
    return host, int(port)
