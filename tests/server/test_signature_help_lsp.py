"""Signature help and the template guide's links in hover, end to end: the real server under each client's recorded
capabilities (VS Code, Neovim 0.7 and 0.11: UTF-16 or UTF-8 positions, label offsets, markdown)."""

from __future__ import annotations

import pytest
from lsp_session import cursor, diagnostics, encoding, open_document, uri_for
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

GUIDE = "https://docs.openstack.org/heat/2026.2/template_guide/"  # the built-in catalogue is Heat 27.0.1's

# The multi-byte description keeps position encodings honest on the lines that follow.
TEMPLATE = """\
heat_template_version: {version}
description: café ☕ 𝄞
parameters:
  name: {{type: string}}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: m1.small
      name:
        str_replace:
          template: host-$NAME
          params:
            $NAME: {{get_param: name}}
outputs:
  flow:
    value: {flow}
  block:
    value:
      list_join:
        - ','
        - {block}
"""


async def signature_at(client: LanguageClient, name: str, version: str = "2021-04-16", **places: str):
    """The signature help at ``$0`` in TEMPLATE, the others filled with plain values: (label, active parameter's
    text in it) or None."""
    enc = encoding(client)
    filled = {"flow": "[a]", "block": "[b]", **places}
    text, position = cursor(TEMPLATE.format(version=version, **filled), enc)
    uri = uri_for(name, client)
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    result = await client.text_document_signature_help_async(
        types.SignatureHelpParams(types.TextDocumentIdentifier(uri=uri), position)
    )
    if result is None:
        return None
    information = result.signatures[result.active_signature or 0]
    index = result.active_parameter
    assert index is not None
    if index >= len(information.parameters or []):
        return information.label, None
    label = information.parameters[index].label
    assert isinstance(label, tuple)  # every recorded client takes label offsets
    return information.label, information.label[label[0] : label[1]]


LIST_JOIN = "list_join: [<delimiter>, <list>, ...]"


async def test_signature_help_is_advertised(client: LanguageClient):
    provider = client.init_result.capabilities.signature_help_provider
    assert provider is not None
    assert {"[", ",", ":", " "} <= set(provider.trigger_characters or [])


async def test_flow_list_position(client: LanguageClient):
    assert await signature_at(client, "flow-0", flow="{list_join: ['$0,', [a, b]]}") == (LIST_JOIN, "<delimiter>")
    assert await signature_at(client, "flow-1", flow="{list_join: [',', [a, b$0]]}") == (LIST_JOIN, "<list>")


async def test_block_list_item(client: LanguageClient):
    assert await signature_at(client, "block", block="$0") == (LIST_JOIN, "<list>")


async def test_map_keyed_argument(client: LanguageClient):
    text = TEMPLATE.replace("template: host-$NAME", "template: host-$NAME$0")
    enc = encoding(client)
    changed, position = cursor(text.format(version="2021-04-16", flow="[a]", block="[b]"), enc)
    uri = uri_for("map-key", client)
    open_document(client, uri, changed)
    await diagnostics(client, uri, 1)
    result = await client.text_document_signature_help_async(
        types.SignatureHelpParams(types.TextDocumentIdentifier(uri=uri), position)
    )
    assert result is not None
    information = result.signatures[0]
    assert information.label == "str_replace: {template: …, params: …}"
    assert result.active_parameter == 0
    params = await signature_at(client, "repeat", flow="{repeat: {for_each: {x: [1]}, template: x, permutations: $0}}")
    assert params == ("repeat: {for_each: …, template: …, permutations: …}", "permutations")


async def test_nested_call_wins(client: LanguageClient):
    inner = await signature_at(client, "nested", flow="{list_join: [',', [{get_param: [name, $0]}]]}")
    assert inner == ("get_param: [<name>, <key or index>, ...]", "<key or index>")
    outer = await signature_at(client, "nested-out", flow="{list_join: [',', [{get_param: name}], $0]}")
    assert outer == (LIST_JOIN, "<list>")


async def test_function_absent_from_the_version(client: LanguageClient):
    # `if` arrived in 2016-10-14 and `filter` in 2017-02-24: in 2015-10-15 they are plain data, no signature.
    assert await signature_at(client, "absent-if", version="2015-10-15", flow="{if: [$0, a, b]}") is None
    assert await signature_at(client, "present-if", version="2016-10-14", flow="{if: [$0, a, b]}") == (
        "if: [<condition>, <value if true>, <value if false>]",
        "<condition>",
    )


async def hover_text(client: LanguageClient, name: str, marked: str) -> str:
    text, position = cursor(marked, encoding(client))
    uri = uri_for(name, client)
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    result = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri=uri), position))
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    return result.contents.value


def filled(version: str = "2021-04-16") -> str:
    return TEMPLATE.format(version=version, flow="[a]", block="[b]")


async def test_type_hover_links_and_folds_property_descriptions(client: LanguageClient):
    text = await hover_text(client, "type-hover", filled().replace("OS::Nova::Server", "OS::Nova::Se$0rver"))
    assert f"[Heat template guide]({GUIDE}openstack.html#OS::Nova::Server)" in text
    rows = {
        line.split("|")[1].strip(): line.split("|")[5].strip() for line in text.split("\n") if line.startswith("| `")
    }
    # The catalogue's description goes on ("POLL_SERVER_CFN will allow calls ..."): the table keeps its first sentence.
    assert rows["`software_config_transport`"] == (
        "How the server should receive the metadata required for software configuration."
    )
    assert rows["`flavor`"] == "The ID or name of the flavor to boot onto."


async def test_function_hover_links_to_hot_spec(client: LanguageClient):
    text = await hover_text(client, "function-hover", filled().replace("str_replace:", "str_rep$0lace:"))
    assert f"[Heat template guide]({GUIDE}hot_spec.html#str-replace)" in text
    prop = await hover_text(client, "property-hover", filled().replace("flavor: m1", "fla$0vor: m1"))
    assert prop.endswith(f"[Heat template guide]({GUIDE}openstack.html#OS::Nova::Server-prop-flavor)")


@pytest.mark.parametrize("marked", ["par$0ams:", "params$0:", "$0params:", "params:$0"])
async def test_the_key_under_the_cursor_is_the_active_parameter(client: LanguageClient, marked: str):
    # Issue 29 item 6: on `params:` of str_replace the index was 2 for a signature of 2 parameters (out of range,
    # which LSP reads as 0: the client highlighted `template`).
    text = TEMPLATE.replace("          params:", "          " + marked)
    enc = encoding(client)
    changed, position = cursor(text.format(version="2021-04-16", flow="[a]", block="[b]"), enc)
    uri = uri_for("key-" + str(abs(hash(marked))), client)
    open_document(client, uri, changed)
    await diagnostics(client, uri, 1)
    result = await client.text_document_signature_help_async(
        types.SignatureHelpParams(types.TextDocumentIdentifier(uri=uri), position)
    )
    assert result is not None
    assert result.active_parameter == 1, (marked, result.active_parameter)
    # Never null (LSP 3.18 reads a null there as "no parameter active", overriding the top-level index).
    assert result.signatures[0].active_parameter == 1
