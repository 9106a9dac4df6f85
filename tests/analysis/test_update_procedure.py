"""What an update does to each resource, offline (issue 31): the outcomes and reasons a user reads, for edits whose
answer Heat 27.0.1's real update gives (../shared/reference/heat-update.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hot_lsp.analysis.update.procedure import StackVersion, UpdatePreview, preview_update
from hot_lsp.analysis.update.sides import SideError, disk_files

HEAD = "heat_template_version: rocky\n"

SERVER = HEAD + textwrap.dedent(
    """
    parameters:
      key: {type: string, default: k1}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          image: cirros
          flavor: m1.small
          key_name: {get_param: key}
          user_data: hello
    """
)


def compare(tmp_path: Path, old: str, new: str, files: dict[str, tuple[str, str]] | None = None, **kw) -> UpdatePreview:
    """``files``: name -> (old text, new text) of the other files each side reads."""
    for side, text in (("old", old), ("new", new)):
        folder = tmp_path / side
        folder.mkdir(parents=True)
        (folder / "stack.yaml").write_text(text)
        for name, texts in (files or {}).items():
            (folder / name).write_text(texts[0] if side == "old" else texts[1])
    envs = kw.pop("environments", ())
    old_params = kw.pop("old_parameters", kw.get("parameters", {}))
    new_params = kw.pop("parameters", {})
    return preview_update(
        StackVersion(
            str(tmp_path / "old/stack.yaml"), disk_files(), tuple(str(tmp_path / "old" / e) for e in envs), old_params
        ),
        StackVersion(
            str(tmp_path / "new/stack.yaml"), disk_files(), tuple(str(tmp_path / "new" / e) for e in envs), new_params
        ),
    )


def outcome(found: UpdatePreview, name: str, parent: str | None = None) -> tuple[str, str]:
    change = found.outcome(name, parent)
    assert change is not None, found.changes
    return change.outcome, change.reason


def test_a_key_name_change_replaces_the_server(tmp_path: Path) -> None:
    found = compare(tmp_path, SERVER, SERVER.replace("default: k1", "default: k2"))
    assert outcome(found, "server") == ("replaced", "`key_name` is not updatable in place")


def test_an_image_change_rebuilds_in_place(tmp_path: Path) -> None:
    found = compare(tmp_path, SERVER, SERVER.replace("image: cirros", "image: fedora"))
    assert outcome(found, "server") == ("updated", "`image` change REBUILDs in place: the root disk is re-imaged")


def test_user_data_replaces_by_default_and_updates_with_the_update_policy(tmp_path: Path) -> None:
    found = compare(tmp_path, SERVER, SERVER.replace("user_data: hello", "user_data: bye"))
    assert outcome(found, "server") == (
        "replaced",
        "`user_data` changes and `user_data_update_policy` defaults to REPLACE",
    )
    policy = "user_data_update_policy: UPDATE\n      "
    old = SERVER.replace("user_data: hello", policy + "user_data: hello")
    found = compare(tmp_path / "2", old, old.replace("user_data: hello", "user_data: bye"))
    assert found.outcome("server") is not None
    assert outcome(found, "server")[0] == "updated"
    assert "user_data" in outcome(found, "server")[1]


def test_user_data_through_get_file_follows_the_file(tmp_path: Path) -> None:
    template = SERVER.replace("user_data: hello", "user_data: {get_file: boot.sh}")
    found = compare(tmp_path, template, template, {"boot.sh": ("echo 1\n", "echo 2\n")})
    assert outcome(found, "server")[0] == "replaced"


REFERENCES = HEAD + textwrap.dedent(
    """
    parameters:
      cidr: {type: string, default: 10.0.0.0/24}
    resources:
      net:
        type: OS::Neutron::Net
      subnet:
        type: OS::Neutron::Subnet
        properties:
          network: {get_resource: net}
          cidr: {get_param: cidr}
      port:
        type: OS::Neutron::Port
        properties:
          network: {get_resource: net}
          fixed_ips: [{subnet: {get_resource: subnet}}]
      server:
        type: OS::Nova::Server
        properties:
          image: cirros
          flavor: m1.small
          networks: [{port: {get_resource: port}}]
          metadata: {address: {get_attr: [port, fixed_ips]}}
    """
)


def test_an_identical_template_leaves_everything_unchanged(tmp_path: Path) -> None:
    found = compare(tmp_path, REFERENCES, REFERENCES)
    assert {c.resource_name: c.outcome for c in found.changes} == dict.fromkeys(
        ["net", "subnet", "port", "server"], "unchanged"
    )


def test_a_replaced_subnet_cascades_to_the_port_updated_in_place(tmp_path: Path) -> None:
    found = compare(tmp_path, REFERENCES, REFERENCES.replace("10.0.0.0/24", "10.1.0.0/24"))
    assert outcome(found, "net")[0] == "unchanged"
    assert outcome(found, "subnet") == ("replaced", "`cidr` is not updatable in place")
    assert outcome(found, "port") == (
        "updated",
        "the `subnet` it references is replaced (`fixed_ips` updated in place)",
    )
    # The server reads an attribute of the port updated in place: only the cloud knows whether it changes.
    state, reason = outcome(found, "server")
    assert state == "undecided" and "`fixed_ips` of `port`" in reason


def test_a_port_network_id_written_as_network_is_unchanged(tmp_path: Path) -> None:
    old = REFERENCES.replace(
        "      network: {get_resource: net}\n      fixed_ips", "      network_id: {get_resource: net}\n      fixed_ips"
    )
    assert "network_id" in old
    found = compare(tmp_path, old, REFERENCES)
    assert outcome(found, "net")[0] == "unchanged"
    # Heat's translation makes network_id and network equal; the written definition differs, so Heat updates.
    assert outcome(found, "port")[0] in ("unchanged", "updated")
    assert "replaced" not in [c.outcome for c in found.changes]


def test_a_rename_is_a_delete_and_an_add(tmp_path: Path) -> None:
    found = compare(tmp_path, SERVER, SERVER.replace("  server:", "  web:"))
    assert outcome(found, "server") == ("deleted", "gone from the template")
    assert outcome(found, "web") == ("added", "new in this version")


def test_a_condition_flipped_by_a_parameter_value(tmp_path: Path) -> None:
    template = HEAD + textwrap.dedent(
        """
        parameters:
          extra: {type: boolean, default: false}
        conditions:
          want: {get_param: extra}
        resources:
          base: {type: OS::Heat::None}
          more: {type: OS::Heat::None, condition: want}
        """
    )
    found = compare(tmp_path, template, template, old_parameters={}, parameters={"extra": "true"})
    assert outcome(found, "more") == ("added", "its condition is true in this version")
    assert outcome(found, "base")[0] == "unchanged"


GROUP = HEAD + textwrap.dedent(
    """
    parameters:
      count: {type: number, default: 3}
    resources:
      group:
        type: OS::Heat::ResourceGroup
        properties:
          count: {get_param: count}
          resource_def:
            type: OS::Heat::TestResource
            properties: {value: "v%index%"}
    """
)


def test_a_group_count_from_three_to_two_deletes_member_two(tmp_path: Path) -> None:
    found = compare(tmp_path, GROUP, GROUP.replace("default: 3", "default: 2"))
    assert outcome(found, "group")[0] == "updated"
    assert outcome(found, "2", "group") == ("deleted", "gone from the template")
    assert outcome(found, "0", "group")[0] == "unchanged"


def test_a_resource_def_change_decides_each_member_by_its_type(tmp_path: Path) -> None:
    found = compare(tmp_path, GROUP, GROUP.replace('value: "v%index%"', 'value: "w%index%"'))
    assert [outcome(found, str(i), "group")[0] for i in range(3)] == ["updated"] * 3
    replace = GROUP.replace('properties: {value: "v%index%"}', 'properties: {value: "v%index%", update_replace: true}')
    found = compare(tmp_path / "2", replace, replace.replace('"v%index%"', '"w%index%"'))
    assert outcome(found, "1", "group") == ("replaced", "`value` changes and `update_replace` is true")


def test_an_edit_inside_a_nested_template(tmp_path: Path) -> None:
    parent = HEAD + "resources:\n  app:\n    type: child.yaml\n    properties: {size: 1}\n"
    child = HEAD + textwrap.dedent(
        """
        parameters:
          size: {type: number}
        resources:
          volume:
            type: OS::Cinder::Volume
            properties: {size: {get_param: size}, availability_zone: %s}
        """
    )
    found = compare(tmp_path, parent, parent, {"child.yaml": (child % "az1", child % "az2")})
    state, reason = outcome(found, "app")
    assert state == "updated" and "1 replaced" in reason
    assert outcome(found, "volume", "app") == ("replaced", "`availability_zone` is not updatable in place")


def test_an_immutable_parameter_changed_refuses_the_update(tmp_path: Path) -> None:
    template = HEAD + "parameters:\n  zone: {type: string, immutable: true}\nresources:\n  a: {type: OS::Heat::None}\n"
    found = compare(tmp_path, template, template, old_parameters={"zone": "a"}, parameters={"zone": "b"})
    assert found.refused == "The following parameters are immutable and may not be updated: zone"
    assert found.changes == []


def test_a_restricted_replace_fails_the_update(tmp_path: Path) -> None:
    env = "resource_registry:\n  resources:\n    server:\n      restricted_actions: replace\n"
    found = compare(
        tmp_path,
        SERVER,
        SERVER.replace("default: k1", "default: k2"),
        {"env.yaml": (env, env)},
        environments=("env.yaml",),
    )
    change = found.outcome("server")
    assert change is not None and change.outcome == "failed"
    assert change.reason == (
        "the update fails: `key_name` is not updatable in place, and `replace` is a restricted action for it"
    )
    assert found.as_json()["undecided"][0]["resource_name"] == "server"


def test_per_type_rules(tmp_path: Path) -> None:
    template = HEAD + textwrap.dedent(
        """
        resources:
          none: {type: OS::Heat::None, properties: {a: 1}}
          handle: {type: OS::Heat::UpdateWaitConditionHandle}
          delay: {type: OS::Heat::Delay, properties: {min_wait: 1}}
          port: {type: OS::Neutron::Port, properties: {network: n, replacement_policy: REPLACE_ALWAYS}}
        """
    )
    found = compare(tmp_path, template, template.replace("a: 1", "a: 2").replace("min_wait: 1", "min_wait: 2"))
    assert outcome(found, "none") == ("unchanged", "`OS::Heat::None` is never updated")
    assert outcome(found, "handle") == ("replaced", "`OS::Heat::UpdateWaitConditionHandle` is replaced on every update")
    assert outcome(found, "delay") == (
        "replaced",
        "`OS::Heat::Delay` has no update of its own: any property change replaces it",
    )
    assert outcome(found, "port") == ("replaced", "`replacement_policy` is REPLACE_ALWAYS: replaced on every update")


def test_a_type_remapped_from_template_to_template_keeps_the_resource(tmp_path: Path) -> None:
    parent = HEAD + "resources:\n  x: {type: My::T}\n"
    a = HEAD + "resources:\n  r: {type: OS::Heat::TestResource, properties: {value: a}}\n"
    b = HEAD + "resources:\n  r: {type: OS::Heat::RandomString}\n  v: {type: OS::Heat::None}\n"
    env_a, env_b = "resource_registry:\n  My::T: a.yaml\n", "resource_registry:\n  My::T: b.yaml\n"
    files = {"env.yaml": (env_a, env_b), "a.yaml": (a, a), "b.yaml": (b, b)}
    found = compare(tmp_path, parent, parent, files, environments=("env.yaml",))
    assert outcome(found, "x")[0] == "updated"
    assert outcome(found, "r", "x")[0] == "replaced"
    assert outcome(found, "v", "x")[0] == "added"


def test_bad_input_is_a_side_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(SideError):
        compare(tmp_path, "a: [", SERVER)


def test_a_template_that_nests_itself_is_compared_once(tmp_path: Path) -> None:
    template = HEAD + "resources:\n  me: {type: stack.yaml}\n"
    found = compare(tmp_path, template, template)
    assert outcome(found, "me")[0] == "updated"


def test_a_huge_group_is_capped(tmp_path: Path) -> None:
    found = compare(tmp_path, GROUP, GROUP.replace("default: 3", "default: 100000000"))
    assert any("members" in note for note in found.notes)


def test_removal_policies_skip_the_names_they_list(tmp_path: Path) -> None:
    policy = "      count: {get_param: count}\n      removal_policies: [{resource_list: ['0']}]\n"
    new = GROUP.replace("      count: {get_param: count}\n", policy).replace("default: 3", "default: 2")
    found = compare(tmp_path, GROUP.replace("default: 3", "default: 2"), new)
    assert outcome(found, "0", "group")[0] == "deleted"
    assert outcome(found, "1", "group")[0] == "unchanged"
    assert outcome(found, "2", "group")[0] == "added"


def test_a_member_metadata_change_updates_each_member(tmp_path: Path) -> None:
    with_metadata = GROUP.replace(
        'properties: {value: "v%index%"}', 'properties: {value: "v%index%"}\n        metadata: {a: 1}'
    )
    found = compare(tmp_path, with_metadata, with_metadata.replace("a: 1", "a: 2"))
    assert outcome(found, "0", "group") == ("updated", "`metadata` changed (no property change)")


def test_a_deployment_input_marked_replace_on_change_replaces_it(tmp_path: Path) -> None:
    template = HEAD + textwrap.dedent(
        """
        resources:
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: echo
              inputs: [{name: tag, replace_on_change: true}, {name: note}]
          deploy:
            type: OS::Heat::SoftwareDeployment
            properties:
              config: {get_resource: config}
              server: abc
              input_values: {tag: a, note: x}
        """
    )
    found = compare(tmp_path, template, template.replace("tag: a", "tag: b"))
    assert outcome(found, "deploy") == (
        "replaced",
        "input `tag` changes and its config marks it `replace_on_change`",
    )
    found = compare(tmp_path / "2", template, template.replace("note: x", "note: y"))
    assert outcome(found, "deploy")[0] == "updated"


def test_scaling_group_members_are_the_clouds_to_name(tmp_path: Path) -> None:
    template = HEAD + textwrap.dedent(
        """
        resources:
          asg:
            type: OS::Heat::AutoScalingGroup
            properties:
              min_size: 1
              max_size: 3
              resource: {type: OS::Heat::TestResource, properties: {value: a}}
        """
    )
    found = compare(tmp_path, template, template.replace("value: a", "value: b"))
    assert outcome(found, "asg")[0] == "updated"
    state, reason = outcome(found, "*", "asg")
    assert state == "undecided" and "members have names Heat makes up" in reason


def test_a_fresh_process_compares_parameters_whose_constraints_a_rule_would_flag(tmp_path: Path) -> None:
    # The rules define their codes when imported; the comparison does not import them (W2021 once crashed it).
    template = HEAD + "parameters:\n  mode: {type: string, default: 'on', constraints: [{allowed_values: [on, off]}]}\n"
    (tmp_path / "stack.yaml").write_text(template + "resources:\n  a: {type: OS::Heat::None}\n")
    code = (
        "import sys; from hot_lsp.analysis.update.procedure import StackVersion, preview_update;"
        "from hot_lsp.analysis.update.sides import disk_files;"
        "v = StackVersion(sys.argv[1], disk_files());"
        "print(preview_update(v, v).changes[0].outcome)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "stack.yaml")], capture_output=True, text=True)
    assert done.stdout.strip() == "unchanged", done.stderr


def test_restricted_actions_reach_a_nested_stack_through_its_parents_name(tmp_path: Path) -> None:
    parent = HEAD + "resources:\n  app:\n    type: child.yaml\n"
    child = HEAD + "resources:\n  r: {type: OS::Heat::RandomString, properties: {length: %d}}\n"
    env = "resource_registry:\n  resources:\n    app:\n      r: {restricted_actions: [replace]}\n"
    files = {"child.yaml": (child % 8, child % 9), "env.yaml": (env, env)}
    found = compare(tmp_path, parent, parent, files, environments=("env.yaml",))
    change = found.outcome("r", "app")
    assert change is not None and change.outcome == "failed"
    assert "`replace` is a restricted action" in change.reason


def test_a_test_resource_told_to_fail_fails_the_update(tmp_path: Path) -> None:
    template = HEAD + "resources:\n  res: {type: OS::Heat::TestResource, properties: {value: one}}\n"
    found = compare(tmp_path, template, template.replace("value: one", "value: one, fail: true"))
    assert outcome(found, "res") == (
        "failed",
        "the update fails: `fail` updated in place, and its `fail` is true: its handler fails",
    )
