"""The parameter names the templates an environment is used with declare, for W7015.

An environment's ``parameter_defaults`` reach every stack of the tree, so a name counts when any template of the
tree declares it: the templates themselves and every template reachable from them (template resources and group
members, through the registry in effect). The command line passes the templates it checks; the editor passes the
workspace's.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from collections.abc import Mapping as MappingOf
from dataclasses import dataclass

from ...document import Mapping, Node, Scalar, Sequence
from ...spec.nested_stacks import GROUPS
from ..files.cross_file import CrossFile
from ..model.template import Entry, TemplateModel

MAX_TEMPLATES = 5_000  # templates read for one answer (a TripleO tree is a few hundred)


@dataclass(frozen=True, slots=True)
class Declared:
    """One template's share of the answer: the parameters it declares (in order) and the files of the templates it
    makes stacks of. Small, so that a process that has the template's model at hand can hand it to another."""

    parameters: tuple[str, ...]
    children: tuple[str, ...]


def declared_by(path: str, model: TemplateModel, around: CrossFile) -> Declared:
    """What the template at ``path`` (absolute), modelled as ``model``, declares and reaches, through ``around``'s
    registry. Reads no file: the children are only named."""
    children = []
    for name, entry in model.resources.items():
        for type_name, resource in _types(entry, name, around):
            resolution = around.registry.resolve(type_name, resource)
            if resolution.kind == "template":
                child = around.template_path(resolution, path)
                if child is not None:
                    children.append(child)
    return Declared(tuple(model.parameters), tuple(children))


def declared_parameters(
    templates: Iterable[str], around: CrossFile, known: MappingOf[str, Declared] | None = None
) -> frozenset[str]:
    """Every parameter name declared by ``templates`` (paths) and the templates reachable from them. ``known``:
    what some of them declare (by absolute path), already worked out from the same files; the others are read."""
    names: set[str] = set()
    seen: set[str] = set()
    queue = deque(os.path.abspath(path) for path in templates)
    while queue and len(seen) < MAX_TEMPLATES:
        path = queue.popleft()
        identity = os.path.realpath(path)
        if identity in seen:
            continue
        seen.add(identity)
        found = known.get(path) if known else None
        if found is None:
            analysis = around.files.template(path).analysis
            model = analysis.model if analysis is not None else None
            if model is None:
                continue
            found = declared_by(path, model, around)
        names.update(found.parameters)
        queue.extend(found.children)
    return frozenset(names)


def _types(entry: Entry, name: str, around: CrossFile) -> Iterator[tuple[str, str | None]]:
    """The types a resource makes stacks of: its own, and its group's member types."""
    written = entry.scalar("type")
    if not isinstance(written, str):
        return
    yield written, name
    resolved = around.registry.resolve(written, name)
    group = GROUPS.get(resolved.name) if resolved.kind == "type" else None
    if group is None:
        return
    path = group.member_type_path
    node: Node | None = entry.get("properties")
    for key in path:
        node = node.get(key) if isinstance(node, Mapping) else None
    for member in node.items if isinstance(node, Sequence) else [node]:
        if isinstance(member, Scalar) and isinstance(member.value, str):
            yield member.value, None
