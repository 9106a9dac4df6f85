"""One file of ``hot-lsp check``: read, analysed, and boiled down to what the report needs (its diagnostics with
their positions, its kind, what a template declares), small enough to come back from a worker process.

The same code runs in the ``check`` process and in its workers; a worker is given the run's options once
(:func:`start`) and then lists of files (:func:`check_files`).

The garbage collector is set for a run that builds one large tree after another and keeps little of each. Left
to itself, it walked every tree several times while it was built (each young collection promotes the survivors
to be walked again), and since a tree refers to itself it was freed only by a full pass over everything alive,
the modules and the catalogue included: ~0.55 s of the corpus's 2.1 s with one process. So what is loaded when
the run starts is frozen (never walked again), automatic collection is paused while a file is checked, and the
file's analysis is released once its result is made (its cycles broken, it is freed at once): the young
generation then walks what the file left, once. Not for a file larger than ``PAUSE_UP_TO`` (twice what Heat
accepts): its garbage, uncollected until its end, would raise the peak memory by half (7.5 MB of YAML: 0.66 ->
0.92 GB).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..analysis.codes import turned_off
from ..analysis.files.cross_file import CrossFile
from ..analysis.files.template_files import reads_alike
from ..analysis.model.catalogues import resource_catalogue
from ..analysis.result import Analysis
from ..analysis.rules.environment.environment_files import undeclared_parameter, written_parameters
from ..analysis.rules.version.template_version import E0013
from ..analysis.suppress import apply_suppressions
from ..analysis.validate import Options, analyze
from ..analysis.workspace.declared_parameters import Declared, declared_by
from ..document import Diagnostic, LineIndex
from ..spec.limits import MAX_TEMPLATE_SIZE
from .files import NotText, Source, source_text
from .output import FileResult, KnownPositions


@dataclass(frozen=True, slots=True)
class Checked:
    """A HOT file checked (or named and unreadable: kind "unreadable")."""

    result: FileResult
    kind: str
    # A template's parameters and children, when reading it back as a child would model it the same way; the
    # environment checks need them for every template checked, and would otherwise parse each again.
    declared: Declared | None = None
    # An environment's parameter values that W7015 would name if no template checked declared them, as
    # (section, name, start, end) (those an inline or --disable turns off left out): only once every file is
    # checked are the declared names known, and the parent process says W7015 then (check.py).
    undeclared: tuple[tuple[str, str, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Failed:
    """The file could not be read (an I/O error, reported on stderr)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Skipped:
    """A Jinja2 source met in a folder walk: not YAML yet, left out (``check`` says how many)."""


Outcome = Checked | Failed | Skipped | None  # None: not a HOT file, skipped

JINJA_SUFFIXES = (".j2.yaml", ".j2.yml", ".j2.json", ".j2.template")
_JINJA_MARKS = ("{%", "{{", "{#")


def check_text(path: str, text: str, options: Options) -> Analysis:
    """One file's text analysed as ``check`` analyses the file at ``path``."""
    return analyze(text, replace(options, document_path=os.path.abspath(path)))


def check_file(source: Source, options: Options) -> Outcome:
    if not source.explicit and source.path.endswith(JINJA_SUFFIXES):
        return Skipped()
    try:
        text = source_text(source)
    except NotText as problem:
        if not source.explicit:
            return None  # binary files in a tree are simply not templates
        unreadable = [Diagnostic("E0009", f"Cannot read: {problem.reason}.", 0, 0)]
        return Checked(FileResult(source.path, LineIndex(""), unreadable), "unreadable")
    except OSError as error:
        return Failed(str(error.strerror or error))
    analysis = check_text(source.path, text, replace(options, named_as_template=source.explicit))
    try:
        return _outcome(source, text, analysis, options)
    finally:
        analysis.release()  # freed now, not by the collector (see the module); the outcome keeps its lines only


def _outcome(source: Source, text: str, analysis: Analysis, options: Options) -> Outcome:
    jinja = _jinja_source(source.path, text, analysis)
    if jinja is not None:
        if not source.explicit:
            return Skipped()
        found = [
            Diagnostic(
                E0013,
                "A Jinja2 template source, not YAML yet: Heat reads the rendered file. Render it "
                "first and check the result.",
                jinja,
                jinja + 2,
            )
        ]
        return Checked(FileResult(source.path, KnownPositions(analysis.parsed.lines, found), found), "jinja")
    if analysis.kind not in ("template", "environment"):
        return None
    undeclared = _undeclared_candidates(analysis, options)
    spans = [offset for _, _, start, end in undeclared for offset in (start, end)]
    positions = KnownPositions(analysis.parsed.lines, analysis.diagnostics, spans)
    result = FileResult(source.path, positions, analysis.diagnostics)
    return Checked(result, analysis.kind, _declared(source.path, text, analysis, options), undeclared)


def _undeclared_candidates(analysis: Analysis, options: Options) -> tuple[tuple[str, str, int, int], ...]:
    """An environment's W7015 as they would be if no template declared anything, once its inline disables and
    --disable have had their say: (section, name, start, end) each."""
    environment = analysis.environment
    if environment is None or options.known_parameters is not None:
        return ()
    candidates = [
        (section, name, undeclared_parameter(section, name, key.start, key.end, ()))
        for section, name, key in written_parameters(environment)
    ]
    shown = apply_suppressions([d for _, _, d in candidates], analysis.text, analysis.parsed.lines)
    kept = {id(d) for d in shown if not turned_off(d.code, options.disabled)}
    return tuple((section, name, d.start, d.end) for section, name, d in candidates if id(d) in kept)


def _jinja_source(path: str, text: str, analysis: Analysis) -> int | None:
    """The offset of the first Jinja2 mark of a Jinja2 source (its name says so, or its marks keep it from parsing
    as YAML); None for YAML, including YAML whose strings merely hold braces."""
    marks = [at for at in (text.find(mark) for mark in _JINJA_MARKS) if at >= 0]
    if not marks:
        return None
    broken = any(d.code == "E0001" for d in analysis.diagnostics)
    return min(marks) if broken or path.endswith(JINJA_SUFFIXES) else None


def _declared(path: str, text: str, analysis: Analysis, options: Options) -> Declared | None:
    model = analysis.model
    if model is None or not reads_alike(path, text, analysis.parsed):
        return None
    return declared_by(os.path.abspath(path), model, around(options))


def around(options: Options) -> CrossFile:
    """The files around the run's templates (their children, the environments' registries), for what they
    declare; standard input's text stands in for the file it names (``options.overlay``)."""
    return CrossFile(
        resource_catalogue(options.resource_type_paths),
        None,
        options.file_roots,
        options.environment_paths,
        options.overlay,
    )


_options: Options | None = None  # a worker's options for the whole run


def start(options: Options) -> None:
    """Make this process ready to check files with ``options``: the catalogue read once, before the first file, and
    with the modules, frozen (see the module)."""
    global _options
    _options = options
    resource_catalogue(options.resource_type_paths)
    gc.freeze()


PAUSE_UP_TO = 2 * MAX_TEMPLATE_SIZE  # bytes: a larger file is checked with the collector running


def check_files(sources: Sequence[Source]) -> list[Outcome]:
    """Each of ``sources`` checked with the options :func:`start` was given (see the module on the collector)."""
    assert _options is not None, "check_file.start was not called in this process"
    outcomes: list[Outcome] = []
    for source in sources:
        if not gc.isenabled() or _size(source) > PAUSE_UP_TO:
            outcomes.append(check_file(source, _options))
            continue
        gc.disable()
        try:
            outcomes.append(check_file(source, _options))
        finally:
            gc.enable()
    return outcomes


def _size(source: Source) -> int:
    if source.content is not None:
        return len(source.content)
    try:
        return os.stat(source.path).st_size
    except (OSError, ValueError):
        return 0  # (reading it fails too, and says why)
