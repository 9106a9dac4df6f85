"""prepareRename and rename, fixture style: ``$0`` marks the cursor; results are shown as the edited text."""

from __future__ import annotations

import textwrap

import pytest
from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.rename import prepare_rename, rename, rename_refusal
from hot_lsp.features.snapshot import Settings, Snapshot

U = "file:///t/template.yaml"
DOC = types.TextDocumentIdentifier(uri=U)


def at_cursor(fixture: str, encoding: str = "utf-16") -> tuple[Snapshot, types.Position]:
    text = textwrap.dedent(fixture).lstrip("\n")
    cursor = text.index("$0")
    text = text.replace("$0", "", 1)
    analysis = analyze(text)
    snapshot = Snapshot(U, 1, analysis, analysis, encoding, Settings())  # type: ignore[arg-type]
    return snapshot, snapshot.position(cursor)


def renamed(fixture: str, new_name: str, encoding: str = "utf-16") -> str | None:
    """The document after the rename's edits, or None when it is refused."""
    snapshot, position = at_cursor(fixture, encoding)
    edit = rename(snapshot, types.RenameParams(text_document=DOC, position=position, new_name=new_name))
    if edit is None:
        return None
    assert edit.changes is not None and list(edit.changes) == [U]
    text = snapshot.text
    # Apply from the end so earlier offsets stay valid.
    for change in sorted(edit.changes[U], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = snapshot.offset(change.range.start), snapshot.offset(change.range.end)
        text = text[:start] + change.new_text + text[end:]
    assert analyze(text).parsed.syntax_ok, text
    return text


def prepared(fixture: str) -> tuple[str, str] | None:
    """(covered text, placeholder) prepareRename answers."""
    snapshot, position = at_cursor(fixture)
    answer = prepare_rename(snapshot, types.PrepareRenameParams(text_document=DOC, position=position))
    if answer is None:
        return None
    covered = snapshot.text[snapshot.offset(answer.range.start) : snapshot.offset(answer.range.end)]
    return covered, answer.placeholder


TEMPLATE = """
heat_template_version: 2018-08-31
description: flavor of the server
parameters:
  flavor: {type: string}
  image: {type: string}
parameter_groups:
  - parameters: [flavor]
conditions:
  big: {equals: [{get_param: flavor}, large]}
resources:
  server:
    type: OS::Nova::Server
    condition: big
    properties:
      flavor: {get_param: 'flavor'}
      image: {get_param: image}
      user_data: |
        echo flavor server big
  port:
    type: OS::Neutron::Port
    depends_on: [server]
    properties:
      device: {get_resource: "server"}
outputs:
  ip:
    value: {if: [big, {get_attr: [server, first_address]}, flavor]}
"""


def with_cursor(before: str, word: str) -> str:
    at = TEMPLATE.index(word, TEMPLATE.index(before)) + 1
    return TEMPLATE[:at] + "$0" + TEMPLATE[at:]


def test_parameter_everywhere_it_is_referenced_and_nowhere_else() -> None:
    result = renamed(with_cursor("{get_param: 'flavor'}", "flavor"), "size")
    assert result == textwrap.dedent(TEMPLATE).lstrip("\n").replace("  flavor: {type", "  size: {type").replace(
        "[flavor]", "[size]"
    ).replace("{get_param: flavor}", "{get_param: size}").replace("'flavor'", "'size'")


def test_resource_from_its_definition_key() -> None:
    result = renamed(with_cursor("  server:", "server"), "vm")
    assert result is not None
    assert "  vm:\n" in result and "depends_on: [vm]" in result and '{get_resource: "vm"}' in result
    assert "{get_attr: [vm, first_address]}" in result
    assert "echo flavor server big" in result  # the script is untouched


def test_condition() -> None:
    result = renamed(with_cursor("condition: big", "big"), "large_flavor")
    assert result is not None
    assert result.count("large_flavor") == 3 and "echo flavor server big" in result


def test_prepare_gives_the_name_without_quotes() -> None:
    assert prepared(with_cursor("{get_param: 'flavor'}", "flavor")) == ("flavor", "flavor")
    assert prepared(with_cursor('{get_resource: "server"}', "server")) == ("server", "server")
    assert prepared(with_cursor("  port:", "port")) == ("port", "port")


@pytest.mark.parametrize(
    ("before", "word"),
    [
        ("description:", "flavor"),  # a word in the description
        ("user_data", "flavor"),  # a word in a script
        ("      flavor: {get_param", "flavor"),  # a property key
        ("first_address", "first_address"),  # an attribute name
        ("type: OS::Nova", "OS::Nova"),  # a resource type
        ("get_attr", "get_attr"),  # a function name
    ],
)
def test_refused_on_anything_but_a_name(before: str, word: str) -> None:
    fixture = with_cursor(before, word)
    assert prepared(fixture) is None
    assert renamed(fixture, "other") is None


def test_refused_on_pseudo_parameters_and_undeclared_names() -> None:
    fixture = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {get_param: OS::stack_na$0me}}\n"
    assert prepared(fixture) is None and renamed(fixture, "x") is None
    fixture = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {get_resource: mis$0sing}}\n"
    assert prepared(fixture) is None and renamed(fixture, "x") is None


@pytest.mark.parametrize(
    ("before", "word", "new_name"),
    [
        ("  flavor:", "flavor", ""),
        ("  flavor:", "flavor", " size"),
        ("  flavor:", "flavor", "a\nb"),
        ("  flavor:", "flavor", "image"),  # another parameter's name
        ("  flavor:", "flavor", "OS::stack_name"),  # a pseudo parameter's
        ("  server:", "server", "a/b"),  # Heat rejects '/' in resource names
        ("  server:", "server", "port"),
        ("condition: big", "big", "big\t"),
    ],
)
def test_unusable_new_names_are_refused(before: str, word: str, new_name: str) -> None:
    assert renamed(with_cursor(before, word), new_name) is None


def test_same_name_in_another_kind_is_fine() -> None:
    result = renamed(with_cursor("  flavor:", "flavor"), "server")
    assert result is not None and "{get_param: server}" in result and '{get_resource: "server"}' in result


@pytest.mark.parametrize(
    ("new_name", "written_plain", "written_single", "written_double"),
    [
        ("size", "size", "'size'", '"size"'),
        ("yes", '"yes"', "'yes'", '"yes"'),  # a YAML 1.1 boolean when plain
        ("10", '"10"', "'10'", '"10"'),  # a number when plain
        ("a b, c", '"a b, c"', "'a b, c'", '"a b, c"'),  # a flow separator
        ('it\'s "x"', '"it\'s \\"x\\""', "'it''s \"x\"'", '"it\'s \\"x\\""'),
        ("größe", '"größe"', "'größe'", '"größe"'),
        ("net/v4", "net/v4", "'net/v4'", '"net/v4"'),  # '/' is fine in a parameter name
    ],
)
def test_the_new_name_keeps_each_occurrences_quoting(
    new_name: str, written_plain: str, written_single: str, written_double: str
) -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          p$0: {type: string}
        outputs:
          a: {value: {get_param: p}}
          b: {value: {get_param: 'p'}}
          c: {value: {get_param: "p"}}
        """
    result = renamed(fixture, new_name)
    assert result is not None
    lines = result.splitlines()
    assert lines[2] == f"  {written_plain}: {{type: string}}"
    assert lines[4:] == [
        f"  a: {{value: {{get_param: {written_plain}}}}}",
        f"  b: {{value: {{get_param: {written_single}}}}}",
        f"  c: {{value: {{get_param: {written_double}}}}}",
    ]
    model = analyze(result).model
    assert model is not None and list(model.parameters) == [new_name]
    assert [r.name for r in model.references] == [new_name] * 3


def test_refused_when_an_occurrence_is_not_written_verbatim() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          p$0: {type: string}
        outputs:
          a: {value: {get_param: "\\x70"}}
        """
    assert prepared(fixture) is None and renamed(fixture, "q") is None


def test_duplicate_definitions_are_renamed_together() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          p: {type: string}
          p: {type: number}
        outputs:
          a: {value: {get_param: p$0}}
        """
    assert renamed(fixture, "q") == (
        "heat_template_version: 2018-08-31\nparameters:\n  q: {type: string}\n  q: {type: number}\n"
        "outputs:\n  a: {value: {get_param: q}}\n"
    )


def test_reference_under_an_anchor_is_edited_once() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters:
          net: {type: string}
        resources:
          a:
            type: OS::Neutron::Port
            properties: &props {network: {get_param: net$0}}
          b:
            type: OS::Neutron::Port
            properties: *props
        """
    result = renamed(fixture, "network")
    assert result is not None and result.count("{get_param: network}") == 1 and "  network: {type" in result


def test_multi_byte_text_before_the_names() -> None:
    fixture = """
        heat_template_version: 2018-08-31
        parameters: {"😀": {type: string}, p$0: {type: string}}
        outputs: {o: {description: 😀😀, value: {get_param: p}}}
        """
    for encoding in ("utf-16", "utf-8", "utf-32"):
        result = renamed(fixture, "quota", encoding)
        assert result is not None
        assert "quota: {type: string}" in result and "{get_param: quota}" in result


def test_broken_and_non_hot_yaml() -> None:
    broken = """
        heat_template_version: 2018-08-31
        parameters:
          p: {type: string}
        outputs:
          a: {value: {get_param: p$0}}
          b: [
        """
    snapshot, position = at_cursor(broken)
    edit = rename(snapshot, types.RenameParams(text_document=DOC, position=position, new_name="q"))
    assert edit is not None and edit.changes is not None and len(edit.changes[U]) == 2
    assert renamed("name: x\nitems: [{get_param: fo$0o}]\n", "bar") is None
    assert prepared("name: x\nitems: [{get_param: fo$0o}]\n") is None


def test_refusals_say_why() -> None:
    def why(fixture: str, new_name: str) -> str | None:
        snapshot, position = at_cursor(fixture)
        return rename_refusal(snapshot, types.RenameParams(text_document=DOC, position=position, new_name=new_name))

    assert why(with_cursor("  server:", "server"), "vm") is None
    assert why(with_cursor("  server:", "server"), "port") == "The template already has a resource named port."
    assert why(with_cursor("  server:", "server"), "a/b") == "Heat does not accept '/' in a resource name."
    assert "pseudo parameter" in (why(with_cursor("  flavor:", "flavor"), "OS::stack_id") or "")
    assert "blanks" in (why(with_cursor("  flavor:", "flavor"), "") or "")
    assert "can be renamed" in (why(with_cursor("description:", "flavor"), "x") or "")
