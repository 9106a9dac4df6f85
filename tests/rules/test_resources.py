"""3xxx: resource definitions, depends_on, deletion_policy and dependency cycles.

Each failing case names the code, the exact text it must cover and the
severity; each passing case names a code that must be absent. Every case was
checked against Heat 27.0.1 (Stack.validate): errors where Heat refuses the
template, warnings where it accepts it.
"""

from __future__ import annotations

import pytest
from helpers import diagnostics, findings, findings_with

from hot_lsp.analysis.model.template import build_model
from hot_lsp.analysis.stack.dependencies import (
    disabled_resources,
    resource_dependencies,
    shortest_cycle,
    static_condition,
    strongly_connected,
)
from hot_lsp.document import parse

OLD = "heat_template_version: 2013-05-23\n"
MITAKA = "heat_template_version: 2016-04-08\n"
NEWTON = "heat_template_version: 2016-10-14\n"
WALLABY = "heat_template_version: 2021-04-16\n"


def res(body: str, header: str = WALLABY, extra: str = "") -> str:
    """A template whose resources section is ``body`` (indented by two spaces per line)."""
    indented = "".join(f"  {line}\n" for line in body.strip("\n").splitlines())
    return f"{header}{extra}resources:\n{indented}"


def found(snippet: str, code: str) -> list[tuple[str, str]]:
    """(covered text, severity) of each diagnostic with ``code``."""
    text, diags = diagnostics(snippet)
    return [(text[d.start : d.end], d.severity_name) for d in diags if d.code == code]


NONE = "type: OS::Heat::None"

FAILING = [
    # E3001 not a mapping / no type
    ("E3001", res("r:"), [("r", "error")]),
    ("E3001", res("r: {}"), [("r", "error")]),
    ("E3001", res("r: OS::Heat::None"), [("OS::Heat::None", "error")]),
    ("E3001", res("r: [a]"), [("r", "error")]),
    ("E3001", res("r:\n  properties: {a: 1}"), [("r", "error")]),
    ("E3001", res("r:\n  type:"), [("type", "error")]),
    # E3002 unknown key
    ("E3002", res(f"r:\n  {NONE}\n  Properties: {{}}"), [("Properties", "error")]),
    ("E3002", res(f"r:\n  {NONE}\n  DependsOn: s\ns: {{{NONE}}}"), [("DependsOn", "error")]),
    ("E3002", res(f"r:\n  {NONE}\n  propertes: {{}}"), [("propertes", "error")]),
    ("E3002", res(f"r:\n  {NONE}\n  label: x"), [("label", "error")]),
    ("E3002", res(f"r:\n  {NONE}\n  1: x"), [("1", "error")]),
    # E3003 key of a later version
    ("E3003", res(f"r:\n  {NONE}\n  condition: true", MITAKA), [("condition", "error")]),
    ("E3003", res(f"r:\n  {NONE}\n  external_id: abc", MITAKA), [("external_id", "error")]),
    # E3004 depends_on shape
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: {{a: b}}"), [("depends_on", "error")]),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on:"), [("depends_on", "error")]),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: 1"), [("1", "error")]),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: [s, 2]\ns: {{{NONE}}}"), [("2", "error")]),
    # E3005 unknown resource in depends_on
    ("E3005", res(f"r:\n  {NONE}\n  depends_on: nosuch"), [("nosuch", "error")]),
    ("E3005", res(f"r:\n  {NONE}\n  depends_on: [serverr]\nserver: {{{NONE}}}"), [("serverr", "error")]),
    # ... ignored by Heat when the resource is always disabled
    ("E3005", res(f"r:\n  {NONE}\n  condition: false\n  depends_on: nosuch"), [("nosuch", "warning")]),
    # E3006 self dependency
    ("E3006", res(f"r:\n  {NONE}\n  depends_on: r"), [("r", "error")]),
    ("E3006", res(f"r:\n  {NONE}\n  properties: {{a: {{get_resource: r}}}}"), [("r", "error")]),
    ("E3006", res(f"r:\n  {NONE}\n  metadata: {{a: {{get_attr: [r, show]}}}}"), [("r", "error")]),
    ("E3006", res(f"r:\n  {NONE}\n  properties: {{a: {{Ref: r}}}}", OLD), [("r", "error")]),
    ("E3006", res(f"r:\n  {NONE}\n  condition: {{not: true}}\n  depends_on: r"), [("r", "warning")]),
    (
        "E3006",
        res(f"r:\n  {NONE}\n  properties: {{a: {{if: [c, {{get_resource: r}}, x]}}}}", extra="conditions: {c: true}\n"),
        [("r", "error")],
    ),
    # E3007 cycles, reported once at the reference closing the cycle
    ("E3007", res(f"a: {{{NONE}, depends_on: b}}\nb: {{{NONE}, depends_on: a}}"), [("a", "error")]),
    (
        "E3007",
        res(
            f"a:\n  {NONE}\n  depends_on: b\nb:\n  {NONE}\n  properties: {{x: {{get_attr: [c, show]}}}}\n"
            f"c:\n  {NONE}\n  metadata: {{y: {{get_resource: a}}}}"
        ),
        [("a", "error")],
    ),
    (
        "E3007",
        res(
            f"a:\n  {NONE}\n  properties: {{x: {{if: [c, {{get_resource: b}}, x]}}}}\nb:\n  {NONE}\n  depends_on: a",
            extra="parameters: {p: {type: boolean}}\nconditions: {c: {get_param: p}}\n",
        ),
        [("a", "warning")],
    ),
    # E3008 deletion_policy
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: DELETE"), [("DELETE", "error")]),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: delete", MITAKA), [("delete", "error")]),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: Retian"), [("Retian", "error")]),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: 1"), [("1", "error")]),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy:"), [("deletion_policy", "error")]),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: {{a: 1, b: 2}}"), [("deletion_policy", "error")]),
    # E3009 external_id with depends_on
    ("E3009", res(f"s: {{{NONE}}}\nr:\n  {NONE}\n  external_id: abc\n  depends_on: s"), [("depends_on", "error")]),
    # E3010 name clash with a parameter or pseudo-parameter
    ("E3010", res(f"net: {{{NONE}}}", extra="parameters: {net: {type: string}}\n"), [("net", "error")]),
    ("E3010", res(f"OS::stack_id: {{{NONE}}}"), [("OS::stack_id", "error")]),
    # E3011 type not a string
    ("E3011", res("r: {type: 1}"), [("1", "error")]),
    ("E3011", res("r:\n  type: [OS::Heat::None]"), [("type", "error")]),
    ("E3011", res("r:\n  type: {a: b, c: d}"), [("type", "error")]),
    # E3012 slash in a name
    ("E3012", res(f"web/server: {{{NONE}}}"), [("web/server", "error")]),
    # E3013 field types
    ("E3013", res(f"r:\n  {NONE}\n  properties:"), [("properties", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  properties: [a]"), [("properties", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  metadata: text"), [("text", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  update_policy: [a]"), [("update_policy", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  description: [a]"), [("description", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  description: 1"), [("1", "error")]),
    ("E3013", res(f"r:\n  {NONE}\n  external_id:"), [("external_id", "error")]),
]


@pytest.mark.parametrize(("code", "snippet", "expected"), FAILING)
def test_failing(code: str, snippet: str, expected: list[tuple[str, str]]) -> None:
    assert found(snippet, code) == expected


PASSING = [
    ("E3001", res(f"r: {{{NONE}}}")),
    ("E3002", res(f"r:\n  {NONE}\n  properties: {{}}\n  metadata: {{}}\n  update_policy: {{}}\n  description: x")),
    ("E3002", res(f"r:\n  {NONE}\n  condition: true\n  external_id: abc", NEWTON)),
    ("E3003", res(f"r:\n  {NONE}\n  condition: true", NEWTON)),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: []")),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: [s]\ns: {{{NONE}}}")),
    ("E3004", res(f"r:\n  {NONE}\n  depends_on: {{get_resource: s}}\ns: {{{NONE}}}")),  # E4010's finding
    ("E3005", res(f"r:\n  {NONE}\n  depends_on: s\ns: {{{NONE}, condition: false}}")),
    ("E3006", res(f"r:\n  {NONE}\n  update_policy: {{a: {{get_attr: [r, show]}}}}")),  # no edge from update_policy
    ("E3006", res(f"r:\n  {NONE}", extra="outputs: {o: {value: {get_resource: r}}}\n")),
    ("E3006", res(f"r:\n  {NONE}\n  external_id: abc\n  properties: {{a: {{get_resource: r}}}}")),
    ("E3006", res(f"r:\n  {NONE}\n  properties: {{a: {{if: [false, {{get_resource: r}}, x]}}}}")),
    ("E3006", res(f"r:\n  {NONE}\n  properties: {{a: {{Ref: r}}}}")),  # Ref is no function after 2013-05-23
    ("E3007", res(f"a: {{{NONE}, depends_on: b}}\nb: {{{NONE}, depends_on: c}}\nc: {{{NONE}}}")),
    ("E3007", res(f"a: {{{NONE}, depends_on: b}}\nb: {{{NONE}, depends_on: a, condition: false}}")),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: delete", NEWTON)),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: Snapshot", OLD)),
    ("E3008", res(f"r:\n  {NONE}\n  deletion_policy: {{get_param: p}}", extra="parameters: {p: {type: string}}\n")),
    ("E3009", res(f"r:\n  {NONE}\n  external_id: abc\n  depends_on: []")),
    ("E3010", res(f"OS::region: {{{NONE}}}")),
    ("E3010", res(f"net: {{{NONE}}}", extra="parameters: {network: {type: string}}\n")),
    ("E3011", res("r: {type: {get_param: t}}", extra="parameters: {t: {type: string}}\n")),  # E4010's finding
    ("E3012", res(f"web_server: {{{NONE}}}")),
    ("E3013", res(f"r:\n  {NONE}\n  properties: {{get_param: p}}", extra="parameters: {p: {type: json}}\n")),
    ("E3013", res(f"r:\n  {NONE}\n  external_id: {{get_param: p}}", extra="parameters: {p: {type: string}}\n")),
]


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert findings_with(snippet, code) == []


def test_unknown_key_suggests_the_hot_spelling() -> None:
    _, diags = diagnostics(res(f"r:\n  {NONE}\n  DeletionPolicy: Retain"))
    (diag,) = [d for d in diags if d.code == "E3002"]
    assert diag.data.to_json() == {"suggestions": ["deletion_policy"]}
    assert "deletion_policy" in diag.message


def test_version_fix_data() -> None:
    _, diags = diagnostics(res(f"r:\n  {NONE}\n  external_id: abc", MITAKA))
    (diag,) = [d for d in diags if d.code == "E3003"]
    assert diag.data.to_json() == {"fix": "raise_version", "version": "2016-10-14"}


@pytest.mark.parametrize(
    ("value", "header", "replacement"),
    [("DELETE", WALLABY, "Delete"), ("retain", MITAKA, "Retain"), ("Snapshott", WALLABY, "Snapshot")],
)
def test_deletion_policy_replacement(value: str, header: str, replacement: str) -> None:
    volume = "type: OS::Cinder::Volume\n  properties: {size: 1}"  # a type that can be snapshotted
    _, diags = diagnostics(res(f"r:\n  {volume}\n  deletion_policy: {value}", header))
    (diag,) = [d for d in diags if d.code == "E3008"]
    assert diag.data.to_json() == {"fix": "replace", "with": replacement}


def test_no_snapshot_fix_for_a_type_that_cannot_snapshot() -> None:
    """Issue 29's round trip: writing Snapshot there would only trade E3008 for E3025."""
    _, diags = diagnostics(res(f"r:\n  {NONE}\n  deletion_policy: Snapshott"))
    (diag,) = [d for d in diags if d.code == "E3008"]
    assert diag.data is None


def test_unknown_dependency_suggests_nearest() -> None:
    _, diags = diagnostics(res(f"r:\n  {NONE}\n  depends_on: servr\nserver: {{{NONE}}}"))
    (diag,) = [d for d in diags if d.code == "E3005"]
    assert diag.data.to_json() == {"suggestions": ["server"]}


def test_cycle_message_names_the_cycle_once() -> None:
    snippet = res(
        f"a: {{{NONE}, depends_on: b}}\nb: {{{NONE}, depends_on: c}}\nc: {{{NONE}, depends_on: a}}\n"
        f"d: {{{NONE}, depends_on: a}}"
    )
    _, diags = diagnostics(snippet)
    cycles = [d for d in diags if d.code == "E3007"]
    assert len(cycles) == 1
    assert "`a` → `b` → `c` → `a`" in cycles[0].message


def test_two_separate_cycles_are_two_findings() -> None:
    snippet = res(
        f"a: {{{NONE}, depends_on: b}}\nb: {{{NONE}, depends_on: a}}\n"
        f"c: {{{NONE}, depends_on: d}}\nd: {{{NONE}, depends_on: c}}"
    )
    assert [text for text, _ in found(snippet, "E3007")] == ["a", "c"]


def _model(snippet: str):
    model = build_model(parse(snippet))
    assert model is not None
    return model


def test_resource_dependencies_graph() -> None:
    model = _model(
        res(
            f"a:\n  {NONE}\n  depends_on: [b, nosuch]\n  properties: {{x: {{get_attr: [c, show]}}}}\n"
            f"b:\n  {NONE}\n  properties: {{x: {{if: [k, {{get_resource: c}}, {{get_resource: a}}]}}}}\n"
            f"c:\n  {NONE}\n  update_policy: {{x: {{get_resource: a}}}}\n"
            f"d:\n  {NONE}\n  external_id: abc\n  properties: {{x: {{get_resource: a}}}}",
            extra="parameters: {p: {type: boolean}}\nconditions: {k: {get_param: p}}\n",
        )
    )
    graph = resource_dependencies(model)
    simple = {name: [(d.target, d.reference.via, d.conditional) for d in edges] for name, edges in graph.items()}
    assert simple == {
        "a": [("b", "depends_on", False), ("c", "get_attr", False)],
        "b": [("c", "get_resource", True), ("a", "get_resource", True)],
        "c": [],
        "d": [],
    }


def test_static_conditions_and_disabled_resources() -> None:
    model = _model(
        res(
            f"r: {{{NONE}, condition: never}}\ns: {{{NONE}, condition: always}}\n"
            f"t: {{{NONE}, condition: {{not: always}}}}\n"
            f"u: {{{NONE}, condition: dyn}}",
            extra=(
                "parameters: {p: {type: boolean}}\n"
                "conditions:\n  never: {equals: [1, 2]}\n  always: {or: [never, true]}\n  dyn: {get_param: p}\n"
            ),
        )
    )
    assert disabled_resources(model) == {"r", "t"}
    assert static_condition(model, model.conditions["dyn"].value) is None
    assert static_condition(model, model.conditions["always"].value) is True


def test_graph_helpers() -> None:
    edges = {"a": ["b"], "b": ["c", "a"], "c": ["a"], "d": ["d"], "e": []}
    components = strongly_connected(["a", "b", "c", "d", "e"], edges)
    assert sorted(components) == [["a", "b", "c"], ["d"], ["e"]]
    assert shortest_cycle("a", ["a", "b", "c"], edges) == ["a", "b"]
    assert shortest_cycle("d", ["d"], edges) == ["d"]
    assert shortest_cycle("e", ["e"], edges) == []


def test_long_chain_needs_no_recursion() -> None:
    count = 5000
    edges = {str(i): [str(i + 1)] for i in range(count)}
    edges[str(count)] = ["0"]
    components = strongly_connected([str(i) for i in range(count + 1)], edges)
    assert len(components) == 1 and len(components[0]) == count + 1


ALIASED_PROPERTIES = """
heat_template_version: 2016-10-14
resources:
  a:
    type: OS::Heat::None
    properties: &shared
      x: {get_resource: c}
      y: {get_resource: nosuch}
  b:
    type: OS::Heat::None
    properties: *shared
  c:
    type: OS::Heat::None
    depends_on: b
"""


def test_references_through_an_alias_belong_to_every_resource_using_it():
    # Heat builds both `a` and `b` from the shared properties, so `b` depends on `c` too: b -> c -> b.
    assert "E3007" in [code for code, _ in findings(ALIASED_PROPERTIES)]


def test_a_fault_in_shared_yaml_is_reported_once():
    assert findings_with(ALIASED_PROPERTIES, "E4009") == ["nosuch"]
