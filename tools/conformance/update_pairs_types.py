"""Update pairs of single-property edits, by type family, and the software-config and wait-condition types."""

from __future__ import annotations

from typing import Any

from update_pair_kit import DELETE, SERVER_PROPS, Pairs, edited, hot, side

SERVER_EDITS: list[tuple[str, Any]] = [
    ("key_name", "other-key"),
    ("key_name", DELETE),
    ("flavor", "m1.large"),
    ("image", "fedora"),
    ("user_data", "#!/bin/sh\necho hello again\n"),
    ("user_data_format", "SOFTWARE_CONFIG"),
    ("networks", [{"network": "private"}, {"network": "public"}]),
    ("networks", [{"network": "public"}]),
    ("metadata", {"role": "db"}),
    ("metadata", DELETE),
    ("name", "web-2"),
    ("admin_pass", "secret"),
    ("availability_zone", "az2"),
    ("security_groups", ["default", "web"]),
    ("config_drive", True),
    ("scheduler_hints", {"group": "g1"}),
    ("tags", ["a", "b"]),
    ("diskConfig", "MANUAL"),
    ("software_config_transport", "POLL_TEMP_URL"),
    ("block_device_mapping_v2", [{"boot_index": 0, "image": "cirros", "volume_size": 10}]),
    ("flavor_update_policy", "REPLACE"),
    ("image_update_policy", "REPLACE"),
    ("user_data_update_policy", "IGNORE"),
]
# The three *_update_policy properties decide what an edit of their property does: (policy, value, edited, new).
SERVER_POLICY_EDITS: list[tuple[str, str, str, Any]] = [
    ("flavor_update_policy", "RESIZE", "flavor", "m1.large"),
    ("flavor_update_policy", "REPLACE", "flavor", "m1.large"),
    ("image_update_policy", "REBUILD", "image", "fedora"),
    ("image_update_policy", "REPLACE", "image", "fedora"),
    ("image_update_policy", "REBUILD_PRESERVE_EPHEMERAL", "image", "fedora"),
    ("user_data_update_policy", "REPLACE", "user_data", "#!/bin/sh\necho changed\n"),
    ("user_data_update_policy", "IGNORE", "user_data", "#!/bin/sh\necho changed\n"),
    ("user_data_update_policy", "IGNORE", "key_name", "other-key"),
    ("flavor_update_policy", "REPLACE", "name", "web-2"),
    ("image_update_policy", "REPLACE", "metadata", {"role": "db"}),
]

# family -> [(type, properties, edits)]
TYPE_EDITS: dict[str, list[tuple[str, dict[str, Any], list[tuple[str, Any]]]]] = {
    "neutron": [
        (
            "OS::Neutron::Net",
            {"name": "net-a", "admin_state_up": True},
            [
                ("name", "net-b"),
                ("admin_state_up", False),
                ("shared", True),
                ("port_security_enabled", False),
                ("value_specs", {"mtu": 1400}),
                ("dns_domain", "example.org."),
                ("availability_zone_hints", ["az1"]),
                ("tenant_id", "other"),
            ],
        ),
        (
            "OS::Neutron::Subnet",
            {"network": "private", "cidr": "10.0.0.0/24", "name": "sub-a"},
            [
                ("cidr", "10.0.1.0/24"),
                ("name", "sub-b"),
                ("gateway_ip", "10.0.0.254"),
                ("enable_dhcp", False),
                ("dns_nameservers", ["8.8.8.8"]),
                ("allocation_pools", [{"start": "10.0.0.10", "end": "10.0.0.20"}]),
                ("host_routes", [{"destination": "10.1.0.0/24", "nexthop": "10.0.0.1"}]),
                ("network", "public"),
                ("ip_version", 6),
            ],
        ),
        (
            "OS::Neutron::Port",
            {"network": "private", "name": "port-a"},
            [
                ("name", "port-b"),
                ("fixed_ips", [{"ip_address": "10.0.0.5"}]),
                ("security_groups", ["default"]),
                ("admin_state_up", False),
                ("mac_address", "fa:16:3e:00:00:01"),
                ("network", "public"),
                ("allowed_address_pairs", [{"ip_address": "10.0.0.100"}]),
                ("port_security_enabled", False),
                ("binding:vnic_type", "direct"),
                ("value_specs", {"description": "x"}),
                ("replacement_policy", "REPLACE_ALWAYS"),
                ("device_owner", "compute:nova"),
            ],
        ),
        (
            "OS::Neutron::Router",
            {"name": "router-a"},
            [
                ("name", "router-b"),
                ("admin_state_up", False),
                ("external_gateway_info", {"network": "public"}),
                ("distributed", True),
                ("l3_agent_ids", ["agent-1"]),
            ],
        ),
        (
            "OS::Neutron::SecurityGroup",
            {"name": "sg-a", "description": "web", "rules": [{"protocol": "tcp", "port_range_min": 80}]},
            [
                ("name", "sg-b"),
                ("description", "web servers"),
                ("rules", [{"protocol": "tcp", "port_range_min": 443}]),
                ("rules", []),
            ],
        ),
        (
            "OS::Neutron::SecurityGroupRule",
            {"security_group": "sg-a", "protocol": "tcp", "port_range_min": 22, "port_range_max": 22},
            [("port_range_max", 23), ("description", "ssh"), ("remote_ip_prefix", "10.0.0.0/8")],
        ),
        (
            "OS::Neutron::FloatingIP",
            {"floating_network": "public"},
            [
                ("floating_network", "external"),
                ("port_id", "port-1"),
                ("fixed_ip_address", "10.0.0.5"),
                ("floating_ip_address", "172.24.4.10"),
                ("dns_name", "host"),
            ],
        ),
        (
            "OS::Neutron::FloatingIPAssociation",
            {"floatingip_id": "fip-1", "port_id": "port-1"},
            [("port_id", "port-2"), ("floatingip_id", "fip-2"), ("fixed_ip_address", "10.0.0.7")],
        ),
        (
            "OS::Neutron::RouterInterface",
            {"router": "router-1", "subnet": "sub-1"},
            [("subnet", "sub-2"), ("router", "router-2")],
        ),
    ],
    "cinder": [
        (
            "OS::Cinder::Volume",
            {"size": 10, "name": "vol-a"},
            [
                ("size", 20),
                ("size", 30),  # not a shrink: whether it shrinks is asked of Cinder (the current size)
                ("name", "vol-b"),
                ("description", "data"),
                ("metadata", {"k": "v"}),
                ("volume_type", "fast"),
                ("availability_zone", "az2"),
                ("image", "cirros"),
                ("read_only", True),
                ("multiattach", True),
            ],
        ),
        (
            "OS::Cinder::VolumeAttachment",
            {"instance_uuid": "server-1", "volume_id": "volume-1", "mountpoint": "/dev/vdb"},
            [("instance_uuid", "server-2"), ("volume_id", "volume-2"), ("mountpoint", "/dev/vdc")],
        ),
    ],
    "heat": [
        (
            "OS::Heat::RandomString",
            {"length": 16},
            [
                ("length", 24),
                ("character_classes", [{"class": "digits", "min": 4}]),
                ("salt", "pepper"),
                ("sequence", "hexdigits"),
            ],
        ),
        (
            "OS::Heat::Value",
            {"value": "one"},
            [("value", "two"), ("type", "string"), ("value", {"a": 1})],
        ),
        (
            "OS::Heat::TestResource",
            {"value": "one"},
            [
                ("value", "two"),
                ("update_replace", True),
                ("fail", True),
                ("update_replace_value", "x"),
                ("client_name", "nova"),
                ("action_wait_secs", {"update": 1}),
                ("constraint_prop_secs", 1),
                ("entity_name", "servers"),
                ("attr_wait_secs", 1),
            ],
        ),
        ("OS::Heat::None", {"a": 1}, [("a", 2), ("b", "new")]),
        (
            "OS::Heat::Delay",
            {"min_wait": 0, "max_jitter": 0},
            [("min_wait", 1), ("max_jitter", 1), ("actions", ["CREATE", "DELETE"]), ("jitter_multiplier", 2.0)],
        ),
        (
            "OS::Heat::CloudConfig",
            {"cloud_config": {"runcmd": ["echo one"]}},
            [("cloud_config", {"runcmd": ["echo two"]})],
        ),
        (
            "OS::Heat::MultipartMime",
            {"parts": [{"config": "#!/bin/sh\necho a\n"}]},
            [("parts", [{"config": "#!/bin/sh\necho b\n"}]), ("group", "ungrouped")],
        ),
        (
            "OS::Heat::StructuredConfig",
            {"group": "ansible", "config": {"tasks": ["one"]}},
            [("config", {"tasks": ["two"]}), ("group", "puppet")],
        ),
        (
            "OS::Heat::WaitConditionHandle",
            {},
            [("signal_transport", "TOKEN_SIGNAL")],
        ),
    ],
    "keystone": [
        (
            "OS::Keystone::Project",
            {"name": "proj-a", "description": "a", "enabled": True},
            [("name", "proj-b"), ("description", "b"), ("enabled", False), ("domain", "other"), ("parent", "p")],
        ),
        (
            "OS::Keystone::Role",
            {"name": "role-a"},
            [("name", "role-b"), ("domain", "other")],
        ),
        (
            "OS::Keystone::User",
            {"name": "user-a", "password": "pw"},
            [("name", "user-b"), ("password", "pw2"), ("email", "a@b.c"), ("enabled", False)],
        ),
        (
            "OS::Keystone::Group",
            {"name": "group-a"},
            [("name", "group-b"), ("description", "d")],
        ),
    ],
    "swift": [
        (
            "OS::Swift::Container",
            {"name": "bucket-a"},
            [
                ("name", "bucket-b"),
                ("X-Container-Read", ".r:*"),
                ("X-Container-Meta", {"k": "v"}),
                ("PurgeOnDelete", True),
            ],
        ),
    ],
    "nova": [
        (
            "OS::Nova::KeyPair",
            {"name": "kp-a", "public_key": "ssh-rsa AAAA"},
            [("name", "kp-b"), ("public_key", "ssh-rsa BBBB")],
        ),
        (
            "OS::Nova::ServerGroup",
            {"name": "sg-a", "policies": ["anti-affinity"]},
            [("name", "sg-b"), ("policies", ["affinity"])],
        ),
        (
            "OS::Nova::Flavor",
            {"ram": 512, "vcpus": 1, "disk": 1},
            [("ram", 1024), ("extra_specs", {"k": "v"}), ("is_public", False)],
        ),
    ],
    "aws": [
        (
            "AWS::AutoScaling::LaunchConfiguration",
            {"ImageId": "cirros", "InstanceType": "m1.small", "KeyName": "default"},
            [("ImageId", "fedora"), ("InstanceType", "m1.large"), ("KeyName", "other"), ("UserData", "echo hi")],
        ),
        ("AWS::CloudFormation::WaitConditionHandle", {}, [("Unknown", DELETE)]),
    ],
    "other": [
        ("OS::Zaqar::Queue", {"name": "q-a", "metadata": {"k": "v"}}, [("name", "q-b"), ("metadata", {"k": "w"})]),
        (
            "OS::Glance::WebImage",
            {"location": "http://x/img", "disk_format": "qcow2", "container_format": "bare", "name": "img-a"},
            [("name", "img-b"), ("location", "http://x/img2"), ("tags", ["t"])],
        ),
        (
            "OS::Designate::Zone",
            {"name": "example.org.", "email": "a@example.org"},
            [("email", "b@example.org"), ("ttl", 600)],
        ),
        (
            "OS::Barbican::Secret",
            {"name": "s-a", "payload": "x", "payload_content_type": "text/plain"},
            [("name", "s-b"), ("payload", "y")],
        ),
    ],
}


def single_property_pairs(pairs: Pairs) -> None:
    base = hot({"server": {"type": "OS::Nova::Server", "properties": SERVER_PROPS}})
    for number, (prop, value) in enumerate(SERVER_EDITS):
        what = "removed" if value is DELETE else f"set to {value!r}"
        pairs.edit(
            f"server-{prop}-{number}",
            "server",
            f"OS::Nova::Server {prop} {what}",
            base,
            ("resources", "server", "properties", prop),
            value,
        )
    for number, (policy, setting, prop, value) in enumerate(SERVER_POLICY_EDITS):
        old = edited(base, ("resources", "server", "properties", policy), setting)
        pairs.edit(
            f"server-policy-{policy}-{setting.lower()}-{prop}-{number}",
            "server_policy",
            f"OS::Nova::Server with {policy}: {setting}, {prop} changed",
            old,
            ("resources", "server", "properties", prop),
            value,
        )
    for family, entries in TYPE_EDITS.items():
        for res_type, props, edits in entries:
            slug = res_type.replace("::", "-").lower()
            template = hot({"res": {"type": res_type, "properties": props}})
            if not props:
                del template["resources"]["res"]["properties"]
            for number, (prop, value) in enumerate(edits):
                what = "removed" if value is DELETE else f"set to {value!r}"
                if value is DELETE and prop not in props:
                    pairs.add(f"{slug}-unchanged", family, f"{res_type} unchanged", side(template), side(template))
                    continue
                pairs.edit(
                    f"{slug}-{prop.replace(':', '-')}-{number}",
                    family,
                    f"{res_type} {prop} {what}",
                    template,
                    ("resources", "res", "properties", prop),
                    value,
                )

    # TestResource replaces itself on any change once update_replace is already true (before the edit).
    replacing = hot({"res": {"type": "OS::Heat::TestResource", "properties": {"value": "one", "update_replace": True}}})
    pairs.edit(
        "os-heat-testresource-update-replace-set-value",
        "heat",
        "TestResource with update_replace: true, value changed",
        replacing,
        ("resources", "res", "properties", "value"),
        "two",
    )
    pairs.edit(
        "os-heat-testresource-update-replace-unset",
        "heat",
        "TestResource's update_replace: true turned false",
        replacing,
        ("resources", "res", "properties", "update_replace"),
        False,
    )
    pairs.add(
        "os-heat-testresource-update-replace-identical",
        "identical",
        "TestResource with update_replace: true unchanged",
        side(replacing),
        side(replacing),
    )


# --------------------------------------------------------------------------------------- OS::Heat software & waits


def software_pairs(pairs: Pairs) -> None:
    config = {"type": "OS::Heat::SoftwareConfig", "properties": {"group": "script", "config": "#!/bin/sh\necho one\n"}}
    server = {"type": "OS::Nova::Server", "properties": {**SERVER_PROPS, "user_data_format": "SOFTWARE_CONFIG"}}
    del server["properties"]["user_data"]
    deployment = {
        "type": "OS::Heat::SoftwareDeployment",
        "properties": {
            "config": {"get_resource": "config"},
            "server": {"get_resource": "server"},
            "input_values": {"greeting": "hello"},
        },
    }
    base = hot({"config": config, "server": server, "deployment": deployment})
    edits: list[tuple[str, tuple[Any, ...], Any]] = [
        ("config-script", ("resources", "config", "properties", "config"), "#!/bin/sh\necho two\n"),
        ("config-group", ("resources", "config", "properties", "group"), "ansible"),
        ("config-inputs", ("resources", "config", "properties", "inputs"), [{"name": "greeting"}]),
        (
            "config-input-replace-on-change",
            ("resources", "config", "properties", "inputs"),
            [{"name": "greeting", "replace_on_change": True}],
        ),
        ("deployment-input-values", ("resources", "deployment", "properties", "input_values"), {"greeting": "bye"}),
        ("deployment-actions", ("resources", "deployment", "properties", "actions"), ["CREATE", "UPDATE"]),
        ("deployment-name", ("resources", "deployment", "properties", "name"), "deploy-2"),
        ("deployment-signal", ("resources", "deployment", "properties", "signal_transport"), "NO_SIGNAL"),
        ("server-name", ("resources", "server", "properties", "name"), "web-9"),
    ]
    for name, path, value in edits:
        pairs.edit(f"software-{name}", "software", f"SoftwareConfig/Deployment: {name} changed", base, path, value)
    # An input marked replace_on_change, then its value changed: the deployment's handle_update replaces it.
    marked = edited(
        base, ("resources", "config", "properties", "inputs"), [{"name": "greeting", "replace_on_change": True}]
    )
    pairs.edit(
        "software-replace-on-change-value",
        "software",
        "an input marked replace_on_change gets a new value",
        marked,
        ("resources", "deployment", "properties", "input_values"),
        {"greeting": "bye"},
    )
    pairs.add("software-identical", "identical", "SoftwareConfig/Deployment/Server unchanged", side(base), side(base))

    handle = {"type": "OS::Heat::WaitConditionHandle"}
    wait = {"type": "OS::Heat::WaitCondition", "properties": {"handle": {"get_resource": "handle"}, "timeout": 600}}
    waits = hot({"handle": handle, "wait": wait})
    pairs.edit(
        "wait-timeout",
        "wait",
        "WaitCondition timeout changed",
        waits,
        ("resources", "wait", "properties", "timeout"),
        900,
    )
    pairs.edit(
        "wait-count", "wait", "WaitCondition count changed", waits, ("resources", "wait", "properties", "count"), 2
    )
    pairs.add("wait-identical", "identical", "WaitCondition and its handle unchanged", side(waits), side(waits))
    update_handle = edited(waits, ("resources", "handle", "type"), "OS::Heat::UpdateWaitConditionHandle")
    pairs.add(
        "wait-update-handle-identical",
        "wait",
        "UpdateWaitConditionHandle in an identical template",
        side(update_handle),
        side(update_handle),
    )
    pairs.edit(
        "wait-update-handle-timeout",
        "wait",
        "UpdateWaitConditionHandle's wait condition timeout changed",
        update_handle,
        ("resources", "wait", "properties", "timeout"),
        900,
    )
    pairs.add(
        "wait-handle-to-update-handle",
        "wait",
        "WaitConditionHandle becomes an UpdateWaitConditionHandle",
        side(waits),
        side(update_handle),
    )
