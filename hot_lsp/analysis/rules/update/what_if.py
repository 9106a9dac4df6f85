"""The codes of the editor's what-if (98xx): what updating the stack from the compared version
(``hotLsp.whatIf.against``: ``git:HEAD`` by default) to the open text would do, on the line that causes it. Never
reported by ``hot-lsp check``: the editor compares the text it holds with a revision or the deployed stack."""

from __future__ import annotations

from ...codes import define

AREA = "update"
STEP = "stack update (the editor's what-if: `hotLsp.whatIf.against`)"
WHAT_IF_PHASE = "what-if"  # no phase of the analysis: the server places them

W9801 = define(
    "W9801",
    "Updating the stack from the compared version (`hotLsp.whatIf.against`, `git:HEAD` by default) to this text "
    "replaces this resource: Heat deletes it and creates a new one (a new physical id, its data gone).",
    "(a committed server whose `key_name` is edited: `key_name` is not updatable in place)",
    area=AREA,
    slug="update-replaces",
    why="Heat's update replaces a resource whose changed property is not updatable in place (or whose update "
    "policy says REPLACE, or whose type changes): the old one is deleted, with its disks, addresses and data.",
    instead="(keep the property as deployed, or make sure losing the resource is what you want)",
    heat_step=STEP,
    phase=WHAT_IF_PHASE,
)

W9802 = define(
    "W9802",
    "Updating the stack from the compared version to this text deletes a resource: gone from the template, or "
    "its condition now false.",
    "(a resource removed from `resources:` since the last commit)",
    area=AREA,
    slug="update-deletes",
    why="A resource the old stack has and the new template does not is deleted by the update, with what it holds.",
    instead="(put the resource back, or make sure deleting it is what you want)",
    heat_step=STEP,
    phase=WHAT_IF_PHASE,
)

W9803 = define(
    "W9803",
    "Updating the stack from the compared version to this text fails here, or Heat refuses the whole update (an "
    "immutable parameter or property changed, a restricted action).",
    "(a parameter marked `immutable: true` whose default changed since the last commit)",
    area=AREA,
    slug="update-fails",
    why="Heat refuses an update that changes an immutable parameter, and fails one that changes an immutable "
    "property or runs an action the environment restricts: the stack ends UPDATE_FAILED or is left as it was.",
    instead="(keep the immutable value, or create a new stack)",
    heat_step=STEP,
    phase=WHAT_IF_PHASE,
)

I9804 = define(
    "I9804",
    "Updating the stack from the compared version to this text updates this resource in place, for the reason "
    "given (its id is kept).",
    "(a committed server whose `image` is edited: the root disk is re-imaged by a REBUILD)",
    area=AREA,
    slug="update-in-place",
    why="Heat updates the resource through its plugin's update: the resource keeps its id, though some updates "
    "interrupt it (a server's REBUILD or RESIZE).",
    instead="(nothing to change: this says what the update does)",
    heat_step=STEP,
    phase=WHAT_IF_PHASE,
)

I9805 = define(
    "I9805",
    "Only the cloud can say what updating the stack from the compared version does to this resource (a run-time "
    "value decides): both outcomes, with the reason.",
    "(a property that reads `get_attr` of a resource the same update changes in place)",
    area=AREA,
    slug="update-undecided",
    why="Heat decides with values known only once the stack runs (an attribute of a resource updated in place): "
    "hot-lsp names both outcomes and what they wait for.",
    instead="(nothing to change; `hot-lsp preview --stack` against the deployed stack gives the exact answer)",
    heat_step=STEP,
    phase=WHAT_IF_PHASE,
)

CODES = (W9801, W9802, W9803, I9804, I9805)
