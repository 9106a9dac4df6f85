"""9xxx hints: parameters no get_param reads, conditions nothing refers to."""

from __future__ import annotations

import pytest
from helpers import codes, diagnostics, findings, findings_with

from hot_lsp.document import INFORMATION, WARNING

HEAD = "heat_template_version: 2021-04-16\n"

FAILING = [
    # I9001: declared, never read
    ("I9001", HEAD + "parameters:\n  unused: {type: string}\nresources: {}\n", ["unused"]),
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\n  b: {type: string}\noutputs:\n  o: {value: {get_param: a}}\n",
        ["b"],
    ),
    # parameter_groups do not count as a use
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\nparameter_groups:\n  - parameters: [a]\n",
        ["a"],
    ),
    # a typo'd function is literal data, not a read
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\noutputs:\n  o: {value: {get_parm: a}}\n",
        ["a"],
    ),
    # a function in a default is never parsed, so it reads nothing
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\n  b: {type: json, default: {get_param: a}}\n"
        "outputs:\n  o: {value: {get_param: b}}\n",
        ["a"],
    ),
    # W9002: condition nobody refers to
    ("W9002", HEAD + "conditions:\n  never: {equals: [1, 1]}\nresources: {}\n", ["never"]),
    (
        "W9002",
        HEAD + "conditions:\n  used: true\n  unused: false\nresources:\n  r: {type: OS::Heat::None, condition: used}\n",
        ["unused"],
    ),
]

PASSING = [
    ("I9001", HEAD + "parameters:\n  a: {type: string}\noutputs:\n  o: {value: {get_param: a}}\n"),
    # a path through a json parameter
    ("I9001", HEAD + "parameters:\n  a: {type: json}\noutputs:\n  o: {value: {get_param: [a, k, 0]}}\n"),
    # read in a condition
    (
        "I9001",
        HEAD + "parameters:\n  env: {type: string}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\n"
        "resources:\n  r: {type: OS::Heat::None, condition: prod}\n",
    ),
    # read only in an if branch Heat may never take: still a use
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\nconditions:\n  c: true\n"
        "outputs:\n  o: {value: {if: [c, x, {get_param: a}]}}\n",
    ),
    # a computed name may read any parameter
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\n  which: {type: string}\n"
        "outputs:\n  o: {value: {get_param: {get_param: which}}}\n",
    ),
    (
        "I9001",
        HEAD + "parameters:\n  a: {type: string}\n  n: {type: string}\n"
        "outputs:\n  o: {value: {get_param: [{list_join: ['', [x, {get_param: n}]]}]}}\n",
    ),
    ("W9002", HEAD + "conditions:\n  c: true\nresources:\n  r: {type: OS::Heat::None, condition: c}\n"),
    ("W9002", HEAD + "conditions:\n  c: true\noutputs:\n  o: {value: 1, condition: c}\n"),
    ("W9002", HEAD + "conditions:\n  c: true\noutputs:\n  o: {value: {if: [c, 1, 2]}}\n"),
    (
        "W9002",
        HEAD + "conditions:\n  a: true\n  b: {not: a}\n  c: {and: [b, true]}\n  d: {or: [c, false]}\n"
        "outputs:\n  o: {value: 1, condition: d}\n",
    ),
    # before 2016-10-14 the section itself is the error (E1002); no hint on top
    ("W9002", "heat_template_version: 2016-04-08\nconditions:\n  c: true\nresources: {}\n"),
]


@pytest.mark.parametrize(("code", "snippet", "covered"), FAILING)
def test_failing(code: str, snippet: str, covered: list[str]) -> None:
    assert findings_with(snippet, code) == covered, findings(snippet)


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert code not in codes(snippet), findings(snippet)


def test_severities() -> None:
    _, found = diagnostics(HEAD + "parameters:\n  p: {type: string}\nconditions:\n  c: true\n")
    by_code = {d.code: d for d in found}
    assert by_code["I9001"].severity == INFORMATION
    assert by_code["W9002"].severity == WARNING
    assert by_code["I9001"].data.to_json() == {"fix": "remove_key"}


def test_odd_sections_never_raise() -> None:
    for text in (
        HEAD + "parameters: [a]\nconditions: [b]\n",
        HEAD + "parameters:\n  ? [a]\n  : {type: string}\noutputs:\n  o: {value: {get_param: []}}\n",
        HEAD + "conditions:\n  1: true\noutputs:\n  o: {value: {if: [1, a, b]}}\n",
    ):
        findings(text)
