"""Document and workspace symbols."""

from __future__ import annotations

import textwrap

from lsprotocol import types

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.features.snapshot import Settings, Snapshot
from hot_lsp.features.symbols import document_symbols, workspace_symbols

K = types.SymbolKind


def snap(fixture: str, uri: str = "file:///t/template.yaml", encoding: str = "utf-16", env: bool = False) -> Snapshot:
    text = textwrap.dedent(fixture).lstrip("\n")
    analysis = analyze(text, Options(named_as_environment=env))
    return Snapshot(uri, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]


def outline(snapshot: Snapshot, symbols: list[types.DocumentSymbol] | None = None, depth: int = 0) -> list[str]:
    """One line per symbol: indentation, name, kind, detail, lines, and the text its selection covers."""
    lines = []
    for symbol in document_symbols(snapshot) if symbols is None else symbols:
        selected = snapshot.text[
            snapshot.offset(symbol.selection_range.start) : snapshot.offset(symbol.selection_range.end)
        ]
        assert _inside(symbol.selection_range, symbol.range)
        lines.append(
            f"{'  ' * depth}{symbol.name} {symbol.kind.name} {symbol.detail} "
            f"{symbol.range.start.line}-{symbol.range.end.line} [{selected}]"
        )
        lines.extend(outline(snapshot, list(symbol.children or []), depth + 1))
    return lines


def _inside(inner: types.Range, outer: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return position.line, position.character

    return key(outer.start) <= key(inner.start) <= key(inner.end) <= key(outer.end)


TEMPLATE = """
heat_template_version: 2018-08-31
description: >
  A server
  and its port.
parameters:
  flavor:
    type: string
    default: m1.small
  "image":
    type: string
parameter_groups:
  - label: Sizes
    description: How large
    parameters: [flavor]
  - parameters: [image]
conditions:
  big: {equals: [{get_param: flavor}, large]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}

  # the port
  port:
    type: OS::Neutron::Port
outputs:
  ip:
    description: The address.
    value: {get_attr: [server, first_address]}
"""


def test_template_outline() -> None:
    assert outline(snap(TEMPLATE)) == [
        "heat_template_version Constant 2018-08-31 (Rocky) 0-0 [heat_template_version]",
        "description String A server and its port. 1-3 [description]",
        "parameters Namespace None 4-9 [parameters]",
        "  flavor Variable string 5-7 [flavor]",
        "  image Variable string 8-9 [image]",
        "parameter_groups Namespace None 10-14 [parameter_groups]",
        "  Sizes Array How large 11-13 [Sizes]",
        "  group 2 Array None 14-14 []",
        "conditions Namespace None 15-16 [conditions]",
        "  big Boolean None 16-16 [big]",
        "resources Namespace None 17-25 [resources]",
        "  server Class OS::Nova::Server 18-21 [server]",
        "  port Class OS::Neutron::Port 24-25 [port]",
        "outputs Namespace None 26-29 [outputs]",
        "  ip Field The address. 27-29 [ip]",
    ]


def test_odd_keys_and_values_still_give_valid_symbols() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          "": {type: string}
          123: {type: number}
          alias: &a {type: string}
          other: *a
        resources:
          r: {type: [not, a, string]}
        Outputs: {}
        """
    assert outline(snap(fixture)) == [
        "heat_template_version Constant 2018-08-31 (Rocky) 0-0 [heat_template_version]",
        "parameters Namespace None 1-5 [parameters]",
        "  '' Variable string 2-2 [\"\"]",
        "  123 Variable number 3-3 [123]",
        "  alias Variable string 4-4 [alias]",
        "  other Variable string 5-5 [other]",
        "resources Namespace None 6-7 [resources]",
        "  r Class None 7-7 [r]",
        "Outputs Namespace None 8-8 [Outputs]",
    ]


def test_environment_outline() -> None:
    fixture = """
        parameter_defaults:
          Flavor: m1.small
        resource_registry:
          My::Server: server.yaml
        """
    assert outline(snap(fixture, env=True)) == [
        "parameter_defaults Namespace None 0-1 [parameter_defaults]",
        "  Flavor Property m1.small 1-1 [Flavor]",
        "resource_registry Namespace None 2-3 [resource_registry]",
        "  My::Server Property server.yaml 3-3 [My::Server]",
    ]


def test_non_hot_yaml_has_no_symbols() -> None:
    assert document_symbols(snap("name: x\nitems: [1, 2]\n")) == []
    assert document_symbols(snap("- just\n- a list\n")) == []
    assert document_symbols(snap("")) == []


def test_broken_yaml_outlines_what_was_read() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          a: {type: string}
        resources:
          r:
            type: OS::Heat::None
            properties: {x: [
        """
    names = [line.split()[0] for line in outline(snap(fixture))]
    assert names[:4] == ["heat_template_version", "parameters", "a", "resources"]


def test_multi_byte_ranges_in_utf16() -> None:
    snapshot = snap('heat_template_version: 2018-08-31\nparameters: {"😀": {type: string}, size: {type: number}}\n')
    parameters = document_symbols(snapshot)[1]
    size = list(parameters.children or [])[1]
    assert size.name == "size"
    assert (size.selection_range.start.character, size.selection_range.end.character) == (35, 39)


def test_workspace_symbols_match_case_insensitively_substrings_first() -> None:
    one = snap(TEMPLATE, uri="file:///t/one.yaml")
    two = snap(
        """
        heat_template_version: 2018-08-31
        resources:
          Server_Port: {type: OS::Neutron::Port}
          web_server: {type: OS::Nova::Server}
        """,
        uri="file:///t/two.yaml",
    )
    found = workspace_symbols([one, two], "SERVER")
    assert [(s.name, s.kind.name, s.container_name, s.location.uri) for s in found] == [
        ("server", "Class", "resources", "file:///t/one.yaml"),
        ("Server_Port", "Class", "resources", "file:///t/two.yaml"),
        ("web_server", "Class", "resources", "file:///t/two.yaml"),
    ]
    assert [s.name for s in workspace_symbols([one, two], "svpt")] == ["Server_Port"]  # a subsequence
    assert [s.name for s in workspace_symbols([one, two], "flv")] == ["flavor"]
    assert [s.name for s in workspace_symbols([one, two], "ip")] == ["ip"]
    assert workspace_symbols([one, two], "zzz") == []
    assert len(workspace_symbols([one, two], "")) == 8
    assert len(workspace_symbols([one, two], "", limit=3)) == 3
    location = found[0].location
    assert isinstance(location, types.Location)
    assert one.text[one.offset(location.range.start) : one.offset(location.range.end)] == "server"


def test_workspace_symbols_skip_non_templates() -> None:
    assert workspace_symbols([snap("name: server\n"), snap("parameter_defaults: {server: 1}\n", env=True)], "") == []
