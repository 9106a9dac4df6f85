"""Diagnostics end to end: ranges in the negotiated encoding, incremental edits, versions, pull, non-HOT."""

from __future__ import annotations

import asyncio

import pytest
from lsp_session import (
    change_document,
    covered,
    diagnostics,
    encoding,
    open_document,
    position_of,
    published,
    pulls,
    template,
    uri_for,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Multi-byte characters (2, 3 and 4 UTF-8 bytes; the last one is 2 UTF-16 units) on the very line of the
# faults, before them, so a column counted in the wrong units lands on the wrong text.
TEMPLATE = template(
    """
    heat_template_version: 2018-08-31
    description: café ☕ 𝄞
    parameters:
      flavor:
        type: string
    resources:
      server:
        type: OS::Nova::Server
        properties:
          metadata: {note: "café ☕ 𝄞", size: {get_param: flavour}, image: {get_resource: nowhere}}
    """
)


def _by_code(found: list[types.Diagnostic]) -> dict[str, types.Diagnostic]:
    return {str(d.code): d for d in found}


async def test_open_publishes_diagnostics_with_exact_ranges(client: LanguageClient):
    uri = uri_for("open-ranges", client)
    open_document(client, uri, TEMPLATE, version=1)
    found = _by_code(await diagnostics(client, uri, 1))
    enc = encoding(client)
    assert {"E4008", "E4009"} <= set(found)
    assert covered(TEMPLATE, found["E4008"], enc) == "flavour"
    assert covered(TEMPLATE, found["E4009"], enc) == "nowhere"
    # The position itself, computed independently in the client's units.
    assert found["E4008"].range.start == position_of(TEMPLATE, TEMPLATE.index("flavour"), enc)
    d = found["E4008"]
    assert d.source == "hot-lsp"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.data["fix"] == "declare_parameter"
    assert d.data["suggestions"] == ["flavor"]


async def test_diagnostic_fields_follow_client_capabilities(client: LanguageClient):
    uri = uri_for("fields", client)
    open_document(client, uri, TEMPLATE, version=3)
    found = _by_code(await diagnostics(client, uri, 3))
    unused, wrong = found["I9001"], found["E4008"]
    caps = client.capabilities.text_document.publish_diagnostics
    tags = caps.tag_support.value_set if caps and caps.tag_support else []
    if pulls(client) or types.DiagnosticTag.Unnecessary not in tags:
        assert not unused.tags or list(unused.tags) == [types.DiagnosticTag.Unnecessary]
    else:
        assert list(unused.tags) == [types.DiagnosticTag.Unnecessary]
    assert not wrong.tags
    if caps and caps.code_description_support:
        assert wrong.code_description.href.endswith("/docs/rules/E4008.md")


async def test_incremental_change_gives_the_new_versions_diagnostics(client: LanguageClient):
    uri = uri_for("incremental", client)
    enc = encoding(client)
    open_document(client, uri, TEMPLATE, version=1)
    await diagnostics(client, uri, 1)
    # Fix the misspelt parameter with a one-character deletion: "flavour" -> "flavor".
    offset = TEMPLATE.index("flavour") + len("flavo")
    start = position_of(TEMPLATE, offset, enc)
    end = position_of(TEMPLATE, offset + 1, enc)
    change_document(client, uri, 2, [(types.Range(start=start, end=end), "")])
    text = TEMPLATE.replace("flavour", "flavor")
    found = _by_code(await diagnostics(client, uri, 2))
    assert "E4008" not in found
    assert covered(text, found["E4009"], enc) == "nowhere"
    assert "I9001" not in found  # the parameter is read now


async def test_several_edits_in_one_change(client: LanguageClient):
    uri = uri_for("multi-edit", client)
    enc = encoding(client)
    open_document(client, uri, TEMPLATE, version=1)
    await diagnostics(client, uri, 1)
    # Applied in order, each against the text the previous one left: rename "nowhere", then "flavour".
    first = TEMPLATE.index("nowhere")
    step = TEMPLATE[:first] + "server" + TEMPLATE[first + len("nowhere") :]
    second = step.index("flavour")
    edits = [
        (types.Range(start=position_of(TEMPLATE, first, enc), end=position_of(TEMPLATE, first + 7, enc)), "server"),
        (types.Range(start=position_of(step, second, enc), end=position_of(step, second + 7, enc)), "flavor"),
    ]
    change_document(client, uri, 2, edits)
    found = _by_code(await diagnostics(client, uri, 2))
    assert not {"E4008", "E4009"} & set(found)


async def test_line_separators_lsp_does_not_count(client: LanguageClient):
    """U+2028 and U+0085 are not line ends for LSP: edits and ranges after them stay on the client's lines."""
    uri = uri_for("line-separators", client)
    enc = encoding(client)
    text = TEMPLATE.replace("description: café ☕ 𝄞", "description: a\u2028b\u0085c # odd separators")
    open_document(client, uri, text, version=1)
    found = _by_code(await diagnostics(client, uri, 1))
    assert covered(text, found["E4008"], enc) == "flavour"
    offset = text.index("nowhere")
    change = (types.Range(start=position_of(text, offset, enc), end=position_of(text, offset + 7, enc)), "elsewhere")
    change_document(client, uri, 2, [change])
    new_text = text.replace("nowhere", "elsewhere")
    found = _by_code(await diagnostics(client, uri, 2))
    assert covered(new_text, found["E4009"], enc) == "elsewhere"


async def test_full_text_change(client: LanguageClient):
    uri = uri_for("full-change", client)
    open_document(client, uri, TEMPLATE, version=1)
    await diagnostics(client, uri, 1)
    change_document(client, uri, 2, [(None, "heat_template_version: 2018-08-31\nresources: {}\n")])
    assert await diagnostics(client, uri, 2) == []


async def test_a_storm_of_changes_ends_with_the_last_versions_diagnostics(client: LanguageClient):
    """Forty changes sent without waiting: the storm ends with the diagnostics of the last text (pushed for its
    version, or pulled), and no version is pushed after a newer one. There is no fixed debounce: a change whose
    analysis finished before the next arrived may be published too, so which intermediate versions appear is
    up to the machine; their order is not."""
    uri = uri_for("storm", client)
    enc = encoding(client)
    open_document(client, uri, TEMPLATE, version=1)
    await diagnostics(client, uri, 1)
    text = TEMPLATE
    at = text.index("nowhere") + len("nowhere")
    last = 41
    for version in range(2, last + 1):  # type after "nowhere", one character per change
        position = position_of(text, at, enc)
        change_document(client, uri, version, [(types.Range(start=position, end=position), "xyzw"[version % 4])])
        text = text[:at] + "xyzw"[version % 4] + text[at:]
        at += 1
    final = _by_code(await diagnostics(client, uri, last))
    assert covered(text, final["E4009"], enc) == "nowhere" + text[text.index("nowhere") + 7 : at]
    if pulls(client):
        return
    await asyncio.sleep(0.5)  # anything late would arrive now
    versions = [p.version for p in client.published if p.uri == uri]
    assert versions[0] == 1 and versions[-1] == last, versions
    assert versions == sorted(set(versions)), versions  # never an older version after a newer one, nor twice


async def test_non_hot_yaml_gets_an_empty_list(client: LanguageClient):
    uri = uri_for("compose", client)
    text = "services:\n  web:\n    image: nginx\n    ports: ['80:80']\nresources: [1, 2\n"
    open_document(client, uri, text, version=7)
    assert await diagnostics(client, uri, 7) == []


async def test_a_template_that_stops_being_one_is_cleared(client: LanguageClient):
    uri = uri_for("stops-being-hot", client)
    open_document(client, uri, TEMPLATE, version=1)
    assert await diagnostics(client, uri, 1)
    change_document(client, uri, 2, [(None, "name: just some yaml\nitems: [1, 2]\n")])
    assert await diagnostics(client, uri, 2) == []


async def test_broken_yaml_reports_the_syntax_error(client: LanguageClient):
    uri = uri_for("broken", client)
    enc = encoding(client)
    text = template(
        """
        heat_template_version: 2018-08-31
        resources:
          server:
            type: OS::Nova::Server
            properties: {name: [ab, cd}
        """
    )
    open_document(client, uri, text, version=1)
    found = await diagnostics(client, uri, 1)
    syntax = [d for d in found if d.code == "E0001"]
    assert len(syntax) == 1
    error = syntax[0]
    assert error.severity == types.DiagnosticSeverity.Error
    assert covered(text, error, enc) == "}"  # where the parser gave up: the brace that closes nothing
    assert "syntax" in error.message.lower()


async def test_pull_diagnostics_full_then_unchanged(client: LanguageClient):
    uri = uri_for("pull", client)
    open_document(client, uri, TEMPLATE, version=1)
    params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri), identifier="hot-lsp")
    report = await client.text_document_diagnostic_async(params)
    assert report.kind == "full"
    assert {"E4008", "E4009"} <= {d.code for d in report.items}
    assert report.result_id
    again = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id
        )
    )
    assert again.kind == "unchanged"
    assert again.result_id == report.result_id
    change_document(client, uri, 2, [(None, TEMPLATE.replace("flavour", "flavor"))])
    after = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id
        )
    )
    assert after.kind == "full"
    assert "E4008" not in {d.code for d in after.items}


async def test_pull_for_a_document_never_opened(client: LanguageClient):
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri_for("never", client)))
    )
    assert report.kind == "full"
    assert list(report.items) == []


async def test_close_clears_diagnostics(client: LanguageClient):
    if pulls(client):
        pytest.skip("this client pulls; nothing is pushed")
    uri = uri_for("close", client)
    open_document(client, uri, TEMPLATE, version=1)
    assert (await published(client, uri, 1)).diagnostics
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri)))
    cleared = await published(client, uri, None)
    assert list(cleared.diagnostics) == []


async def test_change_for_a_document_never_opened_is_ignored(client: LanguageClient):
    uri = uri_for("not-open", client)
    change_document(client, uri, 2, [(None, TEMPLATE)])
    # The server is still fine, and knows nothing of the document.
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert list(report.items) == []
