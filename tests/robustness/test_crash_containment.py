"""A crash in one feature, one rule or one analysis is logged with the document (and position), answered empty,
and touches neither other documents nor other features. The server is the real one with a fault planted
(fault_server.py): no other code is replaced."""

from __future__ import annotations

from pathlib import Path

import pytest
from robust_session import FAULT_SERVER, serving

from hot_lsp.fuzz.client import LspClient

TEMPLATE = """heat_template_version: 2018-08-31
parameters:
  flavor: {type: string, default: m1.small}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      image: {get_param: imagee}
outputs:
  name: {value: {get_attr: [server, name]}}
"""
AT_GET_PARAM = {"line": 7, "character": 24}  # inside "flavor" of {get_param: flavor}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("faults")
    env = {"HOT_LSP_FAULTS": "feature:hover.hover,rule,analysis"}
    with serving(root, env=env, command=FAULT_SERVER) as client:
        client.root = root
        yield client


def _open(server: LspClient, name: str, text: str) -> str:
    uri = (Path(server.root) / name).as_uri()
    server.open(uri, text, 1)
    return uri


def _hover(server: LspClient, uri: str):
    return server.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": AT_GET_PARAM}, 30)


def test_a_crashing_feature_is_answered_empty_and_logged_with_document_and_position(server: LspClient):
    crashing = _open(server, "crash-hover.yaml", TEMPLATE)
    healthy = _open(server, "healthy.yaml", TEMPLATE)
    logs_before = len(server.logs)

    answer = _hover(server, crashing)
    assert answer.error is None and answer.result is None

    reports = [entry["message"] for entry in server.logs[logs_before:] if entry.get("type") == 1]
    assert any(
        "textDocument/hover failed for" in report
        and crashing in report
        and "at 7:24" in report
        and "PlantedFault" in report
        for report in reports
    ), reports
    # The log line travels on stderr, read by another thread than the answer: wait for it, do not race it.
    assert server.wait_for(
        lambda: any("textDocument/hover failed for" in line and crashing in line for line in list(server.stderr)), 10
    )

    # The same feature for another document, and other features for the same document, still work.
    assert "flavor" in str(_hover(server, healthy).result)
    completion = server.call(
        "textDocument/completion", {"textDocument": {"uri": crashing}, "position": AT_GET_PARAM}, 30
    )
    assert completion.error is None and completion.result["items"]
    published = server.publish_of(crashing, 1, 30)
    assert published is not None and "E4008" in {d["code"] for d in published["diagnostics"]}


def test_a_crashing_rule_leaves_the_other_rules_findings(server: LspClient):
    uri = _open(server, "rule.yaml", TEMPLATE + "# crash-rule\n")
    published = server.publish_of(uri, 1, 30)
    assert published is not None
    assert "E4008" in {d["code"] for d in published["diagnostics"]}  # the get_param rule still reports
    # The log line and the publish travel on two pipes read by two threads: wait for the line, do not race it.
    logged = server.wait_for(
        lambda: any(
            "rule hot_lsp.analysis.rules.outputs.outputs failed on" in line and "rule.yaml" in line
            for line in list(server.stderr)
        ),
        10,
    )
    assert logged


def test_a_crashing_analysis_answers_every_request_empty(server: LspClient):
    uri = _open(server, "analysis.yaml", TEMPLATE + "# crash-analysis\n")
    document = {"textDocument": {"uri": uri}}
    for method, params in [
        ("textDocument/hover", {**document, "position": AT_GET_PARAM}),
        ("textDocument/completion", {**document, "position": AT_GET_PARAM}),
        ("textDocument/documentSymbol", document),
        ("textDocument/semanticTokens/full", document),
        ("hot/resourceList", document),
    ]:
        answer = server.call(method, params, 30)
        assert answer.error is None, (method, answer.error)
    assert any("analysis failed for" in entry["message"] and uri in entry["message"] for entry in server.logs)
    # Another document is analysed as usual.
    healthy = _open(server, "after-analysis-crash.yaml", TEMPLATE)
    published = server.publish_of(healthy, 1, 30)
    assert published is not None and "E4008" in {d["code"] for d in published["diagnostics"]}
