"""A resource's properties as Heat's stack preview shows them, for ``hot-lsp render --with-defaults``.

Heat's preview (``POST /stacks/preview``, ``heat.engine.api.format_resource_properties``) shows, for each resource,
every property of its type's schema: the value given, converted as ``Property.get_value`` converts it for the
property's type (``"4"`` for an Integer is 4, ``"true"`` for a Boolean is true, null is the default or the type's
empty value), else the property's default, else null; a map or list property with a schema of its own is shown
the same way, key by key and item by item (``networks: [{network: private}]`` gets every other key of a network
as null). So a type's schema decides what the preview of its resources shows: Heat's types from the built-in
catalogue, a plugin's or a site's from the user's catalogues (``--resource-types``, ``hotLsp.resourceTypePaths``).

Recorded from Heat 27.0.1 in tests/previews (``tools/record_heat_previews.py``). Where render differs, on purpose:

* a value known only at run time stays in call form (docs/cli.md), where Heat's preview shows what it resolves to
  before anything exists (``get_resource``: the resource's name; ``get_attr``: null, so the default);
* a key the schema does not have is shown as written, after the schema's (Heat refuses the stack; ``check`` says
  why), and so is a value Heat cannot convert (``size: big`` for an Integer);
* a type hot-lsp has no schema for (not in any catalogue, a template resource) shows its properties as written;
* the properties Heat translates (a deprecated one into its replacement, ``network_id`` into ``network``; a name it
  looks up in the cloud into an id) are shown as written;
* a stack resource (a template resource, a group) is one resource, where Heat lists its nested stack's resources.

A placeholder type (``OS::Heat::None``, the types Heat removed but keeps) shows none: Heat ignores its properties.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...document import Node
from ...spec.resource_types import PropertySchema, ResourceType
from ..values.evaluated import OMIT, Symbol
from ..values.property_values import Rejected, convert_scalar, null_value


def previewed_properties(resource_type: ResourceType, given: Any, description: str | None = None) -> Any:
    """The evaluated ``properties`` of a resource of ``resource_type`` as Heat's preview shows them.
    ``description``: the resource's own, which Heat gives a ``description`` property that may be updated and has no
    value (the Neutron types')."""
    if resource_type.placeholder:
        return {}
    return _properties(resource_type.properties, given, description)


def _properties(schema: Mapping[str, PropertySchema], given: Any, description: str | None = None) -> Any:
    if not isinstance(given, dict):
        return given  # a run-time value for the whole map, or a value Heat refuses: as written
    shown: dict[str, Any] = {}
    for key, prop in schema.items():
        value = given.get(key, OMIT)
        if value is not OMIT:
            shown[key] = _value(prop, value)
        elif prop.default is not None:
            shown[key] = _value(prop, None)
        elif key == "description" and prop.update_allowed and description:
            shown[key] = description
        else:
            shown[key] = None
    shown.update((key, value) for key, value in given.items() if key not in schema and value is not OMIT)
    return shown


def _value(prop: PropertySchema, value: Any) -> Any:
    """``Property.get_value`` on a value given (None: null, or not given with a default)."""
    if isinstance(value, (Symbol, Node)):
        return value  # known at run time only, or a failed call shown as written
    if value is None:
        value = null_value(prop)
    if prop.type == "Map":
        return _properties(prop.schema, value) if prop.schema else value
    if prop.type == "List":
        item = prop.schema.get("*") if prop.schema else None
        if item is None or not isinstance(value, list):
            return value
        return [_value(item, each) for each in value if each is not OMIT]
    if prop.type == "Any":
        return value
    try:
        return convert_scalar(prop.type, value)
    except Rejected:
        return value
