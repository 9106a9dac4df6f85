"""``hot-lsp check --os-cloud NAME``: the cloud's template-validate verdict added to each template's findings."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..analysis.codes import turned_off
from .output import FileResult


def add_cloud_verdicts(
    results: list[FileResult],
    templates: Sequence[int],
    cloud: str,
    environments: Sequence[str],
    disabled: frozenset[str],
) -> bool:
    """Ask ``cloud`` about each of ``results[i]`` for i in ``templates`` (with ``environments``), in place; False
    (after one line on stderr) when the cloud could not be asked, or a template could not be bundled."""
    from ..cloud.bundle import BundleError
    from ..cloud.codes import E9901
    from ..cloud.connection import CloudError, connect
    from ..cloud.verdict import validate_on_cloud

    if turned_off(E9901, disabled):
        return True
    try:
        heat = connect(cloud)
    except CloudError as problem:
        print(f"hot-lsp check: {problem}", file=sys.stderr)
        return False
    complete = True
    for index in templates:
        result = results[index]
        try:
            verdict = validate_on_cloud(heat, result.path, environments)
        except BundleError as problem:
            print(f"hot-lsp check: {result.path}: not sent to the cloud: {problem}", file=sys.stderr)
            complete = False
            continue
        except CloudError as problem:
            print(f"hot-lsp check: {problem}", file=sys.stderr)
            return False  # the next template would meet the same cloud
        except OSError as error:
            print(f"hot-lsp check: {result.path}: {error.strerror or error}", file=sys.stderr)
            complete = False
            continue
        if verdict.lines is not None and verdict.found:
            merged = sorted([*result.diagnostics, *verdict.found], key=lambda d: (d.start, d.code))
            results[index] = FileResult(result.path, verdict.lines, merged)
    return complete
