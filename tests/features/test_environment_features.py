"""Editor features in environment files: completion, hover, definition and links, over a real tree of files.

``$0`` marks the cursor. The tree (``tree`` fixture) is a small TripleO-like layout: a root template above an
``environments`` folder, templates below ``templates/``, and the environment under test in ``environments/``."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lsprotocol import types
from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.features.completion import completion
from hot_lsp.features.definition import definition
from hot_lsp.features.hover import hover
from hot_lsp.features.links import document_links
from hot_lsp.features.snapshot import Settings, Snapshot

SERVER = """\
heat_template_version: 2018-08-31
description: A web server
parameters:
  flavor:
    type: string
    description: The Nova flavor
    default: m1.small
  image: {type: string}
resources: {}
"""
ROOT = """\
heat_template_version: 2018-08-31
parameters:
  NtpServer:
    type: comma_delimited_list
    default: []
  flavor: {type: string}
resources: {}
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "templates" / "nested").mkdir(parents=True)
    (tmp_path / "templates" / "server.yaml").write_text(SERVER)
    (tmp_path / "templates" / "nested" / "volume.template").write_text("heat_template_version: 2018-08-31\n")
    (tmp_path / "templates" / "notes.txt").write_text("not a template\n")
    (tmp_path / "overcloud.yaml").write_text(ROOT)
    (tmp_path / "environments").mkdir()
    return tmp_path


def snapshot_of(fixture: str, path: Path, last_good: Analysis | None = None) -> tuple[Snapshot, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    text = text.replace("$0", "", 1)
    analysis = analyze(text, Options(named_as_environment=True, document_path=str(path)))
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    return Snapshot(path.as_uri(), 1, analysis, good, "utf-16", Settings()), offset


def completions(fixture: str, path: Path) -> dict[str, types.CompletionItem]:
    snapshot, offset = snapshot_of(fixture, path)
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=snapshot.uri), snapshot.position(offset))
    result = completion(snapshot, params)
    return {item.label: item for item in result.items} if result else {}


def edit(item: types.CompletionItem) -> str:
    assert isinstance(item.text_edit, types.TextEdit)
    return item.text_edit.new_text


def hover_text(fixture: str, path: Path) -> str | None:
    snapshot, offset = snapshot_of(fixture, path)
    result = hover(
        snapshot, types.HoverParams(types.TextDocumentIdentifier(uri=snapshot.uri), snapshot.position(offset))
    )
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


def goto(fixture: str, path: Path) -> list[tuple[str, int, int]] | None:
    snapshot, offset = snapshot_of(fixture, path)
    params = types.DefinitionParams(types.TextDocumentIdentifier(uri=snapshot.uri), snapshot.position(offset))
    found = definition(snapshot, params)
    return [(loc.uri, loc.range.start.line, loc.range.start.character) for loc in found] if found else None


# -- completion ---------------------------------------------------------------------------------------------------


def test_section_names(tree: Path):
    env = tree / "environments" / "env.yaml"
    found = completions("resource_registry: {}\npar$0\n", env)
    assert {"parameters", "parameter_defaults", "parameter_merge_strategies", "event_sinks"} <= set(found)
    assert "resource_registry" not in found  # already there
    assert edit(found["parameter_defaults"]) == "parameter_defaults:\n  $0"
    assert edit(found["event_sinks"]) == "event_sinks:\n  - $0"
    assert "every template of the stack" in found["parameter_defaults"].documentation.value  # type: ignore[union-attr]


def test_a_new_file_named_as_an_environment_gets_the_sections(tree: Path):
    found = completions("$0", tree / "environments" / "new.yaml")
    assert {"heat_template_version", "resource_registry", "parameter_defaults"} <= set(found)
    assert "resource_registry" not in completions("$0", tree / "templates" / "new.yaml")


def test_resource_types_as_registry_keys_and_values(tree: Path):
    env = tree / "environments" / "env.yaml"
    keys = completions("resource_registry:\n  OS::Nov$0\n", env)
    assert "OS::Nova::Server" in keys and "resources" in keys
    assert edit(keys["OS::Nova::Server"]) == "OS::Nova::Server: $0"
    values = completions("resource_registry:\n  My::Server: OS::Nov$0\n", env)
    assert "OS::Nova::Server" in values and "OS::Neutron::Port" in values  # the client filters by what was typed
    assert edit(values["OS::Nova::Server"]) == "OS::Nova::Server"
    assert not any(label.endswith("/") for label in values)  # `::` typed: types only
    scoped = completions("resource_registry:\n  resources:\n    web:\n      $0\n", env)
    assert {"hooks", "restricted_actions", "OS::Nova::Server"} <= set(scoped)


def test_types_this_file_maps_are_offered_as_targets(tree: Path):
    env = tree / "environments" / "env.yaml"
    found = completions("resource_registry:\n  OS::TripleO::Web: ../templates/server.yaml\n  My::Web: OS::$0\n", env)
    assert found["OS::TripleO::Web"].detail == "mapped in this file"


def test_template_paths_as_registry_values(tree: Path):
    env = tree / "environments" / "env.yaml"
    found = completions("resource_registry:\n  My::Server: ../$0\n", env)
    assert "../templates/server.yaml" in found and "../templates/nested/volume.template" in found
    assert "../templates/" in found and "../../" in found
    assert "../templates/notes.txt" not in found
    assert found["../templates/server.yaml"].kind == types.CompletionItemKind.File
    deeper = completions("resource_registry:\n  My::Server: '../templates/ser$0'\n", env)
    assert "../templates/server.yaml" in deeper and "../overcloud.yaml" not in deeper
    # the edit replaces the whole typed path
    snapshot, offset = snapshot_of("resource_registry:\n  My::Server: ../templates/ser$0\n", env)
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=snapshot.uri), snapshot.position(offset))
    result = completion(snapshot, params)
    assert result is not None
    chosen = next(i for i in result.items if i.label == "../templates/server.yaml")
    assert isinstance(chosen.text_edit, types.TextEdit)
    assert chosen.text_edit.range.start.character == len("  My::Server: ")


def test_hooks_actions_and_merge_strategies(tree: Path):
    env = tree / "environments" / "env.yaml"
    hooks = completions("resource_registry:\n  resources:\n    web:\n      hooks: [pre-create, $0]\n", env)
    assert list(hooks) == ["pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete"]
    listed = completions("resource_registry:\n  resources:\n    web:\n      hooks:\n        - po$0\n", env)
    assert "post-create" in listed
    actions = completions("resource_registry:\n  resources:\n    db:\n      restricted_actions: $0\n", env)
    assert list(actions) == ["update", "replace"]
    strategies = completions("parameter_merge_strategies:\n  ServiceNetMap: $0\n", env)
    assert list(strategies) == ["overwrite", "merge", "deep_merge"]


def test_event_sinks(tree: Path):
    env = tree / "environments" / "env.yaml"
    assert set(completions("event_sinks:\n  - ty$0\n", env)) == {"type", "target", "ttl"}
    assert list(completions("event_sinks:\n  - type: z$0\n", env)) == ["zaqar-queue"]


def test_parameter_names_of_the_templates_the_environment_applies_to(tree: Path):
    env = tree / "environments" / "env.yaml"
    fixture = "resource_registry:\n  My::Server: ../templates/server.yaml\nparameter_defaults:\n  image: x\n  $0\n"
    found = completions(fixture, env)
    assert {"flavor", "NtpServer"} <= set(found)  # mapped by the registry; in the folder above
    assert "image" not in found  # already set
    assert found["flavor"].detail == "string parameter"
    assert "The Nova flavor" in found["flavor"].documentation.value  # type: ignore[union-attr]
    strategies = completions("parameter_merge_strategies:\n  $0\nparameter_defaults: {}\n", env)
    assert {"default", "NtpServer"} <= set(strategies)


def test_completion_while_the_text_is_broken(tree: Path):
    env = tree / "environments" / "env.yaml"
    good, _ = snapshot_of("resource_registry:\n  My::A: OS::Heat::None\n$0", env)
    text = "resource_registry:\n  My::A: [OS::Heat::None\n  My::B: OS::Heat::Non$0\n"
    snapshot, offset = snapshot_of(text, env, last_good=good.analysis)
    assert not snapshot.analysis.parsed.syntax_ok
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=snapshot.uri), snapshot.position(offset))
    completion(snapshot, params)  # answers without raising, whatever it finds


# -- hover --------------------------------------------------------------------------------------------------------


def test_hover_on_sections_and_registry_keys(tree: Path):
    env = tree / "environments" / "env.yaml"
    assert "every template of the stack" in (hover_text("parameter_def$0aults: {}\n", env) or "")
    text = hover_text("resource_registry:\n  resources:\n    web:\n      ho$0oks: pre-create\n", env)
    assert text is not None and "Breakpoints" in text
    assert "Pause before creating" in (
        hover_text("resource_registry:\n  resources:\n    w: {hooks: pre-cr$0eate}", env) or ""
    )
    assert "merged at every level" in (hover_text("parameter_merge_strategies:\n  A: deep_m$0erge\n", env) or "")


def test_hover_on_types(tree: Path):
    env = tree / "environments" / "env.yaml"
    key = hover_text("resource_registry:\n  OS::Nova::Ser$0ver: ../templates/server.yaml\n", env)
    assert key is not None and "Nova" in key and "maps `OS::Nova::Server` to the template" in key
    value = hover_text("resource_registry:\n  My::Server: OS::Nova::Ser$0ver\n", env)
    assert value is not None and "flavor" in value  # the catalogue's description, with its properties
    chained = hover_text("resource_registry:\n  My::Web: OS::TripleO::W$0eb\n  OS::TripleO::Web: OS::Heat::None\n", env)
    assert chained is not None and "maps to `OS::Heat::None`" in chained
    unknown = hover_text("resource_registry:\n  My::Web: OS::TripleO::Oth$0er\n", env)
    assert unknown is not None and "another environment file must map it" in unknown


def test_hover_on_a_template_path(tree: Path):
    env = tree / "environments" / "env.yaml"
    text = hover_text("resource_registry:\n  My::Server: ../templates/ser$0ver.yaml\n", env)
    assert text is not None
    assert str(tree / "templates" / "server.yaml") in text and "A web server" in text and "`flavor`" in text
    missing = hover_text("resource_registry:\n  My::Server: ../templates/gon$0e.yaml\n", env)
    assert missing is not None and f"looked for `{tree / 'templates' / 'gone.yaml'}`" in missing


def test_hover_on_a_parameter_name(tree: Path):
    env = tree / "environments" / "env.yaml"
    text = hover_text(
        "resource_registry:\n  My::S: ../templates/server.yaml\nparameter_defaults:\n  fla$0vor: x\n", env
    )
    assert text is not None
    assert "**flavor** — string parameter" in text and "The Nova flavor" in text and "1 other template" in text


# -- definition and links -------------------------------------------------------------------------------------


def test_definition_of_a_registry_path(tree: Path):
    env = tree / "environments" / "env.yaml"
    target = (tree / "templates" / "server.yaml").as_uri()
    assert goto("resource_registry:\n  My::Server: ../templates/ser$0ver.yaml\n", env) == [(target, 0, 0)]
    assert goto("resource_registry:\n  My::Server: ../templates/go$0ne.yaml\n", env) is None
    scoped = "resource_registry:\n  base_url: ../nowhere\n  resources:\n    web:\n"
    scoped += f"      base_url: {(tree / 'templates').as_uri()}\n      My::Server: ser$0ver.yaml\n"
    assert goto(scoped, env) == [(target, 0, 0)]


def test_definition_of_a_parameter_name(tree: Path):
    env = tree / "environments" / "env.yaml"
    found = goto("resource_registry:\n  My::S: ../templates/server.yaml\nparameter_defaults:\n  fla$0vor: x\n", env)
    assert found == [((tree / "templates" / "server.yaml").as_uri(), 3, 2), ((tree / "overcloud.yaml").as_uri(), 5, 2)]


def test_definition_of_a_mapped_type(tree: Path):
    env = tree / "environments" / "env.yaml"
    found = goto("resource_registry:\n  My::Web: OS::TripleO::W$0eb\n  OS::TripleO::Web: OS::Heat::None\n", env)
    assert found == [(env.as_uri(), 2, 2)]


def test_links(tree: Path):
    env = tree / "environments" / "env.yaml"
    snapshot, _ = snapshot_of(
        "resource_registry:\n  A: ../templates/server.yaml\n  B: gone.yaml\n  C: https://example.com/x.yaml\n$0",
        env,
    )
    links = [(link.range.start.line, link.target) for link in document_links(snapshot)]
    assert links == [(1, (tree / "templates" / "server.yaml").as_uri()), (3, "https://example.com/x.yaml")]


# -- the corpus ---------------------------------------------------------------------------------------------------


@needs_corpus
def test_tripleo_environment_reaches_its_templates():
    env = CORPUS / "tripleo-heat-templates" / "environments" / "services" / "barbican.yaml"
    text = env.read_text()
    marker = text.index("barbican-api-container-puppet.yaml") + 3
    fixture = text[:marker] + "$0" + text[marker:]
    target = CORPUS / "tripleo-heat-templates" / "deployment" / "barbican" / "barbican-api-container-puppet.yaml"
    assert goto(fixture, env) == [(target.as_uri(), 0, 0)]
    parameters = completions(text + "  $0\n", env)
    assert "BarbicanPassword" in parameters  # declared by the template the registry maps
