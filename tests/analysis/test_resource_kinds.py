"""Which resource a property named after a kind of resource means (``analysis/model/resource_kinds``): kinds come
from the type names, a name matches by itself or its last word without an id/name ending, a constraint word by
the kind it starts with, and only where the template has exactly one of that kind."""

from __future__ import annotations

from hot_lsp.analysis.model.resource_kinds import resource_kinds
from hot_lsp.analysis.validate import Options, analyze

TEMPLATE = """heat_template_version: 2021-04-16
resources:
  net: {type: OS::Neutron::Net}
  subnet: {type: OS::Neutron::Subnet, properties: {network: {get_resource: net}, cidr: 10.0.0.0/24}}
  sg: {type: OS::Neutron::SecurityGroup}
  disk: {type: OS::Cinder::Volume, properties: {size: 1}}
  a: {type: OS::Nova::Server, properties: {flavor: f, image: i}}
  b: {type: OS::Nova::Server, properties: {flavor: f, image: i}}
"""


def test_a_name_means_the_one_resource_of_its_kind() -> None:
    model = analyze(TEMPLATE, Options()).model
    assert model is not None
    kinds = model.derive(resource_kinds)
    named = {name: kinds.named_by(name) for name in ("network", "private_network_id", "net", "subnet", "subnet_id")}
    assert named == {
        "network": "net",
        "private_network_id": "net",
        "net": "net",
        "subnet": "subnet",
        "subnet_id": "subnet",
    }
    assert kinds.named_by("security_group") == "sg" and kinds.named_by("volume_id") == "disk"
    assert kinds.named_by("subnetpool") is None  # SubnetPool's kind, never Subnet's
    assert kinds.named_by("server") is None  # two servers: nothing is guessed
    assert kinds.named_by("network", own="net") is None  # never the resource itself
    assert kinds.named_by("name") is None and kinds.named_by("flavor") is None
