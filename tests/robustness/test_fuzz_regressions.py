"""Faults ``hot-lsp fuzz`` found, each kept as the smallest input that showed it, through the real server.

(The frozen event loop it found has its own test, test_store_race.py.)
"""

from __future__ import annotations

import pytest
from robust_session import errors_logged, serving

from hot_lsp.document.surrogates import without_lone_surrogates
from hot_lsp.fuzz.client import LspClient
from hot_lsp.fuzz.text import line_lengths, within


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("regressions")
    with serving(root) as client:
        client.root = root
        yield client


def _diagnostics(server: LspClient, name: str, text: str) -> list[dict]:
    uri = (server.root / name).as_uri()
    server.open(uri, text, 1)
    published = server.publish_of(uri, 1, 30)
    assert published is not None
    return published["diagnostics"]


def test_a_lone_surrogate_in_the_text_is_read_not_a_crash(server: LspClient):
    """Seed 4: "\\ud800" in a didOpen/didChange made the YAML parser and the JSON answers raise
    UnicodeEncodeError; every request about the document failed."""
    logged = server.stderr_count
    text = 'heat_template_version: 2018-08-31\noutputs:\n  o: {value: ["a\ud800b", {get_param: nope}]}\n'
    codes = {d["code"] for d in _diagnostics(server, "surrogate.yaml", text)}
    assert "E4008" in codes
    hover = server.call(
        "textDocument/hover",
        {"textDocument": {"uri": (server.root / "surrogate.yaml").as_uri()}, "position": {"line": 2, "character": 16}},
    )
    assert hover.error is None
    assert errors_logged(server, logged) == []


def test_surrogates_are_replaced_one_for_one():
    assert without_lone_surrogates("a\ud800b\udfff😀") == "a\ufffdb\ufffd😀"
    text = "no surrogates here ☃"
    assert without_lone_surrogates(text) is text


def test_a_range_ending_inside_a_crlf_ends_at_the_line_end(server: LspClient):
    """Seed 11: a rule's range ended after the CR of a CRLF ("the first line of a node"), which became a
    position one past the end of its line."""
    text = (
        "heat_template_version: 2018-08-31\r\nresources:\r\n  r: {type: OS::Heat::None}\r\noutputs:\r\n  o:\r\n"
        "    value:\r\n      get_attr:\r\n        - k: v\r\n          l: w\r\n        - x\r\n"
    )
    diagnostics = _diagnostics(server, "crlf-range.yaml", text)
    [wrong] = [d for d in diagnostics if d["code"] == "E4007"]
    assert wrong["range"]["end"] == {"line": 7, "character": 14}  # the end of "        - k: v"
    lengths = line_lengths(text, "utf-16")
    assert all(within(lengths, d["range"][end]) for d in diagnostics for end in ("start", "end"))


def test_a_map_in_allowed_values_of_a_number_is_reported(server: LspClient):
    """Seed 1501: int() of a map raised TypeError in the allowed_values rule; the whole analysis failed."""
    logged = server.stderr_count
    text = (
        "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: number\n    constraints:\n"
        "      - allowed_values:\n          - {a: 1}\n"
    )
    assert "E2008" in {d["code"] for d in _diagnostics(server, "allowed-map.yaml", text)}
    assert errors_logged(server, logged) == []


def test_a_forbidden_character_is_reported_where_it_is(server: LspClient):
    """The YAML reader's error has no mark, only a position: the diagnostic sat at the start of the file."""
    text = "heat_template_version: 2018-08-31\ndescription: ab\x00cd\n"
    [syntax] = [d for d in _diagnostics(server, "nul.yaml", text) if d["code"] == "E0001"]
    assert syntax["range"]["start"] == {"line": 1, "character": 15}
