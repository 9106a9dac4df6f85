"""Issue 14 through the real server: a condition named `on`, a misspelt function in a typed property and a reference
to a resource its condition leaves out are errors where Heat 27.0.1 fails; the same faults where Heat does not go
(a branch it does not take, an output) are warnings that say why; the quick fix quotes the name and its uses.

Heat 27.0.1's words for each: "sequence item 1: expected str instance, bool found"; "Property error:
resources.server.properties.flavor: Value must be a string; got {'get_parm': 'flavor'}"; 'The specified reference
"two" (in three.Properties.value) is incorrect.'
"""

from __future__ import annotations

import json

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


# Issue 28, item 5, confirmed with Heat 27.0.1 (tools/conformance/heat_verdicts.py), one template per case:
# - condition `c`: "Condition validation error: The definition of condition "c" is invalid: {'equalz': [1, 1]}"
#   (Heat validates every definition, used or not); `d`'s `not` argument is looked at only when `d` is resolved,
#   which nothing asks for: Heat accepts it;
# - "resources.r.properties.a.Ref: unhashable type: 'list'": Ref's constructor fails in an OS::Heat::None too;
# - `Ref: nosuch` in an OS::Heat::None: accepted (a parameter reference, failing only when resolved).
ITEM_5 = template(
    """
    heat_template_version: 2013-05-23
    resources:
      s: {type: OS::Heat::None}
      r:
        type: OS::Heat::None
        properties:
          a: {Ref: [s]}
          b: {Ref: nosuch}
    """
)
ITEM_5_CONDITIONS = template(
    """
    heat_template_version: 2021-04-16
    conditions:
      c: {equalz: [1, 1]}
      d: {not: {equalz: [1, 1]}}
    resources:
      r: {type: OS::Heat::None}
    """
)


async def test_what_heat_parses_in_every_definition_and_every_condition(client: LanguageClient) -> None:
    enc = encoding(client)
    uri = uri_for("heat-verdicts-item-5", client)
    open_document(client, uri, ITEM_5)
    got = found(ITEM_5, await diagnostics(client, uri, 1), enc)
    assert ("E4007", "error", "[s]") in got
    assert ("E4009", "warning", "nosuch") in got
    uri = uri_for("heat-verdicts-item-5-conditions", client)
    open_document(client, uri, ITEM_5_CONDITIONS)
    got = found(ITEM_5_CONDITIONS, await diagnostics(client, uri, 1), enc)
    # `c`'s whole definition is an error, the map inside `d`'s `not` a warning (the same text, `equalz`, in both)
    assert {entry for entry in got if entry[0] == "E4013"} == {
        ("E4013", "error", "equalz"),
        ("E4013", "warning", "equalz"),
    }


# Issue 28, item 6: Heat 27.0.1 resolves the definition's properties to {"size": "large"}; its stack preview shows an
# OS::Heat::None's properties as its empty schema shapes them: none.
RENDERED = template(
    """
    heat_template_version: 2021-04-16
    conditions:
      is_prod: true
    resources:
      choice:
        type: OS::Heat::None
        properties:
          size: {if: [is_prod, large, small]}
    """
)


async def test_render_shows_what_the_template_resolves_to(client: LanguageClient) -> None:
    uri = uri_for("heat-verdicts-render", client)
    open_document(client, uri, RENDERED)
    await diagnostics(client, uri, 1)

    async def properties(**options: object) -> object:
        params = types.ExecuteCommandParams(
            command="hot-lsp.render", arguments=[{"uri": uri, "format": "json", **options}]
        )
        answer = await client.workspace_execute_command_async(params)
        return json.loads(answer)["resources"]["choice"]["properties"]

    assert await properties() == {"size": "large"}
    assert await properties(withDefaults=True) == {}
