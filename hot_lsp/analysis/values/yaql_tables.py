"""yaql's parse tables, stored with hot-lsp instead of computed at every start.

yaql builds its parser with its own copy of PLY, which computes the LALR tables of yaql's grammar every time an
engine is made: ~130 ms of the ~160 ms an engine costs, paid by every process that evaluates or checks yaql (the
language server, each yaql helper process, each worker of ``hot-lsp check``). The tables depend on the grammar
only, so ``yaql_parse_tables.json`` holds them with a digest of the grammar they were computed for; an engine made
:func:`with_stored_tables` takes them when its grammar has that digest, and computes them as before when not (another
yaql). ``python -m hot_lsp.analysis.values.yaql_tables`` writes the file again for the installed yaql
(``tests/analysis/test_yaql_tables.py`` says when it is out of date).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TABLES = Path(__file__).with_name("yaql_parse_tables.json")
_patching = threading.Lock()


def grammar_digest(grammar: Any) -> str:
    """What the tables are a function of: the productions in order, their precedence, the start symbol."""
    described = [
        [str(production), list(production.prec) if production.prec else None]
        for production in grammar.Productions
        if production is not None
    ]
    precedence = sorted((term, list(value)) for term, value in grammar.Precedence.items())
    text = json.dumps([described, precedence, grammar.Start], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _stored() -> dict[str, Any] | None:
    try:
        found = json.loads(TABLES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


class _StoredTable:
    """What PLY's parser reads of an ``LRTable`` (its productions, actions and gotos), from the stored tables."""

    def __init__(self, grammar: Any, action: dict[int, dict[str, int]], goto: dict[int, dict[str, int]]) -> None:
        self.grammar = grammar
        self.lr_productions = grammar.Productions
        self.lr_action = action
        self.lr_goto = goto
        self.sr_conflicts: list[Any] = []
        self.rr_conflicts: list[Any] = []

    def bind_callables(self, pdict: dict[str, Any]) -> None:
        for production in self.lr_productions:
            production.bind(pdict)


def _table_maker(computed: Callable[..., Any], stored: dict[str, Any]) -> Callable[..., Any]:
    def make(grammar: Any, log: Any = None) -> Any:
        if stored.get("digest") != grammar_digest(grammar):
            return computed(grammar, log)
        return _StoredTable(grammar, _keyed(stored["action"]), _keyed(stored["goto"]))

    return make


def _keyed(table: dict[str, dict[str, int]]) -> dict[int, dict[str, int]]:
    return {int(state): dict(row) for state, row in table.items()}


@contextmanager
def with_stored_tables() -> Iterator[None]:
    """While in this block, yaql engines made here take the stored tables when their grammar is the one stored."""
    from yaql._ply import yacc

    stored = _stored()
    if stored is None:
        yield
        return
    with _patching:
        computed = yacc.LRTable
        yacc.LRTable = _table_maker(computed, stored)
        try:
            yield
        finally:
            yacc.LRTable = computed


def computed_tables() -> dict[str, Any]:
    """The tables of the installed yaql's grammar, computed by PLY (what the stored file should hold)."""
    import yaql
    from yaql._ply import yacc

    made: list[Any] = []
    computed = yacc.LRTable

    def keep(grammar: Any, log: Any = None) -> Any:
        table = computed(grammar, log)
        made.append(table)
        return table

    with _patching:
        yacc.LRTable = keep
        try:
            yaql.YaqlFactory().create()
        finally:
            yacc.LRTable = computed
    table = made[-1]
    return {
        "yaql": getattr(yaql, "__version__", None) or _yaql_version(),
        "digest": grammar_digest(table.grammar),
        "action": {str(state): row for state, row in sorted(table.lr_action.items())},
        "goto": {str(state): row for state, row in sorted(table.lr_goto.items())},
    }


def _yaql_version() -> str:
    from importlib.metadata import version

    return version("yaql")


if __name__ == "__main__":
    TABLES.write_text(json.dumps(computed_tables(), sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {TABLES}")
