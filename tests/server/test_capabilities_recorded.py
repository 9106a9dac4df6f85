"""The capabilities ``initialize`` announces, compared with a copy recorded from the server before its handlers were
declared in one table (server/handlers.py): the table must register every method with the options it had.

Run ``python tests/server/test_capabilities_recorded.py`` to record them again after a deliberate change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import client_capabilities

from hot_lsp.server import create_server

RECORDED = Path(__file__).with_name("initialize_capabilities.json")
# Every client whose capabilities pytest-lsp ships, and one that declares nothing.
CLIENTS = [
    "emacs@v29.1",
    "neovim@v0.6.1",
    "neovim@v0.7.0",
    "neovim@v0.8.0",
    "neovim@v0.9.1",
    "neovim@v0.10.0",
    "neovim@v0.11.0",
    "visual-studio-code@v1.65.2",
    "none",
]


def announced(client: str) -> Any:
    """The ``capabilities`` of the initialize answer to ``client``, as the JSON the server sends."""
    capabilities = types.ClientCapabilities() if client == "none" else client_capabilities(client)
    server = create_server()
    try:
        params = types.InitializeParams(capabilities=capabilities, root_uri="file:///work/capabilities")
        steps = server.protocol.lsp_initialize(params)
        handler, args, _ = next(steps)  # hot-lsp's own initialize handler, run as pygls runs it
        handler(*args)
        try:
            steps.send(None)
        except StopIteration as done:
            result = done.value
        return json.loads(server.protocol.encode(result).json)["capabilities"]
    finally:
        server.analysis_pool.shutdown()
        server.feature_pool.shutdown()


@pytest.mark.parametrize("client", CLIENTS)
def test_initialize_announces_the_recorded_capabilities(client: str) -> None:
    recorded = json.loads(RECORDED.read_text())
    assert announced(client) == recorded[client]


if __name__ == "__main__":
    RECORDED.write_text(json.dumps({client: announced(client) for client in CLIENTS}, indent=1, sort_keys=True) + "\n")
    sys.exit(0)
