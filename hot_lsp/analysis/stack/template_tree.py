"""The tree of stacks a template makes: nested templates and group members, exploded to a depth.

A resource is a nested stack when its type resolves, through Heat's registry (the global environment,
then the user's environment files in order), to a template file: a type written as ``*.yaml`` or
``*.template`` (relative to the template that writes it), or a registry entry mapping the type to one
(relative to the environment file). Groups (``OS::Heat::ResourceGroup``, ``AutoScalingGroup``,
``ResourceChain``) make a nested stack of members named ``"0"`` … ``"N-1"`` when their size is known
offline, each of the member type, and a member may itself be a nested template.

Each nested stack is evaluated with the values Heat would give it: the parent resource's evaluated
properties (the values known offline) over the child's defaults, then the environments'
``parameter_defaults`` (``parameters`` apply to the top-level template only). A resource is enabled when
its condition is not false for those values and its parent is enabled.

Bounds (heat-27-facts.md §7, §9): never deeper than ``max_nested_stack_depth`` (5); a template that
includes one of its ancestors is listed once and not expanded again (``cycle``); at most
``MAX_NODES`` resources and ``MAX_MEMBERS`` members per group; files are read through
:class:`TemplateFiles` (bounded, cached by mtime and size).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...document import LineIndex, Mapping, Node, Scalar
from ...document import Sequence as SequenceNode
from ...spec import Catalogue
from ...spec.nested_stacks import GROUPS, GroupType
from ..evaluation.evaluator import Evaluator
from ..evaluation.inputs import EnvironmentValues, Inputs, resolve_parameters
from ..evaluation.render import resource_enabled
from ..files.overlay import Overlay
from ..files.template_files import LoadedEnvironment, Stamp, TemplateFiles
from ..model.registry import Registry, Resolution, template_location
from ..model.template import Entry
from ..result import Analysis
from ..values.evaluated import OMIT, is_known
from ..values.problems import HeatError
from .dependencies import resource_dependencies
from .tree_limits import BUILD_SECONDS, MAX_MEMBERS, MAX_NODES, clamp_depth


@dataclass(slots=True, eq=False)
class TreeNode:
    """One resource of the tree: a template's resource, or a member of a group."""

    name: str
    type: str | None
    depth: int
    file: str  # the template file the resource is written in (for a member: the group's file)
    lines: LineIndex  # of that file, for ranges
    start: int  # what the row points at, as character offsets in ``file``
    end: int
    enabled: bool
    required_by: tuple[str, ...]
    parent: TreeNode | None = None
    nested_template: str | None = None  # the template of the nested stack it is in; None at the top, for members
    child_template: str | None = None  # the template its own nested stack is made from
    children: list[TreeNode] = field(default_factory=list)
    note: str = ""  # why it was not expanded (child not found, cycle, size unknown...)
    cycle: bool = False  # its template is one of its ancestors: listed once, not expanded again
    member: bool = False  # a member of a group ("0", "1", …)

    def walk(self) -> Iterator[TreeNode]:
        """This node and everything below it, parents before children (an explicit stack: trees are wide)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(slots=True)
class Tree:
    file: str
    depth: int  # the depth the tree was built to
    resources: list[TreeNode]
    stamps: dict[str, Stamp | None]  # every file looked at, with its (mtime, size) then
    notes: list[str] = field(default_factory=list)  # tree-wide warnings (size limits)

    def walk(self) -> Iterator[TreeNode]:
        for node in self.resources:
            yield from node.walk()


@dataclass(frozen=True, slots=True)
class TreeInputs:
    """What every stack of the tree takes from outside: the registry and the environments' values."""

    registry: Registry
    environments: tuple[EnvironmentValues, ...] = ()  # parameter_defaults for all; parameters for the top
    explicit: AbcMapping[str, Any] = field(default_factory=dict)  # the top-level template only (-P, settings)
    explicit_source: str = "-P"


def tree_inputs(
    catalogue: Catalogue,
    environments: Sequence[LoadedEnvironment],
    explicit: AbcMapping[str, Any] | None = None,
    explicit_source: str = "-P",
    values: Sequence[EnvironmentValues] | None = None,
) -> TreeInputs:
    """Heat's registry (its global environment, then each environment file in order) and the values.

    ``values`` replaces the environments' parameter values when the caller already has them read."""
    registry = Registry.build(catalogue, [(env.path, env.model) for env in environments if env.model is not None])
    if values is None:
        values = [env.values for env in environments if env.values is not None]
    return TreeInputs(registry, tuple(values), dict(explicit or {}), explicit_source)


def build_tree(
    analysis: Analysis,
    path: str,
    inputs: TreeInputs,
    files: TemplateFiles,
    depth: int,
    seconds: float | None = BUILD_SECONDS,
) -> Tree:
    """The resources of ``analysis`` (the template at ``path``) with nested stacks exploded to ``depth``; a tree
    that takes longer than ``seconds`` to build stops expanding (None: no limit, the size limit only)."""
    builder = _Builder(inputs, files, clamp_depth(depth), seconds)
    top = Inputs(inputs.environments, inputs.explicit, inputs.explicit_source)
    resources = builder.stack(analysis, path, top, 0, None, (_identity(path),), True)
    return Tree(path, builder.depth, resources, files.stamps, builder.notes)


# -- groups: how many members, of which type, with which properties --------------------------------

Members = list[tuple[str | None, dict[str, Any]]]


def group_members(group: GroupType, props: dict[str, Any]) -> Members | str:
    """A group's members (type, properties) from its evaluated properties, or why they are not known."""
    if group.type_list is not None:
        kinds = props.get(group.type_list)
        if not isinstance(kinds, list):
            return f"its {group.type_list} are not known offline"
        properties = props.get(group.shared_properties) if group.shared_properties is not None else None
        shared = properties if isinstance(properties, dict) else {}
        return [(kind if isinstance(kind, str) else None, shared) for kind in kinds]
    assert group.definition is not None
    found = _member_definition(props, group.definition)
    if isinstance(found, str):
        return found
    size = _member_count(group, props)
    if size is None:
        return f"its {' and '.join(group.sizes)} {'is' if len(group.sizes) == 1 else 'are'} not known offline"
    kind, properties = found
    index_var = props.get(group.index_var, group.index_var_default) if group.index_var is not None else None
    if not isinstance(index_var, str) or not index_var:
        return [(kind, properties)] * size
    return [(kind, _substitute(properties, index_var, str(index))) for index in range(size)]


def first_member(group: GroupType, props: dict[str, Any]) -> tuple[str | None, dict[str, Any]] | None:
    """The member Heat validates a group by, ``"0"``, whatever the group's size (its ``validate`` builds a nested
    stack of that one member, the index variable replaced by ``0``): its type and properties; None when the
    evaluated properties do not say them."""
    if group.type_list is not None:
        kinds = props.get(group.type_list)
        if not isinstance(kinds, list) or not kinds:
            return None
        properties = props.get(group.shared_properties) if group.shared_properties is not None else None
        return (kinds[0] if isinstance(kinds[0], str) else None, properties if isinstance(properties, dict) else {})
    assert group.definition is not None
    found = _member_definition(props, group.definition)
    if isinstance(found, str):
        return None
    kind, properties = found
    index_var = props.get(group.index_var, group.index_var_default) if group.index_var is not None else None
    if isinstance(index_var, str) and index_var:
        properties = _substitute(properties, index_var, "0")
    return kind, properties


def _member_count(group: GroupType, props: dict[str, Any]) -> int | None:
    """The number of members: the first size property that is set and not 0 (Heat tests each for truth)."""
    size = None
    for name in group.sizes:
        size = _size(props.get(name, group.default_size))
        if size:
            break
    return size


def _size(value: Any) -> int | None:
    """An integer property as Heat's schema reads it (a numeric string counts), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _member_definition(props: dict[str, Any], key: str) -> tuple[Any, Any] | str:
    definition = props.get(key)
    if not isinstance(definition, dict):
        return f"its {key} is not known offline"
    kind = definition.get("type")
    properties = definition.get("properties")
    return (kind if isinstance(kind, str) else None, properties if isinstance(properties, dict) else {})


def _substitute(value: Any, index_var: str, index: str) -> Any:
    """Heat's ResourceGroup ``index_var`` replacement, in every string of the member properties."""
    if isinstance(value, str):
        return value.replace(index_var, index)
    if isinstance(value, list):
        return [_substitute(item, index_var, index) for item in value]
    if isinstance(value, dict):
        return {key: _substitute(item, index_var, index) for key, item in value.items()}
    return value


# -- building ---------------------------------------------------------------------------------------


class _Builder:
    def __init__(self, inputs: TreeInputs, files: TemplateFiles, depth: int, seconds: float | None) -> None:
        self.registry = inputs.registry
        self.files = files
        self.depth = depth
        self.notes: list[str] = []
        self.count = 0
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds if seconds is not None else math.inf
        # Heat applies an environment's `parameters` to the top-level stack only.
        self.child_environments = tuple(
            EnvironmentValues(env.name, {}, env.parameter_defaults, env.merge_strategies) for env in inputs.environments
        )

    def full(self) -> bool:
        if self.count < MAX_NODES and time.monotonic() < self.deadline:
            return False
        if not self.notes:
            reason = f"over {MAX_NODES:,} resources" if self.count >= MAX_NODES else f"over {self.seconds:g} s"
            self.notes.append(f"the tree was cut short: {reason}")
        return True

    def stack(
        self,
        analysis: Analysis,
        file: str,
        inputs: Inputs,
        depth: int,
        parent: TreeNode | None,
        ancestors: tuple[str, ...],
        parent_enabled: bool,
    ) -> list[TreeNode]:
        model = analysis.model
        assert model is not None
        parameters, _ = resolve_parameters(model, inputs)
        evaluator = Evaluator(model, parameters)
        required_by = _required_by(analysis)
        lines = analysis.parsed.lines
        nested_template = file if parent is not None else None
        nodes: list[TreeNode] = []
        for name, entry in model.resources.items():
            if self.full():
                break
            self.count += 1
            written = entry.scalar("type")
            kind = written if isinstance(written, str) else None
            enabled = parent_enabled and _enabled(evaluator, entry)
            node = TreeNode(
                name,
                kind,
                depth,
                file,
                lines,
                entry.key.start,
                entry.key.end,
                enabled,
                required_by.get(name, ()),
                parent,
                nested_template,
            )
            nodes.append(node)
            if kind is not None:
                self.explode(node, kind, partial(resource_properties, evaluator, entry, enabled), entry, ancestors)
        return nodes

    def explode(
        self,
        node: TreeNode,
        type_name: str,
        properties: Callable[[], dict[str, Any]],
        entry: Entry | None,
        ancestors: tuple[str, ...],
    ) -> None:
        """Fill ``node.children`` (or its note) when its type is a nested template or a group."""
        resolution = self.registry.resolve(type_name, node.name)
        if resolution.kind == "template":
            self.nested(node, resolution, properties, ancestors)
        elif resolution.kind == "type" and resolution.name in GROUPS and node.depth < self.depth:
            self.members(node, GROUPS[resolution.name], properties(), entry, ancestors)

    def nested(
        self,
        node: TreeNode,
        resolution: Resolution,
        properties: Callable[[], dict[str, Any]],
        ancestors: tuple[str, ...],
    ) -> None:
        location = template_location(resolution, node.file)
        if location is None:
            node.note = f"{resolution.name} is a URL; hot-lsp never fetches templates"
            return
        node.child_template = location
        identity = _identity(location)
        if identity in ancestors:
            node.cycle = True
            node.note = f"{location} includes one of its ancestors; listed once, not expanded again"
            return
        if node.depth >= self.depth:
            problem = self.files.check(location)
            if problem:
                node.note = problem
            return
        loaded = self.files.template(location)
        if loaded.analysis is None:
            node.note = loaded.problem
            return
        inputs = Inputs(self.child_environments, known_values(properties()), f"properties of {node.name}")
        node.children = self.stack(
            loaded.analysis, location, inputs, node.depth + 1, node, (*ancestors, identity), node.enabled
        )

    def members(
        self,
        node: TreeNode,
        group: GroupType,
        props: dict[str, Any],
        entry: Entry | None,
        ancestors: tuple[str, ...],
    ) -> None:
        found = group_members(group, props)
        if isinstance(found, str):
            node.note = f"members not listed: {found}"
            return
        if len(found) > MAX_MEMBERS:
            node.note = f"{len(found):,} members; the first {MAX_MEMBERS:,} are listed"
            found = found[:MAX_MEMBERS]
        chained = group.chained_unless is not None and not props.get(group.chained_unless, False)
        for index, (kind, member_props) in enumerate(found):
            if self.full():
                return
            self.count += 1
            start, end = _definition_span(entry, group.member_type_path, index, node)
            later = (str(index + 1),) if chained and index + 1 < len(found) else ()
            member = TreeNode(
                str(index),
                kind,
                node.depth + 1,
                node.file,
                node.lines,
                start,
                end,
                node.enabled,
                later,
                node,
                member=True,
            )
            node.children.append(member)
            if kind is not None:
                self.explode(member, kind, partial(dict, member_props), None, ancestors)


def _identity(path: str) -> str:
    """What makes two paths one template, for finding ancestors (symbolic links included)."""
    return os.path.normcase(os.path.realpath(path))


def _enabled(evaluator: Evaluator, entry: Entry) -> bool:
    body = entry.body
    if body is None:
        return True
    try:
        return resource_enabled(evaluator, body) is not False  # a run-time condition may be true
    except HeatError:
        return True


def resource_properties(evaluator: Evaluator, entry: Entry, enabled: bool) -> dict[str, Any]:
    """A resource's properties evaluated (a disabled resource is parsed, never resolved, by Heat)."""
    node = entry.get("properties")
    if node is None:
        return {}
    where = f"resources.{entry.name}.properties"
    try:
        if enabled:
            value = evaluator.evaluate(node, where)
        else:
            with evaluator.unresolved():
                value = evaluator.evaluate(node, where)
    except HeatError:
        return {}
    return value if isinstance(value, dict) else {}


def known_values(props: dict[str, Any]) -> dict[str, Any]:
    """The properties a child can take as parameter values: those known offline. (Heat has None for a value known
    only at run time when it validates the stack, and a nested stack is not passed a None: its default stands in.)"""
    return {
        name: value
        for name, value in props.items()
        if isinstance(name, str) and value is not OMIT and value is not None and is_known(value)
    }


def _required_by(analysis: Analysis) -> dict[str, tuple[str, ...]]:
    """Heat's ``required_by``: the dependency graph read backwards (once per analysis)."""

    return analysis.derive(_build_required_by)


def _build_required_by(analysis: Analysis) -> dict[str, tuple[str, ...]]:
    model = analysis.model
    assert model is not None
    backwards: dict[str, set[str]] = {name: set() for name in model.resources}
    for source, edges in resource_dependencies(model).items():
        for edge in edges:
            if edge.target != source:
                backwards[edge.target].add(source)
    return {name: tuple(sorted(names)) for name, names in backwards.items()}


def _definition_span(entry: Entry | None, path: tuple[str, ...], index: int, node: TreeNode) -> tuple[int, int]:
    """Where a member is written: the group's member type (or its item of a chain), else the group's name."""
    current: Node | None = entry.get("properties") if entry is not None else None
    for key in path:
        current = current.get(key) if isinstance(current, Mapping) else None
    if isinstance(current, SequenceNode):
        current = current.items[index] if index < len(current.items) else None
    if isinstance(current, Scalar) and current.start >= 0:
        return current.start, current.end
    return node.start, node.end


# -- reuse across requests ----------------------------------------------------------------------------


def tree_is_current(tree: Tree, overlay: Overlay | None = None) -> bool:
    """Whether every file the tree looked at still has the (mtime, size) it had, or is still absent; a file
    open in the editor (in ``overlay``) must still have the revision it was read at."""
    overlay = overlay or {}
    for path, stamp in tree.stamps.items():
        if path in overlay or (stamp is not None and stamp[0] == -1):
            if stamp is None or (-1, overlay[path][0] if path in overlay else None) != stamp:
                return False
            continue
        try:
            status = os.stat(path)
        except OSError:
            if stamp is not None:
                return False
            continue
        if stamp != (status.st_mtime_ns, status.st_size):
            return False
    return True


class TreeCache:
    """The trees built lately, reused while the top-level analysis (the same object: same text), the
    inputs and every file read are unchanged. One user at a time (the server's analysis worker)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: dict[tuple[object, ...], tuple[Analysis, Tree]] = {}

    def get(
        self, analysis: Analysis, key: tuple[object, ...], build: Callable[[], Tree], overlay: Overlay | None = None
    ) -> Tree:
        found = self._entries.get(key)
        if found is not None and found[0] is analysis and tree_is_current(found[1], overlay):
            return found[1]
        tree = build()
        self._entries.pop(key, None)
        self._entries[key] = (analysis, tree)
        while len(self._entries) > self.size:
            del self._entries[next(iter(self._entries))]
        return tree
