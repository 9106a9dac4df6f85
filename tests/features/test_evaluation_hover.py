"""Evaluation previews in hovers, and get_param inlay hints, fixture style: ``$0`` marks the cursor."""

from __future__ import annotations

import logging
import textwrap
import time

import pytest
from lsprotocol import types

from hot_lsp.analysis.evaluation.inputs import EnvironmentValues
from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import analyze
from hot_lsp.features.evaluation_context import evaluation_for
from hot_lsp.features.hover import hover
from hot_lsp.features.inlay_hints import inlay_hints
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///work/t/template.yaml"
SEPARATOR = "\n\n---\n\n"


def snapshot_of(
    text: str,
    *,
    settings: Settings | None = None,
    environments: tuple[EnvironmentValues, ...] = (),
    last_good: Analysis | None = None,
) -> Snapshot:
    analysis = analyze(text)
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    return Snapshot(URI, 1, analysis, good, "utf-16", settings or Settings(), environments=environments)


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def hover_text(snapshot: Snapshot, offset: int) -> str | None:
    params = types.HoverParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    result = hover(snapshot, params)
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


def preview(fixture: str, **kwargs) -> str | None:
    """The evaluation preview under ``$0`` (what follows the hover's separator), or None."""
    text, offset = marked(fixture)
    shown = hover_text(snapshot_of(text, **kwargs), offset)
    if shown is None:
        return None
    if SEPARATOR in shown:
        return shown.split(SEPARATOR, 1)[1]
    return shown if shown.startswith("**repeat**") or shown.startswith("**condition**") else None


def env(name: str, text: str) -> EnvironmentValues:
    values, problems = EnvironmentValues.from_text(name, textwrap.dedent(text))
    assert not problems
    return values


# -- repeat ------------------------------------------------------------------------------------------

REPEAT = """
heat_template_version: 2018-08-31
parameters:
  networks: {type: comma_delimited_list, default: "a,b,c"}
  ports: {type: json}
resources:
  port:
    type: OS::Neutron::Port
    properties: {network: x}
  server:
    type: OS::Nova::Server
    properties:
      networks:
        REPEAT
"""


def repeat_fixture(body: str, version: str = "2018-08-31") -> str:
    lines = textwrap.dedent(body).strip("\n").split("\n")
    indented = "\n".join(("        " + line) if i else line for i, line in enumerate(lines))
    return REPEAT.replace("REPEAT", indented).replace("2018-08-31", version)


PORTS_ENV = env("env.yaml", "parameters:\n  ports: ['80', '443']\n")

NESTED = repeat_fixture(
    """
    re$0peat:
      for_each:
        '%net%': {get_param: networks}
        '%port%': {get_param: ports}
      template: {network: '%net%', port: '%port%'}
    """
)


def test_repeat_nested_product_with_a_default_and_an_environment_value():
    text = preview(NESTED, environments=(PORTS_ENV,))
    assert text is not None
    assert text.startswith("**repeat** → 6 items\n\n```yaml\n- network: a\n  port: '80'\n- network: a\n  port: '443'\n")
    assert "- network: c\n  port: '443'\n```" in text
    assert "Loop variables: 3 × 2 = 6 items, nested loops in for_each order" in text
    assert '- `%net%` = `["a", "b", "c"]`: parameter `networks` (its default)' in text
    assert '- `%port%` = `["80", "443"]`: parameter `ports` (from parameters in env.yaml)' in text


def test_repeat_preview_follows_its_hover_text():
    text, offset = marked(NESTED)
    shown = hover_text(snapshot_of(text, environments=(PORTS_ENV,)), offset)
    assert shown is not None
    doc, _, rest = shown.partition(SEPARATOR)
    assert doc.startswith("**repeat** — intrinsic function")
    assert rest.startswith("**repeat** → 6 items")


@pytest.mark.parametrize("anchor", ["for_each:", "'%net%'", "template: {", "network: '%net%'", "'%port%'}"])
def test_repeat_preview_anywhere_in_its_for_each_and_template(anchor):
    fixture = NESTED.replace("$0", "")
    index = fixture.index(anchor) + 2
    text = preview(fixture[:index] + "$0" + fixture[index:], environments=(PORTS_ENV,))
    assert text is not None and text.startswith("**repeat** → 6 items")


def test_a_call_inside_the_for_each_has_its_own_preview():
    fixture = NESTED.replace("$0", "").replace("{get_param: networks}", "{get_p$0aram: networks}")
    text = preview(fixture)
    assert text is not None
    assert text.startswith('**Value** of `get_param`: `["a", "b", "c"]`')
    assert "- `networks` = `" in text and "its default" in text


def test_the_innermost_repeat_wins():
    fixture = repeat_fixture(
        """
        repeat:
          for_each: {'%a%': [x, y]}
          template:
            repeat:
              for_each: {'%b%': ['1', '2', '3']}
              template: '%a%-%b$0%'
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith("**repeat** → 3 items\n\n```yaml\n- '%a%-1'\n- '%a%-2'\n- '%a%-3'\n```")
    assert "Loop variable: 3 items" in text


def test_repeat_zip():
    fixture = repeat_fixture(
        """
        rep$0eat:
          for_each: {'%a%': [x, y, z], '%b%': ['1', '2', '3']}
          permutations: false
          template: '%a%%b%'
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith("**repeat** → 3 items\n\n```yaml\n- x1\n- y2\n- z3\n```")
    assert "Loop variables: permutations: false, 3 items" in text
    assert '- `%a%` = `["x", "y", "z"]`: literal' in text


def test_repeat_over_a_run_time_value():
    fixture = repeat_fixture(
        """
        repeat:
          for_each: {'%ip%': {get_attr: [port, fixed_ips]}}
          template: {ip_address: '%i$0p%'}
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith(
        "**repeat**: unknown until deployment: the values of `%ip%` come from `{get_attr: [port, fixed_ips]}`."
    )


def test_repeat_shows_heats_message_when_it_fails():
    fixture = repeat_fixture(
        """
        repeat:
          for_each: {'%net%': not-a-list}
          template: '%n$0et%'
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith(
        '**repeat**: Heat fails here: The values of the "for_each" argument to "repeat" must be lists or maps'
    )


def test_a_long_repeat_is_truncated():
    values = ", ".join(f"v{i}" for i in range(1000))
    fixture = repeat_fixture(
        f"""
        rep$0eat:
          for_each: {{'%v%': [{values}]}}
          template: {{name: 'n-%v%', value: '%v%'}}
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith("**repeat** → 1,000 items")
    block = text.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    assert len(block.split("\n")) <= 60
    assert block.endswith("- name: n-v29\n  value: v29")
    assert "… and 970 more items" in text
    assert "(1,000 values)" in text


def test_a_long_item_is_cut_at_sixty_lines():
    keys = ", ".join(f"k{i}: '%v%'" for i in range(100))
    fixture = repeat_fixture(
        f"""
        rep$0eat:
          for_each: {{'%v%': [a, b]}}
          template: {{{keys}}}
        """
    )
    text = preview(fixture)
    assert text is not None
    block = text.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    assert len(block.split("\n")) <= 61
    assert "… and 1 more item" in text


def test_a_huge_repeat_is_bounded_and_quick():
    values = ", ".join(f"v{i}" for i in range(100))
    fixture = repeat_fixture(
        f"""
        rep$0eat:
          for_each: {{'%a%': [{values}], '%b%': [{values}]}}
          template: '%a%-%b%'
        """
    )
    text, offset = marked(fixture)
    snapshot = snapshot_of(text)
    began = time.perf_counter()
    shown = hover_text(snapshot, offset)
    elapsed = time.perf_counter() - began
    assert shown is not None
    assert "**repeat**: not expanded:" in shown and "10,000" in shown
    assert "100 × 100 = 10,000 items" in shown
    assert elapsed < 1.0


def test_a_repeat_of_a_million_items_is_not_expanded():
    values = ", ".join(f"v{i}" for i in range(100))
    fixture = repeat_fixture(
        f"""
        rep$0eat:
          for_each: {{'%a%': [{values}], '%b%': [{values}], '%c%': [{values}]}}
          template: '%a%-%b%-%c%'
        """
    )
    text = preview(fixture)
    assert text is not None
    assert text.startswith("**repeat**: not expanded: repeat would make 1,000,000 items")


# -- if ----------------------------------------------------------------------------------------------

IF = """
heat_template_version: VERSION
parameters:
  env: {type: string, default: dev}
conditions:
  is_prod: {equals: [{get_param: env}, prod]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: FLAVOR
"""


def if_fixture(flavor: str, version: str = "2021-04-16") -> str:
    return IF.replace("VERSION", version).replace("FLAVOR", flavor)


def test_if_with_a_false_condition():
    text = preview(if_fixture("{i$0f: [is_prod, m1.large, m1.small]}"))
    assert text == (
        "**if** condition `is_prod` is **false**\n\n"
        "Compared values:\n"
        '- `{get_param: env}` → `"dev"`\n'
        '- `prod` → `"prod"`\n\n'
        "Parameters read:\n"
        '- `env` = `"dev"`: its default\n\n'
        '→ the false branch (`value_if_false`): `"m1.small"`'
    )


def test_if_with_a_true_condition_from_the_settings():
    settings = Settings(parameters={"env": "prod"})
    text = preview(if_fixture("{if: [is_p$0rod, m1.large, m1.small]}"), settings=settings)
    assert text is not None
    assert text.startswith("**if** condition `is_prod` is **true**")
    assert '- `env` = `"prod"`: from hotLsp.parameters' in text
    assert text.endswith('→ the true branch (`value_if_true`): `"m1.large"`')


def test_if_with_an_inline_condition_and_a_map_value():
    text = preview(if_fixture("{i$0f: [{not: is_prod}, {a: 1, b: [x, y]}, none]}"))
    assert text is not None
    assert text.startswith("**if** condition `{not: is_prod}` is **true**")
    assert "Operands:\n- `is_prod`: **false**" in text
    assert text.endswith('→ the true branch (`value_if_true`): `{"a": 1, "b": ["x", "y"]}`')


def test_two_argument_if_in_wallaby_removes_the_entry():
    text = preview(if_fixture("{i$0f: [is_prod, m1.large]}"))
    assert text is not None
    assert text.startswith("**if** condition `is_prod` is **false**")
    assert text.endswith("→ no false branch: the entry is removed")


def test_if_on_a_run_time_condition():
    fixture = if_fixture("{i$0f: [is_prod, m1.large, m1.small]}").replace("default: dev", "label: Env")
    text = preview(fixture)
    assert text is not None
    assert text.startswith("**if** condition `is_prod` is unknown until deployment")
    assert "- `env`: no default and no value given: unknown until deployment" in text
    assert text.endswith("→ either branch, decided when the stack is deployed")


def test_if_in_newton_needs_three_arguments():
    text = preview(if_fixture("{i$0f: [is_prod, m1.large]}", version="2016-10-14"))
    assert text is not None
    assert text.startswith('**if**: Heat fails here: Arguments to "if" must be of the form')


# -- conditions ----------------------------------------------------------------------------------------

CONDITIONS = """
heat_template_version: 2018-08-31
parameters:
  env: {type: string, default: dev}
  zone: {type: string, default: az1}
conditions:
  is_prod: {equals: [{get_param: env}, prod]}
  is_dev:
    not: is_prod
  dev_in_az1:
    and:
    - is_dev
    - {equals: [{get_param: zone}, az1]}
  anywhere: {or: [is_prod, {equals: [{get_param: zone}, az2]}]}
  loop_a: {not: loop_b}
  loop_b: {not: loop_a}
  bare: is_prod
resources:
  server:
    type: OS::Nova::Server
    condition: dev_in_az1
    properties:
      name: {if: [anywhere, a, b]}
"""


def condition_at(anchor: str, shift: int = 1, **kwargs) -> str | None:
    index = CONDITIONS.index(anchor) + shift
    return preview(CONDITIONS[:index] + "$0" + CONDITIONS[index:], **kwargs)


def test_condition_definition():
    assert condition_at("is_prod:") == (
        "**condition** `is_prod` is **false**\n\n"
        "Compared values:\n"
        '- `{get_param: env}` → `"dev"`\n'
        '- `prod` → `"prod"`\n\n'
        "Parameters read:\n"
        '- `env` = `"dev"`: its default'
    )


def test_condition_reference_keeps_the_definition_above():
    text, offset = marked(CONDITIONS.replace("condition: dev_in_az1", "condition: dev_in$0_az1"))
    shown = hover_text(snapshot_of(text), offset)
    assert shown is not None
    doc, _, rest = shown.partition(SEPARATOR)
    assert doc.startswith("**condition** `dev_in_az1`, defined on line")
    assert rest == (
        "**condition** `dev_in_az1` is **true**\n\n"
        "Operands:\n"
        "- `is_dev`: **true**\n"
        "- `{equals: [{get_param: zone}, az1]}`: **true**\n\n"
        "Parameters read:\n"
        '- `zone` = `"az1"`: its default\n'
        '- `env` = `"dev"`: its default'
    )


def test_not_and_or_show_one_line_per_operand():
    assert condition_at("is_dev:").startswith("**condition** `is_dev` is **true**\n\nOperands:\n- `is_prod`: **false**")
    text = condition_at("anywhere:")
    assert text is not None
    assert text.startswith(
        "**condition** `anywhere` is **false**\n\nOperands:\n- `is_prod`: **false**\n"
        "- `{equals: [{get_param: zone}, az2]}`: **false**"
    )


def test_a_condition_function_key_explains_itself():
    text = condition_at("and:")
    assert text is not None
    assert text.startswith("**and** is **true**\n\nOperands:\n- `is_dev`: **true**")


def test_conditions_follow_an_environment():
    production = env("prod.yaml", "parameter_defaults:\n  env: prod\n")
    text = condition_at("is_prod:", environments=(production,))
    assert text is not None
    assert text.startswith("**condition** `is_prod` is **true**")
    assert '- `env` = `"prod"`: from parameter_defaults in prod.yaml' in text


def test_a_cyclic_condition_answers():
    began = time.perf_counter()
    text = condition_at("loop_a:")
    assert time.perf_counter() - began < 1.0
    assert text is not None
    assert text.startswith('**condition** `loop_a`: Heat fails here: Circular definition for condition "loop_')


def test_a_bare_name_is_no_condition_definition():
    expected = '**condition** `bare`: Heat fails here: The definition of condition "bare" is invalid: is_prod'
    index = CONDITIONS.index("bare:") + 1
    text, offset = marked(CONDITIONS[:index] + "$0" + CONDITIONS[index:])
    snapshot = snapshot_of(text)
    for _ in range(2):  # the second time the evaluator remembers it failed; the message stays
        shown = hover_text(snapshot, offset)
        assert shown is not None and shown.endswith(expected)


def test_an_if_naming_a_condition_shows_the_if():
    text = condition_at("[anywhere, a, b]", shift=2)
    assert text is not None
    assert text.startswith("**if** condition `anywhere` is **false**")
    assert text.endswith('→ the false branch (`value_if_false`): `"b"`')


# -- other calls ---------------------------------------------------------------------------------------

CALLS = """
heat_template_version: 2018-08-31
parameters:
  name: {type: string, default: web}
  script: {type: string, default: "echo one\\necho two"}
resources:
  server:
    type: OS::Nova::Server
    properties:
      name: {str_replace: {template: 'NAME-01', params: {NAME: {get_param: name}}}}
      metadata: {map_merge: [{a: 1}, {b: {get_param: name}}, {c: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}]}
      user_data: {get_param: script}
      image: {list_join: ['-', [{get_attr: [server, name]}, x]]}
      key_name: {str_split: [',', 'a,b', 5]}
"""


def call_at(anchor: str, **kwargs) -> str | None:
    index = CALLS.index(anchor) + 1
    return preview(CALLS[:index] + "$0" + CALLS[index:], **kwargs)


def test_str_replace_value():
    assert (
        call_at("str_replace")
        == '**Value** of `str_replace`: `"web-01"`\n\nParameters read:\n- `name` = `"web"`: its default'
    )


def test_a_large_value_is_a_yaml_block():
    text = call_at("map_merge")
    assert text is not None
    assert text.startswith("**Value** of `map_merge`: ```yaml\na: 1\nb: web\nc:\n- 1\n")


def test_a_multi_line_string_is_a_text_block():
    assert call_at("get_param: script").startswith("**Value** of `get_param`: ```text\necho one\necho two\n```")


def test_a_run_time_value():
    text = call_at("list_join")
    assert (
        text
        == "**Value** of `list_join`: unknown until deployment: `{list_join: [-, [{get_attr: [server, name]}, x]]}`"
    )


def test_a_failing_call_shows_heats_message():
    text = call_at("str_split")
    assert text == '**Value** of `str_split`: Heat fails here: Incorrect index to "str_split" should be between 0 and 1'


def test_hotlsp_parameters_change_the_value():
    text = call_at("str_replace", settings=Settings(parameters={"name": "db"}))
    assert text is not None
    assert text.startswith('**Value** of `str_replace`: `"db-01"`')
    assert '- `name` = `"db"`: from hotLsp.parameters' in text


# -- the shared evaluation -------------------------------------------------------------------------------


def test_the_evaluation_is_shared_for_equal_inputs():
    text = textwrap.dedent(CALLS).lstrip("\n")
    analysis = analyze(text)
    first = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings(parameters={"name": "a"}))
    same = Snapshot(URI, 1, analysis, analysis, "utf-8", Settings(parameters={"name": "a"}))
    other = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings(parameters={"name": "b"}))
    assert evaluation_for(first) is evaluation_for(same)
    assert evaluation_for(first) is not evaluation_for(other)


def test_a_cached_evaluation_answers_after_its_time_budget(monkeypatch: pytest.MonkeyPatch):
    text, offset = marked(CALLS.replace("{str_replace", "{str_$0replace"))
    snapshot = snapshot_of(text)
    assert evaluation_for(snapshot) is not None  # built (and its time budget started) now
    later = time.monotonic() + 60
    monkeypatch.setattr(time, "monotonic", lambda: later)  # a minute later, the same text is hovered
    shown = hover_text(snapshot, offset)
    assert shown is not None
    assert shown.endswith('**Value** of `str_replace`: `"web-01"`\n\nParameters read:\n- `name` = `"web"`: its default')


def test_broken_text_previews_from_the_last_good_analysis():
    good_text = textwrap.dedent(CALLS).lstrip("\n")
    good = analyze(good_text)
    broken, offset = marked(CALLS.replace("{str_replace", "{str_$0replace") + "  bad: [unclosed\n")
    snapshot = snapshot_of(broken, last_good=good)
    assert not snapshot.analysis.parsed.syntax_ok
    shown = hover_text(snapshot, offset)
    assert shown is not None and '**Value** of `str_replace`: `"web-01"`' in shown


@pytest.mark.parametrize(
    "fixture", [CONDITIONS, NESTED.replace("$0", ""), if_fixture("{if: [is_prod, a]}"), CALLS], ids=["c", "r", "i", "f"]
)
def test_every_position_previews_without_failing(fixture, caplog):
    text = textwrap.dedent(fixture).lstrip("\n")
    snapshot = snapshot_of(text, environments=(PORTS_ENV,))
    with caplog.at_level(logging.ERROR, logger="hot_lsp.features.evaluation_hover"):
        for offset in range(len(text) + 1):
            hover_text(snapshot, offset)
    assert not caplog.records


# -- inlay hints ---------------------------------------------------------------------------------------

HINTS = """
heat_template_version: 2018-08-31
parameters:
  env: {type: string, default: dev}
  size: {type: number}
  zones: {type: comma_delimited_list, default: "az1,az2"}
  unset: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      name: {get_param: env}
      flavor:
        get_param: size
      availability_zone: {get_param: [zones, 1]}
      image: {get_param: unset}
      key_name: {get_param: OS::stack_name}
"""


def hints(settings: Settings, environments: tuple[EnvironmentValues, ...] = ()) -> tuple[str, list[types.InlayHint]]:
    text = textwrap.dedent(HINTS).lstrip("\n")
    snapshot = snapshot_of(text, settings=settings, environments=environments)
    end = snapshot.position(len(text))
    params = types.InlayHintParams(types.TextDocumentIdentifier(uri=URI), types.Range(types.Position(0, 0), end))
    return text, inlay_hints(snapshot, params)


def test_inlay_hints_are_off_by_default():
    assert hints(Settings())[1] == []


def test_inlay_hints_show_values_and_sources():
    sizes = env("sizes.yaml", "parameters:\n  size: 4\n")
    text, found = hints(Settings(inlay_hints=True, parameters={"env": "prod"}), (sizes,))
    lines = text.split("\n")
    shown = [(lines[h.position.line][: h.position.character], h.label, h.tooltip) for h in found]
    assert shown == [
        ("      name: {get_param: env}", '= "prod"', "Parameter env: from hotLsp.parameters"),
        ("        get_param: size", "= 4", "Parameter size: from parameters in sizes.yaml"),
        ("      availability_zone: {get_param: [zones, 1]}", '= "az2"', "Parameter zones: its default"),
    ]
    assert all(h.padding_left for h in found)


def test_inlay_hints_keep_to_the_range_and_to_forty_characters():
    text = textwrap.dedent(HINTS).lstrip("\n")
    snapshot = snapshot_of(text, settings=Settings(inlay_hints=True, parameters={"env": "x" * 100}))
    line = text.split("\n").index("      name: {get_param: env}")
    params = types.InlayHintParams(
        types.TextDocumentIdentifier(uri=URI), types.Range(types.Position(line, 0), types.Position(line + 1, 0))
    )
    found = inlay_hints(snapshot, params)
    assert len(found) == 1
    assert isinstance(found[0].label, str) and len(found[0].label) <= 40 and found[0].label.endswith("…")
