"""The offline evaluator against Heat 27.0.1, one test per case of the cases_*.py tables.

Recorded cases expect what Heat itself gave (heat_results.json, written by tools/record_heat_results.py);
the others expect their own `expect`. A recorded ``{"unjsonable": ...}`` result (a value JSON cannot hold, such as
Heat's Ellipsis marker) fails the case: rewrite the case so Heat returns plain data.
"""

import json

import pytest

from hot_lsp.analysis.evaluation.inputs import EnvironmentValues, Inputs
from hot_lsp.analysis.evaluation.render import render
from hot_lsp.analysis.validate import analyze
from hot_lsp.analysis.values.file_source import DictFiles

from .case_format import RESULTS_FILE, Case, load_cases, template_text

CASES = load_cases(__package__)
RESULTS = json.loads(RESULTS_FILE.read_text())["results"] if RESULTS_FILE.exists() else {}
RERUN = "run `python3 tools/record_heat_results.py --venv DIR` to record Heat's results"


def _plain(value):
    return json.loads(json.dumps(value))


def _squash(text) -> str:
    return " ".join(str(text).split()).lower()


def _under(path: str, prefixes) -> bool:
    return any(path == p or path.startswith(p + ".") or path.startswith(p + "[") for p in prefixes)


def expected_outcome(case: Case) -> dict:
    if not case.record:
        return case.expect
    if case.id not in RESULTS:
        pytest.fail(f"no Heat result recorded for {case.id}: {RERUN}")
    if "unjsonable" in RESULTS[case.id]:
        pytest.fail(
            f"Heat's result for {case.id} is not plain data ({RESULTS[case.id]['unjsonable']}): change the case"
        )
    return RESULTS[case.id]


def check(case: Case) -> None:
    expected = expected_outcome(case)
    inputs = Inputs(
        environments=tuple(EnvironmentValues.from_mapping(f"env{i}", env) for i, env in enumerate(case.environments)),
        explicit=case.values,
    )
    rendered = render(analyze(template_text(case)), inputs, files=DictFiles(case.files))
    errors = rendered["errors"]
    own = ("outputs.result",) if case.context == "value" else ("conditions.result", "outputs.result")
    if "error" in expected:
        # Parameter-value errors and failing conditions that the result reads are reported where they arise.
        want = _squash(expected["error"])
        reported = [e for e in errors if _under(e["path"], (*own, "parameters", "conditions"))]
        assert any(want in _squash(e["message"]) for e in reported), (
            f"expected an error containing {expected['error']!r}; got {errors!r}"
        )
        return
    assert not [e for e in errors if _under(e["path"], own)], f"unexpected errors {errors!r}"
    actual = rendered["outputs"].get("result") if case.context == "value" else rendered["conditions"].get("result")
    assert _plain(actual) == _plain(expected["value"])


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case(case: Case) -> None:
    check(case)
