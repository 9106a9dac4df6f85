"""``hot-lsp resources --stack NAME --os-cloud NAME``: a deployed stack's resources, from the cloud's Heat, nested
stacks listed to ``--nested-depth`` (Heat's own ``nested_depth``), in the offline listing's JSON plus each
resource's status and physical id."""

from __future__ import annotations

import json
import sys

from .tables import box_table

EXIT_OK, EXIT_USAGE = 0, 2
TABLE_COLUMNS = ("resource_name", "resource_type", "parent", "depth", "status", "physical_resource_id")


def run_live_resources(stack: str, cloud: str | None, depth: int, fmt: str) -> int:
    from ..cloud.connection import CloudError, connect
    from ..cloud.stacks import live_resources

    if not cloud:
        print("hot-lsp resources: --stack needs a cloud: --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    try:
        rows = live_resources(connect(cloud), stack, depth)
    except CloudError as problem:
        print(f"hot-lsp resources: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if fmt == "json":
        sys.stdout.write(json.dumps({"resources": [row.to_json() for row in rows]}, indent=2) + "\n")
        return EXIT_OK
    cells = [
        [row.resource_name, row.resource_type, row.parent or "", str(row.depth), row.status, row.physical_resource_id]
        for row in rows
    ]
    sys.stdout.write("\n".join(box_table(TABLE_COLUMNS, cells)) + "\n")
    return EXIT_OK
