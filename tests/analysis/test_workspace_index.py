"""The workspace index: which files it reads, what it keeps of each, and the questions it answers."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from hot_lsp.analysis.files.template_files import MAX_FILE_CHARS, TemplateFiles
from hot_lsp.analysis.files.template_resources import registry_for
from hot_lsp.analysis.model.catalogues import resource_catalogue
from hot_lsp.analysis.model.registry import Registry
from hot_lsp.analysis.validate import analyze
from hot_lsp.analysis.workspace.workspace_index import (
    WorkspaceIndex,
    build_index,
    candidate_files,
    index_analysis,
    read_indexed_file,
    refresh_index,
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


PARENT = """
heat_template_version: 2016-10-14
parameters:
  image: {type: string}
resources:
  direct:
    type: child.yaml
    properties:
      name: one
      'quoted': 2
  mapped:
    type: My::Child
    properties: {"zürich": 1, name: two}
  scoped:
    type: My::Other
  group:
    type: OS::Heat::ResourceGroup
    properties:
      resource_def:
        type: child.yaml
        properties: {name: member}
  scaling:
    type: OS::Heat::AutoScalingGroup
    properties:
      resource: {type: sub/grandchild.yaml, properties: {deep: 1}}
  chain:
    type: OS::Heat::ResourceChain
    properties:
      resources: [child.yaml, OS::Heat::None]
      resource_properties: {name: chained}
  plain:
    type: OS::Heat::None
outputs:
  out: {value: 1}
"""
CHILD = """
heat_template_version: 2016-10-14
parameters:
  name: {type: string}
  size: {type: number, default: 1}
"""
GRANDCHILD = """
heat_template_version: 2016-10-14
parameters:
  deep: {type: number}
"""
ENVIRONMENT = """
resource_registry:
  My::Child: child.yaml
  resources:
    scoped:
      My::Other: sub/grandchild.yaml
parameters:
  image: cirros
parameter_defaults:
  name: from-env
"""
UNRELATED = """
resource_registry:
  Other::Type: sub/grandchild.yaml
parameter_defaults:
  name: elsewhere
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(tmp_path, "parent.yaml", PARENT)
    write(tmp_path, "child.yaml", CHILD)
    write(tmp_path, "sub/grandchild.yaml", GRANDCHILD)
    write(tmp_path, "env.yaml", ENVIRONMENT)
    write(tmp_path, "other-env.yaml", UNRELATED)
    write(tmp_path, "config/settings.yaml", "plain: yaml\nparameters: [1]\n")
    write(tmp_path, ".hidden/secret.yaml", CHILD)
    write(tmp_path, "node_modules/pkg/x.yaml", CHILD)
    write(tmp_path, "notes.txt", CHILD)
    write(tmp_path, "json/template.json", '{"heat_template_version": "2016-10-14", "parameters": {"j": {}}}')
    return tmp_path


def indexed(tree: Path) -> WorkspaceIndex:
    env = str(tree / "env.yaml")
    registry = registry_for(resource_catalogue(()), [env], TemplateFiles(None))
    return build_index([str(tree)], registry, [env])


def test_candidates_skip_hidden_folders_node_modules_and_other_names(tree: Path):
    found = [os.path.relpath(p, tree) for p in candidate_files([str(tree)])]
    assert found == [
        "child.yaml",
        "env.yaml",
        "other-env.yaml",
        "parent.yaml",
        "config/settings.yaml",
        "json/template.json",
        "sub/grandchild.yaml",
    ]
    assert len(candidate_files([str(tree)], limit=2)) == 2


def test_only_hot_files_are_indexed(tree: Path):
    index = indexed(tree)
    kinds = {os.path.relpath(r.path, tree): r.kind for r in index.files()}
    assert kinds == {
        "child.yaml": "template",
        "env.yaml": "environment",
        "other-env.yaml": "environment",
        "parent.yaml": "template",
        "json/template.json": "template",
        "sub/grandchild.yaml": "template",
    }
    big = write(tree, "big.yaml", "heat_template_version: 2016-10-14\ndescription: " + "x" * MAX_FILE_CHARS + "\n")
    assert read_indexed_file(str(big)) is None  # over Heat's size


def test_a_template_summary_keeps_names_types_and_property_keys(tree: Path):
    record = read_indexed_file(str(tree / "parent.yaml"))
    assert record is not None
    assert list(record.parameters) == ["image"] and list(record.outputs) == ["out"]
    assert list(record.resources) == ["direct", "mapped", "scoped", "group", "scaling", "chain", "plain"]
    uses = [(u.resource, u.type_name, u.member, sorted(u.properties)) for u in record.uses]
    assert uses == [
        ("direct", "child.yaml", False, ["name", "quoted"]),
        ("mapped", "My::Child", False, ["name", "zürich"]),
        ("scoped", "My::Other", False, []),
        ("group", "OS::Heat::ResourceGroup", False, ["resource_def"]),
        ("group", "child.yaml", True, ["name"]),
        ("scaling", "OS::Heat::AutoScalingGroup", False, ["resource"]),
        ("scaling", "sub/grandchild.yaml", True, ["deep"]),
        ("chain", "OS::Heat::ResourceChain", False, ["resource_properties", "resources"]),
        ("chain", "child.yaml", True, ["name"]),
        ("chain", "OS::Heat::None", True, ["name"]),
        ("plain", "OS::Heat::None", False, []),
    ]
    image = record.parameters["image"]
    assert (image.line, image.start, image.end, image.verbatim) == (2, 2, 7, True)
    quoted = record.uses[0].properties["quoted"]
    assert (quoted.line, quoted.start, quoted.end, quoted.style, quoted.verbatim) == (8, 7, 13, "'", True)


def test_spans_after_non_ascii_text_count_each_encodings_units(tree: Path):
    record = read_indexed_file(str(tree / "parent.yaml"))
    name = record.uses[1].properties["name"]  # properties: {"zürich": 1, name: two}
    line = (tree / "parent.yaml").read_text(encoding="utf-8").splitlines()[name.line]
    assert line[name.start : name.end] == "name"
    assert name.columns("utf-32") == (name.start, name.end)
    assert name.columns("utf-16") == (name.start, name.end)  # ü is one UTF-16 unit
    assert name.columns("utf-8") == (name.start + 1, name.end + 1)  # and two UTF-8 bytes


def test_an_environment_summary_keeps_parameters_and_registry_targets(tree: Path):
    record = read_indexed_file(str(tree / "env.yaml"))
    assert record is not None and record.kind == "environment"
    assert list(record.parameters) == ["image"] and list(record.parameter_defaults) == ["name"]
    assert record.registry_targets == {str(tree / "child.yaml"), str(tree / "sub/grandchild.yaml")}


def test_a_known_summary_is_reused_until_the_file_changes(tree: Path):
    path = tree / "child.yaml"
    record = read_indexed_file(str(path))
    assert read_indexed_file(str(path), known=record) is record
    path.write_text(CHILD.replace("size", "count"), encoding="utf-8")
    os.utime(path, ns=(record.stamp[0] + 10**9, record.stamp[0] + 10**9))
    again = read_indexed_file(str(path), known=record)
    assert again is not record and "count" in again.parameters


def test_parents_by_file_name_registry_scope_and_group_member(tree: Path):
    index = indexed(tree)
    parents = [(p.use.resource, p.use.type_name) for p in index.parents_of(str(tree / "child.yaml"))]
    assert parents == [
        ("direct", "child.yaml"),
        ("mapped", "My::Child"),
        ("group", "child.yaml"),
        ("chain", "child.yaml"),
    ]
    deeper = [(p.use.resource, p.use.type_name) for p in index.parents_of(str(tree / "sub/grandchild.yaml"))]
    assert deeper == [("scoped", "My::Other"), ("scaling", "sub/grandchild.yaml")]
    assert index.parents_of(str(tree / "parent.yaml")) == []


def test_registry_types_link_only_through_the_configured_environments(tree: Path):
    index = build_index([str(tree)])  # no environments: Heat's global environment only
    parents = [p.use.resource for p in index.parents_of(str(tree / "child.yaml"))]
    assert parents == ["direct", "group", "chain"]
    index.set_registry(registry_for(resource_catalogue(()), [str(tree / "env.yaml")], TemplateFiles(None)), [])
    assert "mapped" in [p.use.resource for p in index.parents_of(str(tree / "child.yaml"))]


def test_environment_keys_of_a_template_parameter(tree: Path):
    index = indexed(tree)
    keys = [
        (os.path.basename(k.file.path), k.section) for k in index.environment_keys(str(tree / "child.yaml"), "name")
    ]
    # env.yaml maps a type to child.yaml and is configured; other-env.yaml maps nothing to it.
    assert keys == [("env.yaml", "parameter_defaults")]
    unconfigured = build_index([str(tree)])
    keys = [os.path.basename(k.file.path) for k in unconfigured.environment_keys(str(tree / "child.yaml"), "name")]
    assert keys == ["env.yaml"]  # still: its registry names child.yaml
    keys = [
        os.path.basename(k.file.path) for k in unconfigured.environment_keys(str(tree / "sub/grandchild.yaml"), "name")
    ]
    assert keys == ["env.yaml", "other-env.yaml"]


def test_open_documents_hide_their_files_and_names_follow(tree: Path):
    index = indexed(tree)
    assert index.parameter_names() == {"image", "name", "size", "deep", "j"}
    path = str(tree / "child.yaml")
    text = (tree / "child.yaml").read_text().replace("size", "width")
    record = index_analysis(path, (-1, 7), analyze(text))
    index.put_open(record)
    assert index.file(path) is record and index.on_disk(path).stamp[0] != -1
    assert index.parameter_names() == {"image", "name", "width", "deep", "j"}
    index.forget_open(path)
    assert "size" in index.parameter_names() and "width" not in index.parameter_names()
    assert index_analysis(path, (-1, 8), analyze("just: yaml\n")) is None


def test_refresh_reads_what_changed_and_drops_what_is_gone(tree: Path):
    index = indexed(tree)
    before = {r.path: r for r in index.files()}
    (tree / "other-env.yaml").unlink()
    write(tree, "new.yaml", "heat_template_version: 2016-10-14\nparameters: {fresh: {type: string}}\n")
    refresh_index(index, [str(tree)])
    after = {r.path: r for r in index.files()}
    assert str(tree / "other-env.yaml") not in after and "fresh" in index.parameter_names()
    assert all(after[path] is before[path] for path in after if path in before)  # unchanged: not read again


def test_an_empty_index_resolves_with_heats_global_environment():
    index = WorkspaceIndex()
    assert isinstance(index.registry, Registry)
    assert index.resolve("OS::Nova::Server", None, "/x/t.yaml") is None
    assert index.resolve("x.yaml", None, "/x/t.yaml") == "/x/x.yaml"
