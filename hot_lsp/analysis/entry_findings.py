"""A rule's findings about one entry, taken from the earlier model when the entry is unchanged.

For a rule that judges each entry from the entry alone (and the template's version): an entry whose key and value
are the very nodes of the earlier reading (an edit elsewhere left its piece as it was, and moved it) gets the
findings it got then, moved with it, instead of being judged again. Findings, the nodes they cover and the steps
of Heat's they need go along; nothing else may be read, or the rule must not use this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..document import Diagnostic, Node
from .model import Entry, TemplateModel
from .report import Needs, Reporter


@dataclass(frozen=True, slots=True)
class _Judged:
    key: Node
    value: Node
    version: object
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
    earlier = model.earlier.get((judge_entries, rule))
    before: dict[int, _Judged] = earlier if isinstance(earlier, dict) else {}
    kept: dict[int, _Judged] = {}
    for entry in entries:
        found = before.get(id(entry.key))
        if (
            found is None
            or found.key is not entry.key
            or found.value is not entry.value
            or found.version != model.version
        ):
            own = Reporter()
            judge(entry, own)
            findings = tuple((d, own.needs.get(id(d))) for d in own.diagnostics)
            found = _Judged(entry.key, entry.value, model.version, entry.key.start, findings, tuple(own.covered))
        else:
            delta = entry.key.start - found.key_start
            if delta:
                findings = tuple((_moved(d, delta), needs) for d, needs in found.findings)
                found = replace(found, key_start=entry.key.start, findings=findings)
        kept[id(entry.key)] = found
        for diagnostic, needs in found.findings:
            report.diagnostics.append(diagnostic)
            if needs is not None:
                report.needs[id(diagnostic)] = needs
        report.covered.update(found.covered)
    model.parsed.memo[(judge_entries, rule)] = kept


def _moved(diagnostic: Diagnostic, delta: int) -> Diagnostic:
    data = diagnostic.data
    if data is not None and (data.at is not None or data.spans):
        at = (data.at[0] + delta, data.at[1] + delta) if data.at is not None else None
        spans = tuple((a + delta, b + delta) for a, b in data.spans) if data.spans else data.spans
        data = replace(data, at=at, spans=spans)
    return replace(diagnostic, start=diagnostic.start + delta, end=diagnostic.end + delta, data=data)
