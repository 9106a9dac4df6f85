"""The fix round-trip harness's driver (issue 29): every mistake opened in one real server, every quick fix it
offers for a hot-lsp finding applied exactly as sent, the fixed text opened beside it, and the two judged
(fix_check.judge). Documents go through in batches so the server's one worker is never idle waiting for us."""

from __future__ import annotations

import asyncio
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fix_cases import Case
from fix_check import Edit, Finding, Verdict, judge, moved, replaced, touched_parts
from lsp_session import WAIT_S, offset_of, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

BATCH = 40  # cases in flight at once
ENC = "utf-16"  # the client profile's position encoding (VS Code)


@dataclass
class Tally:
    applied: int = 0
    left: int = 0
    added: int = 0
    compared: int = 0
    changed: int = 0
    cases: int = 0  # findings the kind was offered for
    sources: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def fix_kind(diagnostic: types.Diagnostic, action: types.CodeAction) -> str:
    """An action's kind: a did-you-mean suggestion, or the rule's own fix (``data.fix``), with the code."""
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    if any(action.title.endswith(f" with {s}") for s in data.get("suggestions") or ()):
        return f"{diagnostic.code} suggestion"
    return f"{diagnostic.code} {data.get('fix', '?')}"


def findings(text: str, diagnostics: list[types.Diagnostic]) -> list[Finding]:
    return [
        Finding(str(d.code), offset_of(text, d.range.start, ENC), d.severity == types.DiagnosticSeverity.Error)
        for d in diagnostics
    ]


def edits_of(text: str, action: types.CodeAction, uri: str) -> list[Edit]:
    assert action.edit is not None and action.edit.changes is not None and not action.edit.document_changes
    assert set(action.edit.changes) == {uri}, action.edit.changes.keys()
    return [
        (offset_of(text, e.range.start, ENC), offset_of(text, e.range.end, ENC), e.new_text)
        for e in action.edit.changes[uri]
    ]


def applied(text: str, edits: list[Edit]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


class Harness:
    def __init__(self, client: LanguageClient, cap: int) -> None:
        self.client = client
        self.cap = cap  # findings per fix kind
        self.tallies: dict[str, Tally] = defaultdict(Tally)
        self.renders: dict[str, dict[str, Any]] = {}
        self.originals: dict[tuple[Path, str], tuple[str, list[Finding]]] = {}  # opened once, kept open
        self.offered: dict[str, set[str]] = {}  # case name -> the fix kinds offered on it
        self.opened = 0
        self.waiting: dict[str, asyncio.Future[list[types.Diagnostic]]] = {}
        self.pump: asyncio.Future[None] | None = None

    def _uri(self, path: Path, tag: str) -> str:
        """A buffer beside ``path`` (relative files resolve the same), never a file on disk."""
        self.opened += 1
        return path.with_name(f"{path.stem}~{tag}{self.opened}{path.suffix}").as_uri()

    async def _open(self, path: Path, text: str, tag: str) -> tuple[str, list[types.Diagnostic]]:
        uri = self._uri(path, tag)
        arrived: asyncio.Future[list[types.Diagnostic]] = asyncio.get_running_loop().create_future()
        self.waiting[uri] = arrived
        open_document(self.client, uri, text)
        return uri, await asyncio.wait_for(arrived, WAIT_S)

    async def _pump(self) -> None:
        """Hands each publishDiagnostics to the one open waiting for it, and forgets it: thousands of documents
        go through, and scanning every publish for every waiter would cost more than the server's work."""
        while True:
            published = self.client.published
            count = len(published)
            for params in published[:count]:
                waiter = self.waiting.pop(params.uri, None) if params.version == 1 else None
                if waiter is not None and not waiter.done():
                    waiter.set_result(list(params.diagnostics))
            del published[:count]
            await asyncio.sleep(0.002)

    def _close(self, uri: str) -> None:
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    async def run(self, cases: list[Case]) -> int:
        """The cases through the server; how many findings were taken for a fix kind still short of its cap."""
        if self.pump is None:
            self.pump = asyncio.ensure_future(self._pump())
        taken = 0
        for start in range(0, len(cases), BATCH):
            taken += sum(await asyncio.gather(*(self._case(case) for case in cases[start : start + BATCH])))
        return taken

    def stop(self) -> None:
        if self.pump is not None:
            self.pump.cancel()

    async def run_while_useful(self, groups: list[list[Case]], chunk: int = 8) -> None:
        """Each group (the mutants of one kind) in chunks, side by side, until a chunk brings no finding for a
        fix kind short of its cap: the common kinds stop early, the rare ones are looked for further."""

        async def one(group: list[Case]) -> None:
            for start in range(0, len(group), chunk):
                if not await self.run(group[start : start + chunk]):
                    return

        await asyncio.gather(*(one(group) for group in groups))

    def _wanted(self, kinds: set[str]) -> bool:
        return any(self.tallies[kind].cases < self.cap for kind in kinds)

    async def _case(self, case: Case) -> int:
        uri, diagnostics = await self._open(case.path, case.text, "mistake")
        ours = [d for d in diagnostics if d.source in (None, "hot-lsp") and isinstance(d.data, dict)]
        before = findings(case.text, diagnostics)
        original_uri, caused = None, {(f.code, f.start) for f in before}
        if case.original is not None:
            # Only the mistake's findings: the original's own are judged on the original (a "seed" case), where
            # no other mistake stands beside them.
            original_uri, seen = await self._original(case.path, case.original)
            old = {(f.code, moved(f.start, case.edits)) for f in seen}
            caused = {(f.code, f.start) for f in before if (f.code, f.start) not in old}
            ours = [d for d in ours if (str(d.code), offset_of(case.text, d.range.start, ENC)) in caused]
            # What the original itself is warned about where the mistake was made (a hidden type, say) is no
            # evident intent a fix must come back to.
            if any(a <= f.start < max(b, a + 1) for f in seen for a, b, _ in case.edits):
                caused = set()
        answers = await asyncio.gather(*(self._actions(uri, d) for d in ours))
        offers: list[tuple[types.Diagnostic, list[types.CodeAction]]] = []
        self.offered[case.name] = set()
        for diagnostic, actions in zip(ours, answers, strict=True):
            kinds = {fix_kind(diagnostic, a) for a in actions}
            self.offered[case.name] |= kinds
            if case.kinds is not None:
                kinds &= case.kinds
                actions = [a for a in actions if fix_kind(diagnostic, a) in kinds]
            if actions and self._wanted(kinds):
                for kind in kinds:
                    self.tallies[kind].cases += 1
                    self.tallies[kind].sources[case.source] += 1
                offers.append((diagnostic, actions))
        if not offers:
            self._close(uri)
            return 0
        jobs = []
        for diagnostic, actions in offers:
            finding = Finding(
                str(diagnostic.code),
                offset_of(case.text, diagnostic.range.start, ENC),
                diagnostic.severity == types.DiagnosticSeverity.Error,
            )
            preferred = [a for a in actions if a.is_preferred]
            for action in actions:
                compare = (
                    case.restorable
                    and original_uri is not None
                    and (finding.code, finding.start) in caused
                    and preferred == [action]
                )
                jobs.append(self._fix(case, uri, finding, before, action, original_uri if compare else None))
        await asyncio.gather(*jobs)
        self._close(uri)
        return len(offers)

    async def _original(self, path: Path, text: str) -> tuple[str, list[Finding]]:
        key = (path, text)
        if key not in self.originals:
            self.originals[key] = ("", [])  # taken: a case of the same seed waits for the first to open it
            uri, diagnostics = await self._open(path, text, "original")
            self.originals[key] = (uri, findings(text, diagnostics))
        while not self.originals[key][0]:
            await asyncio.sleep(0.01)
        return self.originals[key]

    async def _actions(self, uri: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
        answer = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        return [
            a
            for a in answer or []
            if isinstance(a, types.CodeAction) and a.edit is not None and not a.title.startswith("Disable ")
        ]

    async def _fix(
        self,
        case: Case,
        uri: str,
        finding: Finding,
        before: list[Finding],
        action: types.CodeAction,
        original_uri: str | None,
    ) -> None:
        diagnostic = action.diagnostics[0] if action.diagnostics else None
        assert diagnostic is not None
        kind = fix_kind(diagnostic, action)
        edits = edits_of(case.text, action, uri)
        fixed = applied(case.text, edits)
        fixed_uri, after = await self._open(case.path, fixed, "fixed")
        evaluations = None
        if original_uri is not None:
            assert case.original is not None
            original = await self._render(original_uri)
            evaluations = (original, await self._render(fixed_uri), touched_parts(case.original, case.edits))
        self._close(fixed_uri)
        mistake = [(a, b) for _, _, a, b in replaced(case.edits)]
        verdict = judge(finding, before, findings(fixed, after), edits, evaluations, mistake)
        self._count(kind, case, action, verdict)

    async def _render(self, uri: str) -> dict[str, Any]:
        if uri not in self.renders:
            answer = await self.client.workspace_execute_command_async(
                types.ExecuteCommandParams(command="hot-lsp.render", arguments=[{"uri": uri, "format": "json"}])
            )
            self.renders[uri] = json.loads(answer)
        return self.renders[uri]

    def _count(self, kind: str, case: Case, action: types.CodeAction, verdict: Verdict) -> None:
        tally = self.tallies[kind]
        tally.applied += 1
        tally.left += verdict.left
        tally.added += bool(verdict.added)
        tally.compared += verdict.changed is not None
        tally.changed += bool(verdict.changed)
        if not verdict.ok:
            why = []
            if verdict.left:
                why.append("left the finding")
            if verdict.added:
                why.append("added " + ", ".join(f"{f.code}@{f.start}" for f in verdict.added))
            if verdict.changed:
                why.append(f"changed {verdict.changed}")
            tally.failures.append(f"{kind} on {case.name}: {action.title!r}: {'; '.join(why)}")


def table(tallies: dict[str, Tally]) -> str:
    rows = [("fix kind", "cases", "applied", "left", "added error", "compared", "changed eval", "sources")]
    for kind in sorted(tallies):
        t = tallies[kind]
        sources = " ".join(f"{s}:{n}" for s, n in sorted(t.sources.items()))
        rows.append((kind, t.cases, t.applied, t.left, t.added, t.compared, t.changed, sources))  # type: ignore[arg-type]
    total = [sum(getattr(t, name) for t in tallies.values()) for name in ("cases", "applied", "left", "added")]
    total += [sum(t.compared for t in tallies.values()), sum(t.changed for t in tallies.values())]
    rows.append(("total", *total, ""))  # type: ignore[arg-type]
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        " | ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)) for row in rows
    )
