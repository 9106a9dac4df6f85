"""``hot-lsp preview``: what the cloud's Heat would do with a template: create (Heat's stack preview) or, with
``--stack``, update an existing stack (Heat's update dry run, nested stacks included).

Exit 0 with the answer printed; 1 when Heat refuses the template (its message on stderr); 2 when the cloud or a
file cannot be used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .render import Usage, parse_parameters
from .tables import box_table

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
TABLE_COLUMNS = ("change", "resource_name", "resource_type", "parent")
# Most dangerous first: a replaced resource loses its data and its physical id, a deleted one is gone.
TABLE_ORDER = ("replaced", "deleted", "added", "updated", "unchanged")


def run_preview(
    template: str,
    environments: list[str],
    parameters: list[str],
    cloud: str | None,
    stack: str | None,
    stack_name: str | None,
    fmt: str,
) -> int:
    from ..cloud.bundle import BundleError, bundle
    from ..cloud.connection import CloudError, HeatRefused, connect
    from ..cloud.stacks import default_stack_name, preview_create, preview_update

    if not cloud:
        print("hot-lsp preview: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    try:
        values = parse_parameters(parameters, "preview")
        bundled = bundle(Path(template), [Path(env) for env in environments])
        heat = connect(cloud)
        if stack:
            changes = preview_update(heat, bundled, stack, values)
        else:
            changes = preview_create(heat, bundled, stack_name or default_stack_name(template), values)
    except (Usage, BundleError) as problem:
        print(problem if isinstance(problem, Usage) else f"hot-lsp preview: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except HeatRefused as refusal:
        if refusal.status != 400:
            print(f"hot-lsp preview: {refusal}", file=sys.stderr)
            return EXIT_USAGE
        print(f"hot-lsp preview: the cloud '{cloud}' refuses it: {refusal.heat_message.strip()}", file=sys.stderr)
        return EXIT_REFUSED
    except CloudError as problem:
        print(f"hot-lsp preview: {problem}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(json.dumps(changes, indent=2) + "\n" if fmt == "json" else table(changes))
    return EXIT_OK


def table(changes: dict[str, Any]) -> str:
    """The box table of ``openstack stack update --dry-run``'s output, replaced and deleted first, then a count."""
    cells = [
        [kind, str(row["resource_name"]), str(row["resource_type"] or ""), str(row["parent"] or "")]
        for kind in TABLE_ORDER
        for row in changes.get(kind, [])
    ]
    counts = ", ".join(f"{len(changes.get(kind, []))} {kind}" for kind in TABLE_ORDER)
    return "\n".join([*box_table(TABLE_COLUMNS, cells), counts]) + "\n"
