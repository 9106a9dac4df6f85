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

A parameter is renamed across files (``parameter_uses``): with it go the property keys of the templates using
this one as a template resource and the environment files' keys that set it; from such a property key, the
child's parameter is renamed (its key, its ``get_param`` uses, and every other parent's key). Renaming is refused
when one of those is not written verbatim, or when a resource using the template already has a property of the
new name.
"""

from __future__ import annotations

from lsprotocol import types

from .. import spec
from ..document import Scalar
from ._targets import Target, definition_keys, entries_of, name_span, references_to, target_at, written_as
from .parameter_uses import Occurrence, ParameterAt, parameter_at, parameter_occurrences, rename_conflict
from .snapshot import Snapshot


def prepare_rename(snapshot: Snapshot, params: types.PrepareRenameParams) -> types.PrepareRenamePlaceholder | None:
    target = _renamable(snapshot, params.position)
    if target is None:
        across = _child_parameter(snapshot, params.position)
        if across is None:
            return None
        node, name = across[0].node, across[0].name
    else:
        node, name = target.node, target.name
    start, end = name_span(snapshot.text, node) or (node.start, node.end)
    return types.PrepareRenamePlaceholder(range=snapshot.range(start, end), placeholder=name)


def rename(snapshot: Snapshot, params: types.RenameParams) -> types.WorkspaceEdit | None:
    target = _renamable(snapshot, params.position)
    if target is None:
        across = _child_parameter(snapshot, params.position)
        if across is None or rename_refusal(snapshot, params) is not None:
            return None
        return _workspace_edit(across[1], params.new_name)
    if new_name_problem(snapshot, target, params.new_name) is not None:
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
    changes = {
        snapshot.uri: [
            types.TextEdit(range=snapshot.range(start, end), new_text=new_text)
            for (start, end), new_text in sorted(edits.items())
        ]
    }
    if target.kind == "parameter":  # the parents' property keys and the environments' keys, in other files
        elsewhere = [o for o in _other_files(snapshot, target) if o.uri != snapshot.uri]
        for uri, file_edits in _edits_by_file(elsewhere, params.new_name).items():
            changes.setdefault(uri, []).extend(file_edits)
    return types.WorkspaceEdit(changes=changes)


def _other_files(snapshot: Snapshot, target: Target) -> list[Occurrence]:
    here = parameter_at(snapshot, target.node.start)
    if here is None:
        return []
    return parameter_occurrences(snapshot, here.path, here.name, here.template)


def _child_parameter(snapshot: Snapshot, position: types.Position) -> tuple[ParameterAt, list[Occurrence]] | None:
    """A property key of a template resource naming a parameter its child declares, with every place to rename
    (None when one of them is not written verbatim)."""
    at = parameter_at(snapshot, snapshot.offset(position))
    if at is None or not at.declared or target_at(snapshot.analysis, at.node.start) is not None:
        return None
    found = parameter_occurrences(snapshot, at.path, at.name, at.template)
    if not found or not all(o.verbatim for o in found):
        return None
    return at, found


def _edits_by_file(occurrences: list[Occurrence], new_name: str) -> dict[str, list[types.TextEdit]]:
    changes: dict[str, list[types.TextEdit]] = {}
    for occurrence in occurrences:
        edit = types.TextEdit(range=occurrence.range, new_text=written_as(new_name, occurrence.style))
        changes.setdefault(occurrence.uri, []).append(edit)
    return changes


def _workspace_edit(occurrences: list[Occurrence], new_name: str) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(changes=_edits_by_file(occurrences, new_name))


def rename_refusal(snapshot: Snapshot, params: types.RenameParams) -> str | None:
    """Why :func:`rename` answers None for ``params`` (a message for the user), or None when it does not;
    the server may send it back as the request's error."""
    target = _renamable(snapshot, params.position)
    if target is None:
        across = _child_parameter(snapshot, params.position)
        if across is None:
            return "Only a parameter, resource or condition this template defines can be renamed here."
        return _name_problem(params.new_name) or rename_conflict(snapshot, across[0], params.new_name)
    return new_name_problem(snapshot, target, params.new_name)


def _name_problem(new_name: str) -> str | None:
    if not new_name or new_name != new_name.strip() or not new_name.isprintable():
        return "A name must not be empty, start or end with blanks, or hold line breaks or control characters."
    if new_name in spec.PSEUDO_PARAMETERS or new_name in spec.UNUSABLE_PSEUDO_PARAMETERS:
        return f"{new_name} is a pseudo parameter's name."
    return None


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
    if target.kind == "parameter":
        here = parameter_at(snapshot, target.node.start)
        return rename_conflict(snapshot, here, new_name) if here is not None else None
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
    if target.kind == "parameter" and not all(o.verbatim for o in _other_files(snapshot, target)):
        return None
    return target


def _edit(text: str, node: Scalar, new_name: str) -> tuple[tuple[int, int], str] | None:
    """The span to replace in ``node`` and its new text, or None when the name is not written verbatim."""
    span = name_span(text, node)
    if span is None:
        return None
    return span, written_as(new_name, node.style)
