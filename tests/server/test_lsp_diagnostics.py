"""features/diagnostics.py: hot-lsp findings as LSP diagnostics."""

from __future__ import annotations

import textwrap

from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.diagnostics import lsp_diagnostics
from hot_lsp.features.snapshot import Settings, Snapshot

TEMPLATE = textwrap.dedent(
    """\
    heat_template_version: 2018-08-31
    parameters:
      unused: {type: string}
    conditions:
      never: {equals: [1, 1]}
    resources:
      web:
        type: OS::Nova::Server
        properties:
          name: {get_param: "𝄞nope"}
    """
)


def snapshot(text: str, encoding: str = "utf-16", **settings) -> Snapshot:
    analysis = analyze(text)
    return Snapshot("file:///t.yaml", 1, analysis, analysis, encoding, Settings(**settings))


def by_code(found: list[types.Diagnostic]) -> dict[str, types.Diagnostic]:
    return {str(d.code): d for d in found}


def test_fields():
    found = by_code(lsp_diagnostics(snapshot(TEMPLATE)))
    wrong = found["E4008"]
    assert wrong.source == "hot-lsp"
    assert wrong.severity == types.DiagnosticSeverity.Error
    assert wrong.code_description.href == "https://github.com/hot-lsp/hot-lsp/blob/main/docs/rules/E4008.md"
    assert wrong.data["fix"] == "declare_parameter"
    assert not wrong.tags
    line = TEMPLATE.splitlines()[9]
    # The quoted scalar "𝄞nope": 7 characters, but 8 UTF-16 units since 𝄞 takes two.
    assert wrong.range.start == types.Position(line=9, character=line.index('"𝄞'))
    assert wrong.range.end == types.Position(line=9, character=line.index('"𝄞') + 8)


def test_ranges_in_utf8():
    found = by_code(lsp_diagnostics(snapshot(TEMPLATE, "utf-8")))
    line = TEMPLATE.splitlines()[9]
    start = len(line[: line.index('"𝄞')].encode())
    assert found["E4008"].range.start.character == start
    assert found["E4008"].range.end.character == start + len('"𝄞nope"'.encode())


def test_unused_declarations_are_tagged_unnecessary():
    found = by_code(lsp_diagnostics(snapshot(TEMPLATE)))
    assert list(found["I9001"].tags) == [types.DiagnosticTag.Unnecessary]
    assert list(found["W9002"].tags) == [types.DiagnosticTag.Unnecessary]
    assert found["I9001"].severity == types.DiagnosticSeverity.Information
    assert found["W9002"].severity == types.DiagnosticSeverity.Warning


def test_disabled_rules_are_left_out():
    found = by_code(lsp_diagnostics(snapshot(TEMPLATE, disabled_rules=frozenset({"E4008", "W9002"}))))
    assert "E4008" not in found and "W9002" not in found
    assert "I9001" in found


def test_non_hot_yaml_has_none():
    assert lsp_diagnostics(snapshot("name: x\nresources: [1, 2\n")) == []
    assert lsp_diagnostics(snapshot("")) == []


def test_broken_template_reports_the_syntax_error():
    found = lsp_diagnostics(snapshot("heat_template_version: 2018-08-31\nresources: {a: [\n"))
    assert "E0001" in {d.code for d in found}
