"""docs/architecture.md is a map whose every invariant is held by a test that exists.

An invariant is a bullet starting "Invariant:"; it names its tests as `tests/<file>.py::<test function>`. A bullet
with no such name, or naming a file or function that does not exist, fails here, so the map cannot claim what
nothing checks, and a test renamed or removed takes its invariant with it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "docs" / "architecture.md"
MAX_LINES = 250
TEST_NAME = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def invariants() -> list[str]:
    """Each invariant bullet of the map, its continuation lines joined."""
    found: list[str] = []
    current: list[str] | None = None
    for line in MAP.read_text().splitlines():
        if line.startswith("- Invariant:"):
            current = [line]
            found.append("")
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line.strip())
        else:
            current = None
        if current is not None:
            found[-1] = " ".join(current)
    return found


def functions_defined_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_the_map_is_short() -> None:
    lines = len(MAP.read_text().splitlines())
    assert lines <= MAX_LINES, f"docs/architecture.md has {lines} lines; the map keeps to {MAX_LINES}"


def test_the_map_states_invariants() -> None:
    assert len(invariants()) >= 15


def test_every_invariant_names_a_test_that_exists() -> None:
    wrong = []
    for invariant in invariants():
        names = TEST_NAME.findall(invariant)
        if not names:
            wrong.append(f"names no test: {invariant}")
        for file, function in names:
            path = ROOT / file
            if not path.is_file():
                wrong.append(f"{file} does not exist: {invariant}")
            elif function not in functions_defined_in(path):
                wrong.append(f"{file} has no {function}: {invariant}")
    assert not wrong, "\n".join(wrong)
