"""Helpers for the end-to-end tests: a pytest-lsp client that records every publishDiagnostics (with its
version), answers client/registerCapability like a real editor, and small helpers to open documents,
find cursor markers and wait for diagnostics (pushed or pulled, whichever the client does)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import textwrap
from typing import Any

import attrs
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER_COMMAND = [sys.executable, "-m", "hot_lsp"]
# Recorded capabilities shipped with pytest-lsp: VS Code 1.65 (push diagnostics, snippets, utf-16),
# Neovim 0.7 (what the real-editor test runs: push, no snippets, no workspace/configuration) and
# Neovim 0.11 (pull diagnostics, utf-8 position encoding).
CLIENTS = ["visual-studio-code", "neovim@v0.7.0", "neovim@v0.11.0"]
ROOT_URI = "file:///work/hot-lsp-tests"
WAIT_S = 20.0


def server_config(**env: str) -> ClientServerConfig:
    return ClientServerConfig(
        server_command=SERVER_COMMAND, client_factory=make_client, server_env={**os.environ, **env}
    )


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    features[types.CLIENT_REGISTER_CAPABILITY] = _accept_registration
    features[types.CLIENT_UNREGISTER_CAPABILITY] = _accept_unregistration
    client.published = []  # every PublishDiagnosticsParams, in arrival order
    client.registrations = []
    register_lsp_features(client, features)
    return client


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.published.append(params)
    client.diagnostics[params.uri] = params.diagnostics


def _accept_registration(client: LanguageClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def _accept_unregistration(client: LanguageClient, params: types.UnregistrationParams) -> None:
    return None


def initialize_params(client_name: str, options: Any = None, root_uri: str = ROOT_URI) -> types.InitializeParams:
    from pytest_lsp import client_capabilities

    name = root_uri.rstrip("/").rsplit("/", 1)[-1]
    return types.InitializeParams(
        capabilities=client_capabilities(client_name),
        root_uri=root_uri,
        workspace_folders=[types.WorkspaceFolder(uri=root_uri, name=name)],
        initialization_options=options,
    )


def pulls(client: LanguageClient) -> bool:
    """The server pushes diagnostics unless the client declared pull support."""
    return client.capabilities is not None and client.capabilities.text_document.diagnostic is not None


def encoding(client: LanguageClient) -> str:
    """The position encoding the server should pick for this client (its first supported preference)."""
    general = client.capabilities.general if client.capabilities else None
    for kind in (general.position_encodings if general and general.position_encodings else []) or []:
        value = getattr(kind, "value", kind)
        if value in ("utf-8", "utf-16", "utf-32"):
            return value
    return "utf-16"


def units(text: str, enc: str) -> int:
    """Length of ``text`` in the code units of ``enc``."""
    if enc == "utf-8":
        return len(text.encode("utf-8"))
    if enc == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def position_of(text: str, offset: int, enc: str) -> types.Position:
    line_start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    line = sum(1 for i, c in enumerate(text[:offset]) if c == "\n" or (c == "\r" and text[i + 1 : i + 2] != "\n"))
    return types.Position(line=line, character=units(text[line_start:offset], enc))


def cursor(snippet: str, enc: str, marker: str = "$0") -> tuple[str, types.Position]:
    """Dedent ``snippet``, strip its cursor marker and return (text, the marker's position)."""
    text = textwrap.dedent(snippet).lstrip("\n")
    offset = text.index(marker)
    text = text[:offset] + text[offset + len(marker) :]
    return text, position_of(text, offset, enc)


def template(snippet: str) -> str:
    return textwrap.dedent(snippet).lstrip("\n")


def uri_for(name: str, client: LanguageClient) -> str:
    """A document uri unique to a test and a client, so tests can share one server."""
    folder = getattr(client, "client_name", "client").replace("@", "-")
    return f"{ROOT_URI}/{folder}/{name}.yaml"


def open_document(client: LanguageClient, uri: str, text: str, version: int = 1, language: str = "yaml") -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )


def close_document(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri)))


def change_document(
    client: LanguageClient, uri: str, version: int, edits: list[tuple[types.Range | None, str]]
) -> None:
    changes: list[types.TextDocumentContentChangeEvent] = []
    for rng, text in edits:
        if rng is None:
            changes.append(types.TextDocumentContentChangeWholeDocument(text=text))
        else:
            changes.append(types.TextDocumentContentChangePartial(range=rng, text=text))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=changes
        )
    )


async def published(client: LanguageClient, uri: str, version: int | None, timeout: float = WAIT_S):
    """Wait for a publishDiagnostics of ``uri`` at ``version``."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        for params in client.published:
            if params.uri == uri and params.version == version:
                return params
        if asyncio.get_running_loop().time() > deadline:
            seen = [(p.uri, p.version) for p in client.published if p.uri == uri]
            raise AssertionError(f"no diagnostics for {uri} v{version} within {timeout}s; got {seen}")
        await asyncio.sleep(0.02)


async def diagnostics(client: LanguageClient, uri: str, version: int | None) -> list[types.Diagnostic]:
    """The document's diagnostics at ``version``: the push for it, or a pull for pull clients."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert report.kind == "full"
        return list(report.items)
    return list((await published(client, uri, version)).diagnostics)


def covered(text: str, diagnostic: types.Diagnostic, enc: str) -> str:
    """The text a diagnostic's range covers, converting its positions with ``enc``."""
    return text[offset_of(text, diagnostic.range.start, enc) : offset_of(text, diagnostic.range.end, enc)]


def completion_items(result: types.CompletionList | list[types.CompletionItem] | None) -> list[types.CompletionItem]:
    """The items of a completion answer as the editor applies them: a list's ``itemDefaults`` (the shared
    ``editRange`` with each item's ``textEditText`` or label, the default ``insertTextFormat``) spelled out in each
    item that does not say its own."""
    if result is None:
        return []
    if not isinstance(result, types.CompletionList):
        return list(result)
    defaults = result.item_defaults
    if defaults is None:
        return list(result.items)
    items = []
    for item in result.items:
        if item.text_edit is None and isinstance(defaults.edit_range, types.Range):
            text = item.text_edit_text or item.label
            item = attrs.evolve(item, text_edit=types.TextEdit(range=defaults.edit_range, new_text=text))
        if item.insert_text_format is None and defaults.insert_text_format is not None:
            item = attrs.evolve(item, insert_text_format=defaults.insert_text_format)
        items.append(item)
    return items


def offset_of(text: str, position: types.Position, enc: str) -> int:
    lines = text.split("\n")  # LSP line ends; the tests' texts use \n only
    lines = [line + "\n" for line in lines[:-1]] + lines[-1:]
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    count = 0
    for index, char in enumerate(line.rstrip("\r\n")):
        if count >= position.character:
            return start + index
        count += units(char, enc)
    return start + len(line.rstrip("\r\n"))


def raw_message(client: LanguageClient, message: dict[str, Any]) -> None:
    """Write a JSON-RPC message straight to the server's stdin, bypassing the client's type checks."""
    body = json.dumps(message).encode("utf-8")
    client._server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def raw_bytes(client: LanguageClient, body: bytes) -> None:
    client._server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


async def wait_for_publish(client: LanguageClient, uri: str, accept, timeout: float = WAIT_S):
    """Wait for a publishDiagnostics of ``uri`` that ``accept(params)`` likes; returns it."""
    deadline = asyncio.get_running_loop().time() + timeout
    seen = 0
    while True:
        for params in client.published[seen:]:
            if params.uri == uri and accept(params):
                return params
        seen = len(client.published)
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no matching diagnostics for {uri} within {timeout}s")
        await asyncio.sleep(0.02)


@contextlib.asynccontextmanager
async def session(
    client_name: str,
    options: Any = None,
    configuration: dict[str, Any] | None = None,
    root_uri: str = ROOT_URI,
    **env: str,
):
    """A server of its own (for tests that change global state such as settings), its one workspace folder
    ``root_uri`` (a real folder when the test reads files from disk)."""
    client = await server_config(**env).start()
    client.client_name = client_name
    if configuration is not None:
        client.set_configuration(configuration)
    try:
        client.init_result = await client.initialize_session(initialize_params(client_name, options, root_uri))
        yield client
        await client.shutdown_session()
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()
        await client.stop()


def plain(value: Any) -> Any:
    """A custom request's answer as plain JSON data (pygls hands it over as nested namedtuples)."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value
