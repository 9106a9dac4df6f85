"""The update of a whole stack, offline: Heat 27.0.1's real update path (not its preview API) walked over two
versions of a stack (``../shared/reference/heat-update.md``).

S0: a changed ``immutable`` parameter refuses the update. S1: resources by name over the enabled ones: added,
deleted. S2-S3: the common ones in the new stack's dependency order, each decided (``decide``) against the
identities decided before it, so a replacement gives its dependants new values. Stack resources (provider
templates, groups) are updated and their nested stacks compared the same way, members by index.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...spec import Catalogue, builtin_catalogue
from ...spec.update_rules import STACK_RESOURCES
from ..stack.tree_limits import BUILD_SECONDS, MAX_NESTED_DEPTH, MAX_NODES
from ..values.evaluated import plain
from .compare import DIFFERENT, EQUAL, MAYBE, Comparer, Identity, Verdict
from .decide import (
    ADDED,
    DELETED,
    FAILED,
    NESTED,
    REPLACED,
    UNCHANGED,
    UNDECIDED,
    UPDATED,
    Decision,
    decide,
    fails_when_run,
)
from .sides import (
    Definition,
    Level,
    Side,
    SideError,
    StackVersion,
    child_scope,
    removal_names,
    restricted_actions,
)
from .statuses import Deployed

OUTCOMES = (ADDED, DELETED, REPLACED, UPDATED, UNCHANGED, UNDECIDED)


@dataclass(frozen=True, slots=True)
class Change:
    """What the update does to one resource. ``parent``: the names from the top down to its stack, "/"-joined."""

    resource_name: str
    resource_type: str | None
    parent: str | None
    outcome: str  # one of OUTCOMES, or FAILED (the update fails there)
    reason: str


@dataclass(slots=True)
class UpdatePreview:
    """Every resource's outcome, or why Heat refuses the whole update; notes on what was not compared."""

    changes: list[Change] = field(default_factory=list)
    refused: str | None = None
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, list[dict[str, Any]]]:
        """``{"added": [...], ..., "undecided": [...]}``; a failure is listed as undecided with its reason."""
        found: dict[str, list[dict[str, Any]]] = {outcome: [] for outcome in OUTCOMES}
        for change in self.changes:
            bucket = UNDECIDED if change.outcome == FAILED else change.outcome
            found[bucket].append(
                {
                    "resource_name": change.resource_name,
                    "resource_type": change.resource_type,
                    "parent": change.parent,
                    "reason": change.reason,
                }
            )
        return found

    def outcome(self, name: str, parent: str | None = None) -> Change | None:
        return next((c for c in self.changes if c.resource_name == name and c.parent == parent), None)


def preview_update(
    old: StackVersion,
    new: StackVersion,
    catalogue: Catalogue | None = None,
    deployed: Mapping[str, Deployed] | None = None,
) -> UpdatePreview:
    """What updating the stack deployed from ``old`` to ``new`` does, resource by resource. ``deployed``: how the
    cloud holds each resource, by its path (``group/0/server``), when ``old`` is a deployed stack (else every one is
    taken as COMPLETE). Raises ``SideError`` when a side cannot be read (its template or an environment missing or
    not parsing)."""
    catalogue = catalogue or builtin_catalogue()
    old_side, new_side = Side(old, catalogue), Side(new, catalogue)
    old_top, new_top = old_side.top(), new_side.top()
    result = UpdatePreview()
    given = dict(new.parameters)
    for environment in new_side.environments:
        given.update(environment.parameters)
    changed = immutable_changed(old_top, new_top, given)
    if changed:
        # service.py:1050-1052 (parameters.py:578-593).
        result.refused = f"The following parameters are immutable and may not be updated: {', '.join(changed)}"
        return result
    walk = _Walk(old_side, new_side, result, deployed or {})
    walk.level(old_top, new_top, None, Comparer({}), 0, (new.path,), new_side.resources)
    return result


def immutable_changed(old: Level, new: Level, given: Mapping[str, Any]) -> list[str]:
    """Heat's ``immutable_params_modified`` (parameters.py:578-593): the old value, typed, against the value the
    request gives (as given: a -P "8" is not the number 8) or else the new stack's."""
    found = []
    for name in sorted(new.immutable & old.parameters.keys() & new.parameters.keys()):
        value = given[name] if name in given else new.parameters[name].value
        if plain(old.parameters[name].value) != plain(value):
            found.append(name)
    return found


class _Walk:
    def __init__(self, old: Side, new: Side, result: UpdatePreview, deployed: Mapping[str, Deployed]) -> None:
        self.old = old
        self.new = new
        self.result = result
        self.deployed = deployed
        self.count = 0
        self.deadline = time.monotonic() + BUILD_SECONDS * 3

    def full(self) -> bool:
        if self.count < MAX_NODES and time.monotonic() < self.deadline:
            return False
        if not self.result.notes or not self.result.notes[-1].startswith("the comparison was cut short"):
            self.result.notes.append(f"the comparison was cut short: over {MAX_NODES:,} resources or the time bound")
        return True

    def add(self, name: str, kind: str | None, parent: str | None, outcome: str, reason: str) -> None:
        self.result.changes.append(Change(name, kind, parent, outcome, reason))

    def level(
        self,
        old: Level,
        new: Level,
        parent: str | None,
        outer: Comparer,
        depth: int,
        ancestors: tuple[str, ...],
        scope: Mapping[str, Any],
    ) -> dict[str, Identity]:
        """Compare one stack; its resources' identities (for the stack resource holding it). ``scope``: the
        ``resources`` section of the registry this stack sees (restricted actions)."""
        identities: dict[str, Identity] = {}
        # Group members name resources of the group's own stack: they compare through its identities.
        comparer = outer if new.file is None else Comparer(identities, outer.parameters)
        for note in (old.note, new.note):
            if note:
                self.result.notes.append(f"{parent}: {note}")
        for name in new.order:
            if self.full():
                return identities
            self.count += 1
            after = new.definitions[name]
            before = old.definitions.get(name)
            if before is None:
                why = "its condition is true in this version" if name in old.disabled else "new in this version"
                failing = fails_when_run(after)
                if failing:
                    self.add(name, after.type, parent, FAILED, f"the update fails: it is created, and {failing}")
                else:
                    self.add(name, after.type, parent, ADDED, why)
                continue
            path = name if parent is None else f"{parent}/{name}"
            held = self.deployed.get(path)
            decision = decide(before, after, comparer, restricted_actions(scope, name), _configs(old, new), held)
            identities[name] = self.decided(name, before, after, decision, parent, comparer, depth, ancestors, scope)
        for name, before in old.definitions.items():
            if name not in new.definitions:
                why = "its condition is false in this version" if name in new.disabled else "gone from the template"
                self.add(name, before.type, parent, DELETED, why)
        return identities

    def decided(
        self,
        name: str,
        before: Definition,
        after: Definition,
        decision: Decision,
        parent: str | None,
        comparer: Comparer,
        depth: int,
        ancestors: tuple[str, ...],
        scope: Mapping[str, Any],
    ) -> Identity:
        if decision.outcome != NESTED:
            self.add(name, after.type, parent, decision.outcome, decision.reason)
            return _identity(decision)
        path = name if parent is None else f"{parent}/{name}"
        kind = STACK_RESOURCES.get(after.klass, "opaque")
        attributes = EQUAL if decision.properties_changed == EQUAL else MAYBE
        if kind == "scaling":
            self.scaling(name, before, after, parent, path, comparer)
            return Identity(EQUAL, attributes, UPDATED)
        if kind == "opaque" or after.nested is None or before.nested is None:
            self.add(name, after.type, parent, UPDATED, "its nested stack is updated (not compared offline)")
            return Identity(EQUAL, attributes, UPDATED)
        if depth >= MAX_NESTED_DEPTH:
            self.add(name, after.type, parent, UPDATED, "its nested stack is updated (deeper than hot-lsp compares)")
            return Identity(EQUAL, attributes, UPDATED)
        if after.location is not None and after.location in ancestors:
            self.add(name, after.type, parent, UPDATED, f"{after.location} includes one of its ancestors; not compared")
            return Identity(EQUAL, attributes, UPDATED)
        old_skip, _ = removal_names(before)
        listed, replaces = removal_names(after)
        old_level, new_level = before.nested(old_skip), after.nested(listed if replaces else old_skip | listed)
        if isinstance(old_level, str) or isinstance(new_level, str):
            why = old_level if isinstance(old_level, str) else new_level
            self.add(name, after.type, parent, UPDATED, f"its nested stack is updated (not compared: {why})")
            return Identity(EQUAL, attributes, UPDATED)
        passed_values = after.fields["properties"] if isinstance(after.fields["properties"], dict) else {}
        refused = immutable_changed(old_level, new_level, passed_values) if new_level.file else []
        if refused:
            why = f"the update fails: its nested stack's parameter {', '.join(refused)} is immutable"
            self.add(name, after.type, parent, FAILED, why)
            return Identity(EQUAL, MAYBE, FAILED)
        index = len(self.result.changes)
        self.add(name, after.type, parent, UPDATED, "")
        passed = _passed_parameters(before, after, comparer)
        inner = Comparer(comparer.identities, passed) if new_level.file is None else Comparer({}, passed)
        chain = (*ancestors, after.location) if after.location else ancestors
        identities = self.level(old_level, new_level, path, inner, depth + 1, chain, child_scope(scope, name))
        inside = [c for c in self.result.changes[index + 1 :] if c.parent == path]
        counts = {outcome: sum(1 for c in inside if c.outcome == outcome) for outcome in (*OUTCOMES, FAILED)}
        summary = ", ".join(f"{n} {outcome}" for outcome, n in counts.items() if n and outcome != UNCHANGED)
        reason = f"its nested stack is updated: {summary or 'no change inside'}"
        self.result.changes[index] = Change(name, after.type, parent, UPDATED, reason)
        if summary and attributes != EQUAL:
            if new_level.file is None:
                return Identity(EQUAL, MAYBE, UPDATED)
            outputs = Comparer(identities, passed)
            by_attribute = {
                # At most "may change": the legacy engine may serve the outputs it read before (seen on Heat).
                key: min(outputs.compare(old_level.outputs.get(key), value).state, MAYBE)
                for key, value in new_level.outputs.items()
            }
            return Identity(EQUAL, MAYBE, UPDATED, by_attribute)
        return Identity(EQUAL, EQUAL, UPDATED)

    def scaling(
        self, name: str, before: Definition, after: Definition, parent: str | None, path: str, comparer: Comparer
    ) -> None:
        self.add(name, after.type, parent, UPDATED, "its nested stack is updated: members decided by the cloud")
        verdict = comparer.compare(before.fields["properties"], after.fields["properties"])
        if verdict.state != EQUAL:
            reason = (
                "its members have names Heat makes up and a size only the deployed group knows: each is updated or "
                "replaced as its definition says"
            )
            self.add("*", after.type, path, UNDECIDED, reason)


def _identity(decision: Decision) -> Identity:
    if decision.outcome == UNCHANGED:
        return Identity(EQUAL, EQUAL, UNCHANGED)
    # Attributes are re-read only when the stored properties change (resource.py:1016-1020).
    attributes = EQUAL if decision.properties_changed == EQUAL else MAYBE
    if decision.outcome in (UPDATED, FAILED):
        return Identity(EQUAL, attributes, decision.outcome)
    if decision.outcome == REPLACED:
        return Identity(DIFFERENT, DIFFERENT, REPLACED)
    return Identity(MAYBE, MAYBE, decision.outcome)  # undecided: replaced or kept


def _passed_parameters(before: Definition, after: Definition, comparer: Comparer) -> Mapping[str, Verdict]:
    """How each value a provider template's resource passes its nested stack compares (its properties)."""
    old = before.fields["properties"] if isinstance(before.fields["properties"], dict) else {}
    new = after.fields["properties"] if isinstance(after.fields["properties"], dict) else {}
    found: dict[str, Verdict] = {}
    for key in dict.fromkeys([*old, *new]):
        verdict = comparer.compare(old.get(key), new.get(key))
        if verdict.state != EQUAL and isinstance(key, str):
            found[key] = verdict
    return found


def _configs(old: Level, new: Level) -> Any:
    def lookup(name: Any) -> tuple[Definition | None, Definition | None]:
        if not isinstance(name, str):
            return None, None
        return old.definitions.get(name), new.definitions.get(name)

    return lookup


__all__ = ["Change", "SideError", "StackVersion", "UpdatePreview", "preview_update"]
