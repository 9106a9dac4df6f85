"""End-to-end fixtures: the real ``hot-lsp`` process over stdio, driven by pytest-lsp with the recorded
capabilities of real clients. pytest-lsp's specification checks turn into errors here."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_session import CLIENTS, initialize_params, server_config
from pytest_lsp import LanguageClient

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning"))


@pytest_lsp.fixture(scope="module", params=CLIENTS, config=server_config())
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest):
    """One server per test module and client; tests use their own document uris."""
    lsp_client.client_name = request.param
    lsp_client.init_result = await lsp_client.initialize_session(initialize_params(request.param))
    yield
    await lsp_client.shutdown_session()
