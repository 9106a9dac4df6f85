"""The child template behind a place in a template, for the cross-file features.

A template resource's type (a file name, a type the registries of ``hotLsp.environments`` map to a file, or a
group member's type, see ``analysis/model/type_slots.py``) stands for a child template, and the properties written for
it are the child's parameters. Definition, hover, completion, references and rename all start from one of two
places: the type itself (:func:`child_at_type`), or a key of its properties (:func:`child_property_at`), and ask
for the child the same way the cross-file rules do (``analysis/template_resources.child_template``).

Children are read through the snapshot's file service (``FileService.templates``: parsed once per version on disk,
shared with the rules), from an open document's text when the child is open; a path written as absolute (or a ``file:`` URL) is read only
inside the workspace folders, a relative one wherever it leads, as python-heatclient would.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from lsprotocol import types

from ..analysis.files.template_files import TemplateFiles
from ..analysis.files.template_resources import (
    ChildParameter,
    ChildTemplate,
    child_parameters,
    child_template,
    registry_for,
)
from ..analysis.model.registry import Registry
from ..analysis.model.type_slots import PathPart, TypeSlot, slot_of_type, slots_of_property
from ..analysis.result import Analysis
from ..analysis.workspace.workspace_index import Span
from ..document import Node, Scalar
from ..document.uris import file_uri
from ._targets import document_path, token_span
from .snapshot import Snapshot


@dataclass(frozen=True, slots=True)
class ChildAt:
    """A slot of this template whose type stands for a child template (read, or why not: ``child.problem``)."""

    slot: TypeSlot
    child: ChildTemplate

    @property
    def parameters(self) -> dict[str, ChildParameter]:
        model = self.child.model
        return child_parameters(model) if model is not None else {}


@dataclass(frozen=True, slots=True)
class ChildProperty:
    """A property key of a template resource: the child parameter it sets (None when the child has no such one)."""

    at: ChildAt
    name: str
    key: Scalar  # the key in this document
    parameter: ChildParameter | None


def registry_of(snapshot: Snapshot, files: TemplateFiles) -> Registry:
    """The registry of the snapshot's environments: the index's when it was built for the same files."""
    paths = tuple(os.path.normpath(p) for p in snapshot.environment_paths)
    index = snapshot.workspace
    if index is not None and index.environment_paths == paths:
        return index.registry
    return registry_for(snapshot.catalogue, paths, files)


def template_files(snapshot: Snapshot) -> TemplateFiles:
    return snapshot.files.templates(snapshot.overlay)


def child_of(snapshot: Snapshot, slot: TypeSlot, files: TemplateFiles | None = None) -> ChildAt | None:
    """The child template ``slot``'s type stands for; None when it is not a template resource (or the document is
    not a file, so relative names lead nowhere)."""
    child = child_named(snapshot, slot.type_name, None if slot.member else slot.resource, files)
    return ChildAt(slot, child) if child is not None else None


def child_named(
    snapshot: Snapshot, type_name: str, resource: str | None, files: TemplateFiles | None = None
) -> ChildTemplate | None:
    """The child template the type ``type_name`` of ``resource`` stands for (read through the snapshot's file
    service), or None."""
    here = document_path(snapshot.uri)
    if here is None or not type_name:
        return None
    files = files or template_files(snapshot)
    child = child_template(type_name, resource, os.path.abspath(here), registry_of(snapshot, files), files)
    if child is None or child.path is None or not _may_read(snapshot, child):
        return None
    return child


def _may_read(snapshot: Snapshot, child: ChildTemplate) -> bool:
    """A child written as an absolute path or a file: URL is read only inside the workspace folders."""
    written = child.resolution.name
    if not (os.path.isabs(written) or written.startswith("file:")):
        return True
    assert child.path is not None
    roots = snapshot.file_roots or (os.path.dirname(document_path(snapshot.uri) or ""),)
    return snapshot.files.is_inside(child.path, roots)


def _roots(snapshot: Snapshot) -> tuple[Node | None, ...]:
    last_good = snapshot.last_good
    return (snapshot.analysis.parsed.root, last_good.parsed.root if last_good is not None else None)


def child_at_type(snapshot: Snapshot, path: tuple[PathPart, ...]) -> ChildAt | None:
    """The child behind the type written at ``path`` (a resource's ``type``, a member definition's, a chain's item)."""
    for root in _roots(snapshot):
        slot = slot_of_type(root, path)
        if slot is not None:
            return child_of(snapshot, slot)
    return None


def child_for_properties(snapshot: Snapshot, path: tuple[PathPart, ...]) -> ChildAt | None:
    """The child whose parameters the properties map at ``path`` sets (for completion of its keys)."""
    for root in _roots(snapshot):
        for slot, below in slots_of_property(root, (*path, "")):
            at = child_of(snapshot, slot) if below == ("",) else None
            if at is not None:
                return at
    return None


def child_property_at(snapshot: Snapshot, path: tuple[PathPart, ...], key: Scalar) -> ChildProperty | None:
    """The child parameter a property key (at ``path``, the key itself last) of a template resource sets: the
    innermost slot's child, or, among a chain's children, the first that declares it."""
    first: ChildProperty | None = None
    for slot, below in slots_of_property(snapshot.analysis.parsed.root, path):
        if len(below) != 1 or not isinstance(below[0], str):
            return first
        at = child_of(snapshot, slot)
        if at is None:
            continue
        found = ChildProperty(at, below[0], key, at.parameters.get(below[0]))
        if found.parameter is not None:
            return found
        first = first or found
    return first


# -- places in other files ----------------------------------------------------------------------------------


def node_location(analysis: Analysis, path: str, node: Scalar, snapshot: Snapshot) -> types.Location:
    """Where ``node`` of another file's analysis is (its name, inside any quotes), in the client's encoding."""
    start, end = token_span(analysis.text, node)
    lines = analysis.parsed.lines
    first = lines.position(start, snapshot.encoding)
    last = lines.position(end, snapshot.encoding)
    return types.Location(
        uri=file_uri(path),
        range=types.Range(types.Position(*first), types.Position(*last)),
    )


def span_range(span: Span, snapshot: Snapshot) -> types.Range:
    start, end = span.columns(snapshot.encoding)
    return types.Range(types.Position(span.line, start), types.Position(span.line, end))


def same_file(a: str | None, b: str | None) -> bool:
    return (
        a is not None and b is not None and os.path.normpath(os.path.abspath(a)) == os.path.normpath(os.path.abspath(b))
    )
