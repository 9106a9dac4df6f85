"""The project configuration in the editor (``.hot-lsp.toml``, or ``[tool.hot-lsp]`` in ``pyproject.toml``): found
walking up from the first workspace folder that has one (from the first document's folder when the client names
no folder), it gives the defaults of ``hotLsp.disabledRules``, ``environments``, ``resourceTypePaths`` and
``parameters``; the editor's settings override it key by key (a setting left empty, as VS Code sends its defaults,
does not). A configuration with errors is one ``window/showMessage`` naming the file and the line, and is ignored.
It is read again when a watched-file event or a save names a ``.hot-lsp.toml`` or ``pyproject.toml``."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from lsprotocol import types

log = logging.getLogger("hot_lsp.server")

CONFIG_NAMES = (".hot-lsp.toml", "pyproject.toml")
WATCHED_CONFIG = "**/{.hot-lsp.toml,pyproject.toml}"


class ProjectSettings:
    """The configuration's settings, in the ``hotLsp`` object's form. Event loop only."""

    def __init__(self, show_message: Callable[[types.ShowMessageParams], None]) -> None:
        self._show_message = show_message
        self.settings: dict[str, Any] = {}
        self.path: str | None = None  # the file they came from
        self._start: str | None = None  # the folder it was looked for from
        self._shown: str | None = None  # the last error shown (not shown again while the file is unchanged)

    def load(self, folders: Sequence[str], document_folder: str | None = None) -> bool:
        """Look for the configuration from ``folders`` (or ``document_folder`` when there are none) and read it;
        whether the settings it gives changed."""
        from ..analysis.workspace.project_config import ConfigError, find_config, load_config
        from ..cloud import codes as cloud_codes  # noqa: F401  (its codes can be disabled too)

        starts = list(folders) or ([document_folder] if document_folder else [])
        found = next((path for path in map(find_config, starts) if path is not None), None)
        self._start = starts[0] if starts else None
        settings: dict[str, Any] = {}
        if found is not None:
            try:
                config = load_config(found)
            except ConfigError as error:
                message = "hot-lsp: the project configuration is ignored: " + "; ".join(error.problems)
                if message != self._shown:
                    self._shown = message
                    self._show_message(types.ShowMessageParams(type=types.MessageType.Error, message=message))
            else:
                self._shown = None
                settings = as_settings(config)
        changed = settings != self.settings or found != self.path
        self.settings, self.path = settings, found
        return changed

    def looked(self) -> bool:
        return self._start is not None

    def concerns(self, paths: Iterable[str]) -> bool:
        """Whether a change of ``paths`` may change the configuration."""
        return any(os.path.basename(path) in CONFIG_NAMES for path in paths)

    def under(self, editor: dict[str, Any]) -> dict[str, Any]:
        """The configuration's settings with the editor's over them, key by key; an empty editor value (a list, a
        table, a string) leaves the configuration's."""
        merged = dict(self.settings)
        merged.update({key: value for key, value in editor.items() if key not in merged or _set(value)})
        return merged


def as_settings(config: Any) -> dict[str, Any]:
    """A :class:`ProjectConfig` as ``hotLsp`` settings (paths absolute; keys left out when the file has none)."""
    settings: dict[str, Any] = {}
    if config.disable:
        settings["disabledRules"] = sorted(config.disable)
    if config.environments:
        settings["environments"] = list(config.environments)
    if config.resource_types:
        settings["resourceTypePaths"] = list(config.resource_types)
    if config.parameters:
        settings["parameters"] = dict(config.parameters)
    if config.heat_release:
        settings["heatRelease"] = config.heat_release
    return settings


def _set(value: Any) -> bool:
    return not (isinstance(value, (list, dict, str)) and not value) and value is not None
