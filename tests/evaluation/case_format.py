"""Table-driven cases for the offline evaluator, checked against Heat 27.0.1.

Standard library only: this module is imported by pytest in the project's environment and by
``tools/record_heat_results.py`` inside a venv that holds Heat.

A case describes one value to evaluate (an output's value, or a ``conditions`` entry) inside a small template.
For ``record=True`` cases the expected outcome comes from ``heat_results.json`` (written by the recorder, which asks
Heat itself); for ``record=False`` cases it is the case's own ``expect``.

``resources`` is an addition to the brief's format: the symbolic (record=False) cases need real resources for
get_attr/get_resource to name. Snippets and condition texts are dedented, so they may be written indented.
"""

from __future__ import annotations

import importlib
import json
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

RESULTS_FILE = Path(__file__).with_name("heat_results.json")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()
CONTEXTS = ("value", "condition")


@dataclass(frozen=True)
class Case:
    id: str  # unique, e.g. "repeat/nested-product"
    version: str  # heat_template_version, e.g. "2016-10-14" or "wallaby"
    snippet: str  # YAML text of the value to evaluate (block style, unindented)
    context: str = "value"  # "value": an output's value; "condition": a conditions entry
    parameters: dict = field(default_factory=dict)  # the template's `parameters` section (plain data)
    conditions: dict = field(default_factory=dict)  # extra conditions section entries: name -> YAML text
    values: dict = field(default_factory=dict)  # user-supplied values (like -P / env `parameters`)
    environments: tuple = ()  # environment dicts applied in order ({"parameters": ..., "parameter_defaults": ...})
    files: dict = field(default_factory=dict)  # get_file contents keyed by the path as written
    resources: dict = field(default_factory=dict)  # resources section entries: name -> YAML text (symbolic cases)
    record: bool = True  # False: Heat cannot give a comparable answer; then `expect` is required
    expect: object = MISSING  # expected outcome when record is False: {"value": ...} or {"error": "substring"}
    note: str = ""  # which fact this checks

    def __post_init__(self) -> None:
        if self.context not in CONTEXTS:
            raise ValueError(f"{self.id}: context must be one of {CONTEXTS}")
        if not self.record and not (
            isinstance(self.expect, dict) and len(self.expect.keys() & {"value", "error"}) == 1
        ):
            raise ValueError(f"{self.id}: a record=False case needs expect={{'value': ...}} or {{'error': ...}}")
        if self.record and self.resources:
            raise ValueError(f"{self.id}: recorded cases hold no resources (Heat would need a cloud to resolve them)")
        if self.record and self.expect is not MISSING:
            raise ValueError(f"{self.id}: a recorded case takes its expectation from Heat, not from `expect`")


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    lines = textwrap.dedent(text).strip("\n").splitlines()
    return "\n".join(pad + line if line.strip() else "" for line in lines)


def template_text(case: Case) -> str:
    """The whole template for `case`, as YAML text."""
    out = [f"heat_template_version: {case.version}"]
    if case.parameters:
        out.append("parameters: " + json.dumps(case.parameters, sort_keys=True))
    conditions = dict(case.conditions)
    if case.context == "condition":
        conditions["result"] = case.snippet
    if conditions:
        out.append("conditions:")
        for name, text in conditions.items():
            out.append(f"  {name}:")
            out.append(_indent(text, 4))
    if case.resources:
        out.append("resources:")
        for name, text in case.resources.items():
            out.append(f"  {name}:")
            out.append(_indent(text, 4))
    out.append("outputs:")
    out.append("  result:")
    if case.context == "value":
        out.append("    value:")
        out.append(_indent(case.snippet, 6))
    else:
        out.append("    value: 1")
        out.append("    condition: result")
    return "\n".join(out) + "\n"


def load_cases(package: str) -> list[Case]:
    """Every case of the `cases_*.py` modules of `package` (this folder), checking ids are unique."""
    cases: list[Case] = []
    for path in sorted(Path(__file__).parent.glob("cases_*.py")):
        module = importlib.import_module(f"{package}.{path.stem}")
        cases.extend(module.CASES)
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise ValueError(f"duplicate case id {case.id!r}")
        seen.add(case.id)
    return cases
