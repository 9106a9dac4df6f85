"""A deployed resource's path of names (``workers``, ``3``, ``leaf``) found in the offline tree of nested stacks.

A group's members share one definition, so a member the offline tree does not hold (the deployed group has more
members than the parameter defaults give, or more than the tree lists) is found as the group's first member: the
same ``resource_def``, the same nested template.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...document.positions import Encoding
from .resource_list import range_json
from .template_tree import Tree, TreeNode


def nodes_on_path(tree: Tree, path: Sequence[str]) -> list[TreeNode]:
    """The tree's nodes along ``path``, top first, as far as the tree goes (empty when the first name is not a
    resource of the top template)."""
    found: list[TreeNode] = []
    level = tree.resources
    for name in path:
        node = next((n for n in level if n.name == name), None)
        if node is None and level and all(n.member for n in level):
            node = level[0]  # another member of the same group: the same definition
        if node is None:
            break
        found.append(node)
        level = node.children
    return found


def place_json(node: TreeNode, encoding: Encoding = "utf-16") -> dict[str, Any]:
    """Where ``node`` is written, as a failure's JSON names it (docs/cloud.md): its name, its file, and the range of
    its entry in that file."""
    return {
        "resource_name": node.name,
        "file": node.file,
        "range": range_json(node.lines, node.start, node.end, encoding),
    }
