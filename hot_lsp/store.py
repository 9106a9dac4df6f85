"""The open documents: text and version per uri, and their analyses, cached by (uri, version).

The store owns the one mutable thing in the server: which text each open document has now. Everything
derived from a text (its :class:`Analysis`, the :class:`Snapshot` features read) is immutable and built
lazily, on the first request or diagnostics run that needs it, then shared by every later one for the
same version. ``last_good`` is the newest analysis whose YAML parsed, kept so completion and hover still
have a tree while the user is half-way through typing something that does not parse.

Incremental edits are applied here with the document layer's :class:`LineIndex` rather than by pygls's
workspace: pygls splits lines with ``str.splitlines``, which also breaks at U+2028, U+0085, form feeds and
other characters LSP does not count as line ends, so after such a character its positions drift from the
client's. Using the same line index the features use keeps every range the server hands out consistent
with the text it analysed.

Analyses may run on a worker thread (:meth:`DocumentStore.snapshot_async`): one worker, so analyses never
overlap. Each document has at most one job on the worker and one text waiting for it (``wanted``): a job
analyses the newest text wanted when it *starts*, so while the worker is busy newer edits replace the waiting
text (the latest wins, however fast the user types), and when a job ends with a newer text wanted, the next job is
submitted at once. A job that finds nothing current to analyse is skipped. Jobs of different documents (and the
server's other work on the worker) take their turns in order, so a storm of edits to one document never keeps
another document's analysis waiting for more than its one job.

Other files. An analysis may read other files (a template resource's child, the environments): the open
documents' texts are handed to it as ``Options.overlay`` (path -> (revision, text), revisions unique in the
store), and it records what it read in ``Analysis.read_files``. :meth:`DocumentStore.readers` finds the documents
that read a path, :meth:`DocumentStore.invalidate` drops such an analysis when the path changed, and an analysis
that read an open text that changed while it ran is not kept as current (the next request analyses again).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types

from .analysis.evaluation.inputs import EnvironmentValues, Inputs
from .analysis.files.file_service import FileService
from .analysis.files.overlay import Overlay
from .analysis.model.catalogues import catalogue_paths, release_sources
from .analysis.model.cloud_offer import CloudOffer
from .analysis.model.kind import VERSION_KEY, named_as_environment
from .analysis.result import Analysis
from .analysis.validate import Options, analyze
from .analysis.workspace.workspace_index import WorkspaceIndex
from .document import Diagnostic, ParsedDocument
from .document.positions import Encoding, LineIndex
from .document.surrogates import without_lone_surrogates
from .document.uris import file_path
from .features.evaluation_context import PARAMETERS_SOURCE
from .features.snapshot import Settings, Snapshot
from .spec.limits import MAX_TEMPLATE_SIZE

log = logging.getLogger(__name__)

# The longest text the editor analyses: 4 times Heat's max_template_size, so every template Heat could
# accept is checked, while a 10 MB file (20 s and 800 MB to analyse) gets E0005 at once instead of holding the
# one analysis worker, and with it every other document, for as long. The command line reads up to 32 MiB.
EDITOR_MAX_CHARS = 4 * MAX_TEMPLATE_SIZE


@dataclass(frozen=True, slots=True)
class WorkspaceInputs:
    """What snapshots take from the workspace besides the document: the environment files of
    ``hotLsp.environments`` (already read, in order) and the folders ``get_file`` may read."""

    environments: tuple[EnvironmentValues, ...] = ()
    file_roots: tuple[str, ...] = ()
    # The files of ``hotLsp.environments`` (absolute, in order): their registries map the templates' types.
    environment_paths: tuple[str, ...] = ()
    # The workspace index (a live view the server keeps current; read on the event loop only).
    index: WorkspaceIndex | None = field(default=None, compare=False)
    # ``hotLsp.cloud``'s catalogue (the cached file) and the type names it offers; None: no cloud, or not yet.
    cloud_catalogue: str | None = None
    cloud_offer: CloudOffer | None = None

    def key(self) -> tuple[object, ...]:
        # The loader hands out the same object while a file is unchanged, so identity tells versions apart.
        return (tuple(id(env) for env in self.environments), self.file_roots, self.environment_paths)


NO_WORKSPACE_INPUTS = WorkspaceInputs()


class Superseded(Exception):
    """The text a caller waited for was replaced by a newer version before its analysis was ready."""


@dataclass(frozen=True, slots=True)
class _Request:
    """A text to analyse: the document's generation when it was wanted, its text and the options to use."""

    generation: int
    text: str
    options: Options


@dataclass(slots=True)
class _Outcome:
    """What a worker job did: the request it took (None: nothing current to analyse) and its analysis or error.

    ``analysis`` is emptied once the store has taken it: a waiter whose task was cancelled keeps the job's future
    in its traceback, a cycle only a full collection frees, and it must not keep a large tree alive with it."""

    request: _Request | None
    analysis: Analysis | None = None
    error: Exception | None = None


@dataclass(slots=True)
class _Document:
    uri: str
    text: str
    version: int | None
    language_id: str = ""
    generation: int = 0  # bumped by every change: tells texts apart even when versions repeat
    revision: int = 0  # of ``text``, unique in the store: the overlay's stamp for other documents' analyses
    lines: LineIndex | None = None  # of ``text``, built on the first incremental edit that needs it
    analysis: Analysis | None = None  # of ``text``; None until first needed
    options: Options | None = None  # what ``analysis`` was built with
    # The newest text someone waits for an analysis of; the job takes it when it starts (read on the worker).
    wanted: _Request | None = None
    job: asyncio.Future[_Outcome] | None = None  # this document's job on the worker, waiting or running
    last_good: Analysis | None = None
    last_good_generation: int = -1
    # The newest reading of the document's text: the next analysis takes its unchanged pieces (and moves them).
    # Read and set by the analysis itself (on the worker, in the order the analyses run).
    base: ParsedDocument | None = None
    snapshot: Snapshot | None = None
    snapshot_key: tuple[object, ...] = field(default=())


class DocumentStore:
    """Open documents by uri. Not thread-safe: call it from the event loop thread only."""

    def __init__(self, executor: Executor | None = None, files: FileService | None = None) -> None:
        self._documents: dict[str, _Document] = {}
        self._executor = executor  # where snapshot_async analyses; None: the loop's default executor
        self.files = files if files is not None else FileService()  # handed to every snapshot
        self._revisions = itertools.count(1)
        self._revision = 0  # the newest text revision of any document
        # Open documents' texts by path, for analyses that read other files (replaced, never changed in place,
        # so an analysis running on the worker keeps the one it started with).
        self._overlay: dict[str, tuple[int, str]] = {}
        self.on_analysis: Callable[[str, int, Analysis], None] | None = None  # an analysis became current
        # The analyses the last new one replaced, released but not yet freed: see drop_retired.
        self._retired: tuple[Analysis | None, ...] = ()

    # -- text ------------------------------------------------------------------------------------

    def open(self, uri: str, text: str, version: int | None, language_id: str = "") -> None:
        document = self._documents[uri] = _Document(uri, without_lone_surrogates(text), version, language_id)
        self._overlay_text(document)

    def _overlay_text(self, document: _Document, closed: bool = False) -> None:
        document.revision = self._revision = next(self._revisions)
        path = _local_path(document.uri)
        if path is None:
            return
        overlay = dict(self._overlay)
        if closed:
            overlay.pop(os.path.normpath(path), None)
        else:
            overlay[os.path.normpath(path)] = (document.revision, document.text)
        self._overlay = overlay

    def change(
        self,
        uri: str,
        version: int | None,
        changes: Iterable[types.TextDocumentContentChangeEvent],
        encoding: Encoding,
    ) -> bool:
        """Apply a didChange; False when the document is not open (the change is then ignored)."""
        document = self._documents.get(uri)
        if document is None:
            return False
        text = document.text
        lines = document.lines or (document.analysis.parsed.lines if document.analysis else None)
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                if lines is None or lines.text is not text:
                    lines = LineIndex(text)
                start = lines.offset(change.range.start.line, change.range.start.character, encoding)
                end = lines.offset(change.range.end.line, change.range.end.character, encoding)
                if end < start:  # a reversed range: LSP does not allow it, but be lenient
                    start, end = end, start
                # The index follows the edit (a whole scan of endpoint_map.yaml per keystroke was 3 ms of the loop).
                lines = lines.edited(start, end, without_lone_surrogates(change.text))
                text = lines.text
            else:
                text = without_lone_surrogates(change.text)
        document.text = text
        document.version = version
        document.generation += 1
        self._overlay_text(document)
        document.lines = lines if lines is not None and lines.text is text else None
        # What was derived from the old text is stale; last_good stays, by design.
        _forget_derived(document)
        return True

    def close(self, uri: str) -> bool:
        document = self._documents.pop(uri, None)
        if document is None:
            return False
        self._overlay_text(document, closed=True)
        for analysis in {id(a): a for a in (document.analysis, document.last_good) if a is not None}.values():
            analysis.release()
        return True

    def __contains__(self, uri: str) -> bool:
        return uri in self._documents

    def uris(self) -> list[str]:
        return list(self._documents)

    def version(self, uri: str) -> int | None:
        document = self._documents.get(uri)
        return document.version if document is not None else None

    def stamp(self, uri: str) -> tuple[int, int] | None:
        """Identifies the current text of ``uri``; changes with every edit, reopen or close."""
        document = self._documents.get(uri)
        return (id(document), document.generation) if document is not None else None

    def text(self, uri: str) -> str | None:
        document = self._documents.get(uri)
        return document.text if document is not None else None

    def kind(self, uri: str) -> str | None:
        """What the document was last seen to be ("template", "environment"...); None before its first analysis."""
        document = self._documents.get(uri)
        if document is None:
            return None
        analysis = document.analysis or document.last_good
        return analysis.kind if analysis is not None else None

    # -- analyses and snapshots ------------------------------------------------------------------

    def cached_snapshot(
        self, uri: str, encoding: Encoding, settings: Settings, inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS
    ) -> Snapshot | None:
        """The snapshot of the current version if its analysis is already built; never analyses."""
        document = self._documents.get(uri)
        if (
            document is None
            or document.analysis is None
            or document.options != self._options(document, settings, inputs)
        ):
            return None
        return self._snapshot_of(document, encoding, settings, inputs)

    def snapshot(
        self, uri: str, encoding: Encoding, settings: Settings, inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS
    ) -> Snapshot | None:
        """The snapshot of the current version, analysing it here and now if needed."""
        document = self._documents.get(uri)
        if document is None:
            return None
        options = self._options(document, settings, inputs)
        if document.analysis is None or document.options != options:
            self._store(document, document.generation, options, _analyze(document, document.text, options))
        return self._snapshot_of(document, encoding, settings, inputs)

    async def snapshot_async(
        self,
        uri: str,
        encoding: Encoding,
        settings: Settings,
        inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS,
        *,
        follow: bool = True,
    ) -> Snapshot | None:
        """The snapshot of the newest version, analysed on the worker if needed. None: not open.

        While the worker runs the loop keeps reading messages, so the document may move on. With
        ``follow`` this then waits for the newest version instead, and so returns the snapshot of the text
        the client has now; without, it raises :class:`Superseded` as soon as it knows, for callers whose
        question was about the old text only.
        """
        first = self._documents.get(uri)
        first_generation = first.generation if first is not None else -1
        while True:
            document = self._documents.get(uri)
            if document is None:
                return None
            if not follow and (document is not first or document.generation != first_generation):
                raise Superseded(uri)
            options = self._options(document, settings, inputs)
            if document.analysis is not None and document.options == options:
                return self._snapshot_of(document, encoding, settings, inputs)
            job = self._want(document, options)
            if job.done():
                # Finished, but its done callback (which stores the analysis) may still wait in the loop's
                # queue; awaiting a done future never yields, so this loop would spin and starve the loop.
                await asyncio.sleep(0)
                continue
            # Shielded: a cancelled request must not cancel a job other requests share.
            outcome = await asyncio.shield(job)
            request = outcome.request
            if outcome.error is not None and request is not None and request.generation == document.generation:
                raise outcome.error  # the text asked about cannot be analysed: the caller reports it

    def start_analysis(self, uri: str, settings: Settings, inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS) -> None:
        """Have the worker analyse the current text of ``uri`` now (the next snapshot takes that analysis), unless
        the one it has is current. Called as a text changes (``DiagnosticsScheduler.text_changed``): the
        diagnostics' publisher waits for the same analysis a loop turn or two later, and would otherwise start it
        only then."""
        document = self._documents.get(uri)
        if document is None:
            return
        options = self._options(document, settings, inputs)
        if document.analysis is None or document.options != options:
            self._want(document, options)

    def _want(self, document: _Document, options: Options) -> asyncio.Future[_Outcome]:
        """Ask for an analysis of the document's current text with ``options``: it replaces whatever text waited
        for the worker. The job that will take it (submitted now if the document has none).

        Always a new request, even for the same text: ``options`` carries the open documents' texts as they are
        now (the overlay compares by nothing), and an analysis that read an open text which changed meanwhile is
        not kept, so the next one must read the new texts."""
        document.wanted = _Request(document.generation, document.text, options)
        if document.job is None:
            document.job = self._submit(document)
        return document.job

    def _submit(self, document: _Document) -> asyncio.Future[_Outcome]:
        loop = asyncio.get_running_loop()

        def job() -> _Outcome:
            # Runs on the worker: takes the newest text wanted now. Reading the document from this thread is a
            # plain attribute read; the worst case of a race is one analysis too many, never a wrong one.
            request = document.wanted
            if (
                request is None
                or request.generation != document.generation
                or self._documents.get(document.uri) is not document
            ):
                return _Outcome(None)  # superseded before it started: nobody needs it any more
            try:
                return _Outcome(request, _analyze(document, request.text, request.options))
            except Exception as error:
                return _Outcome(request, error=error)

        future = loop.run_in_executor(self._executor, job)

        def done(finished: asyncio.Future[_Outcome]) -> None:
            if document.job is finished:
                document.job = None
            if finished.cancelled():
                return
            if finished.exception() is not None:
                log.error("analysis of %s failed", document.uri, exc_info=finished.exception())
                return
            outcome = finished.result()
            if outcome.error is not None:
                log.error("analysis of %s failed", document.uri, exc_info=outcome.error)
            elif outcome.request is not None and outcome.analysis is not None:
                analysis, outcome.analysis = outcome.analysis, None
                if self._documents.get(document.uri) is document:
                    self._store(document, outcome.request.generation, outcome.request.options, analysis)
                else:
                    analysis.release()  # closed meanwhile
            self._next(document, outcome.request)

        future.add_done_callback(done)
        return future

    def _next(self, document: _Document, done: _Request | None) -> None:
        """A job ended: if a newer text was wanted meanwhile, the worker analyses it next."""
        wanted = document.wanted
        if (
            wanted is None
            or wanted is done
            or document.job is not None
            or wanted.generation != document.generation
            or self._documents.get(document.uri) is not document
            or (document.analysis is not None and document.options == wanted.options)
        ):
            return
        document.job = self._submit(document)

    def _options(self, document: _Document, settings: Settings, inputs: WorkspaceInputs) -> Options:
        known = _known_parameters(document, inputs)
        return _options(document.uri, settings, inputs, self._overlay, known)

    def outdated(self, uri: str, settings: Settings, inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS) -> bool:
        """Whether the next snapshot of ``uri`` needs a new analysis (its text, or what it is checked with,
        changed since the last one)."""
        document = self._documents.get(uri)
        if document is None:
            return False
        return document.analysis is None or document.options != self._options(document, settings, inputs)

    def _store(self, document: _Document, generation: int, options: Options, analysis: Analysis) -> None:
        previous = (document.analysis, document.last_good)
        self._keep(document, generation, options, analysis)
        _let_go(document, *previous, analysis)
        # Freeing what they alone held is ~0.2 ms of a 1,700-line template's keystroke: done once its diagnostics
        # are out (drop_retired), or when the next analysis is stored, whichever comes first.
        self._retired = previous

    def drop_retired(self) -> None:
        """Free the analyses the last stored one replaced (what nothing else holds): the server calls this once the
        answer it was made for is out."""
        self._retired = ()

    def _keep(self, document: _Document, generation: int, options: Options, analysis: Analysis) -> None:
        if analysis.parsed.syntax_ok and generation >= document.last_good_generation:
            document.last_good = analysis
            document.last_good_generation = generation
        if document.generation == generation and self._read_current_texts(analysis):
            document.analysis = analysis
            document.options = options
            document.snapshot = None
            document.snapshot_key = ()
            if self.on_analysis is not None:
                self.on_analysis(document.uri, document.revision, analysis)

    def _read_current_texts(self, analysis: Analysis) -> bool:
        """Whether the open documents the analysis read (other templates, environments) still have the texts
        it read; if not, it is not kept as current, so the next request analyses again with the new texts."""
        for path, stamp in analysis.read_files.items():
            if stamp is not None and stamp[0] == -1:
                now = self._overlay.get(os.path.normpath(path))
                if now is None or now[0] != stamp[1]:
                    return False
        return True

    # -- documents that read other files ---------------------------------------------------------

    @property
    def overlay(self) -> Mapping[str, tuple[int, str]]:
        """The open documents' texts by absolute path: (revision, text)."""
        return self._overlay

    def readers(self, path: str) -> list[str]:
        """The open documents whose current analysis read ``path`` (as a child template, an environment...)."""
        path = os.path.normpath(path)
        found = []
        for uri, document in self._documents.items():
            analysis = document.analysis
            if analysis is not None and any(os.path.normpath(read) == path for read in analysis.read_files):
                found.append(uri)
        return found

    def stack_findings(self, path: str) -> list[tuple[str, Analysis, Diagnostic]]:
        """(uri, analysis, finding) of the open documents whose current analysis judged the template at ``path`` in
        their stack (a finding relating places in it: E7020), when that analysis read the text ``path`` has now."""
        path = os.path.normpath(path)
        current = self._overlay.get(path)
        found: list[tuple[str, Analysis, Diagnostic]] = []
        for uri, document in self._documents.items():
            analysis = document.analysis
            if analysis is None or _local_path(uri) == path:
                continue
            stamps = {os.path.normpath(read): stamp for read, stamp in analysis.read_files.items()}
            if path not in stamps or (current is not None and stamps[path] != (-1, current[0])):
                continue  # the parent has not judged this text yet: its next analysis will
            found.extend(
                (uri, analysis, d)
                for d in analysis.diagnostics
                if any(os.path.normpath(r.path) == path for r in d.related)
            )
        return found

    def read_stamp(self, uri: str, path: str) -> tuple[int, int] | None:
        """The stamp of ``path`` when the current analysis of ``uri`` read it (None: not read, or missing)."""
        document = self._documents.get(uri)
        if document is None or document.analysis is None:
            return None
        path = os.path.normpath(path)
        return next((s for read, s in document.analysis.read_files.items() if os.path.normpath(read) == path), None)

    def invalidate(self, uri: str) -> bool:
        """Forget the analysis of ``uri`` (a file it read changed): the next request analyses its text again.
        A new generation, so diagnostics are published again and pull clients get a new result id."""
        document = self._documents.get(uri)
        if document is None:
            return False
        document.generation += 1
        _forget_derived(document)
        return True

    def _snapshot_of(
        self, document: _Document, encoding: Encoding, settings: Settings, inputs: WorkspaceInputs
    ) -> Snapshot:
        analysis = document.analysis
        assert analysis is not None
        # The overlay's revision: features that read other files see the open documents' current texts.
        key = (document.generation, encoding, settings, id(analysis), inputs.key(), self._revision)
        if document.snapshot is None or document.snapshot_key != key:
            document.snapshot = Snapshot(
                uri=document.uri,
                version=document.version,
                analysis=analysis,
                last_good=document.last_good,
                encoding=encoding,
                settings=settings,
                environments=inputs.environments,
                file_roots=inputs.file_roots,
                environment_paths=inputs.environment_paths,
                overlay=self._overlay,
                workspace=inputs.index,
                files=self.files,
            )
            document.snapshot_key = key
        return document.snapshot


def _analyze(document: _Document, text: str, options: Options) -> Analysis:
    """Analyse ``text`` of ``document``, taking the unchanged pieces of its newest reading."""
    base, lines = document.base, document.lines
    analysis = analyze(text, options, base, lines if lines is not None and lines.text is text else None)
    if document.base is base:
        document.base = analysis.parsed
    return analysis


def _forget_derived(document: _Document) -> None:
    """Drop what was derived from the document's text or its surroundings (last_good stays, by design)."""
    analysis = document.analysis
    document.analysis = None
    document.options = None
    document.wanted = None  # its job, if any, stays: it finds nothing to do, unless a newer text is wanted
    document.snapshot = None
    document.snapshot_key = ()
    _let_go(document, analysis)


def _let_go(document: _Document, *analyses: Analysis | None) -> None:
    """Release the analyses the document no longer keeps (see :meth:`Analysis.release`): freed at once, rather than
    by a full pass of the garbage collector."""
    for analysis in analyses:
        if analysis is not None and analysis is not document.analysis and analysis is not document.last_good:
            analysis.release()


def _options(
    uri: str,
    settings: Settings,
    inputs: WorkspaceInputs = NO_WORKSPACE_INPUTS,
    overlay: Overlay | None = None,
    known_parameters: frozenset[str] | None = None,
) -> Options:
    """How to analyse ``uri``: the 8xxx rules evaluate with ``hotLsp.parameters`` and the environments; the
    resource type rules add the catalogues of ``hotLsp.resourceTypePaths``; the cross-file rules read children
    through the registries of ``hotLsp.environments``, from the open documents' texts (``overlay``) first."""
    named = named_as_environment(uri, settings.environments)
    catalogues = catalogue_paths(settings.resource_type_paths, inputs.file_roots)
    if inputs.cloud_catalogue:
        # The cloud's types replace Heat's of the same name; the user's own catalogues still come last.
        catalogues = (inputs.cloud_catalogue, *catalogues)
    catalogues = release_sources(settings.release) + catalogues  # the release's types replace the newest's
    # Where the document is on disk, for the rules that look for the files it names (environment templates).
    place: dict[str, Any] = {
        "document_path": _local_path(uri),
        "file_roots": inputs.file_roots,
        "environment_paths": inputs.environment_paths,
        "overlay": overlay,
        "known_parameters": known_parameters,
        "max_chars": EDITOR_MAX_CHARS,
        "cloud_offer": inputs.cloud_offer,
    }
    if not settings.parameters and not inputs.environments:
        return Options(named_as_environment=named, resource_type_paths=catalogues, **place)
    values = Inputs(inputs.environments, dict(settings.parameters), PARAMETERS_SOURCE)
    key = (json.dumps(settings.parameters, sort_keys=True, default=repr), inputs.key())
    return Options(named_as_environment=named, inputs=values, inputs_key=key, resource_type_paths=catalogues, **place)


def _known_parameters(document: _Document, inputs: WorkspaceInputs) -> frozenset[str] | None:
    """The parameter names the workspace's templates declare, for an environment file (None: not known yet, or
    not an environment, so that templates' options do not change whenever a name is added somewhere).

    While the names this environment sets get the same verdict (declared or not) from the new set as from the
    one its analysis was made with, that one is kept: a template gaining a parameter elsewhere does not make
    every open environment file analysed again."""
    index = inputs.index
    if index is None or not index.complete or VERSION_KEY in document.text:
        return None
    path = _local_path(document.uri)
    folders = tuple(os.path.join(os.path.abspath(root), "") for root in inputs.file_roots)
    if path is None or not os.path.abspath(path).startswith(folders):
        return None  # outside the workspace: the templates it is used with are not known
    names = index.parameter_names()
    before = document.options.known_parameters if document.options is not None else None
    environment = document.analysis.environment if document.analysis is not None else None
    if before is None or before is names or environment is None:
        return names
    written = [n for section in ("parameters", "parameter_defaults") for n in environment.parameters(section)]
    if all((name in before) == (name in names) for name in written):
        return before
    return names


def _local_path(uri: str) -> str | None:
    """The file a ``file:`` uri names; None for other schemes (untitled buffers)."""
    return file_path(uri)
