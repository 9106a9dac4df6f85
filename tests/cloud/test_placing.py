"""Where a message of Heat's points in the template: the messages are Heat 27.0.1's own (recorded in
tests/conformance/heat_verdicts.json and live-heat.md)."""

from __future__ import annotations

import pytest

from hot_lsp.cloud.placing import Step, heat_path, place
from hot_lsp.document import parse

TEMPLATE = """\
heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
conditions:
  is_big: {equals: [{get_param: flavor}, big]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      networks:
        - port: p1
        - port: p2
  other:
    type: OS::Nova::Server
  group:
    type: OS::Heat::ResourceGroup
    properties:
      suer: 1
  member:
    type: member.yaml
outputs:
  role_data:
    description: nothing
"""


def spans_of(message: str) -> list[str]:
    parsed = parse(TEMPLATE)
    return [TEMPLATE[start:end] for start, end in place(message, parsed.root, TEMPLATE)]


def line_of(message: str) -> int:
    parsed = parse(TEMPLATE)
    start, _ = place(message, parsed.root, TEMPLATE)[0]
    return TEMPLATE.count("\n", 0, start) + 1


def test_a_path_with_indices_and_a_nested_stack_is_read_as_heat_writes_it():
    assert heat_path("Property error: resources.server.properties.networks[1].port: bad") == [
        Step("resources"),
        Step("server"),
        Step("properties"),
        Step("networks"),
        Step(1),
        Step("port"),
    ]
    assert heat_path("resources.member<file:///tmp/a.b/member.yaml>.resources.leaf.properties.x: no") == [
        Step("resources"),
        Step("member", "file:///tmp/a.b/member.yaml"),
        Step("resources"),
        Step("leaf"),
        Step("properties"),
        Step("x"),
    ]
    assert heat_path("Template format version not found.") == []


@pytest.mark.parametrize(
    ("message", "line"),
    [
        ("Property error: resources.server.properties.flavor: Error validating value 'x'", 10),
        ("Property error: resources.server.properties.networks[1].port: The Port (p2) could not be found.", 13),
        ("Property error: resources.group.properties: Unknown Property suer", 19),
        ("Output validation error: outputs.role_data: Each output definition must contain a value key.", 23),
        # The rest of the path is inside the child template: the resource that makes the nested stack.
        ("resources.member<file:///x/member.yaml>.resources.leaf.properties.length: too long", 20),
        # A path deeper than the template goes: its deepest key that exists.
        ("Property error: resources.server.properties.nothing.here: x", 9),
        ("Parameter 'flavor' is invalid: Error validating value 'x'", 3),
        ('Condition validation error: The definition of condition "is_big" is invalid: true', 5),
        ("The template section is invalid: outputs", 22),
        ('Error parsing template x while scanning for the next token\n  in "<unicode string>", line 7, column 3', 7),
        ('The template version is invalid: "heat_template_version: 2020-08-07". "heat_template_version" should be', 1),
        ("Something Heat says with no place in it", 1),
    ],
)
def test_each_kind_of_message_lands_on_its_line(message: str, line: int):
    assert line_of(message) == line


def test_a_type_the_cloud_lacks_marks_every_resource_of_that_type():
    message = (
        "HEAT-E99001 Service nova is not available for resource type OS::Nova::Server, reason: nova compute "
        "endpoint is not in service catalog."
    )
    parsed = parse(TEMPLATE)
    spans = place(message, parsed.root, TEMPLATE)
    assert [TEMPLATE[a:b] for a, b in spans] == ["OS::Nova::Server", "OS::Nova::Server"]
    assert [TEMPLATE.count("\n", 0, a) + 1 for a, _ in spans] == [8, 15]


def test_a_version_heat_does_not_know_points_at_the_version():
    message = 'The template version is invalid: "heat_template_version: 2020-08-07". "heat_template_version" should be'
    assert spans_of(message) == ["2018-08-31"]


def test_an_unknown_property_points_at_that_key():
    assert spans_of("Property error: resources.group.properties: Unknown Property suer") == ["suer"]


def test_a_broken_template_still_gets_its_first_line():
    assert place("anything", None, "") == [(0, 0)]
    assert place("anything", parse("[1, 2").root, "[1, 2") == [(0, 5)]
