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

from ..document import Mapping, Node, Scalar, Sequence
from ..spec.nested_stacks import GROUPS
from .cross_file import CrossFile
from .model import Entry

MAX_TEMPLATES = 5_000  # templates read for one answer (a TripleO tree is a few hundred)


def declared_parameters(templates: Iterable[str], around: CrossFile) -> frozenset[str]:
    """Every parameter name declared by ``templates`` (paths) and the templates reachable from them."""
    names: set[str] = set()
    seen: set[str] = set()
    queue = deque(os.path.abspath(path) for path in templates)
    while queue and len(seen) < MAX_TEMPLATES:
        path = queue.popleft()
        identity = os.path.realpath(path)
        if identity in seen:
            continue
        seen.add(identity)
        analysis = around.files.template(path).analysis
        model = analysis.model if analysis is not None else None
        if model is None:
            continue
        names.update(model.parameters)
        for name, entry in model.resources.items():
            for type_name, resource in _types(entry, name, around):
                child = around.child(type_name, resource, referrer=path)
                if child is not None and child.path is not None:
                    queue.append(child.path)
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
