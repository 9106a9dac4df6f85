"""Serving LSP on a TCP socket (``hot-lsp --tcp HOST:PORT``, for debugging): one client, read with the same framing
reader as stdin (``framing``), so a mis-framed message costs the same here as there."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import TYPE_CHECKING

from .framing import LINE_LIMIT
from .stdio import serve_stream

if TYPE_CHECKING:
    from .session import HotLanguageServer

log = logging.getLogger("hot_lsp.server")


def start_tcp(server: HotLanguageServer, host: str, port: int) -> None:
    """Listen on ``host:port`` and serve the first client until it exits or closes the connection."""
    stop = threading.Event()
    server._stop_event = stop

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        log.info("a client connected")
        server.protocol.set_writer(writer)  # type: ignore[arg-type]  # pygls takes a StreamWriter (its own start_tcp)
        await serve_stream(server, reader.read, stop)
        server.shutdown()  # closes the listening socket too: the session was this client's

    async def listen() -> None:
        listening = await asyncio.start_server(connection, host, port, limit=LINE_LIMIT)
        server._server = listening
        log.info("serving on %s", ", ".join(str(sock.getsockname()) for sock in listening.sockets))
        async with listening:
            with contextlib.suppress(asyncio.CancelledError):
                await listening.serve_forever()

    with contextlib.suppress(KeyboardInterrupt, SystemExit):
        asyncio.run(listen())
