"""The file service the server hands features: template interfaces kept per file version, folder listings."""

from __future__ import annotations

import os
from pathlib import Path

from hot_lsp.analysis.files.file_service import FileService

TEMPLATE = """\
heat_template_version: 2018-08-31
description: A child
parameters:
  flavor:
    type: string
    description: The flavour
  café: {type: number, default: 2}
"""


def test_template_info_reads_description_and_parameters_with_their_places(tmp_path: Path):
    child = tmp_path / "child.yaml"
    child.write_text(TEMPLATE, encoding="utf-8")
    info = FileService().template_info(str(child))
    assert info is not None and info.description == "A child"
    flavor, cafe = info.parameters["flavor"], info.parameters["café"]
    assert (flavor.type, flavor.description, flavor.has_default, flavor.line, flavor.column) == (
        "string",
        "The flavour",
        False,
        3,
        2,
    )
    assert (cafe.default, cafe.has_default, cafe.line_text, cafe.length) == (
        2,
        True,
        "  café: {type: number, default: 2}",
        4,
    )


def test_template_info_is_kept_while_the_file_is_unchanged(tmp_path: Path):
    child = tmp_path / "child.yaml"
    child.write_text(TEMPLATE, encoding="utf-8")
    files = FileService()
    first = files.template_info(str(child))
    assert files.template_info(str(child)) is first
    child.write_text(TEMPLATE.replace("flavor", "image"), encoding="utf-8")
    os.utime(child, ns=(1, 1))  # a new (mtime, size) even on a coarse clock
    again = files.template_info(str(child))
    assert again is not first and again is not None and list(again.parameters) == ["image", "café"]


def test_template_info_of_what_is_not_a_template(tmp_path: Path):
    (tmp_path / "env.yaml").write_text("parameter_defaults: {a: 1}\n")
    (tmp_path / "bad.yaml").write_bytes(b"\xff\xfe not utf-8")
    files = FileService()
    assert files.template_info(str(tmp_path / "env.yaml")) is None
    assert files.template_info(str(tmp_path / "bad.yaml")) is None
    assert files.template_info(str(tmp_path / "missing.yaml")) is None
    assert files.template_info(str(tmp_path)) is None  # a folder


def test_folder_lists_entries_by_name(tmp_path: Path):
    (tmp_path / "b.yaml").write_text("x")
    (tmp_path / "a").mkdir()
    files = FileService()
    assert [(e.name, e.is_dir, e.is_file) for e in files.folder(str(tmp_path))] == [
        ("a", True, False),
        ("b.yaml", False, True),
    ]
    assert files.folder(str(tmp_path / "missing")) == []
    assert files.is_file(str(tmp_path / "b.yaml")) and files.is_dir(str(tmp_path / "a"))
