"""textDocument/inlayHint: the value each ``get_param`` gives, after the call (opt-in: ``hotLsp.inlayHints``).

The label is the effective value in compact JSON (`` = "dev"``), at most 40 characters; the tooltip
says where it came from (the default, an environment file, ``hotLsp.parameters``). Parameters without
a value offline get no hint. Hints need positions in the current text, so a text that does not parse
gets none (its nodes would be those of the last text that did).
"""

from __future__ import annotations

from lsprotocol import types

from ..analysis.queries.locate import node_roles
from ..analysis.values.evaluated import OMIT, Symbol
from ..analysis.values.problems import HeatError
from ..document import Mapping
from .evaluation_context import evaluation_for
from .preview_text import compact_value, source_text
from .snapshot import Snapshot

MAX_LABEL = 40
MAX_HINTS = 2_000


def inlay_hints(snapshot: Snapshot, params: types.InlayHintParams) -> list[types.InlayHint]:
    if not snapshot.settings.inlay_hints:
        return []
    found = evaluation_for(snapshot)
    if found is None or found.analysis is not snapshot.analysis or node_roles(found.analysis) is None:
        return []
    model = found.analysis.model
    assert model is not None
    start = snapshot.offset(params.range.start)
    end = snapshot.offset(params.range.end)
    ev = found.evaluator
    hints: list[types.InlayHint] = []
    for call in model.calls:
        if call.name != "get_param" or not start <= call.key.start <= end:
            continue
        try:
            value = ev.evaluate(call.node, call.where.dotted(), call.context)
        except HeatError:
            continue
        if value is OMIT or isinstance(value, Symbol):
            continue
        reads = ev.reads_of(call.node, call.context)
        if not reads or isinstance(reads[-1].value, Symbol):
            continue
        read = reads[-1]  # the parameter this call names (a name computed by get_param is read first)
        node = call.node
        at = node.end if isinstance(node, Mapping) and node.flow else call.args.end
        hints.append(
            types.InlayHint(
                position=snapshot.position(at),
                label=f"= {compact_value(value, MAX_LABEL - 2)}",
                tooltip=f"Parameter {read.name}: {source_text(read.source)}",
                padding_left=True,
            )
        )
        if len(hints) >= MAX_HINTS:
            break
    return hints
