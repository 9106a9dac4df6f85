"""The resource list: required_by is the dependency graph backwards; enabled follows conditions."""

from hot_lsp.analysis.stack.resource_list import list_resources
from hot_lsp.analysis.validate import analyze

TEMPLATE = """\
heat_template_version: 2016-10-14
parameters:
  env: {type: string, default: test}
conditions:
  never: false
  is_prod: {equals: [{get_param: env}, prod]}
resources:
  net:
    type: OS::Neutron::Net
  port:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}}
  server:
    type: OS::Nova::Server
    depends_on: [port, net]
    update_policy: {x: {get_resource: extra}}
  extra:
    type: OS::Heat::None
    condition: never
  maybe:
    type: OS::Heat::None
    condition: is_prod
outputs:
  o: {value: {get_attr: [extra, show]}}
"""


def rows():
    return {row.resource_name: row for row in list_resources(analyze(TEMPLATE).model)}


def test_required_by_comes_from_depends_on_properties_and_metadata_only():
    by_name = rows()
    assert by_name["net"].required_by == ("port", "server")
    assert by_name["port"].required_by == ("server",)
    # update_policy and outputs make no dependency in Heat.
    assert by_name["extra"].required_by == ()


def test_enabled_is_false_only_when_the_condition_is_false_for_any_parameters():
    by_name = rows()
    assert by_name["extra"].enabled is False
    assert by_name["maybe"].enabled is True
    assert by_name["server"].enabled is True


def test_rows_keep_source_order_and_point_at_the_name():
    listed = list_resources(analyze(TEMPLATE).model)
    assert [r.resource_name for r in listed] == ["net", "port", "server", "extra", "maybe"]
    assert TEMPLATE[listed[0].start : listed[0].end] == "net"
    assert listed[2].resource_type == "OS::Nova::Server"
