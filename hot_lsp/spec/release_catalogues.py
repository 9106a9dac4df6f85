"""The resource type catalogue of each shipped Heat release, rebuilt from the newest one and a chain of patches.

``data/heat-releases.json`` (written by tools/gen_resource_catalogue.py) holds, newest first, one merge patch per
older release, each from the next newer one (``merge_patch``): about a tenth of the size of whole files, and the
chain rebuilds each release's generated file byte for byte. Nothing is read until a release other than the
newest is asked for, so a server on the default release never loads the patches.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import merge_patch
from .heat_releases import NEWEST, HeatRelease, find_release
from .resource_types import (
    BUILTIN_PATH,
    RELEASE_SOURCE,
    Catalogue,
    builtin_catalogue,
    catalogue_from_data,
    release_source,
)

CHAIN_PATH = Path(__file__).resolve().parent / "data" / "heat-releases.json"

_CATALOGUES: dict[str, Catalogue] = {}


def walk_releases() -> Iterator[tuple[str, dict[str, Any]]]:
    """Each shipped release's catalogue JSON with its Heat version, newest first: the built-in file, then each patch
    of the chain applied to the newer release's catalogue. The one reader of the chain: stop when you have enough."""
    with open(BUILTIN_PATH, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    yield str(data["heat_version"]), data
    with open(CHAIN_PATH, encoding="utf-8") as handle:
        chain = json.load(handle)["chain"]
    for link in chain:
        data = merge_patch.apply(data, link["patch"])
        yield str(link["heat_version"]), data


def release_data(version: str) -> dict[str, Any]:
    """The catalogue JSON of Heat ``version`` (a shipped one), as the generator wrote it (KeyError otherwise)."""
    for found, data in walk_releases():
        if found == version:
            return data
    raise KeyError(version)


def release_text(version: str) -> str:
    """The file the generator wrote for ``version``, byte for byte (what the recorded digests are of)."""
    return json.dumps(release_data(version), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def release_catalogue(release: HeatRelease) -> Catalogue:
    """``release``'s catalogue, built on first use and cached; the newest is the built-in one."""
    if release.version == NEWEST.version:
        return builtin_catalogue()
    found = _CATALOGUES.get(release.version)
    if found is None:
        source = release_source(release.version)  # what load_catalogue takes back (completion's references)
        found = _CATALOGUES[release.version] = catalogue_from_data(source, release_data(release.version))
    return found


def release_of_source(source: str) -> HeatRelease | None:
    """The older release a catalogue source (a type's ``source``) stands for; None for the newest or a user file."""
    return find_release(source[len(RELEASE_SOURCE) :]) if source.startswith(RELEASE_SOURCE) else None


@lru_cache(maxsize=256)
def added_after(release: HeatRelease, type_name: str, path: tuple[str, ...]) -> HeatRelease | None:
    """The release that brought the property at ``path`` of ``type_name`` (a list's item is ``*``), when it is
    newer than ``release`` and every release since has it; None when the newest lacks it too. Only asked when a
    template names what ``release`` lacks, so rebuilding the chain here (some milliseconds) is cheap enough."""
    since = None
    for version, data in walk_releases():
        if version == release.version or not _has(data, type_name, path):
            break
        since = find_release(version) or since
    return since


@lru_cache(maxsize=1)
def _listed_types() -> tuple[tuple[HeatRelease, frozenset[str]], ...]:
    """Per release, newest first, the types its ``GET resource_types`` can list: every type but the HIDDEN ones
    (Heat's ``get_types`` never lists those; a cloud also leaves out the types whose service it lacks)."""
    found = []
    for version, data in walk_releases():
        release = find_release(version)
        if release is not None:
            found.append((release, _listable(data)))
    return tuple(found)


def _listable(data: dict[str, Any]) -> frozenset[str]:
    return frozenset(
        name
        for name, entry in data["resource_types"].items()
        if isinstance(entry, dict) and (entry.get("support_status") or {}).get("status") != "HIDDEN"
    )


def releases_listing(names: Iterable[str]) -> tuple[HeatRelease, ...]:
    """The shipped releases, oldest first, that could list every one of ``names`` (a cloud's resource type
    listing): a type only newer releases have rules out the older ones, a type later releases hide rules out
    those. Names no shipped release has (the cloud's plugins and global environment) say nothing."""
    releases = _listed_types()
    known = frozenset().union(*(listed for _, listed in releases))
    wanted = {name for name in names if name in known}
    return tuple(release for release, listed in reversed(releases) if wanted <= listed)


def _has(data: dict[str, Any], type_name: str, path: tuple[str, ...]) -> bool:
    entry = data["resource_types"].get(type_name)
    if not isinstance(entry, dict) or entry.get("placeholder"):
        return False
    properties = entry.get("properties") or {}
    for part in path:
        found = properties.get(part) if isinstance(properties, dict) else None
        if not isinstance(found, dict):
            return False
        properties = found.get("schema") or {}
    return True
