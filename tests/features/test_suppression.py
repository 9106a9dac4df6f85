"""Where the "Disable CODE" actions write their comment, checked by analysing the edited text again; and codes
completed inside a suppression comment."""

from __future__ import annotations

import textwrap

from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.code_actions import code_actions
from hot_lsp.features.completion import completion
from hot_lsp.features.diagnostics import lsp_diagnostics
from hot_lsp.features.selection_ranges import selection_ranges
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///t/x.yaml"


def snap(text: str) -> Snapshot:
    analysis = analyze(text)
    return Snapshot(URI, 1, analysis, analysis, "utf-16", Settings())  # type: ignore[arg-type]


def disable(text: str, code: str, where: str) -> str | None:
    """The text after the "Disable ``code`` ``where``" action for that code's diagnostic; None when not offered."""
    snapshot = snap(text)
    diagnostic = next(d for d in lsp_diagnostics(snapshot) if d.code == code)
    context = types.CodeActionContext(diagnostics=[diagnostic])
    params = types.CodeActionParams(types.TextDocumentIdentifier(uri=URI), diagnostic.range, context)
    action = next((a for a in code_actions(snapshot, params) if a.title == f"Disable {code} {where}"), None)
    if action is None:
        return None
    (edit,) = action.edit.changes[URI]
    start, end = snapshot.offset(edit.range.start), snapshot.offset(edit.range.end)
    result = text[:start] + edit.new_text + text[end:]
    assert code not in {d.code for d in lsp_diagnostics(snap(result))}
    return result


BASE = textwrap.dedent(
    """\
    heat_template_version: 2018-08-31
    resources:
      r:
        type: OS::Heat::Value
        properties:
          value: {get_param: missing}
          bogus: 1
    """
)


def test_line_comment_goes_on_the_line_before_with_its_indentation() -> None:
    result = disable(BASE, "E3016", "on this line")
    assert result == BASE.replace("      bogus", "      # hot-lsp: disable=E3016\n      bogus")
    assert "E4008" in {d.code for d in lsp_diagnostics(snap(result))}  # only that line is quiet


def test_line_comment_merges_with_one_on_the_line_or_the_line_before() -> None:
    on_line = BASE.replace("bogus: 1", "bogus: 1  # hot-lsp: disable=W9999")
    assert disable(on_line, "E3016", "on this line") == on_line.replace("W9999", "W9999,E3016")
    before = BASE.replace("      bogus", "      # hot-lsp: disable=W9999 \n      bogus")
    assert disable(before, "E3016", "on this line") == before.replace("W9999 ", "W9999,E3016 ")


def test_file_comment_first_or_merged_and_crlf_kept() -> None:
    assert disable(BASE, "E4008", "in this file") == "# hot-lsp: disable-file=E4008\n" + BASE
    merged = BASE.replace("resources:\n", "resources:\n  # hot-lsp: disable-file=W9002\n")
    assert disable(merged, "E4008", "in this file") == merged.replace("W9002", "W9002,E4008")
    crlf = BASE.replace("\n", "\r\n")
    assert disable(crlf, "E3016", "on this line") == crlf.replace(
        "      bogus", "      # hot-lsp: disable=E3016\r\n      bogus"
    )


def test_no_line_comment_inside_a_block_scalar_and_none_in_json() -> None:
    text = BASE.replace("value: {get_param: missing}", "value: |\n        text\n        more text")
    snapshot = snap(text)
    line = text.splitlines().index("        more text")
    inside = types.Diagnostic(
        range=types.Range(start=types.Position(line=line, character=8), end=types.Position(line=line, character=12)),
        message="m",
        code="E3016",
        source="hot-lsp",
    )
    params = types.CodeActionParams(
        types.TextDocumentIdentifier(uri=URI), inside.range, types.CodeActionContext(diagnostics=[inside])
    )
    titles = [a.title for a in code_actions(snapshot, params)]
    assert titles == ["Disable E3016 in this file"]  # a comment line there would be the scalar's text
    json_text = '{"heat_template_version": "2018-08-31", "resources": {"r": {"type": "OS::Heat::Value", "bogus": 1}}}'
    json_snapshot = snap(json_text)
    found = lsp_diagnostics(json_snapshot)
    assert found
    params = types.CodeActionParams(
        types.TextDocumentIdentifier(uri=URI), found[0].range, types.CodeActionContext(diagnostics=found)
    )
    assert not [a for a in code_actions(json_snapshot, params) if a.title.startswith("Disable")]


def test_codes_and_directives_completed_in_the_comment() -> None:
    text = "heat_template_version: 2018-08-31\n# hot-lsp: disable=I9001,W90\n"
    snapshot = snap(text)
    result = completion(snapshot, types.CompletionParams(types.TextDocumentIdentifier(uri=URI), types.Position(1, 28)))
    assert result is not None
    labels = [item.label for item in result.items]
    assert "W9002" in labels and "I9001" not in labels and "E3016" in labels
    directive = "heat_template_version: 2018-08-31\n# hot-lsp: dis\n"
    result = completion(
        snap(directive), types.CompletionParams(types.TextDocumentIdentifier(uri=URI), types.Position(1, 14))
    )
    assert result is not None and [item.label for item in result.items] == ["disable=", "disable-file="]
    plain = "heat_template_version: 2018-08-31\n# a note: disable=\n"
    assert (
        completion(snap(plain), types.CompletionParams(types.TextDocumentIdentifier(uri=URI), types.Position(1, 18)))
        is None
    )


def test_selection_at_the_end_of_the_text_holds_the_cursor() -> None:
    snapshot = snap(BASE + "\n\n")
    end = snapshot.position(len(snapshot.text))
    (chain,) = selection_ranges(snapshot, types.SelectionRangeParams(types.TextDocumentIdentifier(uri=URI), [end]))
    assert chain.parent is None and chain.range.end == end and chain.range.start == types.Position(0, 0)
