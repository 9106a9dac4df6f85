"""A cloud's stacks: what a create or an update would do (Heat's previews) and a deployed stack's resources.

Every answer is Heat's own, reshaped into hot-lsp's JSON (docs/cloud.md, docs/cli.md): rows with
``resource_name``, ``resource_type`` and ``parent`` (the resource whose nested stack holds the row, else None).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import answers
from .bundle import Bundle
from .connection import Heat, HeatRefused
from .errors import CloudError

# The update preview's lists, most dangerous first: the order the table shows them in.
CHANGE_KINDS = ("replaced", "deleted", "added", "updated", "unchanged")


def preview_create(heat: Heat, bundled: Bundle, stack_name: str, parameters: Mapping[str, str]) -> dict[str, Any]:
    """``POST stacks/preview``: every resource Heat would create, nested stacks exploded, under ``added``."""
    body = bundled.request_body(stack_name=stack_name, parameters=parameters)
    resources = heat.ask(answers.CREATE_PREVIEW, "POST", "stacks/preview", body=body)["stack"]["resources"]
    changes: dict[str, list[dict[str, Any]]] = {kind: [] for kind in CHANGE_KINDS}
    changes["added"] = [_change_row(item) for item in _flatten(resources)]
    return _ordered(changes)


def preview_update(heat: Heat, bundled: Bundle, stack: str, parameters: Mapping[str, str]) -> dict[str, Any]:
    """``PUT stacks/NAME/ID/preview?show_nested=true``: Heat's dry run of ``openstack stack update``."""
    identity = stack_identity(heat, stack)
    body = bundled.request_body(parameters=parameters)
    path = f"stacks/{identity}/preview"
    found = heat.ask(answers.UPDATE_PREVIEW, "PUT", path, body=body, params={"show_nested": "true"})
    changes = found["resource_changes"]
    return _ordered({kind: [_change_row(item) for item in _rows(changes[kind])] for kind in CHANGE_KINDS})


def default_stack_name(template: str) -> str:
    """A name Heat accepts for a stack that is only previewed: the template's file name, made valid."""
    stem = re.sub(r"[^A-Za-z0-9_.-]", "-", Path(template).stem)
    return stem if stem[:1].isalpha() else f"preview-{stem}"


def stack_identity(heat: Heat, stack: str) -> str:
    """``NAME/ID`` of a stack named by name or id (CloudError when the cloud has no such stack)."""
    return stack_state(heat, stack).identity


@dataclass(frozen=True, slots=True)
class StackState:
    """A stack's identity (``NAME/ID``) and its status (``CREATE_FAILED``) with Heat's reason."""

    identity: str
    name: str
    status: str
    reason: str

    @property
    def settled(self) -> bool:
        """Whether Heat has stopped working on it (no ``*_IN_PROGRESS``)."""
        return not self.status.endswith("_IN_PROGRESS")


def stack_state(heat: Heat, stack: str) -> StackState:
    """The stack named by name or id (CloudError when the cloud has none): one lookup."""
    try:
        details = heat.ask(answers.STACK, "GET", f"stacks/{quote(stack, safe='')}")["stack"]
    except HeatRefused as refusal:
        if refusal.status == 404:
            raise CloudError(f"cloud '{heat.cloud}' has no stack '{stack}'") from None
        raise
    name = str(details["stack_name"])
    return StackState(
        f"{quote(name, safe='')}/{details['id']}",
        name,
        str(details.get("stack_status", "")),
        str(details.get("stack_status_reason", "") or ""),
    )


@dataclass(frozen=True, slots=True)
class LiveRow:
    resource_name: str
    resource_type: str
    parent: str | None
    depth: int
    required_by: tuple[str, ...]
    status: str
    status_reason: str
    physical_resource_id: str

    def to_json(self) -> dict[str, Any]:
        return {
            "resource_name": self.resource_name,
            "resource_type": self.resource_type,
            "parent": self.parent,
            "depth": self.depth,
            "required_by": list(self.required_by),
            "status": self.status,
            "status_reason": self.status_reason,
            "physical_resource_id": self.physical_resource_id,
        }


def live_resources(heat: Heat, stack: str | StackState, nested_depth: int) -> list[LiveRow]:
    """``GET stacks/NAME/ID/resources?nested_depth=N``, each row's depth worked out from its parent chain (the stack
    looked up first unless its state is given).

    Heat names only the parent resource, which is ambiguous (every member of a group has its own ``leaf``); the
    links are not: a resource's ``stack`` link is the stack it is in, and a parent's ``nested`` link is the stack
    its children are in."""
    identity = (stack if isinstance(stack, StackState) else stack_state(heat, stack)).identity
    path = f"stacks/{identity}/resources"
    items = _rows(heat.ask(answers.RESOURCES, "GET", path, params={"nested_depth": nested_depth})["resources"])
    root_stack = identity.rsplit("/", 1)[1]
    parent_of_stack: dict[str, dict[str, Any]] = {}
    for item in items:
        nested = _link_stack_id(item, "nested")
        if nested:
            parent_of_stack[nested] = item

    def depth(item: dict[str, Any], seen: int = 0) -> int:
        in_stack = _link_stack_id(item, "stack")
        parent = parent_of_stack.get(in_stack or "")
        if in_stack == root_stack or parent is None or seen > len(items):
            return 0
        return depth(parent, seen + 1) + 1

    def row(item: dict[str, Any]) -> LiveRow:
        in_stack = _link_stack_id(item, "stack")
        parent_item = parent_of_stack.get(in_stack or "")
        parent = parent_item.get("resource_name") if parent_item else item.get("parent_resource")
        return LiveRow(
            str(item.get("resource_name", "")),
            str(item.get("resource_type", "")),
            str(parent) if parent and in_stack != root_stack else None,
            depth(item),
            tuple(sorted(str(name) for name in item.get("required_by") or ())),
            str(item.get("resource_status", "")),
            str(item.get("resource_status_reason", "")),
            str(item.get("physical_resource_id", "")),
        )

    # As a tree, like the offline listing: each resource, then what its nested stack holds.
    children: dict[str | None, list[dict[str, Any]]] = {}
    for item in items:
        in_stack = _link_stack_id(item, "stack")
        children.setdefault(None if in_stack not in parent_of_stack else in_stack, []).append(item)
    ordered: list[LiveRow] = []
    placed: set[int] = set()

    def visit(stack_id: str | None) -> None:
        for item in sorted(children.get(stack_id, []), key=name_order):
            if id(item) in placed:
                continue
            placed.add(id(item))
            ordered.append(row(item))
            nested = _link_stack_id(item, "nested")
            if nested:
                visit(nested)

    visit(None)
    return ordered


def name_order(item: Mapping[str, Any]) -> tuple[int, str]:
    """A resource row's place in a listing: a group's members 0, 1, ... 10 in number order; other names
    alphabetically, after them."""
    name = str(item.get("resource_name", ""))
    return (int(name), "") if name.isdigit() else (1 << 30, name)


def linked_stack(item: Mapping[str, Any], rel: str) -> str | None:
    """The ``NAME/ID`` of the stack a row's link of ``rel`` points at (``stack``: the one it is in; ``nested``: its
    nested stack), still quoted as in the link, so that it goes back into a path as it is."""
    for link in item.get("links") or ():
        if isinstance(link, dict) and link.get("rel") == rel:
            parts = str(link.get("href", "")).rstrip("/").split("/")
            if "stacks" in parts:
                rest = parts[len(parts) - parts[::-1].index("stacks") :]
                if len(rest) >= 2:
                    return f"{rest[0]}/{rest[1]}"
    return None


def _link_stack_id(item: Mapping[str, Any], rel: str) -> str | None:
    found = linked_stack(item, rel)
    return found.rsplit("/", 1)[-1] if found else None


def _flatten(resources: list[Any]) -> Iterator[dict[str, Any]]:
    """The create preview nests a nested stack's resources as a list in place of its parent resource."""
    for item in resources:
        if isinstance(item, list):
            yield from _flatten(item)
        elif isinstance(item, dict):
            yield item


def _rows(listed: list[Any]) -> list[dict[str, Any]]:
    return [item for item in listed if isinstance(item, dict)]


def _change_row(item: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "resource_name": item.get("resource_name"),
        "resource_type": item.get("resource_type"),
        "parent": item.get("parent_resource") or None,
    }


def _ordered(changes: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    # JSON keys in the order; rows sorted so the same answer prints the same way.
    order = ("added", "deleted", "replaced", "updated", "unchanged")
    key = lambda row: (row["parent"] or "", str(row["resource_name"]))  # noqa: E731
    return {kind: sorted(changes.get(kind, []), key=key) for kind in order}
