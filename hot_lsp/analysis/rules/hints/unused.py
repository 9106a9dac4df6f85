"""9xxx: hints: declarations nothing uses.

Heat accepts all of these; they point at dead code or at a reference that was
meant but never written.

I9001 is information, not a warning: a nested template must declare every
parameter its parent passes (Heat rejects properties a template resource does
not declare), so interface parameters such as TripleO's ServiceData,
ServiceNetMap, RoleName or EndpointMap are often deliberately unread. A
warning on each would drown real findings. A condition, by contrast, is never
part of an interface, so an unused one is a warning.
"""

from __future__ import annotations

import re
from collections import Counter

from ....document import Node, QuickFix, Scalar, Sequence
from ...codes import define
from ...model.template import TemplateModel
from ...report import Reporter
from ..context import RuleContext
from ..phases import MODEL

PHASE = MODEL  # (rules/phases.py: when this unit runs)

I9001 = define(
    "I9001",
    "A parameter no get_param reads (parameter_groups do not count); fine for interface parameters a parent passes.",
    "parameters:\n  unused: {type: string}\nresources: {}",
    "hints",
    slug="unused-parameter",
    why="Heat accepts a parameter nothing reads; it is dead weight, unless a parent template or environment "
    "passes it as part of this template's interface.",
    instead="(remove the parameter, or read it with get_param)",
    heat_step="none: hot-lsp's own hint",
    phase=PHASE.name,
)
W9002 = define(
    "W9002",
    "A condition that no resource, output, `if` or other condition refers to.",
    "conditions:\n  never: {equals: [1, 1]}\nresources: {}",
    "hints",
    slug="unused-condition",
    why="Heat resolves a condition nothing names and throws the result away: it is dead code, or a "
    "`condition:` was meant and never written.",
    instead="resources:\n  r: {type: OS::Heat::None, condition: never}",
    heat_step="none: hot-lsp's own hint",
    phase=PHASE.name,
)

_PARAMETER_READERS = frozenset({"get_param"})
_CONDITION_READERS = frozenset({"condition", "if", "not", "and", "or"})


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not model.parsed.syntax_ok:
        return  # what the broken entry reads is not known: it may be what uses them
    _unused_parameters(model, report)
    _unused_conditions(model, report)


def _unused_parameters(model: TemplateModel, report: Reporter) -> None:
    if not model.parameters or _reads_computed_parameter(model):
        return
    used = {ref.name for ref in model.references if ref.kind == "parameter" and ref.via in _PARAMETER_READERS}
    # Removing a parameter a parameter group lists would leave the group naming an unknown one (E2014).
    grouped = {ref.name for ref in model.references if ref.kind == "parameter" and ref.via == "parameter_groups"}
    for name, entry in model.parameters.items():
        if name in used or not isinstance(entry.key.value, str):
            continue  # (a name YAML reads as a boolean or a number is E1005's)
        report(
            I9001,
            entry.key,
            f"Parameter `{name}` is declared but no get_param reads it. Remove it, unless a parent template "
            "or environment passes it as part of this template's interface.",
            None if name in grouped or _written_elsewhere(model, name, entry.key) else QuickFix(fix="remove_key"),
        )


def _reads_computed_parameter(model: TemplateModel) -> bool:
    """A get_param whose name is computed (by a function) may read any parameter."""
    for call in model.calls_named("get_param"):
        args = call.args
        first = args.items[0] if isinstance(args, Sequence) and args.items else args
        if not isinstance(first, Scalar):
            return True
    return False


def _unused_conditions(model: TemplateModel, report: Reporter) -> None:
    if not model.conditions or not model.has_feature("conditions"):
        return  # before 2016-10-14 the section itself is reported
    used = {ref.name for ref in model.references if ref.kind == "condition" and ref.via in _CONDITION_READERS}
    for name, entry in model.conditions.items():
        if name in used or not isinstance(entry.key.value, str):
            continue  # (a name YAML reads as a boolean or a number is E1005's)
        report(
            W9002,
            entry.key,
            f"Condition `{name}` is never used: no resource or output `condition`, `if`, `not`, `and` or `or` "
            "refers to it. Attach it where it was meant, or remove it.",
            None if _written_elsewhere(model, name, entry.key) else QuickFix(fix="remove_key"),
        )


def _written_elsewhere(model: TemplateModel, name: str, key: Node) -> bool:
    """Whether the name is written outside its own key: a use under a misspelt key (an output's `vaalue`) is no
    use Heat sees, but removing the declaration would break the template once the misspelling is fixed."""
    text = model.parsed.text
    if _WORD.fullmatch(name):
        # The words of the text counted once per reading (a TripleO template has hundreds of unused parameters:
        # one search of the whole text each cost 35 ms per keystroke on overcloud.yaml).
        inside = sum(1 for word in _WORD.findall(text, key.start, key.end) if word == name)
        return _words(model).get(name, 0) > inside
    return any(
        not key.start <= match.start() < key.end
        for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)
    )


_WORD = re.compile(r"[\w-]+")


def _words(model: TemplateModel) -> Counter[str]:
    """How often each word (a run of letters, digits, ``_`` and ``-``) is written in the text."""
    memo = model.parsed.memo
    found = memo.get(_words)
    if not isinstance(found, Counter):
        found = memo[_words] = Counter(_WORD.findall(model.parsed.text))
    return found
