"""One entry point from text to diagnostics, shared by the CLI, the server and the tests."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from .. import spec
from ..document import Diagnostic, ParsedDocument, parse
from ..document.parse import MAX_TEXT_CHARS
from ..spec.resource_types import file_stamp
from .cross_file import CrossFile
from .environment import EnvironmentModel, build_environment
from .evaluation.files import FileSource
from .evaluation.inputs import Inputs
from .kind import Kind, detect_kind
from .model import TemplateModel, build_model
from .overlay import Overlay
from .report import Reporter
from .rules import CROSS_FILE_RULES, ENVIRONMENT_RULES, EVALUATION_RULES, RULE_MODULES
from .suppress import apply_suppressions

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Options:
    disabled: frozenset[str] = frozenset()
    # Texts longer than this are not read at all (E0005); the editor sets less than the command line's 32 MiB.
    max_chars: int = MAX_TEXT_CHARS
    named_as_environment: bool = False
    # Parameter values and get_file content for the 8xxx rules (evaluation); None: defaults only, no files.
    # They compare by ``inputs_key`` (cheap) rather than by content (environment files can be large).
    inputs: Inputs | None = field(default=None, compare=False)
    files: FileSource | None = field(default=None, compare=False)
    inputs_key: object = None
    # User resource type catalogues (absolute paths, or relative to the working directory), after Heat's own.
    resource_type_paths: tuple[str, ...] = ()
    # Where the document is on disk (None: not a file), so rules can look for the files it names; absolute paths
    # are looked for only below ``file_roots`` (the workspace folders; none: the document's own folder).
    document_path: str | None = None
    file_roots: tuple[str, ...] = ()
    # Environment files whose resource_registry maps this template's types (``--env``, ``hotLsp.environments``),
    # absolute, in the order Heat applies them; the cross-file rules resolve template resources through them.
    environment_paths: tuple[str, ...] = ()
    # Documents open in the editor (absolute path -> (generation, text)): children are read from their buffers.
    overlay: Overlay | None = field(default=None, compare=False)
    # For an environment file: every parameter name the templates it is used with declare (the templates checked
    # or open, and the children reachable from them); a name in its parameters or parameter_defaults that none
    # declares is W7015. None: those templates are not known, so nothing is said.
    known_parameters: frozenset[str] | None = None


@dataclass(slots=True)
class Analysis:
    """Everything known about one text; immutable once built, so requests can share it."""

    text: str
    parsed: ParsedDocument
    kind: Kind
    model: TemplateModel | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    environment: EnvironmentModel | None = None  # the sections and registry entries of an environment file
    # Every other file the rules looked at (children, environments), with its stamp then (None: not there):
    # the analysis is stale once one of them changes.
    read_files: dict[str, tuple[int, int] | None] = field(default_factory=dict, compare=False)
    # Indexes that features derive from this analysis (reference lookup, folding, tokens...), built on
    # first use. The analysis never changes, so they never go stale, and they are freed with it.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def derive(self, name: str, build: Callable[[Analysis], T]) -> T:
        """``build(self)``, computed once per analysis and ``name`` (a race only builds it twice)."""
        try:
            return self.derived[name]
        except KeyError:
            value = self.derived[name] = build(self)
            return value


def _contained(check: Callable[[], object], rule: str, document: str | None) -> None:
    """Run one rule module; a crash in it is logged (with the document) and the other rules still report."""
    try:
        check()
    except Exception:
        log.exception("rule %s failed on %s", rule, document or "an unsaved document")


def analyze(text: str, options: Options = Options()) -> Analysis:
    parsed = parse(text, options.max_chars)
    kind = detect_kind(parsed.root, text, options.named_as_environment)
    if kind not in ("template", "environment"):
        return Analysis(text, parsed, kind, None, [])
    model = build_model(parsed) if kind == "template" else None
    around = None
    if model is not None:
        model.catalogue = resource_catalogue(options.resource_type_paths)
        if options.document_path or options.environment_paths:
            around = CrossFile(
                model.catalogue, options.document_path, options.file_roots, options.environment_paths, options.overlay
            )
            if options.environment_paths:
                model.registry = around.registry
    environment = build_environment(parsed) if kind == "environment" else None
    analysis = Analysis(text, parsed, kind, model, [], environment)
    report = Reporter()
    for diagnostic in parsed.problems:
        report.diagnostics.append(diagnostic)
    if model is not None:
        for module in RULE_MODULES:
            _contained(partial(module.check, model, report), module.__name__, options.document_path)
        if around is not None:
            for cross_file in CROSS_FILE_RULES:
                _contained(partial(cross_file.check, model, report, around), cross_file.__name__, options.document_path)
            analysis.read_files = around.files.stamps
        if parsed.syntax_ok:
            evaluation = partial(EVALUATION_RULES.check, analysis, report, options.inputs or Inputs(), options.files)
            _contained(evaluation, EVALUATION_RULES.__name__, options.document_path)
    if environment is not None:
        surroundings = ENVIRONMENT_RULES.Surroundings(
            resource_catalogue(options.resource_type_paths),
            options.document_path,
            options.file_roots,
            options.known_parameters,
        )
        check_environment = partial(ENVIRONMENT_RULES.check, environment, report, surroundings)
        _contained(check_environment, ENVIRONMENT_RULES.__name__, options.document_path)
    diagnostics = apply_suppressions(report.diagnostics, text, parsed.lines)
    if options.disabled:
        diagnostics = [d for d in diagnostics if d.code not in options.disabled]
    # YAML shared through an alias is checked at every use, but a fault in it is shown once.
    diagnostics = list({(d.code, d.start, d.end): d for d in diagnostics}.values())
    diagnostics.sort(key=lambda d: (d.start, d.code))
    analysis.diagnostics = diagnostics
    return analysis


_BROKEN_CATALOGUES: dict[tuple[tuple[str, int, int], ...], str] = {}  # file stamps -> the error, logged once


def resource_catalogue(paths: tuple[str, ...]) -> spec.Catalogue:
    """Heat's catalogue plus the user's (cached by the loader). When a user file cannot be loaded, the error is
    logged once per version of the files and Heat's catalogue alone is used: the editor keeps working (the CLI
    refuses such a file before it gets here)."""
    if not paths:
        return spec.builtin_catalogue()
    stamps = tuple(file_stamp(path) for path in paths)
    if stamps in _BROKEN_CATALOGUES:
        return spec.builtin_catalogue()
    try:
        return spec.load_catalogue(paths)
    except spec.CatalogueError as error:
        _BROKEN_CATALOGUES[stamps] = str(error)
        log.warning("resource type catalogue not loaded, using Heat's types only: %s", error)
        return spec.builtin_catalogue()


def catalogue_paths(paths: tuple[str, ...], folders: tuple[str, ...]) -> tuple[str, ...]:
    """``hotLsp.resourceTypePaths`` as absolute paths: a relative one names a file in a workspace folder (the
    first folder that has it; the first folder when none does, so the loader's error names a real place)."""
    resolved = []
    for path in paths:
        path = os.path.expanduser(path)
        if not os.path.isabs(path) and folders:
            candidates = [os.path.join(folder, path) for folder in folders]
            path = next((c for c in candidates if os.path.isfile(c)), candidates[0])
        resolved.append(path)
    return tuple(resolved)
