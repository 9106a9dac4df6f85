"""Issue 28 items 3, 4 and 5 (the environment part) through the real server, the environments named by
``hotLsp.environments``: what python-heatclient cannot read in a given environment (E7017), what the engine refuses
when it merges them (E7018, at the template's parameter), and a given environment with no section Heat knows
(E7001). Heat's words, confirmed with Heat 27.0.1's own code (see tests/test_cli_environment_verdicts.py), are
quoted beside each."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_session import CLIENTS, covered, diagnostics, encoding, open_document, session
from lsprotocol import types

pytestmark = pytest.mark.asyncio

MAIN = """\
heat_template_version: 2018-08-31
parameters:
  name: {type: string, default: a}
resources:
  web:
    type: OS::Heat::None
    properties: {value: {get_param: name}}
"""
# heatclient reads the value of a misspelt key as a file: "Could not fetch contents for file:///.../pre-create"
ENV = """\
resource_registry:
  resources:
    web:
      hook: pre-create
parameter_defaults:
  name: b
"""
# ConflictingMergeStrategyForParam: "Conflicting merge strategy 'merge' for parameter 'name' in file '...env2.yaml'."
ENV2 = """\
parameter_merge_strategies:
  name: merge
parameter_defaults:
  name: c
"""
# environment_format.parse: 'environment has wrong section "paramters"'
MISSPELT = """\
paramters:
  name: x
"""


def folder(tmp_path: Path) -> Path:
    for name, text in (("main.yaml", MAIN), ("env.yaml", ENV), ("env2.yaml", ENV2), ("misspelt.yaml", MISSPELT)):
        (tmp_path / name).write_text(text)
    return tmp_path


def shown(text: str, found: list[types.Diagnostic], enc: str) -> list[tuple[object, str, object]]:
    return sorted((d.code, covered(text, d, enc), d.severity) for d in found if str(d.code).startswith(("E70", "W70")))


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_given_environments_get_heats_verdicts(tmp_path: Path, client_name: str) -> None:
    root = folder(tmp_path)
    options = {"hotLsp": {"environments": ["env.yaml", "env2.yaml", "misspelt.yaml"]}}
    async with session(client_name, options, root_uri=root.as_uri()) as client:
        enc = encoding(client)
        error = types.DiagnosticSeverity.Error

        env_uri = (root / "env.yaml").as_uri()
        open_document(client, env_uri, ENV)
        found = await diagnostics(client, env_uri, 1)
        assert shown(ENV, found, enc) == [("E7017", "pre-create", error)]
        assert "Could not fetch contents for file://" in next(d.message for d in found if d.code == "E7017")

        misspelt_uri = (root / "misspelt.yaml").as_uri()
        open_document(client, misspelt_uri, MISSPELT)
        found = await diagnostics(client, misspelt_uri, 1)
        assert shown(MISSPELT, found, enc) == [("E7001", "paramters", error)]
        assert 'environment has wrong section "paramters"' in next(d.message for d in found if d.code == "E7001")

        main_uri = (root / "main.yaml").as_uri()
        open_document(client, main_uri, MAIN)
        found = await diagnostics(client, main_uri, 1)
        assert shown(MAIN, found, enc) == [("E7018", "name", error)]
        merge = next(d.message for d in found if d.code == "E7018")
        assert "Conflicting merge strategy 'merge' for parameter 'name'" in merge


@pytest.mark.parametrize("client_name", CLIENTS[:1])
async def test_without_environments_named_a_missing_file_stays_a_warning(tmp_path: Path, client_name: str) -> None:
    """Not named by hotLsp.environments: what python-heatclient would refuse is what the file could still supply."""
    root = folder(tmp_path)
    text = "resource_registry:\n  My::Box: missing.yaml\n"
    (root / "other-env.yaml").write_text(text)
    async with session(client_name, {"hotLsp": {}}, root_uri=root.as_uri()) as client:
        enc = encoding(client)
        uri = (root / "other-env.yaml").as_uri()
        open_document(client, uri, text)
        found = await diagnostics(client, uri, 1)
        assert shown(text, found, enc) == [("W7008", "missing.yaml", types.DiagnosticSeverity.Warning)]


@pytest.mark.parametrize("client_name", CLIENTS[:1])
async def test_a_registry_name_that_differs_in_case(tmp_path: Path, client_name: str) -> None:
    """StackValidationFailed: "The Resource Type (My::Box) could not be found." (the given registry maps My::box)."""
    text = "heat_template_version: 2018-08-31\nresources:\n  box:\n    type: My::Box\n"
    (tmp_path / "box.yaml").write_text("heat_template_version: 2018-08-31\nresources: {}\n")
    (tmp_path / "case-env.yaml").write_text("resource_registry:\n  My::box: box.yaml\n")
    (tmp_path / "stack.yaml").write_text(text)
    async with session(
        client_name, {"hotLsp": {"environments": ["case-env.yaml"]}}, root_uri=tmp_path.as_uri()
    ) as client:
        enc = encoding(client)
        uri = (tmp_path / "stack.yaml").as_uri()
        open_document(client, uri, text)
        found = await diagnostics(client, uri, 1)
        assert [(d.code, covered(text, d, enc)) for d in found if d.code in ("E3014", "W3015")] == [
            ("E3014", "My::Box")
        ]
        assert "The Resource Type (My::Box) could not be found." in next(d.message for d in found if d.code == "E3014")


@pytest.mark.parametrize("client_name", CLIENTS[:1])
async def test_a_given_environment_that_is_not_a_map(tmp_path: Path, client_name: str) -> None:
    """python-heatclient: "The environment is not a valid YAML mapping data type." """
    text = "- parameter_defaults:\n    name: b\n"
    (tmp_path / "list-env.yaml").write_text(text)
    async with session(
        client_name, {"hotLsp": {"environments": ["list-env.yaml"]}}, root_uri=tmp_path.as_uri()
    ) as client:
        uri = (tmp_path / "list-env.yaml").as_uri()
        open_document(client, uri, text)
        found = await diagnostics(client, uri, 1)
        assert [d.code for d in found] == ["E7019"]
        assert "The environment is not a valid YAML mapping data type." in found[0].message
