"""The resource list (the ``resources`` JSON of docs/cli.md), for ``hot/resourceList`` and ``hot-lsp resources``.

``required_by`` is the dependency graph read backwards, as Heat's resource-list shows it. From one model,
``enabled`` is false for resources whose condition is false whatever the parameters; from a tree
(:mod:`.template_tree`), it is the condition evaluated with the stack's inputs, and nested stacks are
exploded: each nested row names its ``parent`` resource and the ``nested_template`` it is written in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...document import LineIndex
from ...document.positions import Encoding
from ..model.template import TemplateModel
from .dependencies import disabled_resources, resource_dependencies
from .template_tree import Tree, TreeNode


@dataclass(frozen=True, slots=True)
class ResourceRow:
    resource_name: str
    resource_type: str | None
    enabled: bool
    required_by: tuple[str, ...]
    start: int  # the resource name's key (a member: its type in the group), as character offsets in ``file``
    end: int
    depth: int = 0
    parent: str | None = None  # the resource whose nested stack holds this one (None at the top level)
    nested_template: str | None = None  # the template of that nested stack (None for a group's members)
    file: str = ""  # the template file the resource is written in
    child_template: str | None = None  # the template this resource's own nested stack is made from
    note: str = ""  # why its nested stack is not listed (not found, cycle, size not known offline)
    cycle: bool = False
    lines: LineIndex | None = field(default=None, compare=False, repr=False)  # of ``file``


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
                lines=model.parsed.lines,
            )
        )
    return rows


def tree_rows(tree: Tree) -> list[ResourceRow]:
    """Every resource of the tree, each parent followed by what its nested stack holds."""
    return [_row(node) for node in tree.walk()]


def _row(node: TreeNode) -> ResourceRow:
    return ResourceRow(
        node.name,
        node.type,
        node.enabled,
        node.required_by,
        node.start,
        node.end,
        node.depth,
        node.parent.name if node.parent is not None else None,
        node.nested_template,
        node.file,
        node.child_template,
        node.note,
        node.cycle,
        node.lines,
    )


def resources_json(tree: Tree | None, encoding: Encoding = "utf-16") -> dict[str, Any]:
    """The ``resources`` JSON of a tree (docs/cli.md), ``{"resources": [...]}``: what ``hot-lsp resources --format
    json`` prints and what the server's ``hot-lsp.resources`` command and ``hot/resourceList`` answer."""
    rows = tree_rows(tree) if tree is not None else []
    return {"resources": [row_json(row, encoding) for row in rows]}


def row_json(row: ResourceRow, encoding: Encoding = "utf-16") -> dict[str, Any]:
    """One row in docs/cli.md's shape; ``parent``/``nested_template`` only below the top level, and
    ``child_template``, ``note`` and ``cycle`` only when they say something."""
    item: dict[str, Any] = {"resource_name": row.resource_name, "resource_type": row.resource_type}
    if row.depth > 0:
        item["parent"] = row.parent
        item["nested_template"] = row.nested_template
    item["depth"] = row.depth
    item["enabled"] = row.enabled
    item["required_by"] = list(row.required_by)
    item["file"] = row.file
    item["range"] = range_json(row.lines, row.start, row.end, encoding)
    if row.child_template is not None:
        item["child_template"] = row.child_template
    if row.note:
        item["note"] = row.note
    if row.cycle:
        item["cycle"] = True
    return item


def range_json(lines: LineIndex | None, start: int, end: int, encoding: Encoding = "utf-16") -> dict[str, Any]:
    """Character offsets ``start``..``end`` in a file (``lines``: its line index) as a range in JSON: 0-based lines
    and characters counted in ``encoding``, as LSP and docs/cli.md give them. The one conversion of a resource's
    place for the resource list, the failures (``tree_paths.place_json``) and their E9903 diagnostics."""
    lines = lines or LineIndex("")
    (start_line, start_char), (end_line, end_char) = lines.position(start, encoding), lines.position(end, encoding)
    return {
        "start": {"line": start_line, "character": start_char},
        "end": {"line": end_line, "character": end_char},
    }
