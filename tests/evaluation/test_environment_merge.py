"""The engine's environment merge (analysis/evaluation/environment_merge.py) against Heat 27.0.1's own results:
each expected value or message below is what heat/common/environment_util.merge_environments gave for the same
files (run in the Heat 27 venv with tools/conformance/heat_verdicts.py; see tests/test_cli_environment_verdicts.py
for the same cases end to end)."""

from __future__ import annotations

from typing import Any

import pytest

from hot_lsp.analysis.evaluation.environment_merge import merge_environments
from hot_lsp.analysis.evaluation.inputs import EnvironmentValues

TYPES = {"name": "string", "size": "number", "tags": "comma_delimited_list", "meta": "json", "flag": "boolean"}


def env(name: str, defaults: dict[str, Any], strategies: dict[str, Any] | None = None, **kw: Any) -> EnvironmentValues:
    return EnvironmentValues(name, kw.get("parameters", {}), defaults, strategies or {})


@pytest.mark.parametrize(
    ("files", "name", "value"),
    [
        # deep_merge of json: {a: {b: 1, c: 2}}
        (
            [
                env("1", {"meta": {"a": {"b": 1}}}, {"meta": "deep_merge"}),
                env("2", {"meta": {"a": {"c": 2}}}, {"meta": "deep_merge"}),
            ],
            "meta",
            {"a": {"b": 1, "c": 2}},
        ),
        # merge (shallow) of json: the later a replaces
        (
            [
                env("1", {"meta": {"a": {"b": 1}}}, {"meta": "merge"}),
                env("2", {"meta": {"a": {"c": 2}}}, {"meta": "merge"}),
            ],
            "meta",
            {"a": {"c": 2}},
        ),
        # merge of strings: 'b' + 'c'
        ([env("1", {"name": "b"}, {"name": "merge"}), env("2", {"name": "c"}, {"name": "merge"})], "name", "bc"),
        # merge of numbers written as text: '2' + '3'
        ([env("1", {"size": "2"}, {"size": "merge"}), env("2", {"size": "3"}, {"size": "merge"})], "size", "23"),
        # merge of comma-delimited text: 'a,b' + 'c'
        ([env("1", {"tags": "a,b"}, {"tags": "merge"}), env("2", {"tags": "c"}, {"tags": "merge"})], "tags", "a,b,c"),
        # overwrite (the default): the later file wins
        ([env("1", {"name": "b"}), env("2", {"name": "c"})], "name", "c"),
        # a merge of a number in the first file only: taken whole
        ([env("1", {"size": 2}, {"size": "merge"})], "size", 2),
    ],
)
def test_merged_values(files: list[EnvironmentValues], name: str, value: Any) -> None:
    merged = merge_environments(files, TYPES)
    assert merged.errors == []
    assert merged.parameter_defaults.values[name] == value


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            [env("1", {"name": "b"}), env("2", {"name": "c"}, {"name": "merge"})],
            "Conflicting merge strategy 'merge' for parameter 'name' in file '2'.",
        ),
        (
            [env("1", {"name": "b"}), env("2", {}, {"name": "merge"}, parameters={"name": "c"})],
            "Conflicting merge strategy 'merge' for parameter 'name' in file '2'.",
        ),
        (
            [env("1", {"size": 2}, {"size": "merge"}), env("2", {"size": 3}, {"size": "merge"})],
            "Invalid parameter in environment .",
        ),
        (
            [env("1", {"name": "b"}), env("2", {"size": "2"}, {"size": "merge"})],
            "unsupported operand type(s) for +: 'int' and 'str'",
        ),
        (
            [env("1", {"flag": "true"}, {"flag": "merge"}), env("2", {"flag": "false"}, {"flag": "merge"})],
            "Invalid merge strategy 'merge' for parameter 'flag'.",
        ),
        (
            [env("1", {"tags": "a,b"}, {"tags": "merge"}), env("2", {"tags": ["c"]}, {"tags": "merge"})],
            "'str' object has no attribute 'extend'",
        ),
        (
            [env("1", {"name": 5}, {"name": "merge"}), env("2", {"name": "c"}, {"name": "merge"})],
            "sequence item 0: expected str instance, int found",
        ),
    ],
)
def test_merge_errors(files: list[EnvironmentValues], message: str) -> None:
    assert [error.message for error in merge_environments(files, TYPES).errors] == [message]


def test_the_files_values_stay_as_read() -> None:
    first = env("1", {"meta": {"a": {"b": 1}}}, {"meta": "deep_merge"})
    merge_environments([first, env("2", {"meta": {"a": {"c": 2}}}, {"meta": "deep_merge"})], TYPES)
    assert first.parameter_defaults == {"meta": {"a": {"b": 1}}}
