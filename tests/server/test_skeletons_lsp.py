"""Issue 17, items 1 and 8, through the real server with each recorded client: a resource type brings its required
properties (a catalogue type, a registry-mapped child template, a child template named by file), an empty file gets
a whole template, and the fixes for E3017, E2012 and a diagnostic naming its replacement leave a text without that
diagnostic (round trip: the fix is applied and the server checks the result)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lsp_session import (
    CLIENTS,
    change_document,
    completion_items,
    cursor,
    diagnostics,
    encoding,
    offset_of,
    open_document,
    session,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio

ENVIRONMENT = """
resource_registry:
  My::Server: OS::Nova::Server
  My::Child: child.yaml
"""
CHILD = """
heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  ports: {type: comma_delimited_list}
  size: {type: number, default: 1}
resources: {}
"""
PORT = """
heat_template_version: 2021-04-16
parameters:
  network: {type: string}
resources:
  port:
    type: OS::Neutron::Po$0
"""
# What choosing each type inserts in place of the typed word, for a client with snippets and one without.
PORT_SNIPPET = "OS::Neutron::Port\n    properties:\n      network: ${1|{get_param: network\\},''|}"
PORT_PLAIN = "OS::Neutron::Port\n    properties:\n      network: {get_param: network}"
CHILD_SNIPPET = "{name}\n    properties:\n      image: ${{1:''}}\n      ports: ${{2:[]}}"
CHILD_PLAIN = "{name}\n    properties:\n      image: ''\n      ports: []"


def snippets(client: LanguageClient) -> bool:
    return bool(client.capabilities.text_document.completion.completion_item.snippet_support)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def complete(client: LanguageClient, uri: str, fixture: str, version: int) -> dict[str, types.CompletionItem]:
    text, position = cursor(fixture, encoding(client))
    if version == 1:
        open_document(client, uri, text)
    else:
        change_document(client, uri, version, [(None, text)])
    result = await client.text_document_completion_async(types.CompletionParams(doc(uri), position))
    assert result is not None
    return {item.label: item for item in completion_items(result)}


def inserted(item: types.CompletionItem, client: LanguageClient) -> str:
    """The text an item inserts, checked to be in the format the client can take."""
    edit = item.text_edit
    text = edit.new_text if edit is not None else (item.insert_text or item.label)
    if snippets(client):
        assert item.insert_text_format == types.InsertTextFormat.Snippet
    else:
        assert item.insert_text_format in (None, types.InsertTextFormat.PlainText)
    return text


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_resource_types_bring_their_required_properties(tmp_path: Path, client_name: str) -> None:
    for name, text in (("env.yaml", ENVIRONMENT), ("child.yaml", CHILD)):
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"))
    options = {"hotLsp": {"environments": ["env.yaml"]}}
    async with session(client_name, options, root_uri=tmp_path.as_uri()) as client:
        uri = (tmp_path / "main.yaml").as_uri()
        items = await complete(client, uri, PORT, 1)
        assert inserted(items["OS::Neutron::Port"], client) == (PORT_SNIPPET if snippets(client) else PORT_PLAIN)
        # The registry maps My::Child to child.yaml: its parameters without a default are the required ones.
        expected = CHILD_SNIPPET if snippets(client) else CHILD_PLAIN
        assert inserted(items["My::Child"], client) == expected.format(name="My::Child")
        assert inserted(items["My::Server"], client).startswith("My::Server\n    properties:\n      flavor: ")
        # A template named by its file, typed in full.
        by_file = await complete(client, uri, PORT.replace("OS::Neutron::Po$0", "child.yaml$0"), 2)
        assert inserted(by_file["child.yaml"], client) == expected.format(name="child.yaml")
        # Typed as a new resource's key: the whole entry.
        entry = await complete(client, uri, PORT.replace("  port:\n    type: OS::Neutron::Po$0", "  $0"), 3)
        text = inserted(entry["OS::Neutron::Port"], client)
        assert text == (
            "${1:port}:\n    type: OS::Neutron::Port\n    properties:\n      network: ${2|{get_param: network\\},''|}"
            if snippets(client)
            else "port:\n    type: OS::Neutron::Port\n    properties:\n      network: {get_param: network}"
        )


@pytest.mark.asyncio(loop_scope="module")  # the module's server per client profile (conftest's client)
async def test_an_empty_file_gets_a_whole_template(client: LanguageClient, tmp_path: Path) -> None:
    uri = (tmp_path / "new.yaml").as_uri()
    items = await complete(client, uri, "$0", 1)
    assert {"heat_template_version", "HOT template"} <= set(items)
    text = inserted(items["HOT template"], client)
    if snippets(client):
        assert text.startswith("heat_template_version: ${1:2021-04-16}\n")
        return
    # Without snippets the plain text is a template the server finds nothing wrong with.
    assert text.startswith("heat_template_version: 2021-04-16\ndescription: ")
    for section in ("\nparameters:\n  name:\n", "\nresources:\n  resource:\n", "\noutputs:\n  output:\n"):
        assert section in text
    change_document(client, uri, 2, [(None, text)])
    assert await diagnostics(client, uri, 2) == []


FIXABLE = """
heat_template_version: 2021-04-16
parameters:
  network: {type: string}
  size:
    type: number
    default: 100
    constraints:
      - range: {min: 1, max: 50}
  tier:
    type: string
    default: prdo
    constraints:
      - allowed_values: [dev, prod]
conditions:
  is_prod: {equals: [{get_param: tier}, prod]}
  big: is_prd
resources:
  port:
    type: OS::Neutron::Port
    condition: big
    properties:
      name: {get_param: size}
outputs:
  tier:
    value: {if: [is_prod, yes, no]}
"""


async def fixed_by(client: LanguageClient, uri: str, text: str, code: str, title_start: str) -> str:
    """``text`` (version 1 of ``uri``, open) with the one fix titled ``title_start...`` of its one ``code`` finding
    applied, exactly as the server sends it."""
    found = [d for d in await diagnostics(client, uri, 1) if d.code == code]
    assert len(found) == 1, found
    answer = await client.text_document_code_action_async(
        types.CodeActionParams(doc(uri), found[0].range, types.CodeActionContext(diagnostics=found))
    )
    (fix,) = [a for a in answer or [] if isinstance(a, types.CodeAction) and a.title.startswith(title_start)]
    return apply(text, fix, uri, encoding(client))


def apply(text: str, action: types.CodeAction, uri: str, enc: str) -> str:
    assert action.edit is not None
    edits: list[types.TextEdit] = list((action.edit.changes or {}).get(uri, []))
    for change in action.edit.document_changes or []:
        assert isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri
        edits.extend(e for e in change.edits if isinstance(e, types.TextEdit))
    assert edits
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset_of(text, edit.range.start, enc), offset_of(text, edit.range.end, enc)
        text = text[:start] + edit.new_text + text[end:]
    return text


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize(
    ("code", "title", "result"),
    [
        ("E3017", "Add network", "      name: {get_param: size}\n      network: {get_param: network}\n"),
        ("E2012", "Replace 100 with 50", "    default: 50\n"),
        ("E2012", "Replace prdo with prod", "    default: prod\n"),
        ("E5003", "Replace is_prd with {not: {not: is_prod}}", "  big: {not: {not: is_prod}}\n"),
    ],
)
async def test_a_fix_leaves_no_such_diagnostic(
    client: LanguageClient, tmp_path: Path, code: str, title: str, result: str
):
    enc = encoding(client)
    uri = (tmp_path / "fix.yaml").as_uri()
    text = textwrap.dedent(FIXABLE).lstrip("\n")
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == code]
    assert found
    answer = await client.text_document_code_action_async(
        types.CodeActionParams(doc(uri), found[0].range, types.CodeActionContext(diagnostics=found))
    )
    actions = {a.title: a for a in answer or [] if isinstance(a, types.CodeAction)}
    assert title in actions, list(actions)
    fixed = apply(text, actions[title], uri, enc)
    assert result in fixed and result not in text
    change_document(client, uri, 2, [(None, fixed)])
    after = [d for d in await diagnostics(client, uri, 2) if d.code == code]
    assert len(after) == len(found) - 1, [d.message for d in after]
