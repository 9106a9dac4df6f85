"""The edits of a finding's preferred quick fix, as character offsets: what ``check --fix`` applies
(``commands/fix.py``), taken from the same code actions the editor offers (``code_actions``)."""

from __future__ import annotations

from lsprotocol import types

from ..document import Diagnostic
from .code_actions import code_actions
from .diagnostics import to_lsp
from .snapshot import Snapshot

Edit = tuple[int, int, str]


def preferred_edits(snapshot: Snapshot, diagnostic: Diagnostic) -> list[Edit]:
    """The edits of the action the editor marks preferred for ``diagnostic``; none when no action is."""
    found = to_lsp(snapshot, diagnostic)
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=snapshot.uri),
        range=found.range,
        context=types.CodeActionContext(diagnostics=[found], only=[types.CodeActionKind.QuickFix]),
    )
    lines = snapshot.analysis.parsed.lines
    for action in code_actions(snapshot, params):
        if action.is_preferred and action.edit is not None and action.edit.changes:
            return [
                (
                    lines.offset(edit.range.start.line, edit.range.start.character, snapshot.encoding),
                    lines.offset(edit.range.end.line, edit.range.end.character, snapshot.encoding),
                    edit.new_text,
                )
                for edit in action.edit.changes.get(snapshot.uri, [])
            ]
    return []
