"""textDocument/documentHighlight: every place this document names the parameter, resource or condition under the
cursor (on a reference or on its defining key), from the model's reference index (``_targets``, as find
references uses); the defining key is a Write, the references are Reads. An output has no uses in its own
template (its parents read it with ``get_attr``), so on an output's key only that key is highlighted."""

from __future__ import annotations

from lsprotocol import types

from ..document import Scalar
from ._targets import definition_keys, references_to, target_at, token_span
from .snapshot import Snapshot

_READ = types.DocumentHighlightKind.Read
_WRITE = types.DocumentHighlightKind.Write


def document_highlight(
    snapshot: Snapshot, params: types.DocumentHighlightParams
) -> list[types.DocumentHighlight] | None:
    analysis = snapshot.analysis
    model = analysis.model
    if model is None:
        return None
    offset = snapshot.offset(params.position)
    text = snapshot.text
    target = target_at(analysis, offset)
    spans: dict[tuple[int, int], types.DocumentHighlightKind] = {}
    if target is None:
        for entry in model.outputs.values():
            if entry.key.start <= offset <= entry.key.end:
                spans[token_span(text, entry.key)] = _WRITE
        if not spans:
            return None
    else:
        for reference in references_to(analysis, target.kind, target.name):
            spans.setdefault(token_span(text, reference.node), _READ)
        for key in definition_keys(analysis, target.kind, target.name):
            if isinstance(key, Scalar):
                spans[token_span(text, key)] = _WRITE
    return [
        types.DocumentHighlight(range=snapshot.range(start, end), kind=kind)
        for (start, end), kind in sorted(spans.items())
    ]
