"""The parts of a session that work on documents, built together when the session first needs one of them.

They are the document store (and with it the parser, the analysis, its rules and the evaluation), the file
service, the environment files, the trees of nested stacks, and the workspace index with the tracking of the
files documents read. Importing their modules takes longer than pygls takes to start: the session
(:class:`~hot_lsp.server.session.HotLanguageServer`) builds them on first use, so ``initialize`` is answered
without them (bench/bench_startup.py, tests/server/test_startup.py).
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass

from ..analysis.files.file_service import FileService
from ..analysis.stack.template_tree import TreeCache
from ..store import DocumentStore
from .context import ServerContext
from .diagnostics import DiagnosticsScheduler
from .environment_files import EnvironmentFiles
from .file_tracking import FileTracking
from .indexing import WorkspaceIndexing


@dataclass(frozen=True, slots=True)
class DocumentParts:
    files: FileService  # what features read other files through, for the server's life
    store: DocumentStore
    environment_files: EnvironmentFiles
    trees: TreeCache  # nested stacks, for hot/resourceList and document symbols
    # The workspace index: read in the background from ``initialized`` on, between analyses (indexing.py).
    indexing: WorkspaceIndexing
    file_tracking: FileTracking


def build_parts(ls: ServerContext, pool: Executor, diagnostics: DiagnosticsScheduler) -> DocumentParts:
    """The parts, wired to each other; ``pool`` is the session's one analysis worker."""
    files = FileService()
    store = DocumentStore(pool, files)
    indexing = WorkspaceIndexing(pool)
    file_tracking = FileTracking(ls, diagnostics)
    indexing.on_change = file_tracking.index_changed
    store.on_analysis = file_tracking.document_analysed
    return DocumentParts(files, store, EnvironmentFiles(), TreeCache(), indexing, file_tracking)
