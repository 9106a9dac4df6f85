"""7xxx: a template resource whose nested stacks never end, because a template includes one of its ancestors.

Heat builds each nested stack one level below its parent and refuses a stack deeper than
``max_nested_stack_depth`` (5): ``Request limit exceeded: Recursion depth exceeds 5.`` A template that includes
itself, or an ancestor, by file name recurses until then. Through the registry it cannot: a nested stack's
environment lacks the mapping that made that stack (``get_child_environment`` removes it), so there the type
resolves without it, usually to nothing (``The Resource Type (X) could not be found.``), or to the plugin type a
facade stands for, which ends the recursion without a fault. Either failure is reported once, on the type in this
document that starts it, with the chain of templates.

The walk follows what Heat would build: template resources (through the registry, less the mappings already
used on the way) and the members of ResourceGroup and AutoScalingGroup (a group is a nested stack too). It is
bounded: 5 levels, each (template, mappings removed, depth) walked once, at most ``MAX_VISITS`` resources, files
read through the shared cache. A resource with a ``condition`` and a group of 0 members are not followed: they
may be how a recursion ends.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ....document import Mapping, Node, Scalar
from ....spec.limits import MAX_NESTED_STACK_DEPTH
from ....spec.nested_stacks import GroupType
from ...codes import define
from ...files.cross_file import CrossFile
from ..context import RuleContext
from ..phases import CROSS_FILE
from .template_resources import definition_group, group_size

PHASE = CROSS_FILE  # (rules/phases.py: when this unit runs)

E7013 = define(
    "E7013",
    "A template resource whose template includes one of its ancestors: Heat fails the stack (Recursion depth "
    f"exceeds {MAX_NESTED_STACK_DEPTH}, or, through a registry mapping, the type not found in the nested stack).",
    "resources:\n  again:\n    type: example.yaml",
    "cross_file",
    slug="template-recursion",
    why="A nested template that includes an ancestor nests without end: Heat fails the stack with 'Recursion "
    "depth exceeds 5' (or, through a registry mapping, with the type not found in the nested stack).",
    instead="(break the loop: the child must not use the parent's type)",
    heat_step="stack create (nested stacks are built)",
    phase=PHASE.name,
)

MAX_VISITS = 5_000  # resources looked at in one analysis
Removed = frozenset[tuple[str, ...]]  # the paths of the registry mappings a nested stack's environment lacks


@dataclass(frozen=True, slots=True)
class _Failure:
    """How the stacks below a resource fail: the templates from there down, and what stops them."""

    chain: tuple[str, ...]  # the templates' real paths, from the resource's own down
    unmapped: str | None = None  # the type a removed registry mapping leaves unknown (None: too deep)


def check(context: RuleContext) -> None:
    model, report, around = context.model, context.report, context.around
    assert around is not None  # (the phase runs only with files around)
    if not isinstance(model.section("resources"), Mapping) or not model.resources:
        return
    walker = _Walker(around)
    top = (_identity(around.document_path),) if around.document_path else ()
    for name, entry in model.resources.items():
        body = entry.body
        type_node = body.get("type") if body is not None else None
        if body is None or not _is_name(type_node) or "condition" in body:
            continue
        assert isinstance(type_node, Scalar)
        failure = walker.typed(type_node.value, name, around.document_path, frozenset(), 0, body)
        if failure is None:
            continue
        start = _starting_node(type_node, body, around, name)
        message = _message(start.value, top, failure, around)
        if message is not None:
            report(E7013, start, message)


class _Walker:
    def __init__(self, around: CrossFile) -> None:
        self.around = around
        self.memo: dict[tuple[str, Removed, int], _Failure | None] = {}
        self.visits = 0

    def typed(
        self,
        type_name: str,
        resource: str | None,
        referrer: str | None,
        removed: Removed,
        depth: int,
        body: Mapping,
    ) -> _Failure | None:
        """How the stacks made for a resource of ``type_name`` fail (``depth``: the depth of its own stack)."""
        registry = self.around.registry
        resolution = registry.resolve(type_name, resource, removed)
        if resolution.kind == "unknown":
            if removed and registry.resolve(type_name, resource).kind == "template":
                return _Failure((), type_name)  # a mapping already used above: the type is gone here
            return None
        if resolution.kind == "type":
            group = definition_group(resolution.name)
            return self.members(group, body, referrer, removed, depth) if group is not None else None
        path = self.around.template_path(resolution, referrer)
        if path is None:
            return None
        identity = _identity(path)
        if depth + 1 > MAX_NESTED_STACK_DEPTH:
            return _Failure((identity,))
        last = resolution.via[-1] if resolution.via else None
        if last is not None and last.user and last.source:
            removed = removed | {last.path}  # Heat's get_child_environment drops the mapping that made the stack
        return self.template(path, identity, removed, depth + 1)

    def members(
        self, group: GroupType, body: Mapping, referrer: str | None, removed: Removed, depth: int
    ) -> _Failure | None:
        properties = body.get("properties")
        definition = properties.get(group.definition) if isinstance(properties, Mapping) else None
        member_type = definition.get("type") if isinstance(definition, Mapping) else None
        if not _is_name(member_type) or group_size(properties, group) == 0:
            return None
        assert isinstance(definition, Mapping) and isinstance(member_type, Scalar)
        if depth + 1 > MAX_NESTED_STACK_DEPTH:
            return _Failure(())  # the group's own nested stack is one level too deep
        # The members live in the group's nested stack, one level down.
        return self.typed(member_type.value, None, referrer, removed, depth + 1, definition)

    def template(self, path: str, identity: str, removed: Removed, depth: int) -> _Failure | None:
        key = (identity, removed, depth)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None
        loaded = self.around.files.template(path)
        model = loaded.analysis.model if loaded.analysis is not None else None
        found = None
        for name, entry in (model.resources if model is not None else {}).items():
            self.visits += 1
            if self.visits > MAX_VISITS:
                break
            body = entry.body
            type_node = body.get("type") if body is not None else None
            if body is None or not _is_name(type_node) or "condition" in body:
                continue
            assert isinstance(type_node, Scalar)
            below = self.typed(type_node.value, name, path, removed, depth, body)
            if below is not None:
                found = _Failure((identity, *below.chain), below.unmapped)
                break
        self.memo[key] = found
        return found


def _message(type_name: str, top: tuple[str, ...], failure: _Failure, around: CrossFile) -> str | None:
    """What to say about a failure; None when no template repeats (a tree simply deeper than Heat allows is not
    this rule's finding)."""
    chain = (*top, *failure.chain)
    folder = os.path.dirname(around.document_path) if around.document_path else None
    if failure.unmapped is not None:
        shown = " → ".join(_shown(path, folder) for path in chain)
        return (
            f"`{type_name}` leads to a template that includes one of its ancestors through the registry "
            f"({shown} → `{failure.unmapped}`): Heat drops the mapping that made a nested stack from that stack's "
            f"environment, so there `{failure.unmapped}` is unknown (Heat: The Resource Type ({failure.unmapped}) "
            "could not be found.)."
        )
    for index, path in enumerate(chain):
        if path in chain[:index]:
            shown = " → ".join(_shown(each, folder) for each in chain[: index + 1])
            return (
                f"`{type_name}` leads to a template that includes one of its ancestors ({shown}): each nested "
                f"stack is one level deeper, and Heat refuses the stack (Request limit exceeded: Recursion depth "
                f"exceeds {MAX_NESTED_STACK_DEPTH}.)."
            )
    return None


def _starting_node(type_node: Scalar, body: Mapping, around: CrossFile, name: str) -> Scalar:
    """The type that starts the chain: the resource's own, or its group's member type."""
    resolution = around.registry.resolve(type_node.value, name)
    group = definition_group(resolution.name) if resolution.kind == "type" else None
    if group is None:
        return type_node
    properties = body.get("properties")
    definition = properties.get(group.definition) if isinstance(properties, Mapping) else None
    member = definition.get("type") if isinstance(definition, Mapping) else None
    return member if isinstance(member, Scalar) else type_node


def _is_name(node: Node | None) -> bool:
    return isinstance(node, Scalar) and isinstance(node.value, str) and bool(node.value)


def _identity(path: str) -> str:
    """What makes two paths one template (symbolic links included)."""
    return os.path.normcase(os.path.realpath(path))


def _shown(path: str, folder: str | None) -> str:
    if folder is None:
        return os.path.basename(path)
    relative = os.path.relpath(path, os.path.realpath(folder))
    return relative if not relative.startswith(".." + os.sep + ".." + os.sep) else path
