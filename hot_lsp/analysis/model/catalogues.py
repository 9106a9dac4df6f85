"""The resource type catalogue a text is checked against: Heat's (the chosen release's), plus the user's files."""

from __future__ import annotations

import logging
import os

from ... import spec
from ...spec.heat_releases import NEWEST, find_release
from ...spec.resource_types import RELEASE_SOURCE, file_stamp, release_source

log = logging.getLogger(__name__)

_BROKEN_CATALOGUES: dict[tuple[tuple[str, int, int], ...], str] = {}  # file stamps -> the error, logged once


def resource_catalogue(paths: tuple[str, ...]) -> spec.Catalogue:
    """Heat's catalogue plus the user's (cached by the loader). When a user file cannot be loaded, the error is
    logged once per version of the files and Heat's catalogue alone is used: the editor keeps working (the CLI
    refuses such a file before it gets here)."""
    if not paths:
        return spec.builtin_catalogue()
    release = paths[:1] if paths[0].startswith(RELEASE_SOURCE) else ()
    stamps = tuple(file_stamp(path) for path in paths)
    if stamps in _BROKEN_CATALOGUES:
        return spec.load_catalogue(release)
    try:
        return spec.load_catalogue(paths)
    except spec.CatalogueError as error:
        _BROKEN_CATALOGUES[stamps] = str(error)
        log.warning("resource type catalogue not loaded, using Heat's types only: %s", error)
        return spec.load_catalogue(release)


def release_sources(value: str) -> tuple[str, ...]:
    """The first catalogue source for the Heat release ``value`` names (``hotLsp.heatRelease``): none for the
    newest (the built-in catalogue) and for a value that names no release (the server warns about it once)."""
    release = find_release(value) if value else None
    if release is None or release == NEWEST:
        return ()
    return (release_source(release.version),)


def catalogue_paths(paths: tuple[str, ...], folders: tuple[str, ...]) -> tuple[str, ...]:
    """``hotLsp.resourceTypePaths`` as absolute paths: a relative one names a file in a workspace folder (the
    first folder that has it; the first folder when none does, so the loader's error names a real place)."""
    resolved = []
    for path in paths:
        path = os.path.expanduser(path)
        if not os.path.isabs(path) and folders:
            candidates = [os.path.join(folder, path) for folder in folders]
            path = next((c for c in candidates if os.path.isfile(c)), candidates[0])
        resolved.append(path)
    return tuple(resolved)
