"""A type the environments' resource_registry maps, through the real server: diagnostics check it as the type it
maps to, and so do hover, completion and definition (issue 13: hover and completion looked the written name up
in the catalogue, so an alias got E3016 but no property hover or completion)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lsp_session import CLIENTS, cursor, diagnostics, encoding, open_document, session
from lsprotocol import types

pytestmark = pytest.mark.asyncio

ENVIRONMENT = """
resource_registry:
  My::Server: OS::Nova::Server
  My::Thing: thing.yaml
"""
THING = """
heat_template_version: 2018-08-31
parameters:
  size: {type: number, default: 1}
outputs:
  address:
    value: 10.0.0.1
"""
TEMPLATE = """\
heat_template_version: 2018-08-31
resources:
  web:
    type: My::Server
    properties:
      flavor: m1.small
      imagex: cirros
  thing:
    type: My::Thing
outputs:
  ip:
    value: {get_attr: [web, first_address]}
"""


def folder(tmp_path: Path) -> Path:
    for name, text in (("env.yaml", ENVIRONMENT), ("thing.yaml", THING), ("main.yaml", TEMPLATE)):
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"))
    return tmp_path


def at(text: str, marker_before: str, enc: str) -> types.Position:
    """The position just inside ``marker_before``'s first occurrence (one character in)."""
    offset = text.index(marker_before) + 1
    return cursor(text[:offset] + "$0" + text[offset:], enc)[1]


def hover_value(result: types.Hover | None) -> str:
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    return result.contents.value


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_an_aliased_type_gets_the_features_of_the_type_it_maps_to(tmp_path: Path, client_name: str) -> None:
    root = folder(tmp_path)
    options = {"hotLsp": {"environments": ["env.yaml"]}}
    async with session(client_name, options, root_uri=root.as_uri()) as client:
        enc = encoding(client)
        uri = (root / "main.yaml").as_uri()
        open_document(client, uri, TEMPLATE)
        found = await diagnostics(client, uri, 1)
        assert [d.code for d in found if d.code == "E3016"] == ["E3016"]  # imagex: checked as OS::Nova::Server
        assert not [d for d in found if d.code in ("W3015", "E3014")]  # no unknown-type finding for the alias
        document = types.TextDocumentIdentifier(uri=uri)

        hovered = await client.text_document_hover_async(types.HoverParams(document, at(TEMPLATE, "flavor:", enc)))
        assert "flavor" in hover_value(hovered) and "OS::Nova::Server" in hover_value(hovered)
        on_type = await client.text_document_hover_async(types.HoverParams(document, at(TEMPLATE, "My::Server", enc)))
        assert "OS::Nova::Server" in hover_value(on_type)

        key_position = at(TEMPLATE, "imagex", enc)
        keys = await client.text_document_completion_async(types.CompletionParams(document, key_position))
        labels = {item.label for item in (keys.items if isinstance(keys, types.CompletionList) else keys or [])}
        assert {"image", "networks", "key_name"} <= labels

        attribute_position = at(TEMPLATE, "first_address", enc)
        attributes = await client.text_document_completion_async(types.CompletionParams(document, attribute_position))
        names = {item.label for item in (attributes.items if isinstance(attributes, types.CompletionList) else [])}
        assert {"networks", "addresses", "console_urls"} <= names

        definition = await client.text_document_definition_async(
            types.DefinitionParams(document, at(TEMPLATE, "My::Thing", enc))
        )
        targets = definition if isinstance(definition, list) else [definition]
        uris = {getattr(target, "uri", getattr(target, "target_uri", None)) for target in targets if target}
        assert (root / "thing.yaml").as_uri() in uris
