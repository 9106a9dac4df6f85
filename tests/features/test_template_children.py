"""The cross-file features on a template resource, fixture style (``$0`` marks the cursor): definition, hover,
completion, references and rename between a parent, its child and an environment, with the workspace index."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lsprotocol import types

from hot_lsp.analysis.files.template_files import TemplateFiles
from hot_lsp.analysis.files.template_resources import registry_for
from hot_lsp.analysis.model.catalogues import resource_catalogue
from hot_lsp.analysis.validate import analyze
from hot_lsp.analysis.workspace.workspace_index import build_index
from hot_lsp.features.completion import completion
from hot_lsp.features.definition import definition
from hot_lsp.features.hover import hover
from hot_lsp.features.references import references
from hot_lsp.features.rename import prepare_rename, rename, rename_refusal
from hot_lsp.features.snapshot import Settings, Snapshot

CHILD = """
heat_template_version: 2016-10-14
description: Makes one server.
parameters:
  flavor: {type: string, description: How big.}
  count: {type: number, default: 1}
resources:
  nothing: {type: OS::Heat::None, properties: {value: {get_param: flavor}}}
outputs:
  address: {value: {get_param: count}}
"""
ENVIRONMENT = """
resource_registry:
  Site::Server: child.yaml
parameter_defaults:
  flavor: small
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "child.yaml").write_text(textwrap.dedent(CHILD).lstrip())
    (tmp_path / "env.yaml").write_text(textwrap.dedent(ENVIRONMENT).lstrip())
    return tmp_path


def snapshot_at(folder: Path, fixture: str, name: str = "parent.yaml") -> tuple[Snapshot, types.Position]:
    text = textwrap.dedent(fixture).lstrip("\n")
    cursor = text.index("$0")
    text = text.replace("$0", "", 1)
    (folder / name).write_text(text)
    env = str(folder / "env.yaml")
    index = build_index([str(folder)], registry_for(resource_catalogue(()), [env], TemplateFiles(None)), [env])
    analysis = analyze(text)
    snapshot = Snapshot(
        (folder / name).as_uri(),
        1,
        analysis,
        analysis,
        "utf-16",
        Settings(),
        file_roots=(str(folder),),
        environment_paths=(env,),
        workspace=index,
    )
    return snapshot, snapshot.position(cursor)


def document(snapshot: Snapshot) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=snapshot.uri)


def line_of(folder: Path, location: types.Location) -> str:
    path = Path(location.uri.removeprefix("file://"))
    return path.read_text().splitlines()[location.range.start.line]


def test_definition_of_an_autoscaling_member_property(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          scaled:
            type: OS::Heat::AutoScalingGroup
            properties:
              resource:
                type: Site::Server
                properties:
                  fla$0vor: big
        """,
    )
    (found,) = definition(snapshot, types.DefinitionParams(document(snapshot), position))
    assert found.uri == (folder / "child.yaml").as_uri()
    assert line_of(folder, found).startswith("  flavor:")


def test_hover_on_a_chain_member_lists_the_childs_interface(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          chain:
            type: OS::Heat::ResourceChain
            properties:
              resources: [OS::Heat::None, Site::Ser$0ver]
        """,
    )
    shown = hover(snapshot, types.HoverParams(document(snapshot), position)).contents.value
    assert "Makes one server." in shown and "env.yaml" in shown
    rows = [line for line in shown.splitlines() if line.startswith("| `")]
    assert rows == ["| `flavor` | string | required | How big. |", "| `count` | number | default `1` |  |"]
    assert "`address`" in shown


def test_completion_in_a_flow_map_offers_what_is_not_written(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          one:
            type: child.yaml
            properties: {count: 2, $0}
        """,
    )
    found = completion(snapshot, types.CompletionParams(document(snapshot), position))
    assert [(item.label, item.detail) for item in found.items] == [("flavor", "string of child.yaml, required")]


def test_references_from_a_property_without_the_declaration(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          one:
            type: child.yaml
            properties: {flav$0or: big}
        """,
    )
    params = types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=False), text_document=document(snapshot), position=position
    )
    found = sorted((Path(f.uri).name, line_of(folder, f).strip()) for f in references(snapshot, params))
    assert found == [
        ("child.yaml", "nothing: {type: OS::Heat::None, properties: {value: {get_param: flavor}}}"),
        ("env.yaml", "flavor: small"),
        ("parent.yaml", "properties: {flavor: big}"),
    ]


def test_a_property_the_child_lacks_is_not_renamed(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          one:
            type: child.yaml
            properties: {colo$0r: red}
        """,
    )
    assert prepare_rename(snapshot, types.PrepareRenameParams(document(snapshot), position)) is None
    params = types.RenameParams(document(snapshot), position, "colour")
    assert rename(snapshot, params) is None and rename_refusal(snapshot, params) is not None


def test_rename_refused_when_a_place_is_not_written_verbatim(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          one:
            type: child.yaml
            properties: {flav$0or: big}
          two:
            type: Site::Server
            properties: {"fla\\u0076or": small}
        """,
    )
    assert prepare_rename(snapshot, types.PrepareRenameParams(document(snapshot), position)) is None


def test_rename_keeps_quotes_and_refuses_a_taken_name(folder: Path):
    snapshot, position = snapshot_at(
        folder,
        """
        heat_template_version: 2016-10-14
        resources:
          one:
            type: child.yaml
            properties: {'flav$0or': big}
        """,
    )
    placeholder = prepare_rename(snapshot, types.PrepareRenameParams(document(snapshot), position))
    assert placeholder.placeholder == "flavor"
    edit = rename(snapshot, types.RenameParams(document(snapshot), position, "size"))
    texts = {Path(uri).name: [e.new_text for e in edits] for uri, edits in edit.changes.items()}
    assert texts == {"child.yaml": ["size", "size"], "env.yaml": ["size"], "parent.yaml": ["size"]}
    taken = types.RenameParams(document(snapshot), position, "count")
    assert rename(snapshot, taken) is None
    assert rename_refusal(snapshot, taken) == "child.yaml already has a parameter named count."
