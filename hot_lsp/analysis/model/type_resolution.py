"""What a resource type name stands for in a template: a type of the catalogue, a template, or nothing known.

With configured environment files, the type resolves through the registry in effect (their
``resource_registry`` over Heat's global environment: ``registry.Registry``); without, through Heat's global
environment alone (the catalogue's types and aliases). The model asks this once per type name and resource
(``TemplateModel.resolve_type``), so the rules, the hovers and the completions agree on every type.
"""

from __future__ import annotations

from typing import Literal

from ...spec.nested_stacks import TEMPLATE_SUFFIXES
from ...spec.resource_types import Catalogue, ResourceType
from .registry import Registry

ResolvedKind = Literal["type", "template", "unknown"]


def resolve_type(catalogue: Catalogue, name: str) -> tuple[ResolvedKind, ResourceType | None]:
    """How Heat's global environment resolves a type name: to a type of the catalogue, to a template, or not at all."""
    if name.endswith(TEMPLATE_SUFFIXES):
        return "template", None
    found = catalogue.get(name)
    if found is not None:
        return "type", found
    target = catalogue.resolve_alias(name)
    if target is not None and "://" in target:
        return "template", None  # an alias to a template file (AWS::RDS::DBInstance): its interface is not known
    return "unknown", None


def registered_type(
    registry: Registry, catalogue: Catalogue, name: str, resource: str | None
) -> tuple[ResolvedKind, ResourceType | None]:
    """How the registry in effect resolves a type (for the resource ``resource``: entries may be scoped to one)."""
    found = registry.resolve(name, resource)
    if found.kind == "type":
        rtype = catalogue.get(found.name)
        return ("type", rtype) if rtype is not None else ("unknown", None)
    return found.kind, None
