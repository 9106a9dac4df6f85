"""A deployed stack's failed resources, as ``openstack stack failures list`` shows them, and its events.

Failures: when the stack's status is a FAILED one, its resources are listed and each FAILED one that holds a
nested stack is looked into; a failed nested-stack resource is reported only when nothing inside it failed (the
deepest failure is the cause). A failed software deployment adds its ``deploy_stdout``, ``deploy_stderr`` and
``deploy_status_code`` outputs. Each failure carries its path of resource names from the top (``workers``, ``0``,
``leaf``), which the command line locates in the local files.

Events: ``openstack stack event list --nested-depth N``, oldest first; :func:`new_events` gives those not seen
yet, for following a stack until it stops changing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote, unquote

from . import answers
from .connection import Heat
from .errors import HeatRefused
from .stacks import StackState, linked_stack, name_order

DEPLOYMENT_TYPES = ("OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment")
DEPLOYMENT_OUTPUTS = ("deploy_stdout", "deploy_stderr", "deploy_status_code")
MAX_LEVELS = 10  # nested stacks looked into at most (Heat nests 5 deep; a loop in the links stops here)


@dataclass(frozen=True, slots=True)
class Failure:
    path: tuple[str, ...]  # resource names from the top-level stack's down to this one
    resource_type: str
    status: str
    status_reason: str
    stack: str  # the name of the (nested) stack the resource is in
    physical_resource_id: str
    outputs: dict[str, Any] | None = field(default=None)  # a software deployment's deploy_* outputs

    @property
    def parent(self) -> str | None:
        return "/".join(self.path[:-1]) or None

    def as_json(self, located: list[dict[str, Any]]) -> dict[str, Any]:
        """docs/cloud.md's shape of a failure; ``located``: the places (``{resource_name, file, range}``) of the
        resources on its path found in the template, the failed one last (empty when not found)."""
        return {
            "resource_name": self.path[-1],
            "resource_type": self.resource_type,
            "status": self.status,
            "status_reason": self.status_reason,
            "stack": self.stack,
            "parent": self.parent,
            "file": located[-1]["file"] if located else None,
            "range": located[-1]["range"] if located else None,
            "via": located[:-1],
            "outputs": self.outputs,
        }


def stack_failures(heat: Heat, state: StackState) -> list[Failure]:
    """The failed resources of the stack ``state`` (none unless its status is a FAILED one), deepest causes only."""
    if not state.status.endswith("FAILED"):
        return []
    found: list[Failure] = []
    _collect(heat, state.identity, (), found, 0)
    for failure in found:
        if failure.resource_type in DEPLOYMENT_TYPES and failure.physical_resource_id:
            index = found.index(failure)
            found[index] = _with_outputs(heat, failure)
    return found


def _collect(heat: Heat, identity: str, above: tuple[str, ...], found: list[Failure], level: int) -> bool:
    """Add the failures of the stack ``identity`` (its resources' path ``above``); whether any was added."""
    path = f"stacks/{identity}/resources"
    listed = heat.ask(answers.RESOURCES, "GET", path)["resources"]
    added = False
    for item in sorted((i for i in listed if isinstance(i, dict)), key=name_order):
        status = str(item.get("resource_status", ""))
        if not status.endswith("FAILED"):
            continue
        name = str(item.get("resource_name", ""))
        nested = linked_stack(item, "nested")
        inside = False
        if nested and level < MAX_LEVELS:
            try:
                inside = _collect(heat, nested, (*above, name), found, level + 1)
            except HeatRefused as refusal:
                if refusal.status != 404:  # a failed resource whose nested stack is gone: it is the cause
                    raise
        if not inside:
            found.append(
                Failure(
                    (*above, name),
                    str(item.get("resource_type", "")),
                    status,
                    str(item.get("resource_status_reason", "") or ""),
                    _stack_name(item),
                    str(item.get("physical_resource_id", "") or ""),
                )
            )
        added = True
    return added


def _with_outputs(heat: Heat, failure: Failure) -> Failure:
    """The deployment's deploy_* outputs (``software_deployments/ID``); the failure as it is when Heat has none."""
    try:
        path = f"software_deployments/{quote(failure.physical_resource_id, safe='')}"
        deployment = heat.ask(answers.SOFTWARE_DEPLOYMENT, "GET", path)["software_deployment"]
    except HeatRefused as refusal:
        if refusal.status == 404:
            return failure
        raise
    values = deployment.get("output_values") or {}
    outputs = {key: values[key] for key in DEPLOYMENT_OUTPUTS if isinstance(values, dict) and key in values}
    return replace(failure, outputs=outputs or None)


def stack_events(heat: Heat, state: StackState, nested_depth: int) -> list[dict[str, Any]]:
    """``GET stacks/NAME/ID/events``, nested stacks to ``nested_depth``, oldest first, each with the name of the
    stack it is in (``stack``) and whether that is a nested one."""
    params: dict[str, Any] = {"sort_dir": "asc", "sort_keys": "created_at"}
    if nested_depth:
        params["nested_depth"] = nested_depth
    listed = heat.ask(answers.EVENTS, "GET", f"stacks/{state.identity}/events", params=params)["events"]
    return [_event(item, state) for item in listed if isinstance(item, dict)]


def last_events(heat: Heat, state: StackState) -> dict[str, dict[str, Any]]:
    """Each top-level resource's last event (and the stack's own, under its name), for the editor's hover."""
    last: dict[str, dict[str, Any]] = {}
    for event in stack_events(heat, state, 0):  # oldest first: the last one written stays
        last[event["resource_name"]] = event
    return last


def new_events(events: Iterable[dict[str, Any]], seen: set[str]) -> list[dict[str, Any]]:
    """The events whose id is not in ``seen`` (which takes them), in the order given."""
    fresh = []
    for event in events:
        if event["id"] not in seen:
            seen.add(event["id"])
            fresh.append(event)
    return fresh


def _event(item: dict[str, Any], state: StackState) -> dict[str, Any]:
    stack = _stack_name(item)
    return {
        "id": str(item.get("id", "")),
        "event_time": str(item.get("event_time", "")),
        "resource_name": str(item.get("resource_name", item.get("logical_resource_id", ""))),
        "resource_status": str(item.get("resource_status", "")),
        "resource_status_reason": str(item.get("resource_status_reason", "") or ""),
        "physical_resource_id": str(item.get("physical_resource_id", "") or ""),
        "stack": stack,
        "nested": stack != state.name,
    }


def _stack_name(item: dict[str, Any]) -> str:
    found = linked_stack(item, "stack")
    return unquote(found.split("/", 1)[0]) if found else ""
