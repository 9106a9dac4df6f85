"""``hotLsp.*`` settings: initializationOptions, workspace/configuration, didChangeConfiguration, live."""

from __future__ import annotations

import asyncio

import pytest
from lsp_session import CLIENTS, change_document, diagnostics, open_document, pulls, session, template, uri_for
from lsprotocol import types

pytestmark = pytest.mark.asyncio

TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    parameters:
      flavor: {type: string}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          flavor: {get_param: flavour}
          image: {get_resource: nowhere}
    """
)


def codes(found: list[types.Diagnostic]) -> set[str]:
    return {str(d.code) for d in found}


async def until_codes(client, uri: str, version: int, predicate, timeout: float = 20.0) -> set[str]:
    """Diagnostics of ``uri`` until ``predicate(codes)`` holds: pushed again, or pulled again."""
    deadline = asyncio.get_running_loop().time() + timeout
    seen = 0
    while True:
        if pulls(client):
            found = codes(await diagnostics(client, uri, version))
            if predicate(found):
                return found
        else:
            for params in client.published[seen:]:
                if params.uri == uri and params.version == version and predicate(codes(params.diagnostics)):
                    return codes(params.diagnostics)
            seen = len(client.published)
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"diagnostics of {uri} never matched")
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("client_name", CLIENTS)
@pytest.mark.parametrize(
    "options", [{"hotLsp": {"disabledRules": ["e4008"]}}, {"disabledRules": ["E4008"]}], ids=["nested", "flat"]
)
async def test_initialization_options_disable_a_code(client_name: str, options: dict):
    async with session(client_name, options) as client:
        uri = uri_for("init-options", client)
        open_document(client, uri, TEMPLATE)
        found = codes(await diagnostics(client, uri, 1))
        assert "E4008" not in found
        assert "E4009" in found


@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.11.0"])
async def test_disabled_rules_take_prefixes_as_the_command_line_does(client_name: str):
    async with session(client_name, {"disabledRules": ["e400"]}) as client:
        uri = uri_for("prefix", client)
        open_document(client, uri, TEMPLATE)
        found = codes(await diagnostics(client, uri, 1))
        assert not any(code.startswith("E400") for code in found)
        assert "E4009" not in found and "E4008" not in found
        assert "I9001" in found  # the others still come


@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.11.0"])
async def test_workspace_configuration_is_read_before_the_first_diagnostics(client_name: str):
    async with session(client_name, configuration={"hotLsp": {"disabledRules": ["E4009"]}}) as client:
        uri = uri_for("configuration", client)
        open_document(client, uri, TEMPLATE)
        found = codes(await diagnostics(client, uri, 1))
        assert "E4009" not in found
        assert "E4008" in found


@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.11.0"])
async def test_configuration_overrides_initialization_options_key_by_key(client_name: str):
    options = {"disabledRules": ["E4008"], "nestedDepth": 2}
    async with session(client_name, options, configuration={"hotLsp": {"disabledRules": ["E4009"]}}) as client:
        uri = uri_for("override", client)
        open_document(client, uri, TEMPLATE)
        found = codes(await diagnostics(client, uri, 1))
        assert "E4009" not in found
        assert "E4008" in found


@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.11.0"])
async def test_did_change_configuration_pull_model_is_live(client_name: str):
    async with session(client_name) as client:
        uri = uri_for("live-pull", client)
        open_document(client, uri, TEMPLATE)
        assert {"E4008", "E4009"} <= codes(await diagnostics(client, uri, 1))
        client.set_configuration({"disabledRules": ["E4009"]}, section="hotLsp")
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        found = await until_codes(client, uri, 1, lambda c: "E4009" not in c)
        assert "E4008" in found
        # ... and back on.
        client.set_configuration({"disabledRules": []}, section="hotLsp")
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        await until_codes(client, uri, 1, lambda c: "E4009" in c)


async def test_did_change_configuration_push_model_is_live():
    # Neovim 0.7's recorded capabilities have no workspace/configuration: the settings come pushed.
    async with session("neovim@v0.7.0", {"disabledRules": ["E4008"]}) as client:
        uri = uri_for("live-push", client)
        open_document(client, uri, TEMPLATE)
        assert codes(await diagnostics(client, uri, 1)) >= {"E4009"}
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"hotLsp": {"disabledRules": ["E4009"]}})
        )
        found = await until_codes(client, uri, 1, lambda c: "E4009" not in c)
        assert "E4008" in found  # the pushed object replaces the key it names
        # A settings table without hotLsp (Neovim sends its whole table) changes nothing.
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"yaml": {}}))
        change_document(client, uri, 2, [(None, TEMPLATE + "\n")])
        assert "E4009" not in codes(await diagnostics(client, uri, 2))


async def test_vscode_gets_a_did_change_configuration_registration():
    async with session("visual-studio-code") as client:
        for _ in range(100):
            if len(client.registrations) >= 2:
                break
            await asyncio.sleep(0.05)
        by_method = {r.method: r for r in client.registrations}
        # Also the workspace index's file watcher (tests/server/test_workspace_lsp.py).
        assert sorted(by_method) == sorted(
            [types.WORKSPACE_DID_CHANGE_CONFIGURATION, types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
        )
        assert by_method[types.WORKSPACE_DID_CHANGE_CONFIGURATION].register_options["section"] == "hotLsp"


async def test_malformed_settings_are_ignored():
    options = {"hotLsp": {"disabledRules": "E4008", "nestedDepth": "deep", "parameters": [1]}}
    async with session("neovim@v0.7.0", options) as client:
        uri = uri_for("malformed", client)
        open_document(client, uri, TEMPLATE)
        assert {"E4008", "E4009"} <= codes(await diagnostics(client, uri, 1))


SPLIT = template(
    """
    heat_template_version: wallaby
    parameters:
      i: {type: number, default: 1}
    outputs:
      part: {value: {str_split: [",", "a,b", {get_param: i}]}}
    """
)


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_hotlsp_parameters_reach_the_evaluation_diagnostics(client_name: str):
    async with session(client_name, {"parameters": {"i": 7}}) as client:
        uri = uri_for("split", client)
        open_document(client, uri, SPLIT)
        assert "E8004" in await until_codes(client, uri, 1, lambda found: "E8004" in found)
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"hotLsp": {"parameters": {"i": 0}}})
        )
        if client.capabilities.workspace and client.capabilities.workspace.configuration:
            client.set_configuration({"parameters": {"i": 0}}, section="hotLsp")
            client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        assert "E8004" not in await until_codes(client, uri, 1, lambda found: "E8004" not in found)
