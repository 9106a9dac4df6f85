"""Handlers of the session's life and its settings: initialize, initialized, shutdown, and
workspace/didChangeConfiguration; reading the ``hotLsp`` settings out of what a client sends.

Settings come from ``initializationOptions`` and, when the client supports it, ``workspace/configuration``
(asked at ``initialized`` and again on every didChangeConfiguration); the first diagnostics wait a little for
that answer (``HotLanguageServer.wait_configured``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from lsprotocol import types

from ..features.settings import Settings
from .project import WATCHED_CONFIG
from .session import HotLanguageServer
from .what_if import WATCHED_REFS

log = logging.getLogger("hot_lsp.server")

SETTINGS_SECTION = "hotLsp"
_SETTINGS_KEYS = frozenset(
    {
        "environments",
        "parameters",
        "disabledRules",
        "nestedDepth",
        "resourceTypePaths",
        "inlayHints",
        "cloud",
        "stacks",
        "heatRelease",
    }
)
WATCHED_FILES = "**/*.{yaml,yml,template,json,hot}"  # the files the workspace index reads


def settings_object(raw: Any, *, section_level: bool = False) -> dict[str, Any] | None:
    """The ``hotLsp`` object out of what a client sent: ``{hotLsp: {...}}`` or the object itself.

    ``section_level``: ``raw`` answers a request for the ``hotLsp`` section, so it is the object itself.
    Otherwise a dict without ``hotLsp`` counts only if it has a key of ours (Neovim sends its whole
    settings table, often ``{}``, which must not reset anything).
    """
    if not isinstance(raw, dict):
        return None
    if isinstance(raw.get(SETTINGS_SECTION), dict):
        return raw[SETTINGS_SECTION]
    if section_level or _SETTINGS_KEYS.intersection(raw):
        return raw
    return None


def handle_initialize(ls: HotLanguageServer, params: types.InitializeParams) -> None:
    ls.init_settings = settings_object(params.initialization_options) or {}
    ls.settings = Settings.from_json(ls.init_settings)
    if ls.capability("workspace.configuration", False):
        ls.configured = asyncio.Event()


def handle_initialized(ls: HotLanguageServer, params: types.InitializedParams) -> None:
    ls.load_project()  # the project configuration's defaults, before the first diagnostics
    ls.warn_unknown_release(ls.settings.heat_release)  # (from initializationOptions; later changes warn as they come)
    if ls.configured is not None:
        asyncio.ensure_future(fetch_configuration(ls))
    ls.file_tracking.start_indexing()
    ls.cloud.settings_changed()  # hotLsp.cloud from initializationOptions (the configuration may name another)
    if ls.capability("workspace.did_change_watched_files.dynamic_registration", False):
        watchers = [
            types.FileSystemWatcher(glob_pattern=WATCHED_FILES),
            types.FileSystemWatcher(glob_pattern=WATCHED_CONFIG),  # the project configuration
            *(types.FileSystemWatcher(glob_pattern=refs) for refs in WATCHED_REFS),  # what-if's git revisions
        ]
        registration = types.Registration(
            id="hot-lsp-watched-files",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
        )
        asyncio.ensure_future(_register_capability(ls, types.RegistrationParams(registrations=[registration])))
    if ls.capability("workspace.did_change_configuration.dynamic_registration", False):
        # VS Code only sends didChangeConfiguration to servers that register for it.
        registration = types.Registration(
            id="hot-lsp-configuration",
            method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
            register_options=types.DidChangeConfigurationRegistrationOptions(section=SETTINGS_SECTION),
        )
        asyncio.ensure_future(_register_capability(ls, types.RegistrationParams(registrations=[registration])))


def handle_shutdown(ls: HotLanguageServer, params: None) -> None:
    ls.diagnostics.cancel_all()


def handle_did_change_configuration(ls: HotLanguageServer, params: types.DidChangeConfigurationParams) -> None:
    pushed = settings_object(params.settings)
    if ls.capability("workspace.configuration", False):
        # The pull model: the notification only says "something changed"; ask for the section.
        asyncio.ensure_future(fetch_configuration(ls))
    elif pushed is not None:
        ls.apply_settings(pushed)


async def fetch_configuration(ls: HotLanguageServer) -> None:
    """Ask the client for the ``hotLsp`` section and apply it; the first answer lets diagnostics go out."""
    try:
        answer = await ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SETTINGS_SECTION)])
        )
        raw = answer[0] if answer else None
        ls.apply_settings(settings_object(raw, section_level=True))
    except Exception as error:
        log.warning("workspace/configuration failed: %r", error)
    finally:
        if ls.configured is not None:
            ls.configured.set()


async def _register_capability(ls: HotLanguageServer, params: types.RegistrationParams) -> None:
    try:
        await ls.client_register_capability_async(params)
    except Exception as error:
        log.info("client/registerCapability refused: %r", error)
