"""Go to definition, fixture style: ``$0`` marks the cursor."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.definition import definition
from hot_lsp.features.snapshot import Settings, Snapshot


def at_cursor(fixture: str, uri: str = "file:///work/t/template.yaml", encoding: str = "utf-16"):
    text = textwrap.dedent(fixture).lstrip("\n")
    cursor = text.index("$0")
    text = text.replace("$0", "", 1)
    analysis = analyze(text)
    snapshot = Snapshot(uri, 1, analysis, analysis, encoding, Settings())
    return snapshot, snapshot.position(cursor)


def goto(fixture: str, **kwargs) -> list[tuple[str, int, str]] | None:
    """(uri, line, covered text) of each location definition answers."""
    snapshot, position = at_cursor(fixture, **kwargs)
    found = definition(snapshot, types.DefinitionParams(types.TextDocumentIdentifier(uri=snapshot.uri), position))
    if found is None:
        return None
    result = []
    for location in found:
        covered = ""
        if location.uri == snapshot.uri:
            covered = snapshot.text[snapshot.offset(location.range.start) : snapshot.offset(location.range.end)]
        result.append((location.uri, location.range.start.line, covered))
    return result


TEMPLATE = """
heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
  'image name':
    type: string
parameter_groups:
  - parameters: [flavor]
conditions:
  big: {equals: [{get_param: flavor}, large]}
  not_big: {not: big}
  both: {and: [big, not_big]}
resources:
  server:
    type: OS::Nova::Server
    condition: big
    properties:
      flavor: {get_param: flavor}
      image: {get_param: 'image name'}
      name: {if: [big, {get_param: OS::stack_name}, small]}
  port:
    type: OS::Neutron::Port
    depends_on: [server]
    properties:
      device: {get_resource: server}
outputs:
  ip:
    value: {get_attr: [server, first_address]}
"""
U = "file:///work/t/template.yaml"


@pytest.mark.parametrize(
    ("where", "count", "expected"),
    [
        ("get_param: flavor", 1, (U, 2, "flavor")),  # in a condition
        ("[flavor]", 1, (U, 2, "flavor")),  # parameter_groups
        ("{not: big}", 1, (U, 9, "big")),
        ("[big, not_big]", 1, (U, 10, "not_big")),
        ("condition: big", 1, (U, 9, "big")),
        ("get_param: flavor", 2, (U, 2, "flavor")),
        ("get_param: 'image name'", 1, (U, 4, "image name")),  # quotes left out of the range
        ("if: [big", 1, (U, 9, "big")),
        ("depends_on: [server]", 1, (U, 13, "server")),
        ("get_resource: server", 1, (U, 13, "server")),
        ("get_attr: [server", 1, (U, 13, "server")),
    ],
)
def test_reference_goes_to_its_definition(where: str, count: int, expected: tuple[str, int, str]) -> None:
    # Put the cursor on the name, which is the last word of ``where`` before any bracket.
    index = -1
    for _ in range(count):
        index = TEMPLATE.index(where, index + 1)
    name_end = index + len(where.rstrip("]}"))
    name = expected[2]
    cursor = TEMPLATE.rindex(name.split()[0], index, name_end) + 1
    assert goto(TEMPLATE[:cursor] + "$0" + TEMPLATE[cursor:]) == [expected]


def test_definition_key_goes_to_itself() -> None:
    assert goto("heat_template_version: 2018-08-31\nparameters:\n  fla$0vor: {type: string}\n") == [(U, 2, "flavor")]


def test_cursor_just_after_the_name_counts() -> None:
    assert goto(
        """
        heat_template_version: 2018-08-31
        parameters:
          flavor: {type: string}
        outputs:
          o: {value: {get_param: flavor$0}}
        """
    ) == [(U, 2, "flavor")]


@pytest.mark.parametrize(
    "fixture",
    [
        # a same-named word that is not a reference
        "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string}\nresources:\n"
        "  s:\n    type: OS::Nova::Server\n    properties:\n      fla$0vor: x\n",
        # an undeclared parameter and a pseudo parameter: nothing defines them
        "heat_template_version: 2018-08-31\noutputs:\n  o: {value: {get_param: mis$0sing}}\n",
        "heat_template_version: 2018-08-31\noutputs:\n  o: {value: {get_param: OS::stack$0_name}}\n",
        # the function name itself, and blank space
        "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\noutputs:\n  o: {value: {get_pa$0ram: a}}\n",
        "heat_template_version: 2018-08-31\n$0\n",
        # not HOT at all
        "name: x\nitems:\n  - {get_param: fo$0o}\n",
    ],
)
def test_nothing_to_go_to(fixture: str) -> None:
    assert goto(fixture) is None


def test_broken_yaml_still_navigates_what_was_read() -> None:
    assert goto(
        """
        heat_template_version: 2018-08-31
        parameters:
          size: {type: number}
        resources:
          a:
            type: OS::Heat::Value
            properties: {value: {get_param: si$0ze}}
          b: [
        """
    ) == [(U, 2, "size")]


def test_multi_byte_text_before_the_cursor_counts_in_the_negotiated_units() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {"ü😀": {type: string}, size: {type: number}}
        outputs:
          o: {description: "😀😀", value: {get_param: si$0ze}}
        """
    # `size` starts at character 35 of line 1, counting code points; 😀 is 2 UTF-16 units and 4 UTF-8
    # bytes, ü is 2 UTF-8 bytes.
    for encoding, character in (("utf-32", 35), ("utf-16", 36), ("utf-8", 39)):
        snapshot, position = at_cursor(fixture, encoding=encoding)
        found = definition(snapshot, types.DefinitionParams(types.TextDocumentIdentifier(uri=U), position))
        assert found is not None
        assert (found[0].range.start.line, found[0].range.start.character) == (1, character)
        assert found[0].range.end.character - found[0].range.start.character == 4


def test_reference_inside_an_anchor_and_through_an_alias() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          net: {type: string}
        resources:
          a:
            type: OS::Neutron::Port
            properties: &props {network: {get_param: n$0et}}
          b:
            type: OS::Neutron::Port
            properties: *props
        """
    assert goto(fixture) == [(U, 2, "net")]


def test_get_file_and_template_resource_types_open_existing_files(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "boot.sh").write_text("#!/bin/sh\n")
    (tmp_path / "nested.yaml").write_text("heat_template_version: 2018-08-31\n")
    uri = (tmp_path / "main.yaml").as_uri()
    body = """
        heat_template_version: 2018-08-31
        resources:
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: {get_file: scripts/bo$0ot.sh}
          child:
            type: nested.yaml
        """
    assert goto(body, uri=uri) == [((tmp_path / "scripts" / "boot.sh").as_uri(), 0, "")]
    child = body.replace("bo$0ot", "boot").replace("nested.yaml", "nest$0ed.yaml")
    assert goto(child, uri=uri) == [((tmp_path / "nested.yaml").as_uri(), 0, "")]
    file_uri = (tmp_path / "scripts" / "boot.sh").as_uri()
    absolute = body.replace("scripts/bo$0ot.sh", f"'{file_uri[:-4]}$0{file_uri[-4:]}'")
    assert goto(absolute, uri=uri) == [((tmp_path / "scripts" / "boot.sh").as_uri(), 0, "")]
    # a file that does not exist, a URL, and a document that is not on disk: nowhere to go
    assert goto(body.replace("bo$0ot.sh", "mis$0sing.sh"), uri=uri) is None
    assert goto(body.replace("scripts/bo$0ot.sh", "http://example.com/bo$0ot.sh"), uri=uri) is None
    assert goto(body, uri="untitled:Untitled-1") is None


def test_environment_resource_registry_opens_templates(tmp_path: Path) -> None:
    (tmp_path / "nested.yaml").write_text("heat_template_version: 2018-08-31\n")
    uri = (tmp_path / "env.yaml").as_uri()
    fixture = "resource_registry:\n  My::Type: nest$0ed.yaml\n"
    assert goto(fixture, uri=uri) == [((tmp_path / "nested.yaml").as_uri(), 0, "")]


ODD_TEXTS = [
    TEMPLATE,
    TEMPLATE[: len(TEMPLATE) // 2],  # cut half-way
    TEMPLATE.replace("{get_param: flavor}", "{get_param: [flavor"),  # unbalanced
    TEMPLATE.replace("flavor", "flävör😀"),  # multi-byte names
    "heat_template_version: 2018-08-31\nparameters: &p {a: {type: string}}\nparameter_groups: [{parameters: *p}]\n",
    "heat_template_version: 2018-08-31\nresources: [a, b]\nconditions: 3\n",
    "kind: ConfigMap\ndata: {get_param: x}\n",
    "",
    "\n\n  \t",
]


@pytest.mark.parametrize("text", ODD_TEXTS)
def test_every_offset_answers_without_raising(text: str) -> None:
    from hot_lsp.features.references import references
    from hot_lsp.features.rename import prepare_rename, rename

    text = textwrap.dedent(text).lstrip("\n")
    analysis = analyze(text)
    for encoding in ("utf-16", "utf-8"):
        snapshot = Snapshot(U, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]
        document = types.TextDocumentIdentifier(uri=U)
        for offset in range(len(text) + 1):
            position = snapshot.position(offset)
            definition(snapshot, types.DefinitionParams(document, position))
            references(
                snapshot,
                types.ReferenceParams(
                    context=types.ReferenceContext(include_declaration=True), text_document=document, position=position
                ),
            )
            if prepare_rename(snapshot, types.PrepareRenameParams(document, position)) is not None:
                assert rename(snapshot, types.RenameParams(text_document=document, position=position, new_name="n"))
