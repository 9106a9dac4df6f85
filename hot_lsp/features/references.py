"""Find references: every place the document names the parameter, resource or condition under the cursor
(the cursor may be on a reference or on the defining key)."""

from __future__ import annotations

from lsprotocol import types

from ._targets import definition_keys, references_to, target_at, token_span
from .snapshot import Snapshot


def references(snapshot: Snapshot, params: types.ReferenceParams) -> list[types.Location] | None:
    analysis = snapshot.analysis
    if analysis.model is None:
        return None
    target = target_at(analysis, snapshot.offset(params.position))
    if target is None:
        return None
    nodes = [reference.node for reference in references_to(analysis, target.kind, target.name)]
    if params.context.include_declaration:
        nodes.extend(definition_keys(analysis, target.kind, target.name))
    text = snapshot.text
    spans = sorted({token_span(text, node) for node in nodes})
    return [types.Location(uri=snapshot.uri, range=snapshot.range(start, end)) for start, end in spans]
