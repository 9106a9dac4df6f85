"""4xxx: intrinsic functions: availability per version and context, argument shapes, references.

Each failing case names the code and the exact text every diagnostic of that
code must cover; each passing case names a code that must be absent. The
error cases were compared with Heat 27.0.1 (validation, then resolving the
output value) while writing them: an E code here is something Heat rejects.
"""

from __future__ import annotations

import pytest
from helpers import codes, diagnostics, findings_with

ICEHOUSE = "2013-05-23"
JUNO = "2014-10-16"
KILO = "2015-04-30"
LIBERTY = "2015-10-15"
MITAKA = "2016-04-08"
NEWTON = "2016-10-14"
OCATA = "2017-02-24"
PIKE = "2017-09-01"
ROCKY = "2018-08-31"
WALLABY = "2021-04-16"

_HEAD = """\
heat_template_version: {version}
parameters:
  p: {{type: string, default: x}}
  j: {{type: json, default: {{a: 1}}}}
  b: {{type: boolean, default: true}}
resources:
  r:
    type: OS::Heat::None
"""


def out(expr: str, version: str = WALLABY) -> str:
    """A template whose output `o` has the value ``expr``."""
    return _HEAD.format(version=version) + f"outputs:\n  o:\n    value: {expr}\n"


def prop(expr: str, version: str = WALLABY) -> str:
    """A template whose resource `s` has the property `a: expr`."""
    return _HEAD.format(version=version) + f"  s:\n    type: OS::Heat::None\n    properties:\n      a: {expr}\n"


def cond(expr: str, version: str = WALLABY) -> str:
    """A template whose condition `c` is ``expr``, used by resource `s`."""
    return (
        _HEAD.format(version=version) + f"  s:\n    type: OS::Heat::None\n    condition: c\nconditions:\n  c: {expr}\n"
    )


def resource(body: str, version: str = WALLABY) -> str:
    """A template with resource `s` whose definition lines are ``body``."""
    indented = "".join(f"    {line}\n" for line in body.strip("\n").splitlines())
    return _HEAD.format(version=version) + f"  s:\n{indented}"


FAILING = [
    # --- W4001 (E4001 where a condition is needed): a function of a later version -------------------------------------------------
    ("W4001", out("{str_split: [',', 'a,b']}", KILO), ["str_split"]),
    ("W4001", out("{map_merge: [{a: 1}]}", LIBERTY), ["map_merge"]),
    ("W4001", out("{if: [true, 1, 2]}", MITAKA), ["if"]),
    ("W4001", out("{filter: [[a], [a, b]]}", NEWTON), ["filter"]),
    ("W4001", out("{make_url: {host: h}}", OCATA), ["make_url"]),
    ("W4001", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%'}}", JUNO), ["repeat"]),
    ("E4001", cond("{contains: [a, [a]]}", NEWTON), ["contains"]),  # a condition function from pike
    # --- E4002: a removed CFN function -------------------------------------------------------
    ("E4002", out("{Fn::Join: [',', [a, b]]}", JUNO), ["Fn::Join"]),
    ("E4002", out("{Ref: r}", NEWTON), ["Ref"]),
    ("E4002", out("{Fn::Select: [0, [a]]}", LIBERTY), ["Fn::Select"]),
    ("E4002", out("{Fn::Base64: abc}", WALLABY), ["Fn::Base64"]),
    ("E4002", cond("{equals: [{Ref: p}, 1]}", NEWTON), ["Ref"]),  # Removed in the condition table too
    # --- W4003: CFN names HOT never had ---------------------------------------------------------
    ("W4003", out("{Fn::GetAtt: [r, show]}", WALLABY), ["Fn::GetAtt"]),
    ("W4003", out("{Fn::GetAtt: [r, show]}", ICEHOUSE), ["Fn::GetAtt"]),
    ("W4003", out("{Fn::If: [c, 1, 2]}", WALLABY), ["Fn::If"]),
    ("W4003", out("{Fn::Sub: 'x'}", WALLABY), ["Fn::Sub"]),
    ("W4003", cond("{equals: [{Fn::FindInMap: [m, k, v]}, 1]}", NEWTON), ["Fn::FindInMap"]),
    # --- W4004: near-miss names -----------------------------------------------------------------
    ("W4004", out("{get_parm: p}"), ["get_parm"]),
    ("W4004", out("{str_repalce: {template: x, params: {}}}"), ["str_repalce"]),
    ("W4004", prop("{get_resourse: r}", NEWTON), ["get_resourse"]),
    ("W4004", cond("{equals: [{get_parm: p}, x]}", NEWTON), ["get_parm"]),  # a value, not a condition
    # --- W4005: condition functions outside conditions --------------------------------------
    ("W4005", out("{equals: [1, 1]}"), ["equals"]),
    ("W4005", prop("{not: c}", NEWTON), ["not"]),
    ("W4005", out("{and: [true, false]}", KILO), ["and"]),
    # --- E4006: normal functions in a condition context ------------------------------------
    ("E4006", cond("{equals: [{get_attr: [r, show]}, 1]}", NEWTON), ["get_attr"]),
    ("E4006", cond("{if: [true, true, false]}", WALLABY), ["if"]),
    ("E4006", cond("{yaql: {expression: '$.data'}}", NEWTON), ["yaql"]),  # a condition function from pike
    ("E4006", cond("{equals: [{list_join: [',', [a]]}, a]}", PIKE), ["list_join"]),
    ("E4006", out("{if: [{get_resource: r}, 1, 2]}", NEWTON), ["get_resource"]),
    ("E4006", resource("type: OS::Heat::None\ncondition: {get_attr: [r, show]}", NEWTON), ["get_attr"]),
    # --- E4007: argument shapes -----------------------------------------------------------------
    # get_param
    ("E4007", out("{get_param: ''}"), ["''"]),
    ("E4007", out("{get_param: []}"), ["[]"]),
    ("E4007", out("{get_param: 5}"), ["5"]),
    ("E4007", out("{get_param: [1, a]}"), ["1"]),
    ("E4007", out("{get_param: {a, b}}"), ["{a, b}"]),
    # get_resource, get_file
    ("E4007", out("{get_resource: [r]}"), ["[r]"]),
    ("E4007", out("{get_resource: 1}"), ["1"]),
    ("E4007", out("{get_file: 1}"), ["1"]),
    # get_attr
    ("E4007", out("{get_attr: rr}"), ["rr"]),
    ("E4007", out("{get_attr: []}"), ["[]"]),
    ("E4007", out("{get_attr: [r]}", KILO), ["[r]"]),  # a resource alone needs 2015-10-15
    ("E4007", out("{get_attr: r}", KILO), ["r"]),  # the one-character quirk is 2015-10-15+
    ("E4007", out("{get_attr: {get_param: j}}"), ["{get_param: j}"]),  # Heat checks the raw list
    ("E4007", out("{get_attr: [1, show]}"), ["1"]),
    # list_join
    ("E4007", out("{list_join: ','}"), ["','"]),
    ("E4007", out("{list_join: [',']}"), ["[',']"]),
    ("E4007", out("{list_join: [1, [a]]}"), ["1"]),
    ("E4007", out("{list_join: [null, [a]]}"), ["null"]),
    ("E4007", out("{list_join: [',', 'ab']}"), ["'ab'"]),
    ("E4007", out("{list_join: [',', [1]]}"), ["1"]),
    ("E4007", out("{list_join: {get_param: j}}"), ["{get_param: j}"]),
    ("E4007", out("{list_join: [',', [a], [b]]}", KILO), ["[',', [a], [b]]"]),
    ("E4007", out("{list_join: [',', [{a: b}]]}", KILO), ["{a: b}"]),
    ("E4007", out("{list_join: [',', '']}", KILO), ["''"]),  # only Join (<=2015-04-30) refuses ''
    # str_replace family
    ("E4007", out("{str_replace: [a]}"), ["[a]"]),
    ("E4007", out("{str_replace: {template: x}}"), ["str_replace"]),
    ("E4007", out("{str_replace: {template: x, params: [a]}}"), ["[a]"]),
    ("E4007", out("{str_replace: {template: x, params: null}}"), ["null"]),
    ("E4007", out("{str_replace: {template: 1, params: {a: b}}}"), ["1"]),
    ("E4007", out("{str_replace: {template: a1, params: {1: b}}}"), ["1"]),
    ("E4007", out("{str_replace: {template: x, params: {'': b}}}"), ["''"]),
    ("E4007", out("{str_replace: {template: aX, params: {X: [1]}}}", KILO), ["[1]"]),
    ("E4007", out("{str_replace_strict: {template: aX, params: {X: b, Y: c}}}"), ["Y"]),
    ("E4007", out("{str_replace_strict: {template: abc, params: {abc: X, b: Y}}}"), ["b"]),
    ("E4007", out("{str_replace_vstrict: {template: aX, params: {X: ''}}}"), ["''"]),
    ("E4007", out("{str_replace_vstrict: {template: aX, params: {X: []}}}"), ["[]"]),
    ("E4007", out("{str_replace_vstrict: {template: aX, params: {X: null}}}"), ["null"]),
    # str_split
    ("E4007", out("{str_split: ','}"), ["','"]),
    ("E4007", out("{str_split: [',']}"), ["[',']"]),
    ("E4007", out("{str_split: {a: b}}"), ["{a: b}"]),
    ("E4007", out("{str_split: [1, a1b]}"), ["1"]),
    ("E4007", out("{str_split: [',', 1]}"), ["1"]),
    ("E4007", out("{str_split: [',', 'a,b', x]}"), ["x"]),
    ("E4007", out("{str_split: [',', 'a,b', null]}"), ["null"]),
    # map_merge, map_replace, list_concat
    ("E4007", out("{map_merge: {a: 1}}"), ["{a: 1}"]),
    ("E4007", out("{map_merge: [{a: 1}, a]}"), ["a"]),
    ("E4007", out("{map_replace: [{a: 1}]}"), ["[{a: 1}]"]),
    ("E4007", out("{map_replace: [{a: 1}, {foo: {}}]}"), ["foo"]),
    ("E4007", out("{map_replace: [{a: 1}, {keys: [a]}]}"), ["[a]"]),
    ("E4007", out("{map_replace: [[a], {}]}"), ["[a]"]),
    ("E4007", out("{map_replace: [{a: 1, b: 2}, {keys: {a: b}}]}"), ["b"]),
    ("E4007", out("{map_replace: [{a: 1, b: 2}, {keys: {a: c, b: c}}]}"), ["c"]),
    ("E4007", out("{list_concat: [[a], ab]}"), ["ab"]),
    ("E4007", out("{list_concat_unique: {a: b}}"), ["{a: b}"]),
    # repeat
    ("E4007", out("{repeat: [a]}"), ["[a]"]),
    ("E4007", out("{repeat: {template: v}}"), ["repeat"]),
    ("E4007", out("{repeat: {for_each: [a], template: v}}"), ["[a]"]),
    ("E4007", out("{repeat: {for_each: {}, template: v}}"), ["{}"]),
    ("E4007", out("{repeat: {for_each: {'%x%': ab}, template: 'v%x%'}}"), ["ab"]),
    ("E4007", out("{repeat: {for_each: {'%x%': {a: 1}}, template: 'v%x%'}}", MITAKA), ["{a: 1}"]),
    ("E4007", out("{repeat: {for_each: {'%x%': [1, 2]}, template: 'v%x%'}}"), ["1"]),
    ("E4007", out("{repeat: {for_each: {'%x%': [a]}, template: 'v%x%', permutations: 'false'}}"), ["'false'"]),
    (
        "E4007",
        out("{repeat: {for_each: {'%x%': [a]}, template: 'v%x%', permutations: {get_param: b}}}"),
        ["{get_param: b}"],
    ),
    (
        "E4007",
        out("{repeat: {for_each: {'%x%': {a: 1}}, template: 'v%x%', permutations: false}}"),
        ["{a: 1}"],
    ),
    (
        "E4007",
        out("{repeat: {for_each: {'%x%': [a], '%y%': [b, c]}, template: '%x%%y%', permutations: false}}"),
        ["for_each"],
    ),
    # digest
    ("E4007", out("{digest: sha256}", KILO), ["sha256"]),
    ("E4007", out("{digest: [sha256]}"), ["[sha256]"]),
    ("E4007", out("{digest: [sha256, 1]}"), ["1"]),
    ("E4007", out("{digest: [sha255, abc]}"), ["sha255"]),
    ("E4007", out("{digest: [shake_128, abc]}"), ["shake_128"]),
    ("E4007", out("{digest: [sha256, 'Ā']}"), ["'Ā'"]),
    # if
    ("E4007", out("{if: [true, 1]}", ROCKY), ["[true, 1]"]),
    ("E4007", out("{if: [true]}", WALLABY), ["[true]"]),
    ("E4007", out("{if: [true, 1, 2, 3]}", NEWTON), ["[true, 1, 2, 3]"]),
    ("E4007", out("{if: abc}"), ["abc"]),
    ("E4007", out("{if: {get_param: j}}"), ["{get_param: j}"]),
    # yaql
    ("E4007", out("{yaql: x}"), ["x"]),
    ("E4007", out("{yaql: {data: {}}}"), ["yaql"]),
    ("E4007", out("{yaql: {expression: '$', foo: 1}}"), ["foo"]),
    ("E4007", out("{yaql: {expression: 1}}"), ["1"]),
    ("E4007", out("{yaql: {expression: '$.data.'}}"), ["'$.data.'"]),
    ("E4007", cond("{yaql: {expression: '$.data.'}}", PIKE), ["'$.data.'"]),
    # make_url
    ("E4007", out("{make_url: [a]}"), ["[a]"]),
    ("E4007", out("{make_url: {hostname: h}}"), ["hostname"]),
    ("E4007", out("{make_url: {host: 1}}"), ["1"]),
    ("E4007", out("{make_url: {host: null}}"), ["null"]),
    ("E4007", out("{make_url: {host: h, port: 0}}"), ["0"]),
    ("E4007", out("{make_url: {host: h, port: 70000}}"), ["70000"]),
    ("E4007", out("{make_url: {host: h, port: x}}"), ["x"]),
    ("E4007", out("{make_url: {query: [a]}}"), ["[a]"]),
    ("E4007", out("{make_url: {query: {a: b}, fragment: 1}}"), ["1"]),
    ("E4007", out("{make_url: {scheme: 'http:', host: h}}"), ["'http:'"]),
    # contains, filter
    ("E4007", out("{contains: a}"), ["a"]),
    ("E4007", out("{contains: [a]}"), ["[a]"]),
    ("E4007", out("{contains: [a, {a: 1}]}"), ["{a: 1}"]),
    ("E4007", out("{contains: [a, null]}"), ["null"]),
    ("E4007", cond("{contains: [a]}", PIKE), ["[a]"]),
    ("E4007", out("{contains: [1, 'a1']}"), ["1"]),
    ("E4007", out("{filter: ab}"), ["ab"]),
    ("E4007", out("{filter: [[a]]}"), ["[[a]]"]),
    ("E4007", out("{filter: [[a], ab]}"), ["ab"]),
    ("E4007", out("{filter: [a, [a, b]]}"), ["a"]),
    # resource_facade, equals
    ("E4007", out("{resource_facade: Metadata}"), ["Metadata"]),
    ("E4007", out("{resource_facade: {get_param: p}}"), ["{get_param: p}"]),
    ("E4007", cond("{equals: [1]}", NEWTON), ["[1]"]),
    ("E4007", cond("{equals: [1, 2, 3]}", NEWTON), ["[1, 2, 3]"]),
    ("E4007", cond("{equals: {get_param: j}}", NEWTON), ["{get_param: j}"]),
    ("E4007", cond("{get_param: []}", NEWTON), ["[]"]),
    # the CFN functions of 2013-05-23
    ("E4007", out("{Fn::Select: [0]}", ICEHOUSE), ["[0]"]),
    ("E4007", out("{Fn::Select: [x, [a, b]]}", ICEHOUSE), ["x"]),
    ("E4007", out("{Fn::Select: [1, {a: 1}]}", ICEHOUSE), ["1"]),
    ("E4007", out("{Fn::Select: [0, 'xx']}", KILO), ["'xx'"]),
    ("E4007", out("{Fn::Join: [',', [1]]}", ICEHOUSE), ["1"]),
    ("E4007", out("{Fn::Split: [{get_param: p}, 'a,b']}", ICEHOUSE), ["{get_param: p}"]),
    ("E4007", out("{Fn::Replace: [[a], X]}", ICEHOUSE), ["[a]"]),
    ("E4007", out("{Fn::Base64: 1}", ICEHOUSE), ["1"]),
    ("E4007", out("{Fn::MemberListToMap: [Name, Value]}", ICEHOUSE), ["[Name, Value]"]),
    ("E4007", out("{Fn::ResourceFacade: metadata}", ICEHOUSE), ["metadata"]),
    # --- E4008: undeclared parameters -----------------------------------------------------------
    ("E4008", out("{get_param: nosuch}"), ["nosuch"]),
    ("E4008", out("{get_param: [nosuch, a]}"), ["nosuch"]),
    ("E4008", out("{get_param: OS::region}"), ["OS::region"]),
    ("E4008", out("{get_param: AWS::StackName}"), ["AWS::StackName"]),
    ("E4008", cond("{equals: [{get_param: nosuch}, 1]}", NEWTON), ["nosuch"]),
    ("E4008", out("{if: [true, {get_param: nosuch}, 1]}", NEWTON), ["nosuch"]),  # both branches are checked
    # --- E4009: unknown resources ---------------------------------------------------------------
    ("E4009", out("{get_resource: nosuch}"), ["nosuch"]),
    ("E4009", out("{get_attr: [nosuch, show]}"), ["nosuch"]),
    ("E4009", out("{get_attr: [p, show]}"), ["p"]),  # a parameter is not a resource
    ("E4009", prop("{get_resource: p}"), ["p"]),
    ("E4009", out("{get_attr: x}"), ["x"]),  # the one-character form still names a resource
    ("E4009", out("{Ref: nosuch}", ICEHOUSE), ["nosuch"]),
    # --- E4010: functions where Heat forbids them -------------------------------------------
    ("E4010", resource("type: {get_param: p}"), ["get_param"]),
    ("E4010", resource("type: {get_file: t.yaml}"), ["get_file"]),
    ("E4010", resource("type: OS::Heat::None\ndepends_on: {get_resource: r}"), ["get_resource"]),
    ("E4010", resource("type: OS::Heat::None\ndepends_on: [{get_resource: r}]"), ["get_resource"]),
    ("E4010", resource("type: OS::Heat::None\ndescription: {get_param: p}"), ["get_param"]),
    ("E4010", resource("type: OS::Heat::None\ndeletion_policy: {get_attr: [r, show]}"), ["get_attr"]),
    ("E4010", resource("type: OS::Heat::None\ndeletion_policy: {get_resource: r}"), ["get_resource"]),
    # --- W4011: the one-character get_attr string ----------------------------------------------
    ("W4011", out("{get_attr: r}"), ["r"]),
    ("W4011", out("{get_attr: r}", LIBERTY), ["r"]),
    # --- W4012: permutations before pike ------------------------------------------------------
    ("W4012", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}", OCATA), ["permutations"]),
    ("W4012", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: true}}", KILO), ["permutations"]),
    # --- E4013: look-alikes where a condition is expected --------------------------------------
    ("E4013", cond("{equal: [1, 1]}", NEWTON), ["equal"]),
    ("E4013", cond("{not: {equal: [1, 1]}}", NEWTON), ["equal"]),
    ("E4013", cond("{and: [true, {Fn::Equals: [1, 1]}]}", PIKE), ["Fn::Equals"]),
    ("E4013", resource("type: OS::Heat::None\ncondition: {equal: [1, 1]}", NEWTON), ["equal"]),
    ("E4013", out("{if: [{equal: [1, 1]}, a, b]}", NEWTON), ["equal"]),
    # --- W4014: get_param path items ------------------------------------------------------------
    ("W4014", out("{get_param: [j, 1.5]}"), ["1.5"]),
    ("W4014", out("{get_param: [j, null]}"), ["null"]),
    ("W4014", out("{get_param: [j, [a]]}"), ["[a]"]),
    # --- W4015: functions Heat never evaluates ------------------------------------------------
    (
        "W4015",
        "heat_template_version: 2021-04-16\nparameters:\n  q: {type: json, default: {get_param: p}}\n"
        "  p: {type: string}\n",
        ["get_param"],
    ),
    (
        "W4015",
        "heat_template_version: 2021-04-16\nparameters:\n  q:\n    type: json\n    default:\n"
        "      a: [{get_resource: r}]\n",
        ["get_resource"],
    ),
    (
        "W4015",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    description: {get_param: p}\n    value: 1\n",
        ["get_param"],
    ),
]


PASSING = [
    # versions where the function exists
    ("W4001", out("{str_split: [',', 'a,b']}", LIBERTY)),
    ("W4001", out("{if: [true, 1, 2]}", NEWTON)),
    ("W4001", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%'}}", KILO)),
    ("E4001", cond("{contains: [a, [a]]}", PIKE)),
    ("W4001", out("{digest: [sha256, x]}", KILO)),  # the docs say "later than", the code says from
    # CFN names are calls in 2013-05-23; Fn::Select lasts until 2015-04-30
    ("E4002", out("{Fn::Join: [',', [a, b]]}", ICEHOUSE)),
    ("E4002", out("{Ref: r}", ICEHOUSE)),
    ("E4002", out("{Fn::Select: [0, [a]]}", KILO)),
    ("W4003", out("{Fn::Join: [',', [a, b]]}", ICEHOUSE)),
    ("W4003", out("{Fn::Join: [',', [a, b]]}", WALLABY)),  # removed: E4002, not W4003
    ("W4004", out("{get_param: p}")),
    ("W4004", out("{getter: p}")),  # too far from any name to be sure
    ("W4004", prop("{name: x}")),
    ("W4005", cond("{equals: [1, 1]}", NEWTON)),
    ("W4005", cond("{not: {equals: [1, 1]}}", NEWTON)),
    ("E4006", cond("{equals: [{get_param: p}, x]}", NEWTON)),
    ("E4006", cond("{yaql: {expression: '$.data'}}", PIKE)),
    ("E4006", out("{if: [{equals: [{get_param: p}, x]}, 1, 2]}", NEWTON)),
    # shapes Heat accepts
    ("E4007", out("{get_param: [j, a, 0]}")),
    ("E4007", out("{get_param: [{get_param: p}, a]}")),
    ("E4007", out("{get_attr: [r]}", LIBERTY)),
    ("E4007", out("{get_attr: [r, show, a, 0]}")),
    ("E4007", out("{get_attr: r}", LIBERTY)),
    ("E4007", out("{get_resource: {get_param: p}}")),
    ("E4007", out("{list_join: [',', [a], [b]]}", LIBERTY)),
    ("E4007", out("{list_join: [',', [{a: b}, [c], null]]}", LIBERTY)),
    ("E4007", out("{list_join: [',', '']}", LIBERTY)),
    ("E4007", out("{list_join: [',', null]}", KILO)),
    ("E4007", out("{list_join: [',', {get_param: j}]}")),
    ("E4007", out("{list_join: [{get_param: p}, [a]]}")),
    ("E4007", out("{str_replace: {template: aX, params: {X: [1]}}}", LIBERTY)),
    ("E4007", out("{str_replace: {template: aX, params: {X: null, Y: 1, Z: true}}}", KILO)),
    ("E4007", out("{str_replace: {template: aX, params: {get_param: j}}}")),
    ("E4007", out("{str_replace: {template: {get_param: p}, params: {X: 1}}}")),
    ("E4007", out("{str_replace: {template: aX, params: {X: b}, extra: 1}}")),  # extra keys are ignored
    ("E4007", out("{str_replace_strict: {template: {get_param: p}, params: {X: b, Y: c}}}")),
    ("E4007", out("{str_replace_strict: {template: aX, params: {X: ''}}}")),
    ("E4007", out("{str_replace_vstrict: {template: aX, params: {X: 0}}}")),
    ("E4007", out("{str_replace_vstrict: {template: aX, params: {X: false}}}")),
    ("E4007", out("{str_split: [',', 'a,b', '1']}")),
    ("E4007", out("{str_split: [',', 'a,b', -1]}")),
    ("E4007", out("{str_split: [null, 'a b']}")),
    ("E4007", out("{str_split: [',', null]}")),
    ("E4007", out("{str_split: {get_param: j}}")),
    ("E4007", out("{map_merge: [{a: 1}, null, {get_param: j}]}")),
    ("E4007", out("{map_replace: [{a: 1}, {keys: {a: b}, values: {1: 2}}]}")),
    ("E4007", out("{map_replace: [{a: 1}, null]}")),
    ("E4007", out("{map_replace: [{a: 1, b: 2}, {keys: {a: a}}]}")),
    ("E4007", out("{list_concat: [[a], null, {get_param: j}]}")),
    ("E4007", out("{repeat: {for_each: {'%x%': {a: 1}}, template: 'v%x%'}}", NEWTON)),
    ("E4007", out("{repeat: {for_each: {'%x%': null}, template: 'v%x%'}}")),
    ("E4007", out("{repeat: {for_each: {'%x%': [1, 2]}, template: 5}}")),  # no text to substitute into
    ("E4007", out("{repeat: {for_each: {'%x%': [a], '%y%': [b]}, template: '%x%%y%', permutations: false}}")),
    ("E4007", out("{repeat: {for_each: {'%x%': [a]}, template: 'v%x%', permutations: 'no'}}", OCATA)),  # ignored
    ("E4007", out("{repeat: {for_each: {get_param: j}, template: v}}")),
    ("E4007", out("{digest: [SHA256, abc]}")),
    ("E4007", out("{digest: [{get_param: p}, abc]}")),
    ("E4007", out("{if: [true, 1]}", WALLABY)),
    ("E4007", out("{if: [true, 1, 2]}", NEWTON)),
    ("E4007", out("{yaql: {expression: '$.data.x.sum()', data: {x: [1]}}}")),
    ("E4007", out("{yaql: {expression: {get_param: p}}}")),
    ("E4007", out("{make_url: {scheme: https, host: h, port: '443', path: /a, query: {a: b}}}")),
    ("E4007", out("{make_url: {host: h, port: {get_param: p}}}")),
    ("E4007", out("{make_url: {}}")),
    ("E4007", out("{contains: [a, 'abc']}")),
    ("E4007", out("{filter: [[a], null]}")),
    ("E4007", out("{filter: [a, []]}")),  # an empty list comes back unchanged
    ("E4007", out("{filter: [null, [a]]}")),
    ("E4007", out("{resource_facade: deletion_policy}")),
    ("E4007", out("{Fn::ResourceFacade: Metadata}", ICEHOUSE)),
    ("E4007", out("{Fn::Select: [a, {a: 1}]}", ICEHOUSE)),
    ("E4007", out("{Fn::Select: ['1', [a, b]]}", ICEHOUSE)),
    ("E4007", out("{Fn::Select: [0, '[1]']}", ICEHOUSE)),
    ("E4007", out("{Fn::MemberListToMap: [Name, Value, ['.member.0.Name=a']]}", ICEHOUSE)),
    ("E4007", cond("{equals: [{get_param: p}, x]}", NEWTON)),
    ("E4007", cond("{contains: [a, [a]]}", PIKE)),
    # declared and pseudo parameters, resources
    ("E4008", out("{get_param: OS::stack_name}")),
    ("E4008", out("{get_param: OS::project_id}")),
    ("E4008", out("{get_param: [j, a]}")),
    ("E4008", out("{get_param: [{get_param: p}]}")),
    ("E4009", out("{get_attr: [r, show]}")),
    ("E4009", out("{get_resource: r}")),
    ("E4009", out("{get_attr: rr}")),  # the shape is wrong: E4007 only
    ("E4009", out("{Ref: p}", ICEHOUSE)),
    ("E4009", out("{Ref: OS::stack_id}", ICEHOUSE)),
    # places where functions work
    ("E4010", resource("type: OS::Heat::None\ndeletion_policy: {get_param: p}")),
    ("E4010", resource("type: OS::Heat::None\ndepends_on: [r]")),
    ("E4010", resource("type: OS::Heat::None\nexternal_id: {get_attr: [r, show]}")),
    ("E4010", resource("type: OS::Heat::None\nmetadata: {a: {get_attr: [r, show]}}")),
    ("W4011", out("{get_attr: [r]}")),
    ("W4012", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}", PIKE)),
    ("W4012", out("{repeat: {for_each: {'%a%': [x]}, template: '%a%'}}", OCATA)),
    ("E4013", cond("{equals: [{get_parm: p}, 1]}", NEWTON)),  # a value, not a condition: W4004
    ("E4013", out("{if: [c, {equal: 1}, b]}", NEWTON)),
    ("W4014", out("{get_param: [j, a, 0, true]}")),
    ("W4014", out("{get_param: [j, {get_param: p}]}")),
    ("W4015", "heat_template_version: 2021-04-16\nparameters:\n  q: {type: json, default: {a: b}}\n"),
    ("W4015", out("{get_param: p}")),
]


@pytest.mark.parametrize(("code", "template", "covered"), FAILING)
def test_failing(code: str, template: str, covered: list[str]) -> None:
    assert findings_with(template, code) == covered


@pytest.mark.parametrize(("code", "template"), PASSING)
def test_passing(code: str, template: str) -> None:
    assert code not in codes(template)


# --- one snippet, several versions ---------------------------------------------------------------

_VERSIONED = [
    # (expression, {version: codes expected among the 4xxx findings})
    (
        "{get_attr: [r]}",
        {ICEHOUSE: ["E4007"], LIBERTY: [], NEWTON: [], PIKE: [], WALLABY: []},
    ),
    (
        "{list_join: [',', [a], [b]]}",
        {ICEHOUSE: ["E4007"], KILO: ["E4007"], LIBERTY: [], WALLABY: []},
    ),
    (
        "{Fn::Select: [0, [a]]}",
        {ICEHOUSE: [], KILO: [], LIBERTY: ["E4002"], WALLABY: ["E4002"]},
    ),
    (
        "{Fn::Join: [',', [a]]}",
        {ICEHOUSE: [], JUNO: ["E4002"], WALLABY: ["E4002"]},
    ),
    (
        "{if: [true, 1]}",
        {KILO: ["W4001"], NEWTON: ["E4007"], PIKE: ["E4007"], ROCKY: ["E4007"], WALLABY: []},
    ),
    (
        "{repeat: {for_each: {'%a%': {k: v}}, template: '%a%'}}",
        {ICEHOUSE: ["W4001"], KILO: ["E4007"], MITAKA: ["E4007"], NEWTON: [], WALLABY: []},
    ),
    (
        "{repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}",
        {KILO: ["W4012"], NEWTON: ["W4012"], PIKE: [], WALLABY: []},
    ),
    (
        "{str_replace: {template: aX, params: {X: {k: v}}}}",
        {ICEHOUSE: ["E4007"], KILO: ["E4007"], LIBERTY: [], WALLABY: []},
    ),
    (
        "{make_url: {host: h}}",
        {NEWTON: ["W4001"], OCATA: ["W4001"], PIKE: [], WALLABY: []},
    ),
]


def _function_codes(template: str) -> list[str]:
    return [code for code in codes(template) if code[1] == "4"]


@pytest.mark.parametrize(
    ("expr", "version", "expected"),
    [(expr, version, expected) for expr, table in _VERSIONED for version, expected in table.items()],
)
def test_versions(expr: str, version: str, expected: list[str]) -> None:
    assert _function_codes(out(expr, version)) == expected


_VERSIONED_CONDITIONS = [
    ("{contains: [a, [a]]}", {NEWTON: ["E4001"], OCATA: ["E4001"], PIKE: [], WALLABY: []}),
    ("{yaql: {expression: '$.data'}}", {NEWTON: ["E4006"], PIKE: [], WALLABY: []}),
    ("{equals: [{get_attr: [r, show]}, 1]}", {NEWTON: ["E4006"], WALLABY: ["E4006"]}),
    ("{equal: [1, 1]}", {NEWTON: ["E4013"], WALLABY: ["E4013"]}),
]


@pytest.mark.parametrize(
    ("expr", "version", "expected"),
    [(expr, version, expected) for expr, table in _VERSIONED_CONDITIONS for version, expected in table.items()],
)
def test_condition_versions(expr: str, version: str, expected: list[str]) -> None:
    assert _function_codes(cond(expr, version)) == expected


# --- messages and quick-fix data -----------------------------------------------------------------


def _one(template: str, code: str):
    text, found = diagnostics(template)
    matches = [d for d in found if d.code == code]
    assert len(matches) == 1, [(d.code, text[d.start : d.end]) for d in found]
    return matches[0]


def test_too_new_names_the_version() -> None:
    diagnostic = _one(out("{str_split: [',', 'a']}", KILO), "W4001")
    assert "2015-10-15" in diagnostic.message
    assert diagnostic.data.to_json() == {"fix": "raise_version", "version": "2015-10-15"}


def test_removed_ref_suggests_by_target() -> None:
    assert _one(out("{Ref: r}", NEWTON), "E4002").data.to_json()["with"] == "get_resource"
    assert _one(out("{Ref: p}", NEWTON), "E4002").data.to_json()["with"] == "get_param"
    assert "not supported in this version of HOT" in _one(out("{Ref: p}", NEWTON), "E4002").message


def test_typo_suggests_the_function() -> None:
    diagnostic = _one(out("{str_repalce: {template: x, params: {}}}"), "W4004")
    assert diagnostic.data.to_json()["suggestions"][0] == "str_replace"
    assert diagnostic.severity == 2


def test_undeclared_parameter_data() -> None:
    template = out("{get_param: P}")
    diagnostic = _one(template, "E4008")
    assert diagnostic.data.to_json() == {"fix": "declare_parameter", "name": "P", "suggestions": ["p"]}
    assert "was not provided" in diagnostic.message


def test_region_has_its_own_message() -> None:
    assert "never creates" in _one(out("{get_param: OS::region}"), "E4008").message


def test_cfn_pseudo_parameter_suggests_hot_one() -> None:
    assert _one(out("{get_param: AWS::StackName}"), "E4008").data.to_json()["suggestions"] == ["OS::stack_name"]


def test_unknown_resource_suggests_nearest() -> None:
    template = resource("type: OS::Heat::None\nproperties:\n  a: {get_attr: [rr, show]}")
    template = template.replace("  r:\n    type", "  rr1:\n    type")
    diagnostic = _one(template, "E4009")
    assert diagnostic.data.to_json()["suggestions"] == ["rr1"]


def test_condition_function_in_properties_is_a_warning() -> None:
    diagnostic = _one(out("{equals: [1, 1]}"), "W4005")
    assert diagnostic.severity == 2
    assert "literal" in diagnostic.message


def test_invalid_in_context_quotes_heat() -> None:
    message = _one(cond("{equals: [{get_attr: [r, show]}, 1]}", NEWTON), "E4006").message
    assert 'The function "get_attr" is invalid in this context' in message


def test_yaql_parse_error_is_heats() -> None:
    message = _one(out("{yaql: {expression: '$.data.'}}"), "E4007").message
    assert "Bad expression Parse error" in message


def test_digest_suggests_algorithm() -> None:
    assert "sha256" in _one(out("{digest: [sha255, x]}"), "E4007").data.to_json()["suggestions"]


def test_make_url_suggests_key() -> None:
    assert _one(out("{make_url: {hostname: h}}"), "E4007").data.to_json()["suggestions"] == ["host"]


def test_block_argument_is_reported_at_the_name() -> None:
    template = out("\n      list_join:\n        - ','\n        - - 1\n          - 2\n        - 3\n", KILO)
    assert findings_with(template, "E4007") == ["list_join"]


def test_the_literal_map_a_typo_leaves_is_judged_as_data() -> None:
    # Issue 14: Heat keeps {get_parm: p} as a map, which Join then refuses. Heat 27.0.1, in a resource: "Property
    # error: resources.r.properties.value: Items to join must be strings not {'get_parm': 'p'}"; in an output the
    # stack is created (so there it is a warning).
    template = out("{list_join: [',', [{get_parm: p}]]}", KILO)
    assert _function_codes(template) == ["E4007", "W4004"]


@pytest.mark.parametrize(
    "text",
    [
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {get_attr: }\n",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {str_replace: {template: , params: {? [a] : b}}}\n",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {repeat: {for_each: {? [a] : [b]}, template: x}}\n",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {map_replace: [{? [a] : 1}, {keys: {a: b}}]}\n",
        "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: {}\n    depends_on: [{}, 1]\n",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {make_url: {port: [1]}}\n",
        "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {get_param: [!!binary aGk=]}\n",
    ],
)
def test_odd_input_never_raises(text: str) -> None:
    codes(text)
