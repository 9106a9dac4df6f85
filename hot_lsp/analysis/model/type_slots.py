"""Where a template names a resource type that may stand for a child template.

A resource's own ``type``, and the member definitions of the group types (``spec.nested_stacks.GROUPS``):
``OS::Heat::ResourceGroup``'s ``resource_def`` and ``OS::Heat::AutoScalingGroup``'s ``resource`` (``{type,
properties}``, groups of groups too), and each type in ``OS::Heat::ResourceChain``'s ``resources`` list (all
sharing ``resource_properties``).
Each *slot* keeps the type node, the properties node the child receives as its parameters, and the path from
the root, so that the workspace index (over a parsed file) and the editor features (at a cursor path) read
the same places.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeGuard

from ...document import Mapping, Node, Scalar, Sequence
from ...spec.nested_stacks import GROUPS, GroupType

PathPart = str | int

_MAX_GROUP_NESTING = 4  # a group of groups of ...: bounded


@dataclass(frozen=True, slots=True)
class TypeSlot:
    """One place naming a type, with the properties a child template would receive."""

    resource: str  # the resource (in ``resources``) the slot belongs to
    type_node: Scalar  # the type as written
    type_path: tuple[PathPart, ...]  # where the type is written (a chain's item: its index in the list)
    properties: Mapping | None  # the properties of that type, if written as a map
    properties_path: tuple[PathPart, ...]  # where those properties are (or would be) written
    member: bool  # a group's member: registry lookups are not scoped by the resource's name

    @property
    def type_name(self) -> str:
        value = self.type_node.value
        return value.strip() if isinstance(value, str) else ""


def type_slots(root: Node | None) -> list[TypeSlot]:
    """Every slot of a template, in source order of the resources."""
    resources = root.get("resources") if isinstance(root, Mapping) else None
    if not isinstance(resources, Mapping):
        return []
    found: list[TypeSlot] = []
    for pair in resources.entries():
        name = pair.key_value
        if isinstance(name, str) and isinstance(pair.value, Mapping):
            found.extend(resource_slots(name, pair.value))
    return found


def resource_slots(name: str, body: Mapping) -> Iterator[TypeSlot]:
    """The slots of one resource: its own type, then its members' types."""
    type_node = body.get("type")
    if not _is_name(type_node):
        return
    assert isinstance(type_node, Scalar)
    path: tuple[PathPart, ...] = ("resources", name, "properties")
    properties = body.get("properties")
    own = properties if isinstance(properties, Mapping) else None
    yield TypeSlot(name, type_node, ("resources", name, "type"), own, path, False)
    type_name = str(type_node.value).strip()
    for _ in range(_MAX_GROUP_NESTING):
        if not isinstance(properties, Mapping):
            return
        group = GROUPS.get(type_name)
        if group is not None and group.type_list is not None:
            yield from _listed_slots(name, properties, path, group)
            return
        key = group.definition if group is not None else None
        if key is None:
            return
        definition = properties.get(key)
        if not isinstance(definition, Mapping):
            return
        member_type = definition.get("type")
        if not _is_name(member_type):
            return
        assert isinstance(member_type, Scalar)
        type_path = (*path, key, "type")
        path = (*path, key, "properties")
        member_properties = definition.get("properties")
        properties = member_properties if isinstance(member_properties, Mapping) else None
        yield TypeSlot(name, member_type, type_path, properties, path, True)
        type_name = str(member_type.value).strip()


def _listed_slots(name: str, properties: Mapping, path: tuple[PathPart, ...], group: GroupType) -> Iterator[TypeSlot]:
    """A chain's slots: each type of its list, all sharing one properties map."""
    assert group.type_list is not None and group.shared_properties is not None
    kinds = properties.get(group.type_list)
    if not isinstance(kinds, Sequence):
        return
    shared = properties.get(group.shared_properties)
    shared_map = shared if isinstance(shared, Mapping) else None
    for index, item in enumerate(kinds.items):
        if _is_name(item):
            assert isinstance(item, Scalar)
            type_path = (*path, group.type_list, index)
            yield TypeSlot(name, item, type_path, shared_map, (*path, group.shared_properties), True)


def _is_name(node: Node | None) -> TypeGuard[Scalar]:
    return isinstance(node, Scalar) and isinstance(node.value, str) and bool(node.value.strip())


def slot_of_type(root: Node | None, path: tuple[PathPart, ...]) -> TypeSlot | None:
    """The slot whose type node is at ``path``."""
    for slot in _slots_of_resource(root, path):
        if slot.type_path == path:
            return slot
    return None


def slots_of_property(root: Node | None, path: tuple[PathPart, ...]) -> list[tuple[TypeSlot, tuple[PathPart, ...]]]:
    """The slots whose properties hold ``path``, each with the path below those properties, innermost first
    (``resource_def.properties.x`` belongs to the member before the group; a chain's types share theirs)."""
    found = []
    for slot in _slots_of_resource(root, path):
        prefix = slot.properties_path
        if len(path) > len(prefix) and path[: len(prefix)] == prefix:
            found.append((slot, path[len(prefix) :]))
    found.sort(key=lambda item: -len(item[0].properties_path))
    return found


def _slots_of_resource(root: Node | None, path: tuple[PathPart, ...]) -> list[TypeSlot]:
    if len(path) < 3 or path[0] != "resources" or not isinstance(path[1], str) or not isinstance(root, Mapping):
        return []
    resources = root.get("resources")
    body = resources.get(path[1]) if isinstance(resources, Mapping) else None
    return list(resource_slots(path[1], body)) if isinstance(body, Mapping) else []
