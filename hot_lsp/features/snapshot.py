"""What every feature receives: one document's text, analysis and settings at one version.

Snapshots are immutable; the server builds one per (uri, version) and hands the same object to every
request for that version, so features never re-parse. When the newest text does not parse, ``analysis``
still describes it (with the syntax error and the partial tree) and ``last_good`` is the analysis of the
last version that parsed, which completion and hover may fall back on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsprotocol import types

from ..analysis.evaluation.inputs import EnvironmentValues
from ..analysis.files.file_service import FileService
from ..analysis.files.overlay import Overlay
from ..analysis.model.catalogues import catalogue_paths, release_sources, resource_catalogue
from ..analysis.result import Analysis
from ..analysis.workspace.workspace_index import WorkspaceIndex
from ..document.positions import Encoding
from ..spec.resource_types import Catalogue
from .settings import Settings


@dataclass(frozen=True, slots=True)
class Snapshot:
    uri: str
    version: int | None
    analysis: Analysis
    last_good: Analysis | None
    encoding: Encoding  # negotiated position encoding: 'utf-8', 'utf-16' or 'utf-32'
    settings: Settings
    # The files of ``hotLsp.environments``, read by the server, in the order they apply.
    environments: tuple[EnvironmentValues, ...] = ()
    # Folders get_file may read from (the workspace folders); empty: the document's own folder.
    file_roots: tuple[str, ...] = ()
    # The files of ``hotLsp.environments`` (absolute, in order): their registries map types to child templates.
    environment_paths: tuple[str, ...] = ()
    # The open documents' texts by absolute path, (revision, text): children are read from them first.
    overlay: Overlay | None = field(default=None, compare=False)
    # The workspace index (who uses a template, which environments set its parameters); None outside the server.
    # A live view the server keeps current: read it on the event loop, while answering, only.
    workspace: WorkspaceIndex | None = field(default=None, compare=False)
    # Every file a feature looks at (child templates, the templates an environment applies to, folders) is read
    # through this; the server keeps one for its life. A snapshot made elsewhere (tests) gets its own.
    files: FileService = field(default_factory=FileService, compare=False)

    @property
    def text(self) -> str:
        return self.analysis.text

    def offset(self, position: types.Position) -> int:
        """Character offset in ``text`` of an LSP position."""
        return self.analysis.parsed.lines.offset(position.line, position.character, self.encoding)

    def position(self, offset: int) -> types.Position:
        line, character = self.analysis.parsed.lines.position(offset, self.encoding)
        return types.Position(line=line, character=character)

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    @property
    def catalogue(self) -> Catalogue:
        """The resource types the text was checked against: Heat's, plus ``hotLsp.resourceTypePaths``."""
        for analysis in (self.analysis, self.last_good):
            if analysis is not None and analysis.model is not None:
                return analysis.model.resource_types()
        paths = catalogue_paths(self.settings.resource_type_paths, self.file_roots)
        return resource_catalogue(release_sources(self.settings.release) + paths)
