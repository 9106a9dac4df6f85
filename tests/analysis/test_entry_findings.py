"""A rule that judges each entry alone keeps the findings of the entries an edit left unchanged (moved with them)."""

from __future__ import annotations

import pytest

from hot_lsp.analysis.rules.parameters import definitions as parameters
from hot_lsp.analysis.validate import Options, analyze

# Each parameter long enough to be read as a piece of its own (entries are read in groups of about 2 kB).
LONG = "A description long enough to make its entry a piece of its own. " * 35
TEMPLATE = f"""heat_template_version: 2018-08-31
parameters:
  first:
    type: string
    description: {LONG}
  flavor:
    type: strng
    default: m1.small
    description: {LONG}
  size:
    type: number
    default: yes
    description: {LONG}
resources: {{}}
"""


def facts(analysis) -> list[tuple]:
    return [(d.code, d.message, d.start, d.end, d.data) for d in analysis.diagnostics]


def test_unchanged_parameters_are_not_judged_again_and_their_findings_move(monkeypatch: pytest.MonkeyPatch):
    before = analyze(TEMPLATE, Options())
    assert {d.code for d in before.diagnostics} >= {"E2002"}
    judged: list[str] = []
    real = parameters._check_parameter

    def counting(model, entry, report):
        judged.append(entry.name)
        return real(model, entry, report)

    monkeypatch.setattr(parameters, "_check_parameter", counting)
    edited = TEMPLATE.replace("  first:\n    type: string\n", "  first:\n    type: string\n    label: The first one\n")
    again = analyze(edited, Options(), before.parsed)
    assert judged == ["first"]  # only the edited entry
    monkeypatch.setattr(parameters, "_check_parameter", real)
    assert facts(again) == facts(analyze(edited, Options()))
    moved = [d for d in again.diagnostics if d.code == "E2002"]
    assert edited[moved[0].start : moved[0].end] == "strng"
