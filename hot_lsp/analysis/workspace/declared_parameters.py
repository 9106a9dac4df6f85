"""The parameter names the templates an environment is used with declare, for W7015.

An environment's ``parameter_defaults`` reach every stack of the tree, so a name counts when any template of the
tree declares it: the templates themselves and every template reachable from them (template resources and group
members, through the registry in effect). The command line passes the templates it checks; the editor passes the
workspace's.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable
from collections.abc import Mapping as MappingOf
from dataclasses import dataclass

from ..files.cross_file import CrossFile
from ..files.stack_templates import MAX_TEMPLATES, children_of
from ..model.template import TemplateModel


@dataclass(frozen=True, slots=True)
class Declared:
    """One template's share of the answer: the parameters it declares (in order) and the files of the templates it
    makes stacks of. Small, so that a process that has the template's model at hand can hand it to another."""

    parameters: tuple[str, ...]
    children: tuple[str, ...]


def declared_by(path: str, model: TemplateModel, around: CrossFile) -> Declared:
    """What the template at ``path`` (absolute), modelled as ``model``, declares and reaches, through ``around``'s
    registry. Reads no file: the children are only named."""
    return Declared(tuple(model.parameters), tuple(children_of(path, model, around)))


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
