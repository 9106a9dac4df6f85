"""How the live path asks a cloud, and what it tells the user when the cloud fails (``cloud.CloudSession`` and its
parts send everything through here).

- Each cloud's Heat is connected once, with no lock held while Keystone is asked.
- Background work (validations, the catalogue, listings) runs on ``BACKGROUND_THREADS`` daemon threads, each command
  the user asks for on a thread of its own (``cloud_threads.py``): its progress names the host it waits for, and
  cancelling it answers RequestCancelled at once and drops the late answer.
- A failure of the whole cloud (no answer, HTTP 5xx, an answer that is not Heat's) is noted: background work queued
  before it fails with it, unsent.
- A failure is said once per cloud and kind (``window/showMessage``; a file that cannot be bundled only in the log).
  A refusal of one kind of request stays said; only a cloud that was out of reach and answers again re-arms its
  message.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar
from urllib.parse import urlsplit

from lsprotocol import types
from pygls.exceptions import JsonRpcRequestCancelled

from .cloud_threads import DaemonPool, on_own_thread

if TYPE_CHECKING:
    from ..cloud.connection import Heat
    from .indexing import Progress

log = logging.getLogger("hot_lsp.server")

BACKGROUND_THREADS = 2  # a validation on save need not wait for a catalogue being fetched (hundreds of requests)

T = TypeVar("T")


class Reporter(Protocol):
    """What the requests need of the session (``cloud.Session``): to hear of a cancelled request, and to tell."""

    def report_crash(
        self, method: str, error: BaseException, *, uri: str = "", position: types.Position | None = None
    ) -> None: ...
    def on_request_cancelled(self, callback: Callable[[], None]) -> None: ...
    def window_show_message(self, params: types.ShowMessageParams) -> None: ...
    def window_log_message(self, params: types.LogMessageParams) -> None: ...


class CloudRequests:
    """The live path's requests (see the module's doc). Call it on the event loop, except what runs on the threads."""

    def __init__(self, ls: Reporter) -> None:
        self._ls = ls
        self.background = DaemonPool(BACKGROUND_THREADS, "hot-lsp-cloud")
        self._connections: dict[str, Heat] = {}
        self._connecting = threading.Lock()
        # cloud -> (when, failure): its last failure that was the whole cloud's, not one template's (on a thread)
        self._unanswered: dict[str, tuple[float, BaseException]] = {}
        self._shown: set[tuple[str, str]] = set()  # (cloud, kind of failure) already shown to the user
        # Of those, the ones that say the whole cloud is out of reach: a later answer means it is back.
        self._unreachable: set[tuple[str, str]] = set()

    # -- where the requests run ----------------------------------------------------------------------------

    async def in_background(self, cloud: str, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` on the background threads; when ``cloud`` failed as a whole after this was queued (it
        did not answer, or not like Heat), that failure, without asking it again."""
        queued = time.monotonic()

        def run() -> T:
            failed = self._unanswered.get(cloud)
            if failed is not None and failed[0] > queued:
                raise failed[1]
            return self._noting_failures(cloud, call, *args)

        return await asyncio.wrap_future(self.background.submit(run))

    async def asked(
        self, progress: Progress, cloud: str, call: Callable[..., T], *args: Any, dropped: threading.Event | None = None
    ) -> T:
        """``call(*args)`` for the user's command: on a thread of its own, the progress saying which host it waits
        for. Cancelled (the progress, or ``$/cancelRequest``): RequestCancelled at once, ``dropped`` set, and the
        thread's late answer dropped."""
        loop = asyncio.get_running_loop()
        cancelled: asyncio.Future[None] = loop.create_future()

        def cancel() -> None:
            if not cancelled.done():
                cancelled.set_result(None)

        progress.on_cancel(cancel)
        self._ls.on_request_cancelled(cancel)

        def run() -> T:
            host = _host(self.connection(cloud))
            loop.call_soon_threadsafe(progress.say, f"waiting for {host} (cloud '{cloud}')")
            return self._noting_failures(cloud, call, *args)

        job = asyncio.wrap_future(on_own_thread("hot-lsp-cloud-command", run))
        await asyncio.wait((job, cancelled), return_when=asyncio.FIRST_COMPLETED)
        if not job.done():
            if dropped is not None:
                dropped.set()
            job.add_done_callback(_forget)
            progress.end("cancelled")
            raise JsonRpcRequestCancelled(f"hot-lsp: cancelled; the request to the cloud '{cloud}' is left unanswered")
        return job.result()

    def _noting_failures(self, cloud: str, call: Callable[..., T], *args: Any) -> T:
        """On a cloud thread: ``call(*args)``, its failure noted when it is the whole cloud's (see in_background)."""
        try:
            return call(*args)
        except Exception as error:
            if _cloud_wide(error):
                self._unanswered[cloud] = (time.monotonic(), error)
            raise

    def shutdown(self) -> None:
        """Nothing more is sent; a request under way is left to its daemon thread (exit does not wait for it)."""
        self.background.shutdown(wait=False, cancel_futures=True)

    # -- the connection, and failures --------------------------------------------------------------------

    def connection(self, cloud: str) -> Heat:
        """On a cloud thread: the named cloud's Heat, connected once (CloudError when it cannot be). Connecting
        may ask Keystone: no lock is held meanwhile, so a command never waits for a background thread's hung
        connection (two threads may connect at once; the first one kept wins)."""
        from ..cloud.connection import connect

        with self._connecting:
            heat = self._connections.get(cloud)
        if heat is not None:
            return heat
        heat = connect(cloud)
        with self._connecting:
            return self._connections.setdefault(cloud, heat)

    def failed(self, cloud: str, error: BaseException, *, uri: str = "") -> None:
        """Say once per cloud and kind of failure what went wrong (the offline features go on); a file that
        cannot be bundled is said in the log only (its diagnostics say what is wrong with it)."""
        from ..cloud.errors import CloudError, Forbidden, HeatRefused, NotHeat

        if isinstance(error, HeatRefused):
            kind = f"HTTP {error.status}"
        elif isinstance(error, CloudError):
            kind = str(error)
        elif isinstance(error, OSError) or type(error).__name__ == "BundleError":
            log.info("not sent to cloud '%s': %s", cloud, one_line(error))
            self._log(f"hot-lsp: {uri or 'a template'} not sent to the cloud '{cloud}': {one_line(error)}")
            return
        else:
            self._ls.report_crash("cloud", error, uri=uri)
            return
        log.warning("%s", one_line(error))
        if (cloud, kind) in self._shown:
            return
        self._shown.add((cloud, kind))
        if not isinstance(error, (HeatRefused, NotHeat, Forbidden)):
            self._unreachable.add((cloud, kind))
        message = f"hot-lsp: {one_line(error)}. The offline checks go on."
        try:
            self._ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=message))
        except Exception:  # the transport may be gone
            log.debug("could not show the cloud's failure", exc_info=True)

    def succeeded(self, cloud: str) -> None:
        """The cloud answered: if it had been out of reach, its next failure is worth saying again. A refusal of one
        kind of request (HTTP 500 to the preview) stays said: the cloud's other answers do not mend it, and saying it
        at each save after each good answer would be noise."""
        back = {shown for shown in self._unreachable if shown[0] == cloud}
        self._shown -= back
        self._unreachable -= back

    def _log(self, message: str) -> None:
        try:
            self._ls.window_log_message(types.LogMessageParams(type=types.MessageType.Info, message=message))
        except Exception:
            log.debug("could not log", exc_info=True)


def one_line(error: BaseException) -> str:
    """The first line of what ``error`` says (its type's name when it says nothing)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _forget(job: asyncio.Future[Any]) -> None:
    """A dropped command's late answer: retrieved, so that asyncio does not report it as never retrieved."""
    if not job.cancelled():
        job.exception()


def _cloud_wide(error: BaseException) -> bool:
    """Whether ``error`` says the cloud cannot answer at all now (unreachable, hung, refusing everyone, not
    answering like Heat), rather than that Heat refused this one request (HTTP 4xx but 401 and 403)."""
    from ..cloud.connection import CloudError, HeatRefused

    if isinstance(error, HeatRefused):
        return error.status >= 500
    return isinstance(error, CloudError)


def _host(heat: Heat) -> str:
    """The host and port ``heat`` is asked at (never a path, nor credentials a URL may hold)."""
    endpoint = getattr(heat, "endpoint", None)
    parts = urlsplit(endpoint) if isinstance(endpoint, str) else None
    if parts is None or not parts.hostname:
        return "its orchestration endpoint"
    try:
        port = parts.port
    except ValueError:
        port = None
    return f"{parts.hostname}:{port}" if port else parts.hostname
