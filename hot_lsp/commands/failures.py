"""``hot-lsp failures --stack NAME [TEMPLATE] [--env FILE]...``: what ``openstack stack failures list`` shows, each
failure located in the local files when the template (and its environments) are given: the file and range of the
resource's entry in the template that declares it (a group member's: the group's ``resource_def``), with the
entries of the stacks above it (``via``).

Exit 0 when nothing failed, 1 when something did, 2 when the cloud, the stack or a file cannot be used.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..analysis.stack.template_tree import Tree
from ..analysis.stack.tree_limits import BUILD_SECONDS
from ..analysis.stack.tree_paths import nodes_on_path, place_json
from ..spec.limits import MAX_NESTED_STACK_DEPTH
from .environments import CommandLineFileError
from .resources import load_tree

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
SHOWN_LINES = 8  # of a deployment's stdout and stderr in the text output: the last ones


def run_failures(
    stack: str,
    template: str | None,
    environments: list[str],
    cloud: str | None,
    fmt: str,
    resource_types: tuple[str, ...] = (),
) -> int:
    from ..cloud.connection import CloudError, connect
    from ..cloud.failures import stack_failures
    from ..cloud.stacks import stack_state

    if not cloud:
        print("hot-lsp failures: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    try:
        tree = (
            load_tree(template, environments, MAX_NESTED_STACK_DEPTH, resource_types, BUILD_SECONDS)
            if template
            else None
        )
    except CommandLineFileError as problem:
        print(f"hot-lsp failures: {problem}", file=sys.stderr)
        return EXIT_USAGE
    try:
        heat = connect(cloud)
        state = stack_state(heat, stack)
        failures = stack_failures(heat, state)
    except CloudError as problem:
        print(f"hot-lsp failures: {problem}", file=sys.stderr)
        return EXIT_USAGE
    items = [failure_json(failure, tree) for failure in failures]
    if fmt == "json":
        sys.stdout.write(json.dumps({"stack": state.name, "status": state.status, "failures": items}, indent=2) + "\n")
    else:
        sys.stdout.write(text(state.name, state.status, state.reason, items))
    return EXIT_FAILED if items else EXIT_OK


def failure_json(failure: Any, tree: Tree | None) -> dict[str, Any]:
    """One failure (``cloud.failures.Failure``) in docs/cloud.md's shape, located in ``tree`` when there is one."""
    nodes = nodes_on_path(tree, failure.path) if tree is not None else []
    located: list[dict[str, Any]] = [place_json(node) for node in nodes]
    return failure.as_json(located)


def text(name: str, status: str, reason: str, items: list[dict[str, Any]]) -> str:
    """The failures as a terminal shows them: each one's place first (``file:line:col:``, which editors' terminals
    open), then its path, status and reason, the stacks above it, and a deployment's output tails."""
    if not items:
        return f"stack {name}: {status}, no failed resource\n"
    out = [f"stack {name}: {status}: {reason}".rstrip(": ")]
    for item in items:
        place = f"{item['file']}:{_line(item)}: " if item["file"] else ""
        path = ".".join([name, *(item["parent"].split("/") if item["parent"] else []), item["resource_name"]])
        out.append(f"{place}{path} ({item['resource_type']}) {item['status']}: {item['status_reason']}")
        for above in item["via"]:
            out.append(f"  via {above['file']}:{_line(above)}: {above['resource_name']}")
        for key, value in (item["outputs"] or {}).items():
            lines = str(value).rstrip("\n").splitlines()
            if not lines:
                continue
            cut = len(lines) > SHOWN_LINES
            shown = lines[-SHOWN_LINES:]
            out.append(f"  {key}:" + (f" (the last {SHOWN_LINES} of {len(lines)} lines)" if cut else ""))
            out.extend(f"    {line}" for line in shown)
    count = len(items)
    out.append(f"{count} failed resource{'s' if count != 1 else ''}")
    return "\n".join(out) + "\n"


def _line(item: dict[str, Any]) -> str:
    start = item["range"]["start"]
    return f"{start['line'] + 1}:{start['character'] + 1}"
