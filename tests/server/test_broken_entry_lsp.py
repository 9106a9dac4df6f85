"""A YAML error in one entry does not blind the rest of the file (issue 15, item 3).

A template is opened with one entry of one section broken (an unclosed flow mapping, an unclosed quote, a
tab-indented line, a stray list item). The broken entry gets its E0001, no finding lands outside it, and hover,
completion and definition answer in every other entry as they do in the unbroken file.
"""

from __future__ import annotations

import pytest
from lsp_session import diagnostics, encoding, offset_of, open_document, position_of, template, uri_for
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    parameters:
      flavor:
        type: string
        default: m1.small
      image:
        type: string
        default: cirros
      key:
        type: string
        default: mykey
    conditions:
      big: {equals: [{get_param: flavor}, m1.large]}
      small: {not: big}
      never: {equals: [{get_param: key}, none]}
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: private
      server:
        type: OS::Nova::Server
        condition: small
        properties:
          flavor: {get_param: flavor}
          image: {get_param: image}
          key_name: {get_param: key}
          networks: [{port: {get_resource: port}}]
      volume:
        type: OS::Cinder::Volume
        condition: big
        properties:
          size: 1
    outputs:
      address:
        value: {get_attr: [server, first_address]}
        condition: never
      port_id:
        value: {get_resource: port}
      volume_id:
        condition: big
        value: {get_resource: volume}
    """
)

# The entry broken in each section: the middle one, which others refer to.
BROKEN_ENTRY = {
    "parameters": "  image:\n",
    "conditions": "  small:",
    "resources": "  server:\n",
    "outputs": "  port_id:\n",
}
BREAKAGES = {
    "unclosed flow mapping": "    x: {get_param: flavor\n",
    "unclosed quote": '    x: "unclosed\n',
    "tab indent": "\tx: 1\n",
    "stray list item": "    - \n",
}


def broken(section: str, breakage: str) -> tuple[str, int, int]:
    """The template with one line of ``breakage`` under the section's middle entry; that entry's offsets."""
    start = TEMPLATE.index(BROKEN_ENTRY[section], TEMPLATE.index(f"\n{section}:"))
    line_end = TEMPLATE.index("\n", start) + 1
    text = TEMPLATE[:line_end] + BREAKAGES[breakage] + TEMPLATE[line_end:]
    following = min(
        (text.find(f"\n  {name}", line_end) for name in ("flavor", "key", "never", "volume", "volume_id")),
        key=lambda found: found if found >= 0 else len(text),
    )
    end = following + 1 if following >= 0 else len(text)
    return text, start, end


# Places in other entries where each feature must answer: (what is at the cursor, the text before the cursor).
HOVERS = ["{get_param: fla", "{get_param: ima", "condition: bi", "{get_resource: po", "{get_attr: [serv"]
COMPLETIONS = ["{get_param: ", "{get_resource: "]
DEFINITIONS = ["{get_resource: po", "{get_param: ke"]


def places(text: str, needles: list[str], start: int, end: int) -> list[int]:
    """The cursor offset after each occurrence of each needle outside the broken entry."""
    found = []
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            cursor = at + len(needle)
            if not start <= cursor < end:
                found.append(cursor)
            at = text.find(needle, at + 1)
    return found


@pytest.mark.parametrize("section", list(BROKEN_ENTRY))
@pytest.mark.parametrize("breakage", list(BREAKAGES))
async def test_one_broken_entry_leaves_the_others_working(client: LanguageClient, section: str, breakage: str):
    enc = encoding(client)
    text, start, end = broken(section, breakage)
    uri = uri_for(f"broken-{section}-{breakage.replace(' ', '-')}", client)
    open_document(client, uri, text)
    found = await diagnostics(client, uri, 1)
    codes = [d.code for d in found]
    assert codes.count("E0001") == 1, codes
    for diagnostic in found:
        at = offset_of(text, diagnostic.range.start, enc)
        assert start <= at < end, f"{diagnostic.code} {diagnostic.message!r} outside the broken entry"

    doc = types.TextDocumentIdentifier(uri=uri)
    hovers = places(text, HOVERS, start, end)
    assert len(hovers) >= 3
    for offset in hovers:
        position = position_of(text, offset, enc)
        answer = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=position))
        assert answer is not None, f"no hover at {text[offset - 20 : offset]!r}"
    for offset in places(text, COMPLETIONS, start, end):
        position = position_of(text, offset, enc)
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=doc, position=position)
        )
        items = result.items if isinstance(result, types.CompletionList) else result
        assert items, f"no completion at {text[offset - 20 : offset]!r}"
    for offset in places(text, DEFINITIONS, start, end):
        position = position_of(text, offset, enc)
        result = await client.text_document_definition_async(
            types.DefinitionParams(text_document=doc, position=position)
        )
        assert result, f"no definition at {text[offset - 20 : offset]!r}"


async def test_the_unbroken_template_is_clean(client: LanguageClient):
    uri = uri_for("broken-none", client)
    open_document(client, uri, TEMPLATE)
    assert await diagnostics(client, uri, 1) == []


async def test_an_unclosed_flow_mapping_does_not_read_the_next_resource_into_it(client: LanguageClient):
    # Before: the next resource's name was read into the broken value ("The parameter `flavor_name server` is
    # not declared"), and completion and hover answered nowhere.
    text = template(
        """
        heat_template_version: 2018-08-31
        parameters:
          flavor_name: {type: string, default: m1.small}
        resources:
          broken:
            type: OS::Heat::Value
            properties:
              value: {get_param: flavor_name
          server:
            type: OS::Nova::Server
            properties:
              flavor: {get_param: flavor_name}
              image: cirros
        """
    )
    enc = encoding(client)
    uri = uri_for("broken-flavor-name", client)
    open_document(client, uri, text)
    found = await diagnostics(client, uri, 1)
    assert [d.code for d in found] == ["E0001"], [(d.code, d.message) for d in found]
    assert found[0].range.start.line == text[: text.index("{get_param: flavor_name\n")].count("\n")
    properties = text.index("image: cirros")
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, properties, enc)
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    assert "networks" in {item.label for item in items or []}
