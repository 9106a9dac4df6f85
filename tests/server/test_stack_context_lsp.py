"""Issue 28, through the real server: a nested template open beside its parent shows its faults in the parent's
stack, at their places in the child, worded for that stack (Heat's name of the nested stack), and they follow the
parent's edits. The stack is the bundle recording's ``group#group_index_makes_value_too_small``: the parent passes
``token_length: '%index%'`` to its ResourceGroup's members, so member "0" (the one Heat validates) gets a
RandomString of length 0 and Heat 27.0.1 refuses the stack; the member template alone is fine."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from bundle_cases import write_case
from lsp_session import CLIENTS, change_document, open_document, pulls, session
from lsprotocol import types

pytestmark = pytest.mark.asyncio

STACK = "resources.workers<nested_stack>.resources.0<file://worker.yaml>"


async def _current(client, uri: str, accept, timeout: float = 20.0) -> list[types.Diagnostic]:
    """The document's diagnostics once ``accept`` likes them: the newest push, or pulls until then."""
    deadline = asyncio.get_running_loop().time() + timeout
    last: list[types.Diagnostic] = []
    while asyncio.get_running_loop().time() < deadline:
        if pulls(client):
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
            )
            last = list(report.items) if report.kind == "full" else last
        else:
            pushed = [p for p in client.published if p.uri == uri]
            last = list(pushed[-1].diagnostics) if pushed else []
        if accept(last):
            return last
        await asyncio.sleep(0.05)
    raise AssertionError(f"diagnostics of {uri} never matched; last: {[(d.code, d.message) for d in last]}")


def _in_stack(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.message.startswith(f"In the stack of main.yaml ({STACK}): ")]


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_the_child_shows_its_fault_in_the_parents_stack_and_follows_the_parent(tmp_path: Path, client_name):
    case, environments = write_case(tmp_path, "group#group_index_makes_value_too_small")
    assert case["heat_says"].startswith(STACK + ": Length property cannot be smaller")
    main, worker = tmp_path / "main.yaml", tmp_path / "worker.yaml"
    options = {"hotLsp": {"environments": environments}}
    async with session(client_name, options, root_uri=tmp_path.as_uri()) as client:
        open_document(client, worker.as_uri(), worker.read_text())
        alone = await _current(client, worker.as_uri(), lambda found: True)
        assert not [d for d in alone if d.severity == types.DiagnosticSeverity.Error]  # the member alone is fine

        open_document(client, main.as_uri(), main.read_text())
        found = await _current(client, worker.as_uri(), lambda found: bool(_in_stack(found)))
        (shown,) = _in_stack(found)
        assert shown.severity == types.DiagnosticSeverity.Error and shown.code == "E3019"
        assert "0 is out of range (min: 1, max: 512)" in shown.message
        line = worker.read_text().splitlines()[shown.range.start.line]
        assert "length: {get_param: token_length}" in line  # at the member's own line
        if client_name != "visual-studio-code" or shown.related_information is not None:
            (back,) = shown.related_information or []
            assert back.location.uri == main.as_uri()
            assert "worker.yaml" in main.read_text().splitlines()[back.location.range.start.line]

        # The parent passes a long enough value now: the child's finding in that stack goes.
        fixed = main.read_text().replace("token_length: '%index%'", "token_length: 12")
        assert fixed != main.read_text()
        change_document(client, main.as_uri(), 2, [(None, fixed)])
        await _current(client, worker.as_uri(), lambda found: not _in_stack(found))

        # Broken again, then the parent is closed: the stack's finding leaves the child with it.
        change_document(client, main.as_uri(), 3, [(None, main.read_text())])
        await _current(client, worker.as_uri(), lambda found: bool(_in_stack(found)))
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=main.as_uri()))
        )
        await _current(client, worker.as_uri(), lambda found: not _in_stack(found))


async def test_a_fault_the_child_shows_alone_is_not_shown_twice(tmp_path: Path):
    # The child's output reads a resource it does not have: its own E4009, whatever the stack; the parent's E7020
    # relates it, and the child shows it once.
    case, environments = write_case(tmp_path, "type-path#child_output_get_attr_missing")
    main, child = tmp_path / "main.yaml", tmp_path / "lib" / "box.yaml"
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        open_document(client, main.as_uri(), main.read_text())
        open_document(client, child.as_uri(), child.read_text())
        found = await _current(client, main.as_uri(), lambda found: any(d.code == "E7020" for d in found))
        assert found
        await asyncio.sleep(0.5)  # (the child's republish after the parent's, if any)
        shown = await _current(client, child.as_uri(), lambda found: bool(found))
        at_fault = [d for d in shown if "no_such_resource" in child.read_text().splitlines()[d.range.start.line]]
        assert len([d for d in at_fault if d.severity == types.DiagnosticSeverity.Error]) == 1, shown
        assert not _in_stack(shown)
