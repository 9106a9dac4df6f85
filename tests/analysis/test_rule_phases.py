"""A phase runs only on the file it judges: a text read as a template or an environment by its words alone (its
YAML broken before a mapping root) has no model, and the phases that need one are skipped, not crashed."""

from __future__ import annotations

import logging

import pytest

from hot_lsp.analysis.validate import analyze


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("'\nheat_template_version: 2021-04-16\n", "template"),
        ("a\nresource_registry: {}\n", "environment"),
    ],
)
def test_a_broken_file_without_a_model_gets_its_syntax_error_and_no_crash(
    text: str, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR):
        analysis = analyze(text)
    assert analysis.kind == kind and analysis.model is None and analysis.environment is None
    assert [d.code for d in analysis.diagnostics] == ["E0001"]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text
