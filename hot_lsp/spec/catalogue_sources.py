"""The catalogue a list of sources makes: Heat's own types (the newest release's, or the chosen release's when
the first source is ``heat-release:<version>``), then the user's catalogue files, a later file winning per name."""

from __future__ import annotations

from typing import Any

from .resource_types import RELEASE_SOURCE, Catalogue, CatalogueError, builtin_catalogue, file_stamp, with_user_files

_CACHE: dict[tuple[Any, ...], Catalogue] = {}


def load_catalogue(extra_paths: tuple[str, ...] = ()) -> Catalogue:
    """Heat's built-in catalogue plus user catalogues in the same format, a later file winning per name.

    A first source ``heat-release:<version>`` puts that release's catalogue in the built-in one's place (it
    replaces it: the types that release lacks are unknown). Cached per list of paths (and their modification
    times). A user file that cannot be read, is not JSON or has the wrong shape raises CatalogueError naming the
    file and the reason; an unknown release raises it too.
    """
    base, files = _base_of(extra_paths)
    if not files:
        return base
    key = (base.sources, *(file_stamp(p) for p in files))
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = with_user_files(base, files)
    return cached


def _base_of(sources: tuple[str, ...]) -> tuple[Catalogue, tuple[str, ...]]:
    """The catalogue the user's files go on top of (a release's or the built-in one), and those files."""
    if not sources or not sources[0].startswith(RELEASE_SOURCE):
        return builtin_catalogue(), sources
    # Imported here: a session on the newest release never loads the older releases' module nor their data.
    from .heat_releases import find_release
    from .release_catalogues import release_catalogue

    release = find_release(sources[0][len(RELEASE_SOURCE) :])
    if release is None:
        raise CatalogueError(sources[0], "not a shipped Heat release")
    return release_catalogue(release), sources[1:]
