"""3xxx: resource dependencies: the shape of depends_on, the names it gives, and dependency cycles.

Heat reads depends_on while it builds the resource definitions and orders the stack by every dependency
(depends_on, and get_resource/get_attr in properties and metadata): a missing name or a cycle fails the stack.
A resource switched off by a literal ``condition: false`` hides them from Heat, so they are warnings there; a
cycle that needs an ``if`` to take a branch is a warning too.
"""

from __future__ import annotations

from ....document import WARNING, Mapping, Node, QuickFix, Scalar, Sequence
from ...codes import define
from ...model.template import Reference, TemplateModel
from ...report import Reporter
from ...stack.dependencies import (
    Dependency,
    disabled_resources,
    resource_dependencies,
    shortest_cycle,
    strongly_connected,
)
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL
from .written import first_char, looks_like_call, shown

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E3004 = define(
    "E3004",
    "`depends_on` is not a resource name or a list of names.",
    "resources:\n  r:\n    type: OS::Heat::None\n    depends_on: {a: b}",
    "resources",
    slug="depends-on-wrong-shape",
    why="depends_on is read without functions, as a name or a list of names: 'Resource r depends_on type must "
    "be list or string'.",
    instead="    depends_on: [a, b]",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3005 = define(
    "E3005",
    "`depends_on` names a resource the template does not define.",
    "resources:\n  r:\n    type: OS::Heat::None\n    depends_on: nosuch",
    "resources",
    slug="depends-on-unknown",
    why="Heat orders the stack by depends_on: a name no resource has fails with 'The specified reference "
    '"nosuch" (in r) is incorrect.\'',
    instead="    depends_on: server  # a resource of this template",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3006 = define(
    "E3006",
    "A resource depends on itself (depends_on, or get_resource/get_attr in its properties or metadata).",
    "resources:\n  r:\n    type: OS::Heat::None\n    depends_on: r",
    "resources",
    slug="depends-on-itself",
    why="A resource that needs itself cannot be ordered: the stack fails with 'Circular Dependency Found'.",
    instead="(remove the reference to the resource itself)",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3007 = define(
    "E3007",
    "A dependency cycle between resources (through depends_on and get_resource/get_attr).",
    "resources:\n  a: {type: OS::Heat::None, depends_on: b}\n  b: {type: OS::Heat::None, depends_on: a}",
    "resources",
    slug="dependency-cycle",
    why="Heat creates resources in dependency order; a cycle has no first one, and the stack fails with "
    "'Circular Dependency Found: ...'.",
    instead="resources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: a}",
    heat_step="stack validate",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not isinstance(model.section("resources"), Mapping):
        return  # absent, empty, or the wrong shape (the sections rule reports that)
    disabled = disabled_resources(model)
    for name, entry in model.resources.items():
        body = entry.value
        if isinstance(body, Mapping) and len(body) > 0:  # (else E3001 says what is wrong with it)
            _check_depends_on_shape(model, name, body, report)
    _check_unknown_dependencies(model, disabled, report)
    _check_cycles(model, disabled, report)


def _check_depends_on_shape(model: TemplateModel, name: str, body: Mapping, report: Reporter) -> None:
    pair = body.pair("depends_on")
    if pair is None:
        return
    value = pair.value
    if (isinstance(value, Scalar) and isinstance(value.value, str)) or looks_like_call(model, value):
        return  # a function here is the functions rules' finding
    if isinstance(value, Sequence):
        for item in value.items:
            if looks_like_call(model, item):
                continue
            if not (isinstance(item, Scalar) and isinstance(item.value, str)):
                report(
                    E3004,
                    item if isinstance(item, Scalar) and item.value is not None else first_char(item),
                    f"Every item of `depends_on` must be a resource name, not {shown(item)} "
                    f"(Heat: Resource {name} depends_on must be a list of strings).",
                )
        return
    at: Node = value if isinstance(value, Scalar) and value.value is not None else pair.key
    report(
        E3004,
        at,
        f"`depends_on` must be a resource name or a list of names, not {shown(value)} "
        f"(Heat: Resource {name} depends_on type must be list or string).",
    )


# -- dependencies ------------------------------------------------------------------


def _check_unknown_dependencies(model: TemplateModel, disabled: set[str], report: Reporter) -> None:
    names = list(model.resources)
    for ref in model.references:
        if ref.via != "depends_on" or ref.where.section != "resources" or ref.name in model.resources:
            continue
        # Never the resource itself: depending on itself is E3006, not a fix.
        suggestions = did_you_mean(ref.name, [n for n in names if n != ref.where.entry])
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
        off = ref.where.entry in disabled
        report(
            E3005,
            ref.node,
            f"`depends_on` names `{ref.name}`, which is not a resource of this template{hint} "
            f'(Heat: The specified reference "{ref.name}" (in {ref.where.entry}) is incorrect.).'
            + (_DISABLED_NOTE if off else ""),
            data=QuickFix(suggestions=suggestions) if suggestions else None,
            severity=WARNING if off else 0,
        )


_DISABLED_NOTE = " Heat ignores it only because this resource's `condition` is always false."


def _check_cycles(model: TemplateModel, disabled: set[str], report: Reporter) -> None:
    graph = resource_dependencies(model)
    _check_self_dependencies(graph, disabled, report)
    nodes = [name for name in graph if name not in disabled]
    certain = {name: [d.target for d in edges if not d.conditional] for name, edges in graph.items()}
    reported: set[str] = set()
    for component in strongly_connected(nodes, certain):
        if len(component) > 1:
            _report_cycle(component, graph, certain, False, report)
            reported.update(component)
    possible = {name: [d.target for d in edges] for name, edges in graph.items()}
    for component in strongly_connected(nodes, possible):
        if len(component) > 1 and not reported.intersection(component):
            _report_cycle(component, graph, possible, True, report)


def _check_self_dependencies(graph: dict[str, list[Dependency]], disabled: set[str], report: Reporter) -> None:
    for name, edges in graph.items():
        for edge in edges:
            if edge.target != name:
                continue
            # Like every rule, treat both branches of an `if` as taken; only a resource that is
            # always disabled hides the fault from Heat.
            branch = " (inside an `if` branch: Heat fails whenever that branch is chosen)" if edge.conditional else ""
            note = _DISABLED_NOTE if name in disabled else ""
            report(
                E3006,
                edge.reference.node,
                f"Resource `{name}` depends on itself ({_how(edge.reference)}){branch}; Heat refuses the stack with "
                f"'Circular Dependency Found'. Remove this reference.{note}",
                severity=WARNING if note else 0,
            )


def _report_cycle(
    component: list[str],
    graph: dict[str, list[Dependency]],
    edges: dict[str, list[str]],
    conditional: bool,
    report: Reporter,
) -> None:
    start = component[0]
    path = shortest_cycle(start, component, edges)
    if not path:
        return
    closing = _edge_to(graph[path[-1]], start, conditional)
    if closing is None:
        return
    steps = [f"`{a}` → `{b}` ({_how(_edge_to(graph[a], b, conditional))})" for a, b in _pairs(path + [start])]
    shown = " → ".join(f"`{name}`" for name in path + [start])
    others = [name for name in component if name not in path]
    more = f" `{'`, `'.join(others)}` take part in the same knot of dependencies." if others else ""
    note = (
        " At least one of these references is inside an `if` branch, so Heat fails only when those branches are chosen."
        if conditional
        else ""
    )
    report(
        E3007,
        closing.node,
        f"Dependency cycle {shown}: Heat refuses the stack with 'Circular Dependency Found'. "
        f"The links: {'; '.join(steps)}. Remove one of them.{more}{note}",
        severity=WARNING if conditional else 0,
    )


def _edge_to(edges: list[Dependency], target: str, conditional: bool) -> Reference | None:
    """The first reference to ``target``; a certain one unless conditional edges count too."""
    for edge in edges:
        if edge.target == target and (conditional or not edge.conditional):
            return edge.reference
    return None


def _pairs(path: list[str]) -> list[tuple[str, str]]:
    return list(zip(path, path[1:], strict=False))


def _how(ref: Reference | None) -> str:
    if ref is None:
        return "?"
    if ref.via == "depends_on":
        return "depends_on"
    return f"{ref.via} in {ref.where.field}"
