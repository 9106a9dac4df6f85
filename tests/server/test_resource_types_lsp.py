"""Resource types in the editor, end to end: type, property and attribute completion and the type and property
hovers, answered by the real server under each client's recorded capabilities (snippets or not, tags or not,
UTF-8 or UTF-16 positions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import (
    change_document,
    completion_items,
    cursor,
    diagnostics,
    encoding,
    open_document,
    session,
    uri_for,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

ACME = str(Path(__file__).resolve().parents[2] / "examples" / "catalogues" / "acme.json")

# The multi-byte description keeps position encodings honest on the lines that follow.
TEMPLATE = """\
heat_template_version: 2018-08-31
description: café ☕ 𝄞
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: private
  server:
    type: {type}
    properties:
      {properties}
outputs:
  address:
    value: {value}
"""


def fill(type_: str = "OS::Nova::Server", properties: str = "flavor: m1.small", value: str = "1") -> str:
    return TEMPLATE.format(type=type_, properties=properties, value=value)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def typed(client: LanguageClient, name: str, text: str) -> tuple[str, types.Position]:
    """Open the document clean, then change it to ``text`` (its ``$0`` the cursor), as a user types."""
    enc = encoding(client)
    uri = uri_for(name, client)
    open_document(client, uri, fill())
    await diagnostics(client, uri, 1)
    changed, position = cursor(text, enc)
    change_document(client, uri, 2, [(None, changed)])
    return uri, position


async def complete(client: LanguageClient, uri: str, position: types.Position) -> dict[str, types.CompletionItem]:
    result = await client.text_document_completion_async(types.CompletionParams(doc(uri), position))
    assert result is not None
    return {item.label: item for item in completion_items(result)}


def edit_of(item: types.CompletionItem) -> types.TextEdit:
    edit = item.text_edit
    assert isinstance(edit, types.TextEdit), edit
    return edit


def snippets(client: LanguageClient) -> bool:
    return bool(client.capabilities.text_document.completion.completion_item.snippet_support)


def tags(client: LanguageClient) -> bool:
    support = client.capabilities.text_document.completion.completion_item.tag_support
    return support is not None and types.CompletionItemTag.Deprecated in support.value_set


def hover_text(result: types.Hover | None) -> str:
    assert result is not None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


async def test_resource_type_completion(client: LanguageClient):
    uri, position = await typed(client, "types", fill(type_="OS::Nov$0"))
    found = await complete(client, uri, position)
    assert "OS::Nova::Server" in found and "OS::Ceilometer::Alarm" in found
    assert "OS::Glance::Image" not in found  # hidden
    chosen = found["OS::Nova::Server"]
    edit = edit_of(chosen)
    # The range covers what was typed, colons included, so the client filters and replaces the whole name.
    assert edit.range.start.line == edit.range.end.line == position.line
    assert edit.range.start.character == position.character - len("OS::Nov")
    assert edit.new_text == "OS::Nova::Server"
    assert isinstance(chosen.documentation, types.MarkupContent)
    assert "Nova instances" in chosen.documentation.value
    deprecated = found["OS::Aodh::Alarm"]
    assert "use OS::Aodh::GnocchiAggregationByResourcesAlarm" in deprecated.detail
    assert list(deprecated.tags or []) == ([types.CompletionItemTag.Deprecated] if tags(client) else [])


async def test_property_completion_with_snippets(client: LanguageClient):
    uri, position = await typed(client, "properties", fill(properties="flavor: m1.small\n      netw$0"))
    found = await complete(client, uri, position)
    assert "flavor" not in found  # already there
    assert found["networks"].detail == "List of Map"
    networks = edit_of(found["networks"])
    assert networks.range.start.character == position.character - len("netw")
    mapping = edit_of(found["block_device_mapping"])
    if snippets(client):
        assert found["networks"].insert_text_format == types.InsertTextFormat.Snippet
        assert networks.new_text == "networks:\n        - ${1}"
        assert mapping.new_text == "block_device_mapping:\n        - device_name: ${1}"
    else:
        assert found["networks"].insert_text_format in (None, types.InsertTextFormat.PlainText)
        assert networks.new_text == "networks:\n        - "
        assert mapping.new_text == "block_device_mapping:\n        - device_name: "


async def test_property_names_required_first(client: LanguageClient):
    uri, position = await typed(client, "required", fill(properties="$0"))
    found = await complete(client, uri, position)
    ordered = sorted(found.values(), key=lambda item: item.sort_text or "")
    assert ordered[0].label == "flavor" and ordered[0].detail == "String, required"


async def test_allowed_values_completion(client: LanguageClient):
    uri, position = await typed(client, "values", fill(properties="flavor_update_policy: $0"))
    found = await complete(client, uri, position)
    assert {"RESIZE", "REPLACE"} <= set(found)
    assert found["RESIZE"].detail == "flavor_update_policy value (default)"


async def test_get_attr_attribute_completion(client: LanguageClient):
    uri, position = await typed(client, "attributes", fill(value="{get_attr: [server, $0]}"))
    found = await complete(client, uri, position)
    assert "networks" in found and "show" in found and "addresses" in found
    assert "first_address" not in found  # hidden
    assert found["networks"].kind == types.CompletionItemKind.Field
    port = await typed(client, "attributes-port", fill(value="{get_attr: [port, $0]}"))
    assert "fixed_ips" in await complete(client, *port)


async def test_hover_on_a_resource_type(client: LanguageClient):
    enc = encoding(client)
    uri, position = await typed(client, "hover-type", fill(type_="OS::Nova::Se$0rver"))
    result = await client.text_document_hover_async(types.HoverParams(doc(uri), position))
    text = hover_text(result)
    assert "**OS::Nova::Server** — resource type" in text
    assert "A resource for managing Nova instances." in text
    assert "| `flavor` | String | yes | in place |" in text
    assert "**Attributes**" in text
    assert result.range is not None
    _, start = cursor(fill(type_="$0OS::Nova::Server"), enc)
    assert result.range.start == start


async def test_hover_on_a_property_key(client: LanguageClient):
    uri, position = await typed(client, "hover-property", fill(properties="flavor_update_pol$0icy: REPLACE"))
    text = hover_text(await client.text_document_hover_async(types.HoverParams(doc(uri), position)))
    assert "**flavor_update_policy** — property of `OS::Nova::Server`: String" in text
    assert "- default: `RESIZE`" in text
    assert "- update: updated in place" in text
    assert "allowed values: `RESIZE`, `REPLACE`" in text


@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.7.0"])
async def test_user_catalogue_from_the_settings(client_name: str):
    async with session(client_name, {"hotLsp": {"resourceTypePaths": [ACME]}}) as client:
        uri = uri_for("acme", client)
        text, position = cursor(fill(type_="Acme::Widget", properties="$0"), encoding(client))
        open_document(client, uri, text)
        await diagnostics(client, uri, 1)
        found = await complete(client, uri, position)
        assert found["size"].detail == "Integer, required"
        typed_type, at = cursor(fill(type_="Acme::Wid$0get"), encoding(client))
        change_document(client, uri, 2, [(None, typed_type)])
        text = hover_text(await client.text_document_hover_async(types.HoverParams(doc(uri), at)))
        assert "A widget from the Acme plugin for Heat." in text
        assert "| `size` | Integer | yes | replace |" in text


async def test_long_property_docs_come_on_resolve_for_clients_that_resolve_them(client: LanguageClient):
    uri, position = await typed(client, "resolve", fill(properties="flavor: m1.small\n      netw$0"))
    found = await complete(client, uri, position)
    networks = found["networks"]
    support = client.capabilities.text_document.completion.completion_item.resolve_support
    if support is not None and "documentation" in support.properties:
        assert networks.documentation is None and networks.data is not None  # not in the list: on demand
        networks = await client.completion_item_resolve_async(networks)
    documentation = networks.documentation
    text = documentation.value if isinstance(documentation, types.MarkupContent) else documentation
    assert text and "An ordered list of nics" in text


async def test_resolve_needs_nothing_but_the_item():
    """The server keeps nothing between a list and its resolves: another server process, which never made the
    list, resolves its items to the same documentation."""
    async with session("visual-studio-code") as first:
        uri, position = await typed(first, "resolve-data", fill(properties="flavor: m1.small\n      netw$0"))
        properties = await complete(first, uri, position)
        value = cursor(fill(properties="flavor: m1.small\n      name: $0"), encoding(first))
        change_document(first, uri, 3, [(None, value[0])])
        functions = await complete(first, uri, value[1])
    networks, get_param = properties["networks"], functions["get_param"]
    assert networks.data == {"doc": ["property", "OS::Nova::Server", ["networks"], []]}
    assert get_param.data == {"doc": ["function", "get_param", "2018-08-31", "normal"]}
    async with session("visual-studio-code") as second:
        resolved = [await second.completion_item_resolve_async(item) for item in (networks, get_param)]
    texts = [item.documentation.value for item in resolved if isinstance(item.documentation, types.MarkupContent)]
    assert len(texts) == 2
    assert "An ordered list of nics" in texts[0]
    assert "**get_param** — intrinsic function" in texts[1]


PARAMETERS = """\
heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
    description: >-
      The flavour every server of this stack boots with, from the cloud's own list of flavours, by name; ask the
      cloud's operators which ones this project may use.
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: $0}
"""


async def test_a_parameters_long_doc_comes_on_resolve_from_the_open_document(client: LanguageClient):
    """The docs of the document's own names are left for resolve too, and made from the document's newest text."""
    enc = encoding(client)
    uri = uri_for("own-names", client)
    text, position = cursor(PARAMETERS, enc)
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    flavor = (await complete(client, uri, position))["flavor"]
    support = client.capabilities.text_document.completion.completion_item.resolve_support
    if support is None or "documentation" not in support.properties:
        assert "The flavour every server" in hover_text(types.Hover(contents=flavor.documentation))
        return
    assert flavor.documentation is None and flavor.data == {"doc": ["name", uri, "parameters", "flavor"]}
    resolved = await client.completion_item_resolve_async(flavor)
    assert "The flavour every server of this stack boots with" in hover_text(
        types.Hover(contents=resolved.documentation)
    )
    # Described again from the newest text; gone from it, nothing to show.
    change_document(client, uri, 2, [(None, text.replace("boots with", "starts with"))])
    resolved = await client.completion_item_resolve_async(flavor)
    assert "The flavour every server of this stack starts with" in hover_text(
        types.Hover(contents=resolved.documentation)
    )
    change_document(client, uri, 3, [(None, text.replace("  flavor:\n", "  size:\n"))])
    assert (await client.completion_item_resolve_async(flavor)).documentation is None
