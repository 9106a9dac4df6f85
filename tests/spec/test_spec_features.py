"""Version-gated features against facts §2c and §3."""

import pytest

from hot_lsp.spec.features import FEATURES, feature_since, has_feature
from hot_lsp.spec.versions import VERSIONS, version_named

EXPECTED = {
    "conditions": "2016-10-14",
    "resource_condition": "2016-10-14",
    "resource_external_id": "2016-10-14",
    "output_condition": "2016-10-14",
    "lowercase_deletion_policy": "2016-10-14",
    "constraint_modulo": "2017-02-24",
    "parameter_tags": "2018-03-02",
    "repeat_over_map": "2016-10-14",
    "repeat_permutations": "2017-09-01",
    "if_two_arguments": "2021-04-16",
    "get_attr_all_attributes": "2015-10-15",
    "get_attr_path": "2013-05-23",
    "list_join_multiple": "2015-10-15",
    "str_replace_json": "2015-10-15",
}


@pytest.mark.parametrize(("feature", "since"), sorted(EXPECTED.items()))
def test_feature_since(feature, since):
    assert FEATURES[feature] == since
    assert feature_since(feature).date == since


def test_every_feature_date_is_a_version():
    dates = {v.date for v in VERSIONS}
    assert set(FEATURES.values()) <= dates


def test_has_feature_boundaries():
    assert not has_feature(version_named("2016-04-08"), "conditions")
    assert has_feature(version_named("2016-10-14"), "conditions")
    assert not has_feature(version_named("2018-08-31"), "if_two_arguments")
    assert has_feature(version_named("2021-04-16"), "if_two_arguments")
    assert not has_feature(version_named("2017-09-01"), "parameter_tags")


def test_unknown_feature_is_loud():
    with pytest.raises(KeyError):
        has_feature(VERSIONS[0], "no_such_feature")
