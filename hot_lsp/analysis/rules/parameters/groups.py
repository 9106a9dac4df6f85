"""2xxx: ``parameter_groups``, as Heat's ParameterGroups.validate checks them (heat-27-facts.md §3g)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .... import spec
from ....document import Mapping, Node, QuickFix, Scalar, Sequence
from ....spec.parameters import GROUPABLE_PSEUDO_PARAMETERS
from ...codes import define
from ...model.template import TemplateModel
from ...report import Reporter, span_of_key_line
from ...wording import nearest_names
from ..context import RuleContext
from ..phases import MODEL

AREA = "parameters"

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E2013 = define(
    "E2013",
    "A malformed parameter group: not a mapping, or `parameters` missing or not a list.",
    "parameter_groups:\n  - label: db",
    AREA,
    slug="malformed-parameter-group",
    why="ParameterGroups.validate needs each group to be a map with a `parameters` list: 'The parameters must "
    "be provided for each parameter group.'",
    instead="parameters:\n  db_name: {type: string}\nparameter_groups:\n  - label: db\n    parameters: [db_name]",
    heat_step="stack validate",
    phase=PHASE.name,
)
E2014 = define(
    "E2014",
    "parameter_groups names a parameter the template does not define.",
    "parameter_groups:\n  - parameters: [nosuch]",
    AREA,
    slug="grouped-parameter-unknown",
    why="Each grouped name must be a declared parameter: 'The grouped parameter nosuch does not reference a "
    "valid parameter.'",
    instead="parameters:\n  db_name: {type: string}\nparameter_groups:\n  - parameters: [db_name]  # a declared parameter",
    heat_step="stack validate",
    phase=PHASE.name,
)
E2015 = define(
    "E2015",
    "A parameter listed in more than one parameter group (or twice in one).",
    "parameter_groups:\n  - parameters: [a]\n  - parameters: [a]",
    AREA,
    slug="parameter-in-two-groups",
    why="A parameter may sit in one group only: 'The a parameter must be assigned to one parameter group only.'",
    instead="parameter_groups:\n  - parameters: [a]\n  - parameters: [b]",
    heat_step="stack validate",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    groups = model.root.get("parameter_groups")
    if not isinstance(groups, Sequence):
        return  # absent, null, or the wrong shape (E1003 reports that)
    declared = {entry.key.value for entry in model.parameters.values()}
    names = tuple(name for name in model.parameters)
    seen: set[Any] = set()
    for group in groups.items:
        if not isinstance(group, Mapping):
            report(
                E2013,
                group if isinstance(group, Scalar) else span_of_key_line(model, group),
                "Each parameter group must be a mapping with a `parameters` list (and optionally `label` "
                "and `description`); Heat fails on anything else.",
            )
            continue
        for item in _group_items(model, group, report):
            _check_group_item(item, declared, names, seen, report)


def _group_items(model: TemplateModel, group: Mapping, report: Reporter) -> Iterator[Node]:
    pair = group.pair("parameters")
    if pair is None or (isinstance(pair.value, Scalar) and pair.value.value is None):
        at = pair.key if pair is not None else (group.pairs[0].key if group.pairs else span_of_key_line(model, group))
        report(
            E2013,
            at,
            "The parameters must be provided for each parameter group: add `parameters: [name, ...]`.",
            QuickFix(fix="add_key", key="parameters", value="[]"),
        )
        return
    if not isinstance(pair.value, Sequence):
        node = pair.value
        report(
            E2013,
            node if isinstance(node, Scalar) else pair.key,
            "The parameters of parameter group should be a list: write `parameters: [a, b]`.",
        )
        return
    yield from pair.value.items


def _check_group_item(item: Node, declared: set[Any], names: tuple[str, ...], seen: set[Any], report: Reporter) -> None:
    name = item.value if isinstance(item, Scalar) else None
    hashable = isinstance(item, Scalar)
    if hashable and name in seen:
        report(
            E2015,
            item,
            f"The {name} parameter must be assigned to one parameter group only; it is already listed "
            "in an earlier group. Remove this entry.",
            QuickFix(fix="remove_item"),
        )
        return
    if hashable:
        seen.add(name)
    if hashable and (name in declared or name in GROUPABLE_PSEUDO_PARAMETERS):
        return
    suggestions = nearest_names(name, names) if isinstance(name, str) else []
    hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
    if name in spec.PSEUDO_PARAMETERS:
        hint = (
            f" Heat checks groups before the stack has a name, so of the pseudo-parameters only "
            f"{' and '.join(sorted(GROUPABLE_PSEUDO_PARAMETERS))} can be grouped."
        )
        suggestions = []
    shown = name if hashable else "(a collection)"
    report(
        E2014,
        item if isinstance(item, Scalar) else (item.start, item.start + 1),
        f"The grouped parameter {shown} does not reference a valid parameter: declare it under "
        f"`parameters` or remove it from the group.{hint}",
        QuickFix(suggestions=suggestions),
    )
