"""The editing soak: one real server, edited as a person edits, for many minutes; its memory over time, its answer
times, and whether what it ends with is what a fresh server says of the same texts.

    python bench/bench_soak.py [--minutes 30] [--seed S] [--sample 60] [--workspace DIR]

The server (``python -m hot_lsp``, the scheduling the user gets: no ``HOT_LSP_DEBOUNCE_MS``, the collector running)
gets the corpus (``../shared/corpus``) as its workspace folder and opens a working set of its templates, the
largest among them. Then, until the time is up, a "person" picks a document (mostly the one in hand, now and then
another), goes to a line, and types at typing speed (a character every 40-120 ms): a comment, a new key with a
half-written ``{get_param: `` that breaks the YAML until it is finished, a word in a description; asks for
completion as an editor does while typing and hovers now and then; saves; then deletes what was typed, or leaves
it. Now and then a document is closed and another opened. Every ``--sample`` seconds the server's RSS is read.

At the end every open document's diagnostics for its last version are compared with those of a fresh server that
opens the same final texts: a soak must not leave stale or missing findings. Prints the RSS over time, the answer
times (p50 / p90 / p99 per kind) and the comparison. Figures, not pass/fail (exit 1 only if the server died or the
final diagnostics differ).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hot_lsp.fuzz.client import EXPECTED_ERRORS, LspClient  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
WORKING_SET = 8  # documents open at once
FINAL_WAIT_S = 120.0


@dataclass
class Document:
    uri: str
    lines: list[str]
    version: int = 1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class Figures:
    times: dict[str, list[float]] = field(default_factory=dict)  # request kind -> ms
    errors: dict[str, int] = field(default_factory=dict)  # unexpected error answers per kind
    unanswered: dict[str, int] = field(default_factory=dict)
    memory: list[tuple[float, int]] = field(default_factory=list)  # (minutes, RSS KiB)
    keystrokes: int = 0
    saves: int = 0

    def add(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)


def templates(folder: Path) -> list[Path]:
    found = []
    for path in sorted(folder.rglob("*.yaml")):
        try:
            head = path.read_text(encoding="utf-8")[:4000]
        except (OSError, UnicodeDecodeError):
            continue
        if "heat_template_version" in head and path.stat().st_size < 600_000 and head.isascii():
            found.append(path)
    return found


class Person:
    """Edits the documents of one server as a person would (see the module's doc)."""

    def __init__(self, client: LspClient, pool: list[Path], rng: random.Random, figures: Figures) -> None:
        self.client, self.pool, self.rng, self.figures = client, pool, rng, figures
        self.open: dict[str, Document] = {}
        self.opened: set[str] = set()  # every document opened in the soak
        self.current: str | None = None

    def open_document(self, path: Path) -> None:
        uri = path.as_uri()
        if uri in self.open:
            return
        document = Document(uri, path.read_text(encoding="utf-8").split("\n"))
        self.open[uri] = document
        self.opened.add(uri)
        self.client.open(uri, document.text)
        self.current = uri

    def close_one(self) -> None:
        uri = self.rng.choice([u for u in self.open if u != self.current] or list(self.open))
        self.client.close(uri)
        del self.open[uri]
        if self.current == uri:
            self.current = next(iter(self.open), None)

    def pick(self) -> Document:
        if self.current is None or self.rng.random() < 0.15:
            self.current = self.rng.choice(list(self.open))
        return self.open[self.current]

    def type_text(self, document: Document, line: int, column: int, text: str, complete_every: int) -> None:
        for index, character in enumerate(text):
            self.change(document, line, column + index, line, column + index, character)
            self.figures.keystrokes += 1
            if character in "\n":
                line, column = line + 1, -index - 1
            if complete_every and index % complete_every == complete_every - 1:
                self.ask("completion", "textDocument/completion", document, line, column + index + 1)
            time.sleep(self.rng.uniform(0.04, 0.12))

    def delete_back(self, document: Document, line: int, column: int, count: int) -> None:
        for typed in range(count, 0, -1):
            self.change(document, line, column + typed - 1, line, column + typed, "")
            self.figures.keystrokes += 1
            time.sleep(self.rng.uniform(0.03, 0.08))

    def change(self, document: Document, sl: int, sc: int, el: int, ec: int, text: str) -> None:
        before = document.lines[sl][:sc]
        after = document.lines[el][ec:]
        document.lines[sl : el + 1] = (before + text + after).split("\n")
        document.version += 1
        edit = {
            "range": {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}},
            "text": text,
        }
        self.client.change(document.uri, document.version, [edit])

    def ask(self, kind: str, method: str, document: Document, line: int, character: int) -> None:
        pending = self.client.request(
            method, {"textDocument": {"uri": document.uri}, "position": {"line": line, "character": character}}
        )
        answer = pending.answer(10.0)
        if answer is None:
            self.figures.unanswered[kind] = self.figures.unanswered.get(kind, 0) + 1
        elif answer.error and answer.code not in EXPECTED_ERRORS:
            self.figures.errors[kind] = self.figures.errors.get(kind, 0) + 1
        elif answer.error is None:
            # Split by size: a keystroke in a 10,000-line template costs its whole analysis before completion.
            size = "large (> 2,000 lines)" if len(document.lines) > 2000 else "others"
            self.figures.add(f"{kind}, {size}", answer.seconds * 1000)

    def burst(self) -> None:
        """One piece of editing: somewhere in a document, type something, look around, keep it or take it back."""
        document = self.pick()
        rng = self.rng
        candidates = [i for i, text in enumerate(document.lines) if text.strip() and text.isascii()]
        line = rng.choice(candidates)
        text = document.lines[line]
        indent = text[: len(text) - len(text.lstrip())]
        choice = rng.random()
        if choice < 0.4:  # a comment at the end of the line
            column, typed = len(text), f"  # checked {rng.randint(1, 999)}"
            complete_every = 0
        elif choice < 0.8:  # a new key under this one, its value a half-written get_param until the end
            column, typed = len(text), f"\n{indent}soak_{rng.randint(1, 99)}: {{get_param: soak}}"
            complete_every = 4
        else:  # a word in the middle of the line
            column = rng.randint(len(indent), len(text))
            typed = rng.choice(("x", "ab", "name", "value"))
            complete_every = 2
        self.type_text(document, line, column, typed, complete_every)
        for _ in range(rng.randint(0, 3)):
            hover_line = rng.choice(candidates)
            hover_line = min(hover_line, len(document.lines) - 1)
            self.ask(
                "hover", "textDocument/hover", document, hover_line, rng.randint(0, len(document.lines[hover_line]))
            )
        if rng.random() < 0.3:
            self.client.notify("textDocument/didSave", {"textDocument": {"uri": document.uri}})
            self.figures.saves += 1
        if rng.random() < 0.7:  # taken back, character by character (the last line of what was typed)
            if "\n" in typed:
                end_line = line + typed.count("\n")
                last = len(document.lines[end_line])
                # the new line goes at once (select the line and delete), as editors do with a line cut
                self.change(document, line, column, end_line, last, "")
                self.figures.keystrokes += 1
            else:
                self.delete_back(document, line, column, len(typed))
        time.sleep(rng.uniform(0.2, 1.5))  # reading, thinking


def final_diagnostics(client: LspClient, documents: dict[str, Document]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for uri, document in documents.items():
        published = client.publish_of(uri, document.version, FINAL_WAIT_S)
        found[uri] = (
            sorted(json.dumps(d, sort_keys=True) for d in published["diagnostics"]) if published else ["<none>"]
        )
    return found


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)

    def at(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return f"{at(0.5):.1f} / {at(0.9):.1f} / {at(0.99):.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--sample", type=float, default=60.0, help="seconds between RSS samples")
    parser.add_argument("--workspace", type=Path, default=CORPUS)
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    pool = templates(options.workspace)
    if not pool:
        print(f"no templates under {options.workspace}", file=sys.stderr)
        return 2
    largest = sorted(pool, key=lambda p: p.stat().st_size)[-2:]
    figures = Figures()
    client = LspClient(env={"HOT_LSP_DEBOUNCE_MS": ""})
    client.initialize(options.workspace.as_uri())
    person = Person(client, pool, rng, figures)
    for path in [*largest, *rng.sample(pool, WORKING_SET - len(largest))]:
        person.open_document(path)
    began = time.monotonic()
    end = began + options.minutes * 60
    next_sample = began
    while time.monotonic() < end and client.alive():
        now = time.monotonic()
        if now >= next_sample:
            figures.memory.append(((now - began) / 60, client.memory_kib().get("VmRSS", 0)))
            next_sample += options.sample
        if rng.random() < 0.05 and len(person.open) > 2:
            person.close_one()
            person.open_document(rng.choice(pool))
        person.burst()
    if not client.alive():
        print("the server died:\n" + "\n".join(list(client.stderr)[-30:]))
        return 1
    figures.memory.append(((time.monotonic() - began) / 60, client.memory_kib().get("VmRSS", 0)))
    soaked = final_diagnostics(client, person.open)
    peak = client.memory_kib().get("VmHWM", 0)
    client.shutdown()

    fresh_client = LspClient(env={"HOT_LSP_DEBOUNCE_MS": ""})
    fresh_client.initialize(options.workspace.as_uri())
    fresh_documents = {uri: Document(uri, document.lines[:]) for uri, document in person.open.items()}
    for uri, document in fresh_documents.items():
        fresh_client.open(uri, document.text, 1)
    fresh = final_diagnostics(fresh_client, fresh_documents)
    fresh_client.shutdown()

    print(f"soak: {options.minutes:g} min, seed {options.seed}, {figures.keystrokes} keystrokes, {figures.saves} saves")
    print("documents: " + ", ".join(sorted(uri.rsplit("/", 1)[-1] for uri in person.opened)))
    print("RSS (MiB) at minute: " + ", ".join(f"{m:.1f}: {kib / 1024:.0f}" for m, kib in figures.memory))
    print(f"peak RSS: {peak / 1024:.0f} MiB")
    for kind, values in sorted(figures.times.items()):
        print(f"{kind}: n={len(values)} p50/p90/p99 {percentiles(values)} ms, mean {statistics.fmean(values):.1f}")
    if figures.errors or figures.unanswered:
        print(f"unexpected errors: {figures.errors}; unanswered within 10 s: {figures.unanswered}")
    differing = [uri for uri in soaked if soaked[uri] != fresh.get(uri)]
    print(f"final diagnostics equal to a fresh server's: {len(soaked) - len(differing)} of {len(soaked)} documents")
    for uri in differing:
        print(f"  differs: {uri}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
