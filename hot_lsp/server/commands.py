"""Handlers of ``workspace/executeCommand`` (advertised in ``executeCommandProvider``, so every editor can call
them, not only VS Code): ``hot-lsp.preview`` and ``hot-lsp.refreshCloudCatalogue``, the live path (cloud.py).

Both run on the cloud threads, with work-done progress; a cloud that cannot do it answers LSP's RequestFailed
with one line that says why.
"""

from __future__ import annotations

from typing import Any

from pygls.exceptions import JsonRpcInvalidParams

from .cloud import PREVIEW, REFRESH_CATALOGUE
from .session import HotLanguageServer


def register(server: HotLanguageServer) -> None:
    server.command(PREVIEW)(handle_preview)
    server.command(REFRESH_CATALOGUE)(handle_refresh_catalogue)


async def handle_preview(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.preview`` with ``{uri}`` (or the uri itself): the JSON of ``hot-lsp preview`` for that template
    as saved: ``{added, deleted, replaced, updated, unchanged}`` lists of ``{resource_name, resource_type,
    parent}``; Heat's update dry run when ``hotLsp.stacks`` maps the template to a stack, else its create
    preview."""
    uri = _uri(arguments)
    if uri is None:
        raise JsonRpcInvalidParams(f"{PREVIEW} takes {{uri}}: the template's document uri")
    return await ls.cloud.preview(uri)


async def handle_refresh_catalogue(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.refreshCloudCatalogue``: fetch the catalogue of ``hotLsp.cloud`` again (it is kept on disk);
    answers ``{cloud, path, resource_types, unavailable}`` (the last two: how many)."""
    return await ls.cloud.refresh_catalogue()


def _uri(arguments: tuple[Any, ...]) -> str | None:
    first = arguments[0] if arguments else None
    if isinstance(first, str):
        return first
    found = first.get("uri") if isinstance(first, dict) else getattr(first, "uri", None)
    if found is None and isinstance(first, dict) and isinstance(first.get("textDocument"), dict):
        found = first["textDocument"].get("uri")
    return found if isinstance(found, str) else None
