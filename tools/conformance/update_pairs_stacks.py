"""Update pairs across files: nested templates (the child edited, the values passed), groups of templates,
OS::Heat::Stack, type re-mappings through the environment, restricted actions, immutable and other parameters."""

from __future__ import annotations

from update_pair_kit import DELETE, SERVER_PROPS, Pairs, Template, dump, edited, hot, side

CHILD: Template = hot(
    {
        "secret": {"type": "OS::Heat::RandomString", "properties": {"length": {"get_param": "length"}}},
        "tag": {"type": "OS::Heat::Value", "properties": {"value": {"get_param": "label"}}},
    },
    parameters={"length": {"type": "number", "default": 8}, "label": {"type": "string", "default": "box"}},
    outputs={"secret": {"value": {"get_attr": ["secret", "value"]}}},
)


def nested_pairs(pairs: Pairs) -> None:
    parent = hot(
        {
            "box": {"type": "box.yaml", "properties": {"length": 8, "label": "one"}},
            "reader": {"type": "OS::Heat::Value", "properties": {"value": {"get_attr": ["box", "secret"]}}},
        }
    )
    old = side(parent, files={"box.yaml": CHILD})

    def child_edit(pair_id: str, note: str, child: Template, kind: str = "nested_template") -> None:
        pairs.add(pair_id, kind, note, old, side(parent, files={"box.yaml": child}))

    child_edit("nested-child-identical", "child template unchanged", CHILD, "identical")
    child_edit(
        "nested-child-value",
        "child's Value reads a literal",
        edited(CHILD, ("resources", "tag", "properties", "value"), "fixed"),
    )
    child_edit(
        "nested-child-salt",
        "child's RandomString gains a salt",
        edited(CHILD, ("resources", "secret", "properties", "salt"), "s"),
    )
    child_edit(
        "nested-child-added",
        "child gains a resource",
        edited(CHILD, ("resources", "extra"), {"type": "OS::Heat::None"}),
    )
    child_edit("nested-child-deleted", "child loses a resource", edited(CHILD, ("resources", "tag"), DELETE))
    child_edit(
        "nested-child-output",
        "child's output reads another attribute",
        edited(CHILD, ("outputs", "secret", "value"), {"get_attr": ["secret", "value"]}),
        "identical",
    )
    child_edit(
        "nested-child-param-default",
        "child's parameter default changed (the parent passes it)",
        edited(CHILD, ("parameters", "length", "default"), 12),
    )
    child_edit(
        "nested-child-new-param",
        "child gains a parameter with a default",
        edited(CHILD, ("parameters", "extra"), {"type": "string", "default": "e"}),
    )
    for prop, value in (("length", 16), ("label", "two")):
        pairs.add(
            f"nested-passed-{prop}",
            "nested_parameters",
            f"the parent passes another {prop}",
            old,
            side(edited(parent, ("resources", "box", "properties", prop), value), files={"box.yaml": CHILD}),
        )
    pairs.add(
        "nested-passed-removed",
        "nested_parameters",
        "the parent stops passing length (the child's default equals it)",
        old,
        side(edited(parent, ("resources", "box", "properties", "length"), DELETE), files={"box.yaml": CHILD}),
    )
    pairs.add(
        "nested-passed-removed-differs",
        "nested_parameters",
        "the parent stops passing label (the child's default differs)",
        old,
        side(edited(parent, ("resources", "box", "properties", "label"), DELETE), files={"box.yaml": CHILD}),
    )
    moved = side(edited(parent, ("resources", "box", "type"), "lib/box.yaml"), files={"lib/box.yaml": CHILD})
    pairs.add("nested-moved-file", "nested_template", "the child template moved to lib/ (same text)", old, moved)

    # A grand-child: edits two levels down.
    inner = hot(
        {"leaf": {"type": "OS::Heat::Value", "properties": {"value": {"get_param": "v"}}}},
        parameters={"v": {"type": "string"}},
    )
    middle = hot(
        {"inner": {"type": "inner.yaml", "properties": {"v": {"get_param": "v"}}}, "peer": {"type": "OS::Heat::None"}},
        parameters={"v": {"type": "string"}},
    )
    top = hot({"outer": {"type": "middle.yaml", "properties": {"v": "a"}}})
    deep = side(top, files={"middle.yaml": middle, "inner.yaml": inner})
    pairs.add(
        "nested-deep-value",
        "nested_parameters",
        "a value passed two levels down changed",
        deep,
        side(
            edited(top, ("resources", "outer", "properties", "v"), "b"),
            files={"middle.yaml": middle, "inner.yaml": inner},
        ),
    )
    pairs.add(
        "nested-deep-leaf-type",
        "nested_template",
        "the grand-child's leaf becomes a RandomString",
        deep,
        side(
            top,
            files={
                "middle.yaml": middle,
                "inner.yaml": edited(inner, ("resources", "leaf"), {"type": "OS::Heat::RandomString"}),
            },
        ),
    )
    pairs.add("nested-deep-identical", "identical", "three levels unchanged", deep, deep)

    # A group whose members are the child template.
    grouped = hot(
        {
            "boxes": {
                "type": "OS::Heat::ResourceGroup",
                "properties": {"count": 2, "resource_def": {"type": "box.yaml", "properties": {"label": "b%index%"}}},
            }
        }
    )
    group_old = side(grouped, files={"box.yaml": CHILD})
    pairs.add(
        "nested-group-child-edit",
        "nested_template",
        "group members' template gains a resource",
        group_old,
        side(grouped, files={"box.yaml": edited(CHILD, ("resources", "extra"), {"type": "OS::Heat::None"})}),
    )
    pairs.add(
        "nested-group-count",
        "group_count",
        "group of templates: count 2 -> 3",
        group_old,
        side(edited(grouped, ("resources", "boxes", "properties", "count"), 3), files={"box.yaml": CHILD}),
    )
    pairs.add(
        "nested-group-property",
        "resource_def",
        "group of templates: a passed property changed",
        group_old,
        side(
            edited(grouped, ("resources", "boxes", "properties", "resource_def", "properties", "length"), 4),
            files={"box.yaml": CHILD},
        ),
    )
    pairs.add("nested-group-identical", "identical", "group of templates unchanged", group_old, group_old)

    # OS::Heat::Stack with an inline template (no context: this cloud's Heat).
    stack = hot(
        {"sub": {"type": "OS::Heat::Stack", "properties": {"template": dump(CHILD), "parameters": {"length": 8}}}}
    )
    pairs.edit(
        "heat-stack-parameters",
        "heat",
        "OS::Heat::Stack parameters changed",
        stack,
        ("resources", "sub", "properties", "parameters", "length"),
        10,
    )
    pairs.edit(
        "heat-stack-template",
        "heat",
        "OS::Heat::Stack template changed",
        stack,
        ("resources", "sub", "properties", "template"),
        dump(edited(CHILD, ("resources", "extra"), {"type": "OS::Heat::None"})),
    )
    pairs.edit(
        "heat-stack-timeout",
        "heat",
        "OS::Heat::Stack timeout set",
        stack,
        ("resources", "sub", "properties", "timeout"),
        30,
    )
    pairs.add("heat-stack-identical", "identical", "OS::Heat::Stack unchanged", side(stack), side(stack))
    # (AWS::CloudFormation::Stack fetches its TemplateURL over the network when it is created: no pair offline.)


# ------------------------------------------------------------------------------------------------ environments


def environment_pairs(pairs: Pairs) -> None:
    main = hot(
        {
            "box": {"type": "My::Box", "properties": {"length": 8}},
            "other": {"type": "OS::Heat::Value", "properties": {"value": "o"}},
        }
    )
    child_b = edited(CHILD, ("resources", "extra"), {"type": "OS::Heat::None"})
    env_a = {"resource_registry": {"My::Box": "a.yaml"}}
    env_b = {"resource_registry": {"My::Box": "b.yaml"}}
    env_plugin = {"resource_registry": {"My::Box": "OS::Heat::None"}}
    files = {"a.yaml": CHILD, "b.yaml": child_b}
    old = side(main, files=files, environments={"env.yaml": env_a})
    pairs.add(
        "remap-template-to-template",
        "type_remap",
        "My::Box re-mapped from a.yaml to b.yaml (b adds a resource)",
        old,
        side(main, files=files, environments={"env.yaml": env_b}),
    )
    pairs.add(
        "remap-template-same-text",
        "type_remap",
        "My::Box re-mapped to b.yaml holding a.yaml's text",
        old,
        side(main, files={"a.yaml": CHILD, "b.yaml": CHILD}, environments={"env.yaml": env_b}),
    )
    pairs.add(
        "remap-template-to-plugin",
        "type_remap",
        "My::Box re-mapped from a template to OS::Heat::None",
        old,
        side(main, files=files, environments={"env.yaml": env_plugin}),
    )
    pairs.add(
        "remap-plugin-to-template",
        "type_remap",
        "My::Box re-mapped from OS::Heat::None to a template",
        side(main, files=files, environments={"env.yaml": env_plugin}),
        side(main, files=files, environments={"env.yaml": env_a}),
    )
    value_main = hot({"v": {"type": "My::Thing", "properties": {"value": "x"}}})
    pairs.add(
        "remap-plugin-to-plugin",
        "type_remap",
        "My::Thing re-mapped from OS::Heat::Value to OS::Heat::TestResource",
        side(value_main, environments={"env.yaml": {"resource_registry": {"My::Thing": "OS::Heat::Value"}}}),
        side(value_main, environments={"env.yaml": {"resource_registry": {"My::Thing": "OS::Heat::TestResource"}}}),
    )
    pairs.add(
        "remap-second-env",
        "type_remap",
        "a second environment file re-maps My::Box to b.yaml",
        old,
        side(main, files=files, environments={"env.yaml": env_a, "env2.yaml": env_b}),
    )
    pairs.add("remap-identical", "identical", "registry and templates unchanged", old, old)
    direct = hot({"box": {"type": "a.yaml", "properties": {"length": 8}}, "other": main["resources"]["other"]})
    pairs.add("remap-alias-to-path", "type_remap", "My::Box written as its path a.yaml", old, side(direct, files=files))
    per_resource = {"resource_registry": {"My::Box": "a.yaml", "resources": {"box": {"My::Box": "b.yaml"}}}}
    pairs.add(
        "remap-per-resource",
        "type_remap",
        "a per-resource registry entry maps box to b.yaml",
        old,
        side(main, files=files, environments={"env.yaml": per_resource}),
    )
    server_main = hot({"web": {"type": "OS::Nova::Server", "properties": SERVER_PROPS}})
    pairs.add(
        "remap-server-to-none",
        "type_remap",
        "OS::Nova::Server re-mapped to OS::Heat::None in the environment",
        side(server_main),
        side(server_main, environments={"env.yaml": {"resource_registry": {"OS::Nova::Server": "OS::Heat::None"}}}),
    )

    # Restricted actions.
    values = hot(
        {
            "v": {"type": "OS::Heat::Value", "properties": {"value": "a"}},
            "r": {"type": "OS::Heat::RandomString", "properties": {"length": 8}},
            "t": {"type": "OS::Heat::TestResource", "properties": {"value": "a"}},
        }
    )
    for restricted in (["update"], ["replace"], ["update", "replace"]):
        label = "-".join(restricted)
        env = {
            "resource_registry": {"resources": {name: {"restricted_actions": restricted} for name in ("v", "r", "t")}}
        }
        for name, path, new_value, what in (
            ("value", ("resources", "v", "properties", "value"), "b", "Value updated in place"),
            ("random", ("resources", "r", "properties", "length"), 12, "RandomString replaced"),
            ("testresource", ("resources", "t", "properties", "update_replace"), True, "TestResource update_replace"),
            ("none", ("description",), "only the description", "nothing changes"),
        ):
            pairs.add(
                f"restricted-{label}-{name}",
                "restricted",
                f"restricted_actions {restricted}: {what}",
                side(values, environments={"env.yaml": env}),
                side(edited(values, path, new_value), environments={"env.yaml": env}),
            )
    env = {"resource_registry": {"resources": {"v": {"restricted_actions": "update"}}}}
    pairs.add(
        "restricted-added-in-new-env",
        "restricted",
        "restricted_actions update appears with the edit",
        side(values),
        side(edited(values, ("resources", "v", "properties", "value"), "b"), environments={"env.yaml": env}),
    )
    pairs.add(
        "restricted-on-other",
        "restricted",
        "restricted_actions on another resource than the edited one",
        side(values, environments={"env.yaml": env}),
        side(edited(values, ("resources", "r", "properties", "length"), 12), environments={"env.yaml": env}),
    )

    # Immutable parameters.
    params = {"size": {"type": "number", "default": 8, "immutable": True}, "tag": {"type": "string", "default": "t"}}
    immutable = hot(
        {
            "r": {
                "type": "OS::Heat::RandomString",
                "properties": {"length": {"get_param": "size"}, "salt": {"get_param": "tag"}},
            }
        },
        parameters=params,
    )
    pairs.add(
        "immutable-changed",
        "immutable",
        "an immutable parameter given a new value",
        side(immutable),
        side(immutable, parameters={"size": "12"}),
    )
    pairs.add(
        "immutable-same",
        "immutable",
        "an immutable parameter given its old value explicitly",
        side(immutable),
        side(immutable, parameters={"size": "8"}),
    )
    pairs.add(
        "immutable-same-both",
        "immutable",
        "an immutable parameter given the same value by -P on both sides",
        side(immutable, parameters={"size": "8"}),
        side(immutable, parameters={"size": "8"}),
    )
    tag_immutable = edited(immutable, ("parameters", "tag", "immutable"), True)
    pairs.add(
        "immutable-string-same",
        "immutable",
        "an immutable string parameter given its old value by -P",
        side(tag_immutable),
        side(tag_immutable, parameters={"tag": "t"}),
    )
    pairs.add(
        "immutable-string-changed",
        "immutable",
        "an immutable string parameter changed by -P",
        side(tag_immutable),
        side(tag_immutable, parameters={"tag": "u"}),
    )
    pairs.add(
        "immutable-other-changed",
        "immutable",
        "another parameter changed beside an immutable one",
        side(immutable),
        side(immutable, parameters={"tag": "u"}),
    )
    pairs.add(
        "immutable-env",
        "immutable",
        "an immutable parameter changed through parameter_defaults",
        side(immutable),
        side(immutable, environments={"env.yaml": {"parameter_defaults": {"size": 16}}}),
    )
    pairs.add(
        "immutable-default-edit",
        "immutable",
        "an immutable parameter's default edited",
        side(immutable),
        side(edited(immutable, ("parameters", "size", "default"), 10)),
    )
    pairs.add(
        "immutable-flag-added",
        "immutable",
        "a parameter made immutable, value unchanged",
        side(edited(immutable, ("parameters", "size", "immutable"), False)),
        side(immutable),
    )
    nested_imm = hot({"box": {"type": "box.yaml", "properties": {"length": 8}}})
    child_imm = edited(CHILD, ("parameters", "length", "immutable"), True)
    pairs.add(
        "immutable-nested",
        "immutable",
        "the parent passes a new value to a child's immutable parameter",
        side(nested_imm, files={"box.yaml": child_imm}),
        side(edited(nested_imm, ("resources", "box", "properties", "length"), 9), files={"box.yaml": child_imm}),
    )

    # Parameter values only: same template, other -P.
    plain = hot(
        {
            "r": {"type": "OS::Heat::RandomString", "properties": {"length": {"get_param": "length"}}},
            "v": {"type": "OS::Heat::Value", "properties": {"value": {"get_param": "label"}}},
            "s": {
                "type": "OS::Nova::Server",
                "properties": {**SERVER_PROPS, "key_name": {"get_param": "key"}, "image": {"get_param": "image"}},
            },
        },
        parameters={
            "length": {"type": "number", "default": 8},
            "label": {"type": "string", "default": "a"},
            "key": {"type": "string", "default": "default"},
            "image": {"type": "string", "default": "cirros"},
        },
    )
    for name, value in (("length", "12"), ("label", "b"), ("key", "other"), ("image", "fedora")):
        pairs.add(
            f"parameter-{name}",
            "parameter_value",
            f"-P {name}={value}",
            side(plain),
            side(plain, parameters={name: value}),
        )
    pairs.add(
        "parameter-default-explicit",
        "parameter_value",
        "-P label=a, the default's own value",
        side(plain),
        side(plain, parameters={"label": "a"}),
    )
    pairs.add(
        "parameter-default-edit-explicit",
        "parameter_value",
        "the default of label edited, the stack deployed with -P label=z",
        side(plain, parameters={"label": "z"}),
        side(edited(plain, ("parameters", "label", "default"), "q"), parameters={"label": "z"}),
    )
    pairs.add(
        "parameter-default-edit",
        "parameter_value",
        "the default of label edited, no -P",
        side(plain),
        side(edited(plain, ("parameters", "label", "default"), "q")),
    )
    pairs.add(
        "parameter-dropped",
        "parameter_value",
        "-P label=b given before, not now",
        side(plain, parameters={"label": "b"}),
        side(plain),
    )
    pairs.add(
        "parameter-env-defaults",
        "parameter_value",
        "parameter_defaults gives length",
        side(plain),
        side(plain, environments={"env.yaml": {"parameter_defaults": {"length": 9}}}),
    )
    pairs.add(
        "parameter-identical",
        "identical",
        "same template, same -P",
        side(plain, parameters={"length": "10"}),
        side(plain, parameters={"length": "10"}),
    )
