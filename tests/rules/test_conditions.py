"""5xxx: the conditions section, resource/output `condition`, and the condition of `if`.

Each failing case names the code, the exact text it must cover and the
severity; each passing case names a code that must be absent. Every case was
checked against Heat 27.0.1 (Stack.validate). Heat evaluates conditions
lazily, so a fault it would only meet while evaluating a condition nothing
uses is a warning; it is an error as soon as something uses the condition.
"""

from __future__ import annotations

import pytest
from helpers import diagnostics, findings_with

MITAKA = "heat_template_version: 2016-04-08\n"
NEWTON = "heat_template_version: 2016-10-14\n"
PIKE = "heat_template_version: 2017-09-01\n"
WALLABY = "heat_template_version: 2021-04-16\n"

PARAMS = (
    "parameters:\n"
    "  flag: {type: boolean}\n"
    "  env: {type: string, default: prod}\n"
    "  size: {type: number}\n"
    "  data: {type: json}\n"
    "  names: {type: comma_delimited_list}\n"
)


def tpl(conditions: str = "", resources: str = "", outputs: str = "", header: str = WALLABY) -> str:
    """A template with the given sections (bodies indented by two spaces per line)."""

    def section(name: str, body: str) -> str:
        if not body:
            return ""
        return f"{name}:\n" + "".join(f"  {line}\n" for line in body.strip("\n").splitlines())

    return (
        header
        + PARAMS
        + section("conditions", conditions)
        + section("resources", resources)
        + section("outputs", outputs)
    )


def found(snippet: str, code: str) -> list[tuple[str, str]]:
    """(covered text, severity) of each diagnostic with ``code``."""
    text, diags = diagnostics(snippet)
    return [(text[d.start : d.end], d.severity_name) for d in diags if d.code == code]


def uses(*names: str) -> str:
    """Outputs that evaluate the given conditions."""
    return "\n".join(f"o_{name}: {{value: 1, condition: {name}}}" for name in names)


FAILING = [
    # E5001 undefined name: evaluated -> error, in an unused condition -> warning
    ("E5001", tpl(resources="r: {type: OS::Heat::None, condition: prd}", conditions="prod: true"), [("prd", "error")]),
    ("E5001", tpl(outputs="o: {value: 1, condition: nosuch}"), [("nosuch", "error")]),
    ("E5001", tpl(outputs="o: {value: {if: [nosuch, 1, 2]}}"), [("nosuch", "error")]),
    ("E5001", tpl(conditions="a: {not: nosuch}", outputs=uses("a")), [("nosuch", "error")]),
    ("E5001", tpl(conditions="a: {and: [true, nosuch]}", outputs=uses("a")), [("nosuch", "error")]),
    ("E5001", tpl(conditions="a: {not: nosuch}"), [("nosuch", "warning")]),
    ("E5001", tpl(conditions="a: {and: [false, nosuch]}", outputs=uses("a")), [("nosuch", "warning")]),
    ("E5001", tpl(conditions="a: {or: [true, nosuch]}", outputs=uses("a")), [("nosuch", "warning")]),
    ("E5001", tpl(outputs="o: {value: {if: [false, 1, {if: [nosuch, 1, 2]}]}}"), [("nosuch", "error")]),
    ("E5001", tpl(outputs="o: {value: {if: [true, 1, {if: [nosuch, 1, 2]}]}}"), [("nosuch", "warning")]),
    # E5002 cycles
    ("E5002", tpl(conditions="a: {not: b}\nb: {not: a}", outputs=uses("a")), [("a", "error")]),
    ("E5002", tpl(conditions="a: {and: [a, true]}", outputs=uses("a")), [("a", "error")]),
    ("E5002", tpl(conditions="a: {not: b}\nb: {not: a}"), [("a", "warning")]),
    # E5003 definitions that cannot be a boolean
    ("E5003", tpl(conditions="a: true\nb: a"), [("a", "error")]),
    ("E5003", tpl(conditions="a: 'true'"), [("'true'", "error")]),
    ("E5003", tpl(conditions="a:"), [("a", "error")]),
    ("E5003", tpl(conditions="a: 1"), [("1", "error")]),
    ("E5003", tpl(conditions="a: [true]"), [("a", "error")]),
    ("E5003", tpl(conditions="a: {x: 1, y: 2}"), [("{x: 1, y: 2}", "error")]),
    ("E5003", tpl(conditions="a: {prod: true}"), [("prod", "error")]),
    ("E5003", tpl(conditions="a: {get_param: env}", outputs=uses("a")), [("env", "error")]),
    ("E5003", tpl(conditions="a: {get_param: size}", outputs=uses("a")), [("size", "error")]),
    ("E5003", tpl(conditions="a: {get_param: [flag, x]}", outputs=uses("a")), [("flag", "error")]),
    ("E5003", tpl(conditions="a: {get_param: OS::stack_name}", outputs=uses("a")), [("OS::stack_name", "error")]),
    ("E5003", tpl(conditions="a: {get_param: env}"), [("env", "warning")]),
    # E5004 not/and/or shapes: parse-time faults are errors even in unused conditions
    ("E5004", tpl(conditions="a: {not: null}"), [("not", "error")]),
    ("E5004", tpl(conditions="a: {and: b}\nb: true"), [("b", "error")]),
    ("E5004", tpl(conditions="a: {or: [true]}"), [("or", "error")]),
    ("E5004", tpl(conditions="a: {and: {x: y}}"), [("and", "error")]),
    ("E5004", tpl(resources="r: {type: OS::Heat::None, condition: {or: []}}"), [("or", "error")]),
    ("E5004", tpl(outputs="o: {value: {if: [{and: [true]}, 1, 2]}}"), [("and", "error")]),
    # ... but `not` with a list fails only when evaluated
    ("E5004", tpl(conditions="a: {not: [true]}", outputs=uses("a")), [("[true]", "error")]),
    ("E5004", tpl(conditions="a: {not: [true]}"), [("[true]", "warning")]),
    # E5005 literals that are neither a boolean nor a condition name
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: 'true'}"), [("'true'", "error")]),
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: 'yes'}"), [("'yes'", "error")]),
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: 1}"), [("1", "error")]),
    ("E5005", tpl(resources="r:\n  type: OS::Heat::None\n  condition:"), [("condition", "error")]),
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: [a]}", conditions="a: true"), [("[a]", "error")]),
    ("E5005", tpl(outputs="o: {value: 1, condition: {a: 1, b: 2}}"), [("{a: 1, b: 2}", "error")]),
    ("E5005", tpl(outputs="o: {value: 1, condition: 2}"), [("2", "error")]),
    ("E5005", tpl(outputs="o: {value: {if: [1, a, b]}}"), [("1", "error")]),
    ("E5005", tpl(outputs="o: {value: {if: ['false', a, b]}}"), [("'false'", "error")]),
    ("E5005", tpl(outputs="o: {value: {if: [[true], a, b]}}"), [("[true]", "error")]),
    ("E5005", tpl(conditions="a: {and: [true, 1]}", outputs=uses("a")), [("1", "error")]),
    ("E5005", tpl(conditions="a: {and: [1, true]}"), [("1", "warning")]),
    ("E5005", tpl(conditions="a: {not: 1}"), [("1", "warning")]),
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: {not: {get_param: size}}}"), [("size", "error")]),
    ("E5005", tpl(outputs="o: {value: {if: [{get_param: names}, 1, 2]}}"), [("names", "error")]),
    # A string parameter may carry a condition name; a default that names none is suspicious
    ("E5005", tpl(outputs="o: {value: {if: [{get_param: env}, 1, 2]}}"), [("env", "warning")]),
    # Heat reads an empty condition as true: accepted, but worth a word
    ("E5005", tpl(outputs="o: {value: {if: [null, a, b]}}"), [("null", "warning")]),
    ("E5005", tpl(outputs="o:\n  value: 1\n  condition:"), [("condition", "warning")]),
    # An output whose condition is always false is never parsed
    ("E5005", tpl(outputs="o: {value: {if: [1, a, b]}, condition: false}"), [("1", "warning")]),
]


@pytest.mark.parametrize(("code", "snippet", "expected"), FAILING)
def test_failing(code: str, snippet: str, expected: list[tuple[str, str]]) -> None:
    assert found(snippet, code) == expected


PASSING = [
    ("E5001", tpl(conditions="a: true", resources="r: {type: OS::Heat::None, condition: a}")),
    ("E5001", tpl(conditions="a: true\nb: {and: [a, {not: a}]}", outputs="o: {value: {if: [b, 1, 2]}}")),
    # Before 2016-10-14 conditions do not exist: other rules say so, once
    ("E5001", tpl(outputs="o: {value: 1, condition: nosuch}", header=MITAKA)),
    ("E5001", tpl(resources="r: {type: OS::Heat::None, condition: nosuch}", header=MITAKA)),
    ("E5002", tpl(conditions="a: {not: b}\nb: {not: c}\nc: true", outputs=uses("a"))),
    ("E5002", tpl(conditions="a: {or: [true, a]}", outputs=uses("a"))),  # [heat] `or` stops at true
    ("E5003", tpl(conditions="a: true\nb: yes\nc: {equals: [{get_param: env}, prod]}")),
    ("E5003", tpl(conditions="a: {get_param: flag}\nb: {get_param: data}", outputs=uses("a", "b"))),
    ("E5003", tpl(conditions="a: {not: {not: b}}\nb: false", outputs=uses("a"))),
    ("E5003", tpl(conditions="a: {contains: [x, [x, y]]}\nb: {yaql: {expression: 'true'}}", header=PIKE)),
    ("E5003", tpl(conditions="a: {equal: [1, 1]}")),  # a misspelt function: E4013's finding
    ("E5003", tpl(conditions="a: {get_attr: [r, x]}")),  # a normal function: E4006's finding
    ("E5004", tpl(conditions="a: {not: b}\nb: {and: [true, b2]}\nb2: {or: [true, false, true]}")),
    ("E5005", tpl(conditions="a: true", resources="r: {type: OS::Heat::None, condition: a}")),
    ("E5005", tpl(resources="r: {type: OS::Heat::None, condition: true}\ns: {type: OS::Heat::None, condition: no}")),
    ("E5005", tpl(outputs="o: {value: {if: [{equals: [1, 2]}, a, b]}}")),
    ("E5005", tpl(outputs="o: {value: {if: [{get_param: flag}, a, b]}}")),
    ("E5005", tpl(outputs="o: {value: 1, condition: {or: [{get_param: flag}, false]}}")),
    ("E5005", tpl(conditions="prod: true", outputs="o: {value: {if: [{get_param: env}, 1, 2]}}")),
    ("E5005", tpl(outputs="o: {value: {if: [{equal: [1, 1]}, 1, 2]}}")),  # E4013's finding
]


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert findings_with(snippet, code) == []


def test_unused_fault_message_explains_lazy_evaluation() -> None:
    _, diags = diagnostics(tpl(conditions="a: {not: nosuch}"))
    (diag,) = [d for d in diags if d.code == "E5001"]
    assert "nothing Heat evaluates uses `a`" in diag.message


def test_undefined_name_suggests_nearest() -> None:
    _, diags = diagnostics(tpl(conditions="is_prod: true", outputs="o: {value: 1, condition: is_prd}"))
    (diag,) = [d for d in diags if d.code == "E5001"]
    assert diag.data.to_json() == {"suggestions": ["is_prod"]}


def test_bare_name_definition_fix() -> None:
    _, diags = diagnostics(tpl(conditions="a: true\nb: a"))
    (diag,) = [d for d in diags if d.code == "E5003"]
    assert diag.data.to_json() == {"fix": "replace", "with": "{not: {not: a}}"}


@pytest.mark.parametrize(("text", "literal"), [("'true'", "true"), ("'no'", "false"), ('"False"', "false")])
def test_quoted_boolean_fix(text: str, literal: str) -> None:
    _, diags = diagnostics(tpl(resources=f"r: {{type: OS::Heat::None, condition: {text}}}"))
    (diag,) = [d for d in diags if d.code == "E5005"]
    assert diag.data.to_json() == {"fix": "replace", "with": literal}


def test_not_with_one_item_list_fix() -> None:
    _, diags = diagnostics(tpl(conditions="a: {not: [b]}\nb: true", outputs=uses("a")))
    (diag,) = [d for d in diags if d.code == "E5004"]
    assert diag.data.to_json() == {"fix": "replace", "with": "b"}


def test_cycle_message_names_the_cycle() -> None:
    _, diags = diagnostics(tpl(conditions="a: {not: b}\nb: {and: [c, true]}\nc: {or: [a, false]}", outputs=uses("a")))
    (diag,) = [d for d in diags if d.code == "E5002"]
    assert "`a` → `b` → `c` → `a`" in diag.message


def test_nothing_before_newton() -> None:
    snippet = tpl(
        resources="r: {type: OS::Heat::None, condition: 1}",
        outputs="o: {value: 1, condition: [x]}",
        header=NEWTON.replace("2016-10-14", "2015-10-15"),
    )
    text, diags = diagnostics(snippet)
    assert not [d for d in diags if d.code.startswith(("E5", "W5"))]
