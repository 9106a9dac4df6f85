"""The resource dependency graph, and cycle finding for any small name graph.

Heat orders resources by explicit ``depends_on`` names and by the
``get_resource``/``get_attr`` calls (``Ref`` in 2013-05-23) found in a
resource's ``properties`` and ``metadata``; nothing else creates an edge.
An external resource (one with ``external_id``) has no dependencies at all:
Heat drops its implicit ones and rejects explicit ones.

The graph keeps the reference behind every edge, so rules can point at the
exact name that closes a cycle, and the ``graph`` command and resource list
can show why one resource waits for another.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from ...document import Node, Scalar, Sequence, walk
from ..evaluation.static_conditions import StaticInputs, static_conditions
from ..model.template import FunctionCall, Reference, TemplateModel

# The reference kinds that make an edge, and the resource fields they count in.
_EDGE_VIA = frozenset({"depends_on", "get_resource", "get_attr"})
_EDGE_FIELDS = frozenset({"depends_on", "properties", "metadata"})


class Dependency(NamedTuple):
    """One edge: the resource depended on, the reference that makes the edge, and whether it is certain."""

    target: str
    reference: Reference
    conditional: bool  # inside an `if` branch whose condition depends on parameters


Dependencies = dict[str, list[Dependency]]


def resource_dependencies(model: TemplateModel, branches: Branches | None = None) -> Dependencies:
    """For every resource (in source order), the resources it depends on.

    One edge per reference (in the order the model found them), so a resource
    naming the same target twice has two edges. Only targets that exist are kept (an unknown
    name is a different finding); self-edges are kept. An edge inside an `if`
    branch Heat never takes (its condition is known without parameters) is
    left out; one inside a branch taken only for some parameter values is
    kept and marked ``conditional``. Resources switched off by a condition
    known to be false are still listed, with their edges: see
    :func:`disabled_resources`.
    """
    branches = branches if branches is not None else if_branches(model)
    resources = model.resources
    graph: Dependencies = {name: [] for name in resources}
    external = {name for name, entry in resources.items() if is_external(entry.get("external_id"))}
    for ref in _edge_references(model):
        source = ref.where.entry
        if source not in graph or source in external or ref.name not in resources:
            continue
        if id(ref.node) in branches.dead:
            continue
        graph[source].append(Dependency(ref.name, ref, id(ref.node) in branches.uncertain))
    return graph


def disabled_resources(model: TemplateModel) -> set[str]:
    """Resources whose `condition` is false whatever the parameters: Heat leaves them out of the stack."""
    return {
        name
        for name, entry in model.resources.items()
        if (node := entry.get("condition")) is not None and static_condition(model, node) is False
    }


def is_external(value: object) -> bool:
    """Whether an ``external_id`` value makes the resource external (Heat tests its truthiness)."""
    if value is None:
        return False
    if isinstance(value, Scalar):
        return bool(value.value)
    return True  # a function or a collection: truthy to Heat


def _edge_references(model: TemplateModel) -> Iterable[Reference]:
    for ref in model.references:
        if ref.kind == "resource" and ref.via in _EDGE_VIA and _is_edge_place(ref):
            yield ref
    # `Ref` (HOT 2013-05-23 only) names a resource or a parameter; only a resource makes an edge.
    for call in model.calls:
        if call.name == "Ref" and call.where.section == "resources" and call.where.field in _EDGE_FIELDS:
            args = call.args
            if isinstance(args, Scalar) and isinstance(args.value, str) and args.value in model.resources:
                yield Reference("resource", args.value, args, "Ref", call.where, call)


def _is_edge_place(ref: Reference) -> bool:
    return ref.where.section == "resources" and ref.where.field in _EDGE_FIELDS


# -- conditions known without parameters ---------------------------------------------


def static_condition(model: TemplateModel, node: Node) -> bool | None:
    """The value of a condition when it does not depend on parameters; None when it does or Heat fails on it.

    The evaluator decides, with every parameter unknown (``evaluation.static_conditions``): the same reading of
    a condition as the previews and the 8xxx rules.
    """
    return static_conditions(model).value(node)


@dataclass
class Branches:
    """The `if` branches of normal-context values, split by what Heat does with them.

    ``dead``: ids of nodes in a branch Heat never parses (the condition is known).
    ``uncertain``: ids of nodes in a branch Heat parses only for some parameter values.
    """

    dead: set[int] = field(default_factory=set)
    uncertain: set[int] = field(default_factory=set)
    # id of an `if` call's node -> the static value of its condition (None when unknown)
    decided: dict[int, bool | None] = field(default_factory=dict)


def if_branches(model: TemplateModel) -> Branches:
    """Where each `if` in properties, metadata, outputs etc. sends Heat (computed once per model)."""
    return model.derive(_compute_branches)


def _compute_branches(model: TemplateModel) -> Branches:
    branches = Branches()
    # An `if` of an entry the edit left alone (the same call object) is decided as before while the conditions'
    # definitions, the parameters' names and the version are the same (the static value reads nothing else).
    interface = StaticInputs.of(model)
    earlier = model.earlier.get(_compute_branches)
    reusable = earlier.calls if isinstance(earlier, _DecidedIfs) and earlier.interface.same(interface) else {}
    kept: dict[int, tuple[FunctionCall, bool | None, tuple[int, ...], tuple[int, ...]]] = {}
    for call in model.calls:
        if call.name != "if" or call.context != "normal" or not isinstance(call.args, Sequence):
            continue
        items = call.args.items
        if len(items) < 2:
            continue
        found = reusable.get(id(call))
        if found is not None and found[0] is call:
            decided = found
        else:
            value = static_condition(model, items[0])
            dead: list[int] = []
            uncertain: list[int] = []
            for index, branch in enumerate(items[1:3]):
                taken = index == 0
                if value is None:
                    uncertain.extend(id(node) for node in walk(branch))
                elif value is not taken:
                    dead.extend(id(node) for node in walk(branch))
            decided = (call, value, tuple(dead), tuple(uncertain))
        kept[id(call)] = decided
        branches.decided[id(call.node)] = decided[1]
        branches.dead.update(decided[2])
        branches.uncertain.update(decided[3])
    model.parsed.memo[_compute_branches] = _DecidedIfs(interface, kept)
    return branches


@dataclass(frozen=True)
class _DecidedIfs:
    """Each `if` call's static value and the ids of the nodes of its dead and uncertain branches, for the next
    model (its calls of unchanged entries are the same objects)."""

    interface: StaticInputs
    calls: dict[int, tuple[FunctionCall, bool | None, tuple[int, ...], tuple[int, ...]]]


# -- generic graph helpers --------------------------------------------------------


def strongly_connected(nodes: Iterable[str], edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, without recursion (templates may be large).

    Every node appears in exactly one component; members keep the order of ``nodes``.
    Edges to names outside ``nodes`` are ignored.
    """
    order = list(nodes)
    position = {name: i for i, name in enumerate(order)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in order:
        if root in index:
            continue
        # Each frame: the node and an iterator over its successors.
        work: list[tuple[str, Iterable[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(edges.get(root, ()))))
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:  # type: ignore[union-attr]
                if succ not in position:
                    continue
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(edges.get(succ, ()))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                component.sort(key=position.__getitem__)
                components.append(component)
    return components


def shortest_cycle(start: str, members: Iterable[str], edges: Mapping[str, Iterable[str]]) -> list[str]:
    """The shortest cycle through ``start`` inside ``members``: ``[start, ..., last]``.

    The cycle closes with the edge ``last -> start``. Returns ``[]`` when there is none.
    """
    allowed = set(members)
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for succ in edges.get(node, ()):
            if succ == start:
                path = [node]
                while (previous := parent[path[-1]]) is not None:
                    path.append(previous)
                return path[::-1]
            if succ in allowed and succ not in parent:
                parent[succ] = node
                queue.append(succ)
    return []
