"""A Heat function is a record in spec/functions and a HeatFunction in analysis/functions: the two hold the same names.

A function with a record but no behaviour would be offered by completion and then crash the evaluator; one with
behaviour but no record would never be called (no version's table holds it). Each failure says what to add.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hot_lsp import spec
from hot_lsp.analysis import functions as heat_functions

PACKAGE = Path(heat_functions.__file__).parent


def test_every_record_has_its_heat_function() -> None:
    missing = sorted(set(spec.FUNCTIONS) - set(heat_functions.FUNCTIONS))
    assert not missing, (
        f"{missing} have a record in spec/functions but no HeatFunction: write one in a module of "
        "analysis/functions/ (HeatFunction(name, evaluate=...)) and import that module in analysis/functions/__init__.py"
    )


def test_every_heat_function_has_its_record() -> None:
    extra = sorted(set(heat_functions.FUNCTIONS) - set(spec.FUNCTIONS))
    assert not extra, (
        f"{extra} are HeatFunctions without a record: add a FunctionRecord (history, docs) to the RECORDS of a "
        "family module in spec/functions/"
    )


def test_the_functions_come_in_the_records_order() -> None:
    # The hover of a version lists the functions' notes in this order, and the schema their entries.
    assert list(heat_functions.FUNCTIONS) == list(spec.FUNCTIONS)


def test_every_function_module_is_imported() -> None:
    modules = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    unimported = sorted(stem for stem in modules if f"{heat_functions.__name__}.{stem}" not in sys.modules)
    assert not unimported, f"import {unimported} in analysis/functions/__init__.py: FUNCTIONS collects what it imports"


def test_the_condition_only_functions_preview_as_conditions() -> None:
    only_conditions = {name for name, record in spec.FUNCTIONS.items() if not record.normal}
    previewed = {name for name, function in heat_functions.FUNCTIONS.items() if function.preview == "condition"}
    assert previewed == only_conditions, "a function that is only a condition function (normal=False) previews as one"


@pytest.mark.parametrize("version", spec.VERSIONS, ids=lambda version: version.date)
def test_each_version_calls_the_functions_its_records_give_it(version: spec.TemplateVersion) -> None:
    assert set(heat_functions.table(version, "normal")) == spec.functions_for(version)
    assert set(heat_functions.table(version, "condition")) == spec.condition_functions_for(version)


def test_every_note_names_a_feature() -> None:
    unknown = {
        (name, feature)
        for name, function in heat_functions.FUNCTIONS.items()
        for feature, _ in function.notes
        if feature not in spec.FEATURES
    }
    assert not unknown, f"add these features to spec/features.py's FEATURES: {sorted(unknown)}"


def test_a_function_reads_its_record() -> None:
    assert heat_functions.FUNCTIONS["repeat"].record is spec.FUNCTIONS["repeat"]
