"""Version-gated HOT behaviours that are not simply "function X exists".

Each feature maps to the first template version date that has it. Rules ask
`has_feature(version, name)` instead of comparing dates themselves, so every
version difference lives in this one table. Function availability is kept in
`functions.py`; this table covers keys, sections and changed function shapes.
"""

from __future__ import annotations

from .versions import TemplateVersion, is_at_least, version_named

FEATURES: dict[str, str] = {
    # 2013-05-23: present from the start.
    "get_attr_path": "2013-05-23",  # extra path items after the attribute name
    "cfn_functions": "2013-05-23",  # Ref, Fn::Join, ... usable (removed later)
    "parameter_hidden_label_immutable": "2013-05-23",
    # 2014-10-16 (Juno)
    "cfn_functions_removed": "2014-10-16",  # all CFN names but Fn::Select
    "get_attr_path_to_resource": "2014-10-16",  # path handed to the resource
    # 2015-04-30 (Kilo)
    "repeat": "2015-04-30",
    "digest": "2015-04-30",
    # 2015-10-15 (Liberty)
    "fn_select_removed": "2015-10-15",
    "get_attr_all_attributes": "2015-10-15",  # [resource] alone gives a map
    "list_join_multiple": "2015-10-15",  # several lists; non-str items as JSON
    "str_replace_json": "2015-10-15",  # map/list params JSON-encoded
    "str_split": "2015-10-15",
    # 2016-04-08 (Mitaka)
    "map_merge": "2016-04-08",
    # 2016-10-14 (Newton)
    "conditions": "2016-10-14",  # the top-level conditions section
    "resource_condition": "2016-10-14",
    "resource_external_id": "2016-10-14",
    "output_condition": "2016-10-14",
    "lowercase_deletion_policy": "2016-10-14",  # delete/retain/snapshot
    "repeat_over_map": "2016-10-14",  # for_each values may be maps
    "if": "2016-10-14",
    "condition_functions": "2016-10-14",  # get_param/equals/not/and/or
    # 2017-02-24 (Ocata)
    "constraint_modulo": "2017-02-24",
    # 2017-09-01 (Pike)
    "repeat_permutations": "2017-09-01",  # the permutations key of repeat
    "condition_yaql_contains": "2017-09-01",  # yaql/contains as conditions
    # 2018-03-02 (Queens)
    "parameter_tags": "2018-03-02",
    # 2021-04-16 (Wallaby)
    "if_two_arguments": "2021-04-16",  # a missing false branch drops the item
}


def feature_since(feature: str) -> TemplateVersion:
    """The first version with `feature`; KeyError for an unknown name."""
    return version_named(FEATURES[feature])


def has_feature(version: TemplateVersion, feature: str) -> bool:
    """Whether `version` has `feature`.

    An unknown feature name raises KeyError on purpose: a misspelt name in a
    rule should fail loudly in tests, not silently return False.
    """
    return is_at_least(version, FEATURES[feature])
