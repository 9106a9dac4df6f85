"""``hotLsp.cloud`` without ``hotLsp.heatRelease`` checks for the release the cloud runs (issue 30, item 3), through
the real server: the cloud's ``build_info`` decides, the log says which release and why (a warning when it is a
guess), the open document is checked again for it, and a release the user chose wins."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsp_session import CLIENTS, diagnostics, open_document, session, template
from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from release_clouds import release_clouds  # noqa: E402

pytestmark = pytest.mark.asyncio

CLIENT = CLIENTS[2]  # pull diagnostics: a re-check after the release arrives is a refresh
TEMPLATE = template(
    """
    heat_template_version: 2021-04-16
    resources:
      listener:
        type: OS::Octavia::Listener
        properties: {default_pool: p, protocol: HTTP, protocol_port: 80}
    """
)


@pytest.fixture(scope="module")
def clouds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("release-clouds-lsp")
    with release_clouds(folder):
        yield folder


def env(folder: Path) -> dict[str, str]:
    return {"OS_CLIENT_CONFIG_FILE": str(folder / "clouds.yaml"), "XDG_CACHE_HOME": str(folder / "cache")}


def errors(found: list[types.Diagnostic]) -> set[str]:
    return {str(d.code) for d in found if d.severity == types.DiagnosticSeverity.Error}


async def logged(client, words: str) -> list[types.LogMessageParams]:
    for _ in range(400):
        found = [m for m in client.log_messages if words in m.message]
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no log message with {words!r}: {[m.message for m in client.log_messages]}")


async def until_errors(client, uri: str, wanted: set[str]) -> None:
    for _ in range(100):
        if errors(await diagnostics(client, uri, 1)) == wanted:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"diagnostics of {uri} never became {wanted}")


async def test_the_cloud_says_its_release_and_the_document_is_checked_for_it(clouds: Path):
    root = clouds / "antelope-project"
    root.mkdir()
    async with session(CLIENT, {"hotLsp": {"cloud": "antelope"}}, root_uri=root.as_uri(), **env(clouds)) as client:
        uri = (root / "listener.yaml").as_uri()
        open_document(client, uri, TEMPLATE)
        said = await logged(client, "runs Heat 20.0.1")
        assert len(said) == 1 and said[0].type == types.MessageType.Info
        assert "checking for 2023.1 (Antelope)" in said[0].message
        await until_errors(client, uri, set())  # default_pool alone is enough on 2023.1


async def test_a_guess_is_a_warning_in_the_log(clouds: Path):
    root = clouds / "unknown-project"
    root.mkdir()
    async with session(CLIENT, {"hotLsp": {"cloud": "unknown-new"}}, root_uri=root.as_uri(), **env(clouds)) as client:
        uri = (root / "listener.yaml").as_uri()
        open_document(client, uri, TEMPLATE)
        said = await logged(client, "does not say its Heat release")
        assert said[0].type == types.MessageType.Warning and "hotLsp.heatRelease" in said[0].message
        await until_errors(client, uri, {"E3017"})  # the newest: loadbalancer required


async def test_the_users_release_wins_over_the_clouds(clouds: Path):
    root = clouds / "chosen-project"
    root.mkdir()
    options = {"hotLsp": {"cloud": "antelope", "heatRelease": "2026.2"}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **env(clouds)) as client:
        uri = (root / "listener.yaml").as_uri()
        open_document(client, uri, TEMPLATE)
        said = await logged(client, "runs Heat 20.0.1")
        assert "hotLsp.heatRelease '2026.2' is used instead" in said[0].message
        await asyncio.sleep(0.5)  # what the cloud said has been taken
        assert errors(await diagnostics(client, uri, 1)) == {"E3017"}
