"""7xxx: environment files: sections, resource_registry entries, merge strategies and event sinks.

Each code has a failing case (what Heat refuses, or what it accepts but will not do as meant) and a passing one.
The template files of the registry are real files in a temporary tree; the corpus's TripleO environments must
give no errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.commands.files import read_text
from hot_lsp.document.problems import ERROR, WARNING


def found(snippet: str, *, path: Path | None = None, roots: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(code, covered text) of the 7xxx findings of an environment ``snippet``, analysed as the file ``path``."""
    text = textwrap.dedent(snippet).lstrip("\n")
    options = Options(document_path=str(path) if path else None, file_roots=roots, named_as_environment=True)
    analysis = analyze(text, options)
    assert analysis.kind == "environment"
    assert analysis.environment is not None
    return [(d.code, text[d.start : d.end]) for d in analysis.diagnostics if d.code[1] == "7"]


def severities(snippet: str, **kwargs) -> dict[str, int]:
    text = textwrap.dedent(snippet).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=True, **kwargs))
    return {d.code: d.severity for d in analysis.diagnostics}


def messages(snippet: str, **kwargs) -> list[str]:
    text = textwrap.dedent(snippet).lstrip("\n")
    return [d.message for d in analyze(text, Options(named_as_environment=True, **kwargs)).diagnostics]


# -- sections -----------------------------------------------------------------------------------------------------


def test_every_section_heat_has_is_accepted():
    assert (
        found("""
        parameters: {Flavor: m1.small}
        parameter_defaults: {NtpServer: pool.ntp.org}
        resource_registry: {My::Server: OS::Nova::Server}
        event_sinks: [{type: zaqar-queue, target: events, ttl: 3600}]
        parameter_merge_strategies: {default: overwrite, ServiceNetMap: merge}
        encrypted_param_names: [DbPassword]
        """)
        == []
    )


def test_unknown_section_E7001():
    assert found("parameter_defaults: {}\nparameter_default: {Debug: true}") == [("E7001", "parameter_default")]
    assert "Did you mean `parameter_defaults`?" in messages("parameter_defaults: {}\nparameter_default: {}")[0]


def test_documented_spelling_of_encrypted_param_names_E7001():
    text = "parameter_defaults: {}\nencrypted_parameters: [DbPassword]"
    assert found(text) == [("E7001", "encrypted_parameters")]
    message = messages(text)[0]
    assert "`encrypted_param_names`" in message and 'environment has wrong section "encrypted_parameters"' in message


def test_template_section_in_an_environment_E7001():
    text = "parameter_defaults: {}\nresources:\n  server: {type: OS::Nova::Server}"
    assert found(text) == [("E7001", "resources")]
    assert "template section" in messages(text)[0] and "`parameter_defaults`" in messages(text)[0]


def test_non_string_section_key_E7001():
    assert found("resource_registry: {}\n5: x") == [("E7001", "5")]


def test_null_section_E7002():
    assert found("parameter_defaults:\nresource_registry: {}") == [("E7002", "parameter_defaults")]
    assert found("event_sinks: ~\nresource_registry: {}") == [("E7002", "event_sinks")]
    assert found("parameter_defaults: {}\nresource_registry: {}") == []


def test_section_shapes_E7003():
    assert found("resource_registry: [a]") == [("E7003", "[a]")]
    assert found("resource_registry: ''") == [("E7003", "''")]
    assert found("parameter_defaults: [a, b]") == [("E7003", "[a, b]")]
    assert found("resource_registry: {}\nparameters: text") == [("E7003", "text")]
    assert found("resource_registry: {}\nevent_sinks: {type: zaqar-queue}") == [("E7003", "{type: zaqar-queue}")]
    # Heat skips a falsy section of the wrong kind
    assert found("parameter_defaults: []\nparameters: ''\nevent_sinks: ''\nresource_registry: {}") == []


def test_shapes_heat_does_not_fail_on_are_warnings_E7003():
    assert severities("resource_registry: {}\nencrypted_param_names: DbPassword") == {"E7003": WARNING}
    assert severities("parameter_merge_strategies: [merge]") == {"E7003": WARNING}
    assert severities("parameter_merge_strategies: [merge]\nparameter_defaults: {A: 1}") == {"E7003": ERROR}


# -- event sinks --------------------------------------------------------------------------------------------------


def test_event_sinks_E7004():
    assert found("""
        resource_registry: {}
        event_sinks:
          - text
          - {type: zaqar, target: q}
          - {target: q}
          - {type: zaqar-queue}
          - {type: zaqar-queue, target: q, ttl: 60, retries: 3}
        """) == [
        ("E7004", "text"),
        ("E7004", "zaqar"),
        ("E7004", "{"),
        ("E7004", "{"),
        ("E7004", "retries"),
    ]
    assert found("resource_registry: {}\nevent_sinks:\n  - {type: zaqar-queue, target: q, ttl: 60}") == []


# -- resource_registry ----------------------------------------------------------------------------------------


def test_registry_values_heat_cannot_load_E7005():
    assert found("""
        resource_registry:
          My::A: [OS::Nova::Server]
          My::B: 5
          My::C: true
          My::D: ~
          My::E: OS::Heat::None
          resources:
            web:
              My::F: {a: b}
        """) == [("E7005", "[OS::Nova::Server]"), ("E7005", "5"), ("E7005", "true")]


def test_hooks_E7006():
    assert found("""
        resource_registry:
          resources:
            web:
              hooks: pre-craete
            db:
              hooks: [pre-create, post_update]
            "*NodesPostDeployment":
              "*Deployment_Step*":
                hooks: [pre-create, pre-update]
            other:
              hooks: []
            cleared:
              hooks: ~
        """) == [("E7006", "pre-craete"), ("E7006", "post_update")]
    text = "resource_registry:\n  resources:\n    web:\n      hooks: {pre-create: true}"
    assert found(text) == [("E7006", "{")]
    assert "InvalidBreakPointHook" in messages("resource_registry:\n  resources:\n    w: {hooks: x}")[0]


def test_restricted_actions_E7007():
    assert found("""
        resource_registry:
          resources:
            db:
              restricted_actions: [replace, delete]
            volume:
              restricted_actions: update
        """) == [("E7007", "delete")]


def test_missing_template_file_W7008(tmp_path: Path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "server.yaml").write_text("heat_template_version: 2018-08-31\n")
    (tmp_path / "environments").mkdir()
    env = tmp_path / "environments" / "env.yaml"
    snippet = f"""
        resource_registry:
          My::Server: ../templates/server.yaml
          My::Missing: ../templates/missing.yaml
          My::Url: https://example.com/templates/remote.yaml
          My::FileUrl: {(tmp_path / "templates" / "gone.yaml").as_uri()}
          My::Outside: /usr/share/openstack-tripleo-heat-templates/puppet/role.yaml
          resources:
            web:
              My::Server: ../templates/scoped-missing.yaml
        """
    assert found(snippet, path=env, roots=(str(tmp_path),)) == [
        ("W7008", "../templates/missing.yaml"),
        ("W7008", (tmp_path / "templates" / "gone.yaml").as_uri()),
        ("W7008", "../templates/scoped-missing.yaml"),
    ]
    looked_for = str(tmp_path / "templates" / "missing.yaml")
    assert any(looked_for in m for m in messages(snippet, document_path=str(env), file_roots=(str(tmp_path),)))
    # without a file on disk nothing can be looked for
    assert found(snippet) == []


def test_missing_template_names_the_tripleo_source(tmp_path: Path):
    (tmp_path / "role.j2.yaml").write_text("heat_template_version: 2018-08-31\n")
    text = "resource_registry:\n  My::Role: role.yaml\n"
    message = messages(text, document_path=str(tmp_path / "env.yaml"))[0]
    assert "TripleO renders it from `role.j2.yaml`" in message


def test_base_url_is_where_relative_paths_start(tmp_path: Path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "server.yaml").write_text("heat_template_version: 2018-08-31\n")
    env = tmp_path / "env.yaml"
    text = f"""
        resource_registry:
          base_url: {tmp_path / "lib"}
          My::Server: server.yaml
          My::Other: other.yaml
        """
    assert found(text, path=env) == [("W7008", "other.yaml")]
    remote = "resource_registry:\n  base_url: https://example.com/t/\n  My::Other: other.yaml\n"
    assert found(remote, path=env) == []


def test_template_name_key_with_a_value_W7009():
    assert found("resource_registry:\n  server.yaml: other.yaml\n  old.template: 5") == [
        ("W7009", "other.yaml"),
        ("W7009", "5"),
    ]
    assert found("resource_registry:\n  server.yaml: ~") == []


def test_alias_to_an_unknown_type_W7010():
    text = """
        resource_registry:
          My::Server: OS::Nova::Servr
          My::Volume: OS::Cinder::Volume
          My::Quantum: OS::Quantum::Net
          My::Mapped: OS::Nova::Special
          OS::Nova::Special: ../special.yaml
          OS::TripleO::Services::Foo: OS::TripleO::Services::Bar
          My::Config: config.yml
          "My::*": "OS::Heat::*"
        """
    assert found(text) == [("W7010", "OS::Nova::Servr"), ("W7010", "config.yml")]
    assert "Did you mean `OS::Nova::Server`?" in messages(text)[0]
    assert severities(text) == {"W7010": WARNING}


def test_scoped_alias_resolves_through_the_resources_own_mappings():
    text = """
        resource_registry:
          resources:
            web:
              My::Server: OS::Nova::Web
              OS::Nova::Web: web.yaml
        """
    assert found(text) == []


def test_unknown_merge_strategy_W7011():
    text = """
        parameter_merge_strategies:
          default: merge
          ServiceNetMap: deep-merge
          Other: deep_merge
          Third: [merge]
        parameter_defaults: {}
        """
    assert found(text) == [("W7011", "deep-merge"), ("W7011", "[")]
    assert "Heat uses the file's default, `merge`, instead. Did you mean `deep_merge`?" in messages(text)[0]
    assert "values are overwritten" in messages("parameter_merge_strategies: {default: append}")[0]


def test_duplicated_keys_stay_W0002():
    text = "resource_registry:\n  My::A: OS::Heat::None\n  My::A: OS::Heat::None\n"
    assert [d.code for d in analyze(text).diagnostics] == ["W0002"]


def test_bad_input_never_crashes():
    texts = [
        "resource_registry: &r {resources: {a: *r}}",
        "resource_registry: {resources: [a]}\nevent_sinks: [[], {type: [x]}]",
        "parameter_merge_strategies: {[a]: b, default: {x: y}}",
        "resource_registry:\n  ? [a]\n  : b\n",
        "resource_registry: {My::A: '   '}\n",
    ]
    for text in texts:
        analyze(text, Options(document_path="/nonexistent/env.yaml"))


# -- the corpus -----------------------------------------------------------------------------------------------


def _corpus_environments(pattern: str) -> list[Path]:
    return sorted(CORPUS.glob(pattern)) if CORPUS.is_dir() else []


@needs_corpus
@pytest.mark.parametrize(
    "path",
    _corpus_environments("tripleo-heat-templates*/environments/**/*.yaml"),
    ids=lambda p: str(p.relative_to(CORPUS)),
)
def test_tripleo_environments_have_no_errors(path: Path):
    analysis = analyze(read_text(str(path)), Options(document_path=str(path), file_roots=(str(CORPUS),)))
    assert analysis.kind == "environment"
    assert [(d.code, d.message) for d in analysis.diagnostics if d.severity == ERROR] == []


@needs_corpus
def test_corpus_environments_have_no_errors():
    checked = 0
    for path in sorted(CORPUS.rglob("*.yaml")):
        text = read_text(str(path))
        analysis = analyze(text, Options(document_path=str(path), file_roots=(str(CORPUS),)))
        if analysis.kind != "environment":
            continue
        checked += 1
        assert [d.code for d in analysis.diagnostics if d.severity == ERROR] == [], path
    assert checked >= 25
