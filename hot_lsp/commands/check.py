"""``hot-lsp check``: validate files and print diagnostics as text, JSON or SARIF."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace

from ..analysis.catalogues import resource_catalogue
from ..analysis.cross_file import CrossFile
from ..analysis.declared_parameters import declared_parameters
from ..analysis.evaluation.inputs import EnvironmentValues, Inputs
from ..analysis.result import Analysis
from ..analysis.rules.environment import undeclared_parameters
from ..analysis.validate import Options, analyze
from ..document import Diagnostic, LineIndex, Mapping
from ..document.problems import ERROR
from ..spec import CatalogueError, load_catalogue
from . import output
from .environments import CommandLineFileError, read_environment, read_file
from .files import NotText, Source, discover, read_text
from .output import FileResult

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def run_check(
    paths: list[str],
    fmt: str,
    disabled: frozenset[str],
    environments: tuple[str, ...] = (),
    resource_types: tuple[str, ...] = (),
) -> int:
    io_problem = False
    try:
        given = [_GivenEnvironment.read(path) for path in environments]
        load_catalogue(resource_types)  # a catalogue that cannot be read is a usage error, not a finding
    except (CommandLineFileError, CatalogueError) as problem:
        print(f"hot-lsp check: {problem}", file=sys.stderr)
        return EXIT_USAGE
    # An environment Heat would refuse still gives what values it can: its own findings say what is wrong.
    envs = tuple(env.values for env in given if env.values is not None)
    options = check_options(paths, envs, disabled, environments, resource_types)
    checked: list[tuple[Source, FileResult, str]] = []
    for source in discover(paths):
        if isinstance(source, OSError):
            print(f"hot-lsp: {source.filename}: {source.strerror}", file=sys.stderr)
            io_problem = True
            continue
        result = _check_one(source, options)
        if isinstance(result, OSError):
            print(f"hot-lsp: {source.path}: {result.strerror or result}", file=sys.stderr)
            io_problem = True
        elif result is not None:
            checked.append((source, *result))
    results = _with_environment_names(checked, options)
    results += _given_environments(given, checked, options)
    render = {"text": output.text, "json": output.json_list, "sarif": output.sarif}[fmt]
    sys.stdout.write(render(results))
    if io_problem:
        return EXIT_USAGE
    has_errors = any(d.severity == ERROR for r in results for d in r.diagnostics)
    return EXIT_ERRORS if has_errors else EXIT_OK


def check_options(
    paths: list[str],
    envs: tuple[EnvironmentValues, ...],
    disabled: frozenset[str] = frozenset(),
    environment_paths: tuple[str, ...] = (),
    resource_types: tuple[str, ...] = (),
) -> Options:
    """The options every file of one ``check`` run is analysed with (``envs`` read from ``environment_paths``)."""
    # Environment values reach the 8xxx rules (evaluation); no environment means defaults only.
    options = Options(
        disabled=disabled,
        inputs=Inputs(environments=envs) if envs else None,
        resource_type_paths=resource_types,
        # Their resource_registry maps the templates' types (to other types, or to templates checked against).
        environment_paths=tuple(os.path.abspath(path) for path in environment_paths),
    )
    # Absolute paths an environment names are looked for only below the folders checked: each once, however many
    # of the files named are in it (every analysis goes through the roots, so n files named must not make n roots).
    folders = (os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".") for path in paths)
    return replace(options, file_roots=tuple(dict.fromkeys(folders)))


def check_text(path: str, text: str, options: Options) -> Analysis:
    """One file's text analysed as ``check`` analyses the file at ``path``."""
    return analyze(text, replace(options, document_path=os.path.abspath(path)))


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
    given: list[_GivenEnvironment], checked: list[tuple[Source, FileResult, str]], options: Options
) -> list[FileResult]:
    """Each ``--env`` file's own findings, and, for each template named on the command line, the names in its
    ``parameters`` that template does not declare: Heat refuses the stack (UnknownUserParameter). A file that is
    also among those checked is reported there."""
    checked_paths = {os.path.abspath(source.path) for source, _, _ in checked}
    roots = [source.path for source, _, kind in checked if kind == "template" and source.explicit]
    templates = [source.path for source, _, kind in checked if kind == "template"]
    if templates:  # W7015 for names no template it is used with (nor their children) declares
        around = CrossFile(
            resource_catalogue(options.resource_type_paths), None, options.file_roots, options.environment_paths
        )
        options = replace(options, known_parameters=declared_parameters(templates, around))
    results = []
    for env in given:
        if os.path.abspath(env.path) in checked_paths:
            continue
        analysis = analyze(
            env.text, replace(options, named_as_environment=True, document_path=os.path.abspath(env.path))
        )
        diagnostics = list(analysis.diagnostics)
        for template in roots:
            diagnostics.extend(_undeclared_in(analysis, template, options))
        diagnostics.sort(key=lambda d: (d.start, d.code))
        results.append(FileResult(env.path, analysis.parsed.lines, diagnostics))
    return results


def _undeclared_in(environment: Analysis, template: str, options: Options) -> list[Diagnostic]:
    around = CrossFile(resource_catalogue(options.resource_type_paths), None, options.file_roots)
    analysis = around.files.template(os.path.abspath(template)).analysis
    if analysis is None or analysis.model is None or not isinstance(environment.parsed.root, Mapping):
        return []
    return undeclared_parameters(environment.parsed.root, template, analysis.model.parameters)


def _with_environment_names(checked: list[tuple[Source, FileResult, str]], options: Options) -> list[FileResult]:
    """The environment files checked again, knowing the parameters of the templates checked (and of those reachable
    from them): a name none of them declares is W7015. With no template checked, that is not known."""
    templates = [source.path for source, _, kind in checked if kind == "template"]
    if not templates or not any(kind == "environment" for _, _, kind in checked):
        return [result for _, result, _ in checked]
    around = CrossFile(
        resource_catalogue(options.resource_type_paths), None, options.file_roots, options.environment_paths
    )
    known = replace(options, known_parameters=declared_parameters(templates, around))
    results = []
    for source, result, kind in checked:
        again = _check_one(source, known) if kind == "environment" else None
        results.append(again[0] if isinstance(again, tuple) else result)
    return results


def _check_one(source: Source, options: Options) -> tuple[FileResult, str] | OSError | None:
    try:
        text = read_text(source.path)
    except NotText as problem:
        if not source.explicit:
            return None  # binary files in a tree are simply not templates
        unreadable = [Diagnostic("E0009", f"Cannot read: {problem.reason}.", 0, 0)]
        return FileResult(source.path, LineIndex(""), unreadable), "unreadable"
    except OSError as error:
        return error
    analysis = check_text(source.path, text, replace(options, named_as_template=source.explicit))
    if analysis.kind not in ("template", "environment"):
        return None
    return FileResult(source.path, analysis.parsed.lines, analysis.diagnostics), analysis.kind
