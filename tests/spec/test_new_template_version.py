"""What a new template version needs, derived from the data: each test names the place to fill in when it fails.

The recipe is docs/extending.md, "A template version". The version itself is one TemplateVersion in
spec/versions.py (and its name at the end of the line that names each date: the import fails until it is there);
the tests below hold the rest. The facts copied from Heat (its accepted names in test_spec_versions.py, each
version's functions in test_spec_functions.py) and the JSON schema (tools/gen_json_schema.py) fail on their own.
"""

from __future__ import annotations

import pytest

from hot_lsp import spec
from hot_lsp.spec import guide, versions
from hot_lsp.spec.functions import FUNCTIONS

SERIES_NAMES = [series.name for series in versions.SERIES]
FIRST_ALIASED = next(version for version in spec.VERSIONS if version.alias is not None)
FIRST_GUIDED = next(series for series in versions.SERIES if series.guide is not None)


@pytest.mark.parametrize("version", spec.VERSIONS, ids=lambda version: version.date)
def test_every_version_names_its_series(version: spec.TemplateVersion) -> None:
    assert version.release in SERIES_NAMES, (
        f"{version.date}'s release {version.release!r} is not a series: add "
        f"Series({version.release!r}, <Heat's major version>, '<the guide's path>') to versions.SERIES"
    )


@pytest.mark.parametrize("version", spec.VERSIONS, ids=lambda version: version.date)
def test_every_version_since_the_first_guide_has_one(version: spec.TemplateVersion) -> None:
    series = version.series
    if SERIES_NAMES.index(series.name) >= SERIES_NAMES.index(FIRST_GUIDED.name):
        assert series.heat is not None and series.guide, (
            f"give Series({series.name!r}) in versions.SERIES Heat's major version for it and its guide's path "
            "(docs.openstack.org/heat/<path>/template_guide/)"
        )


def test_the_series_are_in_order() -> None:
    majors = [series.heat for series in versions.SERIES if series.heat is not None]
    assert majors == list(range(majors[0], majors[0] + len(majors))), "versions.SERIES: one series per Heat major"
    assert [version.series for version in spec.VERSIONS] == sorted(
        (version.series for version in spec.VERSIONS), key=versions.SERIES.index
    ), "a newer template version comes with the same series or a later one"


def test_the_catalogues_heat_has_a_guide() -> None:
    heat = spec.builtin_catalogue().heat_version
    assert guide.release_of(heat) != guide.LATEST, (
        f"Heat {heat} (the shipped catalogue's) has no series: add the series it was released for to "
        "versions.SERIES, or every guide link goes to 'latest'"
    )


@pytest.mark.parametrize("version", spec.VERSIONS, ids=lambda version: version.date)
def test_every_version_from_newton_on_has_its_alias(version: spec.TemplateVersion) -> None:
    if version.ordinal >= FIRST_ALIASED.ordinal:
        assert version.alias == version.release.lower(), (
            f"Heat accepts {version.release.lower()!r} for {version.date}: give its TemplateVersion that alias"
        )


def test_the_versions_are_numbered_in_date_order() -> None:
    assert [version.ordinal for version in spec.VERSIONS] == list(range(len(spec.VERSIONS))), (
        "a TemplateVersion's ordinal is its position in VERSIONS"
    )
    assert [version.date for version in spec.VERSIONS] == sorted(version.date for version in spec.VERSIONS)
    assert spec.LATEST is spec.VERSIONS[-1]


def test_a_later_release_name_has_no_version() -> None:
    # The names a template may write for a release Heat made no version for: those after the newest version's.
    named = {name.lower() for version in spec.VERSIONS for name in (version.release, version.alias) if name}
    assert not named & set(versions.LATER_RELEASE_NAMES)


def test_every_date_of_a_record_is_a_version() -> None:
    dates = {version.date for version in spec.VERSIONS}
    for record in FUNCTIONS.values():
        named = {record.since, record.removed_in, record.condition_since} - {None}
        named |= {since for keys in record.argument_keys.values() for since in keys.values()}
        assert named <= dates, f"{record.name}'s record names a date that is no version: {sorted(named - dates)}"
