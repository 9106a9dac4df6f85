"""Values nested as deep as the parser admits are judged, not crashed on: a rule that crashed lost every other
finding of its phase, and the crash was only a log line (found by writing a fixture for each code)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from hot_lsp.analysis.validate import analyze
from hot_lsp.document import parse
from hot_lsp.document.nodes import Mapping, Node, Scalar, Sequence, plain_data


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("section", "field_starts"),
    [
        ("outputs:\n  deep:\n    value: {value}\n", "[[["),  # the output's value
        ("resources:\n  deep:\n    type: OS::Heat::None\n    properties:\n      data: {value}\n", "dat"),  # properties
    ],
)
def test_data_nested_past_the_evaluation_bound_is_w8009_at_its_field(
    section: str, field_starts: str, caplog: pytest.LogCaptureFixture
) -> None:
    text = "heat_template_version: 2021-04-16\n" + section.format(value=nested(150))
    with caplog.at_level(logging.ERROR):
        analysis = analyze(text)
    assert not errors_logged(caplog)
    found = [(d.code, text[d.start : d.start + 3]) for d in analysis.diagnostics]
    assert found == [("W8009", field_starts)]


def test_a_json_default_nested_as_deep_as_yaml_allows_is_judged(caplog: pytest.LogCaptureFixture) -> None:
    text = f"heat_template_version: 2021-04-16\nparameters:\n  p:\n    type: json\n    default: {nested(495)}\n"
    with caplog.at_level(logging.ERROR):
        analysis = analyze(text)
    assert not errors_logged(caplog)
    assert [d.code for d in analysis.diagnostics] == ["I9001"]


def recursive_copy(node: Node) -> Any:
    if isinstance(node, Scalar):
        return node.value
    if isinstance(node, Sequence):
        return [recursive_copy(item) for item in node.items]
    assert isinstance(node, Mapping)
    return {pair.key_value: recursive_copy(pair.value) for pair in node.entries()}


def test_plain_data_is_the_recursive_copy() -> None:
    text = "a: [1, {b: [2, 3], c: {d: x}}, [], {}]\nb: {e: [f, {g: 1.5}], a: null}\nc: &x [1]\nd: *x\n"
    root = parse(text).root
    assert root is not None
    assert plain_data(root) == recursive_copy(root)
    assert list(plain_data(root)) == ["a", "b", "c", "d"]
    assert plain_data(root)["c"] is not plain_data(root)["d"]
