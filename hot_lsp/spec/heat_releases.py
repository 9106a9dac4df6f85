"""The Heat releases whose resource type catalogues ship, and the names a user may choose one by.

One release per series, the last point release of each that installs and imports (tools/gen_resource_catalogue.py
reads each in its own venv). Its series ('2023.1') and release name ('Antelope') come from ``versions.SERIES``, so
they are written once. The newest is the default and its catalogue ships whole (``resource_types.BUILTIN_PATH``);
the older ones ship as a chain of patches (``release_catalogues``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .versions import SERIES

# The Heat version shipped for each series, oldest first; the last one is the built-in catalogue's.
SHIPPED_VERSIONS: tuple[str, ...] = (
    "16.1.0",
    "17.0.2",
    "18.0.1",
    "19.0.2",
    "20.0.1",
    "21.0.1",
    "22.0.1",
    "23.0.0",
    "24.1.2",
    "25.0.2",
    "26.0.2",
    "27.0.1",
)


@dataclass(frozen=True, slots=True)
class HeatRelease:
    """One shipped Heat release: its version, its series ('2023.1', 'wallaby') and its release name, if any."""

    version: str
    series: str
    name: str | None

    @property
    def label(self) -> str:
        """How messages name it: '2023.1 (Antelope)', 'wallaby', '2026.2'."""
        if self.name is None or self.name.lower() == self.series:
            return self.series
        return f"{self.series} ({self.name})"


def _release(version: str) -> HeatRelease:
    major = int(version.split(".", 1)[0])
    found = next(s for s in SERIES if s.heat == major and s.guide)
    return HeatRelease(version, found.guide or "", found.name)


RELEASES: tuple[HeatRelease, ...] = tuple(_release(v) for v in SHIPPED_VERSIONS)
NEWEST: HeatRelease = RELEASES[-1]

# Every accepted spelling, lower case -> release: the series, the release name, the version.
_BY_SPELLING: dict[str, HeatRelease] = {}
for _r in RELEASES:
    for _spelling in (_r.series, _r.name, _r.version):
        if _spelling:
            _BY_SPELLING[_spelling.lower()] = _r


def find_release(value: str) -> HeatRelease | None:
    """The release ``value`` names (series, release name or Heat version, any case); None when none."""
    return _BY_SPELLING.get(value.strip().lower())


def valid_values() -> str:
    """The accepted values, for a usage error: each series with its name and version."""
    return ", ".join(
        f"{r.series} ({r.name}, {r.version})" if r.name and r.name.lower() != r.series else f"{r.series} ({r.version})"
        for r in RELEASES
    )


# Heat up to 21.x (2023.2) ran yaql below 3.0, whose standard library has ``format()``; yaql 3.0 (the
# upper-constraints of 2024.1 on) removed it (launchpad bug 2048114: it reached any attribute of its arguments).
LAST_HEAT_WITH_YAQL_FORMAT = 21


def has_yaql_format(heat_version: str) -> bool:
    """Whether the yaql library of Heat ``heat_version`` (a catalogue's version) has ``format()``."""
    major = heat_version.split(".", 1)[0]
    return major.isdigit() and int(major) <= LAST_HEAT_WITH_YAQL_FORMAT


# A build revision as pbr writes Heat's version: '20.0.1', '21.1.0.dev4', '22.0.0.0rc1', 'heat-23.0.0'.
_REVISION = re.compile(r"(?:^|[^0-9.])(\d+)\.\d+(?:\.\d+)?")


@dataclass(frozen=True, slots=True)
class RevisionRelease:
    """What a cloud's Heat revision means here: the shipped release of its series, or the nearest one."""

    release: HeatRelease
    relation: str  # 'series' (the same series), 'newer' or 'older' than any shipped one


def release_of_revision(revision: str) -> RevisionRelease | None:
    """The shipped release a Heat revision belongs to ('20.0.2' -> 2023.1, a later point release of the same
    series), or the nearest when it is newer or older than every shipped one; None when the text names no Heat
    version (Heat's default revision is 'unknown'). A series or release name ('2023.1', 'antelope') counts too."""
    named = find_release(revision) if revision.strip() else None
    if named is not None:
        return RevisionRelease(named, "series")
    found = _REVISION.search(revision.strip())
    if found is None:
        return None
    major = int(found.group(1))
    for release in RELEASES:
        if int(release.version.split(".", 1)[0]) == major:
            return RevisionRelease(release, "series")
    if major > int(NEWEST.version.split(".", 1)[0]) and major < 100:
        return RevisionRelease(NEWEST, "newer")
    if major < int(RELEASES[0].version.split(".", 1)[0]) and major >= 2:  # Heat 2.x (Liberty) on
        return RevisionRelease(RELEASES[0], "older")
    return None  # a date or a build number, not a Heat version
