"""What a deployed resource's status does to its update (step 5 of ``../shared/reference/heat-update.md``: the
status checks at the head of Resource._needs_update, resource.py:1369-1384, and the plugins that override them).

Offline every resource is taken as COMPLETE. Against a deployed stack (``preview --stack``, the editor's what-if
against ``stack``), its resources' statuses come with it, and decide before the edit does: a FAILED resource is
replaced whatever the edit, unless its type asks its service first (a server Nova still runs is kept and updated
as the edit says), and a resource never created is created. Applied inside the procedure, so what reads a
replaced resource's id or attributes follows it (the cascade Heat makes).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...spec.update_rules import (
    ALWAYS_REPLACED,
    ASKS_SERVICE_WHEN_FAILED,
    KEPT_ON_CHECK_FAILED,
    NEVER_UPDATED,
    REMOTE_STACK,
    REPLACED_STATES,
    STACK_RESOURCES,
    STATUS_IGNORED,
)

REPLACED, FAILED, UNDECIDED = "replaced", "failed", "undecided"


@dataclass(frozen=True, slots=True)
class Deployed:
    """A resource as the cloud holds it: ``UPDATE_FAILED``, and whether it was ever created (a physical id)."""

    status: str
    created: bool


def with_status(
    klass: str, deployed: Deployed | None, outcome: str, reason: str, restricted: set[str]
) -> tuple[str, str] | None:
    """The (outcome, reason) the status makes of the edit's own ``outcome``; None when the status changes nothing
    (the resource is COMPLETE, its type does not look at its status, or the edit already replaces it or fails)."""
    if deployed is None or outcome in (REPLACED, FAILED) or klass in STATUS_IGNORED | NEVER_UPDATED | ALWAYS_REPLACED:
        return None
    status = deployed.status
    failed, check_failed = status.endswith("_FAILED"), status == "CHECK_FAILED"
    if not (failed or status in REPLACED_STATES):
        return None
    holds_stack = klass in STACK_RESOURCES or klass == REMOTE_STACK
    if holds_stack and deployed.created:
        if not check_failed:
            return None  # updated: its nested stack's resources decide (stack_resource.py:129-133)
        if klass == REMOTE_STACK:
            return _replaced(status, restricted)
        why = "replaced if it was marked unhealthy, updated if a stack check failed inside it (its resources decide)"
        return UNDECIDED, f"it is {status} on the cloud: {why}"
    # CHECK_FAILED replaces without asking (always_replace_on_check_failed), but for KEPT_ON_CHECK_FAILED.
    asks = klass in ASKS_SERVICE_WHEN_FAILED and not (check_failed and klass not in KEPT_ON_CHECK_FAILED)
    if failed and deployed.created and asks:
        service = klass.split("::")[1]
        return UNDECIDED, (
            f"it is {status} on the cloud: replaced if {service} no longer has it or holds it in error, "
            f"else {outcome} ({reason})"
        )
    return _replaced(status, restricted)


def _replaced(status: str, restricted: set[str]) -> tuple[str, str]:
    if "replace" in restricted:  # resource.py:1512-1535
        return FAILED, f"the update fails: it is {status} on the cloud, and `replace` is a restricted action for it"
    return REPLACED, f"it is {status} on the cloud: Heat replaces it whatever the edit"
