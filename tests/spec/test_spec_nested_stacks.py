"""The group table of spec.nested_stacks agrees with the resource type catalogue generated from Heat."""

import pytest

from hot_lsp.spec.nested_stacks import GROUPS, MEMBER_DEFINITIONS
from hot_lsp.spec.resource_types import builtin_catalogue


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_every_property_a_group_row_names_is_a_property_of_that_type(name: str):
    group = GROUPS[name]
    resource_type = builtin_catalogue().get(name)
    assert resource_type is not None
    assert (group.definition is None) != (group.type_list is None)
    named = [
        group.definition,
        group.type_list,
        group.shared_properties,
        *group.sizes,
        group.index_var,
        group.chained_unless,
    ]
    for prop in filter(None, named):
        assert prop in resource_type.properties, prop
    for prop in group.sizes:
        assert resource_type.properties[prop].type == "Integer"
    if group.default_size is not None:
        assert resource_type.properties[group.sizes[0]].default == group.default_size
    if group.index_var is not None:
        assert resource_type.properties[group.index_var].default == group.index_var_default


@pytest.mark.parametrize("name", sorted(name for name, group in GROUPS.items() if group.attributes is not None))
def test_group_attributes_are_the_catalogues(name: str):
    attributes = GROUPS[name].attributes
    assert attributes is not None
    resource_type = builtin_catalogue().get(name)
    assert resource_type is not None
    assert {*attributes.own, *attributes.member_paths} == set(resource_type.attributes)


def test_member_definitions_are_the_groups_with_one_definition():
    assert MEMBER_DEFINITIONS == {"OS::Heat::ResourceGroup": "resource_def", "OS::Heat::AutoScalingGroup": "resource"}
    assert GROUPS["OS::Heat::ResourceChain"].member_type_path == ("resources",)
    assert GROUPS["OS::Heat::ResourceGroup"].member_type_path == ("resource_def", "type")
