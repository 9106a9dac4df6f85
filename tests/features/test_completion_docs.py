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
from hot_lsp.features.completion_docs import rebuild_doc, resolve
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
