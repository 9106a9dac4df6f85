"""Sections and keys per version against facts §3a-§3d and §3g."""

import pytest

from hot_lsp.spec.structure import (
    CFN_RESOURCE_KEY_SPELLINGS,
    CFN_SECTION_SPELLINGS,
    DELETION_POLICIES,
    OUTPUT_KEY_DOCS,
    OUTPUT_KEYS,
    PARAMETER_GROUP_KEYS,
    PARAMETER_KEY_DOCS,
    PARAMETER_KEYS,
    RESOURCE_KEY_CONTEXTS,
    RESOURCE_KEY_DOCS,
    RESOURCE_KEYS,
    SECTION_DOCS,
    SECTIONS,
    UNDEFINED_SECTION,
    deletion_policies_for,
    output_keys_for,
    parameter_keys_for,
    resource_keys_for,
    sections_for,
)
from hot_lsp.spec.versions import VERSIONS, version_named

OLD = version_named("2016-04-08")
NEWTON = version_named("2016-10-14")
PIKE = version_named("2017-09-01")
QUEENS = version_named("2018-03-02")

BASE_SECTIONS = {
    "heat_template_version",
    "description",
    "parameter_groups",
    "parameters",
    "resources",
    "outputs",
}
BASE_RESOURCE_KEYS = {
    "type",
    "properties",
    "metadata",
    "depends_on",
    "deletion_policy",
    "update_policy",
    "description",
}
BASE_PARAMETER_KEYS = {
    "type",
    "description",
    "default",
    "schema",
    "constraints",
    "hidden",
    "label",
    "immutable",
}


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.date)
def test_sections(version):
    expected = BASE_SECTIONS | ({"conditions"} if version.date >= "2016-10-14" else set())
    assert set(sections_for(version)) == expected
    assert len(sections_for(version)) == len(expected)


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.date)
def test_resource_keys(version):
    new = {"external_id", "condition"} if version.date >= "2016-10-14" else set()
    assert set(resource_keys_for(version)) == BASE_RESOURCE_KEYS | new


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.date)
def test_output_keys(version):
    new = {"condition"} if version.date >= "2016-10-14" else set()
    assert set(output_keys_for(version)) == {"description", "value"} | new


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.date)
def test_parameter_keys(version):
    new = {"tags"} if version.date >= "2018-03-02" else set()
    assert set(parameter_keys_for(version)) == BASE_PARAMETER_KEYS | new


def test_tags_boundary():
    assert "tags" not in parameter_keys_for(PIKE)  # facts §3d [run]
    assert "tags" in parameter_keys_for(QUEENS)


def test_sections_exclude_cfn_and_placeholder():
    assert UNDEFINED_SECTION == "__undefined__"
    assert UNDEFINED_SECTION not in SECTIONS
    for cfn in CFN_SECTION_SPELLINGS:
        assert cfn not in SECTIONS
    assert CFN_SECTION_SPELLINGS["Resources"] == "resources"
    assert CFN_SECTION_SPELLINGS["AWSTemplateFormatVersion"] == "heat_template_version"
    assert CFN_SECTION_SPELLINGS["Mappings"] == ""
    for hot in CFN_SECTION_SPELLINGS.values():
        assert hot == "" or hot in SECTIONS


def test_cfn_resource_key_spellings():
    assert CFN_RESOURCE_KEY_SPELLINGS == {
        "Type": "type",
        "Properties": "properties",
        "Metadata": "metadata",
        "DependsOn": "depends_on",
        "DeletionPolicy": "deletion_policy",
        "UpdatePolicy": "update_policy",
        "Description": "description",
        "Condition": "condition",
    }


@pytest.mark.parametrize(
    ("value", "date", "valid"),
    [
        ("Delete", "2013-05-23", True),
        ("Retain", "2013-05-23", True),
        ("Snapshot", "2016-04-08", True),
        ("delete", "2016-04-08", False),  # facts §3b [run]
        ("delete", "2016-10-14", True),
        ("snapshot", "2021-04-16", True),
        ("DELETE", "2021-04-16", False),  # facts §3b [run]
        ("DELETE", "2013-05-23", False),
        ("Destroy", "2021-04-16", False),
    ],
)
def test_deletion_policies(value, date, valid):
    assert (value in deletion_policies_for(version_named(date))) is valid


def test_deletion_policy_table():
    assert len(DELETION_POLICIES) == 6
    assert deletion_policies_for(OLD) == ("Delete", "Retain", "Snapshot")
    assert len(deletion_policies_for(NEWTON)) == 6


def test_parameter_group_keys():
    assert PARAMETER_GROUP_KEYS == ("label", "description", "parameters")


def test_every_key_has_docs():
    assert set(SECTION_DOCS) == set(SECTIONS)
    assert set(RESOURCE_KEY_DOCS) == set(RESOURCE_KEYS)
    assert set(OUTPUT_KEY_DOCS) == set(OUTPUT_KEYS)
    assert set(PARAMETER_KEY_DOCS) == set(PARAMETER_KEYS)
    assert set(RESOURCE_KEY_CONTEXTS) == set(RESOURCE_KEYS)
    for table in (SECTION_DOCS, RESOURCE_KEY_DOCS, OUTPUT_KEY_DOCS, PARAMETER_KEY_DOCS):
        assert all(text.strip() for text in table.values())


def test_since_dates_are_versions():
    dates = {v.date for v in VERSIONS}
    for table in (
        SECTIONS,
        RESOURCE_KEYS,
        OUTPUT_KEYS,
        PARAMETER_KEYS,
        DELETION_POLICIES,
    ):
        assert set(table.values()) <= dates
