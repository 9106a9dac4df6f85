"""Issue 14 through the real server: a condition named `on`, a misspelt function in a typed property and a reference
to a resource its condition leaves out are errors where Heat 27.0.1 fails; the same faults where Heat does not go
(a branch it does not take, an output) are warnings that say why; the quick fix quotes the name and its uses.

Heat 27.0.1's words for each: "sequence item 1: expected str instance, bool found"; "Property error:
resources.server.properties.flavor: Value must be a string; got {'get_parm': 'flavor'}"; 'The specified reference
"two" (in three.Properties.value) is incorrect.'
"""

from __future__ import annotations

import pytest
from lsp_session import covered, diagnostics, encoding, open_document, template, uri_for
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEMPLATE = template(
    """
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string, default: m1.small}
    conditions:
      on: true
    resources:
      server:
        type: OS::Nova::Server
        condition: on
        properties:
          flavor: {get_parm: flavor}
          image: cirros
      two:
        type: OS::Heat::RandomString
        condition: false
      three:
        type: OS::Heat::Value
        properties:
          value: {get_resource: two}
    outputs:
      shown:
        value: {get_param: nosuch}
      branch:
        value: {if: [false, {get_attr: [nowhere, a]}, ok]}
    """
)


def found(text: str, diagnostics_: list[types.Diagnostic], enc: str) -> set[tuple[str, str, str]]:
    names = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning"}
    return {
        (str(d.code), names.get(d.severity, "other") if d.severity else "error", covered(text, d, enc))
        for d in diagnostics_
    }


async def test_errors_where_heat_fails_and_warnings_where_it_does_not_go(client: LanguageClient) -> None:
    enc = encoding(client)
    uri = uri_for("heat-verdicts", client)
    open_document(client, uri, TEMPLATE)
    got = found(TEMPLATE, await diagnostics(client, uri, 1), enc)
    assert ("E1005", "error", "on") in got
    assert ("E3018", "error", "{get_parm: flavor}") in got
    assert ("W4004", "warning", "get_parm") in got
    assert ("E4009", "error", "two") in got
    assert ("E4008", "warning", "nosuch") in got  # an output: the stack is created, `output show` fails
    assert ("E4009", "warning", "nowhere") in got  # a branch Heat never parses
    assert not [entry for entry in got if entry[1] == "error" and entry[0] not in ("E1005", "E3018", "E4009")]


async def test_the_quick_fix_quotes_the_condition_name_and_its_uses(client: LanguageClient) -> None:
    uri = uri_for("heat-verdicts-fix", client)
    open_document(client, uri, TEMPLATE)
    [diagnostic] = [d for d in await diagnostics(client, uri, 1) if d.code == "E1005"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic], only=[types.CodeActionKind.QuickFix]),
        )
    )
    fixes = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.edit is not None]
    [action] = [a for a in fixes if not a.title.startswith("Disable ")]  # the rule's fix, not the suppressions
    edits = (action.edit.changes or {}).get(uri) or [
        edit for change in action.edit.document_changes or [] for edit in getattr(change, "edits", [])
    ]
    assert sorted(edit.new_text for edit in edits) == ["'on'", "'on'"]
    assert {edit.range.start.line for edit in edits} == {4, 8}  # the definition and `condition: on` (0-based)
