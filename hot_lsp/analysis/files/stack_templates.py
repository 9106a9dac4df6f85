"""The templates a stack is made of: the template itself and every template reachable from it (template resources
and group members, through the registry in effect), as python-heatclient bundles them into ``files``.

Heat reads the parameters of all of them when it merges the environments (``Template.all_param_schemata``: every
template in ``files``, the top one's winning); W7015 counts a name any of them declares.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator

from ...document import Mapping, Node, Scalar, Sequence
from ...spec.nested_stacks import GROUPS
from ..model.template import Entry, TemplateModel
from .cross_file import CrossFile

MAX_TEMPLATES = 5_000  # templates read for one answer (a TripleO tree is a few hundred)


def member_types(entry: Entry, name: str, around: CrossFile) -> Iterator[tuple[str, str | None]]:
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


def children_of(path: str, model: TemplateModel, around: CrossFile) -> list[str]:
    """The files of the templates the template at ``path`` (absolute) makes stacks of. Reads no file."""
    children = []
    for name, entry in model.resources.items():
        for type_name, resource in member_types(entry, name, around):
            resolution = around.registry.resolve(type_name, resource)
            if resolution.kind == "template":
                child = around.template_path(resolution, path)
                if child is not None:
                    children.append(child)
    return children


def nested_models(path: str, model: TemplateModel, around: CrossFile) -> Iterator[TemplateModel]:
    """The models of every template reachable from the one at ``path`` (not itself), each file once, bounded."""
    seen = {os.path.realpath(path)}
    queue = deque(children_of(path, model, around))
    while queue and len(seen) < MAX_TEMPLATES:
        child = queue.popleft()
        identity = os.path.realpath(child)
        if identity in seen:
            continue
        seen.add(identity)
        analysis = around.files.template(child).analysis
        child_model = analysis.model if analysis is not None else None
        if child_model is None:
            continue
        yield child_model
        queue.extend(children_of(child, child_model, around))
