"""Starting the real ``hot-lsp`` process for the robustness tests, with the raw client of ``hot_lsp.fuzz``."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from hot_lsp.fuzz.client import SERVER_COMMAND, LspClient

HERE = Path(__file__).resolve().parent
# The real server with one fault planted (see fault_server.py), for the crash containment tests.
FAULT_SERVER = (sys.executable, "-X", "faulthandler", str(HERE / "fault_server.py"))


@contextlib.contextmanager
def serving(
    root: Path | None,
    *,
    pull: bool = False,
    encoding: str = "utf-16",
    options: dict[str, Any] | None = None,
    env: dict[str, str] | None = None,
    command: Sequence[str] = SERVER_COMMAND,
) -> Iterator[LspClient]:
    """A server for ``root`` (a workspace folder; None: no workspace), shut down cleanly at the end.

    ``options`` are both the initializationOptions and what workspace/configuration answers for ``hotLsp``.
    """
    client = LspClient(command, env=env, configuration=options, cwd=str(root) if root else None)
    try:
        client.initialize(root.as_uri() if root else None, pull=pull, encoding=encoding, options=options)
        yield client
        assert client.alive(), "the server died:\n" + "\n".join(list(client.stderr)[-30:])
        assert client.shutdown() == 0, "the server did not exit cleanly after shutdown + exit"
    finally:
        client.kill()


def errors_logged(client: LspClient, since: int = 0) -> list[str]:
    """ERROR records the server wrote to stderr after its first ``since`` lines."""
    return [line for line in client.stderr_since(since) if " ERROR " in line]
