"""Function tables against facts §2a, §2b and §4."""

import pytest

from hot_lsp.spec.functions import (
    CFN_ONLY_NAMES,
    FUNCTIONS,
    HOT_DIGEST_ALGORITHMS,
    MAKE_URL_KEYS,
    condition_function_availability,
    condition_functions_for,
    first_version_with,
    function_availability,
    functions_for,
    if_argument_counts,
    nearest_function_names,
    removed_functions_for,
    repeat_keys_for,
)
from hot_lsp.spec.versions import LATEST, VERSIONS, version_named

DATES = [v.date for v in VERSIONS]

# Facts §2a, written out independently of the implementation.
_BASE = {
    "get_param",
    "get_resource",
    "get_attr",
    "get_file",
    "list_join",
    "str_replace",
    "resource_facade",
}
_CFN = {
    "Fn::Select",
    "Fn::GetAZs",
    "Fn::Join",
    "Fn::Split",
    "Fn::Replace",
    "Fn::Base64",
    "Fn::MemberListToMap",
    "Fn::ResourceFacade",
    "Ref",
}
_KILO = _BASE | {"repeat", "digest"}
_LIBERTY = _KILO | {"str_split"}
_MITAKA = _LIBERTY | {"map_merge"}
_NEWTON = _MITAKA | {"map_replace", "yaql", "if"}
_OCATA = _NEWTON | {"filter", "str_replace_strict"}
_PIKE = _OCATA | {
    "make_url",
    "list_concat",
    "list_concat_unique",
    "str_replace_vstrict",
    "contains",
}
EXPECTED_FUNCTIONS = {
    "2013-05-23": _BASE | _CFN,
    "2014-10-16": _BASE | {"Fn::Select"},
    "2015-04-30": _KILO | {"Fn::Select"},
    "2015-10-15": _LIBERTY,
    "2016-04-08": _MITAKA,
    "2016-10-14": _NEWTON,
    "2017-02-24": _OCATA,
    "2017-09-01": _PIKE,
    "2018-03-02": _PIKE,
    "2018-08-31": _PIKE,
    "2021-04-16": _PIKE,
}
EXPECTED_COUNTS = [16, 8, 10, 10, 11, 14, 16, 21, 21, 21, 21]

EXPECTED_REMOVED = {
    "2013-05-23": set(),
    "2014-10-16": _CFN - {"Fn::Select"},
    "2015-04-30": _CFN - {"Fn::Select"},
}
_BASIC_CONDITIONS = {"get_param", "equals", "not", "and", "or"}


def test_counts_per_version_match_facts():
    assert len(EXPECTED_COUNTS) == len(VERSIONS), "a new version: add its count of normal functions to EXPECTED_COUNTS"
    assert [len(functions_for(v)) for v in VERSIONS] == EXPECTED_COUNTS


@pytest.mark.parametrize("date", DATES)
def test_function_sets_per_version(date):
    assert date in EXPECTED_FUNCTIONS, f"write the normal functions Heat's {date} class has in EXPECTED_FUNCTIONS"
    assert functions_for(version_named(date)) == EXPECTED_FUNCTIONS[date]


@pytest.mark.parametrize("date", DATES)
def test_removed_per_version(date):
    expected = EXPECTED_REMOVED.get(date, _CFN)
    assert removed_functions_for(version_named(date)) == expected


@pytest.mark.parametrize("date", DATES)
def test_condition_functions_per_version(date):
    got = condition_functions_for(version_named(date))
    if date < "2016-10-14":
        assert got == frozenset()
    elif date < "2017-09-01":
        assert got == _BASIC_CONDITIONS
    else:
        assert got == _BASIC_CONDITIONS | {"yaql", "contains"}


def test_function_table_inventory():
    hot = _PIKE
    assert len(hot) == 21
    assert set(FUNCTIONS) == hot | _CFN | {"equals", "not", "and", "or"}
    for name, spec in FUNCTIONS.items():
        assert spec.name == name
        assert spec.since in DATES
        assert spec.removed_in in (None, *DATES)
        assert spec.condition_since in (None, *DATES)
        for text in (
            spec.signature,
            spec.returns,
            spec.doc,
            spec.snippet,
            spec.arguments_doc,
        ):
            assert text.strip(), name


def test_removal_dates_of_cfn_names():
    assert FUNCTIONS["Fn::Select"].removed_in == "2015-10-15"
    for name in _CFN - {"Fn::Select"}:
        assert FUNCTIONS[name].removed_in == "2014-10-16"
    for name in _PIKE:
        assert FUNCTIONS[name].removed_in is None


def test_normal_flags():
    for name in ("equals", "not", "and", "or"):
        assert not FUNCTIONS[name].normal
        assert FUNCTIONS[name].condition_since == "2016-10-14"
    assert FUNCTIONS["contains"].normal
    assert FUNCTIONS["contains"].condition_since == "2017-09-01"
    assert FUNCTIONS["yaql"].since == "2016-10-14"
    assert FUNCTIONS["yaql"].condition_since == "2017-09-01"
    assert FUNCTIONS["get_param"].condition_since == "2016-10-14"


@pytest.mark.parametrize(
    ("name", "date", "expected"),
    [
        ("get_param", "2013-05-23", "available"),
        ("map_merge", "2015-10-15", "not_yet"),
        ("map_merge", "2016-04-08", "available"),
        ("Fn::Join", "2013-05-23", "available"),
        ("Fn::Join", "2014-10-16", "removed"),
        ("Fn::Select", "2015-04-30", "available"),
        ("Fn::Select", "2015-10-15", "removed"),
        ("equals", "2021-04-16", "condition_only"),
        ("and", "2013-05-23", "condition_only"),
        ("Fn::GetAtt", "2013-05-23", "unknown"),
        ("get_parm", "2021-04-16", "unknown"),
        ("contains", "2017-02-24", "not_yet"),
        ("str_replace_vstrict", "2017-09-01", "available"),
        ("string_replace_vstrict", "2021-04-16", "unknown"),
    ],
)
def test_function_availability(name, date, expected):
    assert function_availability(name, version_named(date)) == expected


@pytest.mark.parametrize(
    ("name", "date", "expected"),
    [
        ("equals", "2016-10-14", "available"),
        ("yaql", "2016-10-14", "invalid"),  # facts §2b [run]
        ("yaql", "2017-09-01", "available"),
        ("contains", "2016-10-14", "not_yet"),
        ("if", "2021-04-16", "invalid"),
        ("get_resource", "2016-10-14", "invalid"),
        ("Fn::Join", "2016-10-14", "removed"),
        ("nosuch", "2016-10-14", "unknown"),
    ],
)
def test_condition_function_availability(name, date, expected):
    assert condition_function_availability(name, version_named(date)) == expected


def test_first_version_with():
    assert first_version_with("map_replace").date == "2016-10-14"
    assert first_version_with("make_url").date == "2017-09-01"
    assert first_version_with("repeat").date == "2015-04-30"
    assert first_version_with("equals").date == "2016-10-14"
    assert first_version_with("nosuch") is None


def test_if_argument_counts():
    assert if_argument_counts(version_named("2016-04-08")) == ()
    for date in ("2016-10-14", "2017-09-01", "2018-08-31"):
        assert if_argument_counts(version_named(date)) == (3,)
    assert if_argument_counts(version_named("2021-04-16")) == (2, 3)


def test_repeat_keys_for():
    assert repeat_keys_for(version_named("2017-02-24")) == ("for_each", "template")
    assert "permutations" in repeat_keys_for(version_named("2017-09-01"))


@pytest.mark.parametrize(
    ("typo", "expected"),
    [
        ("get_parm", "get_param"),
        ("str_repalce", "str_replace"),
        ("get_atr", "get_attr"),
        ("Get_Resource", "get_resource"),
        ("list-join", "list_join"),
        ("Fn::GetAtt", "get_attr"),
        ("Fn::Join", "list_join"),
        ("Ref", "get_resource"),
    ],
)
def test_nearest_function_names(typo, expected):
    assert nearest_function_names(typo, LATEST)[0] == expected


def test_nearest_function_names_only_offers_the_version_s_functions():
    old = version_named("2015-04-30")
    assert nearest_function_names("map_mege", old) == []
    assert nearest_function_names("get_parm", LATEST) == ["get_param"]
    assert nearest_function_names("str_repalce", LATEST) == ["str_replace"]
    assert nearest_function_names("equal", LATEST, condition=True) == ["equals"]


def test_cfn_only_names():
    for name in ("Fn::GetAtt", "Fn::FindInMap", "Fn::If", "Fn::Equals", "Fn::Sub"):
        assert name in CFN_ONLY_NAMES
        assert name not in FUNCTIONS  # never a HOT function (facts §2a)
    assert CFN_ONLY_NAMES["Fn::GetAtt"] == "get_attr"
    assert CFN_ONLY_NAMES["Fn::FindInMap"] == ""
    for cfn, hot in CFN_ONLY_NAMES.items():
        for part in filter(None, hot.split(" or ")):
            assert part in FUNCTIONS, (cfn, part)


def test_digest_and_make_url_tables():
    assert {"md5", "sha1", "sha256", "sha512", "shake_128"} <= HOT_DIGEST_ALGORITHMS
    assert len(HOT_DIGEST_ALGORITHMS) == 19
    assert MAKE_URL_KEYS == (
        "scheme",
        "username",
        "password",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    )


def test_snippets_escape_dollar_signs():
    # A literal '$' in snippet text must be escaped, or clients read a tabstop.
    import re

    for spec in FUNCTIONS.values():
        stripped = re.sub(r"\$\{\d+(:[^}]*|\|[^}]*\|)?\}|\$\d+|\\\$", "", spec.snippet)
        assert "$" not in stripped, spec.name
