"""``hot-lsp preview NEW --against OLD``: what updating the stack deployed from OLD to NEW would do, offline, as
Heat 27.0.1's real update decides it (``analysis/update``). OLD is a file, or ``git:REV``: NEW's own path at that
revision, every file it reaches (nested templates, ``get_file``, environments) read at that revision too.

Heat refuses an update whose new stack does not validate (service.py:1060): the new side is checked as
``hot-lsp check`` checks it, and an error there is the refusal (``validation_refusal``).

Exit 0 with the answer; 1 when Heat would refuse the whole update (an immutable parameter changed, an error in the
new template); 2 when an input cannot be used (a missing file, a bad revision, not a git checkout, a side that does
not parse).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..analysis.evaluation.inputs import EnvironmentValues, Inputs
from ..analysis.update.git_files import GIT_PREFIX, GitFiles, GitUnusable
from ..analysis.update.procedure import OUTCOMES, StackVersion, UpdatePreview, preview_update
from ..analysis.update.sides import SideError, disk_files
from ..analysis.validate import Options, analyze
from ..analysis.values.file_source import DirectoryFiles
from .render import Usage, parse_parameters
from .tables import box_table

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
TABLE_COLUMNS = ("change", "resource_name", "resource_type", "parent", "reason")
# Most dangerous first: a replaced resource loses its data and its physical id, a deleted one is gone.
TABLE_ORDER = ("replaced", "deleted", "undecided", "added", "updated", "unchanged")


def offline_preview(
    template: str,
    against: str,
    environments: Sequence[str] = (),
    parameters: Sequence[str] = (),
    against_environments: Sequence[str] | None = None,
    against_parameters: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The JSON answer: ``{"added": [...], ..., "undecided": [...]}``. Raises Usage (the line to print, exit 2) or
    Refused (Heat's message, exit 1)."""
    preview = compare(template, against, environments, parameters, against_environments, against_parameters)
    if preview.refused:
        raise Refused(f"hot-lsp preview: Heat refuses this update: {preview.refused}")
    return preview.as_json()


class Refused(Exception):
    """Heat would refuse the whole update."""


def compare(
    template: str,
    against: str,
    environments: Sequence[str] = (),
    parameters: Sequence[str] = (),
    against_environments: Sequence[str] | None = None,
    against_parameters: Sequence[str] | None = None,
) -> UpdatePreview:
    new_values = parse_parameters(list(parameters), "preview") if parameters else {}
    old_values = parse_parameters(list(against_parameters), "preview") if against_parameters else new_values
    if not os.path.isfile(template):
        raise Usage(f"hot-lsp preview: {template}: no such file")
    if against.startswith(GIT_PREFIX):
        files: Any = GitFiles(against[len(GIT_PREFIX) :] or "HEAD")
        try:
            files.check(template)
        except GitUnusable as problem:
            raise Usage(str(problem)) from None
        old_path = template
    else:
        if not os.path.isfile(against):
            raise Usage(f"hot-lsp preview: {against}: no such file")
        files, old_path = disk_files(), against
    old_envs = tuple(against_environments) if against_environments is not None else tuple(environments)
    old = StackVersion(old_path, files, old_envs, old_values)
    new = StackVersion(template, disk_files(), tuple(environments), new_values)
    try:
        found = preview_update(old, new)
    except SideError as error:
        raise Usage(f"hot-lsp preview: {error}") from None
    except RecursionError:
        raise Usage("hot-lsp preview: the templates nest too deeply to compare") from None
    if found.refused is None:
        found.refused = validation_refusal(template, environments, new_values)
    return found


def validation_refusal(template: str, environments: Sequence[str], parameters: dict[str, Any]) -> str | None:
    """The first error ``hot-lsp check`` finds in the new template (with its environments and values): Heat
    validates the new stack before it updates anything, and refuses it so. None when there is none."""
    try:
        with open(template, encoding="utf-8") as handle:
            text = handle.read()
        values = []
        for path in environments:
            with open(path, encoding="utf-8") as handle:
                values.append(EnvironmentValues.from_text(path, handle.read())[0])
    except (OSError, UnicodeDecodeError):
        return None  # the comparison already read them; nothing more to say here
    options = Options(
        inputs=Inputs(tuple(values), parameters),
        files=DirectoryFiles(os.path.dirname(os.path.abspath(template))),
        inputs_key=("preview", tuple(environments), tuple(sorted(parameters.items(), key=str))),
        document_path=os.path.abspath(template),
        environment_paths=tuple(os.path.abspath(path) for path in environments),
    )
    analysis = analyze(text, options)
    errors = [d for d in analysis.diagnostics if d.severity_name == "error"]
    if not errors:
        return None
    first = errors[0]
    line = analysis.parsed.lines.line_of(first.start) + 1
    return f"the new template does not validate: {first.code} {first.message} (line {line})"


def run_offline_preview(
    template: str,
    against: str,
    environments: list[str],
    parameters: list[str],
    against_environments: list[str] | None,
    against_parameters: list[str] | None,
    fmt: str,
) -> int:
    try:
        preview = compare(template, against, environments, parameters, against_environments, against_parameters)
    except Usage as problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    if preview.refused:
        print(f"hot-lsp preview: Heat refuses this update: {preview.refused}", file=sys.stderr)
        return EXIT_REFUSED
    for note in preview.notes:
        print(f"hot-lsp preview: {note}", file=sys.stderr)
    answer = preview.as_json()
    sys.stdout.write(json.dumps(answer, indent=2) + "\n" if fmt == "json" else table(answer))
    return EXIT_OK


def table(changes: dict[str, Any]) -> str:
    """Replaced and deleted first, each with its reason, then a count line."""
    cells = [
        [kind, str(row["resource_name"]), str(row["resource_type"] or ""), str(row["parent"] or ""), row["reason"]]
        for kind in TABLE_ORDER
        for row in changes.get(kind, [])
    ]
    counts = ", ".join(f"{len(changes.get(kind, []))} {kind}" for kind in OUTCOMES_SHOWN)
    return "\n".join([*box_table(TABLE_COLUMNS, cells), counts]) + "\n"


OUTCOMES_SHOWN = tuple(kind for kind in TABLE_ORDER if kind in OUTCOMES)
