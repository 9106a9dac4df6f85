"""The offline checks of resource plugins' ``validate()`` (Heat 27.0.1), but for the compute types'
(``_validation_compute``) and Neutron's and Octavia's (``_validation_neutron``): one small function per check, each
yielding Heat's message where the fault is written.

A check reads values through :class:`Props`, as the plugin reads ``self.properties``; reading a value the template
does not settle ends the check silently. Each was run against Heat 27.0.1 (tests/rules/test_resource_validation.py).
Heat's messages are the constants (``{}`` where Heat puts a value).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from ....document import Mapping
from ._validation_messages import (
    appended,
    at_least_two,
    conflict,
    dependency,
    missing,
    per_item,
    unspecified,
    value_dependency,
)
from ._validation_values import Check, Finding, Props, Rename, Unknown, Where, each
from ._validation_wants import wants

# -- AWS::AutoScaling::AutoScalingGroup, OS::Heat::AutoScalingGroup, OS::Heat::InstanceGroup ---------------------

MIN_OVER_MAX = "MinSize can not be greater than MaxSize"
NEGATIVE_SIZE = "The size of AutoScalingGroup can not be less than zero"
DESIRED_OUTSIDE = "DesiredCapacity must be between MinSize and MaxSize"
ONE_ZONE = "Anything other than one VPCZoneIdentifier is not supported."
INSTANCE_OR_CONFIGURATION = "Either 'InstanceId' or 'LaunchConfigurationName' must be provided."
CONFIGURATION_NOT_FOUND = "LaunchConfigurationName ({}) reference can not be found."
CONFIGURATION_BY_NAME = (
    "LaunchConfigurationName ({}) requires a reference to the configuration not just the name of the resource."
)
PAUSE_FORMAT = "Only ISO 8601 duration format of the form PT#H#M#S is supported."
PAUSE_TOO_LONG = "Maximum PauseTime is 1 hour."


def group_sizes(low_name: str, high_name: str, desired_name: str) -> Check:
    """AWS's AutoScalingGroup.validate, which OS::Heat::AutoScalingGroup inherits (with its own names)."""

    def check(p: Props) -> Iterator[Finding]:
        low, high, desired = p[low_name], p[high_name], p[desired_name]
        if low is None or high is None:
            return  # required: the schema rules report it
        if high < low:
            yield p.key(high_name), MIN_OVER_MAX
        if low < 0:
            yield p.key(low_name), NEGATIVE_SIZE
        if desired is not None and not low <= desired <= high:
            yield p.key(desired_name), DESIRED_OUTSIDE

    return check


def _one_zone(p: Props) -> Iterator[Finding]:
    zones = p["VPCZoneIdentifier"]
    if zones and len(zones) != 1:
        yield p.key("VPCZoneIdentifier"), ONE_ZONE


@wants(("InstanceId",), ("LaunchConfigurationName",), truthy=True)
def _instance_or_configuration(p: Props) -> Iterator[Finding]:
    if bool(p.reference("InstanceId")) == bool(p.reference("LaunchConfigurationName")):
        yield p.key("LaunchConfigurationName"), INSTANCE_OR_CONFIGURATION


def _launch_configuration(p: Props) -> Iterator[Finding]:
    """InstanceGroup.validate_launchconfig: the configuration is found by reference among the stack's resources,
    and the group must depend on it (a get_resource does; the bare name does not)."""
    name = p.reference("LaunchConfigurationName")
    if not name:
        return
    if not p.site.exists(name):
        if not p.by_function("LaunchConfigurationName"):  # (a get_resource of nothing fails earlier: E4009)
            yield p.key("LaunchConfigurationName"), CONFIGURATION_NOT_FOUND.format(name)
    elif not p.site.refers_to(name):
        yield p.key("LaunchConfigurationName"), CONFIGURATION_BY_NAME.format(name)


_ISO_DURATION = re.compile(r"PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$")  # heat.common.timeutils, its only form


def pause_time(policy: str) -> Check:
    """InstanceGroup.validate: the rolling update's PauseTime, an ISO 8601 duration of at most an hour."""

    def check(p: Props) -> Iterator[Finding]:
        section = p.site.section("update_policy")
        schema = p.site.rtype.update_policy
        if not isinstance(section, Mapping) or not schema:
            return
        rolling = Props(p.site, section, schema, ("update_policy",), section).sub(policy)
        if rolling is None:
            return
        duration = rolling["PauseTime"]
        found = _ISO_DURATION.match(duration) if isinstance(duration, str) else None
        if found is None:
            yield rolling.key("PauseTime"), PAUSE_FORMAT
            return
        hours, minutes, seconds = (int(part) if part else 0 for part in found.groups())
        if 3600 * hours + 60 * minutes + seconds > 3600:
            yield rolling.key("PauseTime"), PAUSE_TOO_LONG

    return check


# -- AWS::AutoScaling::LaunchConfiguration, AWS::EC2::Instance, AWS::EC2::EIPAssociation ---------------------------

NO_EBS = "Ebs is missing, this is required when specifying BlockDeviceMappings."
NO_SNAPSHOT = "SnapshotId is missing, this is required when specifying BlockDeviceMappings."
IMAGE_AND_FLAVOR = "If without InstanceId, ImageId and InstanceType are required."
EIP_OR_ALLOCATION = "Either 'EIP' or 'AllocationId' must be provided."
EIP_NEEDS_INSTANCE = "Must specify 'InstanceId' if you specify 'EIP'."


def _ebs(mapping: Props) -> Iterator[Finding]:
    ebs = mapping.sub("Ebs")
    if ebs is None:
        yield mapping.anchor, NO_EBS
    elif not ebs["SnapshotId"]:
        yield ebs.key("SnapshotId"), NO_SNAPSHOT


@wants(("ImageId", "InstanceType"), ("InstanceId",), truthy=True)
def _image_and_flavor(p: Props) -> Iterator[Finding]:
    if missing(p, "InstanceId") and (missing(p, "ImageId") or missing(p, "InstanceType")):
        yield p.anchor, IMAGE_AND_FLAVOR


def _groups_or_interfaces(p: Props) -> Iterator[Finding]:
    groups = (p["SecurityGroups"] or []) + (p["SecurityGroupIds"] or [])
    if groups and p["NetworkInterfaces"]:
        yield p.key("NetworkInterfaces"), conflict("SecurityGroups/SecurityGroupIds", "NetworkInterfaces")


@wants(("EIP", "InstanceId"), ("AllocationId", "NetworkInterfaceId"), truthy=True)
def _elastic_ip(p: Props) -> Iterator[Finding]:
    eip, instance = p["EIP"], p["InstanceId"]
    if bool(eip) == bool(p["AllocationId"]):
        yield p.key("EIP"), EIP_OR_ALLOCATION
    if eip and not instance:
        yield p.key("EIP"), EIP_NEEDS_INSTANCE
    if not instance and not p["NetworkInterfaceId"]:
        yield p.anchor, unspecified("InstanceId", "NetworkInterfaceId")


# -- Barbican -----------------------------------------------------------------------------------------------------

DUPLICATE_REFS = "Duplicate refs are not allowed."
ORDER_NEEDS = "Properties algorithm and bit_length are required for {} type of order."
ORDER_UNEXPECTED = "Unexpected properties: {}. Only these properties are allowed for {} type of order: {}."
OCTET = "application/octet-stream"
OCTET_NEEDS_ENCODING = (
    f"Property unspecified. For '{OCTET}' value of 'payload_content_type' property, 'payload_content_encoding' "
    "property must be specified."
)
BAD_PAYLOAD = "Invalid payload for specified '{}' value of 'payload_content_encoding' property."
# Which properties each type of order takes (besides ``type``).
_ORDER_PROPERTIES = {
    "key": ("name", "algorithm", "bit_length", "mode", "payload_content_type", "expiration"),
    "asymmetric": ("name", "algorithm", "bit_length", "mode", "pass_phrase", "payload_content_type", "expiration"),
    "certificate": ("name", "request_type", "subject_dn", "source_container_ref", "ca_id", "profile", "request_data"),
}


def _no_duplicate(refs: list[tuple[Where, object]]) -> Iterator[Finding]:
    seen: list[object] = []
    for where, ref in refs:
        if ref in seen:
            yield where, DUPLICATE_REFS
            return
        seen.append(ref)


def _container_secrets(p: Props) -> Iterator[Finding]:
    yield from _no_duplicate([(secret.key("ref"), secret["ref"]) for secret in p.items("secrets")])


def _container_refs(p: Props) -> Iterator[Finding]:
    """Certificate and RSA containers: every property but the name is a ref."""
    refs = [(p.key(name), p[name]) for name in p.schema if name != "name"]
    yield from _no_duplicate([(where, ref) for where, ref in refs if ref is not None])


@wants(("algorithm", "bit_length"), examples={"algorithm": "aes", "bit_length": 256})  # a key order
def _order_needs(p: Props) -> Iterator[Finding]:
    kind = p["type"]
    if kind is None:
        return  # required: the schema rules report it
    if kind != "certificate" and (p["algorithm"] is None or p["bit_length"] is None):
        yield p.key("type"), ORDER_NEEDS.format(kind)
    if kind == "certificate" and p["profile"] and not p["ca_id"]:
        yield p.key("profile"), dependency("profile", "ca_id")


def _order_unexpected(p: Props) -> Iterator[Finding]:
    kind = p["type"]
    allowed = _ORDER_PROPERTIES.get(kind)
    if allowed is None:
        return
    unexpected = sorted(n for n in p.schema if n != "type" and n not in allowed and p[n] is not None)
    if unexpected:
        yield p.key(unexpected[0]), ORDER_UNEXPECTED.format(", ".join(unexpected), kind, ", ".join(sorted(allowed)))


def _secret_payload(p: Props) -> Iterator[Finding]:
    kind, payload, encoding = p["payload_content_type"], p["payload"], p["payload_content_encoding"]
    if kind and not payload:
        yield p.key("payload_content_type"), dependency("payload_content_type", "payload")
    if kind == OCTET and not encoding:
        yield p.key("payload_content_type"), OCTET_NEEDS_ENCODING
    if kind == OCTET and encoding and payload and not _base64(payload):
        yield p.key("payload"), BAD_PAYLOAD.format(encoding)
    if encoding and (not kind or kind == "text/plain"):
        where = p.key("payload_content_encoding")
        yield where, value_dependency("payload_content_encoding", "payload_content_type", OCTET)


def _base64(text: str) -> bool:
    """Whether Python's lenient b64decode (Heat's test) takes ``text``."""
    try:
        base64.b64decode(text)
    except (binascii.Error, ValueError):
        return False
    return True


# -- Cinder, Glance, Designate, Magnum, Manila ------------------------------------------------------------------

NO_VOLUME_SOURCE = (
    'If neither "backup_id" nor "size" is provided, one and only one of "source_volid", "snapshot_id" must be '
    "specified, but currently specified options: {}."
)
MANY_VOLUME_SOURCES = (
    'If "size" is provided, only one of "image", "imageRef", "source_volid", "snapshot_id" can be specified, but '
    "currently specified options: {}."
)
PUBLIC_PROJECTS = 'Can not specify property "projects" if the volume type is public.'
ZONE_NEEDS = "Property {} is required for zone type {}"
FORMATS_MIX = (
    "Invalid mix of disk and container formats. When setting a disk or container format to one of 'aki', 'ari', "
    "or 'ami', the container and disk formats must match."
)
VOLUME_DRIVER = "Volume driver type {} is not supported by COE:{}, expecting a {} volume driver."
NOVA_NETWORK = "Nova network is no longer supported"
_MATCHING_FORMATS = ("ami", "ari", "aki")
_VOLUME_DRIVERS = {"kubernetes": ["cinder"], "swarm": ["rexray"], "mesos": ["rexray"]}


@wants(("size",), ("snapshot_id",), ("source_volid",))
def _volume_sources(p: Props) -> Iterator[Finding]:
    """CinderVolume._validate_create_sources (not when created from a backup)."""
    if p["backup_id"]:
        return
    named = [name for name in ("snapshot_id", "source_volid", "image", "imageRef") if p[name]]
    without_size = [name for name in named if name in ("snapshot_id", "source_volid")]
    size = p["size"]
    where = p.key(named[-1]) if named else p.anchor
    if size is None and (len(without_size) != 1 or len(named) != 1):
        yield where, NO_VOLUME_SOURCE.format(named)
    elif size and len(named) > 1:
        yield where, MANY_VOLUME_SOURCES.format(named)


def _private_projects(p: Props) -> Iterator[Finding]:
    if p["projects"] and p["is_public"]:
        yield p.key("projects"), PUBLIC_PROJECTS


@wants(("email",), truthy=True, examples={"email": "admin@example.org"})  # a PRIMARY zone
def _zone_needs(p: Props) -> Iterator[Finding]:
    for kind, needed in (("PRIMARY", "email"), ("SECONDARY", "masters")):
        if p["type"] == kind and not p[needed]:
            yield p.key("type"), ZONE_NEEDS.format(needed, kind)


def _image_formats(p: Props) -> Iterator[Finding]:
    container = p["container_format"]
    if container in _MATCHING_FORMATS and p["disk_format"] != container:
        yield p.key("disk_format"), FORMATS_MIX


def _image_members(p: Props) -> Iterator[Finding]:
    if p["members"] and p["visibility"] != "shared":
        yield p.key("members"), value_dependency("members", "visibility", "shared")


def _volume_driver(p: Props) -> Iterator[Finding]:
    coe, driver = p["coe"], p["volume_driver"]
    supported = _VOLUME_DRIVERS.get(coe)
    if driver is not None and supported is not None and driver not in supported:
        yield p.key("volume_driver"), VOLUME_DRIVER.format(driver, coe, supported)


def _share_network(p: Props) -> Iterator[Finding]:
    if p["nova_network"]:
        yield p.key("nova_network"), NOVA_NETWORK
    if p["neutron_network"] and not p["neutron_subnet"]:
        yield p.key("neutron_network"), dependency("neutron_network", "neutron_subnet")


# -- OS::Heat ------------------------------------------------------------------------------------------------------

NOT_IN_STACK = "AccessPolicy resource {} not in stack"
TOO_SHORT = "Length property cannot be smaller than combined character class and character sequence minimums"
SAME_ACTION = 'Defining more than one configuration for the same action in SoftwareComponent "{}" is not allowed.'
NOT_SOFTWARE_CONFIG = (
    "Resource {}'s property user_data_format should be set to SOFTWARE_CONFIG since there are software deployments "
    "on it."
)


def _allowed_resources(p: Props) -> Iterator[Finding]:
    for node, name in p.scalars("AllowedResources"):
        try:
            absent = isinstance(name, str) and not p.site.exists(name)
        except Unknown:
            continue
        if absent:
            yield node, NOT_IN_STACK.format(name)


def _random_length(p: Props) -> Iterator[Finding]:
    least = sum(
        item["min"] for name in ("character_sequences", "character_classes") if p[name] for item in p.items(name)
    )
    if least > p["length"]:
        yield p.key("length"), TOO_SHORT


def _scaling_step(adjustment: str, step: str, percent: str) -> Check:
    def check(p: Props) -> Iterator[Finding]:
        if p[adjustment] != percent and p[step] is not None:
            yield p.key(step), value_dependency(step, adjustment, percent)

    return check


def _component_actions(p: Props) -> Iterator[Finding]:
    seen: list[object] = []
    for config in p.items("configs"):
        actions = config["actions"] or []
        if any(action in seen for action in actions):
            yield config.key("actions"), SAME_ACTION.format(p.name)
            return
        seen.extend(actions)


def _deployment_server(p: Props) -> Iterator[Finding]:
    """SoftwareDeployment.validate: the server, found among the stack's resources, must take software config."""
    server = p.reference("server")
    found = p.site.other(server) if server else None
    if found is None or "user_data_format" not in found[0].properties:
        return
    form = found[1]["user_data_format"]
    if form and form != "SOFTWARE_CONFIG":
        yield p.key("server"), NOT_SOFTWARE_CONFIG.format(server)


# -- Keystone, Mistral ---------------------------------------------------------------------------------------------

ROLE_NEEDS = "Either project or domain must be specified for role {}"
REVERSE_NEEDS_TASK = "'task_name' is not assigned in 'params' in case of reverse type workflow."
DIRECT_REQUIRES = (
    "task {} contains property 'requires' in case of direct workflow. Only reverse workflows can contain property "
    "'requires'."
)
# The task keys a Mistral task also takes under ``policies`` (a translation rule moves them up).
_TASK_POLICIES = ("pause_before", "wait_after", "wait_before", "timeout", "concurrency", "retry")


def _role(role: Props) -> Iterator[Finding]:
    project, domain = role["project"], role["domain"]
    if project is not None and domain is not None:
        yield role.key("domain"), conflict("project", "domain")
    if project is None and domain is None:
        yield role.anchor, ROLE_NEEDS.format(role.shown("role"))


@wants(("pattern",), ("first_time",), truthy=True)
def _cron_start(p: Props) -> Iterator[Finding]:
    if not (p["pattern"] or p["first_time"]):
        yield p.anchor, unspecified("pattern", "first_time")


def _reverse_workflow(p: Props) -> Iterator[Finding]:
    if p["type"] != "reverse":
        return
    params = p["params"]
    if params is None or not params.get("task_name"):
        yield p.key("params") if params is not None else p.key("type"), REVERSE_NEEDS_TASK


@wants(("action",), ("workflow",), truthy=True, examples={"action": "std.noop"})
def _task_action(task: Props) -> Iterator[Finding]:
    workflow, action = task["workflow"], task["action"]
    if workflow and action:
        yield task.key("action"), conflict("workflow", "action")
    if not workflow and not action:
        yield task.anchor, unspecified("workflow", "action")


def _task_requires(p: Props) -> Iterator[Finding]:
    if p["type"] == "direct":
        yield from each(p.items("tasks"), _no_requires)


def _no_requires(task: Props) -> Iterator[Finding]:
    if task["requires"] is not None:
        yield task.key("requires"), DIRECT_REQUIRES.format(task.shown("name"))


def _task_concurrency(task: Props) -> Iterator[Finding]:
    if task["with_items"] is None and task["concurrency"] is not None:
        yield task.key("concurrency"), dependency("concurrency", "with_items")


# -- the tables ----------------------------------------------------------------------------------------------------

_ROLES = per_item("roles", _role)
_MAGNUM = (_volume_driver,)

CHECKS: dict[str, tuple[Check, ...]] = {
    "AWS::AutoScaling::AutoScalingGroup": (
        group_sizes("MinSize", "MaxSize", "DesiredCapacity"),
        _one_zone,
        _instance_or_configuration,
        _launch_configuration,
        pause_time("AutoScalingRollingUpdate"),
    ),
    "OS::Heat::AutoScalingGroup": (group_sizes("min_size", "max_size", "desired_capacity"),),
    "OS::Heat::InstanceGroup": (_launch_configuration, pause_time("RollingUpdate")),
    "AWS::AutoScaling::LaunchConfiguration": (per_item("BlockDeviceMappings", _ebs), _image_and_flavor),
    "AWS::EC2::Instance": (_groups_or_interfaces, per_item("BlockDeviceMappings", _ebs)),
    "AWS::EC2::EIPAssociation": (_elastic_ip,),
    "AWS::AutoScaling::ScalingPolicy": (
        _scaling_step("AdjustmentType", "MinAdjustmentStep", "PercentChangeInCapacity"),
    ),
    "OS::Barbican::GenericContainer": (_container_secrets,),
    "OS::Barbican::CertificateContainer": (_container_refs,),
    "OS::Barbican::RSAContainer": (_container_refs,),
    "OS::Barbican::Order": (_order_needs, _order_unexpected),
    "OS::Barbican::Secret": (_secret_payload,),
    "OS::Cinder::Quota": (
        at_least_two("gigabytes", ["gigabytes", "snapshots", "volumes", "backups", "backup_gigabytes"]),
    ),
    "OS::Cinder::Volume": (_volume_sources,),
    "OS::Cinder::VolumeType": (_private_projects,),
    "OS::Designate::Zone": (_zone_needs,),
    "OS::Glance::WebImage": (_image_formats, _image_members),
    "OS::Heat::AccessPolicy": (_allowed_resources,),
    "OS::Heat::RandomString": (appended("sequence", "character_classes"), _random_length),
    "OS::Heat::ScalingPolicy": (_scaling_step("adjustment_type", "min_adjustment_step", "percent_change_in_capacity"),),
    "OS::Heat::SoftwareComponent": (_component_actions,),
    "OS::Heat::SoftwareDeployment": (_deployment_server,),
    "OS::Heat::StructuredDeployment": (_deployment_server,),
    "OS::Keystone::Group": (_ROLES,),
    "OS::Keystone::GroupRoleAssignment": (_ROLES,),
    "OS::Keystone::User": (_ROLES,),
    "OS::Keystone::UserRoleAssignment": (_ROLES,),
    "OS::Magnum::BayModel": _MAGNUM,
    "OS::Magnum::ClusterTemplate": _MAGNUM,
    "OS::Manila::ShareNetwork": (_share_network,),
    "OS::Mistral::CronTrigger": (_cron_start,),
    "OS::Mistral::Workflow": (_reverse_workflow, per_item("tasks", _task_action, _task_concurrency), _task_requires),
    "OS::Nova::Quota": (at_least_two("instances"),),
}

# Heat's REPLACE translation rules of these types (the property, and where it takes its value from).
RENAMES: dict[str, tuple[Rename, ...]] = {
    "OS::Cinder::Volume": (((), "image", ("imageRef",)),),
    "OS::Designate::Zone": (((), "masters", ("primaries",)),),
    "OS::Mistral::Workflow": tuple((("tasks", "*"), key, ("policies", key)) for key in _TASK_POLICIES),
}
