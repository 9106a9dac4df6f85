"""What a stack update does to a resource of a given type, beyond its properties' ``update_allowed``: Heat 27.0.1's
per-type overrides of the update decision, as data (``../shared/reference/heat-update.md``; paths are under
``heat/engine/`` of the openstack-heat wheel, ``resources/`` shortened to ``r/``).

The catalogue (``resource_types``) carries ``update_allowed`` and ``immutable`` per property; this module carries
the rest. ``analysis/update`` reads it; nothing here evaluates anything.
"""

from __future__ import annotations

from dataclasses import dataclass

HEAT_VERSION = "27.0.1"

# The class every provider template is instantiated as (r/template_resource.py:49): template → template keeps the
# resource, whatever the files.
TEMPLATE_RESOURCE = "TemplateResource"


@dataclass(frozen=True, slots=True)
class UpdatePolicy:
    """A property whose change is decided by another property: ``policy`` names it, ``default`` is its default,
    ``replace`` the value that replaces, ``in_place`` what the default does, in words."""

    policy: str
    default: str
    in_place: str


# OS::Nova::Server.needs_replace_with_prop_diff (r/openstack/nova/server.py:1381-1402): each policy is read from the
# new properties, else the old ones; REPLACE replaces. Defaults: the schema (server.py flavor_update_policy,
# image_update_policy, user_data_update_policy).
SERVER_POLICIES: dict[str, dict[str, UpdatePolicy]] = {
    "OS::Nova::Server": {
        "flavor": UpdatePolicy("flavor_update_policy", "RESIZE", "RESIZEs in place: the server is resized and reboots"),
        "image": UpdatePolicy("image_update_policy", "REBUILD", "REBUILDs in place: the root disk is re-imaged"),
        "user_data": UpdatePolicy("user_data_update_policy", "REPLACE", "replaces the server"),
    },
}
REPLACE = "REPLACE"

# Resource.needs_replace(after_props) → replaced on every update, changed or not: OS::Neutron::Port with
# replacement_policy REPLACE_ALWAYS (r/openstack/neutron/port.py:611-613). (type → (property, value)).
REPLACE_ALWAYS: dict[str, tuple[str, str]] = {"OS::Neutron::Port": ("replacement_policy", "REPLACE_ALWAYS")}

# _needs_update is False whatever changed (r/openstack/heat/none_resource.py:36-38).
NEVER_UPDATED = frozenset({"OS::Heat::None"})

# _needs_update raises UpdateReplace whatever changed (r/openstack/heat/wait_condition_handle.py:236-238).
ALWAYS_REPLACED = frozenset({"OS::Heat::UpdateWaitConditionHandle"})

# What the cloud's status of a resource does (Resource._needs_update, resource.py:1369-1384): FAILED replaces when
# needs_replace_failed() is True, or on CHECK_FAILED (always_replace_on_check_failed, resource.py:161); never
# created (INIT_COMPLETE) or DELETE_COMPLETE replaces. Overrides of _needs_update that never look at the status:
# NEVER_UPDATED, ALWAYS_REPLACED, OS::Mistral::ExternalResource (r/openstack/mistral/external_resource.py:220), and,
# once created, STACK_RESOURCES and OS::Heat::Stack, which only replace on CHECK_FAILED (r/stack_resource.py:105-133,
# r/openstack/heat/remote_stack.py:353-362).
REPLACED_STATES = ("INIT_COMPLETE", "DELETE_COMPLETE")
STATUS_IGNORED = frozenset({"OS::Heat::None", "OS::Mistral::ExternalResource"})

# needs_replace_failed() asks the service once the resource was created: replaced only when the object is gone or
# in error there (r/openstack/nova/server.py:1404-1412, nova/server_group.py:109-117, cinder/volume.py:433-441,
# neutron/neutron.py:170-180 for every NeutronResource, neutron/segment.py:148-156, mistral/workflow.py:601-612).
# Read from Heat 27.0.1's registry: every type whose class overrides it (tests/live/test_heat_status_facts.py).
ASKS_SERVICE_WHEN_FAILED = frozenset(
    {
        "OS::Cinder::Volume",
        "OS::Mistral::Workflow",
        "OS::Neutron::AddressScope",
        "OS::Neutron::ExtraRoute",
        "OS::Neutron::ExtraRouteSet",
        "OS::Neutron::Firewall",
        "OS::Neutron::FirewallPolicy",
        "OS::Neutron::FirewallRule",
        "OS::Neutron::FloatingIP",
        "OS::Neutron::FloatingIPAssociation",
        "OS::Neutron::FloatingIPPortForward",
        "OS::Neutron::FlowClassifier",
        "OS::Neutron::IKEPolicy",
        "OS::Neutron::IPsecPolicy",
        "OS::Neutron::IPsecSiteConnection",
        "OS::Neutron::L2Gateway",
        "OS::Neutron::L2GatewayConnection",
        "OS::Neutron::MeteringLabel",
        "OS::Neutron::MeteringRule",
        "OS::Neutron::Net",
        "OS::Neutron::NetworkGateway",
        "OS::Neutron::Port",
        "OS::Neutron::PortChain",
        "OS::Neutron::PortPair",
        "OS::Neutron::PortPairGroup",
        "OS::Neutron::ProviderNet",
        "OS::Neutron::QoSBandwidthLimitRule",
        "OS::Neutron::QoSDscpMarkingRule",
        "OS::Neutron::QoSMinimumBandwidthRule",
        "OS::Neutron::QoSMinimumPacketRateRule",
        "OS::Neutron::QoSPolicy",
        "OS::Neutron::Quota",
        "OS::Neutron::RBACPolicy",
        "OS::Neutron::Router",
        "OS::Neutron::RouterInterface",
        "OS::Neutron::SecurityGroup",
        "OS::Neutron::SecurityGroupRule",
        "OS::Neutron::Segment",
        "OS::Neutron::Subnet",
        "OS::Neutron::SubnetPool",
        "OS::Neutron::TaaS::TapFlow",
        "OS::Neutron::TaaS::TapService",
        "OS::Neutron::Trunk",
        "OS::Neutron::VPNService",
        "OS::Nova::Server",
        "OS::Nova::ServerGroup",
    }
)

# always_replace_on_check_failed is False (r/openstack/mistral/workflow.py:48): CHECK_FAILED asks the service too.
KEPT_ON_CHECK_FAILED = frozenset({"OS::Mistral::Workflow"})

# needs_replace_with_tmpl_diff is True: any change of properties, metadata or update_policy replaces
# (r/aws/autoscaling/launch_config.py:216; resource.py:1699-1704).
REPLACED_ON_TEMPLATE_DIFF = frozenset({"AWS::AutoScaling::LaunchConfiguration"})

# No handle_update of their own: the base one replaces on any property change (resource.py:2549-2551; Delay:
# r/openstack/heat/delay.py has update_allowed properties but no handle_update).
BASE_HANDLE_UPDATE = frozenset({"OS::Heat::Delay"})

# OS::Heat::TestResource.needs_replace_with_prop_diff (r/openstack/heat/test_resource.py:179-182): a change of
# ``value`` replaces when ``update_replace`` (the new value) is true. (type → (changed property, deciding property)).
REPLACE_WHEN_TRUE: dict[str, tuple[str, str]] = {"OS::Heat::TestResource": ("value", "update_replace")}

# Its completion check raises while the property is true (r/openstack/heat/test_resource.py:241-244): creating,
# updating or replacing it fails the update. (type → property).
FAILS_WHEN_TRUE: dict[str, str] = {"OS::Heat::TestResource": "fail"}

# AWS::EC2::EIPAssociation.needs_replace_with_prop_diff (r/aws/ec2/eip.py:352-361): a change of AllocationId or EIP
# replaces when InstanceId or NetworkInterfaceId changes to a value as well.
EIP_ASSOCIATION = "AWS::EC2::EIPAssociation"
EIP_KEYS = ("AllocationId", "EIP")
EIP_TARGETS = ("InstanceId", "NetworkInterfaceId")

# OS::Heat::Stack.needs_replace_with_prop_diff (r/openstack/heat/remote_stack.py:451-462): ``context`` changing its
# ``region_name`` replaces.
REMOTE_STACK = "OS::Heat::Stack"

# StackResource._needs_update is True once created (r/stack_resource.py:105-138): always "updated", and its nested
# stack decides. (type → how its nested stack is made: "template", "group" (members from a definition or a list),
# "deployments" (a member per server), "scaling" (members Heat names at random), "opaque" (hot-lsp does not build
# it)).
STACK_RESOURCES: dict[str, str] = {
    TEMPLATE_RESOURCE: "template",  # r/template_resource.py:49
    "AWS::CloudFormation::Stack": "opaque",  # r/aws/cfn/stack.py:25 (a TemplateURL)
    "AWS::ElasticLoadBalancing::LoadBalancer": "opaque",  # r/aws/lb/loadbalancer.py:257
    "OS::Heat::ResourceGroup": "group",  # r/openstack/heat/resource_group.py:41
    "OS::Heat::ResourceChain": "group",  # r/openstack/heat/resource_chain.py:33
    "OS::Heat::SoftwareDeploymentGroup": "deployments",  # r/openstack/heat/software_deployment.py:591
    "OS::Heat::SoftwareDeployments": "deployments",  # r/openstack/heat/software_deployment.py:767
    "OS::Heat::StructuredDeploymentGroup": "deployments",  # r/openstack/heat/structured_config.py:184
    "OS::Heat::StructuredDeployments": "deployments",  # r/openstack/heat/structured_config.py (alias class)
    "OS::Heat::AutoScalingGroup": "scaling",  # r/openstack/heat/autoscaling_group.py:46
    "OS::Heat::InstanceGroup": "scaling",  # r/openstack/heat/instance_group.py:41
    "AWS::AutoScaling::AutoScalingGroup": "scaling",  # r/aws/autoscaling/autoscaling_group.py:35
}

# A deployment group's members: one per key of ``servers``, of this type (software_deployment.py:591-700,
# structured_config.py:184).
DEPLOYMENT_MEMBERS: dict[str, str] = {
    "OS::Heat::SoftwareDeploymentGroup": "OS::Heat::SoftwareDeployment",
    "OS::Heat::SoftwareDeployments": "OS::Heat::SoftwareDeployment",
    "OS::Heat::StructuredDeploymentGroup": "OS::Heat::StructuredDeployment",
    "OS::Heat::StructuredDeployments": "OS::Heat::StructuredDeployment",
}

# support_status.substitute_class: the old type's class is replaced by the new one in place (resource.py:1602-1608,
# update.py:165-170). (old type → new type).
SUBSTITUTED_BY: dict[str, str] = {
    "OS::Heat::SoftwareDeployments": "OS::Heat::SoftwareDeploymentGroup",  # software_deployment.py:777
    "OS::Heat::StructuredDeployments": "OS::Heat::StructuredDeploymentGroup",  # structured_config.py:244
    "OS::Magnum::BayModel": "OS::Magnum::ClusterTemplate",  # r/openstack/magnum/baymodel.py:41
}

# SoftwareDeployment.handle_update replaces when an input marked replace_on_change changes value
# (r/openstack/heat/software_deployment.py:455-466); the inputs are the config's.
DEPLOYMENTS = frozenset({"OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment"})
CONFIGS = frozenset({"OS::Heat::SoftwareConfig", "OS::Heat::StructuredConfig", "OS::Heat::CloudConfig"})


@dataclass(frozen=True, slots=True)
class Translation:
    """A REPLACE translation rule: under ``path`` (a list's items: ``*``), property ``old`` gives its value to
    ``new`` (the two then compare equal)."""

    path: tuple[str, ...]
    old: str
    new: str


# Heat's REPLACE translation rules (translation_rules of each plugin), applied to both sides before the properties
# are compared (resource.py:1537-1547).
TRANSLATIONS: dict[str, tuple[Translation, ...]] = {
    "OS::Neutron::Port": (
        Translation((), "network_id", "network"),  # r/openstack/neutron/port.py:423-428
        Translation(("fixed_ips", "*"), "subnet_id", "subnet"),  # port.py:429-434
    ),
    "OS::Neutron::Subnet": (Translation((), "network_id", "network"),),  # r/openstack/neutron/subnet.py:311-315
    "OS::Neutron::FloatingIP": (
        Translation((), "floating_network_id", "floating_network"),  # r/openstack/neutron/floatingip.py:181-186
    ),
    "OS::Neutron::RouterInterface": (
        Translation((), "port_id", "port"),  # r/openstack/neutron/router.py:494-499
        Translation((), "router_id", "router"),  # router.py:500-505
        Translation((), "subnet_id", "subnet"),  # router.py:506-511
    ),
    "OS::Neutron::RouterGateway": (Translation((), "network_id", "network"),),  # router.py:637-642
    "OS::Neutron::VPNService": (
        Translation((), "subnet_id", "subnet"),  # r/openstack/neutron/vpnservice.py:167-172
        Translation((), "router_id", "router"),  # vpnservice.py:181-186
    ),
    "OS::Neutron::NetworkGateway": (
        Translation(("connections", "*"), "network_id", "network"),  # r/openstack/neutron/network_gateway.py:157
    ),
    "OS::Nova::Server": (
        Translation(("networks", "*"), "uuid", "network"),  # r/openstack/nova/server.py:769-773
        Translation(("block_device_mapping_v2", "*"), "image_id", "image"),  # server.py:786-791
    ),
    "OS::Cinder::Volume": (Translation((), "imageRef", "image"),),  # r/openstack/cinder/volume.py:264-269
    "OS::Designate::Zone": (Translation((), "primaries", "masters"),),  # r/openstack/designate/zone.py:145-153
}
