"""A stack created, or updated when it exists, exactly as ``openstack stack create/update`` sends it, after its
preview; then followed until Heat stops working on it (``hot-lsp deploy``, the editor's ``hot-lsp.deploy``).

- :func:`plan`: the bundle (``bundle.py``: what openstackclient sends) and what sending it would do. For a stack
  that exists, the real update's answer (``update_preview.exact_preview`` against ``deployed.deployed_stack``),
  Heat's update preview asked first since it validates the new stack (a 400 is Heat refusing it); for a new one,
  Heat's create preview.
- :func:`send`: ``POST stacks`` (with ``disable_rollback``, as ``openstack stack create`` without
  ``--enable-rollback``) or ``PUT stacks/NAME/ID`` (no rollback field: ``openstack stack update`` sends one only
  when ``--rollback`` is given).
- :func:`follow`: the stack's events until it settles: Heat no longer ``*_IN_PROGRESS`` and the stack's own
  closing event of this deploy seen (right after the request the stack may still show its previous status).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import answers
from .bundle import Bundle, bundle
from .connection import Heat, HeatRefused
from .errors import CloudError
from .failures import new_events, stack_events
from .stacks import StackState, stack_state

CREATE, UPDATE = "create", "update"
CREATED = answers.Asked("the stack create", (("stack", dict), ("stack.id", str)))
UPDATED = answers.Asked("the stack update", ())
# The preview's outcomes in the confirmation's words, the most dangerous first; unchanged ones are not counted.
COUNTED = ("replaced", "deleted", "undecided", "added", "updated")
EVENTS_DEPTH = 5  # nested stacks' events followed this deep (Heat's max_nested_stack_depth)
POLL_S = 2.0


@dataclass
class Plan:
    """What a deploy sends and what it would do."""

    action: str  # CREATE or UPDATE
    stack: str
    cloud: str
    bundled: Bundle
    parameters: dict[str, Any]
    preview: dict[str, list[dict[str, Any]]]  # the JSON of ``hot-lsp preview`` for it
    heat_preview: dict[str, Any] | None = None  # Heat's update preview API's own answer (an update)
    refused: str | None = None  # Heat would refuse the whole update (an immutable parameter changed)
    notes: list[str] = field(default_factory=list)
    existing: StackState | None = None

    def counts(self) -> str:
        """``1 replaced, 2 updated, 1 added``: what changes, most dangerous first; ``no change`` when nothing."""
        said = [f"{len(self.preview.get(kind, []))} {kind}" for kind in COUNTED if self.preview.get(kind)]
        return ", ".join(said) or "no change"

    def question(self) -> str:
        return f"Deploy stack {self.stack} on {self.cloud} ({self.action}): {self.counts()}?"


def find_stack(heat: Heat, stack: str) -> StackState | None:
    """The stack named ``stack``, None when the cloud has none (other failures raise)."""
    try:
        return stack_state(heat, stack)
    except HeatRefused:
        raise
    except CloudError as problem:
        if f"has no stack '{stack}'" in str(problem):
            return None
        raise


def plan(heat: Heat, template: str, environments: Sequence[str], parameters: Mapping[str, Any], stack: str) -> Plan:
    """What deploying ``template`` as ``stack`` sends and does. Raises BundleError, CloudError (HeatRefused with
    400: Heat refuses the template) or SideError (a side of the update cannot be read)."""
    from .deployed import deployed_stack
    from .stacks import preview_create, preview_update
    from .update_preview import exact_preview

    bundled = bundle(Path(template), [Path(env) for env in environments])
    values = dict(parameters)
    existing = find_stack(heat, stack)
    if existing is None:
        changes = preview_create(heat, bundled, stack, values)
        return Plan(CREATE, stack, heat.cloud, bundled, values, changes)
    heats = preview_update(heat, bundled, stack, values)
    exact = exact_preview(deployed_stack(heat, stack), template, environments, values)
    return Plan(
        UPDATE, stack, heat.cloud, bundled, values, exact.as_json(), heats, exact.refused, exact.notes, existing
    )


def send(heat: Heat, planned: Plan) -> str:
    """Create or update the stack as openstackclient does; the ``NAME/ID`` of the stack."""
    if planned.existing is None:
        body = planned.bundled.request_body(
            stack_name=planned.stack, parameters=planned.parameters, disable_rollback=True
        )
        created = heat.ask(CREATED, "POST", "stacks", body=body)
        return f"{quote(planned.stack, safe='')}/{created['stack']['id']}"
    identity = planned.existing.identity
    heat.ask(UPDATED, "PUT", f"stacks/{identity}", body=planned.bundled.request_body(parameters=planned.parameters))
    return identity


def seen_events(heat: Heat, planned: Plan) -> set[str]:
    """The ids of the events the stack already has (none for a new one): a deploy shows only its own."""
    if planned.existing is None:
        return set()
    return {event["id"] for event in stack_events(heat, planned.existing, EVENTS_DEPTH)}


def follow(
    heat: Heat,
    identity: str,
    seen: set[str],
    on_events: Callable[[list[dict[str, Any]], StackState], None],
    poll: float = POLL_S,
    stopped: Callable[[], bool] = lambda: False,
) -> StackState:
    """Ask for the stack's new events every ``poll`` seconds, each batch to ``on_events``, until it settles (or
    ``stopped()``); its last state. Settled: the stack's own closing event of this deploy seen (a
    ``*_COMPLETE`` or ``*_FAILED``, a rollback's included) and its status no longer ``*_IN_PROGRESS``."""
    closed = False
    while True:
        state = stack_state(heat, identity.split("/", 1)[1])
        fresh = new_events(stack_events(heat, state, EVENTS_DEPTH), seen)
        on_events(fresh, state)
        closed = closed or any(
            event["resource_name"] == state.name
            and not event["nested"]
            and not event["resource_status"].endswith("_IN_PROGRESS")
            for event in fresh
        )
        if (closed and state.settled) or stopped():
            return state
        time.sleep(poll)
