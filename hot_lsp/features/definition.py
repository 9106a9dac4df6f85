"""Go to definition: from a reference to the key that defines its parameter, resource or condition; from
a defining key to itself; from a ``get_file`` path or a ``type: x.yaml`` to the start of that file."""

from __future__ import annotations

from lsprotocol import types

from ._targets import definition_keys, file_target_at, resolve_file, target_at, token_span
from .snapshot import Snapshot

_FILE_START = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))


def definition(snapshot: Snapshot, params: types.DefinitionParams) -> list[types.Location] | None:
    analysis = snapshot.analysis
    if analysis.kind == "environment":
        from .environment_navigation import environment_definition

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
    return None
