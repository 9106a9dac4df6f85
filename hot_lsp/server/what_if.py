"""The editor's what-if (``hotLsp.whatIf.against``, issue 31 item 4): what updating the stack from the compared
version to the open text would do, as diagnostics on the lines that cause it (W9801 replaced, W9802 deleted,
W9803 failing, I9804 updated in place, I9805 undecided: ``features/what_if.py`` places them) and a code lens on
``resources:`` summing it, which opens the full table (``hot-lsp.preview`` with ``against``).

Never in the way of an edit's own diagnostics: a text opened, changed or saved asks for a comparison after
``DEBOUNCE_S`` without a newer change (a newer one pushes it back); it takes the analysis the server made for the
diagnostics (so those are published first), asks git on a thread of the default executor, and compares on the
analysis worker, between analyses. Its findings then go out merged with the others (pull clients: a refresh and
``serial`` in the result id), and stay, placed in the newest text, until the next comparison replaces them.

- ``git:REV`` (``git:HEAD`` by default): the same path at that revision (``what_if_compare.py``). A file in no
  git checkout, or not in the revision (a new file), has no what-if: one log line says why.
- ``stack``: the stack ``hotLsp.stacks`` maps the template to, with ``hotLsp.cloud``: the saved file against the
  deployed stack (``cloud/update_preview.exact_preview``), on the cloud threads, on open and save only.
- ``off``: nothing.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING, Any

from lsprotocol import types

if TYPE_CHECKING:
    from ..features.snapshot import Snapshot
    from ..features.what_if import WhatIf

log = logging.getLogger("hot_lsp.server")

DEBOUNCE_S = 0.3  # how long a text stays unchanged before it is compared
REFS_POLL_S = 2.0  # how often the checkouts' refs are looked at when the client watches no files for us
OFF, STACK, GIT = "off", "stack", "git:"
# What moves a revision under an open text (a commit, a checkout, a fetch's packed refs): the client watches
# these for us, so a what-if follows HEAD at once instead of at the next keystroke. Three patterns, not one brace
# group holding `**`, which not every client's glob reads.
WATCHED_REFS = ("**/.git/HEAD", "**/.git/packed-refs", "**/.git/refs/heads/**")


def moves_revisions(path: str) -> bool:
    """Whether a changed ``path`` is one of WATCHED_REFS (or another file of a checkout's .git: its index, logs)."""
    return f"{os.sep}.git{os.sep}" in path


class _Keep:
    """A comparison that says nothing new: the last answer stays (a text that does not parse, a stale tree)."""


KEEP = _Keep()


class WhatIfSession:
    """Each open template's last comparison. Call it on the event loop."""

    def __init__(self, ls: Any) -> None:  # the session (session.py, which imports this module)
        self._ls = ls
        self._answers: dict[str, WhatIf] = {}
        self._due: dict[str, float] = {}  # uri -> when its comparison is due (the loop's clock)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._asked: set[str] = set()  # opened or saved since the last comparison ("stack" compares only then)
        self._said: dict[str, str] = {}  # uri -> why it has no what-if, as last logged
        self._against = ""  # the setting the answers were made for
        self._revisions: Any = None  # what_if_compare.Revisions, built on first use
        self._refs_poll: asyncio.Task[None] | None = None  # (clients without file watching: see _poll_refs)
        self.serial = 0  # bumped whenever the answers change (pull diagnostics' result ids)

    # -- what asks for a comparison ------------------------------------------------------------------------

    def edited(self, uri: str, *, saved: bool = False) -> None:
        """The text of ``uri`` was opened, changed (``saved`` False) or saved: compare it once it rests."""
        if saved:
            self._asked.add(uri)
        if self._ls.settings.what_if == OFF:
            self._drop(uri)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: not serving (in-process use)
            return
        self._due[uri] = loop.time() + DEBOUNCE_S
        task = self._tasks.get(uri)
        if task is None or task.done():
            self._tasks[uri] = asyncio.ensure_future(self._follow(uri))

    def forget(self, uri: str) -> None:
        """The document closed."""
        self._due.pop(uri, None)
        self._asked.discard(uri)
        self._said.pop(uri, None)
        task = self._tasks.pop(uri, None)
        if task is not None:
            task.cancel()
        if self._answers.pop(uri, None) is not None:
            self.serial += 1

    def settings_changed(self) -> None:
        """Settings changed (the setting itself, environments, parameters...): every open template again."""
        if not self._ls.parts_built:
            return
        against = self._ls.settings.what_if
        if against != self._against:
            self._against = against
            if self._answers:
                self._answers.clear()
                self.serial += 1
        for uri in self._ls.store.uris():
            self.edited(uri, saved=True)

    def revisions_moved(self) -> None:
        """A checkout's HEAD or branches changed on disk: what each git revision names is asked again, and every
        open template compared again."""
        if not self._ls.parts_built or not self._ls.settings.what_if.startswith(GIT):
            return
        if self._revisions is not None:
            self._revisions.forget_commits()
        for uri in self._ls.store.uris():
            self.edited(uri)

    async def _poll_refs(self) -> None:
        """For a client that watches no files for the server (Neovim on Linux): the refs' stats looked at every
        REFS_POLL_S while a git revision is compared, so a commit or a checkout still moves the what-if."""
        while True:
            await asyncio.sleep(REFS_POLL_S)
            if self._ls.settings.what_if.startswith(GIT) and self._revisions.refs_moved():
                self.revisions_moved()

    # -- what it shows ------------------------------------------------------------------------------------

    def diagnostics_of(self, snapshot: Snapshot) -> list[types.Diagnostic]:
        found = self._answers.get(snapshot.uri)
        if found is None or found.against != snapshot.settings.what_if:
            return []
        from ..features.what_if import what_if_diagnostics

        return what_if_diagnostics(snapshot, found)

    def lens(self, snapshot: Snapshot) -> list[types.CodeLens]:
        found = self._answers.get(snapshot.uri)
        if found is None or found.against != snapshot.settings.what_if:
            return []
        from ..features.what_if import what_if_lens

        return what_if_lens(snapshot, found)

    async def table(self, uri: str, against: str) -> dict[str, Any] | str:
        """``hot-lsp.preview`` with ``{uri, against: "git:REV"}``: the offline comparison of the newest text now,
        as ``hot-lsp preview --against git:REV --format json`` prints it; a string says why there is none."""
        snapshot = await self._ls.snapshot(uri)
        if snapshot is None or snapshot.analysis.model is None or snapshot.analysis.kind != "template":
            return f"hot-lsp: {uri} is not a HOT template"
        found = await self._compare(uri, against, snapshot)
        if not hasattr(found, "preview"):
            return f"hot-lsp preview: {found if isinstance(found, str) else 'the text changed meanwhile; ask again'}"
        preview = found.preview  # type: ignore[union-attr]
        if preview.refused:
            return f"hot-lsp preview: Heat refuses this update: {preview.refused}"
        errors = [d for d in snapshot.analysis.diagnostics if d.severity_name == "error"]
        if errors:
            first = errors[0]
            line = snapshot.analysis.parsed.lines.line_of(first.start) + 1
            why = f"the new template does not validate: {first.code} {first.message} (line {line})"
            return f"hot-lsp preview: Heat refuses this update: {why}"
        answer: dict[str, Any] = preview.as_json()
        return answer

    # -- the comparison ----------------------------------------------------------------------------------

    async def _follow(self, uri: str) -> None:
        """Until no comparison is due for ``uri``: wait for the text to rest, compare, publish."""
        loop = asyncio.get_running_loop()
        try:
            while (due := self._due.get(uri)) is not None:
                if due > loop.time():
                    await asyncio.sleep(due - loop.time())
                    continue
                del self._due[uri]
                found = await self._compare_newest(uri)
                if found is not KEEP:
                    self._take(uri, found)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._ls.report_crash("what-if", error, uri=uri)
        finally:
            if self._tasks.get(uri) is asyncio.current_task():
                del self._tasks[uri]

    async def _compare_newest(self, uri: str) -> Any:
        ls = self._ls
        against = ls.settings.what_if
        if against == OFF or uri not in ls.store.uris():
            return None
        if against == STACK and uri not in self._asked:
            return KEEP  # the deployed stack is asked on open and save only
        self._asked.discard(uri)
        snapshot = await ls.snapshot(uri)
        if snapshot is None or snapshot.analysis.kind != "template" or snapshot.analysis.model is None:
            return None
        if not snapshot.analysis.parsed.syntax_ok:
            return KEEP
        found = await self._compare(uri, against, snapshot)
        if isinstance(found, str):
            self._say(uri, found)
            return None
        return KEEP if found is None else found

    async def _compare(self, uri: str, against: str, snapshot: Snapshot) -> Any:
        """``snapshot`` against ``against``: a WhatIf, None (its tree is stale), or why there is none."""
        from ..document.uris import file_path

        path = file_path(uri)
        if path is None:
            return f"{uri} is not a file: no what-if"
        ls = self._ls
        await ls.load_environments()
        environments, parameters = ls.environment_paths(), dict(ls.settings.parameters)
        loop = asyncio.get_running_loop()
        if against == STACK:
            from .what_if_stack import compare_with_stack

            return await compare_with_stack(ls, uri, snapshot, path, environments, parameters)
        from .what_if_compare import Revisions, compare_with_revision

        if self._revisions is None:
            self._revisions = Revisions()
        if self._refs_poll is None and not ls.capability("workspace.did_change_watched_files.dynamic_registration"):
            self._refs_poll = asyncio.ensure_future(self._poll_refs())
        revision = against[len(GIT) :]
        side = await loop.run_in_executor(None, self._revisions.old_side, path, revision)
        if isinstance(side, str):
            return side
        return await loop.run_in_executor(
            ls.analysis_pool, compare_with_revision, snapshot, path, against, side, environments, parameters
        )

    def _take(self, uri: str, found: WhatIf | None) -> None:
        """A comparison's answer: published when it says something else than the last one."""
        if found is not None:
            self._said.pop(uri, None)
        before = self._answers.get(uri)
        if found == before:
            return
        if found is None:
            del self._answers[uri]
        else:
            self._answers[uri] = found
        self._published([uri])

    def _drop(self, uri: str) -> None:
        if self._answers.pop(uri, None) is not None:
            self._published([uri])

    def _published(self, uris: list[str]) -> None:
        ls = self._ls
        self.serial += 1
        ls.diagnostics.changed(uris, 0)
        if ls.capability("workspace.code_lens.refresh_support", False):  # the lens on resources: sums it
            asyncio.ensure_future(self._refresh_lenses())

    async def _refresh_lenses(self) -> None:
        try:
            await self._ls.workspace_code_lens_refresh_async(None)
        except Exception as error:  # the client may refuse, or be gone
            log.info("workspace/codeLens/refresh failed: %r", error)

    def _say(self, uri: str, why: str) -> None:
        """Why ``uri`` has no what-if, logged once per reason."""
        if self._said.get(uri) == why:
            return
        self._said[uri] = why
        log.info("what-if: %s", why)
        try:
            self._ls.window_log_message(types.LogMessageParams(type=types.MessageType.Log, message=f"hot-lsp: {why}"))
        except Exception:  # the transport may be gone
            log.debug("could not log", exc_info=True)
