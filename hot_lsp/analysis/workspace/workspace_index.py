"""The workspace index: a summary of every HOT template and environment file in the workspace folders.

Cross-file features ask questions no single document answers: which templates use this one as a template
resource (and with which properties), which environment files set its parameters, which parameter names the
workspace declares at all. Each file is summarised once per version (:class:`IndexedFile`: its parameters,
outputs and resources with the place of every name, the types it names with the properties it passes, an
environment's registry targets and parameter keys), so a question costs a dictionary walk, never a parse.

Files come from two places: the disk (:func:`read_indexed_file`, bounded like Heat: 524,288 characters, regular
files only) and the editor's open documents (:func:`index_analysis`, from the analysis the server already has);
an open document's summary hides its file's. Which child a type stands for is decided at question time with the
registry of the configured environments (:meth:`WorkspaceIndex.set_registry`), so changing the environments
re-links the files without reading them again.

Not thread-safe: one thread (the server's event loop) changes and asks it; reading files may happen anywhere.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from ...document import LineIndex, Mapping, ParsedDocument, Scalar, parse
from ...document.positions import Encoding
from ..files.template_files import MAX_FILE_BYTES, MAX_FILE_CHARS
from ..model.catalogues import resource_catalogue
from ..model.environment import EnvironmentModel, build_environment, template_location
from ..model.kind import ENVIRONMENT_ONLY_SECTIONS, VERSION_KEY, detect_kind
from ..model.registry import Registry, Resolution
from ..model.registry import template_location as resolved_location
from ..model.type_slots import type_slots
from ..result import Analysis

IndexedKind = Literal["template", "environment"]
Stamp = tuple[int, int]  # (mtime_ns, size) on disk; (-1, revision) for an open document's text

INDEXED_SUFFIXES = (".yaml", ".yml", ".template", ".json", ".hot")
MAX_FILES = 5_000  # files looked at in one workspace (a home folder opened by mistake must not be read whole)
MAX_FOLDERS = 20_000  # folders walked to find them
_SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "venv"})  # and every hidden folder


@dataclass(frozen=True, slots=True)
class Span:
    """Where a name is written in an indexed file, in characters of one line."""

    line: int
    start: int
    end: int
    style: str | None  # the scalar's quoting (None: plain)
    verbatim: bool  # the span holds the name exactly as it reads (so it can be replaced in place)
    prefix: str | None = None  # the line up to ``end`` when it is not ASCII, to count other encodings' units

    def columns(self, encoding: Encoding) -> tuple[int, int]:
        """(start, end) counted in ``encoding``'s code units."""
        if self.prefix is None or encoding == "utf-32":
            return self.start, self.end
        lines = LineIndex(self.prefix)
        return lines.position(self.start, encoding)[1], lines.position(self.end, encoding)[1]


@dataclass(frozen=True, slots=True)
class IndexedUse:
    """A type named by a template (a resource's, or a group member's) with the properties it is given."""

    resource: str
    type_name: str
    type_span: Span
    member: bool  # a group member: the registry does not scope its lookup by the resource's name
    properties: dict[str, Span] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class IndexedFile:
    path: str
    stamp: Stamp
    kind: IndexedKind
    parameters: dict[str, Span] = field(default_factory=dict)  # declared (template) or set (environment)
    resources: dict[str, Span] = field(default_factory=dict)
    outputs: dict[str, Span] = field(default_factory=dict)
    uses: tuple[IndexedUse, ...] = ()
    parameter_defaults: dict[str, Span] = field(default_factory=dict)  # environment
    registry_targets: frozenset[str] = frozenset()  # environment: the local templates its registry names


@dataclass(frozen=True, slots=True)
class Parent:
    """A template using another as a template resource."""

    file: IndexedFile
    use: IndexedUse


@dataclass(frozen=True, slots=True)
class EnvironmentKey:
    """A parameter an environment file sets."""

    file: IndexedFile
    section: str  # "parameters" or "parameter_defaults"
    span: Span


# -- reading ---------------------------------------------------------------------------------------------


def candidate_files(roots: Iterable[str], limit: int = MAX_FILES) -> list[str]:
    """Files below ``roots`` whose names HOT files may have, sorted per folder, hidden folders and
    ``node_modules`` skipped; at most ``limit`` files, looking in at most MAX_FOLDERS folders."""
    found: list[str] = []
    seen: set[str] = set()
    walked = 0
    for root in roots:
        for folder, folders, names in os.walk(os.path.abspath(root)):
            walked += 1
            if walked > MAX_FOLDERS:
                return found
            folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in _SKIPPED_FOLDERS)
            for name in sorted(names):
                if not name.endswith(INDEXED_SUFFIXES) or name.startswith("."):
                    continue
                path = os.path.join(folder, name)
                if path in seen:
                    continue
                seen.add(path)
                found.append(path)
                if len(found) >= limit:
                    return found
    return found


def file_stamp(path: str) -> Stamp | None:
    """The (mtime_ns, size) of a regular file; None when it is missing or not a regular file."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return status.st_mtime_ns, status.st_size


def read_indexed_file(
    path: str, named_as_environment: bool = False, known: IndexedFile | None = None
) -> IndexedFile | None:
    """The summary of the file at ``path``; None when it is not a HOT template or environment (or not readable,
    or over Heat's size). ``known``: its summary from before, handed back without reading while the file's
    modification time and size are the same."""
    stamp = file_stamp(path)
    if stamp is None or stamp[1] > MAX_FILE_BYTES:
        return None
    if known is not None and known.stamp == stamp:
        return known
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    if b"\x00" in data[:8192]:
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if len(text) > MAX_FILE_CHARS or not _may_be_hot(text, named_as_environment):
        return None  # most YAML of a workspace is not HOT: skip it without parsing
    parsed = parse(text)
    kind = detect_kind(parsed.root, text, named_as_environment)
    if kind not in ("template", "environment"):
        return None
    return _summary(path, stamp, kind, parsed)


def _may_be_hot(text: str, named_as_environment: bool) -> bool:
    if VERSION_KEY in text:
        return True
    if any(section in text for section in ENVIRONMENT_ONLY_SECTIONS):
        return True
    return named_as_environment and "parameters" in text


def index_analysis(path: str, stamp: Stamp, analysis: Analysis) -> IndexedFile | None:
    """The summary of an open document, from the analysis the server built (no second parse)."""
    if analysis.kind not in ("template", "environment"):
        return None
    return _summary(path, stamp, analysis.kind, analysis.parsed, analysis.environment)


def _summary(
    path: str, stamp: Stamp, kind: str, parsed: ParsedDocument, environment: EnvironmentModel | None = None
) -> IndexedFile:
    root, text, lines = parsed.root, parsed.text, parsed.lines

    def spans(section: object) -> dict[str, Span]:
        found: dict[str, Span] = {}
        if isinstance(section, Mapping):
            for pair in section.entries():
                key = pair.key
                if isinstance(key, Scalar) and isinstance(key.value, str):
                    found[key.value] = _span(text, lines, key)
        return found

    if not isinstance(root, Mapping):
        return IndexedFile(path, stamp, "template" if kind == "template" else "environment")
    if kind == "environment":
        return IndexedFile(
            path,
            stamp,
            "environment",
            parameters=spans(root.get("parameters")),
            parameter_defaults=spans(root.get("parameter_defaults")),
            registry_targets=_registry_targets(path, environment or build_environment(parsed)),
        )
    uses = tuple(
        IndexedUse(
            slot.resource, slot.type_name, _span(text, lines, slot.type_node), slot.member, spans(slot.properties)
        )
        for slot in type_slots(root)
    )
    return IndexedFile(
        path,
        stamp,
        "template",
        parameters=spans(root.get("parameters")),
        resources=spans(root.get("resources")),
        outputs=spans(root.get("outputs")),
        uses=uses,
    )


def _registry_targets(path: str, model: EnvironmentModel | None) -> frozenset[str]:
    """The local files the registry maps types to (found as python-heatclient finds them)."""
    if model is None:
        return frozenset()
    found = set()
    for entry in model.registry:
        if entry.kind != "template" or not isinstance(entry.target, str):
            continue
        location = template_location(entry.target, model.base_url_for(entry.path[:-1]), path)
        if location is not None:
            found.add(location.path)
    return frozenset(found)


def _span(text: str, lines: LineIndex, node: Scalar) -> Span:
    """Where ``node``'s name is written (inside its quotes), or the whole node when it is not written as it
    reads (escapes, block scalars)."""
    start, end = node.start, node.end
    value = node.value if isinstance(node.value, str) else node.text
    verbatim = False
    if value and node.style in (None, "'", '"'):
        inner_end = end - (1 if node.style else 0)
        inner_start = inner_end - len(value)
        quoted_well = node.style is None or (
            end - start >= 2 and text[end - 1] == node.style and text[inner_start - 1 : inner_start] == node.style
        )
        if inner_start >= start and quoted_well and text[inner_start:inner_end] == value:
            start, end, verbatim = inner_start, inner_end, True
    line = lines.line_of(start)
    line_start = lines.start_of(line)
    line_end = lines.start_of(line + 1) if line + 1 < lines.line_count else len(text)
    if end > line_end:  # a name over several lines is never replaced in place
        end, verbatim = line_end, False
    segment = text[line_start:end]
    return Span(
        line, start - line_start, end - line_start, node.style, verbatim, None if segment.isascii() else segment
    )


# -- the index -------------------------------------------------------------------------------------------


class WorkspaceIndex:
    """The summaries of the workspace's files, and the questions asked about them."""

    def __init__(self) -> None:
        self._disk: dict[str, IndexedFile] = {}
        self._open: dict[str, IndexedFile] = {}
        self._registry: Registry | None = None
        self._environment_paths: tuple[str, ...] = ()
        self._resolved: dict[tuple[str, str | None], Resolution] = {}
        self._links: dict[str, tuple[tuple[str, IndexedUse], ...]] = {}  # parent path -> (child path, use)
        self._parents: dict[str, list[Parent]] | None = None
        self._names: frozenset[str] | None = None
        self.complete = False  # every HOT file of the workspace folders is in (the first scan is over)
        self.revision = 0  # bumped by every change

    # -- changes ---------------------------------------------------------------------------------

    def put(self, record: IndexedFile) -> None:
        """A file as read from disk."""
        self._replace(self._disk, record.path, record)

    def remove(self, path: str) -> None:
        """A file deleted, or no longer a HOT file."""
        self._replace(self._disk, path, None)

    def put_open(self, record: IndexedFile) -> None:
        """An open document's current text; it hides the file on disk until :meth:`forget_open`."""
        self._replace(self._open, record.path, record)

    def forget_open(self, path: str) -> None:
        """An open document is not a HOT file (any more), or it was closed: the file on disk counts again."""
        self._replace(self._open, path, None)

    def _replace(self, table: dict[str, IndexedFile], path: str, record: IndexedFile | None) -> None:
        before = self.file(path)
        if record is None:
            if table.pop(path, None) is None:
                return
        elif table.get(path) == record:
            return
        else:
            table[path] = record
        after = self.file(path)
        if _declared(before) != _declared(after):
            self._names = None
        self._links.pop(path, None)
        self._parents = None
        self.revision += 1

    def set_registry(self, registry: Registry, environment_paths: Iterable[str]) -> None:
        """The registry of the configured environments (in order); re-links every file."""
        self._registry = registry
        self._environment_paths = tuple(os.path.normpath(p) for p in environment_paths)
        self._resolved.clear()
        self._links.clear()
        self._parents = None
        self.revision += 1

    # -- questions -------------------------------------------------------------------------------

    def on_disk(self, path: str) -> IndexedFile | None:
        """The summary of the file as last read from disk (an open document's text aside)."""
        return self._disk.get(os.path.normpath(path))

    @property
    def environment_paths(self) -> tuple[str, ...]:
        return self._environment_paths

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            self._registry = Registry.build(resource_catalogue(()))
        return self._registry

    def file(self, path: str) -> IndexedFile | None:
        path = os.path.normpath(path)
        return self._open.get(path) or self._disk.get(path)

    def files(self, kind: IndexedKind | None = None) -> Iterator[IndexedFile]:
        """Every indexed file (an open document's text rather than its file), by path."""
        for path in sorted(self._disk.keys() | self._open.keys()):
            record = self._open.get(path) or self._disk[path]
            if kind is None or record.kind == kind:
                yield record

    def __len__(self) -> int:
        return len(self._disk.keys() | self._open.keys())

    def parents_of(self, child: str) -> list[Parent]:
        """The templates that use ``child`` as a template resource (a resource's type or a group member's)."""
        if self._parents is None:
            self._parents = self._link_all()
        return list(self._parents.get(os.path.normpath(child), ()))

    def children_of(self, parent: str) -> list[tuple[str, IndexedUse]]:
        """(child path, use) of every template resource ``parent`` names."""
        record = self.file(parent)
        return list(self._links_of(record)) if record is not None else []

    def environment_keys(self, child: str, parameter: str) -> list[EnvironmentKey]:
        """Where environment files set ``parameter`` for ``child``: those whose registry maps a type to it, and
        the configured environments (their ``parameter_defaults`` reach every nested template)."""
        child = os.path.normpath(child)
        found = []
        for record in self.files("environment"):
            if child not in record.registry_targets and record.path not in self._environment_paths:
                continue
            for section, keys in (("parameters", record.parameters), ("parameter_defaults", record.parameter_defaults)):
                span = keys.get(parameter)
                if span is not None:
                    found.append(EnvironmentKey(record, section, span))
        return found

    def parameter_names(self) -> frozenset[str]:
        """Every parameter name a template of the workspace declares."""
        if self._names is None:
            names: set[str] = set()
            for record in self.files("template"):
                names.update(record.parameters)
            self._names = frozenset(names)
        return self._names

    # -- linking ---------------------------------------------------------------------------------

    def _link_all(self) -> dict[str, list[Parent]]:
        parents: dict[str, list[Parent]] = {}
        for record in self.files("template"):
            for child, use in self._links_of(record):
                parents.setdefault(child, []).append(Parent(record, use))
        return parents

    def _links_of(self, record: IndexedFile) -> tuple[tuple[str, IndexedUse], ...]:
        cached = self._links.get(record.path)  # dropped whenever the file changes
        if cached is not None:
            return cached
        links = []
        for use in record.uses:
            child = self.resolve(use.type_name, None if use.member else use.resource, record.path)
            if child is not None:
                links.append((child, use))
        self._links[record.path] = found = tuple(links)
        return found

    def resolve(self, type_name: str, resource: str | None, referrer: str) -> str | None:
        """The local template file ``type_name`` stands for in the template at ``referrer``, or None."""
        registry = self.registry
        scoped = resource if resource is not None and resource in registry.scoped else None
        key = (type_name, scoped)
        resolution = self._resolved.get(key)
        if resolution is None:
            resolution = self._resolved[key] = registry.resolve(type_name, scoped)
        if resolution.kind != "template":
            return None
        location = resolved_location(resolution, referrer)
        return os.path.normpath(os.path.abspath(location)) if location is not None else None


def _declared(record: IndexedFile | None) -> object:
    """What a file adds to the workspace's parameter names."""
    return record.parameters.keys() if record is not None and record.kind == "template" else None


def build_index(
    roots: Iterable[str],
    registry: Registry | None = None,
    environment_paths: Iterable[str] = (),
    named_as_environment: Callable[[str], bool] = lambda path: False,
) -> WorkspaceIndex:
    """Index every file below ``roots`` at once (benchmarks and tests; the server goes in steps)."""
    index = WorkspaceIndex()
    if registry is not None:
        index.set_registry(registry, environment_paths)
    refresh_index(index, roots, named_as_environment)
    return index


def refresh_index(
    index: WorkspaceIndex, roots: Iterable[str], named_as_environment: Callable[[str], bool] = lambda path: False
) -> None:
    """Bring ``index`` up to date with the files below ``roots``: only new and changed files are read."""
    roots = tuple(roots)
    found = candidate_files(roots)
    for path in found:
        record = read_indexed_file(path, named_as_environment(path), index.on_disk(path))
        if record is None:
            index.remove(path)
        else:
            index.put(record)
    seen = set(found)
    folders = tuple(os.path.abspath(root).rstrip(os.sep) + os.sep for root in roots)
    for record in list(index.files()):
        if record.path not in seen and record.path.startswith(folders):
            index.remove(record.path)
    index.complete = True
