"""2xxx: parameter definitions, constraints, defaults, parameter_groups.

Each failing case names the code and the exact text it must cover; each
passing case names a code that must be absent. Cases marked [heat] were run
through Heat 27.0.1's own parameter validation while writing them.
"""

from __future__ import annotations

import pytest
from helpers import codes, findings, findings_with

from hot_lsp.analysis.values import parameter_values as values

NEWTON = "heat_template_version: 2016-10-14\n"
OCATA = "heat_template_version: 2017-02-24\n"
PIKE = "heat_template_version: 2017-09-01\n"
QUEENS = "heat_template_version: 2018-03-02\n"
WALLABY = "heat_template_version: 2021-04-16\n"


def params(body: str, header: str = WALLABY) -> str:
    """A template whose parameters section is ``body`` (indented by two spaces per line)."""
    indented = "".join(f"  {line}\n" for line in body.strip("\n").splitlines())
    return f"{header}parameters:\n{indented}"


FAILING = [
    # E2001 missing type
    ("E2001", params("p: {default: x}"), ["p"]),
    ("E2001", params("p:\n  description: no type"), ["p"]),
    # E2002 unknown type
    ("E2002", params("p: {type: String}"), ["String"]),
    ("E2002", params("p: {type: CommaDelimitedList}"), ["CommaDelimitedList"]),
    ("E2002", params("p: {type: integer}"), ["integer"]),
    ("E2002", params("p: {type: strng}"), ["strng"]),
    ("E2002", params("p: {type: 5}"), ["5"]),
    ("E2002", params("p:\n  type:\n  default: x"), ["type"]),
    ("E2002", params("p:\n  type: [string]"), ["type"]),
    # E2003 unknown key
    ("E2003", params("p: {type: string, required: true}"), ["required"]),
    ("E2003", params("p: {type: string, Default: x}"), ["Default"]),
    ("E2003", params("p: {type: string, NoEcho: true}"), ["NoEcho"]),
    ("E2003", params("p: {type: string, AllowedValues: [a]}"), ["AllowedValues"]),
    ("E2003", params("p: {type: string, defualt: x}"), ["defualt"]),
    ("E2003", params("p: {type: string, tags: [a]}", PIKE), ["tags"]),  # [heat] Invalid key 'tags'
    ("E2003", params("p: {type: string, 1: x}"), ["1"]),
    # E2004 not a mapping
    ("E2004", params("p: string"), ["string"]),
    ("E2004", params("p:"), ["p"]),
    ("E2004", params("p: [type, string]"), ["p"]),
    # E2005 constraints shape
    ("E2005", params("p:\n  type: string\n  constraints: {length: {min: 1}}"), ["constraints"]),
    ("E2005", params("p:\n  type: string\n  constraints: length"), ["length"]),
    ("E2005", params("p:\n  type: string\n  constraints:\n    - 5"), ["5"]),
    ("E2005", params("p:\n  type: string\n  constraints:\n    - [length]"), ["[length]"]),
    ("E2005", params("p:\n  type: string\n  constraints:\n    - AllowedValues: [a]"), ["AllowedValues"]),
    ("E2005", params("p:\n  type: string\n  constraints:\n    - length: {min: 1}\n      foo: 1"), ["foo"]),
    # E2006 kind not valid for the type (Heat's matrix)
    ("E2006", params("p:\n  type: string\n  constraints:\n    - range: {min: 1}"), ["range"]),
    ("E2006", params("p:\n  type: number\n  constraints:\n    - length: {min: 1}"), ["length"]),
    ("E2006", params("p:\n  type: string\n  constraints:\n    - modulo: {step: 2, offset: 0}"), ["modulo"]),
    ("E2006", params("p:\n  type: json\n  constraints:\n    - allowed_values: [a]"), ["allowed_values"]),
    ("E2006", params("p:\n  type: number\n  constraints:\n    - allowed_pattern: '[0-9]+'"), ["allowed_pattern"]),
    ("E2006", params("p:\n  type: json\n  constraints:\n    - custom_constraint: json_string"), ["custom_constraint"]),
    ("E2006", params("p:\n  type: boolean\n  constraints:\n    - length: {max: 5}"), ["length"]),
    # E2007 modulo before ocata: alone it is 'No constraint expressed' [heat]
    ("E2007", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2, offset: 0}", NEWTON), ["modulo"]),
    # E2008 malformed constraints
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {}"), ["length"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: 5"), ["5"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length:"), ["length"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {min: 5, max: 1}"), ["5"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {min: 1.5}"), ["1.5"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {max: 5.0}"), ["5.0"]),  # [heat]
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {min: '1.5'}"), ["'1.5'"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - range: {min: abc}"), ["abc"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - range: {min: [1]}"), ["[1]"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - range: {minimum: 1}"), ["minimum"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - range: {min: 9, max: '2'}"), ["9"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2}", OCATA), ["modulo"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 0, offset: 0}", OCATA), ["0"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2, offset: 2}", OCATA), ["2"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2, offset: -1}", OCATA), ["-1"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2.5, offset: 1}", OCATA), ["2.5"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: x, offset: 1}", OCATA), ["x"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: [2, 0]", OCATA), ["modulo"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_values: a"), ["a"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_values: {a: 1}"), ["allowed_values"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_values: []"), ["[]"]),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - allowed_values: [1, two]"), ["two"]),
    ("E2008", params("p:\n  type: boolean\n  constraints:\n    - allowed_values: [true, maybe]"), ["maybe"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_pattern: 5"), ["5"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_pattern: '[a-z'"), ["["]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_pattern: ab(c"), ["("]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_pattern: 'a**'"), ["*"]),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - custom_constraint: 5"), ["5"]),
    # E2009 unknown custom constraint
    ("E2009", params("p:\n  type: string\n  constraints:\n    - custom_constraint: nova.flavour"), ["nova.flavour"]),
    (
        "E2009",
        params("p:\n  type: string\n  constraints:\n    - custom_constraint: designate.domain"),
        ["designate.domain"],
    ),
    # W2010 several kinds in one entry
    (
        "W2010",
        params("p:\n  type: string\n  constraints:\n    - length: {max: 8}\n      allowed_pattern: '[a-z]+'"),
        ["allowed_pattern"],
    ),
    (
        "W2010",
        params("p:\n  type: number\n  constraints:\n    - range: {max: 8}\n      modulo: {step: 2, offset: 0}", NEWTON),
        ["modulo"],
    ),
    (
        "W2010",
        params("p:\n  type: number\n  constraints:\n    - range: {max: 8}\n      modulo: {step: 2, offset: 0}", OCATA),
        ["range"],
    ),
    # E2011 default not valid for the type
    ("E2011", params("p: {type: number, default: ten}"), ["ten"]),  # [heat]
    ("E2011", params("p: {type: number, default: ''}"), ["''"]),
    ("E2011", params("p: {type: number, default: '0x10'}"), ["'0x10'"]),
    ("E2011", params("p: {type: number, default: [1]}"), ["default"]),
    ("E2011", params("p: {type: boolean, default: maybe}"), ["maybe"]),
    ("E2011", params("p: {type: boolean, default: 2}"), ["2"]),
    ("E2011", params("p: {type: comma_delimited_list, default: {a: 1}}"), ["default"]),  # [heat]
    ("E2011", params("p: {type: comma_delimited_list, default: 5}"), ["5"]),
    ("E2011", params("p: {type: json, default: '{bad'}"), ["'{bad'"]),
    # E2012 default breaks its own constraint
    ("E2012", params("p:\n  type: string\n  default: c\n  constraints:\n    - allowed_values: [a, b]"), ["c"]),
    ("E2012", params("p:\n  type: string\n  default: toolong\n  constraints:\n    - length: {max: 3}"), ["toolong"]),
    ("E2012", params("p:\n  type: number\n  default: 11\n  constraints:\n    - range: {min: 1, max: '10'}"), ["11"]),
    (
        "E2012",
        params("p:\n  type: number\n  default: 3\n  constraints:\n    - modulo: {step: 2, offset: 0}", OCATA),
        ["3"],
    ),
    ("E2012", params("p:\n  type: string\n  default: abc1\n  constraints:\n    - allowed_pattern: '[a-z]+'"), ["abc1"]),
    # [heat] a number default under length/pattern: 'object of type int has no len()'
    ("E2012", params("p:\n  type: string\n  default: 5\n  constraints:\n    - length: {max: 3}"), ["5"]),
    ("E2012", params("p:\n  type: string\n  default: 5\n  constraints:\n    - allowed_pattern: '[0-9]'"), ["5"]),
    # [heat] list items are compared unconverted
    (
        "E2012",
        params("p:\n  type: comma_delimited_list\n  default: '1,2'\n  constraints:\n    - allowed_values: [1, 2]"),
        ["'1,2'"],
    ),
    (
        "E2012",
        params("p:\n  type: comma_delimited_list\n  default: 'a,b'\n  constraints:\n    - length: {min: 3}"),
        ["'a,b'"],
    ),
    # [heat] json length counts the characters of a JSON-text default
    (
        "E2012",
        params("p:\n  type: json\n  default: '{\"a\": 1}'\n  constraints:\n    - length: {max: 3}"),
        ["'{\"a\": 1}'"],
    ),
    ("E2012", params("p:\n  type: json\n  default: {a: 1, b: 2}\n  constraints:\n    - length: {max: 1}"), ["default"]),
    # [heat] YAML reads off as false: 'off' is compared against 'False'
    (
        "E2012",
        params("p:\n  type: string\n  default: 'off'\n  constraints:\n    - allowed_values: [log, off]"),
        ["'off'"],
    ),
    # E2013 parameter_groups malformed
    (
        "E2013",
        params("a: {type: string}") + "parameter_groups:\n  - label: x\n    description: y\n",
        ["label"],
    ),
    ("E2013", params("a: {type: string}") + "parameter_groups:\n  - parameters:\n", ["parameters"]),
    ("E2013", params("a: {type: string}") + "parameter_groups:\n  - parameters: a\n", ["a"]),
    ("E2013", params("a: {type: string}") + "parameter_groups:\n  - a\n", ["a"]),
    ("E2013", params("a: {type: string}") + "parameter_groups:\n  - [a]\n", ["[a]"]),
    # E2014 undefined parameter in a group
    ("E2014", params("alpha: {type: string}") + "parameter_groups:\n  - parameters: [alpah]\n", ["alpah"]),
    (
        "E2014",
        params("a: {type: string}") + "parameter_groups:\n  - parameters: [OS::stack_name]\n",
        ["OS::stack_name"],
    ),
    ("E2014", params("a: {type: string}") + "parameter_groups:\n  - parameters: [{x: 1}]\n", ["{"]),
    # E2015 a parameter in two groups
    (
        "E2015",
        params("a: {type: string}") + "parameter_groups:\n  - parameters: [a]\n  - parameters: [b, a]\n",
        ["a"],
    ),
    ("E2015", params("a: {type: string}") + "parameter_groups:\n  - parameters: [a, a]\n", ["a"]),
    # E2016 tags not a list
    ("E2016", params("p: {type: string, tags: role}", QUEENS), ["role"]),
    ("E2016", params("p: {type: string, tags: {a: 1}}", QUEENS), ["tags"]),
    ("E2016", params("p:\n  type: string\n  tags:", QUEENS), ["tags"]),  # [heat] null is not a list
    # W2017 hidden/immutable not boolean
    ("W2017", params("p: {type: string, hidden: 'no'}"), ["'no'"]),
    ("W2017", params("p: {type: string, hidden: 'false'}"), ["'false'"]),
    ("W2017", params("p: {type: string, immutable: 1}"), ["1"]),
    ("W2017", params("p: {type: string, hidden: [a]}"), ["hidden"]),
    # E2018 no constraint expressed
    ("E2018", params("p:\n  type: string\n  constraints:\n    - description: hi"), ["description"]),
    ("E2018", params("p:\n  type: string\n  constraints:\n    - {}"), ["{}"]),  # [heat]
    # W2019 function call in a default
    ("W2019", params("p:\n  type: json\n  default: {get_param: other}"), ["get_param"]),
    ("W2019", params("p:\n  type: json\n  default:\n    a: [{get_resource: r}]"), ["get_resource"]),
    # W2020 pseudo-parameter name
    ("W2020", params("OS::stack_id: {type: string}"), ["OS::stack_id"]),
    ("W2020", params("OS::project_id: {type: string}"), ["OS::project_id"]),
    # W2021 allowed_values items YAML types as non-strings
    ("W2021", params("p:\n  type: string\n  constraints:\n    - allowed_values: [log, off, repair]"), ["off"]),
    ("W2021", params("p:\n  type: string\n  constraints:\n    - allowed_values: ['a', 0644, 1.10]"), ["0644", "1.10"]),
    ("W2021", params("p:\n  type: comma_delimited_list\n  constraints:\n    - allowed_values: [a, 1]"), ["1"]),
]


PASSING = [
    ("E2001", params("p: {type: string}")),
    (
        "E2002",
        params(
            "a: {type: string}\nb: {type: number}\nc: {type: comma_delimited_list}\nd: {type: json}\ne: {type: boolean}"
        ),
    ),
    ("E2003", params("p: {type: string, description: d, label: l, default: x, hidden: true, immutable: false}")),
    ("E2003", params("p: {type: string, schema: {}}")),  # accepted and ignored
    ("E2003", params("p: {type: string, tags: [a, b]}", QUEENS)),
    ("E2004", params("p: {type: string}")),
    ("E2005", params("p:\n  type: string\n  constraints:\n    - length: {min: 1}\n      description: short")),
    ("E2005", params("p:\n  type: string\n  constraints:")),  # null constraints: none
    ("E2005", params("p:\n  type: string\n  constraints: []")),
    ("E2006", params("p:\n  type: number\n  constraints:\n    - range: {min: 1}\n    - allowed_values: [1, 2]")),
    ("E2006", params("p:\n  type: boolean\n  constraints:\n    - allowed_values: [true]")),
    ("E2006", params("p:\n  type: comma_delimited_list\n  constraints:\n    - length: {min: 1}")),
    ("E2006", params("p:\n  type: json\n  constraints:\n    - length: {min: 1}")),
    # An ignored kind is never built, so its type does not matter.
    ("E2006", params("p:\n  type: string\n  constraints:\n    - length: {min: 1}\n      custom_constraint: x")),
    ("E2006", params("p:\n  type: nosuch\n  constraints:\n    - range: {min: 1}")),  # E2002 says it all
    ("E2007", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2, offset: 0}", OCATA)),
    (
        "E2008",
        params("p:\n  type: number\n  constraints:\n    - range: {min: '1', max: '1e3'}"),
    ),  # [heat] numeric strings
    ("E2008", params("p:\n  type: string\n  constraints:\n    - length: {min: '2'}")),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - range: {min: 3, max: 3}")),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2.0, offset: 1}", OCATA)),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - modulo: {step: -3, offset: -1}", OCATA)),
    ("E2008", params("p:\n  type: number\n  constraints:\n    - allowed_values: ['1', 2.5]")),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - allowed_pattern: '[a-z]+(-[a-z]+)*'")),
    ("E2008", params("p:\n  type: string\n  constraints:\n    - custom_constraint: nova.flavor")),
    ("E2009", params("p:\n  type: string\n  constraints:\n    - custom_constraint: neutron.lbaas.provider")),
    ("W2010", params("p:\n  type: string\n  constraints:\n    - length: {max: 8}\n      description: d")),
    ("E2011", params("p: {type: number, default: ' 2 '}")),  # [heat] int() strips
    ("E2011", params("p: {type: number, default: '1e3'}")),
    ("E2011", params("p: {type: number, default: 1_000}")),
    ("E2011", params("p: {type: number, default: '1_000'}")),
    ("E2011", params("p: {type: boolean, default: 'Yes'}")),
    ("E2011", params("p: {type: boolean, default: ' off '}")),
    ("E2011", params("p: {type: boolean, default: 1}")),
    ("E2011", params("p: {type: boolean, default: y}")),
    ("E2011", params("p: {type: comma_delimited_list, default: ''}")),
    ("E2011", params("p: {type: comma_delimited_list, default: [a, 1]}")),
    ("E2011", params("p: {type: json, default: ''}")),
    ("E2011", params("p: {type: json, default: '[1, 2]'}")),
    ("E2011", params("p: {type: json, default: {a: [1]}}")),
    ("E2011", params("p: {type: string, default: {a: 1}}")),
    ("E2011", params("p: {type: number, default: null}")),
    # [heat] allowed values are converted to the type on both sides
    ("E2012", params("p:\n  type: number\n  default: 2\n  constraints:\n    - allowed_values: ['1', '2.0']")),
    ("E2012", params("p:\n  type: boolean\n  default: 'yes'\n  constraints:\n    - allowed_values: [true]")),
    ("E2012", params("p:\n  type: string\n  default: 5\n  constraints:\n    - allowed_values: ['5']")),
    (
        "E2012",
        params("p:\n  type: comma_delimited_list\n  default: 'a,b'\n  constraints:\n    - allowed_values: [a, b]"),
    ),
    ("E2012", params("p:\n  type: comma_delimited_list\n  default: [a]\n  constraints:\n    - length: {max: 1}")),
    ("E2012", params("p:\n  type: string\n  default: abc\n  constraints:\n    - allowed_pattern: '[a-z]+'")),
    ("E2012", params("p:\n  type: number\n  default: '5'\n  constraints:\n    - range: {max: 5}")),
    # custom_constraint is never checked on the default at template level
    ("E2012", params("p:\n  type: string\n  default: not-an-ip\n  constraints:\n    - custom_constraint: ip_addr")),
    # an ignored kind does not constrain the default
    (
        "E2012",
        params(
            "p:\n  type: string\n  default: ABC\n  constraints:\n    - length: {max: 5}\n      allowed_pattern: '[a-z]+'"
        ),
    ),
    ("E2013", params("a: {type: string}") + "parameter_groups:\n  - label: x\n    parameters: [a]\n"),
    ("E2013", params("a: {type: string}") + "parameter_groups: []\n"),
    ("E2014", params("a: {type: string}") + "parameter_groups:\n  - parameters: [a, OS::stack_id, OS::project_id]\n"),
    (
        "E2015",
        params("a: {type: string}\nb: {type: string}")
        + "parameter_groups:\n  - parameters: [a]\n  - parameters: [b]\n",
    ),
    ("E2016", params("p: {type: string, tags: [a]}", QUEENS)),
    ("E2016", params("p: {type: string, tags: role}", PIKE)),  # E2003 there
    ("W2017", params("p: {type: string, hidden: true, immutable: no}")),
    ("W2017", params("p:\n  type: string\n  hidden:")),
    ("E2018", params("p:\n  type: string\n  constraints:\n    - length: {min: 1}\n      description: hi")),
    ("E2018", params("p:\n  type: string\n  constraints:\n    - Length: {min: 1}")),  # E2005 explains it
    ("W2019", params("p:\n  type: json\n  default: {get_param: other, x: 1}")),
    ("W2019", params("p:\n  type: string\n  default: get_param")),
    ("W2020", params("stack_id: {type: string}")),
    ("W2021", params("p:\n  type: string\n  constraints:\n    - allowed_values: ['yes', 'no', 12, 1.5]")),
    ("W2021", params("p:\n  type: number\n  constraints:\n    - allowed_values: [1, 2]")),
]


@pytest.mark.parametrize(("code", "snippet", "covered"), FAILING)
def test_failing(code: str, snippet: str, covered: list[str]) -> None:
    assert findings_with(snippet, code) == covered, findings(snippet)


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert code not in codes(snippet), findings(snippet)


def test_modulo_alone_before_ocata_is_one_finding() -> None:
    snippet = params("p:\n  type: number\n  constraints:\n    - modulo: {step: 2, offset: 0}", NEWTON)
    assert [c for c in codes(snippet) if c.startswith("E2")] == ["E2007"]


def test_messages_name_the_fix() -> None:
    text = params("p: {type: String}")
    from helpers import diagnostics

    _, found = diagnostics(text)
    (diag,) = [d for d in found if d.code == "E2002"]
    assert "string" in diag.message and diag.data.to_json() == {"suggestions": ["string"]}


def test_tags_before_queens_offers_raise_version() -> None:
    from helpers import diagnostics

    _, found = diagnostics(params("p: {type: string, tags: [a]}", PIKE))
    (diag,) = [d for d in found if d.code == "E2003"]
    assert diag.data.to_json() == {"fix": "raise_version", "version": "2018-03-02"}


def test_regex_error_points_into_a_quoted_pattern() -> None:
    snippet = params("p:\n  type: string\n  constraints:\n    - allowed_pattern: 'ab[c'")
    assert findings_with(snippet, "E2008") == ["["]


def test_hidden_no_message_says_it_hides() -> None:
    from helpers import diagnostics

    _, found = diagnostics(params("p: {type: string, hidden: 'no'}"))
    (diag,) = [d for d in found if d.code == "W2017"]
    assert "hides" in diag.message and diag.data.to_json() == {"fix": "replace", "with": "false"}


ROBUSTNESS = [
    "heat_template_version: 2021-04-16\nparameters: [a]\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, constraints: [[], {}, ~, 5, {length: []}]}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: {type: number, constraints: [{range: {min: .inf}}, {modulo: {step: .nan, offset: .inf}}]}\n",
    "heat_template_version: 2017-02-24\nparameters:\n  p: {type: number, default: .nan, constraints: [{modulo: {step: 2, offset: 0}}]}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: !!set {a, b}}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: !!binary aGVsbG8=, constraints: [{allowed_pattern: 'h.*'}]}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  ? [a]\n  : {type: string}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: &x {type: string, default: {a: *x}}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p:\n    type: string\n    default: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\n"
    "    constraints: [{allowed_pattern: '(a+)+c'}]\n",
    "heat_template_version: 2021-04-16\nparameter_groups: [{parameters: [[a], {b: 1}, ~, 1]}, ~, {parameters: {}}]\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p: {type: boolean, hidden: {}, immutable: [], tags: 5}\n",
    "heat_template_version: 2021-04-16\nparameters:\n  p:\n    <<: {type: string, default: x}\n    constraints: [{length: {max: 0}}]\n",
]


@pytest.mark.parametrize("snippet", ROBUSTNESS)
def test_odd_input_never_raises(snippet: str) -> None:
    findings(snippet)


def test_risky_pattern_is_not_run_on_long_text() -> None:
    assert values.is_risky_pattern("(a+)+c")
    assert values.is_risky_pattern("(a|aa)*b")
    assert values.is_risky_pattern(".*a.*b.*c")
    assert not values.is_risky_pattern("[a-z0-9]+")
    assert not values.is_risky_pattern(r"^\d{1,5}\*$")


@pytest.mark.parametrize(
    ("value", "expected"),
    [(" 2 ", 2), ("1_000", 1000), ("1e3", 1000.0), (True, True), (2.5, 2.5)],
)
def test_str_to_num_matches_heat(value: object, expected: object) -> None:
    assert values.str_to_num(value) == expected


@pytest.mark.parametrize("value", ["0x10", "", "abc"])
def test_str_to_num_rejects_like_heat(value: str) -> None:
    with pytest.raises(ValueError):
        values.str_to_num(value)


@pytest.mark.parametrize(
    ("value", "expected"), [("YES", True), (" off ", False), (1, True), (0, False), ("t", True), (False, False)]
)
def test_bool_from_string_matches_oslo(value: object, expected: bool) -> None:
    assert values.bool_from_string(value) is expected


@pytest.mark.parametrize("value", ["maybe", 2, 1.0, None, ""])
def test_bool_from_string_rejects_like_oslo(value: object) -> None:
    with pytest.raises(ValueError):
        values.bool_from_string(value)


def test_modulo_beside_another_kind_before_ocata_offers_raise_version() -> None:
    from helpers import diagnostics

    snippet = params(
        "p:\n  type: number\n  constraints:\n    - range: {max: 8}\n      modulo: {step: 2, offset: 0}", NEWTON
    )
    _, found = diagnostics(snippet)
    (diag,) = [d for d in found if d.code == "W2010"]
    assert diag.data.to_json() == {"fix": "raise_version", "version": "2017-02-24"}
    assert not [d for d in found if d.code in ("E2007", "E2018")]
