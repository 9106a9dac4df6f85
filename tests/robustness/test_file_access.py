"""What the server reads: files inside the workspace folders (or beside the document when there is no
workspace), never a file outside them, never a URL, nothing from the network, nothing executed; and when a
get_file preview or a nested stack is not read, the answer says why.

A file outside the workspace carries a marker string that must never appear in any answer; the server runs with
its network connections and started programs logged (fault_server.py, HOT_LSP_WATCH_OUTSIDE).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from robust_session import FAULT_SERVER, serving

from hot_lsp.fuzz.client import LspClient
from hot_lsp.fuzz.text import position

OUTSIDE_SECRET = "SECRET-OUTSIDE-3f9a"
OUTSIDE_PARAMETER = "outside_parameter"
INSIDE_CONTENT = "inside content 77c1"
NETWORK_URL = "http://127.0.0.1:9/x.sh"


def _build(tmp: Path) -> tuple[Path, Path, str]:
    workspace, outside = tmp / "workspace", tmp / "outside"
    (workspace / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text(OUTSIDE_SECRET + "\n")
    (outside / "child.yaml").write_text(
        f"heat_template_version: 2018-08-31\nparameters:\n  {OUTSIDE_PARAMETER}: {{type: string}}\n"
        "resources:\n  hidden: {type: OS::Heat::None}\n"
    )
    (workspace / "sub" / "inside.txt").write_text(INSIDE_CONTENT + "\n")
    (workspace / "child.yaml").write_text(
        "heat_template_version: 2018-08-31\nresources:\n  visible_child: {type: OS::Heat::None}\n"
    )
    marker = tmp / "executed"
    script = workspace / "boot.sh"
    script.write_text(f"#!/bin/sh\ntouch {marker}\n")
    script.chmod(0o755)
    (workspace / "link.txt").symlink_to(outside / "secret.txt")
    os.mkfifo(workspace / "pipe.txt")  # reading it would block for ever
    text = "heat_template_version: 2018-08-31\nresources:\n"
    for name, path in [
        ("inside", "sub/inside.txt"),
        ("up", "../outside/secret.txt"),
        ("absolute", str(outside / "secret.txt")),
        ("url", NETWORK_URL),
        ("link", "link.txt"),
        ("pipe", "pipe.txt"),
        ("script", "boot.sh"),
    ]:
        text += (
            f"  {name}:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: {{get_file: '{path}'}}\n"
        )
    text += "  nested_ok: {type: child.yaml}\n  nested_out: {type: ../outside/child.yaml}\n"
    text += "  nested_url: {type: 'http://127.0.0.1:9/child.yaml'}\n"
    (workspace / "main.yaml").write_text(text)
    return workspace, marker, text


def _get_file_previews(client: LspClient, uri: str, text: str) -> dict[str, str]:
    previews = {}
    for name in ("inside", "up", "absolute", "url", "link", "pipe", "script"):
        at = position(text, text.index("get_file", text.index(f"  {name}:\n")) + 2, "utf-16")
        answer = client.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": at}, 30)
        assert answer.error is None
        previews[name] = answer.result["contents"]["value"].split("**Value** of `get_file`:")[-1]
    return previews


def _everything(client: LspClient, uri: str, text: str) -> list[object]:
    document = {"textDocument": {"uri": uri}}
    answers = [client.call("hot/resourceList", {**document, "nestedDepth": "MAX"}, 30).result]
    for method in ("textDocument/documentSymbol", "textDocument/documentLink", "textDocument/semanticTokens/full"):
        answers.append(client.call(method, document, 30).result)
    for offset in range(0, len(text), 7):
        at = position(text, offset, "utf-16")
        for method in ("textDocument/hover", "textDocument/definition", "textDocument/completion"):
            answers.append(client.call(method, {**document, "position": at}, 30).result)
    return answers


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    return _build(tmp_path_factory.mktemp("access"))


@pytest.mark.parametrize("with_workspace", [True, False], ids=["workspace folder", "no workspace"])
def test_the_server_reads_only_inside_and_says_why_not(layout, with_workspace: bool) -> None:
    workspace, marker, text = layout
    uri = (workspace / "main.yaml").as_uri()
    env = {"HOT_LSP_WATCH_OUTSIDE": "1"}
    with serving(workspace if with_workspace else None, env=env, command=FAULT_SERVER) as client:
        client.open(uri, text, 1)
        assert client.publish_of(uri, 1, 30) is not None
        previews = _get_file_previews(client, uri, text)
        answers = _everything(client, uri, text)
        stderr = "\n".join(client.stderr)

    assert INSIDE_CONTENT in previews["inside"]
    for name in ("up", "absolute", "link"):  # a symbolic link is followed before deciding
        assert "outside the folders hot-lsp reads" in previews[name], previews[name]
    assert "is a URL; hot-lsp never fetches from the network" in previews["url"]
    assert "not a regular file; not read" in previews["pipe"]
    assert "touch" in previews["script"]  # read as text, like Heat's client does: never run

    rows = {row["resource_name"]: row for row in answers[0]["resources"]}
    assert "visible_child" in rows  # a nested template inside the workspace is listed
    # A template the document references may be read wherever it is (the issue allows "the templates and
    # environments they reference"); when the list does not follow it, the row says why.
    if "hidden" not in rows:
        assert "outside the folders hot-lsp reads" in json.dumps(rows["nested_out"])
    assert "URL" in json.dumps(rows["nested_url"])

    everything = json.dumps([previews, answers])
    leaks = [everything[max(0, at - 300) : at + 100] for at in _places(everything, OUTSIDE_SECRET)]
    assert leaks == []  # get_file content outside the workspace never shows
    assert "NETWORK" not in stderr
    programs = [line for line in stderr.splitlines() if " EXEC " in line]
    # only hot-lsp's own yaql helper, and git reading the template's last commit for the what-if (never a program
    # a repository's config could name)
    allowed = ("yaql_worker", "['git', '-C', ")
    assert all(any(name in line for name in allowed) for line in programs), programs
    assert all("'core.fsmonitor=false'" in line for line in programs if "'git'" in line), programs
    assert not marker.exists()


def _places(text: str, *needles: str) -> list[int]:
    return [at for needle in needles if (at := text.find(needle)) >= 0]
