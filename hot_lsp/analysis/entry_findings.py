"""A rule's findings about one entry, taken from the earlier model when the entry is unchanged.

For a rule that judges each entry from the entry alone (and the template's version): an entry whose key and value
are the very nodes of the earlier reading (an edit elsewhere left its piece as it was, and moved it) gets the
findings it got then, moved with it, instead of being judged again. Findings, the nodes they cover and the steps
of Heat's they need go along; nothing else may be read, or the rule must not use this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..document import Diagnostic
from .model import Entry, EntryMemo, TemplateModel
from .report import Needs, Reporter


@dataclass(frozen=True, slots=True)
class _Judged:
    key_start: int  # where the key was when the findings were made (they move with it)
    findings: tuple[tuple[Diagnostic, Needs | None], ...]
    covered: tuple[int, ...]


def judge_entries(
    model: TemplateModel,
    report: Reporter,
    rule: Callable[..., object],
    entries: Iterable[Entry],
    judge: Callable[[Entry, Reporter], None],
) -> None:
    """``judge(entry, reporter)`` for each entry, or the findings it gave the same entry in the earlier model."""
    memo: EntryMemo[_Judged] = EntryMemo(model, (judge_entries, rule))
    for entry in entries:
        found = memo.get(entry)
        if found is None:
            own = Reporter()
            judge(entry, own)
            findings = tuple((d, own.needs.get(id(d))) for d in own.diagnostics)
            found = _Judged(entry.key.start, findings, tuple(own.covered))
        elif entry.key.start != found.key_start:
            delta = entry.key.start - found.key_start
            findings = tuple((_moved(d, delta), needs) for d, needs in found.findings)
            found = _Judged(entry.key.start, findings, found.covered)
        memo.keep(entry, found)
        for diagnostic, needs in found.findings:
            report.diagnostics.append(diagnostic)
            if needs is not None:
                report.needs[id(diagnostic)] = needs
        report.covered.update(found.covered)


def _moved(diagnostic: Diagnostic, delta: int) -> Diagnostic:
    data = diagnostic.data
    if data is not None and (data.at is not None or data.spans):
        at = (data.at[0] + delta, data.at[1] + delta) if data.at is not None else None
        spans = tuple((a + delta, b + delta) for a, b in data.spans) if data.spans else data.spans
        data = replace(data, at=at, spans=spans)
    return replace(diagnostic, start=diagnostic.start + delta, end=diagnostic.end + delta, data=data)
