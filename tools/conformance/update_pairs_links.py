"""Update pairs where one resource's change reaches others: translations (a deprecated property name and its
successor), cascades through get_resource/get_attr, get_attr of resources updated in place, user_data fed by
get_file, str_replace, CloudConfig and MultipartMime."""

from __future__ import annotations

from typing import Any

from update_pair_kit import SERVER_PROPS, Pairs, edited, hot, side


def translation_pairs(pairs: Pairs) -> None:
    # (name, type, old properties, new properties, what changed): mostly a deprecated name and its successor
    # holding the same value, which Heat's translation rules make one property.
    renames: list[tuple[str, str, dict[str, Any], dict[str, Any], str]] = [
        (
            "port-network-id",
            "OS::Neutron::Port",
            {"network_id": "private"},
            {"network": "private"},
            "network_id -> network",
        ),
        (
            "port-network-id-back",
            "OS::Neutron::Port",
            {"network": "private"},
            {"network_id": "private"},
            "network -> network_id",
        ),
        (
            "port-network-id-other",
            "OS::Neutron::Port",
            {"network_id": "private"},
            {"network": "public"},
            "network_id -> network, another value",
        ),
        (
            "subnet-network-id",
            "OS::Neutron::Subnet",
            {"network_id": "private", "cidr": "10.0.0.0/24"},
            {"network": "private", "cidr": "10.0.0.0/24"},
            "network_id -> network",
        ),
        (
            "fip-floating-network-id",
            "OS::Neutron::FloatingIP",
            {"floating_network_id": "public"},
            {"floating_network": "public"},
            "floating_network_id -> floating_network",
        ),
        (
            "router-interface-router-id",
            "OS::Neutron::RouterInterface",
            {"router_id": "r1", "subnet": "s1"},
            {"router": "r1", "subnet": "s1"},
            "router_id -> router",
        ),
        (
            "router-interface-subnet-id",
            "OS::Neutron::RouterInterface",
            {"router": "r1", "subnet_id": "s1"},
            {"router": "r1", "subnet": "s1"},
            "subnet_id -> subnet",
        ),
        (
            "router-interface-port-id",
            "OS::Neutron::RouterInterface",
            {"router": "r1", "port_id": "p1"},
            {"router": "r1", "port": "p1"},
            "port_id -> port",
        ),
        (
            "port-fixed-ips-subnet-id",
            "OS::Neutron::Port",
            {"network": "private", "fixed_ips": [{"subnet_id": "s1"}]},
            {"network": "private", "fixed_ips": [{"subnet": "s1"}]},
            "fixed_ips' subnet_id -> subnet",
        ),
        (
            "router-l3-agent-id",
            "OS::Neutron::Router",
            {"l3_agent_id": "agent-1"},
            {"l3_agent_ids": ["agent-1"]},
            "l3_agent_id -> l3_agent_ids",
        ),
        (
            "server-networks-uuid",
            "OS::Nova::Server",
            {**SERVER_PROPS, "networks": [{"uuid": "private"}]},
            {**SERVER_PROPS, "networks": [{"network": "private"}]},
            "networks' uuid -> network",
        ),
    ]
    for name, res_type, old_props, new_props, what in renames:
        pairs.add(
            f"translation-{name}",
            "translation",
            f"{res_type}: {what}",
            side(hot({"res": {"type": res_type, "properties": old_props}})),
            side(hot({"res": {"type": res_type, "properties": new_props}})),
        )


def cascade_pairs(pairs: Pairs) -> None:
    network = hot(
        {
            "net": {"type": "OS::Neutron::Net", "properties": {"name": "n"}},
            "subnet": {
                "type": "OS::Neutron::Subnet",
                "properties": {"network": {"get_resource": "net"}, "cidr": "10.0.0.0/24"},
            },
            "port": {
                "type": "OS::Neutron::Port",
                "properties": {
                    "network": {"get_resource": "net"},
                    "fixed_ips": [{"subnet": {"get_resource": "subnet"}}],
                },
            },
            "server": {
                "type": "OS::Nova::Server",
                "properties": {**SERVER_PROPS, "networks": [{"port": {"get_resource": "port"}}]},
            },
            "fip": {
                "type": "OS::Neutron::FloatingIP",
                "properties": {"floating_network": "public", "port_id": {"get_resource": "port"}},
            },
            "address": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["server", "first_address"]}}},
        }
    )
    cascades: list[tuple[str, str, tuple[Any, ...], Any]] = [
        (
            "subnet-cidr",
            "subnet cidr changed: subnet replaced, port updated",
            ("resources", "subnet", "properties", "cidr"),
            "10.0.1.0/24",
        ),
        (
            "net-name",
            "net renamed: net updated in place, nothing else",
            ("resources", "net", "properties", "name"),
            "m",
        ),
        (
            "net-az-hints",
            "net availability_zone_hints: net replaced and what follows",
            ("resources", "net", "properties", "availability_zone_hints"),
            ["az1"],
        ),
        (
            "server-key-name",
            "server key_name: server replaced, its address reader updated",
            ("resources", "server", "properties", "key_name"),
            "other",
        ),
        (
            "server-image",
            "server image: rebuilt in place, its address reader as its attribute says",
            ("resources", "server", "properties", "image"),
            "fedora",
        ),
        (
            "port-replace-always",
            "port replacement_policy REPLACE_ALWAYS set",
            ("resources", "port", "properties", "replacement_policy"),
            "REPLACE_ALWAYS",
        ),
        ("port-name", "port renamed: port updated, server unchanged", ("resources", "port", "properties", "name"), "p"),
        (
            "port-mac",
            "port mac_address: port updated or replaced, server follows",
            ("resources", "port", "properties", "mac_address"),
            "fa:16:3e:00:00:09",
        ),
        (
            "fip-network",
            "floating ip's network changed: fip replaced",
            ("resources", "fip", "properties", "floating_network"),
            "external",
        ),
    ]
    for name, note, path, value in cascades:
        pairs.edit(f"cascade-{name}", "cascade", note, network, path, value)
    pairs.add(
        "cascade-identical",
        "identical",
        "network, subnet, port, server, fip, reader unchanged",
        side(network),
        side(network),
    )
    always = edited(network, ("resources", "port", "properties", "replacement_policy"), "REPLACE_ALWAYS")
    pairs.add(
        "cascade-port-replace-always-identical",
        "cascade",
        "port with REPLACE_ALWAYS in an identical template",
        side(always),
        side(always),
    )
    pairs.edit(
        "cascade-port-replace-always-server",
        "cascade",
        "port with REPLACE_ALWAYS, the server's name changed",
        always,
        ("resources", "server", "properties", "name"),
        "web-3",
    )

    storage = hot(
        {
            "sg": {"type": "OS::Neutron::SecurityGroup", "properties": {"name": "web", "rules": []}},
            "port": {
                "type": "OS::Neutron::Port",
                "properties": {"network": "private", "security_groups": [{"get_resource": "sg"}]},
            },
            "server": {
                "type": "OS::Nova::Server",
                "properties": {**SERVER_PROPS, "networks": [{"port": {"get_resource": "port"}}]},
            },
            "volume": {"type": "OS::Cinder::Volume", "properties": {"size": 10}},
            "attachment": {
                "type": "OS::Cinder::VolumeAttachment",
                "properties": {"instance_uuid": {"get_resource": "server"}, "volume_id": {"get_resource": "volume"}},
            },
            "fip": {"type": "OS::Neutron::FloatingIP", "properties": {"floating_network": "public"}},
            "association": {
                "type": "OS::Neutron::FloatingIPAssociation",
                "properties": {"floatingip_id": {"get_resource": "fip"}, "port_id": {"get_resource": "port"}},
            },
        }
    )
    storage_cascades: list[tuple[str, str, tuple[Any, ...], Any]] = [
        (
            "server-replaced-attachment",
            "server key_name: replaced, its volume attachment follows",
            ("resources", "server", "properties", "key_name"),
            "other",
        ),
        (
            "volume-replaced-attachment",
            "volume availability zone: replaced, its attachment follows",
            ("resources", "volume", "properties", "availability_zone"),
            "az2",
        ),
        (
            "volume-grown",
            "volume grown in place: its attachment unchanged",
            ("resources", "volume", "properties", "size"),
            20,
        ),
        (
            "port-replaced-association",
            "port mac_address: replaced, the server and the floating ip association follow",
            ("resources", "port", "properties", "mac_address"),
            "fa:16:3e:00:00:0a",
        ),
        (
            "fip-replaced-association",
            "floating ip's network: replaced, its association follows",
            ("resources", "fip", "properties", "floating_network"),
            "external",
        ),
        (
            "sg-rule-added",
            "a rule added to the security group: updated in place, its port unchanged",
            ("resources", "sg", "properties", "rules"),
            [{"protocol": "tcp", "port_range_min": 22, "port_range_max": 22}],
        ),
        (
            "sg-renamed",
            "security group renamed in place: nothing follows",
            ("resources", "sg", "properties", "name"),
            "www",
        ),
    ]
    for name, note, path, value in storage_cascades:
        pairs.edit(f"cascade-{name}", "cascade", note, storage, path, value)
    pairs.add(
        "cascade-storage-identical",
        "identical",
        "security group, port, server, volume, attachment, fip, association unchanged",
        side(storage),
        side(storage),
    )

    chain = hot(
        {
            "rand": {"type": "OS::Heat::RandomString", "properties": {"length": 8}},
            "first": {"type": "OS::Heat::TestResource", "properties": {"value": {"get_attr": ["rand", "value"]}}},
            "second": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["first", "output"]}}},
            "ref": {"type": "OS::Heat::Value", "properties": {"value": {"get_resource": "rand"}}},
            "none": {"type": "OS::Heat::None", "properties": {"seen": {"get_attr": ["rand", "value"]}}},
            "delay": {
                "type": "OS::Heat::Delay",
                "properties": {"min_wait": 0, "max_jitter": {"get_attr": ["count", "value"]}},
            },
            "count": {"type": "OS::Heat::Value", "properties": {"value": 0, "type": "number"}},
        }
    )
    heat_cascades: list[tuple[str, str, tuple[Any, ...], Any]] = [
        (
            "rand-length",
            "RandomString replaced: its readers' values change",
            ("resources", "rand", "properties", "length"),
            9,
        ),
        ("rand-salt", "RandomString salt: replaced, readers follow", ("resources", "rand", "properties", "salt"), "x"),
        (
            "count-value",
            "a Value read by a Delay changes in place: the Delay is replaced",
            ("resources", "count", "properties", "value"),
            1,
        ),
    ]
    for name, note, path, value in heat_cascades:
        pairs.edit(f"cascade-{name}", "cascade", note, chain, path, value)
    pairs.add(
        "cascade-heat-identical",
        "identical",
        "a chain of get_attr/get_resource readers unchanged",
        side(chain),
        side(chain),
    )

    # get_attr of a resource updated in place.
    in_place = hot(
        {
            "t": {"type": "OS::Heat::TestResource", "properties": {"value": "a"}},
            "v": {"type": "OS::Heat::Value", "properties": {"value": "a"}},
            "reads_t": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["t", "output"]}}},
            "reads_v": {"type": "OS::Heat::TestResource", "properties": {"value": {"get_attr": ["v", "value"]}}},
            "reads_v_name": {"type": "OS::Heat::Value", "properties": {"value": {"get_resource": "v"}}},
            "reads_all": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["t", "show"]}}},
        }
    )
    attr_edits: list[tuple[str, str, tuple[Any, ...], Any]] = [
        (
            "testresource-value",
            "TestResource value updated in place: readers of its output change",
            ("resources", "t", "properties", "value"),
            "b",
        ),
        (
            "value-value",
            "Value updated in place: the TestResource reading it is updated",
            ("resources", "v", "properties", "value"),
            "b",
        ),
        (
            "value-type",
            "Value's type set: its value reads the same",
            ("resources", "v", "properties", "type"),
            "string",
        ),
        (
            "testresource-wait",
            "TestResource's unrelated property: output unchanged",
            ("resources", "t", "properties", "action_wait_secs"),
            {"update": 0},
        ),
    ]
    for name, note, path, value in attr_edits:
        pairs.edit(f"get-attr-{name}", "get_attr_in_place", note, in_place, path, value)
    server_reader = hot(
        {
            "server": {"type": "OS::Nova::Server", "properties": SERVER_PROPS},
            "ip": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["server", "networks"]}}},
        }
    )
    pairs.edit(
        "get-attr-server-name",
        "get_attr_in_place",
        "server renamed in place: a reader of its networks",
        server_reader,
        ("resources", "server", "properties", "name"),
        "web-7",
    )
    pairs.add(
        "get-attr-identical", "identical", "readers of in-place resources, unchanged", side(in_place), side(in_place)
    )

    # user_data through get_file and str_replace.
    script = "#!/bin/sh\necho $GREETING\n"
    through_file = hot(
        {
            "server": {
                "type": "OS::Nova::Server",
                "properties": {
                    **SERVER_PROPS,
                    "user_data": {
                        "str_replace": {
                            "template": {"get_file": "boot.sh"},
                            "params": {"$GREETING": {"get_param": "greeting"}},
                        }
                    },
                },
            }
        },
        parameters={"greeting": {"type": "string", "default": "hello"}},
    )
    old = side(through_file, files={"boot.sh": script})
    pairs.add(
        "user-data-file-edited",
        "user_data_file",
        "the get_file target of user_data edited",
        old,
        side(through_file, files={"boot.sh": script + "echo more\n"}),
    )
    pairs.add(
        "user-data-param",
        "user_data_file",
        "the str_replace parameter of user_data changed by -P",
        old,
        side(through_file, files={"boot.sh": script}, parameters={"greeting": "bye"}),
    )
    pairs.add("user-data-file-identical", "identical", "user_data through get_file/str_replace unchanged", old, old)
    pairs.add(
        "user-data-file-renamed",
        "user_data_file",
        "the get_file target renamed, same text",
        old,
        side(
            edited(
                through_file,
                ("resources", "server", "properties", "user_data", "str_replace", "template", "get_file"),
                "scripts/boot.sh",
            ),
            files={"scripts/boot.sh": script},
        ),
    )
    ignore = edited(through_file, ("resources", "server", "properties", "user_data_update_policy"), "IGNORE")
    pairs.add(
        "user-data-file-ignore",
        "user_data_file",
        "user_data_update_policy IGNORE, the get_file target edited",
        side(ignore, files={"boot.sh": script}),
        side(ignore, files={"boot.sh": script + "echo more\n"}),
    )
    cfg = hot(
        {
            "boot": {
                "type": "OS::Heat::CloudConfig",
                "properties": {"cloud_config": {"runcmd": [{"get_file": "cmd.txt"}]}},
            },
            "server": {
                "type": "OS::Nova::Server",
                "properties": {
                    **SERVER_PROPS,
                    "user_data_format": "SOFTWARE_CONFIG",
                    "user_data": {"get_resource": "boot"},
                },
            },
        }
    )
    pairs.add(
        "user-data-cloud-config",
        "user_data_file",
        "a CloudConfig feeding user_data: its file edited",
        side(cfg, files={"cmd.txt": "echo a"}),
        side(cfg, files={"cmd.txt": "echo b"}),
    )
    mime = hot(
        {
            "part": {"type": "OS::Heat::SoftwareConfig", "properties": {"config": {"get_file": "part.sh"}}},
            "mime": {
                "type": "OS::Heat::MultipartMime",
                "properties": {"parts": [{"config": {"get_resource": "part"}}]},
            },
            "server": {
                "type": "OS::Nova::Server",
                "properties": {
                    **SERVER_PROPS,
                    "user_data_format": "SOFTWARE_CONFIG",
                    "user_data": {"get_resource": "mime"},
                },
            },
        }
    )
    pairs.add(
        "user-data-multipart",
        "user_data_file",
        "a MultipartMime part feeding user_data: its file edited",
        side(mime, files={"part.sh": "echo a\n"}),
        side(mime, files={"part.sh": "echo b\n"}),
    )
    pairs.add(
        "user-data-multipart-identical",
        "identical",
        "MultipartMime feeding user_data unchanged",
        side(mime, files={"part.sh": "echo a\n"}),
        side(mime, files={"part.sh": "echo a\n"}),
    )
