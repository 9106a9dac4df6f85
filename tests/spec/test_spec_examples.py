"""The example values the server writes where an empty value is refused (``spec/examples.py``): each passes the
check it stands for, and no offline custom constraint nor any pattern of the catalogue lacks one."""

from __future__ import annotations

import re

from hot_lsp.analysis.values.custom_constraints import custom_failure
from hot_lsp.spec import OFFLINE_CHECKABLE
from hot_lsp.spec.examples import CUSTOM_CONSTRAINT_EXAMPLES, PATTERN_EXAMPLES
from hot_lsp.spec.resource_types import PropertySchema, builtin_catalogue


def test_every_offline_constraint_has_an_example_it_takes() -> None:
    assert set(CUSTOM_CONSTRAINT_EXAMPLES) == set(OFFLINE_CHECKABLE)
    for name, value in CUSTOM_CONSTRAINT_EXAMPLES.items():
        assert custom_failure(name, value) is None, (name, value)


def _patterns(schema: dict[str, PropertySchema]) -> set[str]:
    found = set()
    for prop in schema.values():
        found |= {c["allowed_pattern"] for c in prop.constraints if isinstance(c.get("allowed_pattern"), str)}
        found |= _patterns(prop.schema) if prop.schema else set()
    return found


def test_every_pattern_of_the_catalogue_has_an_example_it_takes() -> None:
    patterns = set().union(*(_patterns(t.properties) for t in builtin_catalogue().types.values()))
    assert patterns <= set(PATTERN_EXAMPLES), patterns - set(PATTERN_EXAMPLES)
    for pattern, value in PATTERN_EXAMPLES.items():
        assert re.fullmatch(pattern, value), (pattern, value)  # Heat: a match that ends at the end
