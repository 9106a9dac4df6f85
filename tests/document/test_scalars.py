"""Scalars are typed the way Heat's loader (PyYAML, YAML 1.1, timestamps kept as strings) types them."""

import math

import pytest

from hot_lsp.document import Scalar, parse


def value_of(text: str):
    root = parse(f"v: {text}\n").root
    node = root.get("v")
    assert isinstance(node, Scalar)
    return node.value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", True),
        ("No", False),
        ("ON", True),
        ("off", False),
        ("true", True),
        ("y", "y"),
        ("N", "N"),
        ("~", None),
        ("null", None),
        ("Null", None),
        ("", None),
        ("0644", 420),
        ("012", 10),
        ("0o17", "0o17"),
        ("0x1F", 31),
        ("0b101", 5),
        ("1_000", 1000),
        ("190:20:30", 685230),
        ("-42", -42),
        ("1e3", "1e3"),
        ("1.0e3", "1.0e3"),
        ("1.5e+3", 1500.0),
        ("1.", 1.0),
        (".5", 0.5),
        ("2016-10-14", "2016-10-14"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("'yes'", "yes"),
        ('"0644"', "0644"),
        ("!!str 12", "12"),
        ("!!int '7'", 7),
        ("!!timestamp 2016-10-14", "2016-10-14"),
        ("08", "08"),
        ("wallaby", "wallaby"),
    ],
)
def test_yaml_1_1_typing_like_heat(text, expected):
    assert value_of(text) == expected
    assert type(value_of(text)) is type(expected)


def test_special_floats():
    assert value_of(".inf") == math.inf
    assert value_of("-.Inf") == -math.inf
    assert math.isnan(value_of(".NaN"))


def test_keys_of_different_types_collapse_like_python_dicts():
    root = parse("1: a\ntrue: b\n").root
    # Heat's dict: 1 == True, so the second key replaces the first.
    assert root.to_python() == {1: "b"}


def test_binary_tag():
    assert value_of("!!binary aGVsbG8=") == b"hello"


def test_merge_keys_apply_and_explicit_keys_win():
    root = parse("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n").root
    assert root.get("use").to_python() == {"x": 1, "y": 3}
