"""The language server, timed from the outside: the real `hot-lsp` process over stdio, as an editor sees it.

    python bench/bench_server.py [--runs N] [--requests N]

For the corpus's largest template (endpoint_map.yaml, 9,890 lines) and its median-size template:
- start: process spawn -> initialize answer;
- didOpen -> publishDiagnostics;
- one-character didChange -> publishDiagnostics, with the debounce set to 0 (HOT_LSP_DEBOUNCE_MS=0) so
  the figure is the server's own work; editors see it plus the debounce (200 ms by default);
- completion and hover round trips on a settled document (answered from the cached analysis), and
  completion right after an edit (the analysis of the new text included);
- hover previews of evaluated values (``repeat``, ``if``, conditions) on the largest corpus templates that
  have them: the first hover after opening (the evaluation built), and ~50 hovers spread over those places;
- completion at resource type values (after ``type: OS::``) and at property keys (under ``properties:``) on the
  largest corpus templates with resources, and the first such completion on a fresh server (the resource type
  catalogue read then);
- the baseline: a bare C-accelerated ruamel.yaml compose of the same text, in this process;
- the server's RSS with every YAML file of the corpus open.
Prints median and p99 in ms. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hot_lsp.analysis.validate import analyze  # noqa: E402
from hot_lsp.document import Mapping, Scalar  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
LARGEST = "tripleo-heat-templates/network/endpoints/endpoint_map.yaml"
SERVER = [sys.executable, "-m", "hot_lsp"]
# The largest corpus templates with repeat, if and conditions (see preview_offsets).
PREVIEW_TEMPLATES = (
    "tripleo-heat-templates-rendered/overcloud.yaml",
    "tripleo-heat-templates/deployment/nova/nova-compute-container-puppet.yaml",
    "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates/kubecluster.yaml",
)
# The largest corpus templates with many resources: completion of types and property names.
RESOURCE_TEMPLATES = (
    "tripleo-heat-templates-rendered/overcloud.yaml",
    "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates/kubecluster.yaml",
)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def row(label: str, samples: list[float]) -> str:
    return f"  {label:<44} median {statistics.median(samples):8.1f} ms   p99 {percentile(samples, 0.99):8.1f} ms"


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("hot-lsp-bench", "1")
        self.waiting: dict[tuple[str, int | None], asyncio.Future[float]] = {}
        self.received: dict[str, int | None] = {}

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            arrived = time.perf_counter()
            self.received[params.uri] = params.version
            future = self.waiting.pop((params.uri, params.version), None)
            if future is not None and not future.done():
                future.set_result(arrived)

    def expect(self, uri: str, version: int | None) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[(uri, version)] = future
        return future


CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    text_document=types.TextDocumentClientCapabilities(
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(
                snippet_support=True, documentation_format=[types.MarkupKind.Markdown]
            )
        ),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
    ),
)


async def start(env: dict[str, str]) -> tuple[Client, float]:
    client = Client()
    began = time.perf_counter()
    await client.start_io(*SERVER, env=env)
    await client.initialize_async(types.InitializeParams(capabilities=CAPABILITIES, process_id=os.getpid()))
    elapsed = (time.perf_counter() - began) * 1000
    client.initialized(types.InitializedParams())
    return client, elapsed


async def stop(client: Client) -> None:
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


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


def probe_offsets(text: str, count: int) -> tuple[list[int], list[int]]:
    """Hover points (on function names) and completion points (in get_param arguments), spread over the file."""
    names = [i for i in range(len(text)) if text.startswith("get_param", i) or text.startswith("get_attr", i)]
    arguments = [i + len("get_param: ") for i in range(len(text)) if text.startswith("get_param: ", i)]
    names = names or [text.index(":")]
    arguments = arguments or [text.index(":") + 1]

    def spread(points: list[int]) -> list[int]:
        step = max(1, len(points) // count)
        chosen = points[::step][:count]
        while len(chosen) < count:
            chosen += chosen[: count - len(chosen)]
        return chosen

    return [i + 3 for i in spread(names)], [i + 2 for i in spread(arguments)]


def median_template() -> Path:
    templates = sorted(
        (p for p in CORPUS.rglob("*.y*ml") if "heat_template_version" in p.read_text(errors="replace")[:4000]),
        key=lambda p: p.stat().st_size,
    )
    return templates[len(templates) // 2]


def compose_ms(text: str, runs: int) -> list[float]:
    yaml = YAML(typ="safe", pure=False)
    yaml.compose(text)
    samples = []
    for _ in range(runs):
        gc.disable()
        began = time.perf_counter()
        yaml.compose(text)
        samples.append((time.perf_counter() - began) * 1000)
        gc.enable()
    return samples


async def bench_file(client: Client, path: Path, runs: int, requests: int) -> None:
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(CORPUS)
    print(f"{rel} ({text.count(chr(10)):,} lines)")
    print(row("ruamel.yaml C compose (baseline)", compose_ms(text, runs)))

    opens = []
    for run in range(runs):
        uri = f"{path.as_uri()}?open={run}"
        arrived = client.expect(uri, 1)
        began = time.perf_counter()
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
        opens.append((await asyncio.wait_for(arrived, 60) - began) * 1000)
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    print(row("didOpen -> diagnostics", opens))

    uri = path.as_uri()
    arrived = client.expect(uri, 1)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
    )
    await asyncio.wait_for(arrived, 60)
    document = types.TextDocumentIdentifier(uri)
    # Type a character at the end of the first line and delete it again, alternately.
    end_of_first = position(text, text.index("\n"))
    after = types.Position(end_of_first.line, end_of_first.character + 1)
    version = 1
    edits = []
    composes = []  # measured between the edits, so machine noise hits both alike
    compose_cpu = 0.0
    server_cpu = 0.0
    pid = client._server.pid
    yaml = YAML(typ="safe", pure=False)
    for run in range(runs):
        cpu_began = time.process_time()
        gc.disable()
        began = time.perf_counter()
        yaml.compose(text)
        composes.append((time.perf_counter() - began) * 1000)
        compose_cpu += (time.process_time() - cpu_began) * 1000
        gc.enable()
        version += 1
        insert = run % 2 == 0
        change = types.TextDocumentContentChangePartial(
            range=types.Range(end_of_first, end_of_first if insert else after), text=" " if insert else ""
        )
        arrived = client.expect(uri, version)
        cpu_began = cpu_ms(pid)
        began = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change])
        )
        edits.append((await asyncio.wait_for(arrived, 60) - began) * 1000)
        server_cpu += cpu_ms(pid) - cpu_began
    print(row("1-char didChange -> diagnostics (no debounce)", edits))
    print(
        f"  {'   CPU per edit: server / bare compose':<44} {server_cpu / runs:6.1f} ms / {compose_cpu / runs:.1f} ms"
        f" = {server_cpu / compose_cpu:.2f}x"
    )
    ratio = statistics.median(edits) / statistics.median(composes)
    print(
        f"  {'   ... / bare compose (interleaved)':<44} {ratio:.2f}x  (compose median {statistics.median(composes):.1f} ms)"
    )

    if version % 2 == 0:  # leave the text as it was
        version += 1
        change = types.TextDocumentContentChangePartial(range=types.Range(end_of_first, after), text="")
        arrived = client.expect(uri, version)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change])
        )
        await asyncio.wait_for(arrived, 60)

    hovers, completions = probe_offsets(text, requests)
    floor = []  # a request the server answers with nothing: the transport's own cost
    unknown = types.TextDocumentIdentifier(uri=f"{uri}?not-open")
    for _ in range(requests):
        began = time.perf_counter()
        await client.text_document_hover_async(types.HoverParams(unknown, types.Position(0, 0)))
        floor.append((time.perf_counter() - began) * 1000)
    print(row("empty answer (transport floor)", floor))
    for label, method, offsets in (
        ("hover (settled document)", "hover", hovers),
        ("completion (settled document)", "completion", completions),
    ):
        samples = []
        cpu_began = cpu_ms(pid)
        for offset in offsets:
            at = position(text, offset)
            began = time.perf_counter()
            if method == "hover":
                await client.text_document_hover_async(types.HoverParams(document, at))
            else:
                await client.text_document_completion_async(types.CompletionParams(document, at))
            samples.append((time.perf_counter() - began) * 1000)
        print(row(label, samples) + f"   (server CPU {(cpu_ms(pid) - cpu_began) / len(offsets):.1f} ms each)")

    # Completion right after an edit: the realistic typing case, new analysis included.
    samples = []
    for run in range(min(runs, 20)):
        version += 1
        insert = run % 2 == 0
        change = types.TextDocumentContentChangePartial(
            range=types.Range(end_of_first, end_of_first if insert else after), text=" " if insert else ""
        )
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change])
        )
        began = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(document, position(text, completions[run % len(completions)]))
        )
        samples.append((time.perf_counter() - began) * 1000)
    print(row("didChange + completion at once", samples))
    client.text_document_did_close(types.DidCloseTextDocumentParams(document))


def preview_offsets(text: str) -> dict[str, list[int]]:
    """Where hovers preview an evaluation: repeat and if keys, condition definitions and references."""
    model = analyze(text).model
    if model is None:
        return {}
    found: dict[str, list[int]] = {
        "repeat": [c.key.start + 1 for c in model.calls if c.name == "repeat"],
        "if": [c.key.start + 1 for c in model.calls if c.name == "if"],
        "condition": [entry.key.start + 1 for entry in model.conditions.values()]
        + [r.node.start + 1 for r in model.references if r.kind == "condition" and r.via != "if"],
    }
    return {kind: offsets for kind, offsets in found.items() if offsets}


async def bench_previews(client: Client, path: Path, requests: int) -> None:
    text = path.read_text(encoding="utf-8")
    places = preview_offsets(text)
    counts = ", ".join(f"{len(offsets)} {kind}" for kind, offsets in places.items())
    print(f"{path.relative_to(CORPUS)} ({text.count(chr(10)):,} lines; {counts})")
    # Round robin over the kinds, so each gets its share of the requests.
    queues = [list(offsets) for offsets in places.values()]
    order: list[int] = []
    while len(order) < requests and any(queues):
        for queue in queues:
            if queue and len(order) < requests:
                order.append(queue.pop(0))
    while len(order) < requests:
        order += order[: requests - len(order)]
    firsts = []
    for run in range(5):
        uri = f"{path.as_uri()}?preview={run}"
        arrived = client.expect(uri, 1)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
        await asyncio.wait_for(arrived, 60)
        document = types.TextDocumentIdentifier(uri)
        began = time.perf_counter()
        await client.text_document_hover_async(types.HoverParams(document, position(text, order[run % len(order)])))
        firsts.append((time.perf_counter() - began) * 1000)
        if run < 4:
            client.text_document_did_close(types.DidCloseTextDocumentParams(document))
    print(row("first hover preview after didOpen", firsts))
    samples = []
    previews = 0
    pid = client._server.pid
    cpu_began = cpu_ms(pid)
    for offset in order:
        began = time.perf_counter()
        result = await client.text_document_hover_async(types.HoverParams(document, position(text, offset)))
        samples.append((time.perf_counter() - began) * 1000)
        value = result.contents.value if result is not None and isinstance(result.contents, types.MarkupContent) else ""
        first_line = value.split("\n", 1)[0]
        previews += "\n---\n" in value or (first_line.startswith("**condition** `") and "defined on" not in first_line)
    print(
        row(f"hover preview ({len(order)} on repeat/if/condition)", samples)
        + f"   (server CPU {(cpu_ms(pid) - cpu_began) / len(order):.1f} ms each; {previews} with a preview)"
    )
    client.text_document_did_close(types.DidCloseTextDocumentParams(document))


def resource_offsets(text: str) -> dict[str, list[int]]:
    """Completion points: in each resource's `type` value (after `OS::`) and in each key of its block `properties`."""
    model = analyze(text).model
    if model is None:
        return {}
    types_at: list[int] = []
    keys_at: list[int] = []
    for entry in model.resources.values():
        kind = entry.get("type")
        if isinstance(kind, Scalar) and isinstance(kind.value, str) and kind.value.startswith("OS::"):
            types_at.append(kind.start + 4)
        properties = entry.get("properties")
        if isinstance(properties, Mapping) and not properties.flow:
            keys_at += [pair.key.start + min(2, pair.key.end - pair.key.start) for pair in properties.pairs]
    return {"type value": types_at, "property key": keys_at}


def spread_to(points: list[int], count: int) -> list[int]:
    step = max(1, len(points) // count)
    chosen = points[::step][:count]
    while chosen and len(chosen) < count:
        chosen += chosen[: count - len(chosen)]
    return chosen


async def bench_resource_completion(client: Client, path: Path, requests: int) -> None:
    text = path.read_text(encoding="utf-8")
    places = resource_offsets(text)
    counts = ", ".join(f"{len(offsets)} {kind}s" for kind, offsets in places.items())
    print(f"{path.relative_to(CORPUS)} ({text.count(chr(10)):,} lines; {counts})")
    uri = f"{path.as_uri()}?types"
    arrived = client.expect(uri, 1)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
    )
    await asyncio.wait_for(arrived, 60)
    document = types.TextDocumentIdentifier(uri)
    pid = client._server.pid
    for kind, offsets in places.items():
        samples = []
        answered = 0
        cpu_began = cpu_ms(pid)
        chosen = spread_to(offsets, requests)
        for offset in chosen:
            began = time.perf_counter()
            result = await client.text_document_completion_async(
                types.CompletionParams(document, position(text, offset))
            )
            samples.append((time.perf_counter() - began) * 1000)
            answered += len(result.items) if isinstance(result, types.CompletionList) else len(result or [])
        if samples:
            print(
                row(f"completion at a {kind} ({len(samples)})", samples)
                + f"   (server CPU {(cpu_ms(pid) - cpu_began) / len(samples):.1f} ms each;"
                f" {answered / len(samples):.0f} items on average)"
            )
    client.text_document_did_close(types.DidCloseTextDocumentParams(document))


async def bench_first_type_completion(env: dict[str, str]) -> None:
    """A fresh server: open a template, then the first completion at a type value (the catalogue read then)."""
    path = CORPUS / RESOURCE_TEMPLATES[-1]
    text = path.read_text(encoding="utf-8")
    offset = resource_offsets(text)["type value"][0]
    firsts = []
    for _ in range(5):
        client, _ = await start(env)
        uri = path.as_uri()
        arrived = client.expect(uri, 1)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
        await asyncio.wait_for(arrived, 60)
        began = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), position(text, offset))
        )
        firsts.append((time.perf_counter() - began) * 1000)
        await stop(client)
    print(row("first type completion on a fresh server", firsts))


async def bench_corpus_rss(env: dict[str, str]) -> None:
    client, _ = await start(env)
    pid = client._server.pid
    idle = rss_kib(pid)
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    waits = []
    began = time.perf_counter()
    for path in files:
        uri = path.as_uri()
        waits.append(client.expect(uri, 1))
        text = path.read_text(encoding="utf-8", errors="replace")
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
    await asyncio.wait_for(asyncio.gather(*waits), 300)
    elapsed = time.perf_counter() - began
    size = sum(p.stat().st_size for p in files) / 1e6
    print(f"whole corpus open: {len(files)} YAML files, {size:.1f} MB, all diagnosed in {elapsed:.1f} s")
    print(f"  RSS idle after initialize {idle / 1024:8.1f} MiB")
    print(f"  RSS with the corpus open  {rss_kib(pid) / 1024:8.1f} MiB")
    await stop(client)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30, help="opens and edits per file")
    parser.add_argument("--requests", type=int, default=50, help="hover and completion requests per file")
    options = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"the corpus is not at {CORPUS}")
    env = {**os.environ, "HOT_LSP_DEBOUNCE_MS": "0"}

    starts = []
    for _ in range(5):
        client, elapsed = await start(env)
        starts.append(elapsed)
        await stop(client)
    print("server")
    print(row("start -> initialize answer", starts))

    client, _ = await start(env)
    for path in (CORPUS / LARGEST, median_template()):
        await bench_file(client, path, options.runs, options.requests)
    print("hover previews of evaluated values")
    for name in PREVIEW_TEMPLATES:
        await bench_previews(client, CORPUS / name, options.requests)
    print("resource types and properties")
    for name in RESOURCE_TEMPLATES:
        await bench_resource_completion(client, CORPUS / name, options.requests)
    await stop(client)
    await bench_first_type_completion(env)
    await bench_corpus_rss(env)


if __name__ == "__main__":
    asyncio.run(main())
