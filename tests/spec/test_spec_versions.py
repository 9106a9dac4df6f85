"""heat_template_version values against facts §1."""

import datetime

import pytest

from hot_lsp.spec.versions import (
    LATEST,
    VERSIONS,
    accepted_version_names,
    is_at_least,
    lookup_version,
    nearest_version_names,
    version_named,
)

# Copied from Heat's own error message (facts §1).
HEAT_ACCEPTED = (
    "2013-05-23, 2014-10-16, 2015-04-30, 2015-10-15, 2016-04-08, 2016-10-14, "
    "2017-02-24, 2017-09-01, 2018-03-02, 2018-08-31, 2021-04-16, newton, ocata, "
    "pike, queens, rocky, wallaby"
)


def test_accepted_names_match_heat_message_exactly():
    assert ", ".join(accepted_version_names()) == HEAT_ACCEPTED


def test_eleven_versions_in_date_order_with_ordinals():
    assert len(VERSIONS) == 11, "a new version: update this file's facts (HEAT_ACCEPTED, the count, the releases)"
    assert [v.ordinal for v in VERSIONS] == list(range(11))
    assert [v.date for v in VERSIONS] == sorted(v.date for v in VERSIONS)
    assert LATEST.date == "2021-04-16" and LATEST is VERSIONS[-1]


def test_releases_and_aliases():
    table = {v.date: (v.alias, v.release) for v in VERSIONS}
    assert table == {
        "2013-05-23": (None, "Icehouse"),
        "2014-10-16": (None, "Juno"),
        "2015-04-30": (None, "Kilo"),
        "2015-10-15": (None, "Liberty"),
        "2016-04-08": (None, "Mitaka"),
        "2016-10-14": ("newton", "Newton"),
        "2017-02-24": ("ocata", "Ocata"),
        "2017-09-01": ("pike", "Pike"),
        "2018-03-02": ("queens", "Queens"),
        "2018-08-31": ("rocky", "Rocky"),
        "2021-04-16": ("wallaby", "Wallaby"),
    }


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("newton", "2016-10-14"),
        ("2016-10-14", "2016-10-14"),
        ("wallaby", "2021-04-16"),
        ("2013-05-23", "2013-05-23"),
        ("rocky", "2018-08-31"),
    ],
)
def test_lookup_accepts_dates_and_aliases(value, expected):
    version = lookup_version(value)
    assert version is not None and version.date == expected


@pytest.mark.parametrize(
    "value",
    [
        "xena",
        "mitaka",
        "liberty",
        "Newton",  # Heat's lookup is case-sensitive
        "2013-05-24",
        " 2016-10-14",
        "",
        2016,
        20161014,
        None,
        True,
        datetime.date(2016, 10, 14),  # what a stock YAML loader would give
        ["2016-10-14"],
    ],
)
def test_lookup_rejects_everything_else(value):
    assert lookup_version(value) is None


def test_version_named_is_by_date_only():
    assert version_named("2017-02-24").alias == "ocata"
    with pytest.raises(KeyError):
        version_named("ocata")
    with pytest.raises(KeyError):
        version_named("2017-02-25")


def test_is_at_least():
    newton = version_named("2016-10-14")
    assert is_at_least(newton, "2016-10-14")
    assert is_at_least(newton, "2013-05-23")
    assert not is_at_least(newton, "2017-02-24")


@pytest.mark.parametrize(
    ("value", "first"),
    [
        ("2016-10-15", "2016-10-14"),
        ("2013-05-24", "2013-05-23"),
        ("2016/10/14", "2016-10-14"),
        ("20161014", "2016-10-14"),
        ("2016", "2016-04-08"),
        ("xena", "wallaby"),
        ("zed", "wallaby"),
        ("mitaka", "2016-04-08"),
        ("Liberty", "2015-10-15"),
        ("Newton", "newton"),
        ("queen", "queens"),
        ("2022-01-01", "2021-04-16"),
    ],
)
def test_nearest_version_names(value, first):
    names = nearest_version_names(value)
    assert names and names[0] == first
    assert set(names) <= set(accepted_version_names())
    assert len(names) <= 3


def test_nearest_version_names_limit():
    assert len(nearest_version_names("2016-10-15", limit=1)) == 1
    assert nearest_version_names("2016-10-15", limit=0) == []
    assert nearest_version_names("nonsense")  # always something to offer
