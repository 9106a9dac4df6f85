"""``hot-lsp check --os-cloud NAME``: the cloud's template-validate verdict added to each template's findings."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.codes import turned_off
from .output import FileResult


@dataclass(slots=True)
class CheckCloud:
    """The named cloud as ``check`` uses it: connected once (``heat``), or the failure already said."""

    name: str
    heat: Any = None  # cloud.connection.Heat; None: not reachable (``failed``)
    failed: bool = False
    release_sources: tuple[str, ...] = ()  # the catalogue of the release it runs (none: the newest)


def open_cloud(cloud: str, ask_release: bool) -> CheckCloud:
    """Connect to ``cloud``; with ``ask_release`` (no release chosen), ask which Heat release it runs and say on
    stderr which release the templates are checked for. A failure is said once, here."""
    from ..analysis.model.catalogues import release_sources
    from ..cloud.connection import CloudError, connect
    from ..cloud.release import cloud_release

    found = CheckCloud(cloud)
    try:
        found.heat = connect(cloud)
        if ask_release:
            chosen = cloud_release(found.heat)
            print(f"hot-lsp check: {chosen.said}", file=sys.stderr)
            found.release_sources = release_sources(chosen.release.version)
    except CloudError as problem:
        print(f"hot-lsp check: {problem}", file=sys.stderr)
        found.heat, found.failed = None, True
    return found


def add_cloud_verdicts(
    results: list[FileResult],
    templates: Sequence[int],
    cloud: CheckCloud,
    environments: Sequence[str],
    disabled: frozenset[str],
) -> bool:
    """Ask ``cloud`` about each of ``results[i]`` for i in ``templates`` (with ``environments``), in place; False
    (after one line on stderr) when the cloud could not be asked, or a template could not be bundled."""
    from ..cloud.bundle import BundleError
    from ..cloud.codes import E9901
    from ..cloud.connection import CloudError
    from ..cloud.verdict import validate_on_cloud

    if cloud.failed:
        return False  # (said when it was opened)
    if turned_off(E9901, disabled):
        return True
    heat = cloud.heat
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
