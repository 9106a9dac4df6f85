"""How far Heat gets with each part of a template before the stack exists, with the values it would use.

Heat meets a fault only when it takes the step that raises it, at that place (heat-27-facts §0, §3b, §3c):

- **parse**: every resource definition and every enabled output is parsed, and every condition definition; an
  ``if`` is decided while parsing, so the branch it does not choose is never parsed at all, and an output whose
  condition is false is never read;
- **depends**: the resources each enabled resource names (``get_resource``, ``get_attr``, ``depends_on``) must
  exist: they become its dependencies;
- **validate**: each enabled resource is validated (its definition's functions, its properties against the type's
  schema), unless its type is a placeholder (``OS::Heat::None`` and the removed types Heat keeps), which
  validates nothing; each enabled output's functions are validated; every condition definition is validated;
- **resolve**: the values are computed: an enabled resource's properties (strict validation, then creation), its
  metadata, update_policy and deletion_policy, and every condition a resource, an output or a parsed ``if``
  uses. An output's value is resolved only when it is shown: the stack is created all the same.

A finding says which step meets it (``Phase``); ``Reach.missed`` says why Heat does not take that step at the
finding's place, or None when it does. The values are those the evaluation uses (parameter defaults, and the
environments' values when given): a condition they cannot decide (a parameter without a value) leaves both of
its branches unmet, because Heat meets them only for some deployments.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...document import ERROR, WARNING, Diagnostic, Mapping, Node, Scalar, Sequence
from ..evaluation.evaluator import Evaluator
from ..evaluation.render import Evaluation, resource_enabled
from ..model.template import TemplateModel
from ..report import Needs
from ..values.evaluated import Symbol
from ..values.problems import HeatError

Phases = Needs  # the steps Heat takes in a region (report.Phase names)

NONE: Phases = frozenset()
PARSE: Phases = frozenset(("parse",))
PARSE_DEPENDS: Phases = frozenset(("parse", "depends"))
PARSE_VALIDATE: Phases = frozenset(("parse", "validate"))


@dataclass(frozen=True, slots=True)
class Region:
    """A range of the text where Heat takes only ``phases`` of the steps it takes around it; or, with
    ``resolved_when_parsed``, where it resolves whatever it parses (an ``if``'s condition, decided while parsing)."""

    start: int
    end: int
    phases: Phases
    why: str  # what a reader is told when a finding here is not met
    resolved_when_parsed: bool = False


EVERY: Phases = frozenset(("parse", "depends", "validate", "resolve"))


class Reach:
    """The regions of one template where Heat takes other steps than everywhere else."""

    def __init__(self, regions: list[Region]) -> None:
        self.regions = sorted(regions, key=lambda region: (region.start, -region.end))

    def missed(self, needs: Phases, at: int) -> str | None:
        """Why Heat takes none of the steps ``needs`` at offset ``at`` (None: it takes one of them).

        Regions nest (an ``if`` branch in an output): each region around ``at``, outermost first, narrows the
        steps taken, and the region that ruled out the needed step last is the reason given.
        """
        taken = EVERY
        reason = None
        for region in self.regions:
            if region.start > at:
                break
            if at >= region.end:
                continue
            if not region.resolved_when_parsed:
                taken = taken & region.phases
            elif "parse" in taken:
                taken = EVERY
            if needs & taken:
                reason = None
            elif reason is None:
                reason = region.why
        return reason


def reach_of(found: Evaluation) -> Reach:
    """The reach under the values of ``found`` (built once per evaluation: the rules and the downgrade share it)."""
    reach = found.derived.get(reach_of)
    if reach is None:
        reach = found.derived[reach_of] = heat_reach(found.evaluator.model, found.evaluator)
    return reach  # type: ignore[no-any-return]


def heat_reach(model: TemplateModel, evaluator: Evaluator) -> Reach:
    """The reach of one template under the values ``evaluator`` holds."""
    regions: list[Region] = []
    for name, entry in model.resources.items():
        body = entry.body
        if body is not None:
            regions.extend(_resource_regions(model, evaluator, name, body))
    for name, entry in model.outputs.items():
        body = entry.body
        value = body.get("value") if body is not None else None
        if body is None or value is None:
            continue
        enabled = _enabled(evaluator, body)
        regions.extend(_condition_field(body))
        if enabled is True:
            why = (
                f"an output's value is resolved only when it is shown: the stack is created, and "
                f"`openstack stack output show <stack> {name}` gives the error"
            )
            regions.append(Region(value.start, value.end, PARSE_VALIDATE, why))
        else:
            regions.append(Region(value.start, value.end, NONE, _disabled(body, enabled, f"output `{name}`")))
    regions.extend(_branch_regions(model, evaluator))
    parsed = Reach(regions)
    return Reach([*regions, *_condition_regions(model, parsed)])


def _decided_while_parsing(node: Node, key: Node | None = None) -> Region:
    """A condition Heat resolves as soon as it parses it: an ``if``'s first argument, a ``condition`` field (from
    its key, where a finding about an empty value is)."""
    start = key.start if key is not None else node.start
    return Region(start, max(node.end, start + 1), EVERY, "", resolved_when_parsed=True)


def _condition_field(body: Mapping) -> list[Region]:
    pair = body.pair("condition")
    return [_decided_while_parsing(pair.value, pair.key)] if pair is not None else []


def _resource_regions(model: TemplateModel, evaluator: Evaluator, name: str, body: Mapping) -> list[Region]:
    enabled = _enabled(evaluator, body)
    decided = _condition_field(body)
    if enabled is not True:
        return [Region(body.start, body.end, PARSE, _disabled(body, enabled, f"resource `{name}`")), *decided]
    type_node = body.get("type")
    if isinstance(type_node, Scalar) and isinstance(type_node.value, str):
        _, resource_type = model.resolve_type(type_node.value, name)
        if resource_type is not None and resource_type.placeholder:
            why = (
                f"`{type_node.value}` is a placeholder type: Heat ignores its properties and never validates or "
                "resolves them (only the resources they name must exist)"
            )
            return [Region(body.start, body.end, PARSE_DEPENDS, why), *decided]
    return decided


def _enabled(evaluator: Evaluator, body: Mapping) -> object:
    """True, False, or a Symbol when the condition depends on values not known here."""
    with evaluator.muted():
        return resource_enabled(evaluator, body)


def _disabled(body: Mapping, enabled: object, what: str) -> str:
    condition = body.get("condition")
    written = _written(condition)
    if enabled is False:
        return f"{what} is disabled: its condition {written} is false with these parameter values"
    return f"{what} exists only when its condition {written} is true, which depends on values not known here"


def _written(node: Node | None) -> str:
    if isinstance(node, Scalar):
        return f"`{node.text}`"
    return "(inline)"


def _condition_regions(model: TemplateModel, parsed: Reach) -> list[Region]:
    """Every definition is parsed and validated; only the conditions something Heat parses uses are resolved."""
    used = _used_conditions(model, parsed)
    regions = []
    for name, entry in model.conditions.items():
        if name not in used:
            why = f"condition `{name}` is not used, so Heat never resolves it"
            regions.append(Region(entry.value.start, max(entry.value.end, entry.value.start + 1), PARSE_VALIDATE, why))
    return regions


def _used_conditions(model: TemplateModel, parsed: Reach) -> set[str]:
    """The conditions a resource's or output's `condition` or a parsed `if` names, and those they name in turn."""
    named_by: dict[str, set[str]] = {}
    used: set[str] = set()
    for reference in model.references:
        if reference.kind != "condition":
            continue
        if reference.where.section == "conditions":
            named_by.setdefault(reference.where.entry, set()).add(reference.name)
        elif parsed.missed(PARSE, reference.node.start) is None:
            used.add(reference.name)
    pending = list(used)
    while pending:
        for name in named_by.get(pending.pop(), ()):
            if name not in used:
                used.add(name)
                pending.append(name)
    return used


def _branch_regions(model: TemplateModel, evaluator: Evaluator) -> list[Region]:
    """Each `if` branch the condition does not choose (or may not choose) with these values."""
    regions = []
    for call in model.calls_named("if"):
        args = call.args
        if not isinstance(args, Sequence) or len(args.items) < 2:
            continue
        condition_node = args.items[0]
        regions.append(_decided_while_parsing(condition_node))
        with evaluator.muted():
            try:
                chosen = evaluator.condition_value(condition_node, "")
            except HeatError:  # a broken condition: Heat fails on it, and that is reported where it is
                continue
        written = _written(condition_node)
        for index, branch in enumerate(args.items[1:3]):
            when = index == 0  # the first branch is taken when the condition is true
            if isinstance(chosen, Symbol):
                why = (
                    f"this `if` branch is parsed only when the condition {written} is {str(when).lower()}, "
                    "which depends on values not known here"
                )
            elif chosen is when:
                continue
            else:
                why = (
                    f"this `if` branch is never parsed: the condition {written} is {str(chosen).lower()} with these "
                    f"parameter values (it fails when the condition is {str(when).lower()})"
                )
            regions.append(Region(branch.start, max(branch.end, branch.start + 1), NONE, why))
    return regions


def apply_reach(diagnostics: list[Diagnostic], needs: dict[int, Phases], reach: Reach) -> list[Diagnostic]:
    """The diagnostics, each error Heat does not meet where it is made a warning that says why."""
    kept = []
    for diagnostic in diagnostics:
        wanted = needs.get(id(diagnostic))
        if wanted is not None and diagnostic.severity == ERROR:
            why = reach.missed(wanted, diagnostic.start)
            if why is not None:
                message = f"{diagnostic.message.rstrip()} Heat does not fail on this when it creates the stack: {why}."
                diagnostic = replace(diagnostic, message=message, severity=WARNING)
        kept.append(diagnostic)
    return kept
