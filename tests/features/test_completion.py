"""Completion, fixture style: ``$0`` marks the cursor; the expected items sit beside each case."""

from __future__ import annotations

import re
import textwrap

import pytest
from lsprotocol import types

from hot_lsp import spec
from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import analyze
from hot_lsp.document import parse
from hot_lsp.features.completion import completion
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///work/t/template.yaml"


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def complete(
    fixture: str,
    *,
    last_good: Analysis | None = None,
    encoding: str = "utf-16",
    **options: bool,
) -> tuple[Snapshot, types.CompletionList | None]:
    text, offset = marked(fixture)
    analysis = analyze(text)
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    snapshot = Snapshot(URI, 1, analysis, good, encoding, Settings())
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    return snapshot, completion(snapshot, params, **options)


def items(fixture: str, **kwargs) -> list[types.CompletionItem]:
    _, result = complete(fixture, **kwargs)
    return sorted(result.items, key=lambda item: item.sort_text or "") if result else []


def labels(fixture: str, **kwargs) -> list[str]:
    return [item.label for item in items(fixture, **kwargs)]


def item(fixture: str, label: str, **kwargs) -> types.CompletionItem:
    (found,) = [candidate for candidate in items(fixture, **kwargs) if candidate.label == label]
    return found


def new_text(fixture: str, label: str, **kwargs) -> str:
    edit = item(fixture, label, **kwargs).text_edit
    assert isinstance(edit, types.TextEdit)
    return edit.new_text


def fill(snippet: str) -> str:
    """A snippet's text with each placeholder replaced by its default, as an editor would show it."""
    snippet = re.sub(r"\$\{\d+\|([^,|]*)[^}]*\|\}", r"\1", snippet)
    previous = None
    while previous != snippet:
        previous = snippet
        snippet = re.sub(r"\$\{\d+:((?:[^${}\\]|\\.)*)\}", r"\1", snippet)
    return re.sub(r"\$\{\d+\}|\$\d+", "", snippet).replace("\\$", "$").replace("\\}", "}")


def accept(fixture: str, label: str, **kwargs) -> str:
    """The document after choosing ``label``, placeholders left at their defaults."""
    snapshot, result = complete(fixture, **kwargs)
    assert result is not None
    (chosen,) = [candidate for candidate in result.items if candidate.label == label]
    edit = chosen.text_edit
    assert isinstance(edit, types.TextEdit)
    start, end = snapshot.offset(edit.range.start), snapshot.offset(edit.range.end)
    text = edit.new_text if chosen.insert_text_format != types.InsertTextFormat.Snippet else fill(edit.new_text)
    return snapshot.text[:start] + text + snapshot.text[end:]


HEAD = "heat_template_version: {version}\n"


def template(body: str, version: str = "2018-08-31") -> str:
    return HEAD.format(version=version) + textwrap.dedent(body).lstrip("\n")


# -- functions -------------------------------------------------------------------------------------


def test_functions_in_a_half_typed_flow_map():
    fixture = template(
        """
        resources:
          a:
            type: x
            properties:
              flavor: {get_pa$0
          b:
            type: y
        """
    )
    found = labels(fixture)
    assert found[:3] == ["get_param", "get_resource", "get_attr"]
    assert "equals" not in found and "Fn::Join" not in found
    # Inside `{`: the name and its arguments, and the brace the user has not closed yet.
    assert new_text(fixture, "get_param") == "get_param: ${1:parameter}}"
    assert (
        new_text(fixture, "str_replace")
        == "str_replace: {template: ${1:text}, params: {${2:placeholder}: ${3:value}}}}"
    )


def test_function_edit_replaces_the_typed_prefix_only():
    fixture = template("resources:\n  a:\n    type: x\n    properties:\n      flavor: {get_pa$0}\n")
    snapshot, result = complete(fixture)
    assert result is not None
    (chosen,) = [i for i in result.items if i.label == "get_param"]
    assert isinstance(chosen.text_edit, types.TextEdit)
    edit_range = chosen.text_edit.range
    assert edit_range.start.line == edit_range.end.line == 5
    assert snapshot.text[snapshot.offset(edit_range.start) : snapshot.offset(edit_range.end)] == "get_pa"
    assert chosen.text_edit.new_text == "get_param: ${1:parameter}"  # the `}` is already there
    assert accept(fixture, "get_param").endswith("flavor: {get_param: parameter}\n")


def test_functions_in_block_form_with_indented_multiline_snippets():
    fixture = template(
        """
        resources:
          a:
            type: x
            properties:
              flavor:
                str_re$0
        """
    )
    assert new_text(fixture, "get_param") == "get_param: ${1:parameter}"
    text = new_text(fixture, "str_replace")
    assert (
        text
        == "str_replace:\n          template: ${1:text}\n          params:\n            ${2:placeholder}: ${3:value}"
    )
    assert item(fixture, "str_replace").insert_text_mode == types.InsertTextMode.AsIs
    # The inserted text is a real call once the placeholders are filled.
    analysis = analyze(accept(fixture, "str_replace"))
    assert analysis.parsed.syntax_ok
    assert [call.name for call in analysis.model.calls] == ["str_replace"]


def test_functions_after_a_dash_in_a_block_list():
    fixture = template(
        """
        resources:
          a:
            type: x
            properties:
              networks:
                - get_re$0
        """
    )
    assert new_text(fixture, "get_resource") == "get_resource: ${1:resource}"
    text = accept(fixture, "yaql")
    analysis = analyze(text)
    assert analysis.parsed.syntax_ok and [call.name for call in analysis.model.calls] == ["yaql"]


def test_functions_as_an_inline_value_are_wrapped_in_a_flow_map():
    fixture = template("outputs:\n  o:\n    value: get_at$0\n")
    assert new_text(fixture, "get_attr") == "{get_attr: [${1:resource}, ${2:attribute}]}"
    assert (
        new_text(fixture, "str_replace")
        == "{str_replace: {template: ${1:text}, params: {${2:placeholder}: ${3:value}}}}"
    )
    analysis = analyze(accept(fixture, "str_replace"))
    assert [call.name for call in analysis.model.calls] == ["str_replace"]


# Every function, inserted in each form, reads back as exactly that call once its placeholders are
# filled with their defaults.
_FORMS = {
    "inline value": "outputs:\n  o:\n    value: $0\n",
    "flow key": "outputs:\n  o:\n    value: {$0}\n",
    "block key": "outputs:\n  o:\n    value:\n      $0\n",
    "list item": "outputs:\n  o:\n    value:\n      - $0\n",
    "flow list item": "outputs:\n  o:\n    value: [a, $0]\n",
}


@pytest.mark.parametrize("form", sorted(_FORMS))
@pytest.mark.parametrize("name", sorted(spec.functions_for(spec.LATEST)))
def test_every_inserted_function_reads_back_as_a_call(name, form):
    text = accept(template(_FORMS[form], spec.LATEST.date), name)  # the newest version's functions, in it
    analysis = analyze(text)
    assert analysis.parsed.syntax_ok, text
    assert name in [call.name for call in analysis.model.calls], text


@pytest.mark.parametrize("form", ["flow key", "block key", "list item"])
@pytest.mark.parametrize("name", sorted(spec.condition_functions_for(spec.LATEST)))
def test_every_inserted_condition_function_reads_back_as_a_call(name, form):
    body = _FORMS[form].replace("outputs:\n  o:\n    value:", "conditions:\n  c:")
    text = accept(template(body, spec.LATEST.date), name)
    analysis = analyze(text)
    assert analysis.parsed.syntax_ok, text
    assert name in [call.name for call in analysis.model.calls], text


def test_functions_in_a_flow_list_item():
    fixture = template("outputs:\n  o:\n    value: {list_join: [',', [a, get_p$0]]}\n")
    assert new_text(fixture, "get_param") == "{get_param: ${1:parameter}}"


@pytest.mark.parametrize(
    "fixture",
    [
        template("resources:\n  a:\n    type: x\n    properties:\n      $0\n"),  # property names, not calls
        template("resources:\n  a:\n    type: $0\n"),
        template("resources:\n  a:\n    type: x\n    description: $0\n"),
        template("parameters:\n  p:\n    type: string\n    default: $0\n"),  # defaults stay literal
        template("description: $0\n"),
        template("outputs:\n  o:\n    description: $0\n"),
        template("resources:\n  a:\n    type: x\n    properties:\n      user_data: {get_file: $0}\n"),
    ],
)
def test_no_functions_where_none_may_stand(fixture):
    assert not {"get_param", "str_replace", "equals"} & set(labels(fixture))


@pytest.mark.parametrize(
    ("field", "fixture"),
    [
        ("metadata", template("resources:\n  a:\n    type: x\n    metadata:\n      k: $0\n")),
        ("update_policy", template("resources:\n  a:\n    type: x\n    update_policy:\n      k: $0\n")),
        ("deletion_policy", template("resources:\n  a:\n    type: x\n    deletion_policy: $0\n")),
        ("external_id", template("resources:\n  a:\n    type: x\n    external_id: $0\n")),
        ("output value", template("outputs:\n  o:\n    value: $0\n")),
        ("function argument", template("outputs:\n  o:\n    value: {str_replace: {template: $0}}\n")),
        ("block output value", template("outputs:\n  o:\n    value:\n      $0\n")),
    ],
)
def test_functions_where_heat_parses_them(field, fixture):
    assert "get_param" in labels(fixture), field


def test_no_function_key_in_a_mapping_that_has_other_keys():
    fixture = template("resources:\n  a:\n    type: x\n    properties:\n      net:\n        port: 1\n        $0\n")
    assert "get_param" not in labels(fixture)


@pytest.mark.parametrize(
    ("version", "present", "absent"),
    [
        ("2016-04-08", {"map_merge", "str_split", "repeat"}, {"if", "yaql", "map_replace", "filter"}),
        ("2016-10-14", {"if", "yaql", "map_replace"}, {"filter", "make_url", "contains"}),
        ("2017-02-24", {"filter", "str_replace_strict"}, {"make_url", "list_concat"}),
        ("2017-09-01", {"make_url", "list_concat", "contains", "str_replace_vstrict"}, set()),
        ("2015-10-15", {"str_split"}, {"map_merge", "Fn::Select"}),
        ("2015-04-30", {"repeat", "digest", "Fn::Select"}, {"str_split", "Fn::Join"}),
        ("2014-10-16", {"Fn::Select"}, {"repeat", "Fn::Join", "Ref"}),
        ("2013-05-23", {"Fn::Join", "Ref", "Fn::Base64"}, {"repeat"}),
    ],
)
def test_functions_follow_the_version(version, present, absent):
    found = set(labels(template("outputs:\n  o:\n    value: {$0}\n", version)))
    assert present <= found
    assert not absent & found
    assert not {"equals", "not", "and", "or"} & found  # condition functions are data in outputs


def test_function_items_carry_signature_doc_and_kind():
    chosen = item(template("outputs:\n  o:\n    value: {$0}\n"), "get_attr")
    assert chosen.kind == types.CompletionItemKind.Function
    assert chosen.detail == spec.FUNCTIONS["get_attr"].signature
    assert isinstance(chosen.documentation, types.MarkupContent)
    assert chosen.documentation.kind == types.MarkupKind.Markdown
    assert "since 2013-05-23" in chosen.documentation.value
    assert chosen.insert_text_format == types.InsertTextFormat.Snippet


def test_function_argument_keys():
    assert labels(template("outputs:\n  o:\n    value: {str_replace: {$0}}\n")) == ["template", "params"]
    block = template("outputs:\n  o:\n    value:\n      str_replace:\n        $0\n")
    assert new_text(block, "params") == "params:\n          $0"
    assert "permutations" in labels(template("outputs:\n  o:\n    value:\n      repeat:\n        $0\n"))
    older = template("outputs:\n  o:\n    value:\n      repeat:\n        $0\n", "2016-10-14")
    assert "permutations" not in labels(older)
    # Placeholders are the user's own names.
    assert labels(template("outputs:\n  o:\n    value:\n      str_replace:\n        params:\n          $0\n")) == []


# -- condition functions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fixture",
    [
        template("conditions:\n  c: {$0}\n"),
        template("conditions:\n  c:\n    $0\n"),
        template("resources:\n  a:\n    type: x\n    condition: $0\n"),
        template("resources:\n  a:\n    type: x\n    condition:\n      $0\n"),
        template("outputs:\n  o:\n    condition: $0\n"),
        template("outputs:\n  o:\n    value: {if: [$0, a, b]}\n"),
        template("outputs:\n  o:\n    value:\n      if:\n      - $0\n"),
        template("conditions:\n  c: {and: [$0]}\n"),
        template("conditions:\n  c: {equals: [$0, x]}\n"),
    ],
)
def test_condition_functions_only_in_condition_contexts(fixture):
    found = set(labels(fixture))
    assert {"equals", "not", "and", "or", "get_param"} <= found
    assert not {"get_attr", "get_resource", "str_replace", "if", "list_join"} & found


def test_condition_functions_follow_the_version():
    newton = set(labels(template("conditions:\n  c: {$0}\n", "2016-10-14")))
    pike = set(labels(template("conditions:\n  c: {$0}\n", "2017-09-01")))
    assert "yaql" not in newton and "contains" not in newton
    assert {"yaql", "contains"} <= pike
    assert labels(template("conditions:\n  c: {$0}\n", "2016-04-08")) == []


def test_if_second_argument_takes_normal_functions():
    found = set(labels(template("outputs:\n  o:\n    value: {if: [c, $0]}\n")))
    assert "get_attr" in found and "equals" not in found


def test_block_condition_snippet_is_indented():
    fixture = template("conditions:\n  c:\n    $0\n", "2017-09-01")
    assert (
        new_text(fixture, "yaql") == "yaql:\n      expression: ${1:\\$.data}\n      data:\n        ${2:key}: ${3:value}"
    )


# -- names ---------------------------------------------------------------------------------------------

NAMES = """
parameters:
  flavor: {type: string, description: The flavor}
  count: {type: number}
conditions:
  big: {equals: [{get_param: flavor}, large]}
  small: {not: big}
resources:
  server:
    type: OS::Nova::Server
  port:
    type: OS::Neutron::Port
"""


def names(body: str, version: str = "2018-08-31") -> str:
    return template(NAMES, version) + body  # body: more resources, or further sections


@pytest.mark.parametrize(
    "fixture",
    [
        names("outputs:\n  o:\n    condition: $0\n"),
        names("  extra:\n    type: x\n    condition: $0\n"),
        names("outputs:\n  o:\n    value: {if: [$0, 1, 2]}\n"),
        names("outputs:\n  o:\n    value:\n      if:\n      - $0\n      - 1\n"),
        names("outputs:\n  o:\n    condition: {not: $0}\n"),
        names("outputs:\n  o:\n    condition: {and: [big, $0]}\n"),
        names("outputs:\n  o:\n    condition:\n      or:\n      - $0\n"),
    ],
)
def test_condition_names(fixture):
    found = labels(fixture)
    assert found[:2] == ["big", "small"]
    assert item(fixture, "big").kind == types.CompletionItemKind.Constant
    doc = item(fixture, "small").documentation
    assert isinstance(doc, types.MarkupContent) and "```yaml\nsmall: {not: big}\n```" in doc.value


def test_condition_names_not_in_value_branches():
    assert "big" not in labels(names("outputs:\n  o:\n    value: {if: [big, $0]}\n"))


def test_condition_names_exclude_the_condition_being_defined():
    fixture = template("conditions:\n  a: true\n  b: {not: $0}\n", "2018-08-31")
    assert labels(fixture)[:1] == ["a"]
    assert "b" not in labels(fixture)


def test_parameter_names_and_pseudo_parameters_in_get_param():
    for fixture in [
        names("outputs:\n  o:\n    value: {get_param: $0}\n"),
        names("outputs:\n  o:\n    value: {get_param: [$0, key]}\n"),
        names("outputs:\n  o:\n    value:\n      get_param:\n      - $0\n"),
        names("outputs:\n  o:\n    value:\n      get_param: fl$0\n"),
    ]:
        found = labels(fixture)
        assert found == ["flavor", "count", "OS::stack_id", "OS::stack_name", "OS::project_id"], fixture
    chosen = item(names("outputs:\n  o:\n    value: {get_param: $0}\n"), "flavor")
    assert chosen.kind == types.CompletionItemKind.Variable and chosen.detail == "string parameter"
    assert isinstance(chosen.documentation, types.MarkupContent) and "The flavor" in chosen.documentation.value
    assert "OS::region" not in labels(names("outputs:\n  o:\n    value: {get_param: $0}\n"))


def test_no_names_in_a_get_param_path():
    assert "flavor" not in labels(names("outputs:\n  o:\n    value: {get_param: [flavor, $0]}\n"))


def test_resource_names_in_get_resource_get_attr_and_depends_on():
    assert labels(names("outputs:\n  o:\n    value: {get_resource: $0}\n")) == ["server", "port"]
    assert labels(names("outputs:\n  o:\n    value: {get_attr: [$0]}\n")) == ["server", "port"]
    assert labels(names("outputs:\n  o:\n    value:\n      get_attr:\n      - $0\n")) == ["server", "port"]
    assert "server" not in labels(names("outputs:\n  o:\n    value: {get_attr: [server, $0]}\n"))
    # A resource never depends on itself.
    assert labels(names("  web:\n    type: x\n    depends_on: $0\n")) == ["server", "port"]
    assert labels(names("  web:\n    type: x\n    depends_on: [server, $0]\n")) == ["server", "port"]
    assert labels(names("  web:\n    type: x\n    depends_on:\n      - $0\n")) == ["server", "port"]
    assert labels(names("  web:\n    type: x\n    properties:\n      p: {get_resource: $0}\n")) == ["server", "port"]


def test_resource_items_show_their_type():
    chosen = item(names("outputs:\n  o:\n    value: {get_resource: $0}\n"), "port")
    assert chosen.kind == types.CompletionItemKind.Class and chosen.detail == "OS::Neutron::Port"


def test_get_attr_written_without_a_list_gets_one():
    fixture = names("outputs:\n  o:\n    value: {get_attr: $0}\n")
    assert new_text(fixture, "server") == "[server, ${1:attribute}]"


def test_parameter_names_in_parameter_groups():
    assert labels(names("parameter_groups:\n- label: g\n  parameters:\n  - $0\n"))[:2] == ["flavor", "count"]
    assert labels(names("parameter_groups:\n- label: g\n  parameters: [flavor, $0]\n"))[:2] == ["flavor", "count"]


def test_custom_constraint_names():
    fixture = template(
        """
        parameters:
          p:
            type: string
            constraints:
              - custom_constraint: nova.$0
        """
    )
    snapshot, result = complete(fixture)
    assert result is not None
    assert {i.label for i in result.items} == set(spec.CUSTOM_CONSTRAINTS)
    assert len(result.items) == 70
    (flavor,) = [i for i in result.items if i.label == "nova.flavor"]
    assert flavor.detail == spec.CUSTOM_CONSTRAINTS["nova.flavor"]
    assert isinstance(flavor.documentation, types.MarkupContent) and "nova" in flavor.documentation.value
    assert isinstance(flavor.text_edit, types.TextEdit)
    covered = snapshot.text[snapshot.offset(flavor.text_edit.range.start) : snapshot.offset(flavor.text_edit.range.end)]
    assert covered == "nova."


def test_custom_constraint_in_quotes_and_flow():
    assert "nova.flavor" in labels(
        template("parameters:\n  p:\n    type: string\n    constraints: [{custom_constraint: $0}]\n")
    )
    quoted = template("parameters:\n  p:\n    type: string\n    constraints:\n    - custom_constraint: 'nova.fl$0'\n")
    assert new_text(quoted, "nova.flavor") == "nova.flavor"


# -- keys ------------------------------------------------------------------------------------------------


def test_top_level_sections_not_yet_present():
    assert labels("heat_template_version: 2016-04-08\n$0\n") == [
        "description",
        "parameter_groups",
        "parameters",
        "resources",
        "outputs",
    ]
    newton = labels("heat_template_version: 2016-10-14\nresources: {}\n$0\n")
    assert "conditions" in newton and "resources" not in newton
    assert new_text("heat_template_version: 2016-10-14\nres$0\n", "resources") == "resources:\n  $0"
    assert new_text("heat_template_version: 2016-10-14\npa$0\n", "parameter_groups") == "parameter_groups:\n  - $0"
    chosen = item("heat_template_version: 2016-10-14\n$0\n", "outputs")
    assert chosen.kind == types.CompletionItemKind.Module
    assert isinstance(chosen.documentation, types.MarkupContent)
    assert chosen.documentation.value == spec.SECTION_DOCS["outputs"]


def test_resource_keys_follow_the_version_and_skip_present_ones():
    old = labels(template("resources:\n  a:\n    type: x\n    $0\n", "2016-04-08"))
    assert old == ["properties", "metadata", "depends_on", "deletion_policy", "update_policy", "description"]
    new = labels(template("resources:\n  a:\n    type: x\n    properties: {}\n    $0\n", "2016-10-14"))
    assert "external_id" in new and "condition" in new and "type" not in new and "properties" not in new
    fixture = template("resources:\n  a:\n    type: x\n    pro$0\n")
    assert new_text(fixture, "properties") == "properties:\n      $0"
    assert new_text(fixture, "depends_on") == "depends_on: $0"
    assert item(fixture, "properties").kind == types.CompletionItemKind.Property


def test_key_being_retyped_is_still_offered_and_only_its_word_replaced():
    fixture = template("resources:\n  a:\n    ty$0pe: x\n")
    assert "type" in labels(fixture)
    assert new_text(fixture, "type") == "type"
    assert accept(fixture, "type").endswith("    type: x\n")


def test_parameter_and_output_keys():
    assert "tags" not in labels(template("parameters:\n  p:\n    type: string\n    $0\n", "2017-09-01"))
    queens = labels(template("parameters:\n  p:\n    type: string\n    $0\n", "2018-03-02"))
    assert queens[:3] == ["label", "description", "default"] and "tags" in queens and "type" not in queens
    assert new_text(template("parameters:\n  p:\n    type: string\n    con$0\n"), "constraints") == (
        "constraints:\n      - $0"
    )
    assert labels(template("outputs:\n  o:\n    $0\n", "2016-04-08")) == ["description", "value"]
    assert labels(template("outputs:\n  o:\n    value: 1\n    $0\n")) == ["description", "condition"]
    assert labels(template("outputs:\n  o: {$0}\n")) == ["description", "value", "condition"]
    assert new_text(template("outputs:\n  o: {va$0}\n"), "value") == "value: $0"


@pytest.mark.parametrize(
    ("param_type", "version", "expected"),
    [
        ("number", "2016-10-14", ["range", "allowed_values", "custom_constraint", "description"]),
        ("number", "2017-02-24", ["range", "modulo", "allowed_values", "custom_constraint", "description"]),
        ("string", "2017-02-24", ["length", "allowed_values", "allowed_pattern", "custom_constraint", "description"]),
        ("json", "2018-08-31", ["length", "description"]),
        ("boolean", "2018-08-31", ["allowed_values", "custom_constraint", "description"]),
    ],
)
def test_constraint_kinds_for_the_type_and_version(param_type, version, expected):
    fixture = template(f"parameters:\n  p:\n    type: {param_type}\n    constraints:\n      - $0\n", version)
    assert labels(fixture) == expected


def test_constraint_kind_snippets_and_present_keys():
    fixture = template("parameters:\n  p:\n    type: number\n    constraints:\n      - ran$0\n")
    assert new_text(fixture, "range") == "range: {min: ${1:0}, max: ${2:10}}"
    second = template("parameters:\n  p:\n    type: number\n    constraints:\n      - range: {min: 1}\n        $0\n")
    assert labels(second) == ["modulo", "allowed_values", "custom_constraint", "description"]


def test_parameter_group_keys():
    assert labels(template("parameter_groups:\n- label: g\n  $0\n")) == ["description", "parameters"]
    assert labels(template("parameter_groups:\n- $0\n")) == ["label", "description", "parameters"]


# -- values --------------------------------------------------------------------------------------------


def test_parameter_types():
    fixture = template("parameters:\n  p:\n    type: $0\n")
    assert labels(fixture) == ["string", "number", "comma_delimited_list", "json", "boolean"]
    chosen = item(fixture, "json")
    assert isinstance(chosen.documentation, types.MarkupContent)
    assert chosen.documentation.value == spec.PARAMETER_TYPES["json"]


def test_deletion_policies_follow_the_version():
    old = labels(template("resources:\n  a:\n    type: x\n    deletion_policy: $0\n", "2016-04-08"))
    assert old[:3] == ["Delete", "Retain", "Snapshot"] and "delete" not in old
    new = labels(template("resources:\n  a:\n    type: x\n    deletion_policy: $0\n", "2016-10-14"))
    assert new[:6] == ["Delete", "Retain", "Snapshot", "delete", "retain", "snapshot"]
    assert "get_param" in new  # a static function works here too


def test_template_versions_newest_first_with_release_names():
    found = items("heat_template_version: $0\n")
    assert [i.label for i in found[:4]] == ["2021-04-16 (Wallaby)", "wallaby", "2018-08-31 (Rocky)", "rocky"]
    assert found[-1].label == "2013-05-23 (Icehouse)"
    assert len(found) == len(spec.accepted_version_names())
    newton = [i for i in found if i.label == "newton"][0]
    assert newton.detail == "2016-10-14 (Newton)"
    date = [i for i in found if i.label.startswith("2016-10-14")][0]
    assert isinstance(date.text_edit, types.TextEdit) and date.text_edit.new_text == "2016-10-14"
    assert date.filter_text == "2016-10-14"
    assert isinstance(date.documentation, types.MarkupContent) and "`yaql`" in date.documentation.value


def test_version_values_replace_what_is_typed():
    assert accept("heat_template_version: 2016$0\n", "2016-10-14 (Newton)") == "heat_template_version: 2016-10-14\n"


# -- broken and odd documents ----------------------------------------------------------------------------


def test_names_and_version_from_the_last_good_model_when_broken():
    good = analyze(names("outputs:\n  o:\n    value: 1\n", "2016-10-14"))
    broken = names("outputs:\n  o:\n    value: {get_param: [$0\n  p: {\n", "2016-10-14")
    text, _ = marked(broken)
    assert not parse(text).syntax_ok
    assert labels(broken, last_good=good)[:2] == ["flavor", "count"]
    # The broken text's structure, the last good version's functions.
    fixture = "heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {$0\n  x: [\n"
    found = labels(fixture, last_good=good)
    assert "if" in found and "make_url" not in found


def test_names_below_a_syntax_error_come_from_the_last_good_text():
    good = analyze(template("outputs:\n  o:\n    value: 1\nresources:\n  late: {type: x}\n"))
    fixture = template("outputs:\n  o:\n    value: {get_resource: $0\n  x: [\nresources:\n  late: {type: x}\n")
    assert labels(fixture, last_good=good) == ["late"]


def test_non_hot_yaml_gets_nothing():
    assert complete("name: x\nsteps:\n  - $0\n")[1] is None
    assert complete("a:\n  b: {get_pa$0}\n")[1] is None
    # (environment files have their own completion: tests/features/test_environment_features.py)


def test_a_new_empty_file_gets_the_version_line_and_a_whole_template():
    assert labels("$0") == ["heat_template_version", "HOT template"]
    assert labels("he$0") == ["heat_template_version", "HOT template"]
    assert new_text("he$0", "heat_template_version") == "heat_template_version: $0"


@pytest.mark.parametrize(
    "fixture",
    [
        template("description: |\n  some text $0\n"),
        template("resources:\n  a:\n    type: x # a comment $0\n"),
        template("resources:\n  a:\n    type: x\n    properties:\n      p: {get_param: x}$0\n"),
        template("resources:\n  a:\n    type: x\n    properties:\n      user_data: |\n        #!/bin/sh\n        $0\n"),
        template("resources:\n  a:\n    type: x\n    properties:$0\n"),  # right after a key's colon
        template("resources:\n  a:\n    type: x\n    depends_on:\n      -$0\n"),  # right after a list dash
    ],
)
def test_nothing_in_text_comments_or_after_a_value(fixture):
    assert complete(fixture)[1] is None


def test_odd_positions_never_raise():
    text = template(NAMES + "outputs:\n  o: {value: [1, {a: b}, 'c', \"d\"]}\n")
    for offset in range(len(text) + 1):
        analysis = analyze(text)
        snapshot = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings())
        completion(snapshot, types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset)))
    snapshot = Snapshot(URI, 1, analyze(text), None, "utf-16", Settings())
    far = types.Position(line=999, character=999)
    completion(snapshot, types.CompletionParams(types.TextDocumentIdentifier(uri=URI), far))


# -- positions, encodings and client capabilities ----------------------------------------------------------


def units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


@pytest.mark.parametrize(("encoding", "expected"), [("utf-16", 58), ("utf-8", 61), ("utf-32", 57)])
def test_ranges_count_in_the_negotiated_encoding_after_multibyte_text(encoding, expected):
    fixture = names("outputs:\n  o:\n    value: {str_replace: {template: 'é😀 x', params: {A: {get_pa$0}}}}\n")
    _, result = complete(fixture, encoding=encoding)
    assert result is not None
    (chosen,) = [i for i in result.items if i.label == "get_param"]
    assert isinstance(chosen.text_edit, types.TextEdit)
    start, end = chosen.text_edit.range.start, chosen.text_edit.range.end
    line = marked(fixture)[0].split("\n")[start.line]
    assert start.character == units(line[: line.index("get_pa")], encoding) == expected
    assert end.character == expected + len("get_pa")


def test_every_edit_stays_on_the_cursor_line():
    fixtures = [
        template("resources:\n  a:\n    type: x\n    properties:\n      flavor:\n        str_re$0\n"),
        template("resources:\n  a:\n    type: x\n    $0\n"),
        "heat_template_version: 2016-10-14\n$0\n",
        names("outputs:\n  o:\n    value: {if: [$0]}\n"),
    ]
    for fixture in fixtures:
        snapshot, result = complete(fixture)
        assert result is not None
        line = snapshot.position(marked(fixture)[1]).line
        for chosen in result.items:
            assert isinstance(chosen.text_edit, types.TextEdit)
            assert chosen.text_edit.range.start.line == chosen.text_edit.range.end.line == line


def test_plain_text_for_clients_without_snippets_or_markdown():
    fixture = template("outputs:\n  o:\n    value:\n      str_re$0\n")
    chosen = item(fixture, "str_replace", snippet_support=False, markdown=False)
    assert chosen.insert_text_format in (None, types.InsertTextFormat.PlainText)  # (None: LSP's default, plain)
    assert isinstance(chosen.text_edit, types.TextEdit)
    assert (
        chosen.text_edit.new_text
        == "str_replace:\n        template: text\n        params:\n          placeholder: value"
    )
    assert isinstance(chosen.documentation, str)
    key = item(template("resources:\n  a:\n    type: x\n    $0\n"), "metadata", snippet_support=False)
    assert isinstance(key.text_edit, types.TextEdit) and key.text_edit.new_text == "metadata:\n      "


def test_sorting_puts_likely_items_first():
    found = labels(names("outputs:\n  o:\n    value: {$0}\n"))
    assert found.index("get_param") < found.index("get_file") < found.index("yaql")
    condition = labels(names("outputs:\n  o:\n    condition: $0\n"))
    assert condition.index("small") < condition.index("get_param")


def test_typing_a_template_from_scratch_never_raises():
    """Complete after every character of a template typed from the start, as an editor would ask."""
    text = template(NAMES + "outputs:\n  o:\n    value: {get_attr: [server, first_address]}\n    condition: big\n")
    good = None
    for end in range(len(text) + 1):
        analysis = analyze(text[:end])
        if analysis.parsed.syntax_ok and analysis.kind == "template":
            good = analysis
        snapshot = Snapshot(URI, 1, analysis, good, "utf-16", Settings())
        params = types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(end))
        result = completion(snapshot, params)
        if result is not None:
            for chosen in result.items:
                assert isinstance(chosen.text_edit, types.TextEdit)
                assert chosen.text_edit.range.start.line == chosen.text_edit.range.end.line


def test_the_names_documentation_is_made_once_per_analysis(monkeypatch: pytest.MonkeyPatch):
    """Every get_param completion offers every parameter with its documentation: the same analysis describes each
    once, whatever the number of completions; a new text's analysis describes them again, as they are now."""
    from hot_lsp.features import completion as completion_module

    made: list[str] = []
    real = completion_module.describe_parameter

    def counting(named):
        made.append(named.entry.name)
        return real(named)

    monkeypatch.setattr(completion_module, "describe_parameter", counting)
    text = "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\n  b: {type: number}\n"
    text += "outputs:\n  o:\n    value: {get_param: $0}\n"
    clean, offset = marked(text)
    analysis = analyze(clean)
    snapshot = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings())
    params = types.CompletionParams(types.TextDocumentIdentifier(URI), snapshot.position(offset))
    for _ in range(3):
        found = completion(snapshot, params)
        assert {"a", "b"} <= {i.label for i in found.items}
    assert sorted(made) == ["a", "b"]
    edited = analyze(clean.replace("type: number", "type: string"))
    found = completion(Snapshot(URI, 2, edited, edited, "utf-16", Settings()), params)
    docs = {i.label: i.documentation for i in found.items}
    assert sorted(made) == ["a", "a", "b", "b"] and "number" not in str(docs["b"])
