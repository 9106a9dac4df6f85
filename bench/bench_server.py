"""The language server, timed from the outside: the real `hot-lsp` process over stdio, as an editor sees it.

    python bench/bench_server.py [--runs N] [--requests N] [--rounds N] [--server LABEL=PATH ...] [--only SECTION,...]

The client declares completion as the VS Code extension's client does (``lsp_bench.VSCODE_COMPLETION``: long
documentation on completionItem/resolve, the shared edit range in itemDefaults). Every server runs with the
scheduling the user gets (``HOT_LSP_DEBOUNCE_MS`` is removed from its environment), and
nothing pauses the garbage collector, neither here nor in the server. With several ``--server`` checkouts (say the
code before a change and after it) the sections alternate between them, round after round, so the machine's noise
hits both alike; figures are pooled per server over the rounds. Sections:

- ``start``: process spawn -> initialize answer;
- ``edits``: for endpoint_map.yaml (9,890 lines), nova-compute-container-puppet.yaml (1,746) and aodh-base.yaml
  (107): didOpen -> publishDiagnostics, then one-character edits inside the first parameter's description (a
  character typed, then deleted, alternately), each timed from the didChange to the publishDiagnostics of that
  version, with a bare C-accelerated ruamel.yaml compose of the same text timed in this process between the edits
  (the baseline: the ratios are edit / compose at the same percentile), and the server's CPU per edit;
- ``requests``: on endpoint_map.yaml and the 1,746-line template, settled: an empty answer (the transport floor),
  hover, completion and signature help round trips (signature help where completion is asked: in get_param's
  argument; skipped for a checkout without it), and a completion sent right after an edit (its analysis included);
- ``storm``: hover and completion round trips on the settled 1,746-line template while endpoint_map.yaml is edited
  every 25 ms (holding a key down), so the analysis worker is busy the whole time, and the resolve of the first
  item of each list whose documentation was left for it (VS Code shows it beside the list); then the time from the storm's last edit to
  its diagnostics, and whether any version went out after a newer one;
- ``previews``: hovers whose answer is an evaluation (``repeat``, ``if``, conditions) on the largest corpus
  templates that have them: the first after opening a document, and ~50 spread over those places;
- ``types``: completion at resource type values (after ``type: OS::``) and property keys, and the first type
  completion on a fresh server (the catalogue read then);
- ``corpus``: the server's RSS idle and with every YAML file of the corpus open;
- ``stack``: TripleO's overcloud.yaml as TripleO deploys it (the raw tree with the rendered files laid over it, in a
  temporary folder) with ``hotLsp.environments`` naming the rendered resource registry, so each nested template a
  resource reaches is analysed in the stack (E7020): didOpen -> diagnostics on a fresh server (every child analysed
  once), then one-character edits in a description (the children's analyses cached: nothing they are passed
  changed) and one-character edits in a parameter's default that the services' templates are passed.

Prints p50 / p90 / p99 in ms per measure and server. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compile_checkout
from lsp_bench import (
    CORPUS,
    ROOT,
    Client,
    Figures,
    Server,
    cpu_ms,
    percentile,
    position,
    rss_kib,
    settle_client_heap,
    spread_to,
    start,
    stop,
)
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from ruamel.yaml import YAML

sys.path.insert(0, str(ROOT))

from hot_lsp.analysis.validate import analyze  # noqa: E402
from hot_lsp.document import Mapping, Scalar  # noqa: E402

LARGEST = "tripleo-heat-templates/network/endpoints/endpoint_map.yaml"
MIDDLE = "tripleo-heat-templates/deployment/nova/nova-compute-container-puppet.yaml"
SMALL = "tripleo-heat-templates/deployment/aodh/aodh-base.yaml"
# The largest corpus templates with repeat, if and conditions (see preview_offsets).
PREVIEW_TEMPLATES = (
    "tripleo-heat-templates-rendered/overcloud.yaml",
    MIDDLE,
    "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates/kubecluster.yaml",
)
# The largest corpus templates with many resources: completion of types and property names.
RESOURCE_TEMPLATES = (
    "tripleo-heat-templates-rendered/overcloud.yaml",
    "magnum/magnum/drivers/k8s_fedora_coreos_v1/templates/kubecluster.yaml",
)
STORM_INTERVAL_S = 0.025  # one edit every 25 ms: a key held down
SECTIONS = ("start", "edits", "requests", "storm", "previews", "types", "corpus", "stack")
TRIPLEO, TRIPLEO_RENDERED = CORPUS / "tripleo-heat-templates", CORPUS / "tripleo-heat-templates-rendered"
WAIT_S = 120


def description_offset(text: str) -> int:
    """Just after the first word character of the first parameter's description: where the edits go."""
    model = analyze(text).model
    assert model is not None, "not a template"
    for entry in model.parameters.values():
        description = entry.get("description")
        if isinstance(description, Scalar):
            found = re.search(r"\w", text[description.start : description.end])
            if found is not None:
                return description.start + found.start() + 1
    raise ValueError("no parameter has a description")


def probe_offsets(text: str, count: int) -> tuple[list[int], list[int]]:
    """Hover points (on function names) and completion points (in get_param arguments), spread over the file."""
    names = [i for i in range(len(text)) if text.startswith("get_param", i) or text.startswith("get_attr", i)]
    arguments = [i + len("get_param: ") for i in range(len(text)) if text.startswith("get_param: ", i)]
    names = names or [text.index(":")]
    arguments = arguments or [text.index(":") + 1]
    return [i + 3 for i in spread_to(names, count)], [i + 2 for i in spread_to(arguments, count)]


class Typist:
    """One-character edits at one place of an open document: a character typed, then deleted, alternately."""

    def __init__(self, client: Client, uri: str, text: str, offset: int, version: int = 1) -> None:
        self.client, self.uri, self.version = client, uri, version
        self.at = position(text, offset)
        self.after = types.Position(self.at.line, self.at.character + 1)

    def edit(self) -> int:
        """Send the next edit; its version."""
        self.version += 1
        typed = self.version % 2 == 0
        self.client.change(self.uri, self.version, self.at, self.at if typed else self.after, "x" if typed else "")
        return self.version

    async def settle(self) -> None:
        """Leave the text as it was opened, with its diagnostics published."""
        if self.version % 2 == 0:
            arrived = self.client.expect(self.uri, self.version + 1)
            self.edit()
            await asyncio.wait_for(arrived, WAIT_S)


async def bench_edits(client: Client, figures: Figures, label: str, name: str, runs: int) -> None:
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    title = f"{path.name} ({text.count(chr(10)):,} lines)"
    opens = []
    for run in range(runs):
        uri = f"{path.as_uri()}?open={run}"
        began = time.perf_counter()
        arrived = client.open(uri, text)
        opens.append((await asyncio.wait_for(arrived, WAIT_S) - began) * 1000)
        client.close(uri)
    figures.add(f"{title}: didOpen -> diagnostics", label, opens)

    uri = path.as_uri()
    await asyncio.wait_for(client.open(uri, text), WAIT_S)
    typist = Typist(client, uri, text, description_offset(text))
    yaml = YAML(typ="safe", pure=False)
    yaml.compose(text)
    settle_client_heap()
    edits, composes = [], []
    server_cpu = 0.0
    for _ in range(runs):
        began = time.perf_counter()  # the baseline, between the edits: machine noise hits both alike
        yaml.compose(text)
        composes.append((time.perf_counter() - began) * 1000)
        arrived = client.expect(uri, typist.version + 1)
        cpu_began = cpu_ms(client.pid)
        began = time.perf_counter()
        typist.edit()
        edits.append((await asyncio.wait_for(arrived, WAIT_S) - began) * 1000)
        server_cpu += cpu_ms(client.pid) - cpu_began
    await typist.settle()
    client.close(uri)
    edit_measure = f"{title}: 1-char edit in a description -> its diagnostics"
    figures.add(edit_measure, label, edits)
    figures.add(f"{title}: C compose (sampled between the edits)", label, composes)
    ratios = " / ".join(f"{_at(edits, fraction) / _at(composes, fraction):.2f}" for fraction in (0.5, 0.9, 0.99))
    figures.note(edit_measure, label, f"/ compose p50/p90/p99 {ratios}; server CPU {server_cpu / runs:.1f} ms each")


async def bench_half_typed(client: Client, figures: Figures, label: str, name: str, runs: int) -> None:
    """Completion while a flow map is half-typed near the end of the file (the editing soak's slow case): the text
    does not parse until its "}" is typed, and each keystroke (a character typed, then deleted) is answered by a
    completion at the cursor at once."""
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    line = len(lines) * 9 // 10
    indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
    half = f"{indent}soak_1: {{get_param: soa"
    uri = f"{path.as_uri()}?half-typed"
    await asyncio.wait_for(client.open(uri, text), WAIT_S)
    end = types.Position(line, len(lines[line]))
    arrived = client.expect(uri, 2)
    client.change(uri, 2, end, end, f"\n{half}")
    await asyncio.wait_for(arrived, WAIT_S)
    document = types.TextDocumentIdentifier(uri)
    at, after = types.Position(line + 1, len(half)), types.Position(line + 1, len(half) + 1)
    settle_client_heap()
    samples = []
    version = 2
    for _ in range(min(runs, 20)):
        version += 1
        typed = version % 2 == 1
        client.change(uri, version, at, at if typed else after, "m" if typed else "")
        began = time.perf_counter()
        await client.text_document_completion_async(types.CompletionParams(document, after if typed else at))
        samples.append((time.perf_counter() - began) * 1000)
    client.close(uri)
    title = f"{path.name} ({text.count(chr(10)):,} lines)"
    figures.add(f"{title}: completion while a flow map is half-typed at line {line + 2:,}", label, samples)


def _at(samples: list[float], fraction: float) -> float:
    return max(percentile(samples, fraction), 1e-9)


async def bench_requests(client: Client, figures: Figures, label: str, name: str, runs: int, requests: int) -> None:
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    title = f"{path.name} ({text.count(chr(10)):,} lines)"
    uri = path.as_uri()
    await asyncio.wait_for(client.open(uri, text), WAIT_S)
    document = types.TextDocumentIdentifier(uri)
    floor = []  # a request the server answers with nothing: the transport's own cost
    unknown = types.TextDocumentIdentifier(uri=f"{uri}?not-open")
    for _ in range(requests):
        began = time.perf_counter()
        await client.text_document_hover_async(types.HoverParams(unknown, types.Position(0, 0)))
        floor.append((time.perf_counter() - began) * 1000)
    figures.add("empty answer (transport floor)", label, floor)
    hovers, completions = probe_offsets(text, requests)
    settle_client_heap()
    for kind, offsets in (("hover", hovers), ("completion", completions), ("signature help", completions)):
        samples = []
        cpu_began = cpu_ms(client.pid)
        for offset in offsets:
            at = position(text, offset)
            began = time.perf_counter()
            if kind == "hover":
                await client.text_document_hover_async(types.HoverParams(document, at))
            elif kind == "completion":
                await client.text_document_completion_async(types.CompletionParams(document, at))
            else:
                try:
                    await client.text_document_signature_help_async(types.SignatureHelpParams(document, at))
                except JsonRpcMethodNotFound:  # a checkout from before signature help
                    break
            samples.append((time.perf_counter() - began) * 1000)
        if not samples:
            continue
        measure = f"{title}: {kind}, quiet"
        figures.add(measure, label, samples)
        figures.note(measure, label, f"server CPU {(cpu_ms(client.pid) - cpu_began) / len(offsets):.1f} ms each")

    # Completion right after an edit: the typing case, the new text's analysis included.
    typist = Typist(client, uri, text, description_offset(text))
    samples = []
    for run in range(min(runs, 20)):
        typist.edit()
        began = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(document, position(text, completions[run % len(completions)]))
        )
        samples.append((time.perf_counter() - began) * 1000)
    await typist.settle()
    figures.add(f"{title}: didChange + completion at once", label, samples)

    # Semantic tokens of a new text (they are kept per analysis): each after an edit's diagnostics arrived.
    samples = []
    for _ in range(min(runs, 20)):
        arrived = client.expect(uri, typist.version + 1)
        typist.edit()
        await asyncio.wait_for(arrived, WAIT_S)
        began = time.perf_counter()
        await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(document))
        samples.append((time.perf_counter() - began) * 1000)
    await typist.settle()
    figures.add(f"{title}: semantic tokens of a new version", label, samples)
    client.close(uri)


async def bench_storm(client: Client, figures: Figures, label: str, requests: int) -> None:
    """Requests on a settled document while another one is edited faster than it can be analysed."""
    stormed_path, target_path = CORPUS / LARGEST, CORPUS / MIDDLE
    stormed_text, text = stormed_path.read_text(encoding="utf-8"), target_path.read_text(encoding="utf-8")
    stormed, uri = f"{stormed_path.as_uri()}?storm", f"{target_path.as_uri()}?storm"
    await asyncio.wait_for(asyncio.gather(client.open(stormed, stormed_text), client.open(uri, text)), WAIT_S)
    typist = Typist(client, stormed, stormed_text, description_offset(stormed_text))
    document = types.TextDocumentIdentifier(uri)
    hovers, completions = probe_offsets(text, requests)
    storming = True
    sent: list[int] = []

    async def storm() -> None:
        while storming:
            sent.append(typist.edit())
            await asyncio.sleep(STORM_INTERVAL_S)

    task = asyncio.ensure_future(storm())
    await asyncio.sleep(0.3)  # the worker busy
    settle_client_heap()
    samples: dict[str, list[float]] = {"hover": [], "completion": [], "resolve of an item": []}
    listed: types.CompletionList | list[types.CompletionItem] | None = None
    for index in range(requests):
        for kind in ("hover", "completion"):
            offset = (hovers if kind == "hover" else completions)[index]
            began = time.perf_counter()
            if kind == "hover":
                await client.text_document_hover_async(types.HoverParams(document, position(text, offset)))
            else:
                listed = await client.text_document_completion_async(
                    types.CompletionParams(document, position(text, offset))
                )
            samples[kind].append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.01)
        first = _first_deferred(listed)
        if first is not None:  # the documentation VS Code shows beside the list, once the user stops on the item
            began = time.perf_counter()
            await client.completion_item_resolve_async(first)
            samples["resolve of an item"].append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.01)
    storming = False
    await task
    arrived = client.expect(stormed, typist.version + 1)
    ended = time.perf_counter()
    last = typist.edit()  # the storm's last edit, its diagnostics awaited
    figures.add(
        "storm: its last edit -> its diagnostics", label, [(await asyncio.wait_for(arrived, WAIT_S) - ended) * 1000]
    )
    for kind, values in samples.items():
        if values:
            figures.add(f"{target_path.name}: {kind} during an edit storm on {stormed_path.name}", label, values)
    published = [v for v in client.versions[stormed] if v is not None and v > 1]
    backwards = sum(1 for a, b in zip(published, published[1:], strict=False) if b < a)
    figures.note(
        "storm: its last edit -> its diagnostics",
        label,
        f"{len(sent)} edits, {len(published)} published, {backwards} backwards, last {published[-1:]} of {last}",
    )
    await typist.settle()
    client.close(stormed)
    client.close(uri)


def _first_deferred(listed: types.CompletionList | list[types.CompletionItem] | None) -> types.CompletionItem | None:
    """The first item in the list's order whose documentation was left for resolve (None: there is none)."""
    items = listed.items if isinstance(listed, types.CompletionList) else listed or []
    deferred = [item for item in items if item.data is not None]
    return min(deferred, key=lambda item: item.sort_text or item.label, default=None)


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


async def bench_previews(client: Client, figures: Figures, label: str, name: str, requests: int) -> None:
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    places = preview_offsets(text)
    counts = ", ".join(f"{len(offsets)} {kind}" for kind, offsets in places.items())
    title = f"{path.name} ({text.count(chr(10)):,} lines; {counts})"
    # Round robin over the kinds, so each gets its share of the requests.
    queues = [list(offsets) for offsets in places.values()]
    order: list[int] = []
    while len(order) < requests and any(queues):
        for queue in queues:
            if queue and len(order) < requests:
                order.append(queue.pop(0))
    order = spread_to(order, requests)
    settle_client_heap()
    firsts = []
    for run in range(10):
        uri = f"{path.as_uri()}?preview={run}"
        await asyncio.wait_for(client.open(uri, text), WAIT_S)
        document = types.TextDocumentIdentifier(uri)
        began = time.perf_counter()
        await client.text_document_hover_async(types.HoverParams(document, position(text, order[run % len(order)])))
        firsts.append((time.perf_counter() - began) * 1000)
        if run < 9:
            client.close(uri)
    figures.add(f"{title}: first evaluated hover after didOpen", label, firsts)
    samples = []
    previews = 0
    cpu_began = cpu_ms(client.pid)
    for offset in order:
        began = time.perf_counter()
        result = await client.text_document_hover_async(types.HoverParams(document, position(text, offset)))
        samples.append((time.perf_counter() - began) * 1000)
        value = result.contents.value if result is not None and isinstance(result.contents, types.MarkupContent) else ""
        first_line = value.split("\n", 1)[0]
        previews += "\n---\n" in value or (first_line.startswith("**condition** `") and "defined on" not in first_line)
    measure = f"{title}: evaluated hovers"
    figures.add(measure, label, samples)
    cpu = (cpu_ms(client.pid) - cpu_began) / len(order)
    figures.note(measure, label, f"server CPU {cpu:.1f} ms each; {previews} of {len(order)} with a preview")
    client.close(document.uri)


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


async def bench_resource_completion(client: Client, figures: Figures, label: str, name: str, requests: int) -> None:
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    uri = f"{path.as_uri()}?types"
    await asyncio.wait_for(client.open(uri, text), WAIT_S)
    document = types.TextDocumentIdentifier(uri)
    places = resource_offsets(text)
    settle_client_heap()
    for kind, offsets in places.items():
        samples = []
        answered = 0
        for offset in spread_to(offsets, requests):
            began = time.perf_counter()
            result = await client.text_document_completion_async(
                types.CompletionParams(document, position(text, offset))
            )
            samples.append((time.perf_counter() - began) * 1000)
            answered += len(result.items) if isinstance(result, types.CompletionList) else len(result or [])
        if samples:
            measure = f"{path.name} ({text.count(chr(10)):,} lines): completion at a {kind}"
            figures.add(measure, label, samples)
            figures.note(measure, label, f"{answered / len(samples):.0f} items on average")
    client.close(uri)


async def bench_first_type_completion(server: Server, figures: Figures) -> None:
    """A fresh server: open a template, then the first completion at a type value (the catalogue read then)."""
    path = CORPUS / RESOURCE_TEMPLATES[-1]
    text = path.read_text(encoding="utf-8")
    offset = resource_offsets(text)["type value"][0]
    firsts = []
    for _ in range(3):
        client, _ = await start(server)
        uri = path.as_uri()
        await asyncio.wait_for(client.open(uri, text), WAIT_S)
        began = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), position(text, offset))
        )
        firsts.append((time.perf_counter() - began) * 1000)
        await stop(client)
    figures.add("first type completion on a fresh server", server.label, firsts)


async def bench_corpus(server: Server, figures: Figures) -> None:
    client, _ = await start(server)
    idle = rss_kib(client.pid)
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    waits = []
    began = time.perf_counter()
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        waits.append(client.open(path.as_uri(), text))
    await asyncio.wait_for(asyncio.gather(*waits), 600)
    elapsed = time.perf_counter() - began
    figures.note(
        f"whole corpus open ({len(files)} YAML files)",
        server.label,
        f"all diagnosed in {elapsed:.1f} s; RSS idle {idle / 1024:.1f} MiB, with the corpus open"
        f" {rss_kib(client.pid) / 1024:.1f} MiB",
    )
    await stop(client)


async def run(server: Server, figures: Figures, sections: set[str], runs: int, requests: int) -> None:
    label = server.label
    if "start" in sections:
        starts = []
        for _ in range(3):
            client, elapsed = await start(server)
            starts.append(elapsed)
            await stop(client)
        figures.add("start -> initialize answer", label, starts)
    client, _ = await start(server)
    if "edits" in sections:
        for name in (LARGEST, MIDDLE, SMALL):
            await bench_edits(client, figures, label, name, runs)
    if "requests" in sections:
        for name in (LARGEST, MIDDLE):
            await bench_requests(client, figures, label, name, runs, requests)
        await bench_half_typed(client, figures, label, LARGEST, runs)
    if "storm" in sections:
        await bench_storm(client, figures, label, requests)
    if "previews" in sections:
        for name in PREVIEW_TEMPLATES:
            await bench_previews(client, figures, label, name, requests)
    if "types" in sections:
        for name in RESOURCE_TEMPLATES:
            await bench_resource_completion(client, figures, label, name, requests)
    await stop(client)
    if "types" in sections:
        await bench_first_type_completion(server, figures)
    if "corpus" in sections:
        await bench_corpus(server, figures)
    if "stack" in sections:
        await bench_stack(server, figures, runs)


async def bench_stack(server: Server, figures: Figures, runs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-stack-") as folder:
        root = Path(folder)
        shutil.copytree(TRIPLEO, root, dirs_exist_ok=True)
        shutil.copytree(TRIPLEO_RENDERED, root, dirs_exist_ok=True)
        registry = root / "overcloud-resource-registry-puppet.yaml"
        client, _ = await start(server, {"hotLsp": {"environments": [str(registry)]}}, root)
        path = root / "overcloud.yaml"
        text = path.read_text(encoding="utf-8")
        title = f"overcloud.yaml with its registry ({text.count(chr(10)):,} lines)"
        uri = path.as_uri()
        began = time.perf_counter()
        await asyncio.wait_for(client.open(uri, text), WAIT_S * 4)
        figures.add(
            f"{title}: didOpen -> diagnostics, fresh server", server.label, [(time.perf_counter() - began) * 1000]
        )
        version = 1
        for place, offset in (("a description", description_offset(text)), ("a default passed on", _passed_on(text))):
            typist = Typist(client, uri, text, offset, version)
            settle_client_heap()
            edits = []
            for _ in range(runs):
                arrived = client.expect(uri, typist.version + 1)
                began = time.perf_counter()
                typist.edit()
                edits.append((await asyncio.wait_for(arrived, WAIT_S * 4) - began) * 1000)
            await typist.settle()
            version = typist.version
            figures.add(f"{title}: 1-char edit in {place} -> its diagnostics", server.label, edits)
        await stop(client)


def _passed_on(text: str) -> int:
    """Inside the default of overcloud.yaml's CloudDomain, which the services' templates are passed: the edit
    changes what every child analysis gets."""
    at = text.index("\n  CloudDomain:")
    return text.index("default: ", at) + len("default: ") + 1


def server_of(value: str) -> Server:
    label, _, path = value.rpartition("=")
    folder = Path(path).resolve()
    if not (folder / "hot_lsp" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"no hot_lsp package in {folder}")
    return Server(label or folder.name, folder)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30, help="opens and edits per file")
    parser.add_argument("--requests", type=int, default=50, help="hover and completion requests per measure")
    parser.add_argument("--rounds", type=int, default=1, help="times every server runs every section, alternating")
    parser.add_argument(
        "--server", type=server_of, action="append", help="LABEL=PATH of a checkout to run (default: this one)"
    )
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"sections to run, of {', '.join(SECTIONS)}")
    options = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"the corpus is not at {CORPUS}")
    servers: list[Server] = options.server or [Server("this", ROOT)]
    for server in servers:
        compile_checkout(server.path)
    sections = set(options.only.split(","))
    figures = Figures()
    for round_number in range(options.rounds):
        for server in servers:
            print(f"round {round_number + 1}: {server.label} ({server.path})", flush=True)
            # This process's own collector must not walk its imports (lsprotocol, the analysis it uses to find the
            # places to edit and hover) while a round trip is timed: a full pass took 50-220 ms here, and landed on
            # whichever answer was being read (the first completion on nova-compute, as a p99). Each section
            # settles what it set up again before it times (settle_client_heap).
            settle_client_heap()
            await run(server, figures, sections, options.runs, options.requests)
    figures.print()


if __name__ == "__main__":
    asyncio.run(main())
