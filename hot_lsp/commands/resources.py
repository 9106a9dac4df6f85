"""``hot-lsp resources``: every resource of a template, nested stacks exploded, as a table or JSON.

Exit 0 once the list is printed (a child template that is missing or includes its ancestor is a note on
its row, not a failure); 2 when the template, an environment file or a resource type catalogue cannot
be used.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..analysis.files.template_files import LoadedEnvironment, TemplateFiles
from ..analysis.result import Analysis
from ..analysis.stack.resource_list import ResourceRow, resources_json, tree_rows
from ..analysis.stack.template_tree import Tree, TreeInputs, build_tree, tree_inputs
from ..analysis.stack.tree_limits import BUILD_SECONDS
from ..spec import CatalogueError, load_catalogue
from ..spec.limits import MAX_NESTED_STACK_DEPTH
from .environments import CommandLineFileError, read_environment, read_template
from .tables import box_table

EXIT_OK, EXIT_USAGE = 0, 2
TABLE_COLUMNS = ("resource_name", "resource_type", "parent", "depth", "enabled")


def load_tree(
    template: str,
    environments: list[str],
    depth: int,
    resource_types: tuple[str, ...] = (),
    seconds: float | None = BUILD_SECONDS,
) -> Tree:
    """The tree of ``template`` with the ``--env`` files applied, cut short after ``seconds`` (None: never);
    CommandLineFileError when a file is unusable."""
    return tree_builder(template, environments, resource_types)(depth, seconds)


@dataclass(frozen=True, slots=True)
class TreeSources:
    """What a command's tree of nested stacks is built from, each file read once: the template's analysis, the
    files it reaches, the ``--env`` files (their registries and values) and the tree's inputs."""

    template: str
    analysis: Analysis
    files: TemplateFiles
    environments: tuple[LoadedEnvironment, ...]
    inputs: TreeInputs

    def build(self, depth: int, seconds: float | None = BUILD_SECONDS) -> Tree:
        return build_tree(self.analysis, self.template, self.inputs, self.files, depth, seconds)


def tree_sources(template: str, environments: list[str], resource_types: tuple[str, ...] = ()) -> TreeSources:
    """``template`` with the ``--env`` files, read once; CommandLineFileError when a file is unusable."""
    try:
        catalogue = load_catalogue(resource_types)
    except CatalogueError as problem:
        raise CommandLineFileError(str(problem)) from None
    analysis = read_template(template)
    files = TemplateFiles()  # the command line follows every file the templates and environments name
    loaded = []
    for path in environments:
        read_environment(path)  # Heat's checks first: syntax, sections
        environment = files.environment(path)
        if environment.model is None:
            raise CommandLineFileError(environment.problem)
        loaded.append(environment)
    return TreeSources(template, analysis, files, tuple(loaded), tree_inputs(catalogue, loaded))


def tree_builder(
    template: str, environments: list[str], resource_types: tuple[str, ...] = ()
) -> Callable[[int, float | None], Tree]:
    """``build(depth, seconds)`` for ``template`` with the ``--env`` files: the template, the environments and the
    catalogue are read once, whatever depths are built; CommandLineFileError when a file is unusable."""
    return tree_sources(template, environments, resource_types).build


def run_resources(
    template: str,
    environments: list[str],
    depth: int,
    fmt: str,
    resource_types: tuple[str, ...] = (),
    seconds: float | None = BUILD_SECONDS,
) -> int:
    try:
        build = tree_builder(template, environments, resource_types)
    except CommandLineFileError as problem:
        print(f"hot-lsp resources: {problem}", file=sys.stderr)
        return EXIT_USAGE
    tree = build(depth, seconds)
    if fmt == "json":
        sys.stdout.write(json.dumps(resources_json(tree), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(table(tree_rows(tree), tree.notes))
        hint = deeper_hint(build, depth, seconds)
        if hint:
            sys.stdout.write(hint + "\n")
    return EXIT_OK


def deeper_hint(build: Callable[[int, float | None], Tree], depth: int, seconds: float | None) -> str:
    """For people reading the table: how many resources the next level of nested stacks holds (a group's members
    are one level down, so the default depth 0 shows none of them); "" when there are none or no next level."""
    if depth >= MAX_NESTED_STACK_DEPTH:
        return ""
    below = [row for row in tree_rows(build(depth + 1, seconds)) if row.depth == depth + 1]
    if not below:
        return ""
    stacks = len({(row.file, row.parent) for row in below})
    return (
        f"{len(below)} more resource(s) in {stacks} nested stack(s) one level down: "
        f"--nested-depth {depth + 1} lists them (MAX: every level)"
    )


def table(rows: list[ResourceRow], notes: Sequence[str] = ()) -> str:
    """Aligned columns in the box style of ``openstack stack resource list``, then a warning line for each
    nested stack that could not be listed."""
    cells = [
        [
            row.resource_name,
            row.resource_type or "",
            row.parent or "",
            str(row.depth),
            "True" if row.enabled else "False",
        ]
        for row in rows
    ]
    out = box_table(TABLE_COLUMNS, cells)
    for row in rows:
        if row.note:
            where = f"{row.parent}/{row.resource_name}" if row.parent else row.resource_name
            kind = "cycle" if row.cycle else "warning"
            out.append(f"{kind}: {where} ({row.file}): {row.note}")
    out.extend(f"warning: {note}" for note in notes)
    return "\n".join(out) + "\n"
