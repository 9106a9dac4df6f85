"""What the session's parts see of the session: the diagnostics scheduler and the file tracking are built by
the session and call back into it through this narrow view, so neither imports the session module."""

from __future__ import annotations

from typing import Any, Protocol

from lsprotocol import types

from ..features.snapshot import Settings, Snapshot
from ..store import DocumentStore, WorkspaceInputs
from .environment_files import EnvironmentFiles
from .indexing import WorkspaceIndexing


class ServerContext(Protocol):
    """The session (``session.HotLanguageServer``) as its parts use it."""

    store: DocumentStore
    settings: Settings
    debounce: float
    indexing: WorkspaceIndexing
    environment_files: EnvironmentFiles

    @property
    def pull_diagnostics(self) -> bool: ...

    def capability(self, path: str, default: Any = None) -> Any: ...
    def workspace_folders(self) -> tuple[str, ...]: ...
    def workspace_inputs(self) -> WorkspaceInputs: ...
    def environment_paths(self) -> tuple[str, ...]: ...
    async def snapshot(self, uri: str) -> Snapshot | None: ...
    async def wait_configured(self) -> None: ...
    def report_crash(
        self, method: str, error: BaseException, *, uri: str = "", position: types.Position | None = None
    ) -> None: ...
    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None: ...
    def workspace_diagnostic_refresh(self, params: None) -> Any: ...
    async def workspace_diagnostic_refresh_async(self, params: None) -> None: ...
