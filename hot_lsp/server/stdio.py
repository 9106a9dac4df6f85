"""Serving LSP on stdin/stdout, with stdin read by the event loop itself.

pygls 2.1 reads stdin through a thread pool: each header line and each body is one ``run_in_executor`` call, so
every message crosses between threads three times. While the analysis worker computes, each crossing waits for
the GIL (up to the interpreter's switch interval, twice), and a burst of keystrokes then queues behind those
waits: measured on endpoint_map.yaml, a hover sent during an edit storm waited 100 ms at the median. Here stdin is
an asyncio pipe, read without leaving the loop's thread; the messages are framed by our own reader
(``framing.py``, which replaces pygls's ``run_async``: that one went silent for good after one mis-framed message).
When stdin cannot be watched by the loop (a regular file), it is read on pygls's thread pool.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import TYPE_CHECKING, BinaryIO, cast

from pygls.io_ import StdoutWriter

from .framing import LINE_LIMIT, FrameReader, FramingError, ReadChunk, serve
from .protocol import HotProtocol

if TYPE_CHECKING:
    from .session import HotLanguageServer

log = logging.getLogger("hot_lsp.server")


def start_io(server: HotLanguageServer, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Serve until the client exits or closes stdin (pygls's ``start_io``, with stdin read on the loop)."""
    stop = threading.Event()
    server._stop_event = stop
    server.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    try:
        asyncio.run(_serve(server, stdin or sys.stdin.buffer, stop))
    except BrokenPipeError:
        log.error("the connection to the client is lost; shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


async def _serve(server: HotLanguageServer, stdin: BinaryIO, stop: threading.Event) -> None:
    loop = asyncio.get_running_loop()
    read_chunk: ReadChunk
    try:
        # The limit only sets how much is buffered before reading pauses: the framing reader bounds lines itself.
        stream = asyncio.StreamReader(limit=LINE_LIMIT)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stream), stdin)
        read_chunk = stream.read
    except (OSError, ValueError) as error:  # not a pipe, socket or terminal: read it on pygls's thread pool
        log.info("stdin cannot be read on the event loop (%s); reading it on a thread", error)
        read_some = getattr(stdin, "read1", stdin.read)

        def read_chunk(size: int) -> asyncio.Future[bytes]:
            return loop.run_in_executor(server.thread_pool, read_some, size)

    await serve_stream(server, read_chunk, stop)


async def serve_stream(server: HotLanguageServer, read_chunk: ReadChunk, stop: threading.Event) -> None:
    """Read messages off ``read_chunk`` with the framing reader and hand them to the protocol, until the stream
    ends or ``stop`` is set (stdin here, a socket in ``tcp``)."""
    protocol = cast(HotProtocol, server.protocol)

    def report(fault: FramingError) -> None:
        if protocol.initialize_received:
            server.report_server_error(fault, FramingError)  # the log and the client's log
        else:  # LSP: nothing goes to the client before initialize
            log.error("%s", fault)

    await serve(stop, FrameReader(read_chunk, report), protocol.receive, server.report_server_error)
