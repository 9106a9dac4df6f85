"""The offline checks of Neutron's and Octavia's resource plugins' ``validate()`` (Heat 27.0.1), in the form of
``_validation_checks``."""

from __future__ import annotations

from collections.abc import Iterator

from ._validation_messages import appended, at_least_two, conflict, dependency, per_item, unspecified, value_dependency
from ._validation_values import Check, Finding, Props, Rename
from ._validation_wants import wants

NON_HA_AGENTS = "Non HA routers can only have one L3 agent."
IPV6_MODES_ON_IPV4 = "ipv6_ra_mode and ipv6_address_mode are not supported for ipv4."
IPV6_MODES_DIFFER = "When both ipv6_ra_mode and ipv6_address_mode are set, they must be equal."
BAD_GATEWAY = 'Gateway IP address "%(gateway)s" is in invalid format.'  # the unformatted template is Heat's
L7_REJECT = "Properties redirect_pool and redirect_url are not required when action type is set to REJECT."
L7_NEEDS = "Property {} is required when action type is set to {}."
L7_RULE_KEY = "Property key is missing. This property should be specified for rules of HEADER and COOKIE types."
LISTENER_TLS = "Property default_tls_container_ref required when protocol is TERMINATED_HTTPS."
COOKIE_NEEDED = "Property cookie_name is required when session_persistence type is set to APP_COOKIE."
COOKIE_REFUSED = "Property cookie_name must NOT be specified when session_persistence type is set to SOURCE_IP."


def _value_specs(p: Props) -> Iterator[Finding]:
    """NeutronResource.validate_properties: value_specs may not set what the schema has, nor shared or tenant_id.
    Only the types that keep NeutronResource's own validate() run it (the others drop its answer)."""
    refused = {"shared", "tenant_id", *p.schema}
    found = [(where, key) for where, key in p.keys_of("value_specs") if isinstance(key, str) and key in refused]
    if found:
        yield found[0][0], f"{', '.join(sorted(key for _, key in found))} not allowed in value_specs"


def _fixed_ip_port(p: Props) -> Iterator[Finding]:
    if p["port_id"] is None and p["fixed_ip_address"] is not None:
        yield p.key("fixed_ip_address"), dependency("fixed_ip_address", "port_id")


def _gateway_segment(connection: Props) -> Iterator[Finding]:
    kind, segment = connection["segmentation_type"], connection["segmentation_id"]
    if kind == "vlan" and segment is None:
        yield connection.anchor, "segmentation_id must be specified for using vlan"
    if kind == "flat" and segment:
        yield connection.key("segmentation_id"), "segmentation_id cannot be specified except 0 for using flat"


def _no_fixed_ips(p: Props) -> Iterator[Finding]:
    if p["fixed_ips"] and p["no_fixed_ips"]:
        yield p.key("no_fixed_ips"), conflict("fixed_ips", "no_fixed_ips")


def _provider_network(p: Props) -> Iterator[Finding]:
    kind = p["network_type"]
    if p["segmentation_id"] and kind in ("local", "flat"):
        yield p.key("segmentation_id"), "segmentation_id not allowed for network types: local, flat"
    if p["physical_network"] and kind in ("vxlan", "gre", "geneve", "local"):
        # (Heat's message names flat where the test has local.)
        yield p.key("physical_network"), "physical_network not allowed for network types: vxlan, gre, geneve, flat"


_RBAC_ACTIONS = {
    "network": ("access_as_shared", "access_as_external"),
    "qos_policy": ("access_as_shared",),
    "security_group": ("access_as_shared",),
    "address_scope": ("access_as_shared",),
    "subnetpool": ("access_as_shared",),
}


def _rbac_action(p: Props) -> Iterator[Finding]:
    action, kind = p["action"], p["object_type"]
    valid = _RBAC_ACTIONS.get(kind)
    if valid is not None and action is not None and action not in valid:
        yield p.key("action"), f'Invalid action "{action}" for object type {kind}. Valid actions: {", ".join(valid)}'


def _router_agents(p: Props) -> Iterator[Finding]:
    """Router.validate, after the translation rule that appends l3_agent_id to l3_agent_ids (and drops it)."""
    single, listed = p["l3_agent_id"], p["l3_agent_ids"]
    if single and p.written("l3_agent_ids"):
        return  # the translation rule fails first
    agents = (listed or []) + ([single] if single else [])
    distributed, ha = p["distributed"], p["ha"]
    if distributed and agents:
        yield p.key("distributed"), conflict("distributed", "l3_agent_id/l3_agent_ids")
    if ha and distributed:
        yield p.key("ha"), conflict("distributed", "ha")
    if not ha and len(agents) > 1:
        yield p.key("l3_agent_ids"), NON_HA_AGENTS


@wants(("subnet",), ("port",))
def _interface_target(p: Props) -> Iterator[Finding]:
    subnet, port = p["subnet"] is not None, p["port"] is not None
    if subnet and port:
        yield p.key("port") if p.written("port") else p.key("port_id"), conflict("subnet", "port")
    if not subnet and not port:
        yield p.anchor, unspecified("subnet", "port")


def _group_name(p: Props) -> Iterator[Finding]:
    if p["name"] == "default":
        yield p.key("name"), 'Security groups cannot be assigned the name "default".'


def _rule(p: Props) -> Iterator[Finding]:
    if p["remote_group"] is not None and p["remote_ip_prefix"] is not None:
        yield p.key("remote_ip_prefix"), conflict("remote_group", "remote_ip_prefix")
    high, low = p["port_range_max"], p["port_range_min"]
    if high is not None and low is not None and p["protocol"] not in ("icmp", "icmpv6", "ipv6-icmp") and high < low:
        yield p.key("port_range_max"), "The minimum port number must be less than or equal to the maximum port number."


def _segment(p: Props) -> Iterator[Finding]:
    physical, kind, segment = p["physical_network"], p["network_type"], p["segmentation_id"]
    if kind in ("flat", "vlan") and physical is None:
        yield p.key("network_type"), f"physical_network is required for {kind} provider network."
    if kind == "vlan" and segment is None:
        yield p.key("network_type"), f"segmentation_id is required for {kind} provider network."
    if kind in ("local", "flat") and segment is not None:
        yield p.key("segmentation_id"), f"segmentation_id is prohibited for {kind} provider network."
    if kind in ("vxlan", "gre", "geneve") and physical is not None:
        yield p.key("physical_network"), f"physical_network is prohibited for {kind} provider network."
    if kind == "vlan" and segment is not None and segment > 4094:
        yield p.key("segmentation_id"), "Up to 4094 VLAN network segments can exist on each physical_network."


@wants(("cidr",), ("subnetpool",), truthy=True)
def _subnet_range(p: Props) -> Iterator[Finding]:
    pool, length, cidr = p["subnetpool"], p["prefixlen"], p["cidr"]
    if pool is not None and cidr:
        yield p.key("cidr"), conflict("subnetpool", "cidr")
    if pool is None and not cidr:
        yield p.anchor, unspecified("subnetpool", "cidr")
    if length and cidr:
        yield p.key("prefixlen"), conflict("prefixlen", "cidr")


def _subnet_ipv6_modes(p: Props) -> Iterator[Finding]:
    ra, address = p["ipv6_ra_mode"], p["ipv6_address_mode"]
    if p["ip_version"] == 4 and (ra or address):
        yield p.key("ipv6_ra_mode" if ra else "ipv6_address_mode"), IPV6_MODES_ON_IPV4
    if ra and address and ra != address:
        yield p.key("ipv6_address_mode"), IPV6_MODES_DIFFER


def _subnet_gateway(p: Props) -> Iterator[Finding]:
    gateway = p["gateway_ip"]
    if gateway and gateway not in ("~", "", "auto") and not _is_ip(gateway):
        yield p.key("gateway_ip"), str((BAD_GATEWAY, gateway))  # Heat's message is this tuple


def _is_ip(text: str) -> bool:
    """oslo.utils netutils.is_valid_ip: an IPv4 address in any inet_aton form, or an IPv6 one (a scope allowed)."""
    import netaddr  # when a gateway is first checked (custom_constraints.py says why)

    try:
        if netaddr.valid_ipv4(text, flags=netaddr.INET_ATON):
            return True
    except (netaddr.AddrFormatError, ValueError, TypeError):
        pass
    address, percent, scope = text.rpartition("%") if "%" in text else (text, "", "")
    if percent and not 1 <= len(scope) <= 15:
        return False
    try:
        return bool(netaddr.valid_ipv6(address, netaddr.INET_PTON))
    except (netaddr.AddrFormatError, ValueError, TypeError):
        return False


def _prefix_bounds(p: Props) -> Iterator[Finding]:
    low, default, high = p["min_prefixlen"], p["default_prefixlen"], p["max_prefixlen"]

    def illegal(first: str, first_value: int, second: str, second_value: int) -> str:
        return f"Illegal prefix bounds: {first}={first_value}, {second}={second_value}."

    if low and high and low > high:
        yield p.key("min_prefixlen"), illegal("max_prefixlen", high, "min_prefixlen", low)
    if default and high and default > high:
        yield p.key("default_prefixlen"), illegal("max_prefixlen", high, "default_prefixlen", default)
    if default and low and low > default:
        yield p.key("min_prefixlen"), illegal("min_prefixlen", low, "default_prefixlen", default)


# -- Octavia -------------------------------------------------------------------------------------------------------


def _l7_policy(p: Props) -> Iterator[Finding]:
    action, pool, url = p["action"], p["redirect_pool"], p["redirect_url"]
    if action == "REJECT" and (pool is not None or url is not None):
        yield p.key("action"), L7_REJECT
    for wanted, needed, other, other_action in (
        ("REDIRECT_TO_POOL", "redirect_pool", "redirect_url", "REDIRECT_TO_URL"),
        ("REDIRECT_TO_URL", "redirect_url", "redirect_pool", "REDIRECT_TO_POOL"),
    ):
        if action != wanted:
            continue
        if p[other] is not None:
            yield p.key(other), value_dependency(other, "action", other_action)
        if p[needed] is None:
            yield p.key("action"), L7_NEEDS.format(needed, wanted)


def _l7_rule_key(p: Props) -> Iterator[Finding]:
    if p["type"] in ("HEADER", "COOKIE") and p["key"] is None:
        yield p.key("type"), L7_RULE_KEY


def _listener_parent(p: Props) -> Iterator[Finding]:
    """Listener.validate up to 2023.2 (21.x): loadbalancer or default_pool. From 2024.1 the schema requires
    loadbalancer (a missing required property), so the check follows the release's catalogue rather than a version number."""
    schema = p.schema.get("loadbalancer")
    if schema is None or schema.required:
        return
    if p["loadbalancer"] is None and p["default_pool"] is None:
        yield p.anchor, unspecified("loadbalancer", "default_pool")


def _listener_tls(p: Props) -> Iterator[Finding]:
    if p["protocol"] == "TERMINATED_HTTPS" and p["default_tls_container_ref"] is None:
        yield p.key("protocol"), LISTENER_TLS


@wants(("loadbalancer",), ("listener",))
def _pool_parent(p: Props) -> Iterator[Finding]:
    if p["listener"] is None and p["loadbalancer"] is None:
        yield p.anchor, unspecified("listener", "loadbalancer")


def _pool_persistence(p: Props) -> Iterator[Finding]:
    persistence = p.sub("session_persistence")
    if persistence is None:
        return
    kind, cookie = persistence["type"], persistence["cookie_name"]
    if kind == "APP_COOKIE" and not cookie:
        yield persistence.key("type"), COOKIE_NEEDED
    if kind == "SOURCE_IP" and cookie:
        yield persistence.key("cookie_name"), COOKIE_REFUSED


CHECKS: dict[str, tuple[Check, ...]] = {
    "OS::Neutron::Firewall": (_value_specs,),
    "OS::Neutron::FloatingIP": (_fixed_ip_port,),
    "OS::Neutron::Net": (_value_specs,),
    "OS::Neutron::NetworkGateway": (per_item("connections", _gateway_segment),),
    "OS::Neutron::Port": (_no_fixed_ips,),
    "OS::Neutron::ProviderNet": (_provider_network,),
    "OS::Neutron::Quota": (at_least_two("network"),),
    "OS::Neutron::RBACPolicy": (_rbac_action,),
    "OS::Neutron::Router": (appended("l3_agent_id", "l3_agent_ids"), _router_agents),
    "OS::Neutron::RouterInterface": (_interface_target,),
    "OS::Neutron::SecurityGroup": (_group_name,),
    "OS::Neutron::SecurityGroupRule": (_rule,),
    "OS::Neutron::Segment": (_segment,),
    "OS::Neutron::Subnet": (_subnet_range, _subnet_ipv6_modes, _subnet_gateway),
    "OS::Neutron::SubnetPool": (_prefix_bounds,),
    "OS::Octavia::L7Policy": (_l7_policy,),
    "OS::Octavia::L7Rule": (_l7_rule_key,),
    "OS::Octavia::Listener": (_listener_parent, _listener_tls),
    "OS::Octavia::Pool": (_pool_parent, _pool_persistence),
    "OS::Octavia::Quota": (at_least_two("loadbalancer"),),
}

RENAMES: dict[str, tuple[Rename, ...]] = {
    "OS::Neutron::FloatingIP": (((), "floating_network", ("floating_network_id",)),),
    "OS::Neutron::NetworkGateway": ((("connections", "*"), "network", ("network_id",)),),
    "OS::Neutron::Port": (((), "network", ("network_id",)), (("fixed_ips", "*"), "subnet", ("subnet_id",))),
    "OS::Neutron::RouterGateway": (((), "network", ("network_id",)),),
    "OS::Neutron::RouterInterface": (
        ((), "port", ("port_id",)),
        ((), "router", ("router_id",)),
        ((), "subnet", ("subnet_id",)),
    ),
    "OS::Neutron::Subnet": (((), "network", ("network_id",)),),
    "OS::Neutron::VPNService": (((), "subnet", ("subnet_id",)), ((), "router", ("router_id",))),
}
