"""The editor's ``hot-lsp.deploy`` and ``hot-lsp.events`` for a template mapped to a stack (``hotLsp.stacks``, with
``hotLsp.cloud``); issue 32, item 4.

``hot-lsp.deploy`` never sends anything the user did not confirm in the editor. It reads what the deploy would do
(``cloud/deploy.py`` ``plan``: the real update's answer against the deployed stack, or Heat's create preview),
then asks the user with ``window/showMessageRequest`` ("Deploy stack NAME on CLOUD (update): 1 replaced, 2
updated?", actions Deploy and Cancel); only Deploy sends the create or update, exactly as ``hot-lsp deploy`` does.
Then work-done progress says each event until the stack settles (cancelling it stops the following, not Heat);
the answer is ``hot-lsp.failures``'s ``{stack, status, failures}`` with ``deployed`` and ``action``, and the E9903
diagnostics are refreshed by the same call. The client's ``confirmed`` (it asked its user already, as the editors'
plugins do) changes nothing: the server asks anyway. ``dryRun: true`` answers what the deploy would do (``preview``
as ``hot-lsp.preview``'s JSON, a create's too, ``counts`` and the ``question``) without asking or sending: what a
client shows in its own confirmation.

``hot-lsp.events``: the mapped stack's events, oldest first, as ``hot-lsp events --format json`` lists them.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
from typing import Any

from lsprotocol import types

from .cloud import RequestFailed, parameter_texts
from .cloud_threads import on_own_thread

log = logging.getLogger(__name__)

DEPLOY = "hot-lsp.deploy"
EVENTS = "hot-lsp.events"
ACTION_DEPLOY, ACTION_CANCEL = "Deploy", "Cancel"

_running: set[tuple[str, str]] = set()  # (cloud, stack) deploys under way in this server
_serial = itertools.count(1)  # the progress tokens


class StackDeploy:
    """The two commands, over the session's live path (``cloud.CloudSession``)."""

    def __init__(self, cloud: Any) -> None:
        self._cloud = cloud

    def _mapped(self, uri: str, command: str) -> tuple[str, str]:
        cloud = self._cloud.cloud
        if not cloud:
            raise RequestFailed(f"{command}: no cloud is named: set hotLsp.cloud to a clouds.yaml entry first")
        stack = self._cloud.stack_of(uri)
        if stack is None:
            raise RequestFailed(f"{command}: no stack is mapped to this template (hotLsp.stacks, with hotLsp.cloud)")
        return cloud, stack

    async def events(self, uri: str, nested_depth: int) -> list[dict[str, Any]]:
        """``hot-lsp.events``: the mapped stack's events, nested stacks to ``nested_depth``."""
        from ..cloud.failures import stack_events
        from ..cloud.stacks import stack_state

        cloud, stack = self._mapped(uri, EVENTS)

        def listed() -> list[dict[str, Any]]:
            heat = self._cloud.connection(cloud)
            return stack_events(heat, stack_state(heat, stack), nested_depth)

        try:
            found = await asyncio.wrap_future(on_own_thread("hot-lsp-cloud-command", listed))
        except Exception as error:
            raise RequestFailed(self._failure(EVENTS, cloud, error)) from None
        self._cloud.succeeded(cloud)
        return found

    async def deploy(self, uri: str, dry_run: bool = False) -> dict[str, Any]:
        """``hot-lsp.deploy``: see the module's doc. ``dry_run``: what it would do, nothing asked nor sent."""
        from ..cloud.deploy import plan
        from ..document.uris import file_path

        cloud, stack = self._mapped(uri, DEPLOY)
        path = file_path(uri)
        session = self._cloud.session
        if path is None:
            raise RequestFailed(f"{DEPLOY}: save the template first: the cloud is sent the file on disk")
        if _unsaved(session, uri, path):
            raise RequestFailed(f"{DEPLOY}: save the template first: the cloud is sent the file on disk")
        if (cloud, stack) in _running:
            raise RequestFailed(f"{DEPLOY}: a deploy of stack '{stack}' on '{cloud}' is already under way")
        await session.load_environments()
        environments = session.environment_paths()
        parameters = parameter_texts(session.settings.parameters)
        try:
            planned = await asyncio.wrap_future(
                on_own_thread(
                    "hot-lsp-cloud-command",
                    lambda: plan(self._cloud.connection(cloud), path, environments, parameters, stack),
                )
            )
        except Exception as error:
            raise RequestFailed(self._failure(DEPLOY, cloud, error)) from None
        if planned.refused:
            raise RequestFailed(f"{DEPLOY}: Heat refuses this update: {planned.refused}; nothing sent")
        if dry_run:
            said = {"preview": planned.preview, "counts": planned.counts(), "question": planned.question()}
            return {"stack": stack, "action": planned.action, "deployed": False, "status": None, **said}
        if not await self._confirmed(planned.question()):
            return {"stack": stack, "action": planned.action, "deployed": False, "status": None, "failures": []}
        _running.add((cloud, stack))
        try:
            status = await self._send_and_follow(cloud, planned)
        finally:
            _running.discard((cloud, stack))
        answer = await self._cloud.failures.asked(uri)  # (the E9903 diagnostics follow)
        if isinstance(answer, str):
            answer = {"stack": stack, "status": status, "failures": []}
        return {**answer, "action": planned.action, "deployed": True}

    async def _confirmed(self, question: str) -> bool:
        """The user's answer to ``question`` (Deploy or Cancel); a client that cannot ask answers no."""
        params = types.ShowMessageRequestParams(
            type=types.MessageType.Warning,
            message=f"hot-lsp: {question}",
            actions=[types.MessageActionItem(title=ACTION_DEPLOY), types.MessageActionItem(title=ACTION_CANCEL)],
        )
        try:
            chosen = await self._cloud.session.window_show_message_request_async(params)
        except Exception as error:
            log.info("window/showMessageRequest failed: %r; nothing deployed", error)
            return False
        return chosen is not None and getattr(chosen, "title", None) == ACTION_DEPLOY

    async def _send_and_follow(self, cloud: str, planned: Any) -> str:
        """Send the create or update, then say each event in the progress until the stack settles; its status."""
        from ..cloud.deploy import follow, seen_events, send
        from .indexing import Progress

        session = self._cloud.session
        loop = asyncio.get_running_loop()
        enabled = bool(session.capability("window.work_done_progress", False))
        token = f"hot-lsp-deploy-{next(_serial)}"
        progress = Progress(session, enabled, title=f"hot-lsp: deploy {planned.stack}", token=token, cancellable=True)
        stop = threading.Event()
        progress.on_cancel(stop.set)
        await progress.begin(f"sending the {planned.action} to '{cloud}'")

        def on_events(events: list[dict[str, Any]], state: Any) -> None:
            for event in events:
                loop.call_soon_threadsafe(progress.say, event_text(event))

        def run() -> str:
            heat = self._cloud.connection(cloud)
            seen = seen_events(heat, planned)
            identity = send(heat, planned)
            return str(follow(heat, identity, seen, on_events, stopped=stop.is_set).status)

        try:
            status = await asyncio.wrap_future(on_own_thread("hot-lsp-cloud-command", run))
        except Exception as error:
            progress.end("failed")
            raise RequestFailed(self._failure(DEPLOY, cloud, error)) from None
        progress.end(status + (" (no longer followed)" if stop.is_set() else ""))
        self._cloud.succeeded(cloud)
        return status

    def _failure(self, command: str, cloud: str, error: Exception) -> str:
        """The command's one line; a cloud's failure is also said once per cloud and kind (``said_failure``)."""
        from ..cloud.connection import CloudError, HeatRefused

        if isinstance(error, HeatRefused) and error.status == 400:
            return f"{command}: the cloud '{cloud}' refuses it: {' '.join(error.heat_message.split())}"
        if isinstance(error, CloudError):
            self._cloud.said_failure(cloud, error)
            return f"{command}: {_one_line(error)}"
        if isinstance(error, OSError) or type(error).__name__ in ("BundleError", "SideError"):
            return f"{command}: not sent to the cloud: {_one_line(error)}"
        self._cloud.session.report_crash(command, error)
        return f"{command} failed: {error!r}"


def event_text(event: dict[str, Any]) -> str:
    """``[nested-stack] leaf: CREATE_FAILED: reason`` (the stack named when nested), for the progress."""
    where = f"[{event['stack']}] " if event["nested"] else ""
    reason = f": {event['resource_status_reason']}" if event["resource_status_reason"] else ""
    return f"{where}{event['resource_name']}: {event['resource_status']}{reason}"


def _unsaved(session: Any, uri: str, path: str) -> bool:
    """Whether the open document's text differs from the file on disk (the cloud would get what is not shown)."""
    text = session.store.text(uri)
    if text is None:
        return False
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return bool(handle.read() != text)
    except (OSError, UnicodeDecodeError):
        return False


def _one_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
