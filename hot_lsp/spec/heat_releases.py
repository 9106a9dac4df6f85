"""The Heat releases whose resource type catalogues ship, and the names a user may choose one by.

One release per series, the last point release of each that installs and imports (tools/gen_resource_catalogue.py
reads each in its own venv). Its series ('2023.1') and release name ('Antelope') come from ``versions.SERIES``, so
they are written once. The newest is the default and its catalogue ships whole (``resource_types.BUILTIN_PATH``);
the older ones ship as a chain of patches (``release_catalogues``).
"""

from __future__ import annotations

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
