"""Cross-file rules: template resources against their templates (E3016-E3019, E3022), missing template files
(W7012), templates that include an ancestor (E7013), missing get_file targets (E7014), and environment names no
template declares (W7015).

Each case writes a small tree into tmp_path and analyses the parent as the file it is, the way the command line
and the editor do (``Options(document_path=..., environment_paths=...)``). What Heat 27.0.1 does with each case
was checked by running it (Stack.validate, see tools/record_heat_results.py for the harness)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from nested_trees import OVERCLOUD, REGISTRY, tripleo_overlay
from shared_paths import needs_corpus

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document.problems import ERROR, WARNING

VERSION = "heat_template_version: 2021-04-16\n"
CHILD = """
parameters:
  name: {type: string}
  size: {type: number, default: 1}
  level: {type: number, default: 3, constraints: [{range: {min: 1, max: 5}}]}
  enabled: {type: boolean, default: false}
  tags: {type: comma_delimited_list, default: []}
  extra: {type: json, default: {}}
outputs:
  address: {value: 10.0.0.1}
"""
CROSS_FILE_CODES = ("E3016", "E3017", "E3018", "E3019", "E3022", "W3015", "E3014", "W7012", "E7013", "E7014")


def write(folder: Path, name: str, text: str, *, template: bool = True) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text((VERSION if template else "") + textwrap.dedent(text).lstrip("\n"))
    return path


def analysis_of(path: Path, *, envs: tuple[Path, ...] = (), roots: tuple[Path, ...] = (), **options):
    return analyze(
        path.read_text(),
        Options(
            document_path=str(path),
            environment_paths=tuple(str(env) for env in envs),
            file_roots=tuple(str(root) for root in roots),
            **options,
        ),
    )


def found(path: Path, **kwargs) -> list[tuple[str, str]]:
    """(code, covered text) of the cross-file findings of the template at ``path``."""
    analysis = analysis_of(path, **kwargs)
    text = analysis.text
    return [(d.code, text[d.start : d.end]) for d in analysis.diagnostics if d.code in CROSS_FILE_CODES]


def diagnostics(path: Path, code: str, **kwargs):
    return [d for d in analysis_of(path, **kwargs).diagnostics if d.code == code]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(tmp_path, "child.yaml", CHILD)
    return tmp_path


# -- properties against the child's parameters --------------------------------------------------------------


def test_declared_parameters_are_accepted(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          web:
            type: child.yaml
            properties: {name: web, size: '2', level: 5, enabled: 'True', tags: 'a,b', extra: '{"k": 1}'}
        """,
    )
    assert found(parent) == []


def test_unknown_property_E3016(tree: Path):
    parent = write(
        tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n    properties: {name: x, nmae: y}\n"
    )
    assert found(parent) == [("E3016", "nmae")]
    [diagnostic] = diagnostics(parent, "E3016")
    assert diagnostic.severity == ERROR
    assert diagnostic.message.startswith(
        "Unknown Property nmae (resource `web`, properties): the template `child.yaml`"
    )
    assert "no parameter `nmae`" in diagnostic.message and diagnostic.data.to_json() == {"suggestions": ["name"]}


def test_missing_parameter_is_a_warning_when_no_environment_is_configured_E3017(tree: Path):
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n    properties: {size: 2}\n")
    assert found(parent) == [("E3017", "child.yaml")]
    [diagnostic] = diagnostics(parent, "E3017")
    assert diagnostic.severity == WARNING
    assert "Property name not assigned" in diagnostic.message and "parameter_defaults" in diagnostic.message


def test_missing_parameter_is_an_error_when_the_environments_do_not_give_it_E3017(tree: Path):
    env = write(tree, "env.yaml", "parameter_defaults: {size: 3}\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n")
    assert found(parent, envs=(env,)) == [("E3017", "child.yaml")]
    [diagnostic] = diagnostics(parent, "E3017", envs=(env,))
    assert diagnostic.severity == ERROR and "no parameter_defaults of the environments" in diagnostic.message


def test_parameter_defaults_supply_a_required_parameter(tree: Path):
    env = write(tree, "env.yaml", "parameter_defaults: {name: from-env}\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n")
    assert found(parent, envs=(env,)) == []


def test_a_null_parameter_default_supplies_nothing(tree: Path):
    # Heat 27: parameter_defaults {name: null} leaves the parameter without a default: Property name not assigned.
    env = write(tree, "env.yaml", "parameter_defaults: {name: null}\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n")
    assert found(parent, envs=(env,)) == [("E3017", "child.yaml")]


def test_environment_parameters_do_not_reach_a_nested_stack(tree: Path):
    # `parameters` are the top-level stack's; only parameter_defaults apply to nested ones.
    env = write(tree, "env.yaml", "parameters: {name: top-only}\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n")
    assert found(parent, envs=(env,)) == [("E3017", "child.yaml")]


def test_literal_of_the_wrong_type_E3018(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        "resources:\n  web:\n    type: child.yaml\n    properties: {name: 1.5, size: many, enabled: maybe, tags: {a: b}}\n",
    )
    assert found(parent) == [("E3018", "1.5"), ("E3018", "many"), ("E3018", "maybe"), ("E3018", "{a: b}")]
    messages = [d.message for d in diagnostics(parent, "E3018")]
    assert messages[1].startswith("could not convert string to float: 'many' (resource `web`, properties.size)")
    assert "`size` is a Number parameter" in messages[1]


def test_value_outside_the_parameter_constraints_E3019(tree: Path):
    parent = write(
        tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n    properties: {name: x, level: 9}\n"
    )
    assert found(parent) == [("E3019", "9")]
    assert diagnostics(parent, "E3019")[0].message.startswith("9 is out of range (min: 1, max: 5)")


def test_function_values_are_judged_only_as_for_any_resource(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        parameters:
          names: {type: comma_delimited_list, default: 'a,b'}
          size: {type: string, default: big}
        resources:
          web:
            type: child.yaml
            properties: {name: {get_param: size}, size: {get_param: size}, level: {get_attr: [other, address]}}
          other:
            type: child.yaml
            properties: {name: {get_param: names}}
        """,
    )
    # A list parameter is never a string (Heat: Value must be a string; got ['a', 'b']); the rest is not judged.
    assert found(parent) == [("E3018", "{get_param: names}")]


def test_condition_false_resource_gets_warnings(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        "conditions:\n  never: false\nresources:\n  web:\n    type: child.yaml\n    condition: never\n"
        "    properties: {name: x, nope: 1}\n",
    )
    [diagnostic] = diagnostics(parent, "E3016")
    assert diagnostic.severity == WARNING and "condition" in diagnostic.message


def test_external_resource_is_not_checked(tree: Path):
    parent = write(
        tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n    external_id: abc\n    properties: {x: 1}\n"
    )
    assert found(parent) == []


def test_child_open_in_the_editor_is_read_from_its_buffer(tree: Path):
    parent = write(
        tree, "parent.yaml", "resources:\n  web:\n    type: child.yaml\n    properties: {name: x, port: 80}\n"
    )
    assert found(parent) == [("E3016", "port")]
    edited = VERSION + "parameters:\n  name: {type: string}\n  port: {type: number}\n"
    overlay = {str(tree / "child.yaml"): (7, edited)}
    assert found(parent, overlay=overlay) == []
    half_typed = VERSION + "parameters:\n  name: {type: string\n  port: [\n"
    assert found(parent, overlay={str(tree / "child.yaml"): (8, half_typed)}) == []


# -- get_attr against the child's outputs --------------------------------------------------------------------


def test_get_attr_of_outputs_and_nested_stack_attributes(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          web:
            type: child.yaml
            properties: {name: x}
        outputs:
          known: {value: {get_attr: [web, address]}}
          show: {value: {get_attr: [web, show]}}
          stack_id: {value: {get_attr: [web, OS::stack_id]}}
          inner: {value: {get_attr: [web, resource.server.first_address]}}
          wrong: {value: {get_attr: [web, adress]}}
        """,
    )
    assert found(parent) == [("E3022", "adress")]
    [diagnostic] = diagnostics(parent, "E3022")
    assert "`web` is the template `child.yaml`, which has no output `adress`" in diagnostic.message
    assert diagnostic.data.to_json() == {"suggestions": ["address"]}


# -- types the registry maps --------------------------------------------------------------------------------


def test_registry_mapped_type_is_checked_against_its_template(tree: Path):
    env = write(tree, "env.yaml", "resource_registry:\n  My::Web: child.yaml\n", template=False)
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          web:
            type: My::Web
            properties: {name: x, colour: red}
          other:
            type: My::Unmapped
        outputs:
          o: {value: {get_attr: [web, nope]}}
        """,
    )
    # With the environment given, a type it does not map is what Heat refuses (E3014).
    assert found(parent, envs=(env,)) == [("E3016", "colour"), ("E3014", "My::Unmapped"), ("E3022", "nope")]
    message = diagnostics(parent, "E3016", envs=(env,))[0].message
    assert "`My::Web` (the template `child.yaml`) has no parameter `colour`" in message
    # Without the environment, the type is unknown (W3015) and nothing else is said.
    assert found(parent) == [("W3015", "My::Web"), ("W3015", "My::Unmapped")]


def test_registry_paths_are_taken_from_the_environment_folder(tree: Path):
    write(tree, "templates/server.yaml", "parameters:\n  flavor: {type: string}\n")
    env = write(tree, "envs/env.yaml", "resource_registry:\n  My::Server: ../templates/server.yaml\n", template=False)
    parent = write(tree, "stacks/top.yaml", "resources:\n  s:\n    type: My::Server\n    properties: {flavour: x}\n")
    # `flavour` is the required `flavor` misspelt: one finding, whose fix renames it (issue 29 item 2).
    assert found(parent, envs=(env,)) == [("E3016", "flavour")]


def test_registry_alias_to_a_heat_type_is_checked_as_that_type(tree: Path):
    env = write(tree, "env.yaml", "resource_registry:\n  My::Volume: OS::Cinder::Volume\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  v:\n    type: My::Volume\n    properties: {sise: 1}\n")
    assert found(parent, envs=(env,)) == [("E3016", "sise")]


def test_unsaved_buffer_still_reaches_registry_templates(tree: Path):
    env = write(tree, "env.yaml", "resource_registry:\n  My::Web: child.yaml\n", template=False)
    text = (
        VERSION + "resources:\n  web:\n    type: My::Web\n    properties: {name: x, nope: 1}\n  f:\n    type: f.yaml\n"
    )
    analysis = analyze(text, Options(environment_paths=(str(env),)))
    assert [(d.code, text[d.start : d.end]) for d in analysis.diagnostics if d.code in CROSS_FILE_CODES] == [
        ("E3016", "nope")
    ]


# -- groups -------------------------------------------------------------------------------------------------


def test_resource_group_members_are_checked_against_the_template(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          group:
            type: OS::Heat::ResourceGroup
            properties:
              count: 2
              resource_def:
                type: child.yaml
                properties: {name: 'web-%index%', size: '%index%', colour: red}
          indexed:
            type: OS::Heat::ResourceGroup
            properties:
              index_var: '@@@'
              resource_def:
                type: child.yaml
                properties: {name: x, level: '@@@'}
          unnamed:
            type: OS::Heat::ResourceGroup
            properties:
              resource_def: {type: child.yaml}
        """,
    )
    # index_var is replaced per member, so '%index%' and '@@@' are not judged as literals but as member 0's values:
    # 'web-0' and 0 fit name and size; level 0 is out of its range 1..5 (the group's create fails on member 0).
    assert found(parent) == [("E3016", "colour"), ("E3019", "'@@@'"), ("E3017", "child.yaml")]
    assert "Member 0 gets '0' from '@@@'." in diagnostics(parent, "E3019")[0].message
    message = diagnostics(parent, "E3016")[0].message
    assert "(resource `group`, properties.resource_def.properties)" in message


def test_empty_group_is_not_checked(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          group:
            type: OS::Heat::ResourceGroup
            properties:
              count: 0
              resource_def: {type: child.yaml, properties: {colour: red}}
        outputs:
          o: {value: {get_attr: [group, nope]}}
        """,
    )
    assert found(parent) == []


def test_autoscaling_group_member_is_checked(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          asg:
            type: OS::Heat::AutoScalingGroup
            properties:
              min_size: 1
              max_size: 3
              resource: {type: child.yaml, properties: {name: x, colour: red}}
        outputs:
          sizes: {value: {get_attr: [asg, current_size]}}
          addresses: {value: {get_attr: [asg, outputs_list, address]}}
          wrong_member: {value: {get_attr: [asg, outputs, adress]}}
          wrong_group: {value: {get_attr: [asg, adresses]}}
        """,
    )
    assert found(parent) == [("E3016", "colour"), ("E3022", "adress"), ("E3022", "adresses")]


def test_get_attr_of_resource_group_members(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          group:
            type: OS::Heat::ResourceGroup
            properties:
              resource_def: {type: child.yaml, properties: {name: x}}
          servers:
            type: OS::Heat::ResourceGroup
            properties:
              resource_def: {type: OS::Nova::Server, properties: {flavor: m1.small}}
        outputs:
          refs: {value: {get_attr: [group, refs]}}
          addresses: {value: {get_attr: [group, address]}}
          first: {value: {get_attr: [group, resource.0.address]}}
          first_again: {value: {get_attr: [group, resource.0, address]}}
          first_ref: {value: {get_attr: [group, resource.0]}}
          by_member: {value: {get_attr: [group, attributes, address]}}
          wrong: {value: {get_attr: [group, adress]}}
          wrong_first: {value: {get_attr: [group, resource.1.adress]}}
          wrong_path: {value: {get_attr: [group, resource.1, adress]}}
          wrong_by_member: {value: {get_attr: [group, attributes, adress]}}
          networks: {value: {get_attr: [servers, networks]}}
          wrong_server: {value: {get_attr: [servers, first_adress]}}
        """,
    )
    assert found(parent) == [("E3022", "adress"), ("E3022", "resource.1.adress")] + [("E3022", "adress")] * 2 + [
        ("E3022", "first_adress")
    ]
    messages = [d.message for d in diagnostics(parent, "E3022")]
    assert "the members of `group` are the template `child.yaml`, which has no output `adress`" in messages[0]
    assert "the members of `servers` are `OS::Nova::Server`" in messages[-1]


# -- W7012: template files that are not there ---------------------------------------------------------------


def test_missing_template_file_W7012(tree: Path):
    parent = write(tree, "parent.yaml", "resources:\n  web:\n    type: nothere.yaml\n")
    assert found(parent) == [("W7012", "nothere.yaml")]
    [diagnostic] = diagnostics(parent, "W7012")
    assert diagnostic.severity == WARNING
    assert f"looked for {tree / 'nothere.yaml'}" in diagnostic.message
    assert diagnostic.data is None  # the path is in the message; no quick fix reads it


def test_missing_registry_target_W7012_and_rendered_note(tree: Path):
    write(tree, "role.j2.yaml", "parameters: {}\n")
    env = write(tree, "env.yaml", "resource_registry:\n  My::Role: role.yaml\n", template=False)
    parent = write(tree, "parent.yaml", "resources:\n  r:\n    type: My::Role\n")
    [diagnostic] = diagnostics(parent, "W7012", envs=(env,))
    assert "`My::Role` is mapped by env.yaml to the template `role.yaml`, which does not exist" in diagnostic.message
    assert "TripleO renders it from `role.j2.yaml`" in diagnostic.message


def test_urls_and_paths_outside_the_roots_are_not_looked_for(tree: Path, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    parent = write(
        tree,
        "parent.yaml",
        f"""
        resources:
          remote: {{type: 'https://example.com/server.yaml'}}
          installed: {{type: /usr/share/openstack-tripleo-heat-templates/x.yaml}}
          outside: {{type: {elsewhere}/x.yaml}}
          inside: {{type: {tree}/y.yaml}}
          relative_outside: {{type: ../{elsewhere.name}/z.yaml}}
        """,
    )
    # An absolute path inside the roots is looked for; a relative one wherever it leads (as the client does).
    assert found(parent, roots=(tree,)) == [("W7012", f"{tree}/y.yaml"), ("W7012", f"../{elsewhere.name}/z.yaml")]
    assert (elsewhere / "x.yaml").as_posix() not in analysis_of(parent, roots=(tree,)).read_files


def test_names_no_file_can_have_are_not_looked_for(tree: Path):
    parent = write(
        tree,
        "parent.yaml",
        """
        resources:
          nul: {type: "x\\0.yaml"}
          bracket: {type: "http://[::1.yaml"}
          script:
            type: OS::Heat::Value
            properties: {value: {get_file: "y\\0.sh"}}
        """,
    )
    assert found(parent) == []


# -- E7013: templates that include an ancestor ------------------------------------------------------------


def test_template_including_itself_E7013(tree: Path):
    parent = write(tree, "self.yaml", "resources:\n  again:\n    type: self.yaml\n  other:\n    type: child.yaml\n")
    assert [code for code, _ in found(parent)] == ["E7013", "E3017"]
    [diagnostic] = diagnostics(parent, "E7013")
    assert diagnostic.severity == ERROR
    assert "(self.yaml → self.yaml)" in diagnostic.message and "Recursion depth exceeds 5" in diagnostic.message


def test_cycle_through_another_template_is_reported_once_per_starting_resource(tree: Path):
    write(tree, "b.yaml", "resources:\n  back:\n    type: a.yaml\n  also:\n    type: a.yaml\n")
    parent = write(tree, "a.yaml", "resources:\n  down:\n    type: b.yaml\n  fine:\n    type: OS::Heat::None\n")
    assert found(parent) == [("E7013", "b.yaml")]
    assert "(a.yaml → b.yaml → a.yaml)" in diagnostics(parent, "E7013")[0].message


def test_cycle_through_a_group_member(tree: Path):
    write(
        tree,
        "member.yaml",
        "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: member.yaml}}\n",
    )
    parent = write(
        tree,
        "top.yaml",
        "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: member.yaml}}\n",
    )
    assert found(parent) == [("E7013", "member.yaml")]


def test_cycle_whose_group_stack_is_the_one_too_deep(tree: Path):
    # top (0) → member (1) → its group's stack (2) → member (3) → group (4) → member (5) → group (6): refused.
    write(
        tree,
        "member.yaml",
        "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: member.yaml}}\n",
    )
    parent = write(tree, "top.yaml", "resources:\n  m:\n    type: member.yaml\n")
    assert found(parent) == [("E7013", "member.yaml")]
    assert "(top.yaml → member.yaml → member.yaml)" in diagnostics(parent, "E7013")[0].message


def test_self_inclusion_through_the_registry_terminates_E7013(tree: Path):
    # Heat 27: the nested stack's environment lacks the mapping that made it, so there My::Self is unknown.
    env = write(tree, "env.yaml", "resource_registry:\n  My::Self: reg.yaml\n", template=False)
    write(tree, "reg.yaml", "resources:\n  again:\n    type: My::Self\n")
    parent = write(tree, "top.yaml", "resources:\n  start:\n    type: My::Self\n")
    assert found(parent, envs=(env,)) == [("E7013", "My::Self")]
    message = diagnostics(parent, "E7013", envs=(env,))[0].message
    assert "The Resource Type (My::Self) could not be found" in message and "top.yaml → reg.yaml" in message


def test_facade_template_using_the_type_it_stands_for_is_no_cycle(tree: Path):
    write(tree, "server.yaml", "resources:\n  real:\n    type: OS::Nova::Server\n    properties: {flavor: m1.small}\n")
    env = write(tree, "env.yaml", "resource_registry:\n  OS::Nova::Server: server.yaml\n", template=False)
    parent = write(tree, "top.yaml", "resources:\n  s:\n    type: OS::Nova::Server\n")
    assert found(parent, envs=(env,)) == []


def test_recursion_guarded_by_a_condition_is_not_reported(tree: Path):
    parent = write(
        tree,
        "deep.yaml",
        """
        parameters:
          levels: {type: number, default: 2}
        conditions:
          more: {not: {equals: [{get_param: levels}, 0]}}
        resources:
          again:
            type: deep.yaml
            condition: more
            properties:
              levels: {yaql: {expression: '$.data.l - 1', data: {l: {get_param: levels}}}}
        """,
    )
    # Heat 27 validates this tree: the condition ends it at levels = 0.
    assert found(parent) == []


# -- E7014: get_file targets ----------------------------------------------------------------------------


def test_missing_get_file_target_E7014(tree: Path, tmp_path_factory):
    (tree / "scripts").mkdir()
    (tree / "scripts" / "there.sh").write_text("#!/bin/sh\n")
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    parent = write(
        tree,
        "parent.yaml",
        f"""
        resources:
          config:
            type: OS::Heat::Value
            properties:
              value:
                - {{get_file: scripts/there.sh}}
                - {{get_file: scripts/missing.sh}}
                - {{get_file: 'https://example.com/x.sh'}}
                - {{get_file: {elsewhere}/x.sh}}
                - {{get_file: 'file://{tree}/scripts/there.sh'}}
                - {{get_file: {{get_param: path}}}}
        parameters:
          path: {{type: string, default: x}}
        """,
    )
    assert found(parent, roots=(tree,)) == [("E7014", "scripts/missing.sh")]
    [diagnostic] = diagnostics(parent, "E7014", roots=(tree,))
    assert diagnostic.severity == ERROR and f"looked for {tree / 'scripts' / 'missing.sh'}" in diagnostic.message


# -- what was read ---------------------------------------------------------------------------------------


def test_read_files_records_every_file_looked_at(tree: Path):
    env = write(tree, "env.yaml", "resource_registry:\n  My::Web: child.yaml\n", template=False)
    parent = write(
        tree,
        "parent.yaml",
        "resources:\n  web:\n    type: My::Web\n    properties: {name: x}\n  gone:\n    type: gone.yaml\n"
        "  script:\n    type: OS::Heat::Value\n    properties: {value: {get_file: run.sh}}\n",
    )
    read = analysis_of(parent, envs=(env,)).read_files
    assert read[str(env)] is not None and read[str(tree / "child.yaml")] is not None
    assert read[str(tree / "gone.yaml")] is None and read[str(tree / "run.sh")] is None


def test_buffer_without_a_file_or_environment_reads_nothing():
    text = (
        VERSION
        + "resources:\n  web:\n    type: child.yaml\n  s:\n    type: OS::Heat::Value\n"
        + ("    properties: {value: {get_file: x.sh}}\n")
    )
    analysis = analyze(text)
    assert analysis.read_files == {} and [d.code for d in analysis.diagnostics if d.code in CROSS_FILE_CODES] == []


# -- W7015: environment names no template declares -------------------------------------------------------


def environment_findings(text: str, known: frozenset[str] | None) -> list[tuple[str, str]]:
    text = textwrap.dedent(text).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=True, known_parameters=known))
    return [(d.code, text[d.start : d.end]) for d in analysis.diagnostics if d.code == "W7015"]


def test_environment_names_no_template_declares_W7015():
    text = """
    parameters: {Flavor: m1.small, Falvor: x}
    parameter_defaults: {NtpServer: pool.ntp.org, NtpServr: x}
    """
    known = frozenset({"Flavor", "NtpServer"})
    assert environment_findings(text, known) == [("W7015", "Falvor"), ("W7015", "NtpServr")]
    analysis = analyze(textwrap.dedent(text).lstrip("\n"), Options(named_as_environment=True, known_parameters=known))
    messages = {d.message for d in analysis.diagnostics if d.code == "W7015"}
    assert any("Heat refuses the stack" in m and "Did you mean `Flavor`?" in m for m in messages)
    assert any("Heat ignores it" in m and "Did you mean `NtpServer`?" in m for m in messages)


def test_environment_names_are_not_judged_when_the_templates_are_unknown():
    assert environment_findings("parameter_defaults: {Anything: 1}\n", None) == []


# -- the corpus's TripleO tree with its registry ----------------------------------------------------------


@needs_corpus
def test_tripleo_overcloud_with_its_registry(tmp_path: Path):
    """Laid over the raw tree as TripleO deploys it, the overcloud's children that the corpus ships are checked:
    the only finding is RootStackName, which tripleoclient passes as a parameter_default; absent children are
    warnings that name the path looked for."""
    folder = tripleo_overlay(tmp_path / "tht")
    overcloud = folder / OVERCLOUD.name
    registry = folder / REGISTRY.name
    found_codes = found(overcloud, envs=(registry,))
    errors = [d for d in analysis_of(overcloud, envs=(registry,)).diagnostics if d.code in CROSS_FILE_CODES]
    assert [(d.code, d.message.split(" (")[0]) for d in errors if d.severity == ERROR] == [
        ("E3017", "Property RootStackName not assigned")
    ]
    assert {code for code, _ in found_codes} == {"E3017", "W7012"}
    given = write(tmp_path, "root-stack.yaml", "parameter_defaults: {RootStackName: overcloud}\n", template=False)
    assert "E3017" not in {code for code, _ in found(overcloud, envs=(registry, given))}
