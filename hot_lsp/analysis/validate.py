"""One entry point from text to diagnostics, shared by the CLI, the server and the tests."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from ..document import LineIndex, ParsedDocument, parse
from ..document.parse import MAX_TEXT_CHARS
from ..document.pauses import pause_point
from ..spec.limits import MAX_TEMPLATE_SIZE
from .codes import turned_off
from .evaluation.inputs import Inputs
from .files.cross_file import CrossFile
from .files.overlay import Overlay
from .model.catalogues import resource_catalogue
from .model.cloud_offer import CloudOffer
from .model.environment import build_environment
from .model.kind import detect_kind
from .model.template import build_model
from .report import Reporter
from .result import Analysis
from .rules import PHASES, units_in
from .rules.context import RuleContext
from .rules.environment.given_root import not_a_map
from .rules.phases import runs
from .suppress import apply_suppressions
from .values.file_source import FileSource

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Options:
    disabled: frozenset[str] = frozenset()
    # Texts longer than this are not read at all (E0005); the editor sets less than the command line's 32 MiB.
    max_chars: int = MAX_TEXT_CHARS
    named_as_environment: bool = False
    named_as_template: bool = False  # named by the user to be checked: template sections make it a template
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
    # The resource types the user's cloud offers (``hotLsp.cloud``): a resource of another type is W9902. Its
    # catalogue, for the types' schemas, is one of ``resource_type_paths``. None: no cloud, nothing said.
    cloud_offer: CloudOffer | None = None

    def given_environment(self) -> bool:
        """Whether the document is one of the environments the user gave (``environment_paths``): then it is read
        as Heat reads an environment it is given, and what Heat or python-heatclient refuses in it is an error."""
        path = self.document_path
        return path is not None and os.path.abspath(path) in self.environment_paths


def _contained(check: Callable[[], object], rule: str, document: str | None) -> None:
    """Run one rule unit; a crash in it is logged (with the document) and the other rules still report."""
    pause_point()
    try:
        check()
    except Exception:
        log.exception("rule %s failed on %s", rule, document or "an unsaved document")


def analyze(
    text: str, options: Options = Options(), base: ParsedDocument | None = None, lines: LineIndex | None = None
) -> Analysis:
    """Parse ``text``, build its model and run the rules, in an order that matters:

    the model gets its catalogue and registry before any rule runs (the rules resolve types through them); then the
    rule units run by phase (``rules/phases.py``: syntax, model, cross-file, evaluation, reach, environment), each
    phase only where it applies, all through one :class:`RuleContext`. The cross-file rules reuse what the model
    rules found; the evaluation runs after both, so that it can leave out what they already reported
    (``Reporter.cover``). Suppression comments, disabled codes and the de-duplication of aliased YAML come after all
    rules.

    ``base``: the reading of an earlier text of the same document, whose unchanged pieces the parse takes (and
    moves: that reading's tree is out of date afterwards). ``lines``: the text's line index, when the caller has it.
    """
    parsed = parse(text, options.max_chars, f" (and Heat accepts at most {MAX_TEMPLATE_SIZE:,})", base, lines)
    given = options.given_environment()
    kind = detect_kind(parsed.root, text, options.named_as_environment, options.named_as_template, given)
    if kind not in ("template", "environment"):
        refused = not_a_map(parsed) if given else None  # a given environment that is not a map: heatclient refuses
        found = [refused] if refused is not None and not turned_off(refused.code, options.disabled) else []
        return Analysis(text, parsed, kind, None, found)
    model = build_model(parsed, base) if kind == "template" else None
    around = None
    if model is not None:
        model.catalogue = resource_catalogue(options.resource_type_paths)
        model.cloud_offer = options.cloud_offer
        if options.document_path or options.environment_paths:
            around = CrossFile(
                model.catalogue, options.document_path, options.file_roots, options.environment_paths, options.overlay
            )
            if options.environment_paths:
                model.registry = around.registry
    environment = build_environment(parsed) if kind == "environment" else None
    analysis = Analysis(text, parsed, kind, model, [], environment, earlier=base if parsed.pieces is not None else None)
    if around is not None:
        analysis.read_files = around.files.stamps  # (filled as the cross-file rules read)
    context = RuleContext(
        analysis,
        Reporter(),
        options.inputs or Inputs(),
        options.files,
        around,
        options.resource_type_paths,
        options.document_path,
        options.file_roots,
        options.known_parameters,
        given,
        partial(_analyse_child, options),
    )
    for phase in PHASES:
        if runs(phase, context):
            for unit in units_in(phase):
                _contained(partial(unit.check, context), unit.__name__, options.document_path)
    report = context.report
    diagnostics = apply_suppressions(report.diagnostics, text, parsed.lines)
    if options.disabled:
        diagnostics = [d for d in diagnostics if not turned_off(d.code, options.disabled)]
    # YAML shared through an alias is checked at every use, but a fault in it is shown once.
    diagnostics = list({(d.code, d.start, d.end): d for d in diagnostics}.values())
    diagnostics.sort(key=lambda d: (d.start, d.code))
    analysis.diagnostics = diagnostics
    return analysis


def _analyse_child(
    parent: Options, text: str, path: str, around: CrossFile, resource_type_paths: tuple[str, ...], inputs: Inputs
) -> Analysis:
    """A nested template analysed as Heat validates it in the parent's stack: its own folder, the stack's
    environments, the values the parent passes (``inputs``), the parent's roots, catalogues, editor buffers and
    codes."""
    options = Options(
        disabled=parent.disabled,
        named_as_template=True,
        document_path=path,
        file_roots=tuple(around.roots),
        environment_paths=tuple(environment.path for environment in around.environments),
        resource_type_paths=resource_type_paths,
        overlay=around.files.overlay,
        inputs=inputs,
    )
    return analyze(text, options)
