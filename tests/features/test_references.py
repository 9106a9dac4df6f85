"""Find references, fixture style: ``$0`` marks the cursor."""

from __future__ import annotations

import textwrap

import pytest
from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.references import references
from hot_lsp.features.snapshot import Settings, Snapshot

U = "file:///t/template.yaml"


def refs(fixture: str, declaration: bool = True, encoding: str = "utf-16") -> list[tuple[int, str]] | None:
    """(line, covered text) of each location, for the cursor at ``$0``."""
    text = textwrap.dedent(fixture).lstrip("\n")
    cursor = text.index("$0")
    text = text.replace("$0", "", 1)
    analysis = analyze(text)
    snapshot = Snapshot(U, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]
    found = references(
        snapshot,
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=declaration),
            text_document=types.TextDocumentIdentifier(uri=U),
            position=snapshot.position(cursor),
        ),
    )
    if found is None:
        return None
    assert all(location.uri == U for location in found)
    return [
        (location.range.start.line, text[snapshot.offset(location.range.start) : snapshot.offset(location.range.end)])
        for location in found
    ]


TEMPLATE = """
heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
parameter_groups:
  - parameters: [flavor]
conditions:
  big: {equals: [{get_param: flavor}, large]}
  small: {not: big}
resources:
  server:
    type: OS::Nova::Server
    condition: {or: [big, small]}
    properties:
      flavor: {get_param: "flavor"}
      user_data: |
        echo flavor server big
  port:
    type: OS::Neutron::Port
    depends_on: server
    properties:
      device: {get_resource: server}
outputs:
  ip:
    condition: big
    value: {if: [big, {get_attr: [server, first_address]}, none]}
"""


def cursor_on(name_line: str, word: str) -> str:
    """TEMPLATE with the cursor inside ``word`` on the first line containing ``name_line``."""
    line_at = TEMPLATE.index(name_line)
    at = TEMPLATE.index(word, line_at) + 1
    return TEMPLATE[:at] + "$0" + TEMPLATE[at:]


def test_parameter_from_its_definition_key() -> None:
    assert refs(cursor_on("  flavor: {type", "flavor")) == [(2, "flavor"), (4, "flavor"), (6, "flavor"), (13, "flavor")]


def test_without_the_declaration() -> None:
    assert refs(cursor_on('get_param: "flavor"', "flavor"), declaration=False) == [
        (4, "flavor"),
        (6, "flavor"),
        (13, "flavor"),
    ]


def test_resource_from_a_reference_and_never_from_a_script() -> None:
    assert refs(cursor_on("depends_on: server", "server")) == [
        (9, "server"),
        (18, "server"),
        (20, "server"),
        (24, "server"),
    ]


def test_condition_in_every_kind_of_use() -> None:
    assert refs(cursor_on("{or: [big", "big")) == [
        (6, "big"),
        (7, "big"),
        (11, "big"),
        (23, "big"),
        (24, "big"),
    ]


def test_pseudo_and_undeclared_names_list_their_uses() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        outputs:
          a: {value: {get_param: OS::stack_name}}
          b: {value: {get_param: OS::stack$0_name}}
          c: {value: {get_param: nope}}
        """
    assert refs(fixture) == [(2, "OS::stack_name"), (3, "OS::stack_name")]


@pytest.mark.parametrize(
    "fixture",
    [
        "heat_template_version: 2018-08-31\nparameters:\n  a: {ty$0pe: string}\n",
        "heat_template_version: 2018-08-31\ndescri$0ption: flavor\n",
        "kind: List\nitems: [{get_param: fl$0avor}]\n",  # not HOT
        "",  # empty document
    ],
)
def test_nothing_under_the_cursor(fixture: str) -> None:
    assert refs(fixture + "$0" if "$0" not in fixture else fixture) is None


def test_half_typed_document() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          p: {type: string}
        resources:
          r:
            type: OS::Heat::Value
            properties: {value: {get_param: p$0}}
          s: {type: OS::Heat::Value, properties: {value: {get_param: p}
        """
    # the unfinished last line is read as far as it goes
    assert refs(fixture) == [(2, "p"), (6, "p"), (7, "p")]


def test_multi_byte_text_utf16() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {"😀": {type: string}, p: {type: string}}
        outputs: {o: {description: 😀😀, value: {get_param: p$0}}}
        """
    text = textwrap.dedent(fixture).lstrip("\n").replace("$0", "")
    analysis = analyze(text)
    snapshot = Snapshot(U, 1, analysis, analysis, "utf-16", Settings())
    found = references(
        snapshot,
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=types.TextDocumentIdentifier(uri=U),
            position=types.Position(line=2, character=53),
        ),
    )
    assert found is not None
    assert [(loc.range.start.line, loc.range.start.character, loc.range.end.character) for loc in found] == [
        (1, 35, 36),  # 34 code points before `p`, 😀 counting 2 units
        (2, 52, 53),
    ]


def test_a_reference_under_an_anchor_is_listed_once() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          net$0: {type: string}
        resources:
          a:
            type: OS::Neutron::Port
            properties: &props {network: {get_param: net}}
          b:
            type: OS::Neutron::Port
            properties: *props
        """
    assert refs(fixture) == [(2, "net"), (6, "net")]
