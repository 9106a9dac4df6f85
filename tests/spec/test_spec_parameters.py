"""Parameter types, constraint matrix and pseudo-parameters (facts §3e, §3f, §5)."""

import pytest

from hot_lsp.spec.parameters import (
    BOOLEAN_FALSE_STRINGS,
    BOOLEAN_TRUE_STRINGS,
    CONSTRAINT_ENTRY_KEYS,
    CONSTRAINT_KINDS,
    PARAMETER_TYPES,
    PSEUDO_PARAMETERS,
    UNUSABLE_PSEUDO_PARAMETERS,
    constraint_kinds_for,
    winning_constraint_kind,
)
from hot_lsp.spec.versions import VERSIONS, version_named

NEWTON = version_named("2016-10-14")
OCATA = version_named("2017-02-24")
LATEST = VERSIONS[-1]

TYPES = ("string", "number", "comma_delimited_list", "json", "boolean")

# Facts §3f matrix: constraint -> types it applies to.
MATRIX = {
    "length": {"string", "comma_delimited_list", "json"},
    "range": {"number"},
    "modulo": {"number"},
    "allowed_values": {"string", "number", "comma_delimited_list", "boolean"},
    "allowed_pattern": {"string"},
    "custom_constraint": {"string", "number", "comma_delimited_list", "boolean"},
}


def test_parameter_types():
    assert tuple(PARAMETER_TYPES) == TYPES
    assert "String" not in PARAMETER_TYPES


@pytest.mark.parametrize("kind", sorted(MATRIX))
def test_constraint_matrix(kind):
    assert CONSTRAINT_KINDS[kind].applies_to == MATRIX[kind]
    assert CONSTRAINT_KINDS[kind].name == kind


@pytest.mark.parametrize("param_type", TYPES)
@pytest.mark.parametrize("version", [NEWTON, OCATA, LATEST], ids=lambda v: v.date)
def test_constraint_kinds_for_type(version, param_type):
    expected = {
        kind
        for kind, types in MATRIX.items()
        if param_type in types and (kind != "modulo" or version.date >= "2017-02-24")
    }
    assert set(constraint_kinds_for(version, param_type)) == expected


def test_modulo_only_from_ocata():
    assert CONSTRAINT_KINDS["modulo"].since == "2017-02-24"
    for version in VERSIONS:
        allowed = "modulo" in constraint_kinds_for(version)
        assert allowed is (version.date >= "2017-02-24"), version.date
    assert "modulo" not in constraint_kinds_for(NEWTON, "number")
    assert "modulo" in constraint_kinds_for(OCATA, "number")


def test_constraint_kinds_for_without_type():
    assert len(constraint_kinds_for(NEWTON)) == 5
    assert len(constraint_kinds_for(OCATA)) == 6
    # An unknown type is reported elsewhere; do not pile errors on top.
    assert constraint_kinds_for(OCATA, "String") == constraint_kinds_for(OCATA)


def test_priority_order():
    by_priority = sorted(CONSTRAINT_KINDS.values(), key=lambda kind: kind.priority)
    assert [kind.name for kind in by_priority] == [
        "modulo",
        "range",
        "length",
        "allowed_values",
        "allowed_pattern",
        "custom_constraint",
    ]


def test_winning_constraint_kind():
    assert winning_constraint_kind(["length", "allowed_values"], LATEST) == "length"
    assert winning_constraint_kind(["range", "modulo"], OCATA) == "modulo"
    assert winning_constraint_kind(["range", "modulo"], NEWTON) == "range"
    assert winning_constraint_kind(["modulo"], NEWTON) is None  # "No constraint expressed"
    assert winning_constraint_kind(["description"], LATEST) is None


def test_constraint_entry_keys():
    assert set(CONSTRAINT_ENTRY_KEYS) == set(MATRIX) | {"description"}
    assert len(CONSTRAINT_ENTRY_KEYS) == 7


def test_pseudo_parameters():
    assert set(PSEUDO_PARAMETERS) == {
        "OS::stack_id",
        "OS::stack_name",
        "OS::project_id",
    }
    assert "OS::region" not in PSEUDO_PARAMETERS
    assert set(UNUSABLE_PSEUDO_PARAMETERS) == {"OS::region"}


def test_boolean_spellings():
    assert {"1", "t", "true", "on", "y", "yes"} == BOOLEAN_TRUE_STRINGS
    assert {"0", "f", "false", "off", "n", "no"} == BOOLEAN_FALSE_STRINGS
    assert not BOOLEAN_TRUE_STRINGS & BOOLEAN_FALSE_STRINGS
