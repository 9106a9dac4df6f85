"""Go to definition: from a reference to the key that defines its parameter, resource or condition; from
a defining key to itself; from a ``get_file`` path or a ``type: x.yaml`` to the start of that file; from any
type standing for a child template (one the registries of ``hotLsp.environments`` map, a group member's) to the
start of the child, and from a property key of such a resource to the child's parameter."""

from __future__ import annotations

from lsprotocol import types

from ..analysis.queries.locate import hit_at
from ..document import Scalar
from ..document.uris import file_uri
from ._targets import definition_keys, file_target_at, resolve_file, target_at, token_span
from .environment_navigation import environment_definition
from .snapshot import Snapshot
from .template_children import child_at_type, child_property_at, node_location

_FILE_START = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))


def definition(snapshot: Snapshot, params: types.DefinitionParams) -> list[types.Location] | None:
    analysis = snapshot.analysis
    if analysis.kind == "environment":
        return environment_definition(snapshot, params)
    if analysis.kind != "template":
        return None
    offset = snapshot.offset(params.position)
    target = target_at(analysis, offset)
    if target is not None:
        keys = definition_keys(analysis, target.kind, target.name)
        if not keys:
            return None  # an undeclared name or a pseudo parameter: nothing in the document defines it
        start, end = token_span(snapshot.text, keys[0])
        return [types.Location(uri=snapshot.uri, range=snapshot.range(start, end))]
    named = file_target_at(analysis, offset)
    if named is not None:
        uri = resolve_file(snapshot.uri, named.path)
        if uri is not None:
            return [types.Location(uri=uri, range=_FILE_START)]
    return _child_definition(snapshot, offset)


def _child_definition(snapshot: Snapshot, offset: int) -> list[types.Location] | None:
    hit = hit_at(snapshot.analysis.parsed.root, offset)
    if hit is None or not isinstance(hit.node, Scalar):
        return None
    if hit.is_key:
        found = child_property_at(snapshot, hit.path, hit.node)
        if found is None or found.parameter is None or found.at.child.loaded is None:
            return None
        child = found.at.child.loaded.analysis
        assert child is not None and found.at.child.path is not None
        return [node_location(child, found.at.child.path, found.parameter.entry.key, snapshot)]
    at = child_at_type(snapshot, hit.path)
    if at is None or at.child.path is None or at.child.loaded is None or at.child.loaded.missing:
        return None
    return [types.Location(uri=file_uri(at.child.path), range=_FILE_START)]
