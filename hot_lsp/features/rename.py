"""Rename a parameter, resource or condition: its defining key and every reference in the document.

Only what the model indexes as a reference changes, so a same-named word in a script, a description or a
property value stays as it is. Renaming is refused (None; :func:`rename_refusal` says why) on anything else,
on pseudo parameters and names the document does not define, and when the new name is unusable:

- empty, with leading or trailing blanks, or with a line break or other control character;
- a resource name with ``/`` (Heat rejects it);
- a pseudo parameter's name, for a parameter;
- the name of another parameter, resource or condition of the same kind.

The new name keeps each occurrence's quoting; a plain occurrence is quoted when YAML would otherwise read
the new name as something else (a number, a boolean, a flow indicator).
"""

from __future__ import annotations

from lsprotocol import types

from .. import spec
from ..document import Scalar
from ._targets import Target, definition_keys, entries_of, name_span, references_to, target_at, written_as
from .snapshot import Snapshot


def prepare_rename(snapshot: Snapshot, params: types.PrepareRenameParams) -> types.PrepareRenamePlaceholder | None:
    target = _renamable(snapshot, params.position)
    if target is None:
        return None
    start, end = name_span(snapshot.text, target.node) or (target.node.start, target.node.end)
    return types.PrepareRenamePlaceholder(range=snapshot.range(start, end), placeholder=target.name)


def rename(snapshot: Snapshot, params: types.RenameParams) -> types.WorkspaceEdit | None:
    target = _renamable(snapshot, params.position)
    if target is None or new_name_problem(snapshot, target, params.new_name) is not None:
        return None
    analysis = snapshot.analysis
    nodes: list[Scalar] = definition_keys(analysis, target.kind, target.name)
    nodes.extend(reference.node for reference in references_to(analysis, target.kind, target.name))
    edits: dict[tuple[int, int], str] = {}
    for node in nodes:
        edit = _edit(snapshot.text, node, params.new_name)
        if edit is None:
            return None
        span, new_text = edit
        edits[span] = new_text
    return types.WorkspaceEdit(
        changes={
            snapshot.uri: [
                types.TextEdit(range=snapshot.range(start, end), new_text=new_text)
                for (start, end), new_text in sorted(edits.items())
            ]
        }
    )


def rename_refusal(snapshot: Snapshot, params: types.RenameParams) -> str | None:
    """Why :func:`rename` answers None for ``params`` (a message for the user), or None when it does not;
    the server may send it back as the request's error."""
    target = _renamable(snapshot, params.position)
    if target is None:
        return "Only a parameter, resource or condition this template defines can be renamed here."
    return new_name_problem(snapshot, target, params.new_name)


def new_name_problem(snapshot: Snapshot, target: Target, new_name: str) -> str | None:
    """What is wrong with ``new_name`` for ``target`` (see the module docstring), or None."""
    if not new_name or new_name != new_name.strip() or not new_name.isprintable():
        return "A name must not be empty, start or end with blanks, or hold line breaks or control characters."
    if target.kind == "resource" and "/" in new_name:
        return "Heat does not accept '/' in a resource name."
    if target.kind == "parameter" and (
        new_name in spec.PSEUDO_PARAMETERS or new_name in spec.UNUSABLE_PSEUDO_PARAMETERS
    ):
        return f"{new_name} is a pseudo parameter's name."
    model = snapshot.analysis.model
    if model is None:
        return "The document is not a template."
    if new_name != target.name and new_name in entries_of(model, target.kind):
        return f"The template already has a {target.kind} named {new_name}."
    return None


def _renamable(snapshot: Snapshot, position: types.Position) -> Target | None:
    analysis = snapshot.analysis
    if analysis.model is None:
        return None
    target = target_at(analysis, snapshot.offset(position))
    if target is None:
        return None
    keys = definition_keys(analysis, target.kind, target.name)
    if not keys:
        return None
    # Every occurrence must be editable in place, or the rename would be partial.
    text = snapshot.text
    occurrences = [*keys, *(r.node for r in references_to(analysis, target.kind, target.name))]
    if any(name_span(text, node) is None for node in occurrences):
        return None
    return target


def _edit(text: str, node: Scalar, new_name: str) -> tuple[tuple[int, int], str] | None:
    """The span to replace in ``node`` and its new text, or None when the name is not written verbatim."""
    span = name_span(text, node)
    if span is None:
        return None
    return span, written_as(new_name, node.style)
