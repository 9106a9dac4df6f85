"""Quick fixes from diagnostics' ``data``: each fix shown as the document it leaves behind."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from lsprotocol import types

import hot_lsp
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document import FIX_KINDS, Diagnostic
from hot_lsp.features.code_actions import MAKERS, code_actions
from hot_lsp.features.snapshot import Settings, Snapshot

U = "file:///t/template.yaml"


def snap(fixture: str, encoding: str = "utf-16", env: bool = False) -> Snapshot:
    text = textwrap.dedent(fixture).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=env))
    return Snapshot(U, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]


def lsp(snapshot: Snapshot, diagnostic: Diagnostic, with_data: bool = True) -> types.Diagnostic:
    """The diagnostic as a client sends it back (what the server published)."""
    return types.Diagnostic(
        range=snapshot.range(diagnostic.start, diagnostic.end),
        message=diagnostic.message,
        severity=types.DiagnosticSeverity(diagnostic.severity),
        code=diagnostic.code,
        source="hot-lsp",
        data=diagnostic.data.to_json() if with_data and diagnostic.data is not None else None,
    )


def actions(snapshot: Snapshot, code: str, **kwargs) -> list[types.CodeAction]:
    chosen = [d for d in snapshot.analysis.diagnostics if d.code == code]
    assert chosen, f"no {code} in {[d.code for d in snapshot.analysis.diagnostics]}"
    diagnostics = [lsp(snapshot, d, kwargs.pop("with_data", True)) for d in chosen]
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=U),
        range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics, **kwargs),
    )
    # The rule's fixes; the "Disable CODE ..." actions every diagnostic gets are tested in test_suppression.py.
    return [a for a in code_actions(snapshot, params) if not a.title.startswith("Disable ")]


def applied(snapshot: Snapshot, action: types.CodeAction) -> str:
    assert action.kind == types.CodeActionKind.QuickFix and action.diagnostics
    assert action.edit is not None and action.edit.changes is not None
    text = snapshot.text
    edits = sorted(action.edit.changes[U], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    for edit in edits:
        start, end = snapshot.offset(edit.range.start), snapshot.offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text


def fixes(fixture: str, code: str, **kwargs) -> list[tuple[str, bool, str]]:
    """(title, preferred, resulting text) for each fix of the ``code`` diagnostics of ``fixture``."""
    snapshot = snap(fixture)
    return [(a.title, bool(a.is_preferred), applied(snapshot, a)) for a in actions(snapshot, code, **kwargs)]


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


UNKNOWN_PARAMETER = """
heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
resources:
  s:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavour}
      image: {get_param: 'image'}
"""


def test_unknown_parameter_with_a_near_name() -> None:
    found = fixes(UNKNOWN_PARAMETER.replace("'image'", "flavor"), "E4008")
    assert [(title, preferred) for title, preferred, _ in found] == [
        ("Replace flavour with flavor", True),
        ("Declare parameter 'flavour'", False),
    ]
    assert "{get_param: flavor}" in found[0][2] and "flavour" not in found[0][2]
    assert found[1][2] == dedent(UNKNOWN_PARAMETER.replace("'image'", "flavor")).replace(
        "    type: string\n", "    type: string\n  flavour:\n    type: string\n", 1
    )


def test_declare_a_parameter_in_each_shape_of_section() -> None:
    # The fix for `image` (quoted at the reference, so the range includes the quotes) is preferred: no near name.
    found = [f for f in fixes(UNKNOWN_PARAMETER, "E4008") if "image" in f[0]]
    assert found == [
        (
            "Declare parameter 'image'",
            True,
            dedent(UNKNOWN_PARAMETER).replace(
                "    type: string\n", "    type: string\n  image:\n    type: string\n", 1
            ),
        )
    ]

    def declared(fixture: str) -> str:
        (result,) = [text for title, _, text in fixes(fixture, "E4008") if title.startswith("Declare")]
        assert analyze(result).model.parameters.keys() >= {"size"}  # type: ignore[union-attr]
        return result

    uses = "resources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: size}}\n"
    head = "heat_template_version: 2018-08-31\n"
    # no section: created before the first of conditions/resources/outputs, with the document's indentation
    four = (
        uses.replace("\n  r:", "\n    r:")
        .replace("\n    type", "\n        type")
        .replace("\n    prop", "\n        prop")
    )
    assert declared(head + four) == head + "parameters:\n    size:\n        type: string\n" + four
    # an empty section, an explicit null, a flow mapping (empty or not)
    assert declared(head + "parameters:\n" + uses) == head + "parameters:\n  size:\n    type: string\n" + uses
    assert declared(head + "parameters: ~\n" + uses) == head + "parameters:\n  size:\n    type: string\n" + uses
    assert declared(head + "parameters: {}\n" + uses) == head + "parameters: {size: {type: string}}\n" + uses
    assert (
        declared(head + "parameters: {a: {type: number}}\n" + uses)
        == head + "parameters: {a: {type: number}, size: {type: string}}\n" + uses
    )
    # entries indented by 4 with bodies indented by 3 more; a comment after the section stays after it
    odd = head + "parameters:\n    a:\n       type: number\n# resources\n" + uses
    assert (
        declared(odd)
        == head + "parameters:\n    a:\n       type: number\n    size:\n       type: string\n# resources\n" + uses
    )
    # the document ends without a line break
    tail = head + uses + "parameters:\n  a: {type: number}"
    assert declared(tail) == tail + "\n  size: {type: string}\n"  # in the style of the entries there


def test_misspelt_function_offers_the_near_names_with_the_certain_one_preferred() -> None:
    found = fixes(
        """
        heat_template_version: 2018-08-31
        parameters: {x: {type: string}}
        outputs: {o: {value: {get_parm: x}}}
        """,
        "W4004",
    )
    assert [(title, preferred) for title, preferred, _ in found][0] == ("Replace get_parm with get_param", True)
    assert sum(preferred for _, preferred, _ in found) == 1
    assert "{get_param: x}" in found[0][2]


def test_raise_the_version_for_a_section() -> None:
    fixture = """
        heat_template_version: '2015-04-30'
        conditions:
          c: true
        """
    assert fixes(fixture, "E1002") == [
        (
            "Raise heat_template_version to 2016-10-14 (Newton)",
            True,
            "heat_template_version: '2016-10-14'\nconditions:\n  c: true\n",
        )
    ]


def test_add_a_missing_version_after_leading_comments() -> None:
    fixture = "# A template\nresources:\n  s: {type: OS::Heat::None}\n"
    (found,) = fixes(fixture, "E0010")
    assert found[:2] == ("Add heat_template_version: 2021-04-16 (Wallaby)", True)
    assert found[2] == "# A template\nheat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Heat::None}\n"


def test_fix_a_deletion_policy() -> None:
    fixture = """
        heat_template_version: 2015-04-30
        resources:
          s:
            type: OS::Heat::None
            deletion_policy: "retain"
        """
    assert fixes(fixture, "E3008") == [
        (
            'Replace "retain" with Retain',
            True,
            dedent(fixture).replace('"retain"', "Retain"),
        )
    ]


def test_remove_an_unknown_key_whole_lines() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        resources:
          s:
            type: OS::Heat::None
            bogus:
              nested: 1
              more: [1,
                2]

            metadata: {}
        """
    assert fixes(fixture, "E3002") == [
        (
            "Remove bogus",
            True,
            dedent(fixture).replace("    bogus:\n      nested: 1\n      more: [1,\n        2]\n", ""),
        )
    ]


def test_remove_an_unknown_key_in_a_flow_mapping() -> None:
    first = "heat_template_version: 2018-08-31\nresources:\n  s: {bogus: 1, type: OS::Heat::None}\n"
    assert fixes(first, "E3002")[0][2] == first.replace("bogus: 1, ", "")
    last = "heat_template_version: 2018-08-31\nresources:\n  s: {type: OS::Heat::None, bogus: [1, 2]}\n"
    assert fixes(last, "E3002")[0][2] == last.replace(", bogus: [1, 2]", "")


def test_remove_a_list_item() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          a: {type: string}
          b: {type: string}
        parameter_groups:
          - parameters: [a, b, a]
          - parameters:
              - b
              - a
        """
    assert [(title, result) for title, _, result in fixes(fixture, "E2015")] == [
        ("Remove a", dedent(fixture).replace("[a, b, a]", "[a, b]")),
        ("Remove b", dedent(fixture).replace("      - b\n", "")),
        ("Remove a", dedent(fixture).replace("      - a\n", "")),
    ]


def test_add_a_missing_key() -> None:
    # A resource without a type gets no fix: `type:` with no value is E3001 again, and any type is a guess.
    no_type = "heat_template_version: 2018-08-31\nresources:\n  t:\n    properties: {}\n    metadata: {}\n"
    assert fixes(no_type, "E3001") == []
    flow = "heat_template_version: 2018-08-31\noutputs:\n  o: {description: x}\n"
    assert fixes(flow, "E6001") == [
        ("Add value:", True, flow.replace("{description: x}", "{description: x, value: null}"))
    ]


def test_use_get_param_for_a_parameter_read_with_get_resource() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {net: {type: string}}
        resources:
          p:
            type: OS::Neutron::Port
            properties: {network: {get_resource: net}}
        """
    assert fixes(fixture, "E4009") == [
        ("Use get_param instead of get_resource", True, dedent(fixture).replace("get_resource", "get_param"))
    ]


def test_data_dropped_by_the_client_is_found_again() -> None:
    found = fixes(UNKNOWN_PARAMETER.replace("'image'", "flavor"), "E4008", with_data=False)
    assert [title for title, _, _ in found] == ["Replace flavour with flavor", "Declare parameter 'flavour'"]


def test_only_quick_fixes_when_asked_for_them() -> None:
    snapshot = snap(UNKNOWN_PARAMETER)
    assert actions(snapshot, "E4008", only=[types.CodeActionKind.Refactor]) == []
    assert actions(snapshot, "E4008", only=[types.CodeActionKind.QuickFix]) != []


def test_other_sources_and_unknown_data_are_ignored() -> None:
    snapshot = snap(UNKNOWN_PARAMETER)
    diagnostic = lsp(snapshot, snapshot.analysis.diagnostics[0])
    foreign = types.Diagnostic(range=diagnostic.range, message="x", source="yaml", data={"fix": "remove_key"})
    odd = types.Diagnostic(
        range=diagnostic.range, message="x", source="hot-lsp", data={"fix": "explode", "suggestions": "x"}
    )
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=U),
        range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[foreign, odd]),
    )
    assert code_actions(snapshot, params) == []


def test_non_hot_documents_get_nothing() -> None:
    snapshot = snap("name: x\n")
    anywhere = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=1))
    diagnostic = types.Diagnostic(range=anywhere, message="x", source="hot-lsp", data={"suggestions": ["y"]})
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=U),
        range=anywhere,
        context=types.CodeActionContext(diagnostics=[diagnostic]),
    )
    assert code_actions(snapshot, params) == []


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_multi_byte_text_before_the_fault(encoding: str) -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {size: {type: string}}
        outputs: {o: {description: "😀 ü", value: {get_param: sise}}}
        """
    snapshot = snap(fixture, encoding)
    first = actions(snapshot, "E4008")[0]
    assert first.title == "Replace sise with size"
    assert applied(snapshot, first) == dedent(fixture).replace("sise", "size")


def test_broken_yaml_still_fixes_what_was_read() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {size: {type: string}}
        outputs:
          o: {value: {get_param: sise}}
          p: [
        """
    snapshot = snap(fixture)
    if not any(d.code == "E4008" for d in snapshot.analysis.diagnostics):
        pytest.skip("the rules report nothing on a document that does not parse")
    assert "{get_param: size}" in applied(snapshot, actions(snapshot, "E4008")[0])


def test_inserted_lines_use_the_documents_line_ends() -> None:
    fixture = "heat_template_version: 2018-08-31\r\nparameters:\r\n  a:\r\n    type: string\r\n"
    fixture += "outputs:\r\n  o: {value: {get_param: size}}\r\n"
    (result,) = [text for title, _, text in fixes(fixture, "E4008") if title.startswith("Declare")]
    assert result == fixture.replace("type: string\r\n", "type: string\r\n  size:\r\n    type: string\r\n")


# -- every kind of fix has an action ---------------------------------------------------------------------


def test_every_fix_kind_has_a_code_action() -> None:
    assert set(MAKERS) == set(FIX_KINDS)


def test_every_fix_a_rule_asks_for_is_a_known_kind() -> None:
    # The typed QuickFix names its kind as a literal at each place a rule asks for a fix: find them all.
    package = Path(hot_lsp.__file__).parent
    asked: set[str] = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "QuickFix":
                for keyword in node.keywords:
                    if keyword.arg == "fix":
                        assert isinstance(keyword.value, ast.Constant), f"{source}: a computed fix kind"
                        asked.add(keyword.value.value)
    assert asked == set(FIX_KINDS)  # every kind asked for is known, and every known kind is asked for


def test_split_a_constraint_entry_with_two_kinds() -> None:
    block = """
        heat_template_version: 2021-04-16
        parameters:
          p:
            type: string
            constraints:
              - length: {max: 8}
                allowed_pattern: '[a-z]+'
              - allowed_values: [a]
    """
    [(title, preferred, result)] = fixes(block, "W2010")
    assert "allowed_pattern" in title and preferred
    assert result == textwrap.dedent(
        """
        heat_template_version: 2021-04-16
        parameters:
          p:
            type: string
            constraints:
              - length: {max: 8}
              - allowed_pattern: '[a-z]+'
              - allowed_values: [a]
        """
    ).lstrip("\n")
    assert "W2010" not in {d.code for d in analyze(result).diagnostics}


def test_split_a_constraint_written_in_flow_style() -> None:
    flow = """
        heat_template_version: 2021-04-16
        parameters:
          p:
            type: string
            constraints: [{length: {max: 8}, allowed_pattern: '[a-z]+'}]
    """
    [(_, _, result)] = fixes(flow, "W2010")
    assert "constraints: [{length: {max: 8}}, {allowed_pattern: '[a-z]+'}]" in result
    assert "W2010" not in {d.code for d in analyze(result).diagnostics}


def test_split_moves_a_multi_line_kind_with_its_lines() -> None:
    block = """
        heat_template_version: 2021-04-16
        parameters:
          p:
            type: string
            constraints:
              - allowed_values:
                  - a
                  - b
                length: {max: 8}
    """
    found = fixes(block, "W2010")
    results = [result for _, _, result in found]
    assert results and all("W2010" not in {d.code for d in analyze(r).diagnostics} for r in results)
