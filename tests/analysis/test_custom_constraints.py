"""The custom constraints checked offline say what Heat 27.0.1 says, value by value.

custom_constraint_results.json is Heat's own answer for each (constraint, value), recorded by
tools/record_custom_constraints.py (Heat's CustomConstraint._is_valid and _err_msg, in a throwaway venv).
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from hot_lsp.analysis.values.custom_constraints import custom_failure

RESULTS = json.loads((Path(__file__).with_name("custom_constraint_results.json")).read_text(encoding="utf-8"))
# The recorded times are decades from it either way; a fixed "now" keeps the test from ageing.
NOW = datetime.datetime(2026, 11, 25)


@pytest.mark.parametrize("case", sorted(RESULTS))
def test_heat_says_the_same(case: str) -> None:
    name, written = case.split("|", 1)
    value = json.loads(written)
    assert custom_failure(name, value, NOW) == RESULTS[case]


def test_a_client_backed_constraint_is_not_judged() -> None:
    assert custom_failure("nova.flavor", "no-such-flavor") is None
    assert custom_failure("glance.image", 5) is None
