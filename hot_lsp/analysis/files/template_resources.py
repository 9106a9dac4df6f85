"""Template resources: which child template a resource's type stands for, and the interface it offers.

Heat makes a template resource of a type written as a file name (``type: server.yaml``, relative to the
template that writes it) or of a type an environment's ``resource_registry`` maps to one (relative to that
environment file, or its ``base_url``). The child's parameters are the resource's properties and its outputs
are the resource's attributes (heat-27-facts.md §7). Rules, hovers, definition, completion and the
workspace index all ask the same question, so it is answered here once.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Mapping as AbcMapping
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...document import Mapping, Node, Scalar
from ...spec import Catalogue
from ...spec.resource_types import DEFAULT_SUPPORT_STATUS, AttributeSchema, PropertySchema, ResourceType
from ..model.registry import Registry, Resolution, template_location
from ..model.template import Entry, TemplateModel
from .template_files import LoadedEnvironment, LoadedTemplate, TemplateFiles

# What Heat gives every template resource besides the child's outputs (``show``), and the prefix of the
# dynamic attributes that reach into the child's resources (``resource.<name>[.<attr>...]``).
NESTED_STACK_ATTRIBUTES = ("show", "OS::stack_id")
NESTED_RESOURCE_PREFIX = "resource."

# Heat's parameter type -> the property type the template resource offers (properties.Schema.from_parameter).
PROPERTY_TYPES = {
    "string": "string",
    "number": "number",
    "comma_delimited_list": "list",
    "json": "map",
    "boolean": "boolean",
}


@dataclass(frozen=True, slots=True)
class ChildTemplate:
    """The template a resource type stands for."""

    type_name: str  # as written in the parent
    resolution: Resolution  # how the registry got there
    path: str | None  # the local file; None for a URL (never fetched)
    loaded: LoadedTemplate | None  # None when ``path`` is None

    @property
    def model(self) -> TemplateModel | None:
        analysis = self.loaded.analysis if self.loaded is not None else None
        return analysis.model if analysis is not None else None

    @property
    def problem(self) -> str:
        """Why the child's interface is not known ("" when it is)."""
        if self.path is None:
            return f"{self.resolution.name} is a URL; hot-lsp never fetches templates"
        assert self.loaded is not None
        return self.loaded.problem


def child_template(
    type_name: str,
    resource_name: str | None,
    referrer: str,
    registry: Registry,
    files: TemplateFiles,
) -> ChildTemplate | None:
    """The child template ``type_name`` resolves to for the resource ``resource_name`` of the template at
    ``referrer`` (an absolute path); None when the type is not a template resource."""
    resolution = registry.resolve(type_name, resource_name)
    if resolution.kind != "template":
        return None
    location = template_location(resolution, referrer)
    if location is None:
        return ChildTemplate(type_name, resolution, None, None)
    location = os.path.abspath(location)
    return ChildTemplate(type_name, resolution, location, files.template(location))


def registry_for(catalogue: Catalogue, environment_paths: Sequence[str], files: TemplateFiles) -> Registry:
    """Heat's registry for these environment files, read through ``files``."""
    return registry_of(catalogue, [files.environment(path) for path in environment_paths])


# -- the registry, once per version of the environment files ---------------------------------------------------

_REGISTRIES: OrderedDict[tuple[int, ...], tuple[tuple[object, ...], Registry]] = OrderedDict()
_REGISTRIES_KEPT = 16
_lock = threading.Lock()


def registry_of(catalogue: Catalogue, environments: Sequence[LoadedEnvironment]) -> Registry:
    """Heat's global environment, then each readable environment file in order (an unreadable one is skipped:
    its own diagnostics say why). TemplateFiles hands back the same object while a file is unchanged, so the
    objects themselves are the key (kept alive with the entry, so their ids stay theirs)."""
    held: tuple[object, ...] = (catalogue, *environments)
    key = tuple(id(item) for item in held)
    with _lock:
        found = _REGISTRIES.get(key)
        if found is not None:
            _REGISTRIES.move_to_end(key)
            return found[1]
    registry = Registry.build(catalogue, [(env.path, env.model) for env in environments if env.model is not None])
    with _lock:
        _REGISTRIES[key] = (held, registry)
        while len(_REGISTRIES) > _REGISTRIES_KEPT:
            _REGISTRIES.popitem(last=False)
    return registry


@dataclass(frozen=True, slots=True)
class ChildParameter:
    """One parameter of a child template, as the parent's property of the same name."""

    name: str
    entry: Entry
    type: str | None  # the parameter's Heat type as written (None: not a string)
    has_default: bool
    description: str | None

    @property
    def property_type(self) -> str | None:
        return PROPERTY_TYPES.get(self.type or "")


def child_parameters(model: TemplateModel) -> dict[str, ChildParameter]:
    """The child's parameters in the order written."""
    found: dict[str, ChildParameter] = {}
    for name, entry in model.parameters.items():
        value = entry.value
        kind = description = None
        has_default = False
        if isinstance(value, Mapping):
            written = value.get("type")
            kind = written.value if isinstance(written, Scalar) and isinstance(written.value, str) else None
            default = value.get("default")
            # Heat's schema reads a null default as no default: the property is then required.
            has_default = default is not None and not (isinstance(default, Scalar) and default.value is None)
            text = value.get("description")
            description = text.value if isinstance(text, Scalar) and isinstance(text.value, str) else None
        found[name] = ChildParameter(name, entry, kind, has_default, description)
    return found


# Heat's parameter type -> the property schema type of the template resource (``Schema.from_parameter``); a type
# Heat does not have is left unjudged (the child's own analysis reports it).
_SCHEMA_TYPES = {
    "string": "String",
    "number": "Number",
    "comma_delimited_list": "List",
    "json": "Map",
    "boolean": "Boolean",
}


def template_interface(name: str, model: TemplateModel) -> ResourceType:
    """The resource type a child template makes (``TemplateResource.get_schemas``): a property per parameter,
    required when it has no default, with its constraints; an attribute per output, plus what Heat gives every
    nested stack. ``name`` is how messages name it."""
    properties = {param.name: _property(param) for param in child_parameters(model).values()}
    attributes = {
        output: AttributeSchema(output, None, _text(entry.get("description")), DEFAULT_SUPPORT_STATUS)
        for output, entry in model.outputs.items()
    }
    for extra in NESTED_STACK_ATTRIBUTES:
        attributes.setdefault(extra, AttributeSchema(extra, None, "", DEFAULT_SUPPORT_STATUS))
    return ResourceType(name, "", DEFAULT_SUPPORT_STATUS, None, False, properties, attributes, "")


# A template resource's property type, back to the parameter type it came from (properties.Schema.from_parameter).
_PARAMETER_TYPES = {"Number": "number", "List": "comma_delimited_list", "Map": "json", "Boolean": "boolean"}


def hot_types(interface: ResourceType) -> dict[str, str]:
    """The parameter types of a nested template, read back from its interface (what Heat merges its
    ``parameter_defaults`` by)."""
    return {name: _PARAMETER_TYPES.get(schema.type, "string") for name, schema in interface.properties.items()}


def with_parameter_defaults(interface: ResourceType, parameter_defaults: AbcMapping[str, Any]) -> ResourceType:
    """The interface once the environments' ``parameter_defaults`` are applied (``param_schemata``): a parameter
    they give has that default, so it is no longer required."""
    supplied = {key: parameter_defaults[key] for key in interface.properties if key in parameter_defaults}
    if not supplied:
        return interface
    properties = dict(interface.properties)
    for key, value in supplied.items():
        properties[key] = replace(properties[key], default=value, required=False)
    return replace(interface, properties=properties)


def _property(param: ChildParameter) -> PropertySchema:
    definition = param.entry.value
    default = None
    constraints: tuple[dict[str, Any], ...] = ()
    if isinstance(definition, Mapping):
        default = _plain(definition.get("default"))
        listed = _plain(definition.get("constraints"))
        if isinstance(listed, list) and all(isinstance(item, dict) for item in listed):
            constraints = tuple(listed)
    return PropertySchema(
        param.name,
        _SCHEMA_TYPES.get(param.type or "", "Any"),
        param.description or "",
        default is None,
        default,
        True,
        False,
        constraints,
        None,
        DEFAULT_SUPPORT_STATUS,
    )


def _plain(node: Node | None) -> Any:
    """A node as plain data (None when absent, or when it is no plain data: unhashable keys and the like)."""
    try:
        return node.to_python() if node is not None else None
    except Exception:  # noqa: BLE001 - the child's own analysis reports a malformed definition
        return None


def _text(node: object) -> str:
    return node.value if isinstance(node, Scalar) and isinstance(node.value, str) else ""
