"""Templates and environment files named on the command line, read as Heat reads them."""

from __future__ import annotations

from ..analysis.evaluation.inputs import EnvironmentValues
from ..analysis.model.kind import ENVIRONMENT_SECTIONS, VERSION_KEY, detect_kind
from ..analysis.model.template import build_model
from ..analysis.queries.unusable import not_a_template, syntax_error_lines
from ..analysis.result import Analysis
from ..document import Mapping, ParsedDocument, parse
from .files import NotText, read_text


class CommandLineFileError(Exception):
    """A file named on the command line that cannot be used: the message says where and why."""


def read_file(path: str) -> str:
    try:
        return read_text(path)
    except NotText as problem:
        raise CommandLineFileError(f"{path}: {problem.reason}") from None
    except OSError as error:
        raise CommandLineFileError(f"{path}: {error.strerror or error}") from None


def syntax_errors(path: str, parsed: ParsedDocument) -> None:
    """Heat refuses a file its YAML loader refuses: say where, as compilers do (``path:line:col: message``)."""
    lines = syntax_error_lines(path, parsed)
    if lines:
        raise CommandLineFileError("\n".join(lines))


def read_environment(path: str) -> EnvironmentValues:
    text = read_file(path)
    parsed = parse(text)
    syntax_errors(path, parsed)
    # Heat rejects unknown sections (a template passed as --env by mistake, most often).
    if isinstance(parsed.root, Mapping):
        for key in parsed.root:
            if key not in ENVIRONMENT_SECTIONS:
                raise CommandLineFileError(f'{path}: environment has wrong section "{key}"')
    env, problems = EnvironmentValues.from_text(path, text)
    if problems:
        raise CommandLineFileError("; ".join(problems))
    return env


def read_template(path: str) -> Analysis:
    """A template's parse and model, without the rules (the commands that render or list do not report them)."""
    text = read_file(path)
    parsed = parse(text)
    syntax_errors(path, parsed)
    model = build_model(parsed) if detect_kind(parsed.root, text) == "template" else None
    if model is None or not isinstance(parsed.root, Mapping) or VERSION_KEY not in parsed.root:
        raise CommandLineFileError(not_a_template(path))
    return Analysis(text, parsed, "template", model)
