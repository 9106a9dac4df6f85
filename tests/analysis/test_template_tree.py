"""The tree of nested stacks: templates by file name and through the registry, group members, evaluation of
each child with its parent's properties, and the bounds (depth 5, cycles, missing and oversized files)."""

from __future__ import annotations

import os
import textwrap
import time
from pathlib import Path

import pytest
from nested_trees import (
    IN_PLACE_COUNTS,
    KUBECLUSTER,
    OVERCLOUD,
    OVERLAY_COUNTS,
    REGISTRY,
    TRIPLEO_RENDERED,
    tripleo_overlay,
)
from shared_paths import needs_corpus

from hot_lsp.analysis.files.template_files import MAX_FILE_CHARS, TemplateFiles, clear_cache
from hot_lsp.analysis.stack.template_tree import Tree, TreeCache, TreeNode, build_tree, tree_inputs, tree_is_current
from hot_lsp.analysis.stack.tree_limits import MAX_NESTED_DEPTH, MAX_NODES
from hot_lsp.commands.resources import read_template
from hot_lsp.spec import builtin_catalogue


def tree_of(
    template: Path, *environments: Path, depth: int = MAX_NESTED_DEPTH, roots: tuple[str, ...] | None = None
) -> Tree:
    files = TemplateFiles(roots)
    loaded = [files.environment(str(path)) for path in environments]
    inputs = tree_inputs(builtin_catalogue(), loaded)
    return build_tree(read_template(str(template)), str(template), inputs, files, depth)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    head = HEADER if text.startswith(HEADER) else ""
    path.write_text(head + textwrap.dedent(text[len(head) :]).lstrip("\n"))
    return path


def find(tree: Tree, *names: str) -> TreeNode:
    """The node at the path of resource names (parent first)."""
    level = tree.resources
    node = None
    for name in names:
        node = next(n for n in level if n.name == name)
        level = node.children
    assert node is not None
    return node


HEADER = "heat_template_version: 2016-10-14\n"


# -- the corpus's real trees --------------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("depth", sorted(IN_PLACE_COUNTS))
def test_tripleo_overcloud_in_place_counts(depth: int):
    tree = tree_of(OVERCLOUD, REGISTRY, depth=depth)
    nodes = list(tree.walk())
    assert len(nodes) == IN_PLACE_COUNTS[depth]
    assert max(node.depth for node in nodes) <= depth


@needs_corpus
def test_tripleo_known_nested_resource_names_its_parent_and_template():
    tree = tree_of(OVERCLOUD, REGISTRY, depth=1)
    chain = find(tree, "ControllerServiceChain")
    role = str(TRIPLEO_RENDERED / "common/services/controller-role.yaml")
    assert chain.child_template == role  # mapped by the registry, relative to the registry file
    service_chain = find(tree, "ControllerServiceChain", "ServiceChain")
    assert (service_chain.depth, service_chain.type) == (1, "OS::Heat::ResourceChain")
    assert service_chain.parent is chain and service_chain.nested_template == role and service_chain.file == role
    # A group's member, one level down, of the member type; its own template is missing here.
    member = find(tree, "Controller", "0")
    assert (member.type, member.depth, member.member) == ("OS::TripleO::Controller", 1, True)
    assert member.note == f"not found (looked for {TRIPLEO_RENDERED / 'puppet/controller-role.yaml'})"


@needs_corpus
def test_tripleo_overlay_counts_at_0_1_and_max(tmp_path_factory: pytest.TempPathFactory):
    folder = tripleo_overlay(tmp_path_factory.mktemp("tht"))
    for depth, count in OVERLAY_COUNTS.items():
        tree = tree_of(folder / "overcloud.yaml", folder / REGISTRY.name, depth=depth)
        assert len(list(tree.walk())) == count, depth
    deepest = [node for node in tree.walk() if node.depth == MAX_NESTED_DEPTH]
    assert deepest and not any(node.children for node in deepest)
    # The service chain's members resolve through the registry to the services' templates.
    keystone = next(n for n in find(tree, "ControllerServiceChain", "ServiceChain").children if n.name == "75")
    assert keystone.type == "OS::TripleO::Services::Keystone"
    assert keystone.child_template == str(folder / "deployment/keystone/keystone-container-puppet.yaml")
    assert "ApacheServiceBase" in {child.name for child in keystone.children}


@needs_corpus
def test_magnum_resource_groups_list_members_when_count_evaluates(tmp_path: Path):
    env = write(tmp_path, "env.yaml", "parameters:\n  number_of_masters: 3\n  is_cluster_stack: true\n")
    tree = tree_of(KUBECLUSTER, env, depth=2)
    masters = find(tree, "kube_masters")
    assert [m.name for m in masters.children] == ["0", "1", "2"]
    assert all(m.type == "kubemaster.yaml" and m.enabled and m.member for m in masters.children)
    assert masters.children[2].child_template == str(KUBECLUSTER.parent / "kubemaster.yaml")
    server = find(tree, "kube_masters", "1", "kube-master")
    assert (server.depth, server.type, server.enabled) == (2, "OS::Nova::Server", True)
    assert server.nested_template == str(KUBECLUSTER.parent / "kubemaster.yaml")
    # kubeminion.yaml is not in this driver's folder: listed, with where it was looked for.
    minion = find(tree, "kube_minions", "0")
    assert minion.children == [] and minion.note.startswith("not found (looked for ")
    assert minion.note.endswith("k8s_fedora_coreos_v1/templates/kubeminion.yaml)")


@needs_corpus
def test_magnum_defaults_disable_the_groups_and_their_members():
    tree = tree_of(KUBECLUSTER, depth=2)
    masters = find(tree, "kube_masters")
    assert masters.enabled is False  # is_cluster_stack defaults to false
    assert [m.name for m in masters.children] == ["0"]  # count defaults to 1
    assert not any(node.enabled for node in masters.walk())


# -- nested templates -------------------------------------------------------------------------------


def test_child_values_come_from_parent_properties_then_parameter_defaults(tmp_path: Path):
    write(
        tmp_path,
        "child.yaml",
        HEADER
        + """
        parameters:
          size: {type: number, default: 1}
          zone: {type: string, default: none}
        conditions:
          big: {equals: [{get_param: size}, 3]}
          east: {equals: [{get_param: zone}, east]}
        resources:
          when_big: {type: OS::Heat::None, condition: big}
          when_east: {type: OS::Heat::None, condition: east}
        """,
    )
    top = write(
        tmp_path,
        "top.yaml",
        HEADER
        + """
        parameters:
          size: {type: number, default: 3}
        resources:
          child:
            type: child.yaml
            properties:
              size: {get_param: size}
              zone: {get_attr: [other, zone]}
          other: {type: OS::Heat::None}
        """,
    )
    tree = tree_of(top)
    assert find(tree, "child", "when_big").enabled is True  # the parent's evaluated property
    assert find(tree, "child", "when_east").enabled is False  # a run-time value: the child's default
    env = write(tmp_path, "env.yaml", "parameter_defaults:\n  zone: east\nparameters:\n  size: 2\n")
    tree = tree_of(top, env)
    assert find(tree, "child", "when_east").enabled is True  # parameter_defaults reach nested stacks
    assert find(tree, "child", "when_big").enabled is False  # `parameters` set the top-level size to 2


def test_disabled_parent_lists_its_children_disabled(tmp_path: Path):
    write(tmp_path, "child.yaml", HEADER + "resources:\n  inner: {type: OS::Heat::None}\n")
    top = write(
        tmp_path,
        "top.yaml",
        HEADER + "conditions:\n  never: false\nresources:\n  c: {type: child.yaml, condition: never}\n",
    )
    tree = tree_of(top)
    inner = find(tree, "c", "inner")
    assert (inner.enabled, inner.parent.name, inner.depth) == (False, "c", 1)


def test_registry_targets_resolve_from_the_environment_file(tmp_path: Path):
    write(tmp_path, "lib/child.yaml", HEADER + "resources:\n  inner: {type: OS::Heat::None}\n")
    env = write(tmp_path, "lib/env.yaml", "resource_registry:\n  My::Child: child.yaml\n")
    top = write(tmp_path, "stacks/top.yaml", HEADER + "resources:\n  c: {type: My::Child}\n")
    tree = tree_of(top, env)
    assert find(tree, "c").child_template == str(tmp_path / "lib/child.yaml")
    assert find(tree, "c", "inner").nested_template == str(tmp_path / "lib/child.yaml")


def test_missing_child_is_listed_with_the_path_looked_for(tmp_path: Path):
    top = write(tmp_path, "top.yaml", HEADER + "resources:\n  gone: {type: sub/missing.yaml}\n")
    for depth in (0, 1):
        gone = find(tree_of(top, depth=depth), "gone")
        assert gone.children == [] and gone.child_template == str(tmp_path / "sub/missing.yaml")
        assert gone.note == f"not found (looked for {tmp_path / 'sub/missing.yaml'})"


def test_nesting_stops_at_heats_max_depth(tmp_path: Path):
    for level in range(9):
        write(tmp_path, f"level{level}.yaml", HEADER + f"resources:\n  r{level}: {{type: level{level + 1}.yaml}}\n")
    top = tmp_path / "level0.yaml"
    for asked in (5, 8, 100):
        nodes = list(tree_of(top, depth=asked).walk())
        assert [n.depth for n in nodes] == [0, 1, 2, 3, 4, 5]
        assert nodes[-1].name == "r5" and nodes[-1].children == []


def test_a_template_including_itself_is_listed_once(tmp_path: Path):
    top = write(
        tmp_path, "self.yaml", HEADER + "resources:\n  again: {type: self.yaml}\n  other: {type: OS::Heat::None}\n"
    )
    started = time.monotonic()
    tree = tree_of(top)
    assert time.monotonic() - started < 2
    assert [n.name for n in tree.walk()] == ["again", "other"]
    again = find(tree, "again")
    assert again.cycle and again.children == [] and "ancestors" in again.note


def test_a_cycle_through_the_registry_and_another_file_is_cut_at_the_ancestor(tmp_path: Path):
    write(tmp_path, "b.yaml", HEADER + "resources:\n  back: {type: My::A}\n")
    top = write(tmp_path, "a.yaml", HEADER + "resources:\n  to_b: {type: b.yaml}\n")
    env = write(tmp_path, "env.yaml", "resource_registry:\n  My::A: a.yaml\n")
    tree = tree_of(top, env)
    back = find(tree, "to_b", "back")
    assert back.cycle and back.child_template == str(tmp_path / "a.yaml") and back.children == []
    assert sum(1 for n in tree.walk() if n.cycle) == 1


def test_group_in_a_self_including_template_stops_too(tmp_path: Path):
    top = write(
        tmp_path,
        "g.yaml",
        HEADER + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n"
        "    properties: {count: 3, resource_def: {type: g.yaml}}\n",
    )
    tree = tree_of(top)
    assert [n.name for n in tree.walk()] == ["g", "0", "1", "2"]
    assert all(member.cycle for member in find(tree, "g").children)


# -- groups ---------------------------------------------------------------------------------------


def test_resource_group_members_get_index_substituted_properties(tmp_path: Path):
    write(
        tmp_path,
        "node.yaml",
        HEADER
        + """
        parameters:
          name: {type: string}
        conditions:
          second: {equals: [{get_param: name}, node-1]}
        resources:
          only_second: {type: OS::Heat::None, condition: second}
        """,
    )
    top = write(
        tmp_path,
        "top.yaml",
        HEADER
        + """
        resources:
          nodes:
            type: OS::Heat::ResourceGroup
            properties:
              count: 3
              resource_def:
                type: node.yaml
                properties: {name: node-%index%}
        """,
    )
    tree = tree_of(top)
    members = find(tree, "nodes").children
    assert [m.name for m in members] == ["0", "1", "2"]
    assert [m.children[0].enabled for m in members] == [False, True, False]
    text = top.read_text()
    assert text[members[0].start : members[0].end] == "node.yaml"  # a member points at its type
    assert members[0].required_by == ()


def test_group_sizes_and_member_types(tmp_path: Path):
    top = write(
        tmp_path,
        "top.yaml",
        HEADER
        + """
        parameters:
          n: {type: number}
        resources:
          default_count:
            type: OS::Heat::ResourceGroup
            properties: {resource_def: {type: OS::Heat::None}}
          unknown_count:
            type: OS::Heat::ResourceGroup
            properties: {count: {get_param: n}, resource_def: {type: OS::Heat::None}}
          scaling:
            type: OS::Heat::AutoScalingGroup
            properties: {min_size: 2, max_size: 5, resource: {type: OS::Heat::RandomString}}
          desired:
            type: OS::Heat::AutoScalingGroup
            properties: {min_size: 1, max_size: 5, desired_capacity: 3, resource: {type: OS::Heat::None}}
          chain:
            type: OS::Heat::ResourceChain
            properties: {resources: [OS::Heat::None, OS::Heat::RandomString]}
          empty:
            type: OS::Heat::ResourceGroup
            properties: {count: 0, resource_def: {type: OS::Heat::None}}
        """,
    )
    tree = tree_of(top, depth=1)
    assert [m.name for m in find(tree, "default_count").children] == ["0"]
    unknown = find(tree, "unknown_count")
    assert unknown.children == [] and unknown.note == "members not listed: its count is not known offline"
    assert [(m.name, m.type) for m in find(tree, "scaling").children] == [
        ("0", "OS::Heat::RandomString"),
        ("1", "OS::Heat::RandomString"),
    ]
    assert len(find(tree, "desired").children) == 3  # desired_capacity wins over min_size
    chain = find(tree, "chain").children
    assert [(m.type, m.required_by) for m in chain] == [("OS::Heat::None", ("1",)), ("OS::Heat::RandomString", ())]
    assert find(tree, "empty").children == []
    assert not any(n.children for n in tree_of(top, depth=0).walk())  # depth 0: the groups only


def test_group_size_fallbacks_and_unknown_members(tmp_path: Path):
    top = write(
        tmp_path,
        "top.yaml",
        HEADER
        + """
        parameters:
          n: {type: number}
          kinds: {type: comma_delimited_list}
        resources:
          zero_desired:
            type: OS::Heat::AutoScalingGroup
            properties: {min_size: 2, max_size: 5, desired_capacity: 0, resource: {type: OS::Heat::None}}
          unknown_size:
            type: OS::Heat::AutoScalingGroup
            properties: {min_size: {get_param: n}, max_size: 5, resource: {type: OS::Heat::None}}
          unknown_chain:
            type: OS::Heat::ResourceChain
            properties: {resources: {get_param: kinds}}
          concurrent:
            type: OS::Heat::ResourceChain
            properties: {concurrent: true, resources: [OS::Heat::None, OS::Heat::None]}
        """,
    )
    tree = tree_of(top, depth=1)
    assert len(find(tree, "zero_desired").children) == 2  # Heat: desired_capacity when truthy, else min_size
    unknown = find(tree, "unknown_size")
    assert unknown.note == "members not listed: its desired_capacity and min_size are not known offline"
    assert find(tree, "unknown_chain").note == "members not listed: its resources are not known offline"
    assert [m.required_by for m in find(tree, "concurrent").children] == [(), ()]


def test_wide_trees_are_cut_at_the_node_limit(tmp_path: Path):
    group = "  g:\n    type: OS::Heat::ResourceGroup\n    properties: {{count: 900, resource_def: {{type: {}}}}}\n"
    write(tmp_path, "leaf.yaml", HEADER + "resources:\n" + group.format("OS::Heat::None"))
    top = write(tmp_path, "top.yaml", HEADER + "resources:\n" + group.format("leaf.yaml"))
    started = time.monotonic()
    tree = tree_of(top)
    assert time.monotonic() - started < 15
    assert len(list(tree.walk())) <= MAX_NODES + 1
    assert tree.notes == [f"the tree was cut short: over {MAX_NODES:,} resources"]


# -- files ----------------------------------------------------------------------------------------


def test_oversized_unreadable_and_outside_children_get_a_note(tmp_path: Path):
    write(tmp_path, "big.yaml", HEADER + "description: " + "x" * MAX_FILE_CHARS + "\n")
    os.mkfifo(tmp_path / "pipe.yaml")
    top = write(
        tmp_path,
        "top.yaml",
        HEADER + "resources:\n  big: {type: big.yaml}\n  pipe: {type: pipe.yaml}\n  out: {type: ../elsewhere.yaml}\n",
    )
    (tmp_path.parent / "elsewhere.yaml").write_text(HEADER)
    (tmp_path / "link.yaml").symlink_to(tmp_path.parent / "elsewhere.yaml")
    top.write_text(top.read_text() + "  link: {type: link.yaml}\n")
    tree = tree_of(top, roots=(str(tmp_path),))
    assert "outside the folders hot-lsp reads" in find(tree, "link").note
    assert "larger than Heat's limit of 524,288 characters" in find(tree, "big").note
    assert find(tree, "pipe").note.endswith("is not a regular file; not read")
    assert "outside the folders hot-lsp reads" in find(tree, "out").note


def test_parsed_children_are_cached_by_mtime_and_size(tmp_path: Path):
    clear_cache()
    child = write(tmp_path, "child.yaml", HEADER + "resources:\n  a: {type: OS::Heat::None}\n")
    first = TemplateFiles().template(str(child)).analysis
    assert TemplateFiles().template(str(child)).analysis is first
    child.write_text(HEADER + "resources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None}\n")
    again = TemplateFiles().template(str(child)).analysis
    assert again is not first and list(again.model.resources) == ["a", "b"]


def test_tree_cache_reuses_a_tree_until_a_file_changes(tmp_path: Path):
    child = write(tmp_path, "child.yaml", HEADER + "resources:\n  a: {type: OS::Heat::None}\n")
    top = write(tmp_path, "top.yaml", HEADER + "resources:\n  c: {type: child.yaml}\n")
    analysis = read_template(str(top))
    cache = TreeCache()
    built: list[Tree] = []

    def build() -> Tree:
        files = TemplateFiles()
        built.append(build_tree(analysis, str(top), tree_inputs(builtin_catalogue(), []), files, 1))
        return built[-1]

    first = cache.get(analysis, ("top", 1), build)
    assert cache.get(analysis, ("top", 1), build) is first and tree_is_current(first)
    child.write_text(HEADER + "resources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None}\n")
    os.utime(child, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    second = cache.get(analysis, ("top", 1), build)
    assert second is not first and [n.name for n in second.walk()] == ["c", "a", "b"]
