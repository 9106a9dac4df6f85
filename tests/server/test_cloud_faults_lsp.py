"""The editor's part of the fault suite (issue 27): the real server process, with ``hotLsp.cloud`` naming each
misbehaving cloud of ``tests/fault_clouds.py`` in turn (servers on 127.0.0.1, started once for the module).

For every fault: the save-time validation, ``hot-lsp.preview`` and ``hot-lsp.refreshCloudCatalogue`` never take
the answer for Heat's (no progress ends "accepted"), the commands answer RequestFailed in one line naming the
cloud, the user is told once per cloud and kind, no traceback reaches the log, and the offline diagnostics arrive.
With the hanging cloud: a command never queues behind background validations, says what it waits for, can be
cancelled (its progress, or ``$/cancelRequest``), and ``exit`` ends the process at once.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fault_clouds import FAULTS, SHORT_TIMEOUT_S, FaultClouds, fault_clouds  # noqa: E402
from lsp_session import initialize_params, server_config, wait_for_publish  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")

# "At once": well under the entries' api_timeout (SHORT_TIMEOUT_S), which is what waiting for the request would
# take, with room for a loaded machine.
AT_ONCE_S = SHORT_TIMEOUT_S * 0.75

CLIENT = "visual-studio-code"  # work-done progress, workspace/configuration
PREVIEW = "hot-lsp.preview"
REFRESH = "hot-lsp.refreshCloudCatalogue"
REQUEST_FAILED = -32803
REQUEST_CANCELLED = -32800
ANSWERING_FAULTS = [fault for fault in FAULTS if fault != "hang"]  # each answers at once, wrongly

# An offline finding (get_param of an undeclared parameter) that every broken cloud must leave in place.
TEMPLATE = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: nosuch}
"""


@pytest.fixture(scope="module")
def clouds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FaultClouds]:
    with fault_clouds(tmp_path_factory.mktemp("fault-clouds")) as running:
        yield running


class Editor:
    """A server process and its client, with a workspace folder of its own."""

    def __init__(self, client: Any, root: Path) -> None:
        self.client = client
        self.root = root

    def open(self, name: str, text: str = TEMPLATE) -> str:
        path = self.root / f"{name}.yaml"
        path.write_text(text)
        uri = path.as_uri()
        item = types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
        return uri

    def save(self, uri: str) -> None:
        document = types.TextDocumentIdentifier(uri=uri)
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=document))

    def close(self, uri: str) -> None:
        document = types.TextDocumentIdentifier(uri=uri)
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=document))

    def command(self, name: str, *arguments: Any) -> asyncio.Future[Any]:
        params = types.ExecuteCommandParams(command=name, arguments=list(arguments))
        return asyncio.ensure_future(self.client.workspace_execute_command_async(params))

    def progress(self, cloud: str) -> list[list[Any]]:
        """The work-done progress about ``cloud``: each token's begin, reports and end."""
        found = []
        for reports in list(self.client.progress_reports.values()):
            begin = reports[0] if reports else None
            if isinstance(begin, types.WorkDoneProgressBegin) and f"'{cloud}'" in f"{begin.title} {begin.message}":
                found.append(list(reports))
        return found

    def messages(self, cloud: str) -> list[str]:
        return [m.message for m in self.client.messages if f"'{cloud}'" in m.message]


async def start_editor(clouds: FaultClouds, root: Path, cloud: str) -> Editor:
    root.mkdir()
    env = clouds.env()
    env["XDG_CACHE_HOME"] = str(root.parent / f"{root.name}-cache")
    client = await server_config(**env).start()
    client.client_name = CLIENT
    client.set_configuration({"cloud": cloud}, section="hotLsp")
    params = initialize_params(CLIENT, {"hotLsp": {"cloud": cloud}}, root.as_uri())
    client.init_result = await client.initialize_session(params)
    return Editor(client, root)


async def stop_editor(editor: Editor) -> None:
    server = editor.client._server
    try:
        if server is not None and server.returncode is None:
            await asyncio.wait_for(editor.client.shutdown_session(), 10)
    finally:
        if server is not None and server.returncode is None:
            server.kill()
        await editor.client.stop()


async def until(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        found = predicate()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout:.0f} s")
        await asyncio.sleep(0.02)


def ended(reports: list[Any]) -> bool:
    return isinstance(reports[-1], types.WorkDoneProgressEnd)


# -- every fault that answers, in one server: the cloud named in turn ---------------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def faulty(clouds: FaultClouds, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Editor]:
    editor = await start_editor(clouds, tmp_path_factory.mktemp("faulty") / "project", "")
    try:
        yield editor
    finally:
        await stop_editor(editor)


@pytest.mark.parametrize("later", [False, True], ids=["at-once", "after-the-lookups"])
@pytest.mark.parametrize("fault", ANSWERING_FAULTS)
async def test_an_answer_that_is_not_heats_is_never_taken_for_a_verdict(
    faulty: Editor, clouds: FaultClouds, fault: str, later: bool
):
    """``after-the-lookups``: the cloud answers the stack lookup and the type listing as Heat would, so the update
    preview, the deployed stack's listing (a hover) and the catalogue's schema requests meet the fault."""
    cloud = clouds.cloud(fault, later)
    client = faulty.client
    logged = len(client.log_messages)
    client.set_configuration({"cloud": cloud, "stacks": {"**/mapped-*.yaml": "deployed"}}, section="hotLsp")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={}))
    uri = faulty.open(cloud)
    mapped = faulty.open(f"mapped-{cloud}")
    for opened in (uri, mapped):
        offline = await wait_for_publish(client, opened, lambda p: p.version == 1)
        assert any(str(d.code).startswith("E4") for d in offline.diagnostics), offline.diagnostics
    await until(lambda: faulty.progress(cloud), 10, f"progress about '{cloud}'")
    faulty.save(uri)
    position = types.Position(line=2, character=4)  # the resource's name: its live status is asked for
    await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=mapped), position=position)
    )

    for command, arguments in ((PREVIEW, [{"uri": uri}]), (PREVIEW, [{"uri": mapped}]), (REFRESH, [])):
        with pytest.raises(Exception) as failed:
            await asyncio.wait_for(faulty.command(command, *arguments), 20)
        error = failed.value
        assert getattr(error, "code", None) == REQUEST_FAILED, f"{command} {arguments}: {error!r}"
        assert f"'{cloud}'" in error.message and "\n" not in error.message.strip(), f"{command}: {error.message}"

    # Three validations (two opens, a save), the catalogue taken at the change, the refresh, two previews: ended.
    await until(lambda: len(faulty.progress(cloud)) >= 6 and all(map(ended, faulty.progress(cloud))), 20, "ends")
    await asyncio.sleep(0.2)  # a late message would come now
    begun = [reports[0].message for reports in faulty.progress(cloud)]
    assert f"update of stack 'deployed' on '{cloud}'" in begun, begun  # the mapped template's update preview
    ends = [reports[-1].message for reports in faulty.progress(cloud)]
    assert "accepted" not in ends, f"'{cloud}' ({FAULTS[fault]}) was taken for Heat's acceptance: {ends}"
    messages = faulty.messages(cloud)
    assert messages, f"nothing told the user about '{cloud}' ({FAULTS[fault]})"
    assert len(messages) == len(set(messages)), messages  # once per kind
    assert all("\n" not in message for message in messages), messages
    traces = [m.message for m in client.log_messages[logged:] if "Traceback" in m.message]
    assert not traces, traces[0]
    for opened in (uri, mapped):
        assert not any(d.code == "E9901" for d in client.diagnostics.get(opened, [])), "a non-answer became a verdict"
        faulty.close(opened)


# -- the hanging cloud ---------------------------------------------------------------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def hanging(clouds: FaultClouds, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Editor]:
    """A server naming the hanging cloud, both background threads taken by two validations that hang."""
    cloud = clouds.cloud("hang")
    editor = await start_editor(clouds, tmp_path_factory.mktemp("hanging") / "project", cloud)
    try:
        for name in ("first", "second"):
            editor.open(name)
        await until(lambda: clouds.requests("hang") >= 2, 20, "two hung requests")
        yield editor
    finally:
        await stop_editor(editor)


async def test_a_command_does_not_wait_for_background_work_and_says_what_it_waits_for(
    hanging: Editor, clouds: FaultClouds
):
    cloud = clouds.cloud("hang")
    uri = hanging.open("previewed")
    began = time.monotonic()
    with pytest.raises(Exception) as failed:
        await asyncio.wait_for(hanging.command(PREVIEW, {"uri": uri}), 60)
    elapsed = time.monotonic() - began
    print(f"\npreview against a hanging cloud, two validations pending: failed after {elapsed:.1f} s")
    assert getattr(failed.value, "code", None) == REQUEST_FAILED, repr(failed.value)
    assert f"'{cloud}'" in failed.value.message
    assert elapsed < SHORT_TIMEOUT_S + 3, f"the preview took {elapsed:.1f} s (api_timeout {SHORT_TIMEOUT_S} s)"
    previews = [r for r in hanging.progress(cloud) if r[0].title == "hot-lsp: preview on the cloud"]
    assert previews and previews[-1][0].cancellable, previews
    said = [r.message for r in previews[-1] if isinstance(r, types.WorkDoneProgressReport)]
    assert f"waiting for {clouds.host('hang')} (cloud '{cloud}')" in said, said


async def _preview_waiting(editor: Editor, name: str, msg_id: str) -> tuple[asyncio.Future[Any], Any]:
    """A preview sent as request ``msg_id``, once its progress says it waits for the cloud: (its answer, its
    progress token)."""
    client = editor.client
    uri = editor.open(name)
    tokens = set(client.progress_reports)
    params = types.ExecuteCommandParams(command=PREVIEW, arguments=[{"uri": uri}])
    answer = asyncio.ensure_future(
        client.protocol.send_request_async(types.WORKSPACE_EXECUTE_COMMAND, params, msg_id=msg_id)
    )

    def waiting() -> Any:
        for token, reports in list(client.progress_reports.items()):
            if token not in tokens and any("waiting for" in str(getattr(r, "message", "")) for r in reports):
                return token
        return None

    return answer, await until(waiting, 10, "the preview's progress")


async def test_cancelling_a_commands_progress_answers_it_at_once(hanging: Editor):
    answer, token = await _preview_waiting(hanging, "cancelled-progress", "preview-cancelled-by-its-progress")
    began = time.monotonic()
    hanging.client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    with pytest.raises(Exception) as cancelled:
        await asyncio.wait_for(answer, 5)
    elapsed = time.monotonic() - began
    assert getattr(cancelled.value, "code", None) == REQUEST_CANCELLED, repr(cancelled.value)
    assert elapsed < AT_ONCE_S, f"answered {elapsed:.2f} s after the cancel"
    assert hanging.client.progress_reports[token][-1].message == "cancelled"


async def test_cancelling_a_commands_request_answers_it_at_once(hanging: Editor):
    answer, token = await _preview_waiting(hanging, "cancelled-request", "preview-cancelled-by-the-client")
    began = time.monotonic()
    hanging.client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="preview-cancelled-by-the-client"))
    with pytest.raises(Exception) as cancelled:
        await asyncio.wait_for(answer, 5)
    elapsed = time.monotonic() - began
    assert getattr(cancelled.value, "code", None) == REQUEST_CANCELLED, repr(cancelled.value)
    assert elapsed < AT_ONCE_S, f"answered {elapsed:.2f} s after the cancel"
    reports = hanging.client.progress_reports[token]
    await until(lambda: ended(reports), 1, "the progress's end")  # not left spinning until the timeout
    assert reports[-1].message == "cancelled"


@pytest.mark.parametrize("ending", ["shutdown and exit", "stdin closed"])
async def test_the_process_ends_at_once_while_a_cloud_request_hangs(clouds: FaultClouds, tmp_path: Path, ending: str):
    editor = await start_editor(clouds, tmp_path / "project", clouds.cloud("hang"))
    server = editor.client._server
    try:
        before = clouds.requests("hang")
        editor.open("pending")
        await until(lambda: clouds.requests("hang") > before, 20, "a hung request")
        if ending == "shutdown and exit":
            await editor.client.shutdown_async(None)
        began = time.monotonic()
        if ending == "shutdown and exit":
            editor.client.exit(None)
        else:
            server.stdin.close()
        code = await asyncio.wait_for(server.wait(), 30)
        elapsed = time.monotonic() - began
        print(f"\n{ending} with a hung cloud request: the process ended after {elapsed:.2f} s, exit code {code}")
        assert code == (0 if ending == "shutdown and exit" else 1)  # LSP's: 1 without shutdown
        assert elapsed < AT_ONCE_S, f"the process lingered {elapsed:.1f} s"
    finally:
        if server.returncode is None:
            server.kill()
        await editor.client.stop()


# -- background work queued behind a cloud's failure ---------------------------------------------------------------


async def test_background_work_queued_before_a_clouds_failure_is_not_sent():
    """Two jobs hang on the two background threads; the third, queued meanwhile, takes their failure when they
    fail, without asking the cloud: a hanging cloud holds each queued validation up once."""
    from hot_lsp.cloud.connection import CloudError
    from hot_lsp.server.cloud import CloudSession

    cloud = CloudSession(None)  # type: ignore[arg-type]  # the threads need no session
    release = threading.Event()
    asked: list[str] = []

    def hung(name: str) -> None:
        asked.append(name)
        release.wait(10)
        raise CloudError(f"cloud 'c': {name} did not answer in time")

    jobs = [asyncio.ensure_future(cloud.in_background("c", hung, name)) for name in ("one", "two", "three")]
    await until(lambda: len(asked) == 2, 5, "two jobs on the threads")
    release.set()
    failures = await asyncio.gather(*jobs, return_exceptions=True)
    assert all(isinstance(failure, CloudError) for failure in failures), failures
    assert asked == ["one", "two"]  # the third was not sent
    cloud.shutdown()
