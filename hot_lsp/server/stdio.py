"""Serving LSP on stdin/stdout, with stdin read by the event loop itself.

pygls 2.1 reads stdin through a thread pool: each header line and each body is one ``run_in_executor`` call, so
every message crosses between threads three times. While the analysis worker computes, each crossing waits for
the GIL (up to the interpreter's switch interval, twice), and a burst of keystrokes then queues behind those
waits: measured on endpoint_map.yaml, a hover sent during an edit storm waited 100 ms at the median. Here stdin is
an asyncio pipe, read without leaving the loop's thread; the messages go to pygls's own reading loop
(``pygls.io_.run_async``) unchanged. When stdin cannot be watched by the loop (a regular file), pygls's reader is
used.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import Any, BinaryIO

from pygls.io_ import StdinAsyncReader, StdoutWriter, run_async
from pygls.server import JsonRPCServer

log = logging.getLogger("hot_lsp.server")

_LINE_LIMIT = 1 << 20  # a header line longer than this is not LSP


class _PipeReader:
    """pygls's reader interface over an asyncio stream: ``readexactly`` gives what there is at end of input.

    Reading what is already buffered does not yield to the loop, so without a yield the handler tasks of a batch of
    messages would all start after the whole batch was read: a hover followed by a didChange in the same read would
    start after the change, and be answered for the new text instead of ContentModified. Each line read yields
    once first, so the tasks of the messages read so far start (and note the text they are about) before the next
    message is handled, as they did with pygls's reader."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream

    async def readline(self) -> bytes:
        await asyncio.sleep(0)
        return await self._stream.readline()

    async def readexactly(self, n: int) -> bytes:
        try:
            return await self._stream.readexactly(n)
        except asyncio.IncompleteReadError as error:
            return error.partial


def start_io(server: JsonRPCServer, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
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


async def _serve(server: JsonRPCServer, stdin: BinaryIO, stop: threading.Event) -> None:
    loop = asyncio.get_running_loop()
    reader: Any
    try:
        stream = asyncio.StreamReader(limit=_LINE_LIMIT)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stream), stdin)
        reader = _PipeReader(stream)
    except (OSError, ValueError) as error:  # not a pipe, socket or terminal: read it on pygls's thread pool
        log.info("stdin cannot be read on the event loop (%s); reading it on a thread", error)
        reader = StdinAsyncReader(stdin, server.thread_pool)
    await run_async(stop_event=stop, reader=reader, protocol=server.protocol, error_handler=server.report_server_error)
