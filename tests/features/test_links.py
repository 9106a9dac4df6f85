"""Document links: get_file paths and template-resource types."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.features.links import document_links
from hot_lsp.features.snapshot import Settings, Snapshot


def links(fixture: str, uri: str, env: bool = False, encoding: str = "utf-16") -> list[tuple[int, str, str | None]]:
    """(line, covered text, target) of each link."""
    text = textwrap.dedent(fixture).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=env))
    snapshot = Snapshot(uri, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]
    return [
        (link.range.start.line, text[snapshot.offset(link.range.start) : snapshot.offset(link.range.end)], link.target)
        for link in document_links(snapshot)
    ]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "boot.sh").write_text("#!/bin/sh\n")
    (tmp_path / "nested.yaml").write_text("heat_template_version: 2018-08-31\n")
    (tmp_path / "old.template").write_text("heat_template_version: 2013-05-23\n")
    (tmp_path / "templates").mkdir()
    return tmp_path


def test_get_file_and_template_types(tree: Path) -> None:
    uri = (tree / "templates" / "main.yaml").as_uri()
    fixture = f"""
        heat_template_version: 2018-08-31
        resources:
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: {{get_file: ../scripts/boot.sh}}
              inputs: [{{get_file: "../scripts/missing.sh"}}]
          child:
            type: "../nested.yaml"
          old:
            type: ../old.template
          ignored:
            type: ../nested.yml
          remote:
            type: https://example.com/templates/remote.yaml
          absolute:
            type: {tree / "nested.yaml"}
          by_uri:
            properties: {{data: {{get_file: '{(tree / "scripts" / "boot.sh").as_uri()}'}}}}
            type: OS::Heat::Value
        """
    assert links(fixture, uri) == [
        (5, "../scripts/boot.sh", (tree / "scripts" / "boot.sh").as_uri()),
        (8, "../nested.yaml", (tree / "nested.yaml").as_uri()),
        (10, "../old.template", (tree / "old.template").as_uri()),
        (14, "https://example.com/templates/remote.yaml", "https://example.com/templates/remote.yaml"),
        (16, str(tree / "nested.yaml"), (tree / "nested.yaml").as_uri()),
        (18, (tree / "scripts" / "boot.sh").as_uri(), (tree / "scripts" / "boot.sh").as_uri()),
    ]


def test_environment_registry(tree: Path) -> None:
    fixture = """
        resource_registry:
          My::Nested: nested.yaml
          My::Alias: OS::Heat::None
          resources:
            web:
              My::Nested: old.template
        """
    assert links(fixture, (tree / "env.yaml").as_uri(), env=True) == [
        (1, "nested.yaml", (tree / "nested.yaml").as_uri()),
        (5, "old.template", (tree / "old.template").as_uri()),
    ]


def test_relative_paths_need_a_file_document(tree: Path) -> None:
    fixture = "heat_template_version: 2018-08-31\nresources:\n  c: {type: nested.yaml}\n"
    assert links(fixture, "untitled:Untitled-1") == []
    assert links(fixture, (tree / "x.yaml").as_uri()) != []


def test_non_hot_and_broken_documents(tree: Path) -> None:
    uri = (tree / "x.yaml").as_uri()
    assert links("name: x\ntype: nested.yaml\nfile: {get_file: scripts/boot.sh}\n", uri) == []
    broken = "heat_template_version: 2018-08-31\nresources:\n  c: {type: nested.yaml}\n  d: [\n"
    assert [target for _, _, target in links(broken, uri)] == [(tree / "nested.yaml").as_uri()]


def test_multi_byte_text_utf16(tree: Path) -> None:
    fixture = "heat_template_version: 2018-08-31\nresources:\n  c: {metadata: {n: 😀}, type: nested.yaml}\n"
    text = textwrap.dedent(fixture)
    analysis = analyze(text)
    snapshot = Snapshot((tree / "x.yaml").as_uri(), 1, analysis, analysis, "utf-16", Settings())
    (link,) = document_links(snapshot)
    assert (link.range.start.character, link.range.end.character) == (31, 42)
