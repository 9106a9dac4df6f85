"""What a finding says when the chosen Heat release lacks a property a newer release has (``--heat-release``,
``hotLsp.heatRelease``): the user's cloud refuses it, and the message says which release brought it."""

from __future__ import annotations

import re

from ....spec.heat_releases import NEWEST, find_release
from ....spec.release_catalogues import added_after, release_of_source
from ....spec.resource_types import Catalogue, ResourceType

_PART = re.compile(r"\[\d+\]|[^.\[\]]+")


def newer_property(rtype: ResourceType | None, path: str, key: str) -> str | None:
    """' It is new in 2026.2; this template is checked for 2023.1 (Antelope).' when the type comes from an older
    release's catalogue and a newer release has ``key`` at ``path`` ('properties.rules[0]'); else None."""
    release = release_of_source(rtype.source) if rtype is not None else None
    if release is None or rtype is None:
        return None
    parts = ["*" if part.startswith("[") else part for part in _PART.findall(path)]
    if parts[:1] != ["properties"]:
        return None  # update_policy keys did not change between the releases
    since = added_after(release, rtype.name, (*parts[1:], key))
    if since is None:
        return None
    return f" It is new in {since.label}; this template is checked for {release.label}."


def newer_type(catalogue: Catalogue, name: str) -> str | None:
    """' It is new in 2024.1 (Caracal); this template is checked for 2023.1 (Antelope).' when ``catalogue`` is an
    older release's and a newer release has the type ``name`` (not as a placeholder); else None."""
    release = find_release(catalogue.heat_version)
    if release is None or release == NEWEST:
        return None
    since = added_after(release, name, ())
    if since is None:
        return None
    return f" It is new in {since.label}; this template is checked for {release.label}."
