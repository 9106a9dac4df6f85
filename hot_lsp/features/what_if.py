"""The editor's what-if: what updating the stack from the compared version (``hotLsp.whatIf.against``) to the open
text would do, placed on the lines that cause it, and the code lens on ``resources:`` that sums it.

The comparison (``analysis/update``, run by the server in the background) names resources and, in its reasons,
the properties that decide; the places are found here in the snapshot's own tree, so a comparison made for an
earlier text is shown at the right lines of the newest one until the next comparison replaces it:

- a replaced resource (W9801): the first property its reason names that the text writes (``key_name``), else
  its ``type`` when the type changes, else the first property whose written value differs from the old
  version's, else the resource's key (a removed property);
- a deleted resource (W9802): its ``condition`` when it is still written (its condition is false now), else the
  ``resources:`` key, naming it;
- a failure (W9803) like a replacement; Heat refusing the whole update on the immutable parameters it names;
- an update in place (I9804) and an undecided outcome (I9805) like a replacement;
- what happens inside a nested stack or a group, on the top-level resource that holds it, the worst first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from lsprotocol import types

from ..analysis.codes import turned_off
from ..analysis.model.template import Entry, TemplateModel
from ..analysis.rules.update.what_if import I9804, I9805, W9801, W9802, W9803
from ..analysis.update.procedure import Change, UpdatePreview
from ..document import Diagnostic, Mapping, Node, Scalar
from .diagnostics import to_lsp
from .snapshot import Snapshot

PREVIEW = "hot-lsp.preview"
# The outcomes shown, worst first (a failure is listed as undecided in the preview's JSON).
SHOWN = ("failed", "deleted", "replaced", "undecided", "updated")
CODE_OF = {"failed": W9803, "deleted": W9802, "replaced": W9801, "undecided": I9805, "updated": I9804}
LENS_ORDER = ("replaced", "deleted", "failed", "undecided", "added", "updated")
# The fields of a resource besides its properties, in the order a change of them is looked for.
FIELDS = ("type", "metadata", "update_policy", "deletion_policy", "depends_on", "external_id", "condition")
_QUOTED = re.compile(r"`([^`]+)`")
# Names a reason quotes that are no key of the resource: a referenced resource, an attribute of one.
_NOT_KEYS = re.compile(r"the `[^`]+` it references|`[^`]+` of `[^`]+`")
NOTHING_INSIDE = "no change inside"  # the end of the reason of a nested stack where nothing changes
MAX_INSIDE = 3  # nested changes named in the message of the resource that holds them


@dataclass(frozen=True, slots=True)
class WhatIf:
    """One comparison's answer, for one document: against what (``git:HEAD``, ``stack``) and the preview."""

    against: str
    preview: UpdatePreview
    old: TemplateModel | None = field(default=None, compare=False)  # the old side's model (git), when there is one


def what_if_diagnostics(snapshot: Snapshot, found: WhatIf) -> list[types.Diagnostic]:
    """The comparison's findings placed in the snapshot's text (none for codes turned off)."""
    model = snapshot.analysis.model
    if model is None or snapshot.analysis.kind != "template":
        return []
    disabled = snapshot.settings.disabled_rules
    placed = [
        (code, node, message)
        for code, node, message in _findings(model, found)
        if node is not None and not turned_off(code, disabled)
    ]
    return [to_lsp(snapshot, Diagnostic(code, message, node.start, node.end)) for code, node, message in placed]


def what_if_lens(snapshot: Snapshot, found: WhatIf | None) -> list[types.CodeLens]:
    """The lens on ``resources:`` summing the comparison; it opens the full table (``hot-lsp.preview``)."""
    model = snapshot.analysis.model
    if found is None or model is None or snapshot.analysis.kind != "template":
        return []
    key = _section_key(model, "resources")
    if key is None:
        return []
    preview = found.preview
    if preview.refused:
        title = f"Heat refuses this update (against {_label(found.against)})"
    else:
        counts = {outcome: 0 for outcome in LENS_ORDER}
        for change in preview.changes:
            if change.outcome in counts and not _quiet(change):
                counts[change.outcome] += 1
        summary = ", ".join(f"{n} {outcome}" for outcome, n in counts.items() if n)
        title = f"{summary or 'no change'} (against {_label(found.against)})"
    argument = {"uri": snapshot.uri} if found.against == "stack" else {"uri": snapshot.uri, "against": found.against}
    command = types.Command(title=title, command=PREVIEW, arguments=[argument])
    return [types.CodeLens(range=snapshot.range(key.start, key.end), command=command)]


def _findings(model: TemplateModel, found: WhatIf) -> Iterable[tuple[str, Node | None, str]]:
    against, preview = _label(found.against), found.preview
    if preview.refused:
        listed = preview.refused.rsplit(": ", 1)[-1].split(", ")  # "... may not be updated: a, b"
        named: list[Node | None] = [model.parameters[name].key for name in listed if name in model.parameters]
        for node in named or [_section_key(model, "resources")]:
            yield W9803, node, f"Updating from {against}: Heat refuses the whole update: {preview.refused}"
        return
    inside: dict[str, list[Change]] = {}
    for change in preview.changes:
        if change.parent is not None and change.outcome in SHOWN:
            inside.setdefault(change.parent.split("/", 1)[0], []).append(change)
    for change in preview.changes:
        if change.parent is not None:
            continue
        nested = sorted(inside.get(change.resource_name, ()), key=lambda c: SHOWN.index(c.outcome))
        outcome = change.outcome
        if nested and SHOWN.index(nested[0].outcome) < SHOWN.index(outcome if outcome in SHOWN else "updated"):
            outcome = nested[0].outcome  # the worst inside decides how loud it is
        if outcome not in SHOWN or (_quiet(change) and not nested):
            continue
        yield CODE_OF[outcome], _place(model, found.old, change), _message(against, change, nested)


def _label(against: str) -> str:
    """How the messages name the old side: the revision, or the deployed stack."""
    return "the deployed stack" if against == "stack" else against


def _quiet(change: Change) -> bool:
    """A nested stack Heat updates (it always does) with nothing changing inside: not worth a word."""
    return change.outcome == "updated" and change.reason.endswith(NOTHING_INSIDE)


def _message(against: str, change: Change, nested: list[Change]) -> str:
    name = f"`{change.resource_name}`" + (f" ({change.resource_type})" if change.resource_type else "")
    reason = change.reason
    if change.outcome == "replaced":
        text = f"Updating from {against} replaces {name}: {reason}. Heat deletes it and creates a new one"
    elif change.outcome == "deleted":
        text = f"Updating from {against} deletes {name}: {reason}"
    elif change.outcome == "failed":
        text = f"Updating from {against} fails at {name}: {reason}"
    elif change.outcome == "undecided":
        text = f"Updating from {against}, what happens to {name} is undecided: {reason}"
    else:
        text = f"Updating from {against} updates {name} in place: {reason}"
    if nested:
        said = "; ".join(f"{_verb(c.outcome)} `{c.parent}/{c.resource_name}`: {c.reason}" for c in nested[:MAX_INSIDE])
        more = f" (and {len(nested) - MAX_INSIDE} more)" if len(nested) > MAX_INSIDE else ""
        text += f". Inside: {said}{more}"
    return text


def _verb(outcome: str) -> str:
    return {"failed": "fails at", "undecided": "undecided:"}.get(outcome, outcome)


def _place(model: TemplateModel, old: TemplateModel | None, change: Change) -> Node | None:
    entry = model.resources.get(change.resource_name)
    if change.outcome == "deleted" or entry is None:
        if entry is not None:  # still written: its condition is false now
            pair = _pair(entry.body, "condition")
            return pair[0] if pair is not None else entry.key
        return _section_key(model, "resources")
    return _cause(entry, old.resources.get(change.resource_name) if old is not None else None, change.reason)


def _cause(entry: Entry, before: Entry | None, reason: str) -> Node:
    """The key whose change decides: the first one the reason names that the text writes, else the first that
    differs from the old version (when its text is known), else the resource's own key."""
    body = entry.body
    properties = _pair(body, "properties")
    written = properties[1] if properties is not None and isinstance(properties[1], Mapping) else None
    for name in _QUOTED.findall(_NOT_KEYS.sub("", reason)):
        first = name.split(".", 1)[0]
        found = _pair(written, first) or (_pair(body, first) if first in FIELDS else None)
        if found is not None:
            return found[0]
    if "type changes" in reason or "now maps to" in reason:
        found = _pair(body, "type")
        if found is not None:
            return found[0]
    if before is None:  # no old text to compare with (the deployed stack): the resource itself
        return entry.key
    old_body = before.body
    old_properties = _pair(old_body, "properties")
    old_written = old_properties[1] if old_properties is not None else None
    for pair in written.pairs if written is not None else ():
        old = _pair(old_written if isinstance(old_written, Mapping) else None, pair.key_value)
        if old is None or old[1].to_python() != pair.value.to_python():
            return pair.key
    for key in FIELDS:
        new, old = _pair(body, key), _pair(old_body, key)
        if new is not None and (old is None or old[1].to_python() != new[1].to_python()):
            return new[0]
    return entry.key


def _pair(mapping: Node | None, key: object) -> tuple[Node, Node] | None:
    """The last ``key: value`` pair of ``mapping`` written with ``key`` (Heat keeps the last duplicate)."""
    if not isinstance(mapping, Mapping):
        return None
    found = None
    for pair in mapping.pairs:
        if isinstance(pair.key, Scalar) and pair.key.value == key and pair.key.start >= 0:
            found = (pair.key, pair.value)
    return found


def _section_key(model: TemplateModel, section: str) -> Scalar | None:
    root = model.root
    found = _pair(root, section) if isinstance(root, Mapping) else None
    return found[0] if found is not None and isinstance(found[0], Scalar) else None
