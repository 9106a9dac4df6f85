"""``hot-lsp render``: one template resolved offline, printed as YAML or JSON: what its values resolve to, or with
``--with-defaults`` each resource's properties as Heat's stack preview shows them."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from ..analysis.evaluation.inputs import EnvironmentValues, Inputs
from ..analysis.evaluation.render_text import RenderFormat, render_text, unknown_parameters
from ..analysis.files.cross_file import CrossFile
from ..analysis.result import Analysis
from ..analysis.values.file_source import DirectoryFiles
from ..spec import Catalogue, CatalogueError, load_catalogue
from .environments import CommandLineFileError, read_environment, read_file, read_template

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Usage(Exception):
    """A problem with the command line or the files it names: the line to print, then exit 2."""


def run_render(
    template: str,
    parameters: list[str],
    environments: list[str],
    fmt: RenderFormat,
    stack_name: str | None = None,
    configured: dict[str, Any] | None = None,
    resource_types: tuple[str, ...] = (),
    with_defaults: bool = False,
) -> int:
    """``configured``: the project configuration's parameters, those the template declares; ``-P`` overrides them.
    ``with_defaults``: each resource's properties as Heat's stack preview shows them (every property of its type,
    defaults filled in, values converted) instead of what the template writes, resolved.
    ``resource_types``: catalogues of plugin or site types, whose schemas shape that view of their resources, as
    Heat's own types' do; they also say which types exist."""
    try:
        catalogue = _catalogue(resource_types)
        explicit = parse_parameters(parameters)
        analysis = _read_template(template)
        _check_names(explicit, analysis)
        assert analysis.model is not None
        declared = analysis.model.parameters
        explicit = {**{k: v for k, v in (configured or {}).items() if k in declared}, **explicit}
        envs = tuple(_read_environment(path) for path in environments)
    except Usage as problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    # Types resolve as Heat resolves them for the preview: the catalogues, then the environments' registries.
    analysis.model.catalogue = catalogue
    if environments:
        paths = [os.path.abspath(path) for path in environments]
        analysis.model.registry = CrossFile(catalogue, None, (), paths).registry
    folder = Path(template).parent
    # get_file reads beside the template, and anywhere below the folder the user works in.
    files = DirectoryFiles(folder, roots=(folder, Path.cwd()))
    inputs = Inputs(environments=envs, explicit=explicit, explicit_source="-P", stack_name=stack_name)
    rendered = render_text(analysis, inputs, files, fmt, with_defaults)
    sys.stdout.write(rendered.text)
    return EXIT_ERRORS if rendered.failed else EXIT_OK


def parse_parameters(given: list[str], command: str = "render") -> dict[str, Any]:
    """``-P`` values as python-heatclient reads them: a single ``-P`` may hold ``a=1;b=2``, and a name
    given twice becomes a list. Values stay strings: the evaluator types them as the parameter declares."""
    items = given[0].split(";") if len(given) == 1 else given
    values: dict[str, Any] = {}
    for item in items:
        name, equals, value = item.partition("=")
        if not equals:
            raise Usage(f"hot-lsp {command}: malformed parameter '{item}': use the name=value format")
        if name not in values:
            values[name] = value
        elif isinstance(values[name], list):
            values[name].append(value)
        else:
            values[name] = [values[name], value]
    return values


def _usage(message: str) -> Usage:
    return Usage(f"hot-lsp render: {message}")


def _catalogue(paths: tuple[str, ...]) -> Catalogue:
    try:
        return load_catalogue(paths)
    except CatalogueError as problem:
        raise _usage(str(problem)) from None


def _read(path: str) -> str:
    try:
        return read_file(path)
    except CommandLineFileError as problem:
        raise _usage(str(problem)) from None


def _read_template(path: str) -> Analysis:
    try:
        return read_template(path)
    except CommandLineFileError as problem:
        raise _usage(str(problem)) from None


def _check_names(explicit: dict[str, Any], analysis: Analysis) -> None:
    """Heat rejects a value for a parameter the template does not declare, so do we."""
    assert analysis.model is not None
    unknown = unknown_parameters(explicit, analysis.model)
    if unknown:
        raise Usage("\n".join(f"hot-lsp render: {line}" for line in unknown))


def _read_environment(path: str) -> EnvironmentValues:
    try:
        return read_environment(path)
    except CommandLineFileError as problem:
        raise _usage(str(problem)) from None
