"""The `heat_template_version` values Heat 27.0.1 accepts, as data.

Heat looks the value up as an exact string key: eleven dates, plus one
release-name alias for each date from newton on. Nothing else is accepted, not
even a different letter case or an int such as an unquoted ``2016``.
"""

from __future__ import annotations

import datetime
import difflib
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Series:
    """One OpenStack release series: its name, Heat's major version for it and where its template guide lives.

    Heat's major version follows the six-monthly series (7.x Newton, 12.x Stein, 20.x 2023.1, 26.x 2026.1, read
    from the tags and stable branches of openstack/heat), and docs.openstack.org keeps one guide per series from
    Liberty on: ``https://docs.openstack.org/heat/<guide>/template_guide/`` (``guide.release_of``).
    """

    name: str | None  # the code name, capitalised ('Newton'); None where this table does not record it
    heat: int | None  # Heat's major version released for it; None before Liberty (Heat was numbered by date)
    guide: str | None  # the guide's path on docs.openstack.org ('newton', '2023.1'); None before Liberty


# Every series from the first HOT version's on, oldest first. A template version names its series by `release`.
SERIES: tuple[Series, ...] = (
    Series("Icehouse", None, None),
    Series("Juno", None, None),
    Series("Kilo", None, None),
    Series("Liberty", 5, "liberty"),
    Series("Mitaka", 6, "mitaka"),
    Series("Newton", 7, "newton"),
    Series("Ocata", 8, "ocata"),
    Series("Pike", 9, "pike"),
    Series("Queens", 10, "queens"),
    Series("Rocky", 11, "rocky"),
    Series("Stein", 12, "stein"),
    Series("Train", 13, "train"),
    Series("Ussuri", 14, "ussuri"),
    Series("Victoria", 15, "victoria"),
    Series("Wallaby", 16, "wallaby"),
    Series("Xena", 17, "xena"),
    Series("Yoga", 18, "yoga"),
    Series("Zed", 19, "zed"),
    Series("Antelope", 20, "2023.1"),
    Series("Bobcat", 21, "2023.2"),
    Series("Caracal", 22, "2024.1"),
    Series("Dalmatian", 23, "2024.2"),
    Series("Epoxy", 24, "2025.1"),
    Series("Flamingo", 25, "2025.2"),
    Series(None, 26, "2026.1"),
    Series(None, 27, "2026.2"),
)

_SERIES_BY_NAME: dict[str, Series] = {series.name: series for series in SERIES if series.name is not None}


@dataclass(frozen=True, slots=True)
class TemplateVersion:
    """One HOT template version."""

    date: str  # the canonical value, e.g. '2016-10-14'
    alias: str | None  # release-name alias Heat also accepts; None before newton
    release: str  # OpenStack release that introduced it, capitalised: the name of its series in SERIES
    ordinal: int  # position in date order, 0 for 2013-05-23

    @property
    def label(self) -> str:
        """Human-readable name such as '2016-10-14 (Newton)'."""
        return f"{self.date} ({self.release})"

    @property
    def series(self) -> Series:
        """The release series it came with (KeyError for a release SERIES lacks)."""
        return _SERIES_BY_NAME[self.release]


VERSIONS: tuple[TemplateVersion, ...] = (
    TemplateVersion("2013-05-23", None, "Icehouse", 0),
    TemplateVersion("2014-10-16", None, "Juno", 1),
    TemplateVersion("2015-04-30", None, "Kilo", 2),
    TemplateVersion("2015-10-15", None, "Liberty", 3),
    TemplateVersion("2016-04-08", None, "Mitaka", 4),
    TemplateVersion("2016-10-14", "newton", "Newton", 5),
    TemplateVersion("2017-02-24", "ocata", "Ocata", 6),
    TemplateVersion("2017-09-01", "pike", "Pike", 7),
    TemplateVersion("2018-03-02", "queens", "Queens", 8),
    TemplateVersion("2018-08-31", "rocky", "Rocky", 9),
    TemplateVersion("2021-04-16", "wallaby", "Wallaby", 10),
)

# Each version's date by its release name, for the history tables of spec/ (the dates are written once, above;
# a new version's name goes at the end of this line).
(ICEHOUSE, JUNO, KILO, LIBERTY, MITAKA, NEWTON, OCATA, PIKE, QUEENS, ROCKY, WALLABY) = (v.date for v in VERSIONS)

LATEST: TemplateVersion = VERSIONS[-1]

_BY_DATE: dict[str, TemplateVersion] = {v.date: v for v in VERSIONS}
_BY_NAME: dict[str, TemplateVersion] = {
    **_BY_DATE,
    **{v.alias: v for v in VERSIONS if v.alias is not None},
}

# The OpenStack releases after the newest version's. Heat added no template version for them, so a template
# naming one most likely wants the newest version.
LATER_RELEASE_NAMES: tuple[str, ...] = tuple(
    series.name.lower() for series in SERIES[SERIES.index(LATEST.series) + 1 :] if series.name is not None
)


def lookup_version(value: object) -> TemplateVersion | None:
    """The version named by a date or an alias exactly as Heat accepts it.

    Only str values count: Heat ignores a version key whose value is not a
    string, so an int, a bool or a date object gives None.
    """
    if not isinstance(value, str):
        return None
    return _BY_NAME.get(value)


def version_named(date: str) -> TemplateVersion:
    """The version with this date; KeyError for anything else (aliases too)."""
    return _BY_DATE[date]


def accepted_version_names() -> list[str]:
    """Every accepted value, in the order Heat's error message lists them."""
    dates = [v.date for v in VERSIONS]
    aliases = [v.alias for v in VERSIONS if v.alias is not None]
    return dates + aliases


def is_at_least(version: TemplateVersion, since: str) -> bool:
    """True when `version` is `since` (a version date) or newer.

    ISO dates sort correctly as strings, so a plain comparison is enough.
    """
    return version.date >= since


_DIGITS_DATE = re.compile(r"^\D*(\d{4})\D*(\d{1,2})\D*(\d{1,2})\D*$")


def _as_date(text: str) -> datetime.date | None:
    # Accept loose spellings such as '2016/10/14' or '20161014' so that a
    # near-miss date gets the numerically closest versions.
    match = _DIGITS_DATE.match(text)
    if match is None:
        return None
    year, month, day = (int(part) for part in match.groups())
    try:
        return datetime.date(year, month, day)
    except ValueError:
        # Impossible day such as 2016-02-30: fall back to the first of month.
        try:
            return datetime.date(year, month, 1)
        except ValueError:
            return None


def _nearest_by_date(wanted: datetime.date, limit: int) -> list[str]:
    def distance(version: TemplateVersion) -> int:
        return abs((datetime.date.fromisoformat(version.date) - wanted).days)

    return [v.date for v in sorted(VERSIONS, key=distance)[:limit]]


def nearest_version_names(value: str, limit: int = 3) -> list[str]:
    """Accepted names to suggest for a rejected `heat_template_version` value.

    The order of preference: the same name in another letter case, a release
    name mapped to its date (releases before newton have no alias, releases
    after wallaby have no version at all), the closest dates for anything that
    looks like a date, and finally plain string similarity.
    """
    if limit <= 0:
        return []
    text = str(value).strip()
    lowered = text.lower()
    if lowered in _BY_NAME:
        version = _BY_NAME[lowered]
        names = [lowered] if lowered != text else []
        other = version.alias if lowered == version.date else version.date
        if other is not None and other not in names:
            names.append(other)
        return names[:limit]

    for version in VERSIONS:
        if lowered == version.release.lower():
            return [version.date][:limit]
    if lowered in LATER_RELEASE_NAMES:
        assert LATEST.alias is not None
        return [LATEST.alias, LATEST.date][:limit]

    if re.fullmatch(r"\d{4}", text):
        # A bare year (often an unquoted int): that year's versions first.
        same_year = [v.date for v in VERSIONS if v.date.startswith(text)]
        if same_year:
            return same_year[:limit]
        return _nearest_by_date(datetime.date(int(text), 7, 1), limit)

    as_date = _as_date(text)
    if as_date is not None:
        return _nearest_by_date(as_date, limit)

    names = accepted_version_names()
    # Release names without an alias (before newton) stand for their date.
    releases = {v.release.lower(): v.date for v in VERSIONS if v.alias is None}
    matches = difflib.get_close_matches(lowered, names + list(releases), n=limit * 2, cutoff=0.5)
    suggestions: list[str] = []
    for match in matches:
        name = releases.get(match, match)
        if name not in suggestions:
            suggestions.append(name)
    if not suggestions:
        # Nothing similar: the newest version is the most useful default.
        suggestions = [LATEST.date]
    return suggestions[:limit]
