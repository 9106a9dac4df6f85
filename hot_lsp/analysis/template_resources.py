"""Template resources: which child template a resource's type stands for, and the interface it offers.

Heat makes a template resource of a type written as a file name (``type: server.yaml``, relative to the
template that writes it) or of a type an environment's ``resource_registry`` maps to one (relative to that
environment file, or its ``base_url``). The child's parameters are the resource's properties and its outputs
are the resource's attributes (heat-27-facts.md §7). Rules, hovers, definition, completion and the
workspace index all ask the same question, so it is answered here once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..document import Mapping, Scalar
from .environment import TEMPLATE_SUFFIXES
from .model import Entry, TemplateModel
from .registry import Registry, Resolution, template_location
from .template_files import LoadedTemplate, TemplateFiles

if TYPE_CHECKING:
    from ..spec import Catalogue

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
    """Heat's registry: its global environment, then each environment file in order (unreadable ones skipped;
    the environment's own diagnostics say why)."""
    environments = []
    for path in environment_paths:
        loaded = files.environment(path)
        if loaded.model is not None:
            environments.append((path, loaded.model))
    return Registry.build(catalogue, environments)


def is_template_name(type_name: str) -> bool:
    """A type Heat reads as a template file name (any other extension is an unknown type)."""
    return type_name.endswith(TEMPLATE_SUFFIXES)


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
