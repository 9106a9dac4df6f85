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
    heat_preview: bool = False,
) -> int:
    """With ``stack``: the real update's answer (``preview_deployed``), Heat's preview API's differences noted; with
    ``heat_preview``, that API's answer itself. Without: Heat's create preview."""
    from ..analysis.update.sides import SideError
    from ..cloud.bundle import BundleError, bundle
    from ..cloud.connection import CloudError, HeatRefused, connect
    from ..cloud.deployed import deployed_stack
    from ..cloud.stacks import default_stack_name, preview_create, preview_update
    from ..cloud.update_preview import exact_preview

    if not cloud:
        print("hot-lsp preview: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    try:
        values = parse_parameters(parameters, "preview")
        bundled = bundle(Path(template), [Path(env) for env in environments])
        heat = connect(cloud)
        exact = None
        if stack:
            changes = preview_update(heat, bundled, stack, values)  # (Heat validates the new stack first)
            if not heat_preview:
                exact = exact_preview(deployed_stack(heat, stack), template, environments, values)
        else:
            changes = preview_create(heat, bundled, stack_name or default_stack_name(template), values)
    except SideError as problem:
        print(f"hot-lsp preview: {problem}", file=sys.stderr)
        return EXIT_USAGE
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
    if exact is not None:
        if exact.refused:
            print(f"hot-lsp preview: Heat refuses this update: {exact.refused}", file=sys.stderr)
            return EXIT_REFUSED
        for note in exact.notes:
            print(f"hot-lsp preview: {note}", file=sys.stderr)
        answer = exact.as_json()
        sys.stdout.write(json.dumps(answer, indent=2) + "\n" if fmt == "json" else exact_table(answer, changes))
        return EXIT_OK
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


HEAT_PREVIEW_WHY = (
    "Heat's preview API says {kind}: it resolves the new template as if no resource existed (get_resource and "
    "get_attr give nothing) and translates no property; the real update does"
)


def exact_table(answer: dict[str, Any], heat: dict[str, Any]) -> str:
    """The real update's table (``preview_offline.table``), each row whose outcome Heat's preview API gives
    otherwise saying so and why."""
    from .preview_offline import table as offline_table

    said = {(row["parent"], row["resource_name"]): kind for kind in heat for row in heat.get(kind, [])}
    marked: dict[str, Any] = {}
    for kind, rows in answer.items():
        marked[kind] = []
        for row in rows:
            other = said.get((_last(row["parent"]), row["resource_name"]))
            if other is not None and other != kind and kind != "undecided":
                row = {**row, "reason": f"{row['reason']} ({HEAT_PREVIEW_WHY.format(kind=other)})"}
            marked[kind].append(row)
    return offline_table(marked)


def _last(parent: str | None) -> str | None:
    """Heat's preview names only the resource whose nested stack holds a row, not the whole path."""
    return parent.rsplit("/", 1)[-1] if parent else None
