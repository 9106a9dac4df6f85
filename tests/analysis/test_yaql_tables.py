"""yaql's parse tables are stored with hot-lsp (yaql_tables.py): they must be the ones PLY computes for the
installed yaql, and an engine made with them must read every expression as one made without them does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaql
from yaql.language import exceptions

from hot_lsp.analysis.values import yaql_tables
from hot_lsp.analysis.values.yaql_engine import LIMIT_ITERATORS, MEMORY_QUOTA

EXPRESSIONS = [
    "$.data.a.select($ * 2).sum() + len('abc')",
    'let(hzx => regex("([0-9]+[K|M|G])").search($.data.k)) -> switch($hzx = "4K" => "4", $hzx => "2048")',
    "range(0, 5).where($ mod 2 = 0).join(',').split(',')",
    "$.data.m.values().select('{0}.{1}'.format($.x, $.get('y', 'z')))",
    "not true or false and 1 < 2 and [1, 2][0] = 1 and {a => 1}.a = 1 and -3 in [-3]",
    "$.data.a.",
    "(1 + ",
    "#$%",
    "a => => b",
]
DATA = {"a": [1, 2, 3], "k": "x2M", "m": {"p": {"x": "c", "y": "u"}}}


def test_the_stored_tables_are_those_of_the_installed_yaql() -> None:
    """If this fails, yaql changed: ``python -m hot_lsp.analysis.values.yaql_tables`` writes them again."""
    stored = json.loads(yaql_tables.TABLES.read_text(encoding="utf-8"))
    computed = yaql_tables.computed_tables()
    assert stored["digest"] == computed["digest"]
    assert stored["action"] == computed["action"]
    assert stored["goto"] == computed["goto"]


def _outcomes(engine: object) -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for expression in EXPRESSIONS:
        try:
            statement = engine(expression)  # type: ignore[operator]
        except exceptions.YaqlException as error:
            found.append(("syntax", str(error)))
            continue
        try:
            found.append(("value", statement.evaluate({"data": DATA}, yaql.create_context())))
        except Exception as error:
            found.append(("error", f"{type(error).__name__}: {error}"))
    return found


def _engine() -> object:
    options = {"yaql.limitIterators": LIMIT_ITERATORS, "yaql.memoryQuota": MEMORY_QUOTA}
    return yaql.YaqlFactory().create(options)


def test_an_engine_with_the_stored_tables_reads_expressions_as_without() -> None:
    with yaql_tables.with_stored_tables():
        stored = _engine()
    assert _outcomes(stored) == _outcomes(_engine())


def test_another_grammar_gets_its_tables_computed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    stored = json.loads(yaql_tables.TABLES.read_text(encoding="utf-8"))
    stored["digest"] = "another grammar"
    stored["action"] = {"0": {}}  # would break every parse if it were taken
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    monkeypatch.setattr(yaql_tables, "TABLES", path)
    with yaql_tables.with_stored_tables():
        engine = _engine()
    assert _outcomes(engine) == _outcomes(_engine())
