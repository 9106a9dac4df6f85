"""The files an environment file points at, for the editor features of environments.

- the template each ``resource_registry`` entry names (:func:`registry_templates`), found as python-heatclient
  finds it (relative to the environment's folder, or to ``base_url``);
- the templates that read the environment's ``parameters`` and ``parameter_defaults``
  (:func:`associated_templates`): the ones the registry maps, then those beside the environment and in the folder
  above it (TripleO keeps ``overcloud.yaml`` above ``environments/``); at most :data:`MAX_SCANNED` files;
- the parameters those templates declare (``FileService.template_info``, kept per file version by the server);
- paths to complete below the document's folder (:func:`template_paths`, bounded walk; templates' ``type`` and
  ``get_file`` values use it too).

Files and folders are looked at only through the snapshot's :class:`FileService`; nothing here is written.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from ..analysis.files.file_service import FileService, TemplateParameter
from ..analysis.model.environment import HOOK_KEYS, EnvironmentModel, template_location, walk_registry
from ..analysis.result import Analysis
from ..document import Mapping, Scalar
from ..spec.nested_stacks import TEMPLATE_SUFFIXES
from ._targets import document_path

MAX_SCANNED = 200  # template files read to find the parameters of an environment
MAX_LISTED = 300  # paths offered by one completion
_WALK_DEPTH = 3  # folders below the typed one that path completion looks into
_WALK_FOLDERS = 200
_SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".tox", ".venv", "venv"})
_CANDIDATE_SUFFIXES = (".yaml", ".yml", ".template")  # root templates may be .yml; registry targets may not


@dataclass(frozen=True, slots=True)
class RegistryTemplate:
    """A registry value naming a template file."""

    node: Scalar
    written: str
    path: str | None  # the local file it names (None: a URL, or not resolvable); may not exist
    entry: tuple[str, ...]  # the keys above the value, its own key last


def registry_templates(analysis: Analysis, uri: str) -> list[RegistryTemplate]:
    """Every registry value that names a template (``.yaml``/``.template``), with the file it names."""
    return analysis.derive(_registry_templates, document_path(uri))


def _registry_templates(analysis: Analysis, path: str | None) -> list[RegistryTemplate]:
    environment = analysis.environment
    registry = environment.sections.get("resource_registry") if environment is not None else None
    if environment is None or not isinstance(registry, Mapping):
        return []
    found = []
    for above, pair in walk_registry(registry):
        value, name = pair.value, pair.key_value
        if not isinstance(name, str) or name in HOOK_KEYS or not isinstance(value, Scalar):
            continue
        if not isinstance(value.value, str) or not value.value.strip().endswith(TEMPLATE_SUFFIXES):
            continue
        written = value.value.strip()
        location = template_location(written, environment.base_url_for(above), path)
        found.append(RegistryTemplate(value, written, location.path if location else None, (*above, name)))
    found.sort(key=lambda template: template.node.start)
    return found


def registry_template_at(analysis: Analysis, uri: str, offset: int) -> RegistryTemplate | None:
    for template in registry_templates(analysis, uri):
        if template.node.start <= offset <= template.node.end:
            return template
    return None


# -- the templates an environment applies to ------------------------------------------------------------------


def associated_templates(analysis: Analysis, uri: str, files: FileService) -> list[str]:
    """Template files whose parameters the environment may set: those its registry maps, then the ones beside it
    and in the folder above (at most MAX_SCANNED files looked at)."""
    return analysis.derive(_associated, uri, files)


def _associated(analysis: Analysis, uri: str, files: FileService) -> list[str]:
    own = document_path(uri)
    found: dict[str, None] = {}
    for template in registry_templates(analysis, uri):
        if template.path is not None and template.path != own and files.is_file(template.path):
            found.setdefault(template.path)
    if own is not None:
        folder = os.path.dirname(os.path.abspath(own))
        for place in (folder, os.path.dirname(folder)):
            for path in _templates_in(place, files):
                if len(found) >= MAX_SCANNED:
                    break
                if path != os.path.abspath(own):
                    found.setdefault(path)
    return list(found)[:MAX_SCANNED]


def _templates_in(folder: str, files: FileService) -> list[str]:
    return [e.path for e in files.folder(folder) if e.name.endswith(_CANDIDATE_SUFFIXES) and e.is_file]


def environment_parameters(analysis: Analysis, uri: str, files: FileService) -> dict[str, list[TemplateParameter]]:
    """Parameter name -> where the associated templates declare it (the registry's templates first)."""

    return analysis.derive(_environment_parameters, uri, files)


def _environment_parameters(analysis: Analysis, uri: str, files: FileService) -> dict[str, list[TemplateParameter]]:
    table: dict[str, list[TemplateParameter]] = {}
    for path in associated_templates(analysis, uri, files):
        info = files.template_info(path)
        if info is None:
            continue
        for name, parameter in info.parameters.items():
            table.setdefault(name, []).append(parameter)
    return table


# -- template paths to complete ----------------------------------------------------------------------------------


def template_paths(
    document: str, typed: str, files: FileService, suffixes: tuple[str, ...] | None = TEMPLATE_SUFFIXES
) -> list[tuple[str, bool]]:
    """``(path, is_folder)`` of the files ending in ``suffixes`` (templates, ``.yaml``/``.template``, by default;
    None: any file) below the folder ``typed`` names so far, relative to the document's folder and starting with
    what was typed up to its last ``/``; also the folders right there (with a trailing ``/``) and ``../`` to
    climb. Folders first, then files, each in walk order (nearest first, by name). At most MAX_LISTED, looking a
    few folders deep. Environments complete registry values with it, templates ``type`` and ``get_file``."""
    head = typed[: typed.rfind("/") + 1]
    base = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(document)), head or "."))
    if not files.is_dir(base):
        return []
    folders: list[tuple[str, bool]] = []
    found: list[tuple[str, bool]] = []
    if all(part == ".." for part in head.split("/")[:-1]):
        folders.append((head + "../", True))
    for relative, is_folder in _walk(base, files, suffixes):
        (folders if is_folder else found).append((head + relative, is_folder))
        if len(folders) + len(found) >= MAX_LISTED:
            break
    return folders + found


def _walk(base: str, files: FileService, suffixes: tuple[str, ...] | None) -> Iterator[tuple[str, bool]]:
    queue: list[tuple[str, int]] = [("", 0)]
    folders_seen = 0
    while queue and folders_seen < _WALK_FOLDERS:
        relative, depth = queue.pop(0)
        folders_seen += 1
        for entry in files.folder(os.path.join(base, relative) if relative else base):
            if entry.name.startswith(".") or entry.name in _SKIP_DIRS:
                continue
            name = f"{relative}{entry.name}"
            if entry.is_dir:
                if depth == 0:
                    yield name + "/", True
                if depth + 1 < _WALK_DEPTH:
                    queue.append((name + "/", depth + 1))
            elif entry.is_file and (suffixes is None or entry.name.endswith(suffixes)):
                yield name, False


def environment_of(analysis: Analysis, last_good: Analysis | None) -> tuple[Analysis, EnvironmentModel] | None:
    """The analysis of an environment file to read names from: this one, or the last one that parsed."""
    for candidate in (analysis, last_good):
        if candidate is not None and candidate.environment is not None:
            return candidate, candidate.environment
    return None
