"""A rule's findings about one entry, taken from the earlier model when the entry is unchanged.

For a rule that judges each entry from the entry alone (and the template's version): an entry whose key and value
are the very nodes of the earlier reading (an edit elsewhere left its piece as it was, and moved it) gets the
findings it got then, moved with it, instead of being judged again. Findings, the nodes they cover and the steps
of Heat's they need go along; nothing else may be read, or the rule must not use this.

A rule that reads more than the entry (:func:`judge_entry`) says what: ``given``, facts it looked up before judging
(the entry's resolved type, whether Heat leaves the resource out), compared by identity; and ``reads``, what the
judging read on the way (the types of the parameters it named), which ``still`` holds against the current model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from ..document import Diagnostic, shifted
from .model.template import Entry, EntryMemo, TemplateModel
from .report import Needs, Reporter

Reads = tuple[tuple[object, object], ...]


@dataclass(frozen=True, slots=True)
class _Judged:
    key_start: int  # where the key was when the findings were made (they move with it)
    findings: tuple[tuple[Diagnostic, Needs | None], ...]
    covered: tuple[int, ...]
    given: tuple[object, ...] = ()
    reads: Reads = ()
    state: object = None  # what the rule keeps of the entry besides findings (for its checks across entries)


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
        judge_entry(memo, entry, report, (), partial(_no_reads, judge, entry), _always)


def judge_entry(
    memo: EntryMemo[_Judged],
    entry: Entry,
    report: Reporter,
    given: tuple[object, ...],
    judge: Callable[[Reporter], tuple[Reads, object]],
    still: Callable[[Reads], bool],
) -> object:
    """``judge(reporter)`` (which returns what it read and what the rule keeps of the entry), or the findings it
    gave the same entry in the earlier model when ``given`` is the same and ``still(reads)`` holds; either way into
    ``report``. What the rule keeps of the entry, made now or then."""
    found = memo.get(entry)
    if (
        found is None
        or ((given or found.given) and not _same_given(found.given, given))
        or (found.reads and not still(found.reads))
    ):
        own = Reporter()
        reads, state = judge(own)
        findings = tuple((d, own.needs.get(id(d))) for d in own.diagnostics)
        found = _Judged(entry.key.start, findings, tuple(own.covered), given, reads, state)
    elif found.findings and entry.key.start != found.key_start:  # (nothing to move: kept as it is)
        delta = entry.key.start - found.key_start
        findings = tuple((shifted(d, delta), needs) for d, needs in found.findings)
        found = _Judged(entry.key.start, findings, found.covered, given, found.reads, found.state)
    memo.keep(entry, found)
    for diagnostic, needs in found.findings:
        report.diagnostics.append(diagnostic)
        if needs is not None:
            report.needs[id(diagnostic)] = needs
    report.covered.update(found.covered)
    return found.state


def _same_given(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """The same objects, or equal plain data (strings, numbers, and containers of them compared by value)."""
    return len(a) == len(b) and all(
        x is y or (type(x) is type(y) and isinstance(x, (str, int, bool, dict)) and x == y)
        for x, y in zip(a, b, strict=True)
    )


def _no_reads(judge: Callable[[Entry, Reporter], None], entry: Entry, report: Reporter) -> tuple[Reads, None]:
    judge(entry, report)
    return (), None


def _always(reads: Reads) -> bool:
    return True
