"""``hot-lsp graph``: the resource dependency graph as Graphviz DOT or a Mermaid flowchart
(:mod:`hot_lsp.analysis.stack.dependency_graph` draws it; the server's ``hot-lsp.graph`` command calls the same)."""

from __future__ import annotations

import sys

from ..analysis.stack.dependency_graph import GraphFormat, graph_text
from .environments import CommandLineFileError
from .resources import BUILD_SECONDS, EXIT_OK, EXIT_USAGE, load_tree


def run_graph(
    template: str,
    environments: list[str],
    depth: int,
    fmt: GraphFormat,
    resource_types: tuple[str, ...] = (),
    seconds: float | None = BUILD_SECONDS,
) -> int:
    try:
        tree = load_tree(template, environments, depth, resource_types, seconds)
    except CommandLineFileError as problem:
        print(f"hot-lsp graph: {problem}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(graph_text(tree, fmt))
    return EXIT_OK
