"""``hot-lsp check``: validate files and print diagnostics as text, JSON or SARIF."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace

from ..analysis.evaluation import Inputs
from ..analysis.validate import Options, analyze
from ..document import Diagnostic, LineIndex
from ..document.problems import ERROR
from ..spec import CatalogueError, load_catalogue
from . import output
from .environments import CommandLineFileError, read_environment
from .files import NotText, Source, discover, read_text

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


@dataclass(slots=True)
class FileResult:
    path: str
    lines: LineIndex
    diagnostics: list[Diagnostic]


def run_check(
    paths: list[str],
    fmt: str,
    disabled: frozenset[str],
    environments: tuple[str, ...] = (),
    resource_types: tuple[str, ...] = (),
) -> int:
    results: list[FileResult] = []
    io_problem = False
    try:
        envs = tuple(read_environment(path) for path in environments)
        load_catalogue(resource_types)  # a catalogue that cannot be read is a usage error, not a finding
    except (CommandLineFileError, CatalogueError) as problem:
        print(f"hot-lsp check: {problem}", file=sys.stderr)
        return EXIT_USAGE
    # Environment values reach the 8xxx rules (evaluation); no environment means defaults only.
    options = Options(
        disabled=disabled, inputs=Inputs(environments=envs) if envs else None, resource_type_paths=resource_types
    )
    # Absolute paths an environment names are looked for only below the folders checked.
    roots = tuple(os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".") for path in paths)
    options = replace(options, file_roots=roots)
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
            results.append(result)
    render = {"text": output.text, "json": output.json_list, "sarif": output.sarif}[fmt]
    sys.stdout.write(render(results))
    if io_problem:
        return EXIT_USAGE
    has_errors = any(d.severity == ERROR for r in results for d in r.diagnostics)
    return EXIT_ERRORS if has_errors else EXIT_OK


def _check_one(source: Source, options: Options) -> FileResult | OSError | None:
    try:
        text = read_text(source.path)
    except NotText as problem:
        if not source.explicit:
            return None  # binary files in a tree are simply not templates
        return FileResult(source.path, LineIndex(""), [Diagnostic("E0009", f"Cannot read: {problem.reason}.", 0, 0)])
    except OSError as error:
        return error
    analysis = analyze(text, replace(options, document_path=os.path.abspath(source.path)))
    if analysis.kind not in ("template", "environment"):
        return None
    return FileResult(source.path, analysis.parsed.lines, analysis.diagnostics)
