"""Diagnostics: pushed to clients that do not pull, pulled by those that do, shown again when what they depend
on changes.

A text opened or changed is one call, :meth:`DiagnosticsScheduler.text_changed`: analyse it and publish. The
analysis of the current text is asked for at once, with no fixed delay, even by pull clients (whose next pull then
finds it under way), and pushes (textDocument/publishDiagnostics) publish it once done. The store's one worker takes the newest text wanted whenever it is free, so
while it is busy the edits typed meanwhile replace each other and the next analysis is of the newest text (see
store.py); a storm of edits costs an analysis per worker turn, not one per keystroke, and ends with the last text
analysed. Only the current text's diagnostics go out: each document has at most one pending publish, a newer text
replaces it, and a version older than one already published never goes out. ``HOT_LSP_DEBOUNCE_MS`` adds a wait
before a change is analysed (the fuzzer sets one; none by default): the publisher asks once it is over. Pull clients (textDocument/diagnostic) get a result id made
of the document's text generation, the settings serial and the version, so an unchanged document is answered
"unchanged". When settings or another file a document read change, pushes go out again, or pull clients get a
workspace/diagnostic/refresh (one at a time: changes while it is unanswered ask for one more after it).

A nested template open beside its parent also shows its faults in the parent's stack (E7020's places in it, worded
for that stack): when a parent's diagnostics change what they say of a child, the child's go out again (pull
clients: a refresh, and ``stack_serial`` in the result id).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lsprotocol import types

from ..features.diagnostics import SOURCE, lsp_diagnostics, stack_context
from .client_capabilities import adapt_diagnostics
from .context import ServerContext

if TYPE_CHECKING:
    from ..features.snapshot import Snapshot

log = logging.getLogger("hot_lsp.server")

# Inter-file: a template's diagnostics follow its children's texts (and an environment's, the templates').
PULL_OPTIONS = types.DiagnosticOptions(inter_file_dependencies=True, workspace_diagnostics=False, identifier=SOURCE)
# How long a workspace/diagnostic/refresh may stay unanswered before the next one may go out.
REFRESH_WAIT_S = 5.0


def debounce_seconds() -> float:
    """An extra wait before analysing a changed text, from ``HOT_LSP_DEBOUNCE_MS`` (the fuzzer sets one); none by
    default: a change is analysed as soon as the worker is free, the newest text replacing any that waited."""
    raw = os.environ.get("HOT_LSP_DEBOUNCE_MS", "")
    try:
        return max(0.0, float(raw) / 1000) if raw.strip() else 0.0
    except ValueError:
        return 0.0


@dataclass(slots=True)
class _Pending:
    """A publish asked for (the newest ask replaces the one before): not before ``due`` (the loop's clock)."""

    due: float


class DiagnosticsScheduler:
    """The pending and last published diagnostics of each open document. Call it on the event loop only."""

    def __init__(self, ls: ServerContext) -> None:
        self._ls = ls
        self._publish_tasks: dict[str, asyncio.Task[None]] = {}  # one publisher per document with something pending
        self._pending: dict[str, _Pending] = {}  # uri -> what the newest schedule() asked
        self._published: dict[str, tuple[int, int | None]] = {}  # uri -> (document id, version)
        self._refresh_task: asyncio.Task[None] | None = None
        self._refresh_again = False  # something changed after the refresh under way was sent
        self.debounce = debounce_seconds()  # how long a changed text waits before it is analysed
        # What each open document's last diagnostics said of nested templates (E7020's places in them).
        self._said_of_children: dict[str, frozenset[tuple[str, str, int, int, str]]] = {}
        self.stack_serial = 0  # bumped when that changes, for pull clients' result ids

    def of(self, snapshot: Snapshot) -> list[types.Diagnostic]:
        """The snapshot's diagnostics as this client can take them (empty if computing them crashed)."""
        try:
            diagnostics = lsp_diagnostics(snapshot)
        except Exception as error:
            self._ls.report_crash("diagnostics", error, uri=snapshot.uri)
            return []
        # The cloud's last verdict on the saved file (hotLsp.cloud), until its next one.
        diagnostics.extend(self._ls.cloud_diagnostics(snapshot.uri))
        try:
            # hotLsp.whatIf.against: the last comparison's findings, placed in this text (what_if.py).
            diagnostics.extend(self._ls.what_if_diagnostics(snapshot))
            diagnostics.extend(self._in_parents_stacks(snapshot))
            self._children_told(snapshot)
        except Exception as error:
            self._ls.report_crash("diagnostics", error, uri=snapshot.uri)
        return adapt_diagnostics(diagnostics, self._ls)

    def _in_parents_stacks(self, snapshot: Snapshot) -> list[types.Diagnostic]:
        """The template's faults in the stacks of the open templates that use it."""
        path = _normalised_path(snapshot.uri)
        if path is None or snapshot.analysis.kind != "template":
            return []
        findings = self._ls.store.stack_findings(path)
        return stack_context(snapshot, path, findings) if findings else []

    def _children_told(self, snapshot: Snapshot) -> None:
        """When what this document says of its nested templates changed, show the open ones' diagnostics again."""
        said = frozenset(
            (os.path.normpath(r.path), r.code, r.start, r.end, r.message)
            for d in snapshot.analysis.diagnostics
            for r in d.related
        )
        before = self._said_of_children.get(snapshot.uri, frozenset())
        if said == before:
            return
        if said:
            self._said_of_children[snapshot.uri] = said
        else:
            self._said_of_children.pop(snapshot.uri, None)
        self.stack_serial += 1
        children = {entry[0] for entry in said ^ before}
        self.changed([uri for uri in self._ls.store.uris() if _normalised_path(uri) in children], 0)

    def text_changed(self, uri: str, *, opened: bool = False) -> None:
        """A text of ``uri`` was opened or changed: analyse it and publish its diagnostics. The analysis is asked
        for when the text is due: at once (an opened text always; a change unless ``HOT_LSP_DEBOUNCE_MS`` holds it
        back), so that the diagnostics wait for the analysis only, not also for the loop to reach their publisher
        (0.3 ms of every keystroke); else by the publisher, once the wait is over."""
        delay = 0.0 if opened else self.debounce
        if delay == 0.0:
            self._analyse_now(uri)
        self.schedule(uri, delay)

    def _analyse_now(self, uri: str) -> None:
        """Start the analysis of the current text of ``uri`` on the worker, when nothing it depends on is still to
        come (the client's settings, the environment files): else the publisher's snapshot asks for it once they
        are in."""
        ls = self._ls
        if ls.configured is not None and not ls.configured.is_set():
            return
        if ls.environment_files.current(ls.settings.environments, ls.workspace_folders()) is None:
            return
        ls.store.start_analysis(uri, ls.settings, ls.workspace_inputs())

    def schedule(self, uri: str, delay: float) -> None:
        """Publish the diagnostics of the current text of ``uri``, asking for its analysis after ``delay`` (push
        clients only). One publisher per document follows its changes; none is cancelled, none left behind."""
        if self._ls.pull_diagnostics or self._ls.store.stamp(uri) is None:
            return
        self._pending[uri] = _Pending(asyncio.get_running_loop().time() + delay)
        task = self._publish_tasks.get(uri)
        if task is None or task.done():
            self._publish_tasks[uri] = asyncio.ensure_future(self._publisher(uri))

    async def _publisher(self, uri: str) -> None:
        """Until nothing is pending for ``uri``: wait out the delay, then publish the newest text's diagnostics (the
        snapshot follows the text to its newest version, whose analysis the store makes as soon as the worker is
        free). Asked again while waiting (a change with a delay, new settings): start over."""
        ls = self._ls
        loop = asyncio.get_running_loop()
        try:
            while (pending := self._pending.get(uri)) is not None:
                if pending.due > loop.time():
                    await asyncio.sleep(pending.due - loop.time())
                    continue
                await ls.wait_configured()
                snapshot = await ls.snapshot(uri)
                if self._pending.get(uri) is not pending:
                    continue  # what was asked changed meanwhile (if only the text, the snapshot is cached now)
                del self._pending[uri]
                stamp = ls.store.stamp(uri)
                if snapshot is not None and stamp is not None:
                    self._publish(uri, stamp, snapshot)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._pending.pop(uri, None)
            ls.report_crash(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, error, uri=uri)
        finally:
            if self._publish_tasks.get(uri) is asyncio.current_task():
                del self._publish_tasks[uri]

    def _publish(self, uri: str, stamp: tuple[int, int], snapshot: Snapshot) -> None:
        """Publish the snapshot of the current text (``stamp``)."""
        published = self._published.get(uri)
        version = snapshot.version
        if published is not None and published[0] == stamp[0] and _older(version, published[1]):
            # The client's versions went backwards. Never publish for a version older than one already
            # published, nor leave that one's findings on the newer text: publish these without a version.
            version = None
        diagnostics = self.of(snapshot)
        self._ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )
        if version is not None:
            self._published[uri] = (stamp[0], version)
        self._ls.answered()

    def clear(self, uri: str) -> None:
        """The document closed: nothing pending, and (push clients) its diagnostics emptied."""
        self._pending.pop(uri, None)
        task = self._publish_tasks.pop(uri, None)
        if task is not None:
            task.cancel()
        self._published.pop(uri, None)
        if not self._ls.pull_diagnostics:
            self._ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        said = self._said_of_children.pop(uri, None)
        if said:  # its stack's findings leave the nested templates it judged
            self.stack_serial += 1
            children = {entry[0] for entry in said}
            self.changed([other for other in self._ls.store.uris() if _normalised_path(other) in children], 0)

    def refresh_all(self) -> None:
        """Settings changed: show every open document's diagnostics under the new settings."""
        ls = self._ls
        if ls.pull_diagnostics:
            if ls.capability("workspace.diagnostics.refresh_support", False):
                ls.workspace_diagnostic_refresh(None)
            return
        for uri in ls.store.uris():
            self.schedule(uri, 0)

    def changed(self, uris: Sequence[str], delay: float) -> None:
        """The diagnostics of ``uris`` may have changed (a file they read did): published again after ``delay``,
        or one refresh for pull clients."""
        if not uris:
            return
        if self._ls.pull_diagnostics:
            self._schedule_refresh(delay)
            return
        for uri in uris:
            self.schedule(uri, delay)

    def _schedule_refresh(self, delay: float) -> None:
        """A workspace/diagnostic/refresh after ``delay``; while one is unanswered, one more after it (a burst of
        changes asks once or twice, not once per change)."""
        if not self._ls.capability("workspace.diagnostics.refresh_support", False):
            return
        if self._refresh_task is not None and not self._refresh_task.done():
            self._refresh_again = True
            return
        self._refresh_task = asyncio.ensure_future(self._refresh(delay))

    async def _refresh(self, delay: float) -> None:
        while True:
            if delay > 0:
                await asyncio.sleep(delay)
            self._refresh_again = False  # the refresh sent now covers every change so far
            try:
                await asyncio.wait_for(self._ls.workspace_diagnostic_refresh_async(None), REFRESH_WAIT_S)
            except Exception as error:  # refused, not answered, or the client is gone
                log.info("workspace/diagnostic/refresh failed: %r", error)
            if not self._refresh_again:
                return

    def cancel_all(self) -> None:
        """Shutting down: no publish goes out any more."""
        for task in self._publish_tasks.values():
            task.cancel()
        self._publish_tasks.clear()
        self._pending.clear()


def _normalised_path(uri: str) -> str | None:
    # (here: the document package loads the parser, which start-up does without: test_startup)
    from ..document.uris import file_path

    path = file_path(uri)
    return os.path.normpath(path) if path is not None else None


def _older(version: int | None, than: int | None) -> bool:
    return version is not None and than is not None and version < than
