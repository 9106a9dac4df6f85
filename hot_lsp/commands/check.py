"""``hot-lsp check``: validate files and print diagnostics as text, JSON or SARIF."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass, replace
from typing import Any

from ..analysis import rules  # noqa: F401  (registers every code, for --disable's check)
from ..analysis.codes import naming_nothing
from ..analysis.evaluation.inputs import EnvironmentValues, Inputs
from ..analysis.files.roots import Roots
from ..analysis.files.template_files import TemplateFiles
from ..analysis.result import Analysis
from ..analysis.rules.environment.environment_files import undeclared_parameter, undeclared_parameters
from ..analysis.validate import Options, analyze
from ..analysis.workspace.declared_parameters import Declared, declared_parameters
from ..cloud import codes as cloud_codes  # noqa: F401  (and the cloud's)
from ..document import Diagnostic, Mapping
from ..document.problems import ERROR, HINT, WARNING
from ..spec import CatalogueError, load_catalogue
from . import output
from .check_file import Checked, Failed, Outcome, Skipped, around, check_files, check_text, start
from .cloud_check import add_cloud_verdicts, open_cloud
from .environments import CommandLineFileError, read_environment, read_file
from .files import Source, discover, excluded, source_text
from .output import FileResult
from .pool import available_cores, run_chunked
from .progress import Progress
from .stdin import STDIN, read_stdin, stdin_overlay
from .yaql_ahead import use_prestarted

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
__all__ = ["check_options", "check_text", "run_check"]

Known = dict[str, Declared]  # what the templates checked declare, by absolute path


def run_check(
    paths: list[str],
    fmt: str,
    disabled: frozenset[str],
    environments: tuple[str, ...] = (),
    resource_types: tuple[str, ...] = (),
    jobs: int | None = None,
    cloud: str | None = None,
    exclude: tuple[str, ...] = (),
    severity: str = "information",
    fail_on: str = "error",
    parameters: AbcMapping[str, Any] | None = None,
    parameters_source: str = "",
    stdin_filename: str | None = None,
    release_from_cloud: bool = False,
    fix: str | None = None,
    unsafe_fixes: bool = False,
) -> int:
    """Check ``paths`` with ``jobs`` processes (None: one per core) and print the report; the exit status. With
    ``cloud`` (a clouds.yaml entry), each template's verdict from that cloud's Heat joins its findings.
    ``severity``: the least severe findings shown; ``fail_on``: the least severe shown finding that makes the status
    1. ``parameters`` (the project configuration's, from ``parameters_source``) reach the evaluation rules.
    ``release_from_cloud``: no Heat release was chosen, so ``cloud``'s own decides the resource types.
    ``fix``: "fix" applies the fixable findings' fixes first (``unsafe_fixes``: every preferred fix, not only the
    safe ones; standard input's text is printed fixed instead of the report), "diff" prints them as a diff and
    writes nothing (exit 1 when there is one).
    ``paths`` ``["-"]``: standard input's text, checked as the file ``stdin_filename`` (see :mod:`.stdin`)."""
    typos = naming_nothing(disabled)
    if typos:
        for typo in typos:
            print(
                f"hot-lsp check: --disable {typo}: no diagnostic code is or starts with {typo} (hot-lsp rules lists them)",
                file=sys.stderr,
            )
        return EXIT_USAGE
    try:
        given = [_GivenEnvironment.read(path) for path in environments]
        load_catalogue(resource_types)  # a catalogue that cannot be read is a usage error, not a finding
    except (CommandLineFileError, CatalogueError) as problem:
        print(f"hot-lsp check: {problem}", file=sys.stderr)
        return EXIT_USAGE
    stdin = None
    if paths == [STDIN]:
        try:
            stdin = read_stdin(stdin_filename)
        except OSError as error:
            print(f"hot-lsp check: cannot read standard input: {error.strerror or error}", file=sys.stderr)
            return EXIT_USAGE
    named_cloud = open_cloud(cloud, release_from_cloud) if cloud else None
    if named_cloud is not None:
        resource_types = named_cloud.release_sources + resource_types
    # An environment Heat would refuse still gives what values it can: its own findings say what is wrong.
    envs = tuple(env.values for env in given if env.values is not None)
    named = [stdin.path] if stdin is not None else paths
    options = check_options(named, envs, disabled, environments, resource_types, parameters, parameters_source)
    if stdin is not None:
        options = replace(options, overlay=stdin_overlay(stdin))
        found: list[Source | OSError] = [] if excluded(stdin.path, exclude) else [stdin]
    else:
        found = list(discover(paths, exclude))
    sources = [source for source in found if isinstance(source, Source)]
    if fix is not None:
        from .fix import fix_sources

        fixes = fix_sources(sources, options, unsafe_fixes, write=fix == "fix" and stdin is None)
        if fix == "diff":
            sys.stdout.write("".join(fixed.diff() for fixed in fixes.changed))
            print(f"hot-lsp check: {fixes.summary().replace('fixed', 'would fix', 1)}", file=sys.stderr)
            return EXIT_ERRORS if fixes.changed else EXIT_OK
        print(f"hot-lsp check: {fixes.summary()}", file=sys.stderr)
        if stdin is not None:
            sys.stdout.write(fixes.files[0].text if fixes.files else source_text(stdin))
            return EXIT_OK
    with Progress(len(sources)) as progress:
        sizes = [_weight(source.path) for source in sources]
        outcomes = iter(
            run_chunked(
                check_files,
                sources,
                jobs or available_cores(),
                start,
                (options,),
                progress.advance,
                sizes,
                use_prestarted,
            )
        )
    checked, io_problem, jinja_skipped = _collected(found, outcomes)
    if jinja_skipped:
        print(
            f"hot-lsp check: left out {jinja_skipped} Jinja2 source(s) (*.j2.yaml, or {{% ... %}} that is not "
            "YAML): render them first and check the result",
            file=sys.stderr,
        )
    known = {os.path.abspath(source.path): c.declared for source, c in checked if c.declared is not None}
    results = _with_environment_names(checked, options, known)
    results += _given_environments(given, checked, options, known)
    if named_cloud is not None:
        templates = [index for index, (_, c) in enumerate(checked) if c.kind == "template"]
        if not add_cloud_verdicts(results, templates, named_cloud, environments, disabled):
            io_problem = True
    shown = SEVERITY_SHOWN[severity]
    for result in results:
        result.diagnostics = [d for d in result.diagnostics if d.severity <= shown]
    render = {
        "text": output.text,
        "json": output.json_list,
        "sarif": output.sarif,
        "github": output.github,
        "junit": output.junit,
    }[fmt]
    sys.stdout.write(render(results))
    if io_problem:
        return EXIT_USAGE
    failing = SEVERITY_SHOWN[fail_on]
    fails = any(d.severity <= failing for r in results for d in r.diagnostics)
    return EXIT_ERRORS if fails else EXIT_OK


# --severity and --fail-on: the least severe finding each takes in (information takes hints too).
SEVERITY_SHOWN = {"error": ERROR, "warning": WARNING, "information": HINT}
PER_FILE_BYTES = 4096  # what checking any file costs beyond its size, in bytes of YAML parsed (see _weight)


def _collected(
    found: list[Source | OSError], outcomes: Iterator[Outcome]
) -> tuple[list[tuple[Source, Checked]], bool, int]:
    """The files checked, in the order found (as if checked one after the other), whether any could not be read
    (each said on stderr), and how many Jinja2 sources a walk left out."""
    io_problem = False
    jinja_skipped = 0
    checked: list[tuple[Source, Checked]] = []
    for source in found:
        if isinstance(source, OSError):
            print(f"hot-lsp: {source.filename}: {source.strerror}", file=sys.stderr)
            io_problem = True
            continue
        outcome = next(outcomes)
        if isinstance(outcome, Skipped):
            jinja_skipped += 1
        elif isinstance(outcome, Failed):
            print(f"hot-lsp: {source.path}: {outcome.reason}", file=sys.stderr)
            io_problem = True
        elif outcome is not None:
            checked.append((source, outcome))
    return checked, io_problem, jinja_skipped


def check_options(
    paths: list[str],
    envs: tuple[EnvironmentValues, ...],
    disabled: frozenset[str] = frozenset(),
    environment_paths: tuple[str, ...] = (),
    resource_types: tuple[str, ...] = (),
    parameters: AbcMapping[str, Any] | None = None,
    parameters_source: str = "",
) -> Options:
    """The options every file of one ``check`` run is analysed with (``envs`` read from ``environment_paths``;
    ``parameters`` from the project configuration in ``parameters_source``)."""
    # Environment values and the configuration's parameters reach the 8xxx rules (evaluation); none of them means
    # defaults only.
    inputs = None
    if envs or parameters:
        inputs = Inputs(environments=envs, explicit=dict(parameters or {}), explicit_source=parameters_source)
    options = Options(
        disabled=disabled,
        inputs=inputs,
        resource_type_paths=resource_types,
        # Their resource_registry maps the templates' types (to other types, or to templates checked against).
        environment_paths=tuple(os.path.abspath(path) for path in environment_paths),
    )
    # Absolute paths an environment names are looked for only below the folders checked: each once, however many
    # of the files named are in it, its links resolved once for every file (n files named in as many folders must
    # not cost each file n folders resolved).
    folders = (os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".") for path in paths)
    return replace(options, file_roots=Roots(dict.fromkeys(folders)))


@dataclass(slots=True)
class _GivenEnvironment:
    """An environment file named with ``--env``: its text, and its values when Heat could read them."""

    path: str
    text: str
    values: EnvironmentValues | None

    @classmethod
    def read(cls, path: str) -> _GivenEnvironment:
        text = read_file(path)  # a file that cannot be read at all is a usage error
        try:
            values: EnvironmentValues | None = read_environment(path)
        except CommandLineFileError:
            values = None  # its findings are reported in it (wrong or empty sections, YAML errors...)
        return cls(path, text, values)


def _given_environments(
    given: list[_GivenEnvironment], checked: list[tuple[Source, Checked]], options: Options, known: Known
) -> list[FileResult]:
    """Each ``--env`` file's own findings, and, for each template named on the command line, the names in its
    ``parameters`` that template does not declare: Heat refuses the stack (UnknownUserParameter). A file that is
    also among those checked is reported there."""
    checked_paths = {os.path.abspath(source.path) for source, _ in checked}
    roots = [source.path for source, c in checked if c.kind == "template" and source.explicit]
    templates = [source.path for source, c in checked if c.kind == "template"]
    if templates and given:  # W7015 for names no template it is used with (nor their children) declares
        options = replace(options, known_parameters=declared_parameters(templates, around(options), known))
    results = []
    for env in given:
        if os.path.abspath(env.path) in checked_paths:
            continue
        analysis = analyze(
            env.text, replace(options, named_as_environment=True, document_path=os.path.abspath(env.path))
        )
        diagnostics = list(analysis.diagnostics)
        for template in roots:
            diagnostics.extend(_undeclared_in(analysis, template, options, known))
        diagnostics.sort(key=lambda d: (d.start, d.code))
        results.append(FileResult(env.path, analysis.parsed.lines, diagnostics))
    return results


def _undeclared_in(environment: Analysis, template: str, options: Options, known: Known) -> list[Diagnostic]:
    if not isinstance(environment.parsed.root, Mapping):
        return []
    path = os.path.abspath(template)
    declared = known.get(path)
    if declared is not None:
        return undeclared_parameters(environment.parsed.root, template, declared.parameters)
    analysis = TemplateFiles(None, options.overlay).template(path).analysis
    if analysis is None or analysis.model is None:
        return []
    return undeclared_parameters(environment.parsed.root, template, analysis.model.parameters)


def _with_environment_names(checked: list[tuple[Source, Checked]], options: Options, known: Known) -> list[FileResult]:
    """The findings of every file, the environment files' with W7015 for each name that none of the templates
    checked (nor those reachable from them) declares. With no template checked, that is not known."""
    templates = [source.path for source, c in checked if c.kind == "template"]
    if not templates or not any(c.undeclared for _, c in checked):
        return [c.result for _, c in checked]
    declared = declared_parameters(templates, around(options), known)
    results = []
    for _, c in checked:
        found = [undeclared_parameter(*written, declared) for written in c.undeclared if written[1] not in declared]
        if found:
            diagnostics = sorted([*c.result.diagnostics, *found], key=lambda d: (d.start, d.code))
            results.append(replace(c.result, diagnostics=diagnostics))
        else:
            results.append(c.result)
    return results


def _weight(path: str) -> int:
    """About how long checking a file takes, in bytes' worth: its size (parsing is most of it), plus what any file
    costs whatever its size (reading, the catalogue's look-ups, the report: 2.3 ms each in the corpus, the time of
    about 4 KB)."""
    try:
        size = os.stat(path).st_size
    except (OSError, ValueError):
        size = 0
    return size + PER_FILE_BYTES
