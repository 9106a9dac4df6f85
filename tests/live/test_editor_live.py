"""The live path in the editor (issue 16, part 7): the real ``hot-lsp`` server process, driven over stdio by
pytest-lsp, with ``hotLsp.cloud`` naming an entry of the fixture's clouds.yaml (the real Heat 27.0.1 it starts,
or a cloud that cannot be reached or refuses). No mocks: every verdict, catalogue, preview and status is the
real Heat's.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from live_support import LiveHeat, local_heat
from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from lsp_session import change_document, session, wait_for_publish  # noqa: E402

pytestmark = pytest.mark.asyncio

CHECKOUT = Path(__file__).resolve().parents[2]
CLIENT = "visual-studio-code"  # push diagnostics, work-done progress, workspace/configuration

ACCEPTED = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: 8
  note:
    type: OS::Heat::None
"""

# This Heat has no Nova: it refuses the type (ResourceTypeUnavailable), which hot-lsp's offline checks accept.
REFUSED = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
  server:
    type: OS::Nova::Server
    properties:
      flavor: m1.small
      image: cirros
"""
REFUSED_LINE = 5  # `type: OS::Nova::Server`

# An offline finding (E4xxx: get_param of a parameter the template does not declare) that must survive a broken cloud.
OFFLINE_ERROR = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: nosuch}
"""


def server_env(live_heat: LiveHeat, cache: Path, **extra: str) -> dict[str, str]:
    env = live_heat.env()
    env["XDG_CACHE_HOME"] = str(cache)
    env.update(extra)
    return env


def codes(params: types.PublishDiagnosticsParams) -> set[str]:
    return {str(d.code) for d in params.diagnostics}


def open_file(client: Any, path: Path, text: str, version: int = 1) -> str:
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)
        )
    )
    return uri


def save(client: Any, uri: str) -> None:
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


def replace_all(client: Any, uri: str, version: int, text: str) -> None:
    change_document(client, uri, version, [(None, text)])


async def until(predicate: Any, timeout: float = 60.0, what: str = "condition") -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = predicate()
        if found:
            return found
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no {what} within {timeout:.0f} s")
        await asyncio.sleep(0.05)


def cloud_messages(client: Any, cloud: str) -> list[types.ShowMessageParams]:
    return [m for m in client.messages if f"'{cloud}'" in m.message]


def progress_titles(client: Any) -> list[str]:
    return [
        report.title
        for reports in client.progress_reports.values()
        for report in reports
        if isinstance(report, types.WorkDoneProgressBegin)
    ]


# -- (1) the cloud's verdict: after a save, never while typing ---------------------------------------------------


async def test_the_clouds_verdict_comes_on_save_and_never_while_typing(live_heat: LiveHeat, tmp_path: Path):
    root = tmp_path / "project"
    root.mkdir()
    options = {"hotLsp": {"cloud": live_heat.cloud}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **server_env(live_heat, tmp_path / "cache")) as client:
        path = root / "stack.yaml"
        uri = open_file(client, path, ACCEPTED)
        # Opened: the cloud validates the saved file; Heat accepts it, so no E9901 ever.
        await until(lambda: "hot-lsp: validating on the cloud" in progress_titles(client), what="validation progress")
        await until(lambda: _ended(client, "validating"), what="the end of the validation")
        assert not any("E9901" in codes(p) for p in client.published if p.uri == uri)

        # Typing the refused text: diagnostics for each version, none from the cloud (it is not asked).
        replace_all(client, uri, 2, REFUSED)
        typed = await wait_for_publish(client, uri, lambda p: p.version == 2)
        assert "E9901" not in codes(typed)
        validations = _begun(client, "validating")
        await asyncio.sleep(3.0)  # long enough for a validation against the local Heat (~0.1-0.5 s)
        assert _begun(client, "validating") == validations, "a didChange asked the cloud"
        assert not any("E9901" in codes(p) for p in client.published if p.uri == uri)

        # Saved: the cloud's verdict, on the line Heat's message points at.
        path.write_text(REFUSED)
        began = time.perf_counter()
        save(client, uri)
        verdict = await wait_for_publish(client, uri, lambda p: "E9901" in codes(p), timeout=60)
        elapsed = time.perf_counter() - began
        print(f"\ncloud validation on save, didSave -> E9901 published: {elapsed * 1000:.0f} ms")
        found = [d for d in verdict.diagnostics if d.code == "E9901"]
        assert len(found) == 1
        assert found[0].range.start.line == REFUSED_LINE
        assert found[0].source == "hot-lsp"
        assert found[0].severity == types.DiagnosticSeverity.Error
        assert "OS::Nova::Server" in found[0].message and f"'{live_heat.cloud}'" in found[0].message

        # An edit keeps the last verdict, where it was; the next save replaces it.
        replace_all(client, uri, 3, "# a comment\n" + REFUSED)
        kept = await wait_for_publish(client, uri, lambda p: p.version == 3)
        assert [d.range.start.line for d in kept.diagnostics if d.code == "E9901"] == [REFUSED_LINE]
        path.write_text(ACCEPTED)
        replace_all(client, uri, 4, ACCEPTED)
        save(client, uri)
        await wait_for_publish(client, uri, lambda p: p.version == 4 and "E9901" not in codes(p), timeout=60)
        assert not client.messages, [m.message for m in client.messages]


def _begun(client: Any, word: str) -> int:
    return sum(1 for title in progress_titles(client) if word in title)


def _ended(client: Any, word: str) -> bool:
    for reports in client.progress_reports.values():
        begun = [r for r in reports if isinstance(r, types.WorkDoneProgressBegin)]
        if begun and word in begun[0].title and isinstance(reports[-1], types.WorkDoneProgressEnd):
            return True
    return False


async def test_typing_latency_is_the_same_with_a_cloud(live_heat: LiveHeat, tmp_path: Path):
    """didChange -> publishDiagnostics, with a cloud named (and validating on saves meanwhile) and without."""
    figures = {}
    for cloud in ("", live_heat.cloud):
        root = tmp_path / f"project-{cloud or 'offline'}"
        root.mkdir()
        options = {"hotLsp": {"cloud": cloud}}
        env = server_env(live_heat, tmp_path / "cache")
        async with session(CLIENT, options, root_uri=root.as_uri(), **env) as client:
            path = root / "typed.yaml"
            uri = open_file(client, path, REFUSED)
            await wait_for_publish(client, uri, lambda p: p.version == 1)
            latencies = []
            for version in range(2, 42):
                if version % 10 == 0:
                    save(client, uri)  # a cloud validation runs in the background meanwhile
                began = time.perf_counter()
                replace_all(client, uri, version, REFUSED + f"# edit {version}\n")
                await wait_for_publish(client, uri, lambda p, v=version: p.version == v)
                latencies.append(time.perf_counter() - began)
            figures[cloud or "offline"] = latencies
    for name, latencies in figures.items():
        ordered = sorted(latencies)
        print(
            f"\ntyping with cloud={name}: didChange -> publish p50 {statistics.median(ordered) * 1000:.1f} ms, "
            f"p90 {ordered[int(len(ordered) * 0.9)] * 1000:.1f} ms"
        )
    offline, online = (statistics.median(figures[k]) for k in ("offline", live_heat.cloud))
    assert online < offline * 3 + 0.05  # the same order: no network wait on the typing path


# -- (2) a cloud that cannot be reached, or refuses ---------------------------------------------------------------


@pytest.mark.parametrize("cloud", ["nowhere", "refuses-401", "refuses-500"])
async def test_a_broken_cloud_says_so_once_and_the_offline_checks_go_on(
    live_heat: LiveHeat, tmp_path: Path, cloud: str
):
    root = tmp_path / "project"
    root.mkdir()
    options = {"hotLsp": {"cloud": cloud}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **server_env(live_heat, tmp_path / "cache")) as client:
        first = open_file(client, root / "one.yaml", OFFLINE_ERROR)
        offline = await wait_for_publish(client, first, lambda p: p.version == 1)
        assert any(code.startswith("E4") for code in codes(offline)), codes(offline)
        await until(lambda: cloud_messages(client, cloud), what=f"a message about '{cloud}'")
        # More documents, more saves: still the one message.
        second = open_file(client, root / "two.yaml", ACCEPTED)
        for uri in (first, second, first):
            save(client, uri)
        await until(lambda: _begun(client, "validating") >= 4 and _all_ended(client), what="the validations")
        await asyncio.sleep(0.5)
        messages = cloud_messages(client, cloud)
        assert len(messages) == 1, [m.message for m in messages]
        assert messages[0].type == types.MessageType.Warning
        assert "offline checks go on" in messages[0].message
        assert "\n" not in messages[0].message
        # The server goes on answering, and nothing came from the cloud.
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=first), position=types.Position(line=3, character=12)
            )
        )
        assert hover is not None
        assert not any("E9901" in codes(p) for p in client.published)
        # The commands say why in one line.
        with pytest.raises(Exception) as refused:
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(command="hot-lsp.preview", arguments=[{"uri": second}])
            )
        assert cloud in str(refused.value)


def _all_ended(client: Any) -> bool:
    return all(isinstance(reports[-1], types.WorkDoneProgressEnd) for reports in client.progress_reports.values())


class _Counting(BaseHTTPRequestHandler):
    count = 0

    def _any(self) -> None:
        type(self).count += 1
        self.send_response(500)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _any

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def counted_cloud(tmp_path: Path) -> Iterator[tuple[Path, type[_Counting]]]:
    """A clouds.yaml whose only entry, ``refuses-500``, is a server counting every request it gets."""
    handler = type("Counter", (_Counting,), {"count": 0})
    server = ThreadingHTTPServer((local_heat.HOST, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    clouds = tmp_path / "clouds.yaml"
    endpoint = f"http://{local_heat.HOST}:{server.server_address[1]}/v1/admin"
    clouds.write_text(local_heat.clouds_yaml_text({"refuses-500": endpoint}))
    try:
        yield clouds, handler
    finally:
        server.shutdown()
        server.server_close()


async def test_nothing_is_sent_without_a_cloud(tmp_path: Path, counted_cloud: tuple[Path, type[_Counting]]):
    """hotLsp.cloud unset (and OS_CLOUD set, which the editor ignores): not one request, no message, no E9901."""
    clouds, counter = counted_cloud
    root = tmp_path / "project"
    root.mkdir()
    env = {
        "OS_CLIENT_CONFIG_FILE": str(clouds),
        "OS_CLOUD": "refuses-500",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    options = {"hotLsp": {"stacks": {"*.yaml": "some-stack"}}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **env) as client:
        uri = open_file(client, root / "quiet.yaml", REFUSED)
        await wait_for_publish(client, uri, lambda p: p.version == 1)
        save(client, uri)
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=3)
            )
        )
        with pytest.raises(Exception) as refused:
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(command="hot-lsp.preview", arguments=[{"uri": uri}])
            )
        assert "hotLsp.cloud" in str(refused.value)
        await asyncio.sleep(2.0)
        assert counter.count == 0
        assert not client.messages
        assert not [title for title in progress_titles(client) if "cloud" in title or "resource types" in title]
        assert not any("E9901" in codes(p) or "W9902" in codes(p) for p in client.published)
    assert not (tmp_path / "cache" / "hot-lsp").exists()


# -- (3) the cloud's catalogue -------------------------------------------------------------------------------------


async def test_the_clouds_catalogue_knows_its_own_types_and_says_which_it_lacks(live_heat: LiveHeat, tmp_path: Path):
    text = f"""\
heat_template_version: 2021-04-16
resources:
  only:
    type: {live_heat.cloud_only_type}
  server:
    type: OS::Nova::Server
    properties: {{flavor: m1.small, image: cirros}}
"""
    cache = tmp_path / "cache"
    results = {}
    for cloud in ("", live_heat.cloud):
        root = tmp_path / f"project-{cloud or 'offline'}"
        root.mkdir()
        async with session(
            CLIENT, {"hotLsp": {"cloud": cloud}}, root_uri=root.as_uri(), **server_env(live_heat, cache)
        ) as client:
            uri = open_file(client, root / "types.yaml", text)
            if cloud:
                # The catalogue is fetched (progress), cached, and the document analysed again with it.
                params = await wait_for_publish(client, uri, lambda p: "W9902" in codes(p), timeout=120)
                assert (cache / "hot-lsp" / "clouds" / f"{cloud}.json").is_file()
                answer = await client.workspace_execute_command_async(
                    types.ExecuteCommandParams(command="hot-lsp.refreshCloudCatalogue", arguments=[])
                )
                assert answer["cloud"] == cloud and answer["resource_types"] > 10, answer
            else:
                params = await wait_for_publish(client, uri, lambda p: p.version == 1)
            results[cloud or "offline"] = params.diagnostics
    unknown = {"E3014", "W3015"}
    offline = {str(d.code) for d in results["offline"] if d.range.start.line == 3}
    assert offline & unknown, results["offline"]  # hot-lsp alone does not know the cloud's own type
    online = results[live_heat.cloud]
    assert not {str(d.code) for d in online if d.range.start.line == 3} & unknown, online
    lacking = [d for d in online if d.code == "W9902"]
    assert [d.range.start.line for d in lacking] == [5]
    assert "OS::Nova::Server" in lacking[0].message and f"'{live_heat.cloud}'" in lacking[0].message
    assert not any(d.code == "W9902" for d in results["offline"])


# -- (4) preview and (5) hover on a deployed stack -----------------------------------------------------------------

DEPLOYED = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "secret": {"type": "OS::Heat::RandomString", "properties": {"length": 8}},
        "note": {"type": "OS::Heat::None"},
        "label": {"type": "OS::Heat::Value", "properties": {"value": "same"}},
    },
}
# The change: a new length replaces `secret`, `note` is deleted, `extra` added, `label` unchanged.
CHANGED = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: 12
  label:
    type: OS::Heat::Value
    properties:
      value: same
  extra:
    type: OS::Heat::None
"""


@pytest.fixture(scope="module")
def deployed(live_heat: LiveHeat) -> Iterator[str]:
    name = live_heat.stack_name("editor")
    live_heat.create_stack(name, DEPLOYED)
    try:
        yield name
    finally:
        live_heat.delete_stack(name)


async def test_preview_gives_the_update_of_the_mapped_stack(live_heat: LiveHeat, tmp_path: Path, deployed: str):
    root = tmp_path / "project"
    root.mkdir()
    (root / "other").mkdir()
    options = {"hotLsp": {"cloud": live_heat.cloud, "stacks": {"**/stack.yaml": deployed}}}
    async with session(CLIENT, options, root_uri=root.as_uri(), **server_env(live_heat, tmp_path / "cache")) as client:
        uri = open_file(client, root / "stack.yaml", CHANGED)
        began = time.perf_counter()
        answer = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="hot-lsp.preview", arguments=[{"uri": uri}])
        )
        print(
            f"\nhot-lsp.preview (update dry run) through executeCommand: {(time.perf_counter() - began) * 1000:.0f} ms"
        )
        names = {kind: sorted(row["resource_name"] for row in rows) for kind, rows in answer.items()}
        assert names == {
            "added": ["extra"],
            "deleted": ["note"],
            "replaced": ["secret"],
            "updated": [],
            "unchanged": ["label"],
            "undecided": [],
        }
        assert list(answer) == ["added", "deleted", "replaced", "updated", "unchanged", "undecided"]
        secret = answer["replaced"][0]  # the real update's answer, with its reason
        assert (secret["resource_name"], secret["resource_type"], secret["parent"]) == (
            "secret",
            "OS::Heat::RandomString",
            None,
        )
        assert "`length`" in secret["reason"]
        assert "hot-lsp: preview on the cloud" in progress_titles(client)
        # Not mapped to a stack: Heat's create preview.
        created = open_file(client, root / "other" / "new.yaml", CHANGED)
        answer = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="hot-lsp.preview", arguments=[created])
        )
        assert sorted(row["resource_name"] for row in answer["added"]) == ["extra", "label", "secret"]
        assert not any(answer[kind] for kind in ("deleted", "replaced", "updated", "unchanged"))


async def test_the_what_if_against_the_stack_is_the_real_updates(live_heat: LiveHeat, tmp_path: Path, deployed: str):
    """`hotLsp.whatIf.against: "stack"`: the saved file against the deployed stack read back from the real Heat,
    on the lines that cause it: `secret`'s new length replaces it (W9801 on `length`), `note` gone (W9802)."""
    root = tmp_path / "project"
    root.mkdir()
    settings = {"cloud": live_heat.cloud, "stacks": {"**/stack.yaml": deployed}, "whatIf": {"against": "stack"}}
    async with session(
        CLIENT, {"hotLsp": settings}, root_uri=root.as_uri(), **server_env(live_heat, tmp_path / "cache")
    ) as client:
        client.set_configuration({"hotLsp": settings})
        uri = open_file(client, root / "stack.yaml", CHANGED)
        found = await wait_for_publish(client, uri, lambda p: {"W9801", "W9802"} <= codes(p), 60)
        lines = CHANGED.splitlines()
        where = {
            str(d.code): lines[d.range.start.line][d.range.start.character : d.range.end.character]
            for d in found.diagnostics
            if str(d.code).startswith(("W98", "I98"))
        }
        assert where == {"W9801": "length", "W9802": "resources"}, where
        replaced = next(d for d in found.diagnostics if d.code == "W9801")
        assert "Updating from the deployed stack replaces `secret`" in replaced.message, replaced.message


async def test_hover_on_a_resource_name_shows_its_live_status(live_heat: LiveHeat, tmp_path: Path, deployed: str):
    root = tmp_path / "project"
    root.mkdir()
    options = {"hotLsp": {"cloud": live_heat.cloud, "stacks": {"stack.yaml": deployed}}}
    stack_id = live_heat.request("GET", f"stacks/{deployed}").body["stack"]["id"]
    secret = live_heat.request("GET", f"stacks/{deployed}/{stack_id}/resources/secret").body["resource"]
    physical = secret["physical_resource_id"]
    async with session(CLIENT, options, root_uri=root.as_uri(), **server_env(live_heat, tmp_path / "cache")) as client:
        uri = open_file(client, root / "stack.yaml", CHANGED)
        await wait_for_publish(client, uri, lambda p: p.version == 1)
        params = types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=3)
        )
        first_began = time.perf_counter()
        first = await client.text_document_hover_async(params)
        first_ms = (time.perf_counter() - first_began) * 1000
        print(f"\nfirst hover (listing not yet fetched, answered without it): {first_ms:.0f} ms")

        async def status() -> str:
            found = await client.text_document_hover_async(params)
            return found.contents.value if found is not None else ""

        deadline = time.monotonic() + 30
        text = await status()
        while "CREATE_COMPLETE" not in text and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            text = await status()
        assert "CREATE_COMPLETE" in text, text
        assert physical and physical in text
        assert deployed in text
        assert "Last event: " in text and "`CREATE_COMPLETE`: state changed" in text  # the resource's last event
        assert first is None or "CREATE_COMPLETE" not in first.contents.value  # the first one did not wait
        # A resource the stack does not have yet.
        extra = types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=10, character=3)
        )
        found = await client.text_document_hover_async(extra)
        assert found is not None and "not in stack" in found.contents.value


async def test_the_catalogue_cache_is_one_file_per_cloud_where_xdg_puts_caches(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    from hot_lsp.server.cloud import cache_path

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_path("my cloud") == str(tmp_path / "hot-lsp" / "clouds" / "my%20cloud.json")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_path("c").endswith(os.path.join(".cache", "hot-lsp", "clouds", "c.json"))


# -- Neovim: :HotPreview --------------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("nvim") is None, reason="nvim is not on PATH (.ci/run installs Debian's neovim)")
async def test_neovim_hot_preview_shows_the_update_replaced_and_deleted_first(
    live_heat: LiveHeat, tmp_path: Path, deployed: str
):
    root = tmp_path / "project"
    root.mkdir()
    (root / ".git").mkdir()  # the plugin's root marker: the workspace folder
    template = root / "stack.yaml"
    template.write_text(CHANGED)
    out = tmp_path / "result.json"
    env = {
        **server_env(live_heat, tmp_path / "cache"),
        "PYTHONPATH": str(CHECKOUT),
        "HOT_LSP_PLUGIN": str(CHECKOUT / "editors" / "neovim"),
        "LSP_CMD_JSON": json.dumps([sys.executable, "-m", "hot_lsp"]),
        "LSP_FILE": str(template),
        "LSP_OUT": str(out),
        "LSP_SETTINGS_JSON": json.dumps({"cloud": live_heat.cloud, "stacks": {"stack.yaml": deployed}}),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    driver = Path(__file__).resolve().parent / "nvim_preview_check.lua"
    command = ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {driver}"]
    completed = subprocess.run(
        command, cwd=root, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=180, check=False
    )
    assert out.is_file(), completed.stderr.decode(errors="replace")[-2000:]
    result = json.loads(out.read_text())
    assert result["errors"] == [], result
    lines = result["lines"]
    assert lines[0].startswith("Preview on the cloud: ")
    assert lines[2] == "1 replaced, 1 deleted, 0 undecided, 1 added, 0 updated, 1 unchanged"
    headings = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert [heading.split(" ")[0] for heading in headings] == ["Replaced", "Deleted:", "Added:", "Unchanged:"]
    body = "\n".join(lines)
    assert body.index("secret") < body.index("note") < body.index("extra") < body.index("label")
    assert result["buftype"] == "nofile" and result["modifiable"] is False
