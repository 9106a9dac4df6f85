"""Skeletons in completion and the fixes that add or correct values (issue 17, items 1 and 8), fixture style:
``$0`` marks the cursor; each case shows the text inserted or the document a fix leaves."""

from __future__ import annotations

import pytest
from test_code_actions import actions, applied, fixes, snap
from test_completion import item, labels, new_text

from hot_lsp.analysis.model.required_properties import parameter_index, required_properties, value_options
from hot_lsp.analysis.validate import analyze
from hot_lsp.document import parse
from hot_lsp.features.skeletons import _resource_name, indent_step
from hot_lsp.spec.resource_types import builtin_catalogue

PORT = "OS::Neutron::Port"


def template(body: str, parameters: str = "") -> str:
    return "heat_template_version: 2021-04-16\n" + parameters + body


def codes(text: str) -> list[str]:
    return [d.code for d in analyze(text).diagnostics]


# -- resource types ------------------------------------------------------------------------------------------


def test_a_server_boots_from_an_image_and_a_groups_member_is_a_block():
    """Issue 29 item 3: what the type's own validation needs (E3026) comes with the required properties."""
    fixture = template("resources:\n  web:\n    type: OS::Nova::Ser$0\n")
    assert new_text(fixture, "OS::Nova::Server", snippet_support=False) == (
        "OS::Nova::Server\n    properties:\n      flavor: ''\n      image: ''"
    )
    fixture = template("resources:\n  group:\n    type: OS::Heat::ResourceGr$0\n")
    assert new_text(fixture, "OS::Heat::ResourceGroup") == (
        "OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: ${1:OS::Heat::None}\n"
        "        properties: ${2:{\\}}"
    )
    scaling = new_text(fixture, "OS::Heat::AutoScalingGroup", snippet_support=False)
    assert "\n      resource:\n        type: OS::Heat::None\n        properties: {}" in scaling
    for name in ("OS::Nova::Server", "OS::Heat::ResourceGroup", "OS::Heat::AutoScalingGroup"):
        typed = new_text(fixture, name, snippet_support=False)
        assert codes(template(f"resources:\n  group:\n    type: {typed}\n")) == [], name


def test_a_type_brings_properties_with_a_placeholder_of_each_required_ones_type():
    fixture = template("resources:\n  group:\n    type: OS::Heat::ResourceGr$0\n")
    assert new_text(fixture, "OS::Neutron::Port") == "OS::Neutron::Port\n    properties:\n      network: ${1:''}"
    assert new_text(fixture, "OS::Neutron::Port", snippet_support=False) == (
        "OS::Neutron::Port\n    properties:\n      network: ''"
    )
    # A type with no required property is its name alone.
    assert new_text(fixture, "OS::Neutron::Net") == "OS::Neutron::Net"


def test_parameters_that_fit_are_offered_by_name_then_by_constraint_then_by_a_name_built_on_it():
    parameters = (
        "parameters:\n"
        "  private_net: {type: string, constraints: [{custom_constraint: neutron.network}]}\n"
        "  network_name: {type: string}\n"
        "  network_count: {type: number}\n"  # a number for a string property: Heat converts it, so it fits
        "  network_list: {type: comma_delimited_list}\n"  # a list does not
        "  network: {type: string}\n"
    )
    fixture = template("resources:\n  port:\n    type: OS::Neutron::Po$0\n", parameters)
    assert new_text(fixture, PORT) == (
        "OS::Neutron::Port\n    properties:\n      network: ${1|{get_param: network\\},{get_param: private_net\\},"
        "{get_param: network_name\\},{get_param: network_count\\},''|}"
    )


def test_the_documents_indentation_step_is_kept():
    fixture = "heat_template_version: 2021-04-16\nresources:\n    port:\n        type: OS::Neutron::Po$0\n"
    assert new_text(fixture, PORT, snippet_support=False) == (
        "OS::Neutron::Port\n        properties:\n            network: ''"
    )
    assert indent_step("a:\n   b: 1\n", parse("a:\n   b: 1\n").root) == 3
    assert indent_step("a: 1\n", parse("a: 1\n").root) == 2


@pytest.mark.parametrize(
    "fixture",
    [
        "resources:\n  port:\n    type: OS::Neutron::Po$0\n    properties: {name: a}\n",  # it has properties
        "resources:\n  port: {type: OS::Neutron::Po$0}\n",  # flow style
        "resources:\n  port:\n    type: 'OS::Neutron::Po$0'\n",  # quoted
        "resources:\n  port:\n    type: OS::Neutron::Po$0 # the port\n",  # more on the line
        "resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n"
        "        type: OS::Neutron::Po$0\n",  # a member's type (its properties are the definition's own)
    ],
)
def test_no_skeleton_where_properties_cannot_follow(fixture):
    assert new_text(template(fixture), PORT) == PORT


def test_a_type_typed_as_a_new_resources_key_brings_the_whole_entry():
    fixture = template("resources:\n  port:\n    type: OS::Heat::None\n  $0\n")
    assert labels(fixture)[0] == "resource"
    assert new_text(fixture, "resource") == "${1:name}:\n    type: ${2:OS::Heat::None}$0"
    # The name is the type's, made unique; the properties sit below the type.
    assert new_text(fixture, PORT, snippet_support=False) == (
        "port_2:\n    type: OS::Neutron::Port\n    properties:\n      network: ''"
    )
    assert new_text(fixture, "OS::Neutron::FloatingIP", snippet_support=False).startswith("floating_ip:\n")
    assert _resource_name("OS::Nova::ServerGroup") == "server_group"
    assert _resource_name("nested/child.yaml") == "child"


def test_a_skeleton_chosen_leaves_no_missing_property():
    fixture = template("resources:\n  port:\n    type: OS::Neutron::Po$0\n")
    text = fixture.replace("OS::Neutron::Po$0", new_text(fixture, PORT, snippet_support=False))
    assert "E3017" in codes(fixture.replace("Po$0", "Port"))
    assert "E3017" not in codes(text)


# -- templates and section entries ---------------------------------------------------------------------------


def test_an_empty_file_gets_a_template_that_is_valid_as_inserted():
    text = new_text("$0", "HOT template", snippet_support=False)
    assert text.startswith("heat_template_version: 2021-04-16\ndescription: ")
    assert [line for line in text.splitlines() if line and not line.startswith(" ")] == [
        "heat_template_version: 2021-04-16",
        "description: What this template makes",
        "parameters:",
        "resources:",
        "outputs:",
    ]
    assert analyze(text).diagnostics == []
    assert item("$0", "HOT template").insert_text_format == 2  # a snippet for a client that takes them


@pytest.mark.parametrize(
    ("section", "label", "expected"),
    [
        ("parameters", "parameter", "p2:\n    type: string\n    description: What it is for"),
        ("outputs", "output", "p2:\n    description: What it gives\n    value: value"),
        ("conditions", "condition", "p2: {equals: [{get_param: p}, value]}"),
    ],
)
def test_a_new_entry_of_each_section(section, label, expected):
    fixture = template(f"{section}:\n  $0\n", "parameters:\n  p: {type: string}\n" if section != "parameters" else "")
    text = new_text(fixture, label, snippet_support=False)
    assert text == expected.replace("p2", "name")
    if section != "parameters":
        # Inserted, the entry is read back as the section's entry.
        whole = fixture.replace("$0", text)
        assert "name" in analyze(whole).model.__getattribute__(section)


# -- what a required property gets ---------------------------------------------------------------------------


def test_the_empty_value_of_each_type():
    catalogue = builtin_catalogue()
    none = parameter_index([])
    resource_def = catalogue.get("OS::Heat::ResourceGroup").properties["resource_def"]
    assert value_options(resource_def, none) == ["{type: ''}"]  # a map with a schema: its required keys
    assert [p.name for p in required_properties(catalogue.get(PORT).properties)] == ["network"]
    assert required_properties(catalogue.get("OS::Cinder::Volume").properties) == []


def test_an_example_where_the_empty_value_is_refused():
    """Issue 29 item 1: a value the schema takes (the custom constraint's, the pattern's, one item of a list that
    needs one), the empty one where it is taken."""
    catalogue = builtin_catalogue()
    none = parameter_index([])

    def first(type_name: str, name: str) -> str:
        return value_options(catalogue.get(type_name).properties[name], none)[0]

    assert first("OS::Octavia::PoolMember", "address") == "192.0.2.10"
    assert first("OS::Neutron::SubnetPool", "prefixes") == "[10.0.0.0/24]"
    assert first("OS::Nova::KeyPair", "name") == "my-name"
    assert first("OS::Blazar::Lease", "start_date") == "2030-01-01 00:00"
    assert first("OS::Neutron::NetworkGateway", "devices") == "[{id: '', interface_name: ''}]"
    assert first("OS::Aodh::CompositeAlarm", "composite_rule") == "{operator: or, rules: [{}, {}]}"
    assert first("OS::Nova::Server", "flavor") == "''"


# -- fixes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "fixed"),
    [
        (  # no properties: written below the type's entry
            "resources:\n  port:\n    type: OS::Neutron::Port\n    condition: c\n  other:\n    type: OS::Heat::None\n",
            "resources:\n  port:\n    type: OS::Neutron::Port\n    condition: c\n    properties:\n"
            "      network: ''\n  other:\n    type: OS::Heat::None\n",
        ),
        (  # into the block properties there are
            "resources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      name: a\n",
            "resources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      name: a\n      network: ''\n",
        ),
        (  # flow style
            "resources:\n  port: {type: OS::Neutron::Port, properties: {name: a}}\n",
            "resources:\n  port: {type: OS::Neutron::Port, properties: {name: a, network: ''}}\n",
        ),
        (  # a nested map's required key
            "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n"
            "        properties: {}\n",
            "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n"
            "        properties: {}\n        type: ''\n",
        ),
    ],
)
def test_e3017_adds_the_missing_properties(body, fixed):
    conditions = "conditions:\n  c: true\n" if "condition: c" in body else ""
    fixture = template(conditions + body)
    ((title, preferred, result),) = fixes(fixture, "E3017")
    assert title.startswith("Add ") and preferred
    assert result == template(conditions + fixed)
    assert "E3017" not in codes(result)


def test_e3017_writes_get_param_when_a_parameter_fits():
    parameters = "parameters:\n  network: {type: string}\n"
    fixture = template("resources:\n  port:\n    type: OS::Neutron::Port\n", parameters)
    ((_, _, result),) = fixes(fixture, "E3017")
    assert result.endswith("    properties:\n      network: {get_param: network}\n")


@pytest.mark.parametrize(
    ("definition", "title", "fixed"),
    [
        ("type: number\n    default: 0\n    constraints: [{range: {min: 1, max: 5}}]", "Replace 0 with 1", "1"),
        ("type: number\n    default: 9\n    constraints: [{range: {min: 1, max: 5}}]", "Replace 9 with 5", "5"),
        ("type: number\n    default: 7\n    constraints: [{allowed_values: [1, 8, 20]}]", "Replace 7 with 8", "8"),
        ("type: string\n    default: Prod\n    constraints: [{allowed_values: [dev, prod]}]", None, "prod"),
        ("type: string\n    default: abcdef\n    constraints: [{length: {max: 3}}]", None, "abc"),
        ("type: number\n    default: 7\n    constraints: [{modulo: {step: 4, offset: 0}}]", None, "8"),
        # A string that reads as a number when written bare is quoted.
        ("type: string\n    default: '1'\n    constraints: [{allowed_values: ['10', '20']}]", None, "'10'"),
    ],
)
def test_e2012_moves_the_default_into_the_constraint(definition, title, fixed):
    fixture = template("", f"parameters:\n  p:\n    {definition}\n")
    ((got_title, _, result),) = fixes(fixture, "E2012")
    if title is not None:
        assert got_title == title
    assert f"    default: {fixed}\n" in result
    assert "E2012" not in codes(result)


@pytest.mark.parametrize(
    "definition",
    [
        "type: string\n    default: a b\n    constraints: [{allowed_pattern: '[a-z]+'}]",  # no value is obvious
        "type: string\n    default: ab\n    constraints: [{length: {min: 3}}]",  # nothing to add is obvious
        "type: number\n    default: 9\n    constraints: [{range: {max: 5}}, {allowed_values: [7, 9]}]",  # none fits both
    ],
)
def test_e2012_offers_nothing_without_one_value_that_meets_every_constraint(definition):
    fixture = template("", f"parameters:\n  p:\n    {definition}\n")
    assert fixes(fixture, "E2012") == []


def test_diagnostics_that_name_their_replacement_offer_it():
    # E7002: "Write `{}`".
    snapshot = snap("parameter_defaults:\nresource_registry: {}\n", env=True)
    ((action,),) = [actions(snapshot, "E7002")]
    assert action.title == "Add parameter_defaults: {}"
    assert applied(snapshot, action) == "parameter_defaults: {}\nresource_registry: {}\n"
    # E5003: a near condition's name, wrapped so it stays a condition.
    fixture = template("conditions:\n  prod: {equals: [1, 1]}\n  test: prd\n")
    ((title, _, result),) = fixes(fixture, "E5003")
    assert result.endswith("  test: {not: {not: prod}}\n")
    assert "E5003" not in codes(result)
    # E2009: a removed custom constraint's successor, named in the message, is the suggestion.
    legacy = template(
        "", "parameters:\n  z:\n    type: string\n    constraints: [{custom_constraint: designate.domain}]\n"
    )
    assert [t for t, _, _ in fixes(legacy, "E2009")] == ["Replace designate.domain with designate.zone"]
