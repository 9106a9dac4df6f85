"""Version-gated HOT behaviours that are not simply "function X exists".

Each feature maps to the first template version date that has it. Rules ask
`has_feature(version, name)` instead of comparing dates themselves, so every
version difference lives in this one table. Function availability is kept in
`functions.py`; this table covers keys, sections and changed function shapes.
"""

from __future__ import annotations

from .versions import (
    ICEHOUSE,
    JUNO,
    KILO,
    LIBERTY,
    MITAKA,
    NEWTON,
    OCATA,
    PIKE,
    QUEENS,
    WALLABY,
    TemplateVersion,
    is_at_least,
    version_named,
)

FEATURES: dict[str, str] = {
    # 2013-05-23: present from the start.
    "get_attr_path": ICEHOUSE,  # extra path items after the attribute name
    "cfn_functions": ICEHOUSE,  # Ref, Fn::Join, ... usable (removed later)
    "parameter_hidden_label_immutable": ICEHOUSE,
    # 2014-10-16 (Juno)
    "cfn_functions_removed": JUNO,  # all CFN names but Fn::Select
    "get_attr_path_to_resource": JUNO,  # path handed to the resource
    # 2015-04-30 (Kilo)
    "repeat": KILO,
    "digest": KILO,
    # 2015-10-15 (Liberty)
    "fn_select_removed": LIBERTY,
    "get_attr_all_attributes": LIBERTY,  # [resource] alone gives a map
    "list_join_multiple": LIBERTY,  # several lists; non-str items as JSON
    "str_replace_json": LIBERTY,  # map/list params JSON-encoded
    "str_split": LIBERTY,
    # 2016-04-08 (Mitaka)
    "map_merge": MITAKA,
    # 2016-10-14 (Newton)
    "conditions": NEWTON,  # the top-level conditions section
    "resource_condition": NEWTON,
    "resource_external_id": NEWTON,
    "output_condition": NEWTON,
    "lowercase_deletion_policy": NEWTON,  # delete/retain/snapshot
    "repeat_over_map": NEWTON,  # for_each values may be maps
    "if": NEWTON,
    "condition_functions": NEWTON,  # get_param/equals/not/and/or
    # 2017-02-24 (Ocata)
    "constraint_modulo": OCATA,
    # 2017-09-01 (Pike)
    "repeat_permutations": PIKE,  # the permutations key of repeat
    "condition_yaql_contains": PIKE,  # yaql/contains as conditions
    # 2018-03-02 (Queens)
    "parameter_tags": QUEENS,
    # 2021-04-16 (Wallaby)
    "if_two_arguments": WALLABY,  # a missing false branch drops the item
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
