"""The live path in the editor: ``hotLsp.cloud`` (a clouds.yaml entry) and ``hotLsp.stacks`` (glob -> stack).

Nothing here runs, and nothing is sent anywhere, unless ``hotLsp.cloud`` names a cloud. With one:

- the cloud's template-validate verdict (E9901, ``cloud/verdict.py``) on every template opened or saved (the file
  on disk, with ``hotLsp.environments``), kept until the next verdict (edits keep it where it was);
- the cloud's resource type catalogue (``cloud/catalogue.py``), fetched once per cloud and kept on disk
  (``${XDG_CACHE_HOME:-~/.cache}/hot-lsp/clouds/NAME.json``), an extra catalogue of the analysis; a type the cloud
  lacks is W9902; ``hot-lsp.refreshCloudCatalogue`` fetches it again; its Heat release (``cloud_release.py``);
- with a stack mapped to the template: hover adds a resource's live status (from a listing kept ``LIVE_FRESH_S``;
  the hover never waits for it), ``hot-lsp.preview`` the real update's answer (``cloud/update_preview.py``; else
  Heat's create preview), and its failed resources are E9903 (``stack_failures.py``).

Every request to the cloud goes through ``cloud_requests.py`` and runs on the cloud threads (``cloud_threads.py``),
never on the event loop nor on the analysis worker or the feature thread: background work (validations, the
catalogue, listings) on two threads, each command the user asks for on a thread of its own. Long ones show work-done
progress; a command's says what it waits for and can be cancelled (RequestCancelled at once, the late answer
dropped). A background job queued before its cloud failed as a whole (a timeout, a refusal, an answer that is
not Heat's) fails with that failure unsent. A failing cloud is said once per cloud and kind of failure
(``window/showMessage``); the offline features go on. Messages name the cloud and its endpoint, never credentials.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled

from ..analysis.codes import turned_off
from .cloud_release import CloudReleases
from .cloud_requests import CloudRequests, Reporter, one_line
from .stack_failures import StackFailures

if TYPE_CHECKING:  # the session imports this module at start-up, before any analysis is loaded
    from ..analysis.model.cloud_offer import CloudOffer
    from ..document.positions import Encoding
    from ..features.settings import Settings
    from ..features.snapshot import Snapshot
    from ..store import DocumentStore
    from .diagnostics import DiagnosticsScheduler
    from .indexing import Progress

log = logging.getLogger("hot_lsp.server")

PREVIEW = "hot-lsp.preview"
REFRESH_CATALOGUE = "hot-lsp.refreshCloudCatalogue"
COMMANDS = (PREVIEW, REFRESH_CATALOGUE)
E9901 = "E9901"  # cloud/verdict.py defines it; not imported at start-up (it loads the analysis)
LIVE_FRESH_S = 15.0  # a deployed stack's listing is asked again on a hover once it is this old
LIVE_KEEP_S = 300.0  # and shown at most this old
LIVE_RETRY_S = 30.0  # a listing that failed is not asked again before this


class Session(Reporter, Protocol):
    """The session (``session.HotLanguageServer``) as the live path uses it (what the requests use of it too)."""

    settings: Settings
    configured: asyncio.Event | None
    diagnostics: DiagnosticsScheduler

    @property
    def store(self) -> DocumentStore: ...
    @property
    def parts_built(self) -> bool: ...
    @property
    def encoding(self) -> Encoding: ...

    def capability(self, path: str, default: Any = None) -> Any: ...
    def workspace_folders(self) -> tuple[str, ...]: ...
    def environment_paths(self) -> tuple[str, ...]: ...
    async def load_environments(self) -> None: ...
    async def snapshot(self, uri: str) -> Snapshot | None: ...
    async def wait_configured(self) -> None: ...
    def take_cloud_release(self, version: str) -> None: ...


class RequestFailed(JsonRpcException):
    """LSP's RequestFailed: the request was valid, the cloud's answer was not a success (the message says why)."""

    CODE = -32803
    MESSAGE = "Request failed"


def cache_path(cloud: str) -> str:
    """Where the catalogue of ``cloud`` is kept: ``${XDG_CACHE_HOME:-~/.cache}/hot-lsp/clouds/NAME.json``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "hot-lsp", "clouds", quote(cloud, safe="") + ".json")


def stack_for(path: str, stacks: Sequence[tuple[str, str]], folders: Sequence[str]) -> str | None:
    """The stack ``hotLsp.stacks`` maps the template at ``path`` to: the first glob matching its path relative to a
    workspace folder, its absolute path or its name (``**/`` also matches no folder at all)."""
    candidates = [path, os.path.basename(path)]
    for folder in folders:
        relative = os.path.relpath(path, folder)
        if not relative.startswith(".."):
            candidates.append(relative.replace(os.sep, "/"))
    for glob, stack in stacks:
        patterns = [os.path.expanduser(glob)]
        if glob.startswith("**/"):
            patterns.append(glob[3:])
        if any(fnmatch.fnmatchcase(candidate, pattern) for pattern in patterns for candidate in candidates):
            return stack
    return None


def parameter_texts(parameters: dict[str, Any]) -> dict[str, str]:
    """``hotLsp.parameters`` as the text ``-P name=value`` gives Heat: a list joined with commas, a map as JSON."""
    texts = {}
    for name, value in parameters.items():
        if isinstance(value, str):
            texts[name] = value
        elif isinstance(value, list):
            texts[name] = ",".join(v if isinstance(v, str) else json.dumps(v) for v in value)
        else:
            texts[name] = json.dumps(value)
    return texts


@dataclass(frozen=True, slots=True)
class CloudCatalogue:
    """A cloud's catalogue as the analysis takes it: the cached file and the type names in it."""

    cloud: str
    path: str
    offer: CloudOffer


@dataclass(frozen=True, slots=True)
class _Verdict:
    cloud: str
    diagnostics: tuple[types.Diagnostic, ...]


@dataclass(slots=True)
class _Live:
    when: float  # the loop's monotonic clock
    rows: dict[str, dict[str, Any]] | None  # resource name -> its live row; None: the listing failed


class CloudSession:
    """The session's live path (see the module's doc). Call it on the event loop, except what runs on a cloud thread."""

    def __init__(self, ls: Session) -> None:
        self._ls = ls
        self.requests = CloudRequests(ls)  # the requests to the cloud: where they run, what their failures say
        # (also for the live path's other modules: stack_failures.py, cloud_release.py, stack_deploy.py, ...)
        self.connection, self.in_background = self.requests.connection, self.requests.in_background
        self.said_failure, self.succeeded = self.requests.failed, self.requests.succeeded
        self._cloud = ""  # the cloud the state below is about
        self._verdicts: dict[str, _Verdict] = {}
        self._validations: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()  # saved again while its validation ran
        self.catalogue: CloudCatalogue | None = None
        self._catalogue_task: asyncio.Task[CloudCatalogue | None] | None = None  # kept: the loop holds tasks weakly
        self._live: dict[tuple[str, str], _Live] = {}
        self._live_tasks: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.failures = StackFailures(self)  # the mapped stacks' failed resources, as E9903 (stack_failures.py)
        self.releases = CloudReleases(self)  # the Heat release each cloud runs (cloud_release.py)
        self.serial = 0  # bumped whenever what this adds to diagnostics changes (pull diagnostics' result ids)
        self._progress_serial = 0

    # -- settings ---------------------------------------------------------------------------------------

    @property
    def cloud(self) -> str:
        return self._ls.settings.cloud

    def settings_changed(self) -> None:
        """A new ``hotLsp.cloud``: forget what the old one said, take the new one's catalogue, validate the open
        templates against it. Nothing happens when no cloud is named."""
        cloud = self.cloud
        if cloud == self._cloud:
            return
        self._cloud = cloud
        self._verdicts.clear()
        self._live.clear()
        self.releases.forget()
        self.failures.forget(cloud_changed=True)
        self.catalogue = None
        self.serial += 1
        if not cloud:
            return
        self._catalogue_task = asyncio.ensure_future(self._take_catalogue(cloud, refresh=False))
        self.releases.ask(cloud)
        for uri in self._ls.store.uris() if self._ls.parts_built else ():
            self.validate(uri)

    # -- the Heat release it runs (cloud_release.py) ---------------------------------------------------------

    def release_of(self, cloud: str) -> str:
        """The Heat version ``cloud`` runs, as it said it; '' when not known (yet), or for another cloud."""
        return self.releases.release_of(cloud)

    # -- the cloud's verdict on a saved template ----------------------------------------------------------

    def validate(self, uri: str) -> None:
        """Ask the cloud about the template ``uri`` as saved (didOpen, didSave), in the background. One
        validation per document at a time; a save meanwhile asks again after it."""
        configuring = self._ls.configured is not None and not self._ls.configured.is_set()
        if not (self.cloud or configuring):
            return  # offline: nothing is sent
        if self.cloud:
            self.failures.refresh(uri)  # (only for a template mapped to a stack)
        task = self._validations.get(uri)
        if task is not None and not task.done():
            self._again.add(uri)
            return
        self._validations[uri] = asyncio.ensure_future(self._validations_of(uri))

    def forget(self, uri: str) -> None:
        """The document closed: its verdict goes with it."""
        if self._verdicts.pop(uri, None) is not None:
            self.serial += 1
        self._again.discard(uri)

    def diagnostics_of(self, uri: str) -> list[types.Diagnostic]:
        """The cloud's last verdict on ``uri`` and the mapped stacks' failures located in it, to publish with the
        offline diagnostics."""
        failed = self.failures.diagnostics_of(uri) if self.cloud else []
        verdict = self._verdicts.get(uri)
        if verdict is None or verdict.cloud != self.cloud or turned_off(E9901, self._ls.settings.disabled_rules):
            return failed
        return [*verdict.diagnostics, *failed]

    async def _validations_of(self, uri: str) -> None:
        try:
            while True:
                self._again.discard(uri)
                await self._validate(uri)
                if uri not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._ls.report_crash("cloud validation", error, uri=uri)
        finally:
            if self._validations.get(uri) is asyncio.current_task():
                del self._validations[uri]

    async def _validate(self, uri: str) -> None:
        from ..document.uris import file_path

        ls = self._ls
        await ls.wait_configured()
        cloud = self.cloud
        path = file_path(uri)
        if not cloud or path is None or uri not in ls.store or turned_off(E9901, ls.settings.disabled_rules):
            return
        snapshot = await ls.snapshot(uri)
        if snapshot is None or snapshot.analysis.kind != "template":
            return
        environments, encoding = ls.environment_paths(), ls.encoding
        progress = self._progress("hot-lsp: validating on the cloud")
        await progress.begin(f"{os.path.basename(path)} on '{cloud}'")
        began = time.perf_counter()
        try:
            found = await self.in_background(cloud, self._verdict, cloud, path, environments, encoding)
        except Exception as error:
            progress.end("not validated")
            self.said_failure(cloud, error, uri=uri)
            return  # the last verdict stays: this is no new one
        log.info("cloud '%s' validated %s in %.0f ms", cloud, path, (time.perf_counter() - began) * 1000)
        progress.end(f"{len(found)} finding(s)" if found else "accepted")
        self.succeeded(cloud)
        if self.cloud != cloud or uri not in ls.store:
            return
        self._verdicts[uri] = _Verdict(cloud, tuple(found))
        self.serial += 1
        ls.diagnostics.changed([uri], 0)

    def _verdict(self, cloud: str, path: str, environments: Sequence[str], encoding: Encoding) -> list[Any]:
        """On a cloud thread: the cloud's diagnostics on the file at ``path``, ranged in its saved text."""
        from ..cloud.verdict import validate_on_cloud
        from ..features.diagnostics import to_lsp_at

        verdict = validate_on_cloud(self.connection(cloud), path, environments)
        lines = verdict.lines
        if lines is None:
            return []

        def position(offset: int) -> types.Position:
            line, character = lines.position(offset, encoding)
            return types.Position(line=line, character=character)

        return [to_lsp_at(d, types.Range(start=position(d.start), end=position(d.end))) for d in verdict.found]

    # -- the cloud's catalogue --------------------------------------------------------------------------

    def current_catalogue(self) -> CloudCatalogue | None:
        """The catalogue of the cloud named now, once taken (from the disk or the cloud)."""
        found = self.catalogue
        return found if found is not None and found.cloud == self.cloud else None

    async def refresh_catalogue(self) -> dict[str, Any]:
        """``hot-lsp.refreshCloudCatalogue``: the cloud's catalogue fetched again and taken (a user's command: its
        own thread, cancellable)."""
        cloud = self.cloud
        if not cloud:
            raise RequestFailed("hot-lsp: no cloud is named: set hotLsp.cloud to a clouds.yaml entry first")
        found = await self._take_catalogue(cloud, refresh=True, asked=True)
        if found is None:  # the cloud changed meanwhile
            raise RequestFailed(f"hot-lsp: hotLsp.cloud changed while the catalogue of '{cloud}' was fetched")
        return {
            "cloud": cloud,
            "path": found.path,
            "resource_types": len(found.offer.types),
            "unavailable": len(found.offer.unavailable),
        }

    async def _take_catalogue(self, cloud: str, *, refresh: bool, asked: bool = False) -> CloudCatalogue | None:
        """The catalogue of ``cloud`` taken (None: the cloud changed meanwhile, or it failed in the background).
        ``asked``: the user's command, whose failure is its RequestFailed answer."""
        loop = asyncio.get_running_loop()
        progress = self._progress(f"hot-lsp: resource types of '{cloud}'", cancellable=asked)
        fetching = refresh or not os.path.isfile(cache_path(cloud))
        if fetching:
            await progress.begin("fetching")
        dropped = threading.Event()  # the command was cancelled: the fetch stops at its next type

        def report(done: int, total: int) -> None:
            if dropped.is_set():
                raise _Dropped
            loop.call_soon_threadsafe(progress.report, done, total, "types")

        try:
            if asked:
                found = await self.requests.asked(
                    progress, cloud, self._catalogue, cloud, refresh, report, dropped=dropped
                )
            else:
                found = await self.in_background(cloud, self._catalogue, cloud, refresh, report)
        except JsonRpcRequestCancelled:
            raise
        except Exception as error:
            progress.end("not fetched")
            self.said_failure(cloud, error)
            if asked:
                raise RequestFailed(f"hot-lsp: {one_line(error)}") from None
            return None
        progress.end(f"{len(found.offer.types)} types")
        if self.cloud != cloud:
            return None
        self.succeeded(cloud)
        self.catalogue = found
        self.serial += 1
        self._ls.diagnostics.refresh_all()  # the analyses' options changed: every document is analysed again
        return found

    def _catalogue(self, cloud: str, refresh: bool, report: Callable[[int, int], None]) -> CloudCatalogue:
        """On a cloud thread: the catalogue of ``cloud`` from the cache, fetched first when asked or missing."""
        from ..analysis.model.cloud_offer import CloudOffer
        from ..cloud.catalogue import cloud_catalogue

        path = cache_path(cloud)
        data = None if refresh else _read_cached(path, cloud)
        if data is None:
            data = cloud_catalogue(self.connection(cloud), report)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            partial = f"{path}.{os.getpid()}.part"
            with open(partial, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=1, sort_keys=True)
            os.replace(partial, path)  # a reader never sees half a file
        unavailable = data.get("unavailable") or {}
        offer = CloudOffer(
            cloud,
            frozenset(data.get("resource_types") or {}),
            tuple(sorted((str(name), str(why)) for name, why in unavailable.items())),
        )
        return CloudCatalogue(cloud, path, offer)

    # -- a deployed stack ---------------------------------------------------------------------------------

    def stack_of(self, uri: str) -> str | None:
        """The stack ``hotLsp.stacks`` maps the document to (None: none, or no cloud named)."""
        from ..document.uris import file_path

        settings = self._ls.settings
        path = file_path(uri)
        if not settings.cloud or not settings.stacks or path is None:
            return None
        return stack_for(path, tuple(settings.stacks.items()), self._ls.workspace_folders())

    def live_rows(self, uri: str) -> dict[str, dict[str, Any]] | None:
        """The mapped stack's top-level resources by name, as last listed (None: no stack mapped, or not listed
        yet). Never waits: a listing that is missing or old is asked for in the background, for the next hover."""
        stack = self.stack_of(uri)
        if stack is None:
            return None
        key = (self.cloud, stack)
        now = time.monotonic()
        live = self._live.get(key)
        age = now - live.when if live is not None else None
        wanted = LIVE_FRESH_S if live is None or live.rows is not None else LIVE_RETRY_S
        if age is None or age > wanted:
            task = self._live_tasks.get(key)
            if task is None or task.done():
                self._live_tasks[key] = asyncio.ensure_future(self._list(key))
        if live is None or live.rows is None or (age is not None and age > LIVE_KEEP_S):
            return None
        return live.rows

    async def _list(self, key: tuple[str, str]) -> None:
        cloud, stack = key
        try:
            rows = await self.in_background(cloud, self._listing, cloud, stack)
        except Exception as error:
            self._live[key] = _Live(time.monotonic(), None)
            self.said_failure(cloud, error)
            return
        self.succeeded(cloud)
        if self.cloud == cloud:
            self._live[key] = _Live(time.monotonic(), rows)

    def _listing(self, cloud: str, stack: str) -> dict[str, dict[str, Any]]:
        from ..cloud.failures import last_events
        from ..cloud.stacks import live_resources, stack_state

        heat = self.connection(cloud)
        state = stack_state(heat, stack)  # (one lookup for both requests)
        rows, last = live_resources(heat, state, 0), last_events(heat, state)
        return {
            r.resource_name: {**r.to_json(), "stack": stack, "cloud": cloud, "last_event": last.get(r.resource_name)}
            for r in rows
        }

    # -- preview -----------------------------------------------------------------------------------------

    async def preview(self, uri: str) -> dict[str, Any]:
        """``hot-lsp.preview``: the JSON of ``hot-lsp preview`` for the template ``uri`` as saved: Heat's update
        dry run of the stack mapped to it, else its create preview."""
        from ..cloud.update_preview import preview_answer
        from ..document.uris import file_path

        ls = self._ls
        cloud = self.cloud
        if not cloud:
            raise RequestFailed("hot-lsp: no cloud is named: set hotLsp.cloud to a clouds.yaml entry first")
        path = file_path(uri)
        if path is None:
            raise RequestFailed("hot-lsp: save the template first: the cloud is sent the file on disk")
        await ls.load_environments()
        stack = self.stack_of(uri)
        environments = ls.environment_paths()
        parameters = parameter_texts(ls.settings.parameters)
        progress = self._progress("hot-lsp: preview on the cloud", cancellable=True)
        what = f"update of stack '{stack}'" if stack else "create"
        await progress.begin(f"{what} on '{cloud}'")
        try:
            answer = await self.requests.asked(
                progress, cloud, lambda: preview_answer(self.connection(cloud), path, environments, parameters, stack)
            )
        except JsonRpcRequestCancelled:
            raise
        except Exception as error:
            progress.end("failed")
            raise RequestFailed(self._preview_failure(cloud, error)) from None
        progress.end("done")
        self.succeeded(cloud)
        return answer

    def _preview_failure(self, cloud: str, error: Exception) -> str:
        from ..cloud.connection import CloudError, HeatRefused

        if isinstance(error, HeatRefused) and error.status == 400:
            return f"hot-lsp: the cloud '{cloud}' refuses it: {error.heat_message.strip()}"
        if isinstance(error, CloudError):
            self.said_failure(cloud, error)
            return f"hot-lsp: {one_line(error)}"
        if isinstance(error, OSError):
            return f"hot-lsp: {error.strerror or error}"
        if type(error).__name__ == "BundleError":
            return f"hot-lsp: not sent to the cloud: {one_line(error)}"
        if type(error).__name__ in ("UpdateRefused", "SideError"):
            return f"hot-lsp: {one_line(error)}"
        self._ls.report_crash(PREVIEW, error)
        return f"hot-lsp: the preview failed: {error!r}"

    # -- for the parts of the live path in modules of their own (stack_failures.py) ---------------------------

    @property
    def session(self) -> Session:
        return self._ls

    @property
    def settings(self) -> Any:
        return self._ls.settings

    @property
    def encoding(self) -> Encoding:
        return self._ls.encoding

    def _progress(self, title: str, *, cancellable: bool = False) -> Progress:
        from .indexing import Progress

        self._progress_serial += 1
        enabled = bool(self._ls.capability("window.work_done_progress", False))
        token = f"hot-lsp-cloud-{self._progress_serial}"
        return Progress(self._ls, enabled, title=title, token=token, cancellable=cancellable)

    def shutdown(self) -> None:
        """Nothing more is sent; a request under way is left to its daemon thread (exit does not wait for it)."""
        for task in (*self._validations.values(), *self._live_tasks.values()):
            task.cancel()
        self.requests.shutdown()


def _read_cached(path: str, cloud: str) -> dict[str, Any] | None:
    """The cached catalogue of ``cloud`` (None: none, unreadable, or another cloud's)."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("cloud") != cloud or not isinstance(data.get("resource_types"), dict):
        return None
    return data


class _Dropped(Exception):
    """The user cancelled the command: the catalogue's fetch stops at its next type."""
