"""``hotLsp.heatRelease`` through the real server (issue 30): the chosen release's resource types replace the
newest's, both ways (a listener with ``default_pool`` alone is fine on 2023.1 and an error on 2026.2; a security
group rule's ``description`` the opposite, its message naming 2026.2), a value that names no release is a warning
message and the newest, and a change of the setting re-checks the open documents."""

from __future__ import annotations

import asyncio

import pytest
from lsp_session import CLIENTS, diagnostics, open_document, session, template, uri_for
from lsprotocol import types

pytestmark = pytest.mark.asyncio

CLIENT = CLIENTS[0]
TEMPLATE = template(
    """
    heat_template_version: 2021-04-16
    resources:
      listener:
        type: OS::Octavia::Listener
        properties: {default_pool: p, protocol: HTTP, protocol_port: 80}
      group:
        type: OS::Neutron::SecurityGroup
        properties:
          rules: [{protocol: tcp, description: ssh}]
      alarm:
        type: OS::Aodh::PrometheusAlarm
        properties: {query: up, threshold: 1}
    """
)


def errors(found: list[types.Diagnostic]) -> dict[str, str]:
    return {str(d.code): d.message for d in found if d.severity == types.DiagnosticSeverity.Error}


@pytest.mark.parametrize("release", ["2023.1", "antelope", "20.0.1"])
async def test_an_older_release_replaces_the_newest_types(release: str):
    async with session(CLIENT, {"hotLsp": {"heatRelease": release}}) as client:
        uri = uri_for("antelope", client)
        open_document(client, uri, TEMPLATE)
        found = errors(await diagnostics(client, uri, 1))
        assert "E3017" not in found  # the listener: default_pool is enough before 2024.1
        assert "It is new in 2026.2" in found["E3016"]  # the rule's description
        assert "OS::Aodh::PrometheusAlarm" in found["E3014"]  # new in 2024.1


async def test_the_default_is_the_newest():
    async with session(CLIENT, {"hotLsp": {}}) as client:
        uri = uri_for("newest", client)
        open_document(client, uri, TEMPLATE)
        found = errors(await diagnostics(client, uri, 1))
        assert set(found) == {"E3017"}  # loadbalancer required; description and the alarm type known


async def test_a_value_naming_no_release_is_a_warning_and_the_newest():
    async with session(CLIENT, {"hotLsp": {"heatRelease": "nonsense"}}) as client:
        uri = uri_for("nonsense", client)
        open_document(client, uri, TEMPLATE)
        assert set(errors(await diagnostics(client, uri, 1))) == {"E3017"}
        for _ in range(100):
            if client.messages:
                break
            await asyncio.sleep(0.05)
        warned = [m for m in client.messages if m.type == types.MessageType.Warning]
        assert len(warned) == 1 and "hotLsp.heatRelease: 'nonsense'" in warned[0].message
        assert "2023.1 (Antelope, 20.0.1)" in warned[0].message


async def test_changing_the_setting_checks_again():
    # Neovim 0.7 has no workspace/configuration: the setting comes pushed, and the open document is checked again.
    async with session("neovim@v0.7.0", {"hotLsp": {}}) as client:
        uri = uri_for("changed", client)
        open_document(client, uri, TEMPLATE)
        assert set(errors(await diagnostics(client, uri, 1))) == {"E3017"}
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"hotLsp": {"heatRelease": "2023.1"}})
        )
        found: set[str] = set()
        for _ in range(400):
            published = [p for p in client.published if p.uri == uri and p.version == 1]
            found = set(errors(published[-1].diagnostics))
            if found != {"E3017"}:
                break
            await asyncio.sleep(0.05)
        assert found == {"E3016", "E3014"}


# -- hover, completion and skeletons follow the release (item 4) ------------------------------------------------


async def hover_text(client, uri: str, text: str, marker: str) -> str:
    from lsp_session import encoding, position_of

    position = position_of(text, text.index(marker) + 1, encoding(client))
    answer = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    assert answer is not None, marker
    return answer.contents.value


async def test_hover_says_since_and_until_which_release_a_type_and_a_property_work():
    text = TEMPLATE.replace("  alarm:", "  image:\n    type: OS::Glance::Image\n  alarm:")
    async with session(CLIENT, {"hotLsp": {}}) as client:
        uri = uri_for("hover-newest", client)
        open_document(client, uri, text)
        await diagnostics(client, uri, 1)
        alarm = await hover_text(client, uri, text, "OS::Aodh::PrometheusAlarm")
        assert "Heat releases: new in 2024.1 (Caracal); checked for 2026.2." in alarm
        description = await hover_text(client, uri, text, "description: ssh")
        assert "Heat releases: new in 2026.2; checked for 2026.2." in description
        assert "Heat releases" not in await hover_text(client, uri, text, "OS::Octavia::Listener")
    async with session(CLIENT, {"hotLsp": {"heatRelease": "2023.1"}}) as client:
        uri = uri_for("hover-antelope", client)
        open_document(client, uri, text)
        await diagnostics(client, uri, 1)
        image = await hover_text(client, uri, text, "OS::Glance::Image")
        assert "Heat releases: up to 2023.2 (Bobcat); checked for 2023.1 (Antelope)." in image
        # the guide of that release, on the page its status there puts it (deprecated: unsupported.html)
        assert "https://docs.openstack.org/heat/2023.1/template_guide/unsupported.html#OS::Glance::Image" in image


async def test_completion_offers_only_the_types_the_release_has():
    text = "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::\n"
    position = types.Position(line=3, character=len("    type: OS::"))

    async def offered(release: str) -> dict[str, list[types.CompletionItemTag]]:
        async with session(CLIENT, {"hotLsp": {"heatRelease": release}}) as client:
            uri = uri_for(f"complete-{release}", client)
            open_document(client, uri, text)
            await diagnostics(client, uri, 1)
            answer = await client.text_document_completion_async(
                types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
            )
            items = answer.items if isinstance(answer, types.CompletionList) else answer or []
            return {item.label: list(item.tags or []) for item in items}

    assert "OS::Aodh::PrometheusAlarm" in set(await offered("2026.2"))
    older = await offered("2023.1")
    assert "OS::Aodh::PrometheusAlarm" not in older and "OS::Aodh::Alarm" in older
    # OS::Glance::Image: deprecated but working up to 2023.2 (offered, marked deprecated), hidden from 2024.1 on
    assert older["OS::Glance::Image"] == [types.CompletionItemTag.Deprecated]
    assert "OS::Glance::Image" not in await offered("2024.1")
