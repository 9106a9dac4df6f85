"""The language server: pygls wiring between LSP messages, the document store and the feature functions.

Nothing here knows HOT. A request is: find the document's snapshot (built once per version by the store),
call the feature function, adapt the result to what this client declared it can show, and answer. A
feature that raises is logged (stderr and ``window/logMessage``) and answered empty; the server goes on.

Modules:
- ``protocol``: pygls's protocol with hot-lsp's fixes;
- ``session``: :class:`HotLanguageServer`, the session's state (settings, snapshots, crash reports);
- ``document_parts``: the session's parts that work on documents (the store, the workspace index, ...), built on
  first use: ``initialize`` is answered before the analysis they import is loaded (the handler modules reach the
  features through ``features.deferred`` for the same reason);
- ``diagnostics``: pushing, pulling and refreshing diagnostics;
- ``file_tracking``: the workspace index and the documents that read other files, kept current;
- ``client_capabilities``: the one conversion of results to what the client can take;
- ``stdio``: serving on stdin/stdout, stdin read by the event loop itself; ``tcp``: the same on a socket (``--tcp``);
- ``collector``: the garbage collector's settings (what outlives a worker job is frozen);
- ``priority``: requests before analysis (the worker waits at its pause points while a feature computes);
- ``handlers``: the handler table, every method declared once with its lane, text, crash answer and encoding
  (the words are in ``methods``); the session answers its rows (``HotLanguageServer.answer``);
- the handler modules, one per group, keep only what differs (the feature calls, and the handlers of the methods
  with flows of their own): ``lifecycle`` (and settings), ``documents``, ``positional``, ``whole_document``,
  ``workspace`` (with ``hot/resourceList`` and nested stacks), ``commands`` (``workspace/executeCommand``);
- ``cloud``: the live path (``hotLsp.cloud``, ``hotLsp.stacks``): the cloud's verdict on save, its catalogue,
  a deployed stack's status in hovers, previews; requests to the cloud run on daemon threads of their own
  (``cloud_threads``), a user's command on its own thread, never behind background work, and ``exit`` waits for
  none of them.

Concurrency. Messages are read and handled in order on one asyncio loop (stdin is read on the loop's own thread,
see ``stdio``; a thread computing hands the GIL over after 1 ms rather than CPython's 5, so the loop waits little
for it while the worker analyses). Analyses run on one worker thread
(``HotLanguageServer.analysis_pool``), as do nested-stack trees and the workspace scan, so they never overlap;
while a large template is being analysed the loop still reads messages: a ``$/cancelRequest`` cancels the
waiting request (pygls answers RequestCancelled), and a newer didChange makes the pending work for the old
text moot:
- a request that names a position (completion, hover, definition, references, rename, code actions) was
  made against the text at the time it arrived; if that text is replaced while the request waits for its
  analysis, it is answered ContentModified at once (LSP reserves the error for exactly this; VS Code and
  Neovim drop it silently and ask again about the new text), without waiting for the new analysis;
- a whole-document request (symbols, links, folding, semantic tokens, pull diagnostics) is answered from
  the newest snapshot, which is what the client shows by then;
- each document has at most one analysis job on the worker and one text waiting for it, which the newest text
  replaces, so fast typing on a large file costs one analysis per worker turn, not one per keystroke, and ends
  with the last text's (store.py, diagnostics.py).
Feature functions that may take a while (completion, hover, definition, inlay hints, code actions, symbols, links,
folding, semantic tokens) run on one feature thread (the CURSOR and DOCUMENT lanes of the handler table,
``HotLanguageServer.run_in_lane``), so the loop goes on reading and answering while they compute (for those at the
cursor, the worker waits at its next pause point meanwhile: ``priority``); those that walk the workspace index
(references, rename, workspace symbols, code lenses) stay on the loop, which alone may read it. What features read from other files goes through the snapshot's file service
(thread-safe).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from pygls.exceptions import JsonRpcContentModified, JsonRpcRequestCancelled

from . import collector, methods
from .cloud import RequestFailed
from .handlers import HANDLERS
from .session import HotLanguageServer
from .stdio import start_io
from .tcp import start_tcp

__all__ = ["HotLanguageServer", "create_server", "serve"]

# How long a thread computing Python code keeps the GIL when another wants it (CPython's default is 5 ms). The event
# loop needs the GIL back after every system call it makes (reading a message, writing an answer); with the analysis
# worker computing, each wait costs up to this much, several times per request.
SWITCH_INTERVAL_S = 0.001


def create_server() -> HotLanguageServer:
    server = HotLanguageServer()
    methods.register(server, HANDLERS)
    return server


class _QuietExpectedErrors(logging.Filter):
    """pygls logs every error answer with a traceback; ContentModified, a cloud's refusal (RequestFailed) and a
    command the user cancelled (RequestCancelled) are expected answers, not faults."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, (JsonRpcContentModified, RequestFailed, JsonRpcRequestCancelled))


def serve(args: Sequence[str]) -> int:
    """``hot-lsp [--stdio] [--tcp HOST:PORT] [--log-level LEVEL]``: serve LSP until the client exits."""
    parser = argparse.ArgumentParser(prog="hot-lsp", description="hot-lsp language server")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio (for debugging)")
    parser.add_argument("--stdio", action="store_true", help="serve on stdin/stdout (the default)")
    parser.add_argument(
        "--log-level",
        default=os.environ.get("HOT_LSP_LOG_LEVEL", "WARNING"),
        help="stderr log level (default WARNING; env HOT_LSP_LOG_LEVEL)",
    )
    options = parser.parse_args(list(args))
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, str(options.log_level).upper(), logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_QuietExpectedErrors())
    address = _address(options.tcp) if options.tcp else None
    if options.tcp and address is None:
        parser.error(f"--tcp wants HOST:PORT, got {options.tcp!r}")

    server = create_server()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # Everything loaded so far lives as long as the process; freezing it keeps the collector from walking it again
    # on every collection (measured: GC was ~40% of a large parse in a long-lived process). The analysis's modules
    # are frozen once the document parts load them (before any document is in), and what outlives each worker job
    # too (collector.py).
    collector.start()

    def parts_built() -> None:
        collector.loaded()
        server.priority.install()

    server.on_parts_built = parts_built

    if address is not None:
        start_tcp(server, *address)
        return 0 if server.protocol._shutdown else 1
    start_io(server)
    # LSP: exit code 0 after shutdown + exit, 1 when the client went away without shutdown.
    return 0 if server.protocol._shutdown else 1


def _address(value: str) -> tuple[str, int] | None:
    host, _, port = value.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit():
        return None
    return host, int(port)
