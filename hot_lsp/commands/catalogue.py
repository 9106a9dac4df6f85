"""``hot-lsp catalogue --os-cloud NAME [-o FILE]``: the cloud's resource types in hot-lsp's catalogue format, for
``--resource-types FILE`` and ``hotLsp.resourceTypePaths``."""

from __future__ import annotations

import json
import sys

EXIT_OK, EXIT_USAGE = 0, 2


def run_catalogue(cloud: str | None, output: str | None) -> int:
    from ..cloud.catalogue import cloud_catalogue
    from ..cloud.connection import CloudError, connect

    if not cloud:
        print("hot-lsp catalogue: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    try:
        document = cloud_catalogue(connect(cloud))
    except CloudError as problem:
        print(f"hot-lsp catalogue: {problem}", file=sys.stderr)
        return EXIT_USAGE
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            print(f"hot-lsp catalogue: {output}: {error.strerror or error}", file=sys.stderr)
            return EXIT_USAGE
        types, missing = len(document["resource_types"]), len(document.get("unavailable", {}))
        note = f" ({missing} listed but unavailable on this cloud)" if missing else ""
        print(
            f"hot-lsp catalogue: {types} resource types of cloud '{cloud}' written to {output}{note}", file=sys.stderr
        )
    return EXIT_OK
