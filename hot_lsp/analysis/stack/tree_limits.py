"""How far a tree of nested stacks is expanded: Heat's depth limit and hot-lsp's own bounds for one tree.

Kept apart from :mod:`.template_tree` (which loads the whole analysis) so that the command line's options can name
them before anything is loaded."""

from __future__ import annotations

from ...spec.limits import MAX_NESTED_STACK_DEPTH, MAX_RESOURCES_PER_STACK

MAX_NESTED_DEPTH = MAX_NESTED_STACK_DEPTH  # the deepest tree (the name the CLI and the server import)
MAX_NODES = 10_000  # resources listed in one tree
MAX_MEMBERS = MAX_RESOURCES_PER_STACK  # members of one group
BUILD_SECONDS = 10.0  # a tree that takes longer stops expanding (the server builds on its analysis worker)


def clamp_depth(depth: int) -> int:
    """A requested depth as Heat would allow it: 0 … max_nested_stack_depth."""
    return max(0, min(depth, MAX_NESTED_DEPTH))


def parse_depth(text: str) -> int:
    """``--nested-depth``: a number from 0, or MAX (Heat's max_nested_stack_depth); more is capped at MAX."""
    if text.strip().upper() == "MAX":
        return MAX_NESTED_DEPTH
    if not text.strip().isdigit():
        raise ValueError(f"--nested-depth wants a number from 0 or MAX, got {text!r}")
    return min(int(text), MAX_NESTED_DEPTH)
