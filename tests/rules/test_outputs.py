"""6xxx: output definitions.

Each failing case names the code, the exact text it must cover and the
severity; each passing case names a code that must be absent. Checked against
Heat 27.0.1: a top-level stack ignores unknown output keys (and a pre-newton
`condition`), a nested template rejects them, so those are warnings.
"""

from __future__ import annotations

import pytest
from helpers import diagnostics, findings_with

MITAKA = "heat_template_version: 2016-04-08\n"
NEWTON = "heat_template_version: 2016-10-14\n"
WALLABY = "heat_template_version: 2021-04-16\n"


def outs(body: str, header: str = WALLABY) -> str:
    """A template whose outputs section is ``body`` (indented by two spaces per line)."""
    indented = "".join(f"  {line}\n" for line in body.strip("\n").splitlines())
    return (
        f"{header}conditions: {{c: true}}\noutputs:\n{indented}"
        if header != MITAKA
        else f"{header}outputs:\n{indented}"
    )


def found(snippet: str, code: str) -> list[tuple[str, str]]:
    text, diags = diagnostics(snippet)
    return [(text[d.start : d.end], d.severity_name) for d in diags if d.code == code]


FAILING = [
    ("E6001", outs("ip:\n  description: The address"), [("ip", "error")]),
    ("E6001", outs("ip: {}"), [("ip", "error")]),
    ("E6001", outs("ip: {Value: 1}"), [("ip", "error")]),
    ("W6002", outs("ip: {value: 1, label: Address}"), [("label", "warning")]),
    ("W6002", outs("ip: {value: 1, Description: x}"), [("Description", "warning")]),
    ("W6002", outs("ip: {value: 1, conditon: c}"), [("conditon", "warning")]),
    ("E6003", outs("ip: 10.0.0.1"), [("10.0.0.1", "error")]),
    ("E6003", outs("ip:"), [("ip", "error")]),
    ("E6003", outs("ip: [a, b]"), [("ip", "error")]),
    ("W6004", outs("ip: {value: 1, condition: c}", MITAKA), [("condition", "warning")]),
]


@pytest.mark.parametrize(("code", "snippet", "expected"), FAILING)
def test_failing(code: str, snippet: str, expected: list[tuple[str, str]]) -> None:
    assert found(snippet, code) == expected


PASSING = [
    ("E6001", outs("ip: {value: 1}")),
    ("E6001", outs("ip: {value: null}")),
    ("W6002", outs("ip: {value: 1, description: x, condition: c}")),
    ("W6002", outs("ip: {value: 1, condition: c}", NEWTON)),
    ("W6002", outs("ip: {value: 1, condition: c}", MITAKA)),  # W6004's finding
    ("E6003", outs("ip: {value: {get_attr: [r, first_address]}}")),
    ("W6004", outs("ip: {value: 1, condition: c}", NEWTON)),
    ("W6004", outs("ip: {value: 1}", MITAKA)),
]


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert findings_with(snippet, code) == []


def test_unknown_key_data() -> None:
    _, diags = diagnostics(outs("ip: {value: 1, Description: x, label: y}"))
    data = {d.message.split('"')[1]: d.data.to_json() if d.data else None for d in diags if d.code == "W6002"}
    assert data == {"Description": {"suggestions": ["description"]}, "label": {"fix": "remove_key"}}
    assert all("nested template" in d.message for d in diags if d.code == "W6002")


def test_bare_value_fix() -> None:
    _, diags = diagnostics(outs("ip: '10.0.0.1'"))
    (diag,) = [d for d in diags if d.code == "E6003"]
    assert diag.data.to_json() == {"fix": "replace", "with": "{value: '10.0.0.1'}"}


def test_missing_value_fix() -> None:
    _, diags = diagnostics(outs("ip: {description: x}"))
    (diag,) = [d for d in diags if d.code == "E6001"]
    assert diag.data.to_json() == {"fix": "add_key", "key": "value"}


def test_pre_newton_condition_fix() -> None:
    _, diags = diagnostics(outs("ip: {value: 1, condition: c}", MITAKA))
    (diag,) = [d for d in diags if d.code == "W6004"]
    assert diag.data.to_json() == {"fix": "raise_version", "version": "2016-10-14"}
    assert "ignores" in diag.message
