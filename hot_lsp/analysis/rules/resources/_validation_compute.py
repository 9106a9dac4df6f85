"""The offline checks of the compute plugins' ``validate()`` (Heat 27.0.1): OS::Nova::Server, and the Trove,
Zaqar and Zun types, in the form of ``_validation_checks``."""

from __future__ import annotations

from collections.abc import Iterator

from ....document import Mapping
from ._validation_messages import any_item, conflict, per_item, unspecified
from ._validation_values import Check, Finding, Props, Rename, each
from ._validation_wants import wants

# -- Nova::Server ----------------------------------------------------------------------------------------------

DEPLOYMENTS_METADATA = "deployments key not allowed in resource metadata with user_data_format of SOFTWARE_CONFIG"
MAPPING_NEEDS = "Either volume_id or snapshot_id must be specified for device mapping {}"
MAPPING_V2_NEEDS = (
    "Either volume_id, snapshot_id, image_id, swap_size, ephemeral_size or ephemeral_format must be specified."
)
NO_BOOT = "Neither image nor bootable volume is specified for instance {}"
MANY_BOOTS = "Multiple bootable sources for instance {}."
NETWORK_NEEDS = (
    'One of the properties "network", "port", "allocate_network" or "subnet" should be set for the specified '
    'network of server "{}".'
)
ALLOCATE_WITH_OTHERS = 'Can not specify "allocate_network" with other keys of networks at the same time.'
FLOATING_NEEDS_PORT = (
    'Property "floating_ip" is not supported if only "network" is specified, because the corresponding port can '
    "not be retrieved."
)
ALLOCATE_WITH_MORE = 'Property "allocate_network" can not be specified if multiple network interfaces set for server.'
_V2_SOURCES = ("volume_id", "snapshot_id", "image", "swap_size", "ephemeral_size", "ephemeral_format")


def _deployments_metadata(p: Props) -> Iterator[Finding]:
    if p["user_data_format"] == "SOFTWARE_CONFIG":
        metadata = p.site.section("metadata")
        pair = metadata.pair("deployments") if isinstance(metadata, Mapping) else None
        if pair is not None:
            yield pair.key, DEPLOYMENTS_METADATA


def _mapping_lists(p: Props) -> Iterator[Finding]:
    if p["block_device_mapping"] and p["block_device_mapping_v2"]:
        yield p.key("block_device_mapping_v2"), conflict("block_device_mapping", "block_device_mapping_v2")


def _mapping(m: Props) -> Iterator[Finding]:
    volume, snapshot = m["volume_id"], m["snapshot_id"]
    if volume is not None and snapshot is not None:
        yield m.key("snapshot_id"), conflict("volume_id", "snapshot_id")
    if volume is None and snapshot is None:
        yield m.anchor, MAPPING_NEEDS.format(m.shown("device_name"))


def _mapping_v2(m: Props) -> Iterator[Finding]:
    sources = [m[name] for name in _V2_SOURCES[:4]] + [m["ephemeral_size"] or m["ephemeral_format"]]
    given = sum(source is not None for source in sources)
    if given > 1:
        yield m.anchor, conflict(*_V2_SOURCES)
    if given == 0:
        yield m.anchor, MAPPING_V2_NEEDS


@wants(("image",), ("block_device_mapping_v2",))
def _boot_source(p: Props) -> Iterator[Finding]:
    image = p["image"]
    bootable = image is not None or any(m["device_name"] == "vda" for m in p.items("block_device_mapping"))
    sources = [image]
    v2 = p.items("block_device_mapping_v2")
    for m in v2:
        ids = [m["volume_id"], m["snapshot_id"], m["image"]]
        if any(i is not None for i in ids) and m["boot_index"] in (None, 0):
            bootable = True
            sources += ids
    if not bootable:
        yield p.anchor, NO_BOOT.format(p.name)
    if v2 and sum(source is not None for source in sources) != 1:
        yield p.key("block_device_mapping_v2"), MANY_BOOTS.format(p.name)


def _network_target(n: Props) -> Iterator[Finding]:
    if n["network"] is None and n["port"] is None and n["subnet"] is None and not n["allocate_network"]:
        yield n.anchor, NETWORK_NEEDS.format(n.name)


def _network_allocate(n: Props) -> Iterator[Finding]:
    if n["allocate_network"] and sum(n[name] is not None for name in n.schema) != 1:
        yield n.key("allocate_network"), ALLOCATE_WITH_OTHERS


def _network_fixed_ip(n: Props) -> Iterator[Finding]:
    if n["fixed_ip"] and n["port"] is not None:
        yield n.key("fixed_ip"), conflict("networks/fixed_ip", "networks/port")


def _network_floating_ip(n: Props) -> Iterator[Finding]:
    only_network = n["network"] is not None and n["port"] is None and n["subnet"] is None
    if n["floating_ip"] is not None and only_network and not n["port_extra_properties"]:
        yield n.key("floating_ip"), FLOATING_NEEDS_PORT


def _allocate_alone(p: Props) -> Iterator[Finding]:
    networks = p.items("networks")
    if len(networks) != 1 and any_item(networks, lambda n: bool(n["allocate_network"])):
        yield p.key("networks"), ALLOCATE_WITH_MORE


def _port_and_groups(p: Props) -> Iterator[Finding]:
    if p["security_groups"] and any_item(p.items("networks"), lambda n: n["port"] is not None):
        yield p.key("security_groups"), conflict("security_groups", "networks/port")


# -- Trove, Zaqar, Zun ---------------------------------------------------------------------------------------------

USERS_NEED_DATABASES = "Databases property is required if users property is provided for resource {}."
USER_DATABASE_MISSING = "Database {} specified for user does not exist in databases for resource {}."
NETWORK_OR_PORT = "Either network or port must be provided."
SUBSCRIBERS = ("http", "https", "mailto", "trust+http", "trust+https")
SUBSCRIBER_TYPE = f"The subscriber type of must be one of: {', '.join(SUBSCRIBERS)}."
RESTART_UNPACK = "too many values to unpack (expected 2)"  # Heat splits the policy in two on ":"
RESTART_POLICY = (
    'restart_policy "{}" is invalid. Valid values are "no", "on-failure[:max-retry]", "always", and "unless-stopped".'
)
MOUNT_NEEDS = (
    'One of the properties "volume_id" or "volume_size" should be set for the specified mount of container "{}".'
)


def _database_users(p: Props) -> Iterator[Finding]:
    if not p["users"]:
        return
    databases = p.items("databases")
    if not databases:
        yield p.key("users"), USERS_NEED_DATABASES.format(p.name)
        return
    names = [database["name"] for database in databases]
    for user in p.items("users"):
        absent = [name for name in user["databases"] if name not in names]
        if absent:
            yield user.key("databases"), USER_DATABASE_MISSING.format(absent, p.name)


def _nic_either(nic: Props) -> Iterator[Finding]:
    if (nic["network"] is None) == (nic["port"] is None):
        yield nic.anchor, NETWORK_OR_PORT


def _cluster_nics(p: Props) -> Iterator[Finding]:
    for instance in p.items("instances"):
        yield from each(instance.items("networks"), _cluster_nic)


def _cluster_nic(nic: Props) -> Iterator[Finding]:
    network, port = nic["network"], nic["port"]
    if network is None and port is None:
        yield nic.anchor, NETWORK_OR_PORT
    if network is not None and port is not None:
        yield nic.key("port"), conflict("network", "port")


@wants(("subscriber",), examples={"subscriber": f"{SUBSCRIBERS[0]}://example.org"})
def _subscriber(p: Props) -> Iterator[Finding]:
    subscriber = p["subscriber"]
    if isinstance(subscriber, str) and subscriber.split(":", 1)[0] not in SUBSCRIBERS:
        yield p.key("subscriber"), SUBSCRIBER_TYPE


def _restart_policy(p: Props) -> Iterator[Finding]:
    policy = p["restart_policy"]
    if not policy:
        return
    parts = policy.split(":")
    if len(parts) > 2:
        yield p.key("restart_policy"), RESTART_UNPACK
        return
    valid = parts[0] == "on-failure" if len(parts) == 2 else policy in ("always", "unless-stopped", "on-failure", "no")
    if not valid:
        yield p.key("restart_policy"), RESTART_POLICY.format(policy)


def _mount(m: Props) -> Iterator[Finding]:
    volume, size = m["volume_id"], m["volume_size"]
    if volume is None and size is None:
        yield m.anchor, MOUNT_NEEDS.format(m.name)
    if volume and size:
        yield m.key("volume_size"), conflict("networks/volume_id", "networks/volume_size")


def _container_network(n: Props) -> Iterator[Finding]:
    if n["network"] is None and n["port"] is None:
        yield n.anchor, unspecified("network", "port")
    if n["fixed_ip"] and n["port"] is not None:
        yield n.key("fixed_ip"), conflict("networks.fixed_ip", "networks.port")


CHECKS: dict[str, tuple[Check, ...]] = {
    "OS::Nova::Server": (
        _deployments_metadata,
        _mapping_lists,
        per_item("block_device_mapping", _mapping),
        per_item("block_device_mapping_v2", _mapping_v2),
        _boot_source,
        per_item("networks", _network_target, _network_allocate, _network_fixed_ip, _network_floating_ip),
        _allocate_alone,
        _port_and_groups,
    ),
    "OS::Trove::Cluster": (_cluster_nics,),
    "OS::Trove::Instance": (_database_users, per_item("networks", _nic_either)),
    "OS::Zaqar::Subscription": (_subscriber,),
    "OS::Zun::Container": (_restart_policy, per_item("mounts", _mount), per_item("networks", _container_network)),
}

# Heat's REPLACE translation rules of these types (the property, and where it takes its value from).
RENAMES: dict[str, tuple[Rename, ...]] = {
    "OS::Nova::Server": (
        (("networks", "*"), "network", ("uuid",)),
        (("block_device_mapping_v2", "*"), "image", ("image_id",)),
    ),
}
