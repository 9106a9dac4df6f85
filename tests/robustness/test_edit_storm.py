"""Typing faster than the server: a thousand incremental changes (some arriving out of order) end with
diagnostics for the last text only, versions never go backwards, requests about replaced text are not computed,
and requests sent during a storm are answered while it is analysed. The server runs with its real scheduling: no
debounce, the newest text analysed whenever the worker is free."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from robust_session import FAULT_SERVER, serving

from hot_lsp.fuzz.client import CONTENT_MODIFIED, LspClient
from hot_lsp.fuzz.text import position

TEMPLATE = """heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavour}
"""
NAME_END = TEMPLATE.index("flavour}") + len("flavour")


def _insert(client: LspClient, uri: str, text: str, offset: int, new: str, version: int) -> str:
    at = position(text, offset, "utf-16")
    client.change(uri, version, [{"range": {"start": at, "end": at}, "text": new}])
    return text[:offset] + new + text[offset:]


def _delete(client: LspClient, uri: str, text: str, start: int, end: int, version: int) -> str:
    rng = {"start": position(text, start, "utf-16"), "end": position(text, end, "utf-16")}
    client.change(uri, version, [{"range": rng, "text": ""}])
    return text[:start] + text[end:]


def _versions(client: LspClient, uri: str) -> list[int | None]:
    return [p.get("version") for p in client.publishes(uri)]


def _covered(text: str, diagnostic: dict) -> str:
    start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
    line = text.split("\n")[start["line"]]
    return line[start["character"] : end["character"]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("storm")
    with serving(
        root,
        command=FAULT_SERVER,
        env={"HOT_LSP_RECORD": "hover.hover,symbols.document_symbols", "HOT_LSP_FAULTS": "slow"},
    ) as client:
        client.root = root
        yield client


def test_a_thousand_changes_publish_only_the_last_version(server: LspClient):
    uri = (Path(server.root) / "storm.yaml").as_uri()
    server.open(uri, TEMPLATE, 1)
    assert server.publish_of(uri, 1, 30) is not None
    text, cursor = TEMPLATE, NAME_END
    sent = []
    started = time.monotonic()
    for step in range(1000):
        version = step + 2
        if step % 10 == 9:  # a backspace now and then
            text = _delete(server, uri, text, cursor - 1, cursor, version)
            cursor -= 1
        else:
            text = _insert(server, uri, text, cursor, "xyz"[step % 3], version)
            cursor += 1
        sent.append(version)
    typing_seconds = time.monotonic() - started
    final = server.publish_of(uri, 1001, 60)
    assert final is not None, f"no diagnostics for v1001; published {_versions(server, uri)[-10:]}"
    time.sleep(0.6)  # a late publish for an older version would arrive by now
    versions = _versions(server, uri)
    print(f"1,000 changes sent in {typing_seconds:.2f} s; publishes: {versions}")
    assert versions[-1] == 1001
    assert versions == sorted(versions), versions
    [undeclared] = [d for d in final["diagnostics"] if d["code"] == "E4008"]
    assert _covered(text, undeclared) == text[NAME_END - len("flavour") : cursor]  # the server has our text


def test_versions_that_arrive_out_of_order(server: LspClient):
    uri = (Path(server.root) / "out-of-order.yaml").as_uri()
    server.open(uri, TEMPLATE, 1)
    assert server.publish_of(uri, 1, 30) is not None
    text, cursor = TEMPLATE, NAME_END
    # Swapped pairs inside a storm: 3 before 2, 5 before 4, ... then the newest, 200, last.
    order = [v for pair in range(2, 200, 2) for v in (pair + 1, pair)] + [200]
    for version in order:
        text = _insert(server, uri, text, cursor, "q", version)
        cursor += 1
    final = server.publish_of(uri, 200, 60)
    assert final is not None
    time.sleep(0.6)
    versions = _versions(server, uri)
    # Without a debounce, a swapped pair's second text may be analysed and published after the first: it is
    # the newer text with the older version, so it goes out without one (see below).
    numbered = [v for v in versions if v is not None]
    assert numbered == sorted(numbered), versions
    assert versions[-1] == 200, versions
    # A change whose version is older than the one published: applied, and published without a version, so
    # nothing goes out for an older version and the newest text's findings are still shown.
    seen = len(server.publishes(uri))
    text = _insert(server, uri, text, cursor, "!", 150)
    cursor += 1
    unversioned = server.wait_for(
        lambda: [p for p in server.publishes(uri)[seen:] if p.get("version") is None],
        30,
    )
    assert unversioned, _versions(server, uri)
    [undeclared] = [d for d in unversioned[-1]["diagnostics"] if d["code"] == "E4008"]
    assert _covered(text, undeclared).endswith("q!")
    assert [v for v in _versions(server, uri) if v is not None] == sorted(v for v in versions if v is not None)


def test_requests_about_replaced_text_are_not_computed(server: LspClient):
    """Hovers asked while a text is analysed, then overtaken by an edit, are answered ContentModified without the
    hover running; a document symbol request asked meanwhile is computed for the new text only. (The planted
    ``slow`` fault makes the first analysis take 3 s, so the edit surely arrives while it runs.)"""
    uri = (Path(server.root) / "superseded.yaml").as_uri()
    text = TEMPLATE + "# slow-analysis\n"
    server.open(uri, text, 1)
    at = position(text, text.index("flavour"), "utf-16")
    hovers = [server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at}) for _ in range(20)]
    symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    marker = server.stderr_count
    start = text.index("# slow-analysis")
    rng = {"start": position(text, start, "utf-16"), "end": position(text, len(text), "utf-16")}
    server.change(uri, 2, [{"range": rng, "text": "outputs: {}\n"}])
    answers = [hover.answer(60) for hover in hovers]
    assert all(a is not None and a.code == CONTENT_MODIFIED for a in answers), [a and a.error for a in answers]
    outline = symbols.answer(60)
    assert outline is not None and outline.error is None
    assert "outputs" in str(outline.result)  # answered for the new text
    time.sleep(0.3)
    records = [line for line in server.stderr_since(marker) if "RECORD" in line and uri in line]
    assert not [line for line in records if " v1 " in line], records  # nothing computed for the old text
    assert any("document_symbols v2" in line for line in records), records


def test_requests_mid_storm_are_answered_before_its_analyses_end(server: LspClient):
    """Hovers sent in the middle of a storm of edits are answered while its analyses run: one about a settled
    document at once, one about the stormed text as soon as the analysis it waited on ends (ContentModified: the
    text moved on). Each analysis of the stormed text takes 3 s (the planted ``slow`` fault), so the storm, which
    the server reads in a few milliseconds, costs two analyses: the one under way when it began and the last
    text's (the latest wins: no text typed meanwhile is analysed), and only the last version is published."""
    root = Path(server.root)
    settled = (root / "settled.yaml").as_uri()
    server.open(settled, TEMPLATE, 1)
    assert server.publish_of(settled, 1, 30) is not None
    stormed = (root / "stormed.yaml").as_uri()
    text = TEMPLATE + "# slow-analysis\n"
    marker = server.stderr_count
    server.open(stormed, text, 1)
    started = server.wait_for(lambda: [line for line in server.stderr_since(marker) if "SLOW-ANALYSIS" in line], 30)
    assert started, "the first analysis did not start"  # the storm begins while it runs
    cursor = NAME_END
    answered: dict[str, list[int | None]] = {}  # hover -> the stormed document's versions published by then

    def on_answer(name: str):
        # Runs on the client's reader thread as the answer is filed, before any later message is.
        return lambda future: answered.setdefault(name, _versions(server, stormed))

    hovers = {}
    for version in range(2, 22):
        text = _insert(server, stormed, text, cursor, "q", version)
        cursor += 1
        if version == 11:
            for name, uri, about in (("settled", settled, TEMPLATE), ("stormed", stormed, text)):
                at = position(about, TEMPLATE.index("get_param") + 2, "utf-16")
                hovers[name] = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})
                hovers[name].future.add_done_callback(on_answer(name))
    final = server.publish_of(stormed, 21, 60)
    assert final is not None, _versions(server, stormed)
    settled_answer, stormed_answer = hovers["settled"].answer(5), hovers["stormed"].answer(5)
    assert settled_answer is not None and settled_answer.error is None and settled_answer.result is not None
    assert stormed_answer is not None and stormed_answer.code == CONTENT_MODIFIED, stormed_answer
    assert answered == {"settled": [], "stormed": []}  # both before the storm's last analysis was published
    time.sleep(0.3)
    assert _versions(server, stormed) == [21]
    analysed = [line for line in server.stderr_since(marker) if "SLOW-ANALYSIS" in line]
    assert len(analysed) == 2, analysed
    assert analysed[-1].endswith(f"SLOW-ANALYSIS of {len(text)} characters"), analysed  # the last text's


def test_a_long_storm_does_not_grow_the_server():
    """Regression (found by ``hot-lsp fuzz``: RSS rose with every episode): pygls kept one future per notification,
    about 1.7 KB per keystroke for the life of the server. 5,000 changes leaked 8 MB; now the allocator's noise."""
    with serving(None) as client:
        uri = "untitled:storm-memory"
        client.open(uri, "heat_template_version: 2018-08-31\nresources: {}\n", 1)
        version = _type_and_erase(client, uri, 1, 1000)  # warm up: caches, the allocator's pools
        assert client.publish_of(uri, version, 60) is not None
        before = client.memory_kib()["VmRSS"]
        version = _type_and_erase(client, uri, version, 5000)
        assert client.publish_of(uri, version, 60) is not None
        growth = client.memory_kib()["VmRSS"] - before
        print(f"RSS growth over 5,000 changes: {growth} KiB")
        assert growth < 4 * 1024


def _type_and_erase(client: LspClient, uri: str, version: int, count: int) -> int:
    start = {"line": 1, "character": 0}
    for step in range(count):
        version += 1
        end = start if step % 2 == 0 else {"line": 1, "character": 1}
        client.change(uri, version, [{"range": {"start": start, "end": end}, "text": "x" if step % 2 == 0 else ""}])
    return version
