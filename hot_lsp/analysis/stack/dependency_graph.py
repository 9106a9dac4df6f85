"""The resource dependency graph of a tree of stacks as text: Graphviz DOT or a Mermaid flowchart, for
``hot-lsp graph`` and the server's ``hot-lsp.graph`` command (one function, :func:`graph_text`, for both).

An arrow goes from a resource to one it depends on (``depends_on``, ``get_resource``, ``get_attr``), as
``depends_on`` reads. Nested stacks, exploded to the tree's depth, are clusters holding the resource that makes
them and the resources inside; a group's members sit in its cluster. Disabled resources (condition false), and the
arrows that touch them, are dashed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Literal

from .template_tree import Tree, TreeNode

GraphFormat = Literal["dot", "mermaid"]
GRAPH_FORMATS: tuple[GraphFormat, ...] = ("dot", "mermaid")


def graph_text(tree: Tree, fmt: GraphFormat = "dot") -> str:
    """The graph of ``tree`` in ``fmt``, ending with a newline."""
    return mermaid(tree) if fmt == "mermaid" else dot(tree)


class _Ids:
    """Short identifiers, stable within one output: r0, r1, … in listing order."""

    def __init__(self, tree: Tree) -> None:
        self.of = {id(node): f"r{number}" for number, node in enumerate(tree.walk())}

    def __call__(self, node: TreeNode) -> str:
        return self.of[id(node)]


def edges(tree: Tree) -> Iterator[tuple[TreeNode, TreeNode]]:
    """(dependent, dependency) within each stack, from the rows' ``required_by``."""
    stacks: list[list[TreeNode]] = [tree.resources]
    stacks.extend(node.children for node in tree.walk() if node.children)
    for siblings in stacks:
        by_name = {node.name: node for node in siblings}
        for node in siblings:
            for name in node.required_by:
                dependent = by_name.get(name)
                if dependent is not None:
                    yield dependent, node


def _label(node: TreeNode) -> list[str]:
    lines = [node.name, node.type or "(no type)"]
    if node.cycle:
        lines.append("(includes its ancestor)")
    elif node.note and node.child_template:
        lines.append("(not listed)")
    return lines


def _cluster_title(node: TreeNode) -> str:
    where = os.path.basename(node.child_template) if node.child_template else node.type or ""
    return f"{node.name}: {where}"


# -- DOT -------------------------------------------------------------------------------------------


def _dot_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def dot(tree: Tree) -> str:
    ids = _Ids(tree)
    out = [f"digraph {_dot_text(os.path.basename(tree.file))} {{", "  node [shape=box];"]

    def emit(node: TreeNode, indent: str) -> None:
        label = "\\n".join(_dot_text(line)[1:-1] for line in _label(node))
        style = ", style=dashed" if not node.enabled else ""
        declaration = f'{ids(node)} [label="{label}"{style}];'
        if not node.children:
            out.append(indent + declaration)
            return
        out.append(f"{indent}subgraph cluster_{ids(node)} {{")
        out.append(f"{indent}  label={_dot_text(_cluster_title(node))};")
        if not node.enabled:
            out.append(f"{indent}  style=dashed;")
        out.append(f"{indent}  {declaration}")
        for child in node.children:
            emit(child, indent + "  ")
        out.append(f"{indent}}}")

    for node in tree.resources:
        emit(node, "  ")
    for dependent, dependency in edges(tree):
        style = " [style=dashed]" if not (dependent.enabled and dependency.enabled) else ""
        out.append(f"  {ids(dependent)} -> {ids(dependency)}{style};")
    out.append("}")
    return "\n".join(out) + "\n"


# -- Mermaid ---------------------------------------------------------------------------------------

_MERMAID_ESCAPES = {'"': "#quot;", "<": "#lt;", ">": "#gt;"}


def _mermaid_text(text: str) -> str:
    return "".join(_MERMAID_ESCAPES.get(char, char) for char in text.replace("\n", " "))


def mermaid(tree: Tree) -> str:
    ids = _Ids(tree)
    out = ["flowchart TD"]
    disabled: list[str] = []

    def emit(node: TreeNode, indent: str) -> None:
        label = "<br/>".join(_mermaid_text(line) for line in _label(node))
        declaration = f'{ids(node)}["{label}"]'
        if not node.enabled:
            disabled.append(ids(node))
        if not node.children:
            out.append(indent + declaration)
            return
        out.append(f'{indent}subgraph c{ids(node)} ["{_mermaid_text(_cluster_title(node))}"]')
        out.append(f"{indent}  {declaration}")
        for child in node.children:
            emit(child, indent + "  ")
        out.append(f"{indent}end")

    for node in tree.resources:
        emit(node, "  ")
    for dependent, dependency in edges(tree):
        arrow = "-->" if dependent.enabled and dependency.enabled else "-.->"
        out.append(f"  {ids(dependent)} {arrow} {ids(dependency)}")
    if disabled:
        out.append("  classDef disabled stroke-dasharray: 5 5")
        out.append(f"  class {','.join(disabled)} disabled")
    return "\n".join(out) + "\n"
