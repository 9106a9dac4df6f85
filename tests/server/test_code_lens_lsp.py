"""``textDocument/codeLens`` through the real server, with each recorded client: a use count above each parameter
and resource (the places Find References lists, carried in the lens's arguments for the client to show), and
"Render" and "Resources" above the template, whose commands the server runs."""

from __future__ import annotations

import pytest
from lsp_session import open_document, plain, template, uri_for
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEXT = template(
    """
    heat_template_version: 2018-08-31
    parameters:
      image:
        type: string
      flavor:
        type: string
      net_name:
        type: string
        default: n
    resources:
      net:
        type: OS::Neutron::Net
        properties:
          name: {get_param: net_name}
      port:
        type: OS::Neutron::Port
        properties:
          network: {get_resource: net}
      server:
        type: OS::Nova::Server
        depends_on: net
        properties:
          image: {get_param: image}
          name: {get_param: image}
          networks: [{port: {get_resource: port}}]
    outputs:
      net_name:
        value: {get_attr: [net, name]}
    """
)


async def lenses(client, uri: str) -> list[types.CodeLens]:
    params = types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    return await client.text_document_code_lens_async(params)


async def test_use_counts_above_parameters_and_resources_and_commands_above_the_template(client):
    uri = uri_for("code-lens", client)
    open_document(client, uri, TEXT)
    assert client.init_result.capabilities.code_lens_provider is not None
    found = await lenses(client, uri)
    lines = TEXT.splitlines()
    shown = [(lines[lens.range.start.line].strip(), lens.command.title, lens.command.command) for lens in found]
    assert shown == [
        ("heat_template_version: 2018-08-31", "Render", "hot-lsp.render"),
        ("heat_template_version: 2018-08-31", "Resources", "hot-lsp.resources"),
        ("image:", "2 references", "hot-lsp.showReferences"),
        ("flavor:", "0 references", "hot-lsp.showReferences"),
        ("net_name:", "1 reference", "hot-lsp.showReferences"),
        ("net:", "3 references", "hot-lsp.showReferences"),
        ("port:", "1 reference", "hot-lsp.showReferences"),
        ("server:", "0 references", "hot-lsp.showReferences"),
    ]
    # The lens's arguments are VS Code's showReferences ones as JSON: the uri, the key's position, the places.
    net = found[5]
    at, where, places = plain(net.command.arguments)
    assert (at, where) == (uri, {"line": net.range.start.line, "character": net.range.start.character})
    context = types.ReferenceContext(include_declaration=False)
    listed = await client.text_document_references_async(
        types.ReferenceParams(
            context=context, text_document=types.TextDocumentIdentifier(uri=uri), position=net.range.start
        )
    )
    assert places == [{"uri": uri, "range": plain(client.protocol._converter.unstructure(loc.range))} for loc in listed]
    assert [lines[place["range"]["start"]["line"]].strip() for place in places] == [
        "network: {get_resource: net}",
        "depends_on: net",
        "value: {get_attr: [net, name]}",
    ]
    # The template's lenses run the server's commands as they are.
    render = found[0].command
    rendered = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=render.command, arguments=render.arguments)
    )
    assert rendered.startswith("version: '2018-08-31'\n") and "\n  server:\n    type: OS::Nova::Server\n" in rendered
    resources = found[1].command
    listed_resources = plain(
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=resources.command, arguments=resources.arguments)
        )
    )
    assert [row["resource_name"] for row in listed_resources["resources"]] == ["net", "port", "server"]


async def test_no_lens_in_a_file_that_is_no_template(client):
    uri = uri_for("code-lens-other", client)
    open_document(client, uri, "name: not a template\nitems: [1, 2]\n")
    assert not await lenses(client, uri)
