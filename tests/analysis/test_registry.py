"""Resource type resolution through Heat's global environment and the user's resource_registry."""

from __future__ import annotations

import textwrap

from hot_lsp.analysis.model.environment import build_environment
from hot_lsp.analysis.model.registry import Registry, template_location
from hot_lsp.document import parse
from hot_lsp.spec import builtin_catalogue


def registry(*environments: str) -> Registry:
    models = []
    for index, text in enumerate(environments):
        model = build_environment(parse(textwrap.dedent(text)))
        assert model is not None
        models.append((f"/envs/env{index}.yaml", model))
    return Registry.build(builtin_catalogue(), models)


def test_built_in_types_and_heats_global_aliases():
    plain = registry()
    assert plain.resolve("OS::Nova::Server").kind == "type"
    assert plain.resolve("OS::Ceilometer::Alarm").name == "OS::Aodh::Alarm"
    assert plain.resolve("OS::Quantum::Net").name == "OS::Neutron::Net"  # the OS::Quantum* glob
    assert plain.resolve("OS::TripleO::Services::Foo").kind == "unknown"
    assert plain.resolve("child.yaml").kind == "template"


def test_a_user_mapping_beats_the_built_in_type_and_chains_resolve():
    found = registry(
        """
        resource_registry:
          OS::TripleO::Server: OS::Nova::Server
          OS::TripleO::Services::Foo: ../deployment/foo.yaml
          My::Server: OS::TripleO::Server
        """
    )
    chained = found.resolve("My::Server")
    assert (chained.kind, chained.name) == ("type", "OS::Nova::Server")
    assert [m.path[-1] for m in chained.via] == ["My::Server", "OS::TripleO::Server"]
    foo = found.resolve("OS::TripleO::Services::Foo")
    assert foo.kind == "template"
    assert template_location(foo, "/tht/overcloud.yaml") == "/deployment/foo.yaml"


def test_later_files_replace_and_null_deletes():
    found = registry(
        "resource_registry:\n  OS::TripleO::Services::Foo: foo.yaml\n  OS::TripleO::Services::Bar: bar.yaml\n",
        "resource_registry:\n  OS::TripleO::Services::Foo: OS::Heat::None\n  OS::TripleO::Services::Bar: null\n",
    )
    assert found.resolve("OS::TripleO::Services::Foo").name == "OS::Heat::None"
    assert found.resolve("OS::TripleO::Services::Bar").kind == "unknown"


def test_a_later_files_resources_map_replaces_the_earlier_one_whole():
    # Heat's engine merges the files' registries with merge_map, key by key and no deeper (recorded with Heat 27:
    # registry#later_resources_replace_earlier, registry#later_resources_drop_earlier_fix).
    first = """
        resource_registry:
          My::Box: box.yaml
          resources:
            front: {My::Box: front_box.yaml}
            back: {hooks: pre-create}
        """
    found = registry(first, "resource_registry:\n  resources:\n    other: {hooks: pre-create}\n")
    assert found.resolve("My::Box", "front").name == "box.yaml"  # front's own mapping went with env0's map
    assert registry(first).resolve("My::Box", "front").name == "front_box.yaml"
    # A later file without resources: keeps the earlier map; an empty registry changes nothing.
    kept = registry(first, "resource_registry:\n  Other::Box: box.yaml\n", "resource_registry: {}\n")
    assert kept.resolve("My::Box", "front").name == "front_box.yaml"


def test_globs_and_scoped_entries():
    found = registry(
        """
        resource_registry:
          "Acme::*": "OS::Neutron::*"
          resources:
            special:
              OS::Nova::Server: special_server.yaml
              hooks: pre-create
        """
    )
    assert found.resolve("Acme::Port").name == "OS::Neutron::Port"
    assert found.resolve("OS::Nova::Server", "special").kind == "template"
    assert found.resolve("OS::Nova::Server", "other").kind == "type"


def test_a_glob_sorts_before_an_exact_user_entry_as_in_heat():
    # Heat sorts candidates by path: 'OS::Heat::*' < 'OS::Heat::Thing', so the glob decides.
    found = registry('resource_registry:\n  "OS::Heat::*": OS::Heat::None\n  OS::Heat::Thing: thing.yaml\n')
    assert found.resolve("OS::Heat::Thing").name == "OS::Heat::None"


def test_cyclic_aliases_end():
    found = registry("resource_registry:\n  A::B: C::D\n  C::D: A::B\n")
    assert found.resolve("A::B").kind == "unknown"


def test_a_registry_base_url_places_its_relative_templates():
    found = registry("resource_registry:\n  base_url: /opt/tht/\n  OS::TripleO::Services::Foo: deployment/foo.yaml\n")
    foo = found.resolve("OS::TripleO::Services::Foo")
    assert template_location(foo, "/work/overcloud.yaml") == "/opt/tht/deployment/foo.yaml"
