"""One seeded fuzzing session against a running server: open documents, edit them, ask everything, close.

The seed decides every document, edit, request and position, so ``hot-lsp fuzz --seed N --episodes 1`` replays
an episode (timing may differ; what is sent does not). Most requests are sent and awaited one at a time, so their
answers can be checked against the exact text; bursts send edits and requests without waiting, the way fast
typing does, and there only the answers (not their ranges) are checked. At the end every open document must get
diagnostics for its last version.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import checks, requests
from .client import Answer, LspClient, Pending, ServerGone
from .mutations import Edit, mutate, mutated, typing
from .text import position, snap


@dataclass(frozen=True, slots=True)
class Source:
    """A document to start from: its text, and the path it is opened as (its folder holds what it names)."""

    path: str
    text: str


@dataclass
class Failure:
    seed: int
    step: int
    what: str  # the broken promise
    method: str = ""
    params: Any = None
    uri: str = ""
    text: str = ""  # the document's text when it happened

    def describe(self, text_chars: int = 4000) -> str:
        shown = (
            self.text if len(self.text) <= text_chars else self.text[:text_chars] + f"\n... ({len(self.text):,} chars)"
        )
        return (
            f"seed {self.seed}, step {self.step}: {self.what}\n"
            f"  request: {self.method} {self.params!r}\n  document: {self.uri}\n--- text ---\n{shown}\n--- end ---"
        )


@dataclass
class Stats:
    documents: int = 0  # texts opened (each reopen counts)
    versions: int = 0  # texts the server was sent (opens and changes)
    requests: int = 0
    answered_modified: int = 0  # ContentModified / RequestCancelled answers
    slowest: float = 0.0  # seconds, over sequential requests
    slowest_method: str = ""
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        self.documents += other.documents
        self.versions += other.versions
        self.requests += other.requests
        self.answered_modified += other.answered_modified
        if other.slowest > self.slowest:
            self.slowest, self.slowest_method = other.slowest, other.slowest_method
        self.failures.extend(other.failures)


@dataclass
class _Document:
    uri: str
    text: str
    version: int
    texts: dict[int, str]  # every version sent since it was opened
    published_from: int  # index into client.published where this opening's publishes start


class Episode:
    def __init__(
        self,
        client: LspClient,
        seed: int,
        sources: Sequence[Source],
        *,
        steps: int = 40,
        encoding: str = "utf-16",
        pull: bool = False,
        timeout: float = 30.0,
    ) -> None:
        self.client = client
        self.seed = seed
        self.rng = random.Random(seed)
        self.sources = sources
        self.steps = steps
        self.encoding = encoding
        self.pull = pull
        self.timeout = timeout
        self.stats = Stats()
        self.open: dict[str, _Document] = {}
        self.completion_items: list[dict[str, Any]] = []
        self.step = 0
        self._logs_seen = len(client.logs)
        self._stderr_seen = client.stderr_count

    # -- the session -------------------------------------------------------------------------------

    def run(self) -> Stats:
        try:
            for _ in range(self.rng.randint(1, 3)):
                self.open_document()
            for step in range(1, self.steps + 1):
                self.step = step
                self.act()
                self.collect_crashes()
                if not self.client.alive():
                    self.fail("the server process exited")
                    break
            self.finish()
        except ServerGone as gone:
            self.fail(f"the server went away: {gone}")
        self.collect_crashes()
        return self.stats

    def act(self) -> None:
        if not self.open:
            self.open_document()
            return
        document = self.open[self.rng.choice(sorted(self.open))]
        roll = self.rng.random()
        if roll < 0.32:
            self.edit(document)
        elif roll < 0.84:
            self.ask(document)
        elif roll < 0.94:
            self.burst(document)
        elif roll < 0.97:
            self.cancel(document)
        else:
            self.close(document)
            self.open_document()

    def open_document(self) -> None:
        source = self.rng.choice(self.sources)
        uri = Path(source.path).resolve().as_uri()
        while uri in self.open:
            uri = uri.rsplit(".", 1)[0] + f".{self.rng.randrange(10**6)}.yaml"
        pool = [s.text for s in self.sources[:50]]
        text = mutated(self.rng, source.text, self.rng.choice([0, 0, 1, 3]), pool)
        document = _Document(uri, text, 1, {1: text}, len(self.client.published))
        self.open[uri] = document
        self.client.open(uri, text, 1)
        self.stats.documents += 1
        self.stats.versions += 1

    def close(self, document: _Document) -> None:
        self.check_publishes(document)
        self.client.close(document.uri)
        del self.open[document.uri]

    def finish(self) -> None:
        """Every open document gets diagnostics for its last version; then all are closed."""
        for document in list(self.open.values()):
            if self.pull:
                self.ask(document, requests.PULL_DIAGNOSTICS)
            elif self.client.publish_of(document.uri, document.version, self.timeout) is None:
                seen = [
                    p.get("version")
                    for p in self.client.published[document.published_from :]
                    if p.get("uri") == document.uri
                ]
                self.fail(
                    f"no diagnostics for the last version {document.version} (published: {seen[-10:]})",
                    document=document,
                )
            self.close(document)

    # -- edits ------------------------------------------------------------------------------------

    def edit(self, document: _Document) -> None:
        edit = mutate(self.rng, document.text, [s.text for s in self.sources[:50]])
        strokes = typing(edit, self.rng.randint(2, 12)) if self.rng.random() < 0.3 else [edit]
        if self.rng.random() < 0.05:
            self.send_full(document, edit.apply(document.text))
            return
        if self.rng.random() < 0.2 and len(strokes) > 1:  # several changes in one notification
            self.send_changes(document, strokes)
        else:
            for stroke in strokes:
                self.send_changes(document, [stroke])

    def send_changes(self, document: _Document, edits: list[Edit]) -> None:
        changes = []
        text = document.text
        for edit in edits:
            start, end = snap(text, edit.start), snap(text, edit.end)
            rng = {"start": position(text, start, self.encoding), "end": position(text, end, self.encoding)}
            changes.append({"range": rng, "text": edit.new})
            text = text[:start] + edit.new + text[end:]
        self._sent(document, text)
        self.client.change(document.uri, document.version, changes)

    def send_full(self, document: _Document, text: str) -> None:
        self._sent(document, text)
        self.client.change(document.uri, document.version, [{"text": text}])

    def _sent(self, document: _Document, text: str) -> None:
        document.version += 1
        document.text = text
        document.texts[document.version] = text
        self.stats.versions += 1

    # -- requests ---------------------------------------------------------------------------------

    def context(self, document: _Document) -> requests.Context:
        current = [
            d
            for p in self.client.published[document.published_from :]
            if p.get("uri") == document.uri and p.get("version") == document.version
            for d in p.get("diagnostics") or []
        ]
        return requests.Context(document.uri, document.text, self.encoding, current, self.completion_items)

    def send(self, document: _Document, method: str | None = None) -> tuple[Pending, str]:
        method = method or requests.choose(self.rng, pull=self.pull)
        params = requests.build(method, self.rng, self.context(document))
        self.stats.requests += 1
        return self.client.request(method, params), method

    def ask(self, document: _Document, method: str | None = None) -> None:
        """One request, awaited and checked against the text it was asked about."""
        pending, method = self.send(document, method)
        answer = self.answer_of(pending, method, document)
        if answer is None or answer.error is not None:
            if answer is not None:
                self.stats.answered_modified += 1
            return
        if answer.seconds > self.stats.slowest:
            self.stats.slowest, self.stats.slowest_method = answer.seconds, method
        for problem in checks.range_problems(method, answer.result, document.uri, [document.text], self.encoding):
            self.fail(problem, method, pending.params, document)
        if method == "textDocument/completion" and isinstance(answer.result, dict):
            self.completion_items = list(answer.result.get("items") or [])[:20]

    def burst(self, document: _Document) -> None:
        """Fast typing with requests in flight: nothing awaited until the end."""
        sent: list[tuple[Pending, str]] = []
        for _ in range(self.rng.randint(2, 12)):
            if self.rng.random() < 0.6:
                edit = mutate(self.rng, document.text, ())
                for stroke in typing(edit, self.rng.randint(1, 6)):
                    self.send_changes(document, [stroke])
            else:
                sent.append(self.send(document))
        for pending, method in sent:
            answer = self.answer_of(pending, method, document)
            if answer is not None and answer.error is not None:
                self.stats.answered_modified += 1

    def cancel(self, document: _Document) -> None:
        pending, method = self.send(document)
        self.client.cancel(pending.id)
        self.answer_of(pending, method, document)

    def answer_of(self, pending: Pending, method: str, document: _Document) -> Answer | None:
        """The answer, with its faults recorded; a server that gives none in time is aborted for its stacks."""
        answer = pending.answer(self.timeout)
        for problem in checks.answer_problems(method, answer, self.timeout):
            if answer is None and self.client.alive():
                problem += "; the server's threads were at:\n" + self.client.dump_stacks()
            self.fail(problem, method, pending.params, document)
        return answer

    # -- faults -----------------------------------------------------------------------------------

    def check_publishes(self, document: _Document) -> None:
        published = [p for p in self.client.published[document.published_from :] if p.get("uri") == document.uri]
        for problem in checks.publish_problems(published, document.texts, self.encoding):
            self.fail(problem, "textDocument/publishDiagnostics", None, document)

    def collect_crashes(self) -> None:
        logs = self.client.logs[self._logs_seen :]
        stderr = self.client.stderr_since(self._stderr_seen)
        self._logs_seen = len(self.client.logs)
        self._stderr_seen = self.client.stderr_count
        for report in checks.crash_reports(logs, stderr):
            self.fail(f"the server logged a crash: {report}")

    def fail(self, what: str, method: str = "", params: Any = None, document: _Document | None = None) -> None:
        if document is None and self.open:
            document = next(iter(self.open.values()))
        self.stats.failures.append(
            Failure(
                self.seed,
                self.step,
                what,
                method,
                params,
                document.uri if document else "",
                document.text if document else "",
            )
        )
