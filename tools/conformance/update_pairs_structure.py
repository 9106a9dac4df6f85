"""Update pairs that edit a template's structure: resources added, deleted, renamed; depends_on, deletion_policy,
metadata, update_policy; conditions; ResourceGroup counts, member definitions and removal policies; ResourceChain."""

from __future__ import annotations

import copy

from update_pair_kit import DELETE, SERVER_PROPS, VERSION, Pairs, edited, hot, side


def structure_pairs(pairs: Pairs) -> None:
    value = {"type": "OS::Heat::Value", "properties": {"value": "a"}}
    rand = {"type": "OS::Heat::RandomString", "properties": {"length": 8}}
    reader = {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["rand", "value"]}}}
    base = hot({"rand": rand, "reader": reader, "value": value})
    pairs.edit("added-value", "added", "a Value added", base, ("resources", "extra"), value)
    pairs.edit("added-reader", "added", "a second reader of rand added", base, ("resources", "reader2"), reader)
    pairs.edit(
        "added-server",
        "added",
        "a server added",
        base,
        ("resources", "server"),
        {"type": "OS::Nova::Server", "properties": SERVER_PROPS},
    )
    pairs.edit("deleted-value", "deleted", "a Value deleted", base, ("resources", "value"), DELETE)
    pairs.add(
        "deleted-rand-and-reader",
        "deleted",
        "the RandomString and its reader deleted",
        side(base),
        side(edited(edited(base, ("resources", "rand"), DELETE), ("resources", "reader"), DELETE)),
    )
    renamed = copy.deepcopy(base)
    renamed["resources"]["value_renamed"] = renamed["resources"].pop("value")
    pairs.add("renamed-value", "renamed", "value renamed value_renamed", side(base), side(renamed))
    renamed_rand = copy.deepcopy(base)
    renamed_rand["resources"]["secret"] = renamed_rand["resources"].pop("rand")
    renamed_rand["resources"]["reader"]["properties"]["value"]["get_attr"][0] = "secret"
    pairs.add("renamed-rand", "renamed", "rand renamed secret (its reader follows)", side(base), side(renamed_rand))
    server = hot({"web": {"type": "OS::Nova::Server", "properties": SERVER_PROPS}})
    renamed_server = {**server, "resources": {"web2": server["resources"]["web"]}}
    pairs.add("renamed-server", "renamed", "server web renamed web2", side(server), side(renamed_server))

    for resource, label in (("value", "Value"), ("rand", "RandomString")):
        pairs.edit(
            f"depends-on-add-{resource}",
            "depends_on",
            f"{label} gains a depends_on",
            base,
            ("resources", resource, "depends_on"),
            ["reader"] if resource == "value" else [],
        )
    dep = edited(base, ("resources", "value", "depends_on"), ["reader"])
    pairs.edit(
        "depends-on-remove", "depends_on", "a depends_on removed", dep, ("resources", "value", "depends_on"), DELETE
    )
    pairs.edit(
        "depends-on-change", "depends_on", "a depends_on changed", dep, ("resources", "value", "depends_on"), ["rand"]
    )
    for resource in ("value", "rand"):
        for policy in ("Retain", "Delete", "Snapshot"):
            if policy == "Snapshot" and resource != "value":
                continue
            pairs.edit(
                f"deletion-policy-{resource}-{policy.lower()}",
                "deletion_policy",
                f"{resource} deletion_policy {policy}",
                base,
                ("resources", resource, "deletion_policy"),
                policy,
            )
    retained = edited(base, ("resources", "value", "deletion_policy"), "Retain")
    pairs.edit(
        "deletion-policy-removed",
        "deletion_policy",
        "deletion_policy Retain removed",
        retained,
        ("resources", "value", "deletion_policy"),
        DELETE,
    )
    vol = hot({"vol": {"type": "OS::Cinder::Volume", "properties": {"size": 1}}})
    pairs.edit(
        "deletion-policy-volume-snapshot",
        "deletion_policy",
        "volume deletion_policy Snapshot",
        vol,
        ("resources", "vol", "deletion_policy"),
        "Snapshot",
    )

    for resource in ("value", "rand"):
        pairs.edit(
            f"metadata-add-{resource}",
            "metadata",
            f"{resource} gains metadata",
            base,
            ("resources", resource, "metadata"),
            {"owner": "ops"},
        )
    meta = edited(base, ("resources", "value", "metadata"), {"owner": "ops"})
    pairs.edit(
        "metadata-change", "metadata", "metadata changed", meta, ("resources", "value", "metadata"), {"owner": "dev"}
    )
    pairs.edit("metadata-remove", "metadata", "metadata removed", meta, ("resources", "value", "metadata"), DELETE)
    launch = hot(
        {
            "lc": {
                "type": "AWS::AutoScaling::LaunchConfiguration",
                "properties": {"ImageId": "cirros", "InstanceType": "m1.small"},
            }
        }
    )
    pairs.edit(
        "metadata-launch-config",
        "metadata",
        "LaunchConfiguration gains metadata",
        launch,
        ("resources", "lc", "metadata"),
        {"k": "v"},
    )
    pairs.edit(
        "metadata-server",
        "metadata",
        "server gains resource metadata",
        server,
        ("resources", "web", "metadata"),
        {"k": "v"},
    )

    # Outputs, descriptions, parameters that nothing uses: the resources are unchanged.
    pairs.edit(
        "identical-output-added",
        "identical",
        "an output added",
        base,
        ("outputs",),
        {"secret": {"value": {"get_attr": ["rand", "value"]}}},
    )
    pairs.edit("identical-description", "identical", "the description changed", base, ("description",), "new words")
    pairs.add("identical-base", "identical", "identical template with a get_attr reader", side(base), side(base))
    pairs.add("identical-server", "identical", "identical server template", side(server), side(server))
    with_comment = side(base)
    with_comment["files"]["main.yaml"] = "# a comment\n" + with_comment["files"]["main.yaml"]
    pairs.add("identical-comment", "identical", "a comment added", side(base), with_comment)
    reordered = {**base, "resources": dict(reversed(list(base["resources"].items())))}
    pairs.add("identical-reordered", "identical", "resources written in another order", side(base), side(reordered))
    pairs.edit(
        "identical-version",
        "identical",
        "template version moved on (2021-04-16 -> wallaby)",
        edited(base, ("heat_template_version",), "2021-04-16"),
        ("heat_template_version",),
        VERSION,
    )


def external_id_pairs(pairs: Pairs) -> None:
    """external_id: a resource Heat did not create; a change of the id fails the update (resource.py:1637-1644)."""
    net = hot({"net": {"type": "OS::Neutron::Net", "properties": {"name": "n"}}})
    adopted = edited(net, ("resources", "net", "external_id"), "net-uuid-1")
    pairs.edit(
        "external-id-added",
        "external_id",
        "an existing net given an external_id",
        net,
        ("resources", "net", "external_id"),
        "net-uuid-1",
    )
    pairs.edit(
        "external-id-changed",
        "external_id",
        "an external net's id changed",
        adopted,
        ("resources", "net", "external_id"),
        "net-uuid-2",
    )
    pairs.edit(
        "external-id-removed",
        "external_id",
        "an external net's external_id removed",
        adopted,
        ("resources", "net", "external_id"),
        DELETE,
    )
    pairs.edit(
        "external-id-property",
        "external_id",
        "an external net's name changed",
        adopted,
        ("resources", "net", "properties", "name"),
        "m",
    )
    pairs.add("external-id-identical", "identical", "an external net unchanged", side(adopted), side(adopted))


def condition_pairs(pairs: Pairs) -> None:
    template = hot(
        {
            "always": {"type": "OS::Heat::Value", "properties": {"value": "x"}},
            "extra": {"type": "OS::Heat::RandomString", "condition": "want_extra", "properties": {"length": 8}},
            "picked": {
                "type": "OS::Heat::Value",
                "properties": {"value": {"if": ["want_extra", "with", "without"]}},
            },
        },
        parameters={"enabled": {"type": "boolean", "default": False}, "flavor": {"type": "string", "default": "small"}},
        conditions={"want_extra": {"get_param": "enabled"}, "big": {"equals": [{"get_param": "flavor"}, "large"]}},
    )
    env_true = {"parameters": {"enabled": True}}
    pairs.add(
        "condition-flip-on",
        "condition",
        "condition turns true by -P: extra added, picked updated",
        side(template, parameters={"enabled": "false"}),
        side(template, parameters={"enabled": "true"}),
    )
    pairs.add(
        "condition-flip-off",
        "condition",
        "condition turns false by -P: extra deleted",
        side(template, parameters={"enabled": "true"}),
        side(template, parameters={"enabled": "false"}),
    )
    pairs.add(
        "condition-flip-env",
        "condition",
        "condition turns true through an environment file",
        side(template),
        side(template, environments={"env.yaml": env_true}),
    )
    pairs.add(
        "condition-same",
        "condition",
        "condition stays true",
        side(template, parameters={"enabled": "true"}),
        side(template, parameters={"enabled": "true"}),
    )
    inline = edited(template, ("resources", "always", "condition"), "big")
    pairs.add(
        "condition-added-false",
        "condition",
        "a condition that is false added to a resource",
        side(template),
        side(inline),
    )
    pairs.add(
        "condition-added-true",
        "condition",
        "a condition that is true added to a resource",
        side(template, parameters={"flavor": "large"}),
        side(inline, parameters={"flavor": "large"}),
    )
    negated = edited(template, ("conditions", "want_extra"), {"not": {"get_param": "enabled"}})
    pairs.add(
        "condition-definition-negated", "condition", "the condition's definition negated", side(template), side(negated)
    )


def policy_and_group_pairs(pairs: Pairs) -> None:
    member = {"type": "OS::Heat::RandomString", "properties": {"length": 8}}
    group = {"type": "OS::Heat::ResourceGroup", "properties": {"count": 2, "resource_def": member}}
    base = hot({"workers": group})
    for count in (0, 1, 3, 5):
        pairs.edit(
            f"group-count-{count}",
            "group_count",
            f"ResourceGroup count 2 -> {count}",
            base,
            ("resources", "workers", "properties", "count"),
            count,
        )
    pairs.edit(
        "group-resource-def-length",
        "resource_def",
        "members' length changed",
        base,
        ("resources", "workers", "properties", "resource_def", "properties", "length"),
        12,
    )
    pairs.edit(
        "group-resource-def-salt",
        "resource_def",
        "members gain a salt",
        base,
        ("resources", "workers", "properties", "resource_def", "properties", "salt"),
        "s",
    )
    pairs.edit(
        "group-resource-def-type",
        "resource_def",
        "members' type changed to Value",
        base,
        ("resources", "workers", "properties", "resource_def"),
        {"type": "OS::Heat::Value", "properties": {"value": "v"}},
    )
    pairs.edit(
        "group-resource-def-metadata",
        "resource_def",
        "members gain metadata",
        base,
        ("resources", "workers", "properties", "resource_def", "metadata"),
        {"k": "v"},
    )
    indexed = edited(
        base,
        ("resources", "workers", "properties", "resource_def"),
        {"type": "OS::Heat::Value", "properties": {"value": "w%index%"}},
    )
    pairs.edit(
        "group-index-var",
        "resource_def",
        "members' value uses a new index_var",
        indexed,
        ("resources", "workers", "properties", "index_var"),
        "%i%",
    )
    pairs.edit(
        "group-count-index-members",
        "group_count",
        "Value members with %index%, count 2 -> 3",
        indexed,
        ("resources", "workers", "properties", "count"),
        3,
    )
    pairs.edit(
        "group-identical-index",
        "identical",
        "group of indexed Values unchanged",
        indexed,
        ("resources", "workers", "properties", "count"),
        2,
    )
    pairs.edit(
        "group-removal-policies",
        "removal_policies",
        "removal_policies names member 0",
        base,
        ("resources", "workers", "properties", "removal_policies"),
        [{"resource_list": ["0"]}],
    )
    removed0 = edited(base, ("resources", "workers", "properties", "removal_policies"), [{"resource_list": ["0"]}])
    pairs.edit(
        "group-removal-policies-count",
        "removal_policies",
        "removal_policies names member 0, count 2 -> 1",
        removed0,
        ("resources", "workers", "properties", "count"),
        1,
    )
    pairs.edit(
        "group-removal-policies-mode",
        "removal_policies",
        "removal_policies_mode update",
        removed0,
        ("resources", "workers", "properties", "removal_policies_mode"),
        "update",
    )
    pairs.edit(
        "group-update-policy",
        "update_policy",
        "rolling_update batch size set",
        base,
        ("resources", "workers", "update_policy"),
        {"rolling_update": {"max_batch_size": 1}},
    )
    batched = edited(base, ("resources", "workers", "update_policy"), {"rolling_update": {"max_batch_size": 1}})
    pairs.edit(
        "group-update-policy-change",
        "update_policy",
        "rolling_update batch size changed",
        batched,
        ("resources", "workers", "update_policy", "rolling_update", "max_batch_size"),
        2,
    )
    pairs.edit(
        "group-update-policy-batch-def",
        "update_policy",
        "batched group, member definition changed",
        batched,
        ("resources", "workers", "properties", "resource_def", "properties", "length"),
        10,
    )
    pairs.edit(
        "group-batch-create",
        "update_policy",
        "batch_create policy added",
        base,
        ("resources", "workers", "update_policy"),
        {"batch_create": {"max_batch_size": 1}},
    )
    pairs.add("group-identical", "identical", "ResourceGroup unchanged", side(base), side(base))

    servers = hot(
        {
            "servers": {
                "type": "OS::Heat::ResourceGroup",
                "properties": {"count": 2, "resource_def": {"type": "OS::Nova::Server", "properties": SERVER_PROPS}},
            }
        }
    )
    pairs.edit(
        "group-servers-key-name",
        "resource_def",
        "group of servers: key_name changed",
        servers,
        ("resources", "servers", "properties", "resource_def", "properties", "key_name"),
        "other",
    )
    pairs.edit(
        "group-servers-image",
        "resource_def",
        "group of servers: image changed",
        servers,
        ("resources", "servers", "properties", "resource_def", "properties", "image"),
        "fedora",
    )
    pairs.edit(
        "group-servers-count",
        "group_count",
        "group of servers: count 2 -> 3",
        servers,
        ("resources", "servers", "properties", "count"),
        3,
    )

    chain = hot(
        {
            "chain": {
                "type": "OS::Heat::ResourceChain",
                "properties": {
                    "resources": ["OS::Heat::RandomString", "OS::Heat::None"],
                    "resource_properties": {"length": 8},
                },
            }
        }
    )
    pairs.edit(
        "chain-add-type",
        "chain",
        "ResourceChain gains a third resource",
        chain,
        ("resources", "chain", "properties", "resources"),
        ["OS::Heat::RandomString", "OS::Heat::None", "OS::Heat::RandomString"],
    )
    pairs.edit(
        "chain-remove-type",
        "chain",
        "ResourceChain loses its last resource",
        chain,
        ("resources", "chain", "properties", "resources"),
        ["OS::Heat::RandomString"],
    )
    pairs.edit(
        "chain-concurrent",
        "chain",
        "ResourceChain made concurrent",
        chain,
        ("resources", "chain", "properties", "concurrent"),
        True,
    )
    pairs.edit(
        "chain-type-swap",
        "chain",
        "ResourceChain's second type changed",
        chain,
        ("resources", "chain", "properties", "resources"),
        ["OS::Heat::RandomString", "OS::Heat::RandomString"],
    )
    pairs.edit(
        "chain-properties",
        "chain",
        "ResourceChain's resource_properties changed",
        chain,
        ("resources", "chain", "properties", "resource_properties", "length"),
        12,
    )
    pairs.add("chain-identical", "identical", "ResourceChain unchanged", side(chain), side(chain))
