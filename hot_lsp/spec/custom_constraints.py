"""The custom constraint names registered in Heat 27.0.1 (70 of them)."""

from __future__ import annotations

import difflib

CUSTOM_CONSTRAINTS: dict[str, str] = {
    # Generic checks with no cloud lookup.
    "cron_expression": "A cron schedule expression; empty is allowed",
    "dns_domain": "A DNS domain name that ends with a dot; empty is allowed",
    "dns_name": "A DNS host or domain name in valid format",
    "expiration": "An ISO 8601 time in the future; empty is allowed",
    "rel_dns_name": ("A relative DNS name: no trailing dot, short enough to be qualified"),
    "ip_addr": "An IPv4 or IPv6 address",
    "iso_8601": "A date and time in ISO 8601 format",
    "mac_addr": "A MAC address",
    "net_cidr": "A network in CIDR notation, such as 10.0.0.0/24",
    "ip_or_cidr": "An IP address, or a CIDR network when the value contains '/'",
    "test_constr": "Heat's internal test constraint; not meant for real templates",
    "timezone": "A time zone name such as Europe/Paris; empty is allowed",
    "json_string": "Text that parses as JSON; empty is allowed",
    # barbican
    "barbican.container": "Reference of a Barbican container that exists",
    "barbican.secret": "Reference of a Barbican secret that exists",
    # blazar
    "blazar.reservation": "ID of a Blazar reservation that exists",
    # cinder
    "cinder.backup": "ID of a Cinder volume backup that exists",
    "cinder.qos_specs": "Name or ID of a Cinder QoS specification that exists",
    "cinder.snapshot": "ID of a Cinder volume snapshot that exists",
    "cinder.volume": "ID of a Cinder volume that exists",
    "cinder.vtype": "Name or ID of a Cinder volume type that exists",
    # designate
    "designate.zone": "Name or ID of a Designate DNS zone that exists",
    # glance
    "glance.image": "Name or ID of a Glance image that exists",
    # keystone
    "keystone.domain": "Name or ID of a Keystone domain that exists",
    "keystone.group": "Name or ID of a Keystone group that exists",
    "keystone.project": "Name or ID of a Keystone project that exists",
    "keystone.region": "ID of a Keystone region that exists",
    "keystone.role": "Name or ID of a Keystone role that exists",
    "keystone.service": "Name or ID of a Keystone service that exists",
    "keystone.user": "Name or ID of a Keystone user that exists",
    # magnum
    "magnum.cluster_template": "Name or ID of a Magnum cluster template that exists",
    # manila
    "manila.share_network": "Name or ID of a Manila share network that exists",
    "manila.share_snapshot": "Name or ID of a Manila share snapshot that exists",
    "manila.share_type": "Name or ID of a Manila share type that exists",
    # mistral
    "mistral.workflow": "Name or ID of a Mistral workflow that exists",
    # neutron
    "neutron.address_scope": "Name or ID of a Neutron address scope that exists",
    "neutron.flow_classifier": ("Name or ID of a Neutron SFC flow classifier that exists"),
    "neutron.lbaas.listener": "Name or ID of a Neutron LBaaS v2 listener that exists",
    "neutron.lbaas.loadbalancer": ("Name or ID of a Neutron LBaaS v2 load balancer that exists"),
    "neutron.lbaas.pool": "Name or ID of a Neutron LBaaS v2 pool that exists",
    "neutron.lbaas.provider": "Name of a Neutron LBaaS v2 service provider that exists",
    "neutron.network": "Name or ID of a Neutron network that exists",
    "neutron.port": "Name or ID of a Neutron port that exists",
    "neutron.port_pair": "Name or ID of a Neutron SFC port pair that exists",
    "neutron.port_pair_group": ("Name or ID of a Neutron SFC port pair group that exists"),
    "neutron.qos_policy": "Name or ID of a Neutron QoS policy that exists",
    "neutron.router": "Name or ID of a Neutron router that exists",
    "neutron.security_group": "Name or ID of a Neutron security group that exists",
    "neutron.segment": "Name or ID of a Neutron network segment that exists",
    "neutron.subnet": "Name or ID of a Neutron subnet that exists",
    "neutron.subnetpool": "Name or ID of a Neutron subnet pool that exists",
    "neutron.taas.tap_service": ("Name or ID of a Neutron tap-as-a-service tap service that exists"),
    "neutron.taas.tap_flow": ("Name or ID of a Neutron tap-as-a-service tap flow that exists"),
    # nova
    "nova.flavor": "Name or ID of a Nova flavor that exists",
    "nova.host": "Name of a Nova compute host that exists",
    "nova.keypair": "Name of a Nova key pair that exists",
    "nova.network": (
        "Legacy nova-network name; Heat wires it to its test-only delay constraint, so no network is looked up"
    ),
    "nova.server": "Name or ID of a Nova server that exists",
    # octavia
    "octavia.listener": "Name or ID of an Octavia listener that exists",
    "octavia.loadbalancer": "Name or ID of an Octavia load balancer that exists",
    "octavia.l7policy": "Name or ID of an Octavia L7 policy that exists",
    "octavia.pool": "Name or ID of an Octavia pool that exists",
    "octavia.flavor": "Name or ID of an Octavia flavor that exists",
    "octavia.flavorprofile": "Name or ID of an Octavia flavor profile that exists",
    "octavia.availabilityzone": "Name of an Octavia availability zone that exists",
    "octavia.availabilityzoneprofile": ("Name or ID of an Octavia availability zone profile that exists"),
    # trove
    "trove.flavor": "Name or ID of a Trove flavor that exists",
    # zaqar
    "zaqar.queue": "Name of a Zaqar queue that exists",
    # ironic
    "ironic.portgroup": "Name or ID of an Ironic port group that exists",
    "ironic.node": "Name or ID of an Ironic bare-metal node that exists",
}

# Generic constraints that need no cloud to check (test_constr is left out: it
# is a testing aid, not a real check).
OFFLINE_CHECKABLE: frozenset[str] = frozenset(
    {
        "ip_addr",
        "mac_addr",
        "net_cidr",
        "ip_or_cidr",
        "iso_8601",
        "expiration",
        "cron_expression",
        "timezone",
        "dns_name",
        "dns_domain",
        "rel_dns_name",
        "json_string",
    }
)

# Names found in older Heat documentation that Heat 27.0.1 no longer
# registers, with the current replacement ('' when there is none).
LEGACY_CUSTOM_CONSTRAINTS: dict[str, str] = {
    "designate.domain": "designate.zone",
    "magnum.baymodel": "magnum.cluster_template",
    "neutron.lb.provider": "neutron.lbaas.provider",
    "monasca.notification": "",
    "sahara.image": "",
    "sahara.plugin": "",
    "senlin.cluster": "",
    "senlin.policy_type": "",
    "senlin.profile": "",
    "senlin.profile_type": "",
}


def custom_constraint_service(name: str) -> str | None:
    """The OpenStack service a constraint asks ('nova'), None for generic ones."""
    if name not in CUSTOM_CONSTRAINTS or "." not in name:
        return None
    return name.split(".", 1)[0]


def nearest_custom_constraints(name: str, limit: int = 3) -> list[str]:
    """Registered names close to `name`, best first, for did-you-mean."""
    if limit <= 0:
        return []
    text = name.strip()
    suggestions: list[str] = []
    replacement = LEGACY_CUSTOM_CONSTRAINTS.get(text.lower())
    if replacement:
        suggestions.append(replacement)
    lowered = text.lower()
    if lowered in CUSTOM_CONSTRAINTS and lowered != text:
        suggestions.append(lowered)
    for match in difflib.get_close_matches(lowered, CUSTOM_CONSTRAINTS, n=limit, cutoff=0.6):
        if match not in suggestions:
            suggestions.append(match)
    return suggestions[:limit]
