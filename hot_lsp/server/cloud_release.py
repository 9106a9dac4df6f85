"""The Heat release the cloud of ``hotLsp.cloud`` runs (issue 30): asked once per cloud named, in the background
(``cloud/release.py``: its build_info, else what its type listing fits), said in the log (a warning when it is a
guess), and used for the documents' resource types unless ``hotLsp.heatRelease`` chose one
(``Settings.release``)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from lsprotocol import types

log = logging.getLogger(__name__)


class CloudReleases:
    def __init__(self, cloud: Any) -> None:  # the CloudSession (cloud.py), which imports this module
        self._cloud = cloud
        self._found: tuple[str, str] | None = None  # (cloud, Heat version) once it said
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds tasks weakly

    def release_of(self, cloud: str) -> str:
        """The Heat version ``cloud`` runs; '' when not known (yet), or for another cloud."""
        return self._found[1] if self._found is not None and self._found[0] == cloud and cloud else ""

    def forget(self) -> None:
        self._found = None

    def ask(self, cloud: str) -> None:
        self._task = asyncio.ensure_future(self._take(cloud))

    async def _take(self, cloud: str) -> None:
        from ..cloud.release import cloud_release

        session = self._cloud
        try:
            found = await session.in_background(cloud, lambda: cloud_release(session.connection(cloud)))
        except Exception as error:
            session.said_failure(cloud, error)
            return
        if session.cloud != cloud:
            return
        session.succeeded(cloud)
        self._found = (cloud, found.release.version)
        ls = session.session
        chosen = ls.settings.heat_release
        said = f"hot-lsp: {found.said}" + (f" (hotLsp.heatRelease {chosen!r} is used instead)" if chosen else "")
        kind = types.MessageType.Warning if found.guessed and not chosen else types.MessageType.Info
        log.info("%s", said)
        try:
            ls.window_log_message(types.LogMessageParams(type=kind, message=said))
        except Exception:
            log.debug("could not log", exc_info=True)
        ls.take_cloud_release(found.release.version)
