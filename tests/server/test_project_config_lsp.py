"""The project configuration through the real server: a `.hot-lsp.toml`'s `disable` applies (prefixes too), the
editor's setting overrides it, a broken file is one window/showMessage naming the file and line (and is ignored),
and a changed file is read again on a watched-file event."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import CLIENTS, diagnostics, open_document, session, wait_for_publish
from lsprotocol import types

pytestmark = pytest.mark.asyncio

# E0012 (a version Heat does not know) and I9001 (a parameter nothing reads).
BAD = (
    "heat_template_version: 2016-10-15\n"
    "parameters:\n  unused: {type: string, default: x}\n"
    "resources:\n  r:\n    type: OS::Heat::None\n"
)


def codes(found: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in found)


def workspace(tmp_path: Path, config: str) -> tuple[Path, str]:
    (tmp_path / ".hot-lsp.toml").write_text(config)
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "bad.yaml"
    path.write_text(BAD)
    return tmp_path, path.as_uri()


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_the_configs_disable_applies(tmp_path: Path, client_name: str):
    root, uri = workspace(tmp_path, 'disable = ["I9"]\n')
    async with session(client_name, root_uri=root.as_uri()) as client:
        open_document(client, uri, BAD)
        assert codes(await diagnostics(client, uri, 1)) == ["E0012"]


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_the_editor_setting_overrides_it(tmp_path: Path, client_name: str):
    root, uri = workspace(tmp_path, 'disable = ["I9"]\n')
    settings = {"disabledRules": ["E0"]}
    async with session(
        client_name, options=settings, configuration={"hotLsp": settings}, root_uri=root.as_uri()
    ) as client:
        open_document(client, uri, BAD)
        assert codes(await diagnostics(client, uri, 1)) == ["I9001"]


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_broken_config_is_one_message_and_ignored(tmp_path: Path, client_name: str):
    root, uri = workspace(tmp_path, 'disable = ["I9"]\nseverity = "loud"\nnonsense = 1\n')
    async with session(client_name, root_uri=root.as_uri()) as client:
        open_document(client, uri, BAD)
        assert codes(await diagnostics(client, uri, 1)) == ["E0012", "I9001"]
        shown = [m for m in client.messages if "project configuration" in m.message]
        assert len(shown) == 1
        message = shown[0].message
        assert shown[0].type == types.MessageType.Error
        assert ".hot-lsp.toml:2: severity must be one of" in message
        assert ".hot-lsp.toml:3: unknown key 'nonsense'" in message


async def test_a_changed_config_is_read_again(tmp_path: Path):
    root, uri = workspace(tmp_path, 'disable = ["I9"]\n')
    async with session("visual-studio-code", root_uri=root.as_uri()) as client:  # pushes diagnostics
        open_document(client, uri, BAD)
        assert codes(await diagnostics(client, uri, 1)) == ["E0012"]
        (root / ".hot-lsp.toml").write_text('disable = ["E"]\n')
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=(root / ".hot-lsp.toml").as_uri(), type=types.FileChangeType.Changed)]
            )
        )
        again = await wait_for_publish(client, uri, lambda p: codes(p.diagnostics) == ["I9001"])
        assert codes(again.diagnostics) == ["I9001"]
