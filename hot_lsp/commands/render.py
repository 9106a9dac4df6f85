"""``hot-lsp render``: one template resolved offline, like a stack preview, printed as YAML or JSON."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Mapping as AbcMapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.representer import SafeRepresenter

from ..analysis.evaluation.files import DirectoryFiles
from ..analysis.evaluation.inputs import EnvironmentValues, Inputs
from ..analysis.evaluation.render import render
from ..analysis.result import Analysis
from ..document.scalars import type_plain
from .environments import CommandLineFileError, read_environment, read_file, read_template

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
KEYS = ("version", "parameters", "conditions", "resources", "outputs", "errors")


class Usage(Exception):
    """A problem with the command line or the files it names: the line to print, then exit 2."""


def run_render(
    template: str, parameters: list[str], environments: list[str], fmt: str, stack_name: str | None = None
) -> int:
    try:
        explicit = parse_parameters(parameters)
        analysis = _read_template(template)
        _check_names(explicit, analysis)
        envs = tuple(_read_environment(path) for path in environments)
    except Usage as problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    folder = Path(template).parent
    # get_file reads beside the template, and anywhere below the folder the user works in.
    files = DirectoryFiles(folder, roots=(folder, Path.cwd()))
    inputs = Inputs(environments=envs, explicit=explicit, explicit_source="-P", stack_name=stack_name)
    rendered = render(analysis, inputs, files=files)
    document = {key: rendered[key] for key in KEYS}
    sys.stdout.write(to_json(document) if fmt == "json" else to_yaml(document))
    return EXIT_ERRORS if document["errors"] else EXIT_OK


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
    declared = [name for name in analysis.model.parameters if isinstance(name, str)]
    listed = f"the template declares: {', '.join(declared)}" if declared else "the template declares no parameters"
    unknown = [name for name in explicit if name not in declared]
    if unknown:
        raise Usage("\n".join(f"hot-lsp render: unknown parameter '{name}' ({listed})" for name in unknown))


def _read_environment(path: str) -> EnvironmentValues:
    try:
        return read_environment(path)
    except CommandLineFileError as problem:
        raise _usage(str(problem)) from None


def to_json(document: AbcMapping[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n"


def to_yaml(document: AbcMapping[str, Any]) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.Representer = _Representer
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # keys in the render's order (ruamel types it None)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096  # long values stay on one line
    yaml.indent(mapping=2, sequence=2, offset=0)  # as heatclient's YAML (nested lists stay readable)
    out = io.StringIO()
    yaml.dump(document, out)
    return out.getvalue()


# YAML 1.1 timestamps (PyYAML reads them as dates; Heat keeps them as strings).
_TIMESTAMP = re.compile(
    r"\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?"
)


class _Representer(SafeRepresenter):
    """ruamel.yaml's safe representer, readable back by YAML 1.1 loaders (PyYAML, Heat) too."""

    def represent_str(self, data: str) -> Any:
        if "\n" in data:
            style = "|"  # the emitter falls back to quotes when a literal block cannot hold the text
        elif type_plain(data)[1] != "str" or _TIMESTAMP.fullmatch(data):
            style = "'"  # 'yes', '0644', '2016-10-14' would come back as bool, int, date
        else:
            style = None
        return self.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    def ignore_aliases(self, data: Any) -> bool:
        return True  # a preview shows every value where it is used, never as &anchor/*alias

    def represent_none(self, data: None) -> Any:
        return self.represent_scalar("tag:yaml.org,2002:null", "null")

    def represent_unknown(self, data: Any) -> Any:
        return self.represent_str(str(data))


_Representer.add_representer(str, _Representer.represent_str)
_Representer.add_representer(type(None), _Representer.represent_none)
_Representer.add_representer(None, _Representer.represent_unknown)
