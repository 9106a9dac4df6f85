"""completionItem/resolve rebuilds the documentation a list left out from the item's data alone: for every kind
of item with long docs, a list made for a resolving client, sent through JSON and resolved, shows the same
documentation as the list made for a client that gets docs at once."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.protocol import default_converter

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.features import completion_items
from hot_lsp.features.completion import completion
from hot_lsp.features.completion_docs import named_document, rebuild_doc, resolve
from hot_lsp.features.snapshot import Settings, Snapshot

ACME = str(Path(__file__).resolve().parents[2] / "examples" / "catalogues" / "acme.json")
CONVERTER = default_converter()

TEMPLATE_CASES = {
    "sections": "heat_template_version: 2018-08-31\n$0\n",
    "functions": "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      name: $0\n",
    "condition functions": "heat_template_version: 2018-08-31\nconditions:\n  c: $0\n",
    "resource keys": "heat_template_version: 2018-08-31\nresources:\n  s:\n    $0\n",
    "parameter keys": "heat_template_version: 2018-08-31\nparameters:\n  p:\n    $0\n",
    "constraints": "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    constraints:\n      - $0\n",
    "custom constraints": "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: $0\n",
    "parameter types": "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: $0\n",
    "versions": "heat_template_version: $0\n",
    "pseudo parameters": "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value: {get_param: $0}\n",
    "types": "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nov$0\n",
    "properties": "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      $0\n",
    "nested properties": "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      networks:\n        - $0\n",
    "group member properties": "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: OS::Nova::Server\n        properties:\n          $0\n",
    "attributes": "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\noutputs:\n  o:\n    value: {get_attr: [s, $0]}\n",
    "user catalogue": "heat_template_version: 2018-08-31\nresources:\n  w:\n    type: Acme::Widget\n    properties:\n      $0\n",
}
ENVIRONMENT_CASES = {
    "environment sections": "$0\n",
    "registry keys": "resource_registry:\n  $0\n",
    "registry types": "resource_registry:\n  OS::Nova::Server: OS::Nov$0\n",
    "hooks": "resource_registry:\n  resources:\n    s:\n      hooks: $0\n",
    "merge strategies": "parameter_merge_strategies:\n  default: $0\n",
    "event sinks": "event_sinks:\n  - type: $0\n",
}


def lists(fixture: str, uri: str, settings: Settings) -> tuple[types.CompletionList, types.CompletionList]:
    """The list for a client that resolves docs, and the one for a client that does not."""
    text = textwrap.dedent(fixture)
    offset = text.index("$0")
    text = text.replace("$0", "", 1)
    options = Options(named_as_environment=True, resource_type_paths=settings.resource_type_paths)
    analysis = analyze(text, options)
    snapshot = Snapshot(uri, 1, analysis, analysis if analysis.parsed.syntax_ok else None, "utf-16", settings)
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=uri), snapshot.position(offset))
    deferred = completion(snapshot, params, resolve_documentation=True)
    inline = completion(snapshot, params)
    assert deferred is not None and inline is not None
    return deferred, inline


def through_json(item: types.CompletionItem) -> types.CompletionItem:
    """The item as the client sends it back: JSON, then structured again by the server."""
    raw = json.loads(json.dumps(CONVERTER.unstructure(item)))
    return CONVERTER.structure(raw, types.CompletionItem)


@pytest.mark.parametrize(
    ("name", "fixture", "uri"),
    [(name, fixture, "file:///work/t/template.yaml") for name, fixture in TEMPLATE_CASES.items()]
    + [(name, fixture, "file:///work/t/environments/env.yaml") for name, fixture in ENVIRONMENT_CASES.items()],
)
def test_resolve_gives_the_documentation_the_list_left_out(
    name: str, fixture: str, uri: str, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(completion_items, "LONG_DOC", 0)  # every doc that can be left out is
    settings = Settings(resource_type_paths=(ACME,)) if name == "user catalogue" else Settings()
    deferred, inline = lists(fixture, uri, settings)
    expected = {item.label: item.documentation for item in inline.items}
    left_out = [item for item in deferred.items if item.data is not None]
    assert left_out, f"{name}: nothing deferred"
    for item in deferred.items:
        if item.data is None:
            assert item.documentation == expected[item.label]
            continue
        assert item.documentation is None
        assert set(item.data) == {"doc"}
        resolved = resolve(through_json(item))
        assert resolved.documentation == expected[item.label], item.label


def test_only_long_docs_are_left_out_and_data_names_what_it_documents():
    deferred, _ = lists(TEMPLATE_CASES["parameter types"], "file:///t.yaml", Settings())
    assert all(item.data is None and item.documentation is not None for item in deferred.items)
    deferred, _ = lists(TEMPLATE_CASES["functions"], "file:///t.yaml", Settings())
    get_param = next(item for item in deferred.items if item.label == "get_param")
    assert get_param.data == {"doc": ["function", "get_param", "2018-08-31", "normal"]}
    deferred, _ = lists(TEMPLATE_CASES["nested properties"], "file:///t.yaml", Settings())
    port = next(item for item in deferred.items if item.label == "port")
    assert port.data == {"doc": ["property", "OS::Nova::Server", ["networks", 0, "port"], []]}
    deferred, _ = lists(TEMPLATE_CASES["types"], "file:///t.yaml", Settings(resource_type_paths=(ACME,)))
    left_out = [item for item in deferred.items if item.data is not None]
    assert left_out and all(item.data == {"doc": ["type", item.label, [ACME]]} for item in left_out)


@pytest.mark.parametrize(
    "ref",
    [
        None,
        "function",
        [],
        [1, 2],
        ["no such kind"],
        ["function", "get_param"],
        ["function", "get_param", "1999-01-01", "normal"],
        ["type", "No::Such::Type", []],
        ["property", "OS::Nova::Server", ["no", "such"], []],
        ["attribute", "OS::Nova::Server", "nothing", []],
        ["section", {"a": 1}],
    ],
)
def test_data_that_names_nothing_known_resolves_to_no_documentation(ref: object):
    assert rebuild_doc(ref) is None
    item = types.CompletionItem(label="x", data={"doc": ref})
    assert resolve(item).documentation is None


OWN_NAMES = """\
heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
    description: The flavour every server of this stack boots with, from the cloud's own list of flavours.
    default: m1.small
conditions:
  big: {equals: [{get_param: flavor}, m1.large]}
resources:
  port:
    type: OS::Neutron::Port
  server:
    type: OS::Nova::Server
    condition: $1
    properties:
      flavor: {get_param: $0}
      networks: [{port: {get_resource: $2}}]
"""


def own_lists(marker: str) -> tuple[Snapshot, types.CompletionList, types.CompletionList]:
    """The two lists at ``marker`` (the other markers filled with what they would name)."""
    fixture = OWN_NAMES
    for other, filled in (("$0", "flavor"), ("$1", "big"), ("$2", "port")):
        fixture = fixture.replace(other, "$0" if other == marker else filled)
    uri = "file:///work/t/own.yaml"
    offset = fixture.index("$0")
    text = fixture.replace("$0", "", 1)
    analysis = analyze(text)
    snapshot = Snapshot(uri, 1, analysis, analysis, "utf-16", Settings())
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=uri), snapshot.position(offset))
    deferred = completion(snapshot, params, resolve_documentation=True)
    inline = completion(snapshot, params)
    assert deferred is not None and inline is not None
    return snapshot, deferred, inline


@pytest.mark.parametrize(
    ("marker", "label", "table"),
    [("$0", "flavor", "parameters"), ("$1", "big", "conditions"), ("$2", "port", "resources")],
)
def test_the_documents_own_names_resolve_from_the_document(
    marker: str, label: str, table: str, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(completion_items, "LONG_DOC", 0)
    snapshot, deferred, inline = own_lists(marker)
    item = next(item for item in deferred.items if item.label == label)
    expected = next(item for item in inline.items if item.label == label).documentation
    assert item.documentation is None and expected is not None
    assert item.data == {"doc": ["name", snapshot.uri, table, label]}
    returned = through_json(item)
    assert named_document(returned) == snapshot.uri
    assert resolve(returned, snapshot=snapshot).documentation == expected
    # Without the document, from another one, or once the name is gone from it: nothing to show.
    assert resolve(through_json(item)).documentation is None
    elsewhere = Snapshot("file:///work/t/other.yaml", 1, snapshot.analysis, None, "utf-16", Settings())
    assert resolve(through_json(item), snapshot=elsewhere).documentation is None
    renamed = analyze(snapshot.analysis.text.replace(f"  {label}:", f"  {label}_renamed:", 1))
    later = Snapshot(snapshot.uri, 2, renamed, renamed, "utf-16", Settings())
    assert resolve(through_json(item), snapshot=later).documentation is None


def test_a_short_doc_of_an_own_name_stays_in_the_list():
    _, deferred, _ = own_lists("$2")
    port = next(item for item in deferred.items if item.label == "port")
    assert port.data is None and port.documentation is not None  # (a port with no description: a short doc)
