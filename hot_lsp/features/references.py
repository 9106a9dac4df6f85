"""Find references: every place the document names the parameter, resource or condition under the cursor
(the cursor may be on a reference or on the defining key).

A parameter is also named in other files: the templates using this one as a template resource (their property
keys) and the environment files setting it; and a property key of a template resource names the child's
parameter, so its references are the child's (``parameter_uses``)."""

from __future__ import annotations

from lsprotocol import types

from ._targets import definition_keys, references_to, target_at, token_span
from .parameter_uses import parameter_at, parameter_occurrences
from .snapshot import Snapshot


def references(snapshot: Snapshot, params: types.ReferenceParams) -> list[types.Location] | None:
    analysis = snapshot.analysis
    if analysis.model is None:
        return None
    offset = snapshot.offset(params.position)
    parameter = parameter_at(snapshot, offset)
    if parameter is not None:
        found = parameter_occurrences(
            snapshot, parameter.path, parameter.name, parameter.template, declaration=params.context.include_declaration
        )
        return [types.Location(uri=o.uri, range=o.range) for o in found]
    target = target_at(analysis, offset)
    if target is None:
        return None
    nodes = [reference.node for reference in references_to(analysis, target.kind, target.name)]
    if params.context.include_declaration:
        nodes.extend(definition_keys(analysis, target.kind, target.name))
    text = snapshot.text
    spans = sorted({token_span(text, node) for node in nodes})
    return [types.Location(uri=snapshot.uri, range=snapshot.range(start, end)) for start, end in spans]
