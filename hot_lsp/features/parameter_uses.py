"""Every place in the workspace that names one parameter of one template, for references and rename.

A template's parameter is named in the template itself (its key under ``parameters``, every ``get_param``), by
each template that uses it as a template resource (the property key of that resource, or of the group member
definition), and by the environment files that set it (``parameters``/``parameter_defaults`` keys of the files
whose registry maps a type to the template, and of ``hotLsp.environments``). The parents and environments come
from the workspace index; the document asked about is read from its own tree, the freshest there is.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from lsprotocol import types

from ..analysis.model.type_slots import TypeSlot, type_slots
from ..analysis.queries.locate import hit_at
from ..analysis.result import Analysis
from ..document import Mapping, Scalar
from ..document.uris import file_uri
from ._targets import definition_keys, document_path, name_span, references_to, target_at, token_span
from .snapshot import Snapshot
from .template_children import child_of, child_property_at, node_location, same_file, span_range


@dataclass(frozen=True, slots=True)
class Occurrence:
    uri: str
    range: types.Range
    style: str | None  # how the name is quoted there (a rename keeps it)
    verbatim: bool  # the range holds the name exactly, so a rename can replace it


def parameter_occurrences(
    snapshot: Snapshot, child_path: str, name: str, child: Analysis | None, *, declaration: bool = True
) -> list[Occurrence]:
    """The places naming parameter ``name`` of the template at ``child_path`` (``child``: its analysis, when
    known), sorted by file and position, each once."""
    found: list[Occurrence] = []
    here = document_path(snapshot.uri)
    if child is not None:
        found.extend(_in_child(snapshot, child_path, name, child, declaration))
    found.extend(_in_own_properties(snapshot, child_path, name))
    index = snapshot.workspace
    if index is not None:
        for parent in index.parents_of(child_path):
            span = parent.use.properties.get(name)
            if span is None or same_file(parent.file.path, here):
                continue
            found.append(Occurrence(file_uri(parent.file.path), span_range(span, snapshot), span.style, span.verbatim))
        for key in index.environment_keys(child_path, name):
            if same_file(key.file.path, here):
                continue
            span = key.span
            found.append(Occurrence(file_uri(key.file.path), span_range(span, snapshot), span.style, span.verbatim))
    unique: dict[tuple[str, int, int, int, int], Occurrence] = {}
    for occurrence in found:
        r = occurrence.range
        unique.setdefault((occurrence.uri, r.start.line, r.start.character, r.end.line, r.end.character), occurrence)
    return [unique[key] for key in sorted(unique)]


def _in_child(snapshot: Snapshot, path: str, name: str, child: Analysis, declaration: bool) -> list[Occurrence]:
    """The child's own key and ``get_param`` uses (in this document's coordinates when it is this document)."""
    nodes = definition_keys(child, "parameter", name) if declaration else []
    nodes.extend(reference.node for reference in references_to(child, "parameter", name))
    found = []
    is_here = same_file(path, document_path(snapshot.uri))
    for node in nodes:
        verbatim = name_span(child.text, node) is not None
        if is_here:
            start, end = token_span(child.text, node)
            location = types.Location(uri=snapshot.uri, range=snapshot.range(start, end))
        else:
            location = node_location(child, path, node, snapshot)
        found.append(Occurrence(location.uri, location.range, node.style, verbatim))
    return found


def _in_own_properties(snapshot: Snapshot, child_path: str, name: str) -> list[Occurrence]:
    """This document's property keys ``name`` of the resources (and members) whose type stands for the child."""
    found = []
    text = snapshot.text
    for slot in type_slots(snapshot.analysis.parsed.root):
        if not isinstance(slot.properties, Mapping) or name not in slot.properties:
            continue
        at = _child_path(snapshot, slot)
        if at is None or not same_file(at, child_path):
            continue
        pair = slot.properties.pair(name)
        key = pair.key if pair is not None else None
        if isinstance(key, Scalar):
            start, end = token_span(text, key)
            verbatim = name_span(text, key) is not None
            found.append(Occurrence(snapshot.uri, snapshot.range(start, end), key.style, verbatim))
    return found


def _child_path(snapshot: Snapshot, slot: TypeSlot) -> str | None:
    index = snapshot.workspace
    here = document_path(snapshot.uri)
    configured = tuple(os.path.normpath(p) for p in snapshot.environment_paths)
    if index is not None and here is not None and configured == index.environment_paths:
        return index.resolve(slot.type_name, None if slot.member else slot.resource, os.path.abspath(here))
    at = child_of(snapshot, slot)
    return at.child.path if at is not None else None


@dataclass(frozen=True, slots=True)
class ParameterAt:
    """A template's parameter named at the cursor: its declaration or a ``get_param`` in the template itself, or a
    property key of a template resource (then the template is the child)."""

    path: str  # the template declaring it
    name: str
    template: Analysis | None  # that template's analysis (None: the child could not be read)
    node: Scalar  # the scalar under the cursor
    declared: bool  # the template declares it


def parameter_at(snapshot: Snapshot, offset: int) -> ParameterAt | None:
    analysis = snapshot.analysis
    here = document_path(snapshot.uri)
    if analysis.model is None or here is None:
        return None
    target = target_at(analysis, offset)
    if target is not None:
        if target.kind != "parameter" or not definition_keys(analysis, "parameter", target.name):
            return None
        return ParameterAt(os.path.abspath(here), target.name, analysis, target.node, True)
    hit = hit_at(analysis.parsed.root, offset)
    if hit is None or not hit.is_key or not isinstance(hit.node, Scalar):
        return None
    found = child_property_at(snapshot, hit.path, hit.node)
    if found is None or found.at.child.path is None:
        return None
    loaded = found.at.child.loaded
    child = loaded.analysis if loaded is not None else None
    return ParameterAt(found.at.child.path, found.name, child, hit.node, found.parameter is not None)


def rename_conflict(snapshot: Snapshot, at: ParameterAt, new_name: str) -> str | None:
    """Why ``new_name`` cannot replace the parameter's name across files (the template, or a resource that uses
    it, has that name already), or None."""
    if new_name == at.name:
        return None
    model = at.template.model if at.template is not None else None
    if model is not None and new_name in model.parameters:
        return f"{os.path.basename(at.path)} already has a parameter named {new_name}."
    for slot in type_slots(snapshot.analysis.parsed.root):
        if isinstance(slot.properties, Mapping) and at.name in slot.properties and new_name in slot.properties:
            at_path = _child_path(snapshot, slot)
            if at_path is not None and same_file(at_path, at.path):
                return f"The resource {slot.resource} already has a property named {new_name}."
    index = snapshot.workspace
    if index is not None:
        for parent in index.parents_of(at.path):
            if at.name in parent.use.properties and new_name in parent.use.properties:
                where = os.path.basename(parent.file.path)
                return f"The resource {parent.use.resource} of {where} already has a property named {new_name}."
    return None
