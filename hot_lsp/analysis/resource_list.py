"""The resource list of one template (DESIGN.md's ``resources`` JSON), for ``hot/resourceList`` and the CLI.

``required_by`` is the dependency graph read backwards, as Heat's resource-list shows it; ``enabled`` is
false for resources whose condition is false whatever the parameters.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dependencies import disabled_resources, resource_dependencies
from .model import TemplateModel


@dataclass(frozen=True, slots=True)
class ResourceRow:
    resource_name: str
    resource_type: str | None
    enabled: bool
    required_by: tuple[str, ...]
    start: int  # the resource name's key, as character offsets
    end: int
    depth: int = 0


def list_resources(model: TemplateModel) -> list[ResourceRow]:
    """Top-level resources in source order (nested stacks are not exploded here)."""
    required_by: dict[str, set[str]] = {name: set() for name in model.resources}
    for source, edges in resource_dependencies(model).items():
        for edge in edges:
            if edge.target != source:
                required_by[edge.target].add(source)
    disabled = disabled_resources(model)
    rows = []
    for name, entry in model.resources.items():
        kind = entry.scalar("type")
        rows.append(
            ResourceRow(
                name,
                kind if isinstance(kind, str) else None,
                name not in disabled,
                tuple(sorted(required_by[name])),
                entry.key.start,
                entry.key.end,
            )
        )
    return rows
