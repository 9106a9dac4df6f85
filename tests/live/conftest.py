"""A real Heat 27.0.1 for the live tests: the session fixture ``live_heat`` (tools/local_heat.py starts it).

Heat starts (a few seconds; once per session, in a temporary state dir, stopped and deleted at the end) only
when a test that asks for ``live_heat`` runs. Without PostgreSQL's binaries, or without the Heat venv when it
cannot be made, those tests skip with the reason; with ``HOT_LSP_REQUIRE_LIVE=1`` (CI) they fail instead.

Every test under tests/live/ is marked ``live`` (``pytest -m "not live"`` leaves them out).
"""

from __future__ import annotations

import socket
import tempfile
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from live_support import CLOUD, NOWHERE, REFUSES_401, REFUSES_500, REQUIRE_LIVE, LiveHeat, local_heat, refusing_server


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "live: needs a real Heat (tests/live/conftest.py starts one)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.live)


# ---------------------------------------------------------------------------------------------- the fixture


def _unavailable(reason: str) -> None:
    if REQUIRE_LIVE:
        pytest.fail(f"live Heat unavailable and HOT_LSP_REQUIRE_LIVE=1: {reason}", pytrace=False)
    pytest.skip(f"live Heat unavailable: {reason}")


@pytest.fixture(scope="session")
def live_heat() -> Iterator[LiveHeat]:
    """A real Heat 27.0.1 for the whole session (see the module's docstring and :class:`LiveHeat`)."""
    if local_heat.find_pg_bin() is None:
        _unavailable("no PostgreSQL server binaries (apt-get install postgresql, or set HOT_LSP_PG_BIN)")
    state_dir = Path(tempfile.mkdtemp(prefix="hot-lsp-live-"))
    state_dir.chmod(0o755)  # PostgreSQL runs as its own user when we are root: it must reach its cluster here
    refusing: list[ThreadingHTTPServer] = []
    nowhere = socket.socket()
    try:
        try:
            running = local_heat.start(state_dir, port=0)
        except local_heat.MissingPrerequisite as missing:
            _unavailable(str(missing))
        # Bound and never listening: a connection is refused, and no one else can take the port meanwhile.
        nowhere.bind((local_heat.HOST, 0))
        refusing = [refusing_server(401), refusing_server(500)]
        endpoints = {
            CLOUD: running.url,
            NOWHERE: f"http://{local_heat.HOST}:{nowhere.getsockname()[1]}/v1/admin",
            REFUSES_401: f"http://{local_heat.HOST}:{refusing[0].server_address[1]}/v1/admin",
            REFUSES_500: f"http://{local_heat.HOST}:{refusing[1].server_address[1]}/v1/admin",
        }
        clouds = state_dir / "clouds-live-tests.yaml"
        clouds.write_text(local_heat.clouds_yaml_text(endpoints))
        python = local_heat.venv_python(local_heat.default_venv_dir())
        yield LiveHeat(running.url, running.root_url, running.port, clouds, state_dir, python, endpoints)
    finally:
        for server in refusing:
            server.shutdown()
            server.server_close()
        nowhere.close()
        local_heat.purge(state_dir)
