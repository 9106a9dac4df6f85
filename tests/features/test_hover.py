"""Hover, fixture style: ``$0`` marks the cursor; the expected text sits beside each case."""

from __future__ import annotations

import textwrap

import pytest
from lsprotocol import types

from hot_lsp import spec
from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import analyze
from hot_lsp.features.hover import hover
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///work/t/template.yaml"


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def hover_at(
    fixture: str, *, last_good: Analysis | None = None, encoding: str = "utf-16", markdown: bool = True
) -> tuple[Snapshot, types.Hover | None]:
    text, offset = marked(fixture)
    analysis = analyze(text)
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    snapshot = Snapshot(URI, 1, analysis, good, encoding, Settings())
    params = types.HoverParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    return snapshot, hover(snapshot, params, markdown=markdown)


def shown(fixture: str, **kwargs) -> str | None:
    """The hover's markdown, or None."""
    _, result = hover_at(fixture, **kwargs)
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


def covered(fixture: str, **kwargs) -> str:
    """The text the hover's range covers."""
    snapshot, result = hover_at(fixture, **kwargs)
    assert result is not None and result.range is not None
    return snapshot.text[snapshot.offset(result.range.start) : snapshot.offset(result.range.end)]


TEMPLATE = """\
heat_template_version: {version}
description: test
parameters:
  flavor:
    type: string
    label: Flavor
    description: The flavor to boot
    default: m1.small
    hidden: true
    constraints:
      - allowed_values: [m1.small, m1.large]
        description: Small or large
      - length: {{min: 1, max: 255}}
      - custom_constraint: nova.flavor
      - allowed_pattern: "[a-z0-9.]+"
  count:
    type: number
    constraints:
      - range: {{min: 1}}
      - modulo: {{step: 2, offset: 1}}
  settings:
    type: json
    default:
      a: 1
      b: [1, 2]
conditions:
  is_prod:
    equals:
    - get_param: flavor
    - m1.large
  not_prod: {{not: is_prod}}
  both: {{and: [is_prod, not_prod]}}
resources:
  server:
    type: OS::Nova::Server
    description: The only server
    condition: is_prod
    properties:
      flavor: {{get_param: flavor}}
      name: {{get_param: OS::stack_name}}
      image: plain
      networks: [{{get_param: [settings, a]}}]
  port:
    type: OS::Neutron::Port
    depends_on: server
    properties:
      x: {{get_attr: [server, first_address]}}
      y: {{if: [is_prod, a, b]}}
  other:
    type: OS::Heat::None
    depends_on: [server, port]
outputs:
  o:
    value: {{get_resource: server}}
"""


def at(anchor: str, *, shift: int = 0, nth: int = 0, version: str = "2016-10-14") -> str:
    """TEMPLATE with the cursor ``shift`` characters into the ``nth`` occurrence of ``anchor``."""
    text = TEMPLATE.format(version=version)
    index = -1
    for _ in range(nth + 1):
        index = text.index(anchor, index + 1)
    index += shift
    return text[:index] + "$0" + text[index:]


# -- functions ---------------------------------------------------------------------------------------


def test_function_name_shows_signature_result_and_arrival():
    text = shown(at("get_attr"))
    assert text is not None
    assert text.startswith("**get_attr** — intrinsic function, since 2013-05-23 (Icehouse)")
    assert spec.FUNCTIONS["get_attr"].signature in text
    assert "**Returns** " + spec.FUNCTIONS["get_attr"].returns in text
    assert "Available in `2016-10-14`." in text
    assert covered(at("get_attr", shift=3)) == "get_attr"


GUIDE = "https://docs.openstack.org/heat/2026.2/template_guide/"  # the built-in catalogue is Heat 27's


def test_function_and_section_link_to_the_guide():
    assert f"[Heat template guide]({GUIDE}hot_spec.html#get-attr)\n\n---" in shown(at("get_attr"))  # a preview follows
    condition = shown("heat_template_version: 2016-10-14\nconditions:\n  c: {equ$0als: [1, 1]}\n")
    assert f"[Heat template guide]({GUIDE}hot_spec.html#equals)" in condition
    assert shown(at("resources:", shift=2)).endswith(f"[Heat template guide]({GUIDE}hot_spec.html#resources-section)")
    cfn = shown("heat_template_version: 2013-05-23\noutputs:\n  o:\n    value: {Fn::Jo$0in: [',', [a]]}\n")
    assert cfn is not None and "Heat template guide" not in cfn  # hot_spec has no section for it


def test_function_that_the_version_lacks_says_so():
    fixture = "heat_template_version: 2016-04-08\noutputs:\n  o:\n    value: {i$0f: [c, 1, 2]}\n"
    text = shown(fixture)
    assert text is not None and "**if**" in text
    assert "⚠ Not in `2016-04-08`: it arrived in 2016-10-14 (Newton)." in text


def test_removed_cfn_function():
    text = shown("heat_template_version: 2015-10-15\noutputs:\n  o:\n    value: {Fn::Sel$0ect: [0, [a]]}\n")
    assert text is not None and "removed in 2015-10-15 (Liberty)" in text and "⚠ Removed" in text


def test_condition_function_in_conditions():
    text = shown(at("get_param: flavor\n    - m1", shift=2))
    assert text is not None
    assert "intrinsic condition function, since 2016-10-14 (Newton)" in text
    assert "Available as a condition function in `2016-10-14`." in text
    equals = shown(at("equals:", shift=1))
    assert equals is not None and "**equals**" in equals and "Available as a condition function" in equals


def test_yaql_as_a_condition_before_pike():
    fixture = "heat_template_version: 2016-10-14\nconditions:\n  c: {ya$0ql: {expression: '$.data'}}\n"
    text = shown(fixture)
    assert text is not None
    assert "⚠ Not a condition function in `2016-10-14`: Heat rejects it here as invalid in this context; " in text
    assert "it is one from 2017-09-01 (Pike)." in text


def test_a_normal_function_in_conditions_is_invalid_there():
    fixture = "heat_template_version: 2016-10-14\nconditions:\n  c: {get_r$0esource: x}\n"
    text = shown(fixture)
    assert text is not None and "Heat rejects it here" in text


def test_a_function_name_that_is_plain_data_shows_nothing():
    # Two keys: not a call, so `get_param` here is just a key.
    assert shown("heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {get_pa$0ram: x, y: 1}\n") is None


# -- references ----------------------------------------------------------------------------------------


def test_get_param_target_shows_the_parameter():
    text = shown(at("{get_param: flavor}", shift=13))
    assert text == (
        "**parameter** `flavor`: `string`\n\n"
        "*Flavor*\n\n"
        "The flavor to boot\n\n"
        "- default: `m1.small`\n"
        "- hidden\n"
        "- constraints:\n"
        "  - allowed values: `m1.small`, `m1.large` — *Small or large*\n"
        "  - length: `1` to `255` characters or items\n"
        "  - custom constraint `nova.flavor` (Name or ID of a Nova flavor that exists)\n"
        "  - allowed pattern: `[a-z0-9.]+`\n\n"
        "Defined on line 4."
    )
    assert covered(at("{get_param: flavor}", shift=13)) == "flavor"


def test_get_param_with_a_path_and_other_constraints():
    text = shown(at("[settings, a]", shift=2))
    assert text is not None and text.startswith("**parameter** `settings`: `json`")
    assert "- default:\n\n  ```yaml\n  a: 1\n  b: [1, 2]\n  ```" in text
    count = shown(at("count:", shift=1))  # the definition itself
    assert count is not None
    assert "  - range: at least `1`\n  - modulo: step `2`, offset `1`" in count


def test_pseudo_parameter():
    text = shown(at("OS::stack_name", shift=5))
    assert text == "**pseudo parameter** `OS::stack_name`\n\nThe name of the stack. Heat defines it for every stack."


@pytest.mark.parametrize(
    ("anchor", "shift", "nth"),
    [
        ("[server, first", 2, 0),  # get_attr
        ("get_resource: server", 15, 0),
        ("depends_on: server", 13, 0),
        ("depends_on: [server", 14, 0),
    ],
)
def test_resource_reference_shows_type_and_line(anchor, shift, nth):
    text = shown(at(anchor, shift=shift, nth=nth))
    assert text == (
        "**resource** `server`: `OS::Nova::Server`\n\nThe only server\n\n"
        "Only when condition `is_prod` holds.\n\nDefined on line 34."
    )


def test_resource_in_a_depends_on_list_item():
    text = shown(at("server, port]", shift=9))
    assert text is not None and text.startswith("**resource** `port`: `OS::Neutron::Port`")
    assert covered(at("server, port]", shift=9)) == "port"


@pytest.mark.parametrize(
    ("anchor", "shift"),
    [
        ("condition: is_prod", 12),
        ("[is_prod, a, b]", 2),
        ("{not: is_prod}", 8),
        ("[is_prod, not_prod]", 3),
    ],
)
def test_condition_reference_shows_its_definition(anchor, shift):
    text = shown(at(anchor, shift=shift))
    assert text is not None
    definition, _, preview = text.partition("\n\n---\n\n")  # the evaluated value follows (test_evaluation_hover)
    assert preview
    assert definition == (
        "**condition** `is_prod`, defined on line 27:\n\n"
        "```yaml\nis_prod:\n  equals:\n  - get_param: flavor\n  - m1.large\n```"
    )


def test_condition_definition_in_flow_style():
    text = shown(at("[is_prod, not_prod]", shift=11))
    assert text is not None and "```yaml\nnot_prod: {not: is_prod}\n```" in text


def test_unknown_reference_shows_nothing():
    assert shown("heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {get_param: nop$0e}\n") is None
    assert shown("heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {get_resource: nop$0e}\n") is None


def test_unusable_pseudo_parameter_says_why():
    text = shown("heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {get_param: OS::reg$0ion}\n")
    assert text is not None and "never creates the parameter" in text


# -- keys and values -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("anchor", "doc"),
    [
        ("description: test", spec.SECTION_DOCS["description"]),
        ("conditions:", spec.SECTION_DOCS["conditions"]),
        ("depends_on: server", spec.RESOURCE_KEY_DOCS["depends_on"]),
        ("properties:", spec.RESOURCE_KEY_DOCS["properties"]),
        ("label: Flavor", spec.PARAMETER_KEY_DOCS["label"]),
        ("hidden:", spec.PARAMETER_KEY_DOCS["hidden"]),
        ("value: {get_resource", spec.OUTPUT_KEY_DOCS["value"]),
        ("length:", spec.CONSTRAINT_KINDS["length"].doc),
    ],
)
def test_key_docs(anchor, doc):
    text = shown(at(anchor, shift=1))
    assert text is not None and doc in text


def test_key_not_in_this_version_says_so():
    text = shown("heat_template_version: 2016-04-08\nresources:\n  a:\n    type: x\n    cond$0ition: c\n")
    assert text is not None and "⚠ Not in `2016-04-08`: it arrived in 2016-10-14 (Newton)." in text
    modulo = shown(
        "heat_template_version: 2016-10-14\nparameters:\n  p:\n    type: number\n    constraints:\n"
        "    - mod$0ulo: {step: 2, offset: 0}\n"
    )
    assert modulo is not None and "arrived in 2017-02-24 (Ocata)" in modulo


def test_version_value_shows_release_and_additions():
    text = shown(at("2016-10-14", shift=3))
    assert text is not None
    assert text.startswith("**HOT version** `2016-10-14` — OpenStack Newton (alias `newton`)")
    assert "- functions `if`, `map_replace`, `yaql`" in text
    assert "- sections `conditions`" in text
    assert "- deletion policies `delete`, `retain`, `snapshot`" in text
    assert covered(at("2016-10-14", shift=3)) == "2016-10-14"


def test_version_alias_and_quiet_versions():
    pike = shown("heat_template_version: pi$0ke\n")
    assert pike is not None and "`2017-09-01` — OpenStack Pike" in pike and "`make_url`" in pike
    rocky = shown("heat_template_version: 2018-08-3$01\n")
    assert rocky is not None and "Adds nothing over the version before it." in rocky
    first = shown("heat_template_version: 2013-05-2$03\n")
    assert first is not None and "The first HOT version." in first
    assert shown("heat_template_version: 2013-05-2$04\n") is None  # not a version: diagnostics say so


def test_parameter_type_and_custom_constraint_values():
    text = shown(at("type: json", shift=7))
    assert text == "**json** — parameter type\n\n" + spec.PARAMETER_TYPES["json"]
    constraint = shown(at("nova.flavor", shift=2))
    assert constraint == "**nova.flavor** — custom constraint\n\nName or ID of a Nova flavor that exists."


@pytest.mark.parametrize(
    ("anchor", "shift"),
    [
        ("image: plain", 9),  # a plain value
        ("description: test", 14),
        ("The flavor to boot", 3),
        ("m1.small\n", 2),  # (types, properties and attributes: test_resource_type_hover.py)
    ],
)
def test_plain_values_show_nothing(anchor, shift):
    assert shown(at(anchor, shift=shift)) is None


def test_entry_names_show_their_definition_summary():
    text = shown(at("  server:\n", shift=3))
    assert text is not None and text.startswith("**resource** `server`")


# -- odd documents and positions --------------------------------------------------------------------------


def test_non_hot_yaml_shows_nothing():
    assert shown("name: x\nsteps:\n  - run: {get_pa$0ram: x}\n") is None
    # (environment files have their own hovers: tests/features/test_environment_features.py)


def test_whitespace_and_outside_show_nothing():
    assert shown(at("\nresources:", shift=0)) is None
    _, result = hover_at(TEMPLATE.format(version="2016-10-14") + "$0")
    assert result is None


def test_broken_text_uses_the_partial_tree_and_last_good_names():
    good = analyze(TEMPLATE.format(version="2016-10-14"))
    fixture = (
        "heat_template_version: 2016-10-14\n"
        "outputs:\n"
        "  o:\n"
        "    value: {get_param: flav$0or}\n"
        "  broken: [\n"
        "parameters:\n"
        "  flavor: {type: string}\n"
    )
    text = shown(fixture, last_good=good)
    assert text is not None and text.startswith("**parameter** `flavor`: `string`")
    # The current text's own declaration, read although an entry before it is broken (it was the last good
    # text's line 4 before pieces were read apart).
    assert "Defined on line 7." in text
    function = shown(fixture.replace("{get_param: flav$0or}", "{get_res$0ource: server}"), last_good=good)
    assert function is not None and function.startswith("**get_resource**")


def test_utf16_range_after_multibyte_text():
    fixture = (
        "heat_template_version: 2016-10-14\n"
        "parameters:\n  p: {type: string}\n"
        "outputs:\n  o:\n    value: {str_replace: {template: 'é😀', params: {X: {get_param: $0p}}}}\n"
    )
    snapshot, result = hover_at(fixture)
    assert result is not None and result.range is not None
    line = snapshot.text.split("\n")[result.range.start.line]
    before = line[: line.rindex(": p}") + 2]
    assert result.range.start.character == len(before.encode("utf-16-le")) // 2 == len(before) + 1
    assert result.range.end.character == result.range.start.character + 1
    _, utf8 = hover_at(fixture, encoding="utf-8")
    assert utf8 is not None and utf8.range is not None
    assert utf8.range.start.character == len(before.encode("utf-8"))


def test_plaintext_for_clients_without_markdown():
    _, result = hover_at(at("get_attr"), markdown=False)
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    assert result.contents.kind == types.MarkupKind.PlainText


def test_every_position_answers_without_raising():
    text = TEMPLATE.format(version="2016-10-14")
    analysis = analyze(text)
    snapshot = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings())
    answered = 0
    for offset in range(0, len(text) + 1):
        params = types.HoverParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
        answered += hover(snapshot, params) is not None
    assert answered > 100
