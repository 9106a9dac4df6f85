"""The editing features of issue 17 through the real server, under each recorded client: path completion for
``get_file`` and ``type``, document highlight, selection ranges, semantic token types, the "Disable CODE" actions
applied and their diagnostic gone, and completion of codes inside a suppression comment."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import (
    change_document,
    completion_items,
    diagnostics,
    encoding,
    offset_of,
    open_document,
    position_of,
    template,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
from hot_lsp.analysis.codes import CODES

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    description: café ☕ 𝄞
    parameters:
      flavor: {type: string}
      unused: {type: string}
    conditions:
      big: {equals: [{get_param: flavor}, large]}
    resources:
      alarm:
        type: OS::Aodh::Alarm
        properties: {meter_name: cpu, threshold: 1, comparison_operator: gt}
      server:
        type: OS::Nova::Server
        condition: big
        properties:
          flavor: {get_param: flavor}
          image: {get_param: flavor}
          bogus: 1
    outputs:
      address:
        value: {get_attr: [server, first_address]}
    """
)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, enc: str, into: int = 1, occurrence: int = 1) -> types.Position:
    offset = -1
    for _ in range(occurrence):
        offset = text.index(needle, offset + 1)
    return position_of(text, offset + into, enc)


def covered(text: str, rng: types.Range, enc: str) -> str:
    return text[offset_of(text, rng.start, enc) : offset_of(text, rng.end, enc)]


def applied(text: str, edits: list[types.TextEdit], enc: str) -> str:
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = (
            text[: offset_of(text, edit.range.start, enc)]
            + edit.new_text
            + text[offset_of(text, edit.range.end, enc) :]
        )
    return text


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("paths")
    for name in ("server.yaml", "old.template", "notes.yml", "boot.sh", "nested/volume.yaml", "nested/x.txt"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("heat_template_version: 2018-08-31\n" if name.endswith("yaml") else "x\n")
    return folder


async def completion_labels(client: LanguageClient, uri: str, position: types.Position) -> list[types.CompletionItem]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=position)
    )
    assert result is not None
    return sorted(completion_items(result), key=lambda item: item.sort_text or item.label)


async def test_path_completion_for_get_file_and_type(client: LanguageClient, tree: Path):
    enc = encoding(client)
    text = template(
        """
        heat_template_version: 2018-08-31
        resources:
          child:
            type: ne
          script:
            type: OS::Heat::Value
            properties:
              value: {get_file: b}
        """
    )
    uri = (tree / f"main-{client.client_name.replace('@', '-')}.yaml").as_uri()
    open_document(client, uri, text)
    files = [i for i in await completion_labels(client, uri, at(text, "{get_file: b}", enc, into=11))]
    paths = [
        (i.label, i.kind) for i in files if i.kind in (types.CompletionItemKind.File, types.CompletionItemKind.Folder)
    ]
    labels = [label for label, _ in paths]
    assert labels[:2] == ["../", "nested/"], labels  # folders first
    assert {"boot.sh", "server.yaml", "notes.yml", "nested/x.txt", "nested/volume.yaml"} <= set(labels)
    assert not any(label.startswith("main-") for label in labels)  # never the template itself
    edit = next(i for i in files if i.label == "boot.sh").text_edit
    assert isinstance(edit, types.TextEdit) and covered(text, edit.range, enc) == "b"

    types_offered = await completion_labels(client, uri, at(text, "type: ne", enc, into=8))
    local = [
        i.label for i in types_offered if i.kind in (types.CompletionItemKind.File, types.CompletionItemKind.Folder)
    ]
    assert "server.yaml" in local and "old.template" in local and "nested/volume.yaml" in local
    assert "boot.sh" not in local and "notes.yml" not in local  # heatclient sends only .yaml/.template along
    assert local.index("nested/") < local.index("server.yaml")
    assert any(i.label == "OS::Nova::Server" for i in types_offered)  # the catalogue's types still come first
    first_file = next(n for n, i in enumerate(types_offered) if i.label == "server.yaml")
    assert next(n for n, i in enumerate(types_offered) if i.label == "OS::Nova::Server") < first_file

    # inside a half-typed path: the typed folder's content, the edit replacing the whole path
    inner = text.replace("type: ne", "type: nested/vo")
    change_document(client, uri, 2, [(None, inner)])
    deeper = await completion_labels(client, uri, at(inner, "nested/vo", enc, into=9))
    labels = [i.label for i in deeper if i.kind == types.CompletionItemKind.File]
    assert labels == ["nested/volume.yaml"], labels
    chosen = deeper[[i.label for i in deeper].index("nested/volume.yaml")].text_edit
    assert isinstance(chosen, types.TextEdit) and covered(inner, chosen.range, enc) == "nested/vo"


async def test_document_highlight(client: LanguageClient):
    enc = encoding(client)
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/highlight.yaml"
    open_document(client, uri, TEMPLATE)
    await diagnostics(client, uri, 1)
    for position in (
        at(TEMPLATE, "flavor: {type", enc),
        at(TEMPLATE, "{get_param: flavor}", enc, into=13, occurrence=2),
    ):
        result = await client.text_document_document_highlight_async(
            types.DocumentHighlightParams(text_document=doc(uri), position=position)
        )
        assert result is not None
        found = [(covered(TEMPLATE, h.range, enc), h.range.start.line, h.kind) for h in result]
        write, read = types.DocumentHighlightKind.Write, types.DocumentHighlightKind.Read
        assert found == [("flavor", 3, write), ("flavor", 6, read), ("flavor", 15, read), ("flavor", 16, read)], found
    condition = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc(uri), position=at(TEMPLATE, "condition: big", enc, into=12))
    )
    assert [(h.range.start.line, h.kind) for h in condition] == [
        (6, types.DocumentHighlightKind.Write),
        (13, types.DocumentHighlightKind.Read),
    ]
    nothing = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc(uri), position=at(TEMPLATE, "description", enc))
    )
    assert not nothing


async def test_selection_ranges(client: LanguageClient):
    enc = encoding(client)
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/selection.yaml"
    open_document(client, uri, TEMPLATE)
    await diagnostics(client, uri, 1)
    positions = [at(TEMPLATE, "{get_param: flavor}", enc, into=14, occurrence=2), at(TEMPLATE, "OS::Aodh", enc, into=3)]
    result = await client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=doc(uri), positions=positions)
    )
    assert len(result) == 2
    chains = []
    for selection in result:
        chain = []
        node: types.SelectionRange | None = selection
        while node is not None:
            chain.append(covered(TEMPLATE, node.range, enc))
            node = node.parent
        chains.append(chain)
    first = chains[0]
    assert first[:4] == ["flavor", "get_param: flavor", "{get_param: flavor}", "flavor: {get_param: flavor}"]
    assert first[4].startswith("flavor: {get_param: flavor}\n      image:") and first[4].endswith("bogus: 1")
    assert first[5].startswith("properties:") and first[6].startswith("type: OS::Nova::Server")
    assert first[-1] == TEMPLATE.rstrip()
    assert chains[1][:3] == ["OS::Aodh::Alarm", "type: OS::Aodh::Alarm", chains[1][2]]
    assert chains[1][2].startswith("type: OS::Aodh::Alarm\n    properties: {meter_name")
    for chain in chains:  # each range holds the one before it
        assert all(inner in outer and inner != outer for inner, outer in zip(chain, chain[1:], strict=False))


async def test_semantic_token_types(client: LanguageClient):
    enc = encoding(client)
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/tokens.yaml"
    open_document(client, uri, TEMPLATE)
    await diagnostics(client, uri, 1)
    legend = client.init_result.capabilities.semantic_tokens_provider.legend
    result = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc(uri)))
    data = list(result.data)
    decoded = []
    line = character = 0
    for index in range(0, len(data), 5):
        delta_line, delta_character, length, token_type, modifiers = data[index : index + 5]
        line += delta_line
        character = character + delta_character if delta_line == 0 else delta_character
        start = types.Position(line=line, character=character)
        end = types.Position(line=line, character=character + length)
        names = [name for bit, name in enumerate(legend.token_modifiers) if modifiers & (1 << bit)]
        decoded.append(
            (covered(TEMPLATE, types.Range(start=start, end=end), enc), legend.token_types[token_type], names)
        )
    assert ("OS::Aodh::Alarm", "type", ["deprecated"]) in decoded
    assert ("OS::Nova::Server", "type", []) in decoded
    assert ("meter_name", "property", []) in decoded and ("image", "property", []) in decoded
    assert ("first_address", "property", ["readonly", "deprecated"]) in decoded
    assert ("big", "enumMember", ["declaration"]) in decoded and ("big", "enumMember", []) in decoded
    assert ("server", "variable", []) in decoded and ("flavor", "parameter", []) in decoded


async def _disable_round_trip(client: LanguageClient, name: str, code: str, title: str) -> str:
    enc = encoding(client)
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/{name}.yaml"
    open_document(client, uri, TEMPLATE)
    before = await diagnostics(client, uri, 1)
    found = [d for d in before if d.code == code]
    assert len(found) == 1, [d.code for d in before]
    diagnostic = found[0]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri), range=diagnostic.range, context=types.CodeActionContext(diagnostics=[diagnostic])
        )
    )
    titles = [a.title for a in actions if isinstance(a, types.CodeAction)]
    assert title in titles, titles
    assert titles.index(title) >= len(titles) - 2  # after the real fixes
    action = next(a for a in actions if isinstance(a, types.CodeAction) and a.title == title)
    assert action.kind == types.CodeActionKind.QuickFix and not action.is_preferred
    new_text = applied(TEMPLATE, action.edit.changes[uri], enc)
    change_document(client, uri, 2, [(None, new_text)])
    after = [d.code for d in await diagnostics(client, uri, 2)]
    assert code not in after, after
    assert len(after) == len(before) - 1  # the others stay
    return new_text


async def test_disable_on_this_line_round_trip(client: LanguageClient):
    new_text = await _disable_round_trip(client, "disable-line", "E3016", "Disable E3016 on this line")
    assert "      # hot-lsp: disable=E3016\n      bogus: 1\n" in new_text


async def test_disable_in_this_file_round_trip(client: LanguageClient):
    new_text = await _disable_round_trip(client, "disable-file", "I9001", "Disable I9001 in this file")
    assert new_text.startswith("# hot-lsp: disable-file=I9001\nheat_template_version")


async def test_disable_merges_with_an_existing_comment(client: LanguageClient):
    enc = encoding(client)
    text = TEMPLATE.replace("      bogus: 1\n", "      bogus: 1  # hot-lsp: disable=W9999\n")
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/disable-merge.yaml"
    open_document(client, uri, text)
    diagnostic = next(d for d in await diagnostics(client, uri, 1) if d.code == "E3016")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri), range=diagnostic.range, context=types.CodeActionContext(diagnostics=[diagnostic])
        )
    )
    action = next(a for a in actions if a.title == "Disable E3016 on this line")
    assert "bogus: 1  # hot-lsp: disable=W9999,E3016\n" in applied(text, action.edit.changes[uri], enc)


async def test_code_completion_in_a_suppression_comment(client: LanguageClient):
    enc = encoding(client)
    text = TEMPLATE.replace("      bogus: 1\n", "      bogus: 1  # hot-lsp: disable=W9999, E30\n")
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/disable-complete.yaml"
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    items = await completion_labels(client, uri, at(text, "E30\n", enc, into=3))
    by_label = {item.label: item for item in items}
    assert "E3016" in by_label and "W9999" not in by_label  # a code already written is not offered again
    assert by_label["E3016"].detail == CODES["E3016"].summary  # its one-line summary from the registry
    edit = by_label["E3016"].text_edit
    assert isinstance(edit, types.TextEdit) and covered(text, edit.range, enc) == "E30"
    assert not any(label.startswith("get_") for label in by_label)  # nothing of the template's own completion


async def fixes_for(client: LanguageClient, uri: str, found: list[types.Diagnostic]) -> list[types.CodeAction]:
    """The quick fixes offered for ``found`` (the "Disable CODE" actions left out)."""
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri), range=found[0].range, context=types.CodeActionContext(diagnostics=found)
        )
    )
    return [a for a in actions or () if isinstance(a, types.CodeAction) and not a.title.startswith("Disable")]


async def test_a_misspelt_required_property_is_one_finding_whose_fix_renames_it(client: LanguageClient):
    # Issue 29 item 2: `floating_netwrok` was E3016 (unknown) and E3017 (floating_network missing), E3017 first, and
    # its fix added `floating_network: ''` beside the typo. Heat fails the stack on either; it is one mistake.
    enc = encoding(client)
    text = template(
        """
        heat_template_version: 2021-04-16
        resources:
          fip:
            type: OS::Neutron::FloatingIP
            properties:
              floating_netwrok: public
        """
    )
    uri = f"file:///work/hot-lsp-tests/{client.client_name.replace('@', '-')}/misspelt-required.yaml"
    open_document(client, uri, text)
    found = await diagnostics(client, uri, 1)
    assert [d.code for d in found] == ["E3016"], [(d.code, d.message) for d in found]
    [diagnostic] = found
    assert "Did you mean `floating_network`? It is required" in diagnostic.message
    assert covered(text, diagnostic.range, enc) == "floating_netwrok"
    fixes = await fixes_for(client, uri, [diagnostic])
    assert fixes and "floating_network" in fixes[0].title, [a.title for a in fixes]
    new_text = applied(text, fixes[0].edit.changes[uri], enc)
    assert "      floating_network: public\n" in new_text and "netwrok" not in new_text
    change_document(client, uri, 2, [(None, new_text)])
    assert await diagnostics(client, uri, 2) == []


async def test_an_attribute_fix_replaces_only_the_wrong_segment(
    client: LanguageClient, tmp_path_factory: pytest.TempPathFactory
):
    # Issue 29 item 1: on `resource.0.port` (member 0's output `port`, which the member template calls `port_id`)
    # the fix wrote `port_id` over the whole path: every member's port_id, a list where one string was meant.
    enc = encoding(client)
    folder = tmp_path_factory.mktemp("member-attribute")
    (folder / "member.yaml").write_text(
        "heat_template_version: 2021-04-16\n"
        "resources:\n  port: {type: OS::Heat::None}\n"
        "outputs:\n  port_id: {value: {get_resource: port}}\n"
    )
    text = template(
        """
        heat_template_version: 2021-04-16
        resources:
          web_servers:
            type: OS::Heat::ResourceGroup
            properties:
              count: 2
              resource_def: {type: member.yaml}
        outputs:
          first_port:
            value: {get_attr: [web_servers, resource.0.port]}
        """
    )
    uri = (folder / "main.yaml").as_uri()
    (folder / "main.yaml").write_text(text)
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == "E3022"]
    assert len(found) == 1, found
    fixes = await fixes_for(client, uri, found)
    assert fixes
    new_text = applied(text, fixes[0].edit.changes[uri], enc)
    assert "{get_attr: [web_servers, resource.0.port_id]}" in new_text, new_text
    change_document(client, uri, 2, [(None, new_text)])
    assert not [d for d in await diagnostics(client, uri, 2) if d.code.startswith("E")]
