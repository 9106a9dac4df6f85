"""Signature help, fixture style: ``$0`` marks the cursor; beside each case the signature's label and the
parameter the cursor is in (None: no parameter highlighted; a None result: no signature at all)."""

from __future__ import annotations

import textwrap

import pytest
from lsprotocol import types

from hot_lsp.analysis.validate import analyze
from hot_lsp.features.signature_help import signature_help
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///work/t/template.yaml"


def help_at(fixture: str, version: str = "2021-04-16", **options: bool) -> types.SignatureHelp | None:
    text = f"heat_template_version: {version}\n" + textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    text = text.replace("$0", "", 1)
    analysis = analyze(text)
    snapshot = Snapshot(URI, 1, analysis, analysis if analysis.parsed.syntax_ok else None, "utf-16", Settings())
    params = types.SignatureHelpParams(types.TextDocumentIdentifier(URI), snapshot.position(offset))
    return signature_help(snapshot, params, **options)


def active(fixture: str, version: str = "2021-04-16") -> tuple[str, str | None] | None:
    """(the signature's label, the active parameter's text in it)."""
    result = help_at(fixture, version)
    if result is None:
        return None
    information = result.signatures[0]
    assert result.active_parameter is not None
    if result.active_parameter >= len(information.parameters):
        return information.label, None
    label = information.parameters[result.active_parameter].label
    assert isinstance(label, tuple)
    return information.label, information.label[label[0] : label[1]]


LIST_JOIN = "list_join: [<delimiter>, <list>, ...]"
STR_REPLACE = "str_replace: {template: …, params: …}"
REPEAT = "repeat: {for_each: …, template: …, permutations: …}"


@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        # flow style: the list position
        ("outputs: {o: {value: {list_join: [',$0', [a, b]]}}}", (LIST_JOIN, "<delimiter>")),
        ("outputs: {o: {value: {list_join: [',', [a, $0]]}}}", (LIST_JOIN, "<list>")),
        ("outputs: {o: {value: {list_join: [',', [a], $0]}}}", (LIST_JOIN, "<list>")),  # more lists may follow
        # block style: a `- ` item below the key, the key just typed, its value begun
        ("outputs:\n  o:\n    value:\n      list_join:\n        - ','\n        - $0", (LIST_JOIN, "<list>")),
        ("outputs:\n  o:\n    value:\n      list_join:\n        - $0", (LIST_JOIN, "<delimiter>")),
        ("outputs:\n  o:\n    value:\n      list_join:$0", (LIST_JOIN, "<delimiter>")),
        # a map argument: the key the cursor is in, being typed, or the first one not written yet
        ("outputs:\n  o:\n    value:\n      str_replace:\n        template: hello $0", (STR_REPLACE, "template")),
        ("outputs:\n  o:\n    value:\n      str_replace:\n        temp$0", (STR_REPLACE, "template")),
        ("outputs:\n  o:\n    value:\n      str_replace:\n        template: x\n        $0", (STR_REPLACE, "params")),
        ("outputs:\n  o:\n    value:\n      str_replace:\n        params:\n          $0", (STR_REPLACE, "params")),
        (
            "outputs: {o: {value: {repeat: {for_each: {x: [1]}, template: x, permutations: $0}}}}",
            (REPEAT, "permutations"),
        ),
        ("outputs: {o: {value: {repeat: {for_each: {<%x%>: $0}}}}}", (REPEAT, "for_each")),
        ("outputs: {o: {value: {str_replace: {template: x, other: $0}}}}", (STR_REPLACE, None)),  # not read by Heat
        # nested calls: the innermost wins, and the outer one again once the cursor leaves it
        (
            "outputs: {o: {value: {str_replace: {template: x, params: {a: {get_param: $0}}}}}}",
            ("get_param: [<name>, <key or index>, ...]", "<name>"),
        ),
        ("outputs: {o: {value: {list_join: [',', [{get_param: x}, $0]]}}}", (LIST_JOIN, "<list>")),
        ("outputs: {o: {value: {if: [{equals: [a, $0]}, a, b]}}}", ("equals: [<value 1>, <value 2>]", "<value 2>")),
        (
            "outputs: {o: {value: {if: [c, a, $0]}}}",
            ("if: [<condition>, <value if true>, <value if false>]", "<value if false>"),
        ),
        # repeating items, and one item too many
        (
            "outputs: {o: {value: {get_attr: [a, b, c, $0]}}}",
            ("get_attr: [<resource name>, <attribute name>, <key or index>, ...]", "<key or index>"),
        ),
        ("outputs: {o: {value: {digest: [sha256, x, $0]}}}", ("digest: [<algorithm>, <value>]", None)),
        # condition functions where conditions are read
        ("conditions:\n  c: {and: [a, b, $0]}", ("and: [<condition>, ...]", "<condition>")),
        ("conditions:\n  c:\n    not: $0", ("not: <condition>", "<condition>")),
        # make_url's and yaql's keys
        (
            "resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {yaql: {expression: $0}}",
            ("yaql: {expression: …, data: …}", "expression"),
        ),
        (
            "outputs: {o: {value: {map_replace: [{a: b}, {keys: {a: $0}}]}}}",
            ("map_replace: [<map>, {keys, values}]", "{keys, values}"),
        ),
        # no call, or a function the place does not have
        ("outputs: {o: {value: [a, $0]}}", None),
        ("outputs: {o: {value: {equals: [$0, a]}}}", None),  # only a condition function
        ("resources:\n  r:\n    type: OS::Heat::$0", None),
    ],
)
def test_active_parameter(fixture: str, expected: tuple[str, str | None] | None) -> None:
    assert active(fixture) == expected


@pytest.mark.parametrize(
    ("fixture", "version", "expected"),
    [
        # a function the version lacks gets no signature
        ("outputs: {o: {value: {if: [$0, a, b]}}}", "2015-10-15", None),
        ("outputs: {o: {value: {filter: [$0, a]}}}", "2016-10-14", None),
        ("conditions:\n  c: {yaql: {expression: $0}}", "2016-10-14", None),  # a condition function from 2017-09-01
        # the version's own shape: one list before 2015-10-15, no permutations before 2017-09-01
        (
            "outputs: {o: {value: {list_join: [',', [a], $0]}}}",
            "2015-04-30",
            ("list_join: [<delimiter>, <list>]", None),
        ),
        (
            "outputs: {o: {value: {repeat: {for_each: {x: [1]}, template: x, permutations: $0}}}}",
            "2015-04-30",
            ("repeat: {for_each: …, template: …}", None),
        ),
        (
            "outputs: {o: {value: {Fn::Join: [',', $0]}}}",
            "2013-05-23",
            ("Fn::Join: [<delimiter>, [<string>, ...]]", "[<string>, ...]"),
        ),
        ("outputs: {o: {value: {Fn::Join: [',', $0]}}}", "2014-10-16", None),  # removed
    ],
)
def test_versions(fixture: str, version: str, expected: tuple[str, str | None] | None) -> None:
    assert active(fixture, version) == expected


def test_documentation_and_plain_labels() -> None:
    fixture = "outputs: {o: {value: {str_replace: {template: $0}}}}"
    result = help_at(fixture, markdown=False, label_offsets=False)
    assert result is not None
    information = result.signatures[0]
    assert [p.label for p in information.parameters] == ["template", "params"]
    assert isinstance(information.documentation, types.MarkupContent)
    assert information.documentation.kind == types.MarkupKind.PlainText
    assert information.documentation.value.endswith(
        "https://docs.openstack.org/heat/2026.2/template_guide/hot_spec.html#str-replace"
    )
    parameter_doc = information.parameters[0].documentation
    assert isinstance(parameter_doc, types.MarkupContent) and "placeholders" in parameter_doc.value


def test_outside_templates() -> None:
    text = "parameter_defaults:\n  x: {list_join: [',', []]}\n"
    analysis = analyze(text)
    snapshot = Snapshot(URI, 1, analysis, analysis, "utf-16", Settings())
    params = types.SignatureHelpParams(types.TextDocumentIdentifier(URI), snapshot.position(text.index("[]")))
    assert signature_help(snapshot, params) is None
