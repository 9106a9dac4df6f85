"""The plumbing of bench_server.py: an LSP client that timestamps each publishDiagnostics, servers started from a
given checkout, the figures kept per measure and per server, and small text helpers.

Figures are wall-clock round trips as the client sees them; nothing here pauses the garbage collector (neither the
client's nor the server's), so the figures include it, as an editor's would.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
# The bench analyses texts itself (to find where to edit and hover), which may start hot-lsp's yaql helper process:
# it must find this checkout's package whatever the working folder.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


@dataclass(frozen=True, slots=True)
class Server:
    """A checkout of hot-lsp to run: ``label`` names it in the figures; ``path`` is put first on its import path."""

    label: str
    path: Path

    def command(self) -> list[str]:
        return [sys.executable, "-m", "hot_lsp"]

    def env(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key != "HOT_LSP_DEBOUNCE_MS"}  # the default
        env["PYTHONPATH"] = str(self.path)
        return env


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("hot-lsp-bench", "1")
        self.waiting: dict[tuple[str, int | None], asyncio.Future[float]] = {}
        self.versions: dict[str, list[int | None]] = defaultdict(list)  # published versions by uri, in order

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            arrived = time.perf_counter()
            self.versions[params.uri].append(params.version)
            future = self.waiting.pop((params.uri, params.version), None)
            if future is not None and not future.done():
                future.set_result(arrived)

    def expect(self, uri: str, version: int | None) -> asyncio.Future[float]:
        """A future that gets the arrival time of the publishDiagnostics of ``uri`` at ``version``."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[(uri, version)] = future
        return future

    @property
    def pid(self) -> int:
        return int(self._server.pid)  # type: ignore[union-attr]

    def open(self, uri: str, text: str, version: int = 1) -> asyncio.Future[float]:
        arrived = self.expect(uri, version)
        item = types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)
        self.text_document_did_open(types.DidOpenTextDocumentParams(item))
        return arrived

    def close(self, uri: str) -> None:
        self.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))

    def change(self, uri: str, version: int, start: types.Position, end: types.Position, text: str) -> None:
        change = types.TextDocumentContentChangePartial(range=types.Range(start, end), text=text)
        document = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
        self.text_document_did_change(types.DidChangeTextDocumentParams(document, [change]))


# Completion as the VS Code extension's client declares it (vscode-languageclient 9.0.1, editors/vscode): long docs
# come on completionItem/resolve, and the range every item replaces once in itemDefaults.
VSCODE_COMPLETION = types.CompletionClientCapabilities(
    completion_item=types.ClientCompletionItemOptions(
        snippet_support=True,
        commit_characters_support=True,
        documentation_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText],
        deprecated_support=True,
        preselect_support=True,
        tag_support=types.CompletionItemTagOptions(value_set=[types.CompletionItemTag.Deprecated]),
        insert_replace_support=True,
        resolve_support=types.ClientCompletionItemResolveOptions(
            properties=["documentation", "detail", "additionalTextEdits"]
        ),
        insert_text_mode_support=types.ClientCompletionItemInsertTextModeOptions(
            value_set=[types.InsertTextMode.AsIs, types.InsertTextMode.AdjustIndentation]
        ),
        label_details_support=True,
    ),
    insert_text_mode=types.InsertTextMode.AdjustIndentation,
    context_support=True,
    completion_list=types.CompletionListCapabilities(
        item_defaults=["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"]
    ),
)

CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    text_document=types.TextDocumentClientCapabilities(
        completion=VSCODE_COMPLETION,
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
    ),
)


async def start(server: Server, options: Any = None, root: Path | None = None) -> tuple[Client, float]:
    """A running, initialized server of ``server``'s checkout, and the ms from spawn to the initialize answer;
    ``options``: its initializationOptions, ``root``: its one workspace folder."""
    client = Client()
    began = time.perf_counter()
    await client.start_io(*server.command(), env=server.env(), cwd=str(server.path))
    folders = [types.WorkspaceFolder(uri=root.as_uri(), name=root.name)] if root is not None else None
    await client.initialize_async(
        types.InitializeParams(
            capabilities=CAPABILITIES,
            process_id=os.getpid(),
            initialization_options=options,
            root_uri=root.as_uri() if root is not None else None,
            workspace_folders=folders,
        )
    )
    elapsed = (time.perf_counter() - began) * 1000
    client.initialized(types.InitializedParams())
    return client, elapsed


async def stop(client: Client) -> None:
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


def settle_client_heap() -> None:
    """Before a timed loop: this process's own collector is to walk only what the loop allocates.

    The bench is a Python client, and its full collections walk everything it keeps alive since its last freeze (its
    imports, the analyses it made to find places to edit and hover, the texts it types into): 35 ms at a time during
    the storm, landing on whichever answer was being read and counted as the server's. An editor's own pauses are
    not the server's (VS Code parses the same answer in V8), so each section freezes what it set up before it times
    anything; the collector still runs over what the loop allocates, and the server's collector is left alone."""
    gc.collect()
    gc.freeze()


def cpu_ms(pid: int) -> float:
    """User + system CPU time the process has used: unlike wall time, barely moved by a busy machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def position(text: str, offset: int) -> types.Position:
    line_start = text.rfind("\n", 0, offset) + 1
    return types.Position(
        line=text.count("\n", 0, offset), character=len(text[line_start:offset].encode("utf-16-le")) // 2
    )


def spread_to(points: list[int], count: int) -> list[int]:
    """``count`` of ``points`` spread over the list (repeated when there are fewer)."""
    step = max(1, len(points) // count)
    chosen = points[::step][:count]
    while chosen and len(chosen) < count:
        chosen += chosen[: count - len(chosen)]
    return chosen


@dataclass(slots=True)
class Figures:
    """Samples (ms) per measure and server, and notes (a figure that is not a distribution) per measure and server."""

    samples: dict[str, dict[str, list[float]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    notes: dict[str, dict[str, list[str]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    order: list[str] = field(default_factory=list)

    def add(self, measure: str, label: str, values: list[float]) -> None:
        if measure not in self.order:
            self.order.append(measure)
        self.samples[measure][label].extend(values)

    def note(self, measure: str, label: str, text: str) -> None:
        if measure not in self.order:
            self.order.append(measure)
        self.notes[measure][label].append(text)

    def print(self) -> None:
        for measure in self.order:
            print(measure)
            labels = list(dict.fromkeys([*self.samples[measure], *self.notes[measure]]))
            for label in labels:
                values = self.samples[measure].get(label, [])
                line = f"  {label:<8}"
                if values:
                    line += (
                        f" p50 {statistics.median(values):8.1f}   p90 {percentile(values, 0.9):8.1f}"
                        f"   p99 {percentile(values, 0.99):8.1f} ms   (n={len(values)})"
                    )
                for text in self.notes[measure].get(label, []):
                    line += f"   {text}"
                print(line)
        sys.stdout.flush()
