"""Semantic tokens: decoded back to absolute positions and shown with the text they cover."""

from __future__ import annotations

import textwrap

from lsprotocol import types
from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.semantic_tokens import LEGEND, semantic_tokens, semantic_tokens_range
from hot_lsp.features.snapshot import Settings, Snapshot


def snap(fixture: str, encoding: str = "utf-16") -> Snapshot:
    text = textwrap.dedent(fixture).lstrip("\n")
    analysis = analyze(text)
    return Snapshot("file:///t/x.yaml", 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]


def decode(data: list[int]) -> list[tuple[int, int, int, str, tuple[str, ...]]]:
    assert len(data) % 5 == 0
    result = []
    line = character = 0
    for at in range(0, len(data), 5):
        delta_line, delta_character, length, token_type, modifiers = data[at : at + 5]
        line += delta_line
        character = character + delta_character if delta_line == 0 else delta_character
        names = tuple(name for bit, name in enumerate(LEGEND.token_modifiers) if modifiers & (1 << bit))
        result.append((line, character, length, LEGEND.token_types[token_type], names))
    return result


def shown(snapshot: Snapshot, tokens: types.SemanticTokens | None = None) -> list[str]:
    """``text:type+modifiers`` for each token, the text read back in the snapshot's encoding."""
    tokens = tokens or semantic_tokens(snapshot)
    result = []
    for line, character, length, token_type, modifiers in decode(list(tokens.data)):
        start = snapshot.offset(types.Position(line=line, character=character))
        end = snapshot.offset(types.Position(line=line, character=character + length))
        result.append(f"{snapshot.text[start:end]}:{'+'.join((token_type, *modifiers))}")
    return result


TEMPLATE = """
heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
conditions:
  big: {equals: [{get_param: flavor}, large]}
  small: {not: big}
resources:
  server:
    type: OS::Nova::Server
    condition: small
    properties:
      flavor: {get_param: "flavor"}
      name: {get_param: OS::stack_name}
      user_data: |
        get_param flavor
  port:
    type: OS::Neutron::Port
    depends_on: [server]
outputs:
  ip:
    value: {if: [big, {get_attr: [server, first_address]}, {get_param: missing}]}
"""


def test_functions_names_and_declarations() -> None:
    assert shown(snap(TEMPLATE)) == [
        "flavor:parameter+declaration",
        "big:enumMember+declaration",
        "equals:function+defaultLibrary",
        "get_param:function+defaultLibrary",
        "flavor:parameter",
        "small:enumMember+declaration",
        "not:function+defaultLibrary",
        "big:enumMember",
        "server:variable+declaration",
        "OS::Nova::Server:type",
        "small:enumMember",
        "flavor:property",
        "get_param:function+defaultLibrary",
        "flavor:parameter",  # inside its quotes
        "name:property",
        "get_param:function+defaultLibrary",
        "OS::stack_name:parameter+defaultLibrary+readonly",
        "user_data:property",
        "port:variable+declaration",
        "OS::Neutron::Port:type",
        "server:variable",
        "if:function+defaultLibrary",
        "big:enumMember",
        "get_attr:function+defaultLibrary",
        "server:variable",
        "first_address:property+readonly+deprecated",  # Heat deprecated it for `networks`
        "get_param:function+defaultLibrary",
        "missing:parameter",
    ]


def test_deprecated_types_properties_and_attributes() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        resources:
          alarm:
            type: OS::Aodh::Alarm
            properties: {meter_name: cpu}
          server:
            type: "OS::Nova::Server"
            properties:
              personality: {}
              flavor: m1
          value:
            type: OS::Heat::Value
            properties: {value: {get_attr: [server, accessIPv4]}}
          nested:
            type: child.yaml
            properties: {size: 2}
          other:
            type: OS::Heat::Value
            properties: {value: {get_attr: [nested, out]}}
        """
    assert [token for token in shown(snap(fixture)) if "variable" not in token and "function" not in token] == [
        "OS::Aodh::Alarm:type+deprecated",
        "meter_name:property",
        "OS::Nova::Server:type",  # inside its quotes
        "personality:property+deprecated",
        "flavor:property",
        "OS::Heat::Value:type",
        "value:property",
        "accessIPv4:property+readonly+deprecated",
        "child.yaml:type",  # a template resource: no catalogue entry, no modifier
        "size:property",
        "OS::Heat::Value:type",
        "value:property",
        "out:property+readonly",
    ]


def test_legend_keeps_its_first_indices() -> None:
    """Clients may cache the legend: the types and modifiers of earlier releases keep their indices."""
    assert LEGEND.token_types[:4] == ["function", "parameter", "variable", "enumMember"]
    assert LEGEND.token_modifiers[:3] == ["declaration", "defaultLibrary", "readonly"]


def test_encoding_is_relative_and_sorted() -> None:
    data = list(semantic_tokens(snap(TEMPLATE)).data)
    decoded = decode(data)
    assert decoded == sorted(decoded)
    assert data[:5] == [2, 2, 6, 1, 1]  # `flavor` at line 2, character 2, declaration


def test_lengths_and_starts_count_utf16_units() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {"😀x": {type: string}}
        outputs: {o: {description: 😀, value: {get_param: "😀x"}}}
        """
    for encoding, expected in (
        ("utf-16", [(1, 14, 3), (2, 39, 9), (2, 51, 3)]),
        ("utf-8", [(1, 14, 5), (2, 41, 9), (2, 53, 5)]),
        ("utf-32", [(1, 14, 2), (2, 38, 9), (2, 50, 2)]),
    ):
        snapshot = snap(fixture, encoding)
        assert [token[:3] for token in decode(list(semantic_tokens(snapshot).data))] == expected
        assert shown(snapshot) == [
            "😀x:parameter+declaration",
            "get_param:function+defaultLibrary",
            "😀x:parameter",
        ]


def test_names_spread_over_lines_are_left_out() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          long name: {type: string}
        outputs:
          o:
            value:
              get_param: long
                name
        """
    assert shown(snap(fixture)) == ["long name:parameter+declaration", "get_param:function+defaultLibrary"]


def test_range_request() -> None:
    snapshot = snap(TEMPLATE)
    visible = types.Range(start=types.Position(line=7, character=0), end=types.Position(line=10, character=0))
    params = types.SemanticTokensRangeParams(
        text_document=types.TextDocumentIdentifier(uri=snapshot.uri), range=visible
    )
    assert shown(snapshot, semantic_tokens_range(snapshot, params)) == [
        "server:variable+declaration",
        "OS::Nova::Server:type",
        "small:enumMember",
    ]


def test_non_hot_broken_and_empty() -> None:
    assert semantic_tokens(snap("name: x\nv: {get_param: a}\n")).data == []
    assert semantic_tokens(snap("")).data == []
    broken = "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\noutputs: {o: {value: {get_param: a\n"
    assert shown(snap(broken))[:1] == ["a:parameter+declaration"]


def test_legend() -> None:
    assert "function" in LEGEND.token_types and "parameter" in LEGEND.token_types
    assert "declaration" in LEGEND.token_modifiers


def test_aliases_add_no_tokens_of_their_own() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          net: {type: string}
        resources:
          a:
            type: OS::Neutron::Port
            properties: &props {network: {get_param: net}}
          b:
            type: OS::Neutron::Port
            properties: *props
        """
    assert shown(snap(fixture)) == [
        "net:parameter+declaration",
        "a:variable+declaration",
        "OS::Neutron::Port:type",
        "network:property",  # once: b's properties are the same nodes
        "get_param:function+defaultLibrary",
        "net:parameter",
        "b:variable+declaration",
        "OS::Neutron::Port:type",
    ]


@needs_corpus
def test_largest_template_tokens_cover_what_they_name() -> None:
    path = CORPUS / "tripleo-heat-templates" / "network" / "endpoints" / "endpoint_map.yaml"
    text = path.read_text()
    analysis = analyze(text)
    snapshot = Snapshot(path.as_uri(), 1, analysis, analysis, "utf-16", Settings())
    assert analysis.model is not None
    tokens = decode(list(semantic_tokens(snapshot).data))
    model = analysis.model
    declared = len(model.parameters) + len(model.resources) + len(model.conditions)
    assert len(tokens) == len(model.calls) + len(model.references) + declared
    names = {call.name for call in analysis.model.calls} | {r.name for r in analysis.model.references}
    names |= set(analysis.model.parameters)
    for line, character, length, _, _ in tokens:
        start = snapshot.offset(types.Position(line=line, character=character))
        assert text[start : start + length] in names
