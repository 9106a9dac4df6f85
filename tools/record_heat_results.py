#!/usr/bin/env python3
"""Record what Heat 27.0.1 itself makes of every recorded case in tests/evaluation (dev only).

Usage: python3 tools/record_heat_results.py [--venv DIR]

Creates (or reuses) a venv at DIR (default /tmp/heat-27-venv) holding openstack-heat==27.0.1, re-runs itself with
that venv's python, evaluates each ``record=True`` case with Heat (no database, no cloud) and writes
tests/evaluation/heat_results.json. The test suite never runs this script; it only reads the JSON.

Each result is ``{"value": ...}`` or ``{"error": <core message, without Heat's dotted path prefix>,
"error_type": <exception class>, "full": stable(str(exc))}``. A value that JSON cannot hold exactly (Heat's Ellipsis
marker, NaN, a non-str key, a set, ...) is recorded as ``{"unjsonable": repr(value)}``, which the test reports
as a case to fix rather than comparing it.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import re
import sys
from pathlib import Path

from heat_venv import prepare_heat_import, request_context, run_in_heat_venv  # tools/, beside this script

HEAT_VERSION = "27.0.1"
ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "evaluation"
RESULTS = CASES_DIR / "heat_results.json"
PACKAGE = "hot_lsp_evaluation_cases"

# Parts of Heat's messages that depend on the host or on hash order, cut so the recording is stable:
# digest lists hashlib.algorithms_available as a set (facts §4 digest).
UNSTABLE = [(re.compile(r"(Algorithm must be one of) \{.*\}", re.S), r"\1")]
# Parameters.validate prefixes the parameter's name, as a path would; the evaluator reports it at parameters.<name>.
PARAMETER_PREFIX = re.compile(r"^Parameter '[^']*' is invalid: ")


def load_cases():
    """Import tests/evaluation as a package by path, so the case modules' relative imports work."""
    spec = importlib.util.spec_from_file_location(
        PACKAGE, CASES_DIR / "__init__.py", submodule_search_locations=[str(CASES_DIR)]
    )
    package = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = package
    spec.loader.exec_module(package)
    case_format = importlib.import_module(f"{PACKAGE}.case_format")
    return case_format, case_format.load_cases(PACKAGE)


def jsonable(value) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(jsonable(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and jsonable(v) for k, v in value.items())
    return False


def stable(message: str) -> str:
    for pattern, replacement in UNSTABLE:
        message = pattern.sub(replacement, message)
    return message


def core_message(exc, exception) -> str:
    """Heat's message without its dotted path prefix; a KeyError's text without the quotes str(KeyError) adds."""
    message = exc.error_message if isinstance(exc, exception.HeatExceptionWithPath) else str(exc)
    original = exc
    while isinstance(original, exception.HeatExceptionWithPath) and original.__context__ is not None:
        original = original.__context__  # Template.parse re-raises ValueError/TypeError/KeyError with a path
    if isinstance(original, KeyError) and original.args and message == str(original):
        message = str(original.args[0])
    return stable(PARAMETER_PREFIX.sub("", message))


def record() -> None:
    prepare_heat_import()

    from heat.api.openstack.v1.stacks import InstantiationData
    from heat.common import environment_util, exception, template_format
    from heat.engine import environment, stack, template

    ctx = request_context()
    case_format, cases = load_cases()

    def environment_of(case, parsed) -> dict:
        # As `openstack stack create -t t.yaml -e env0.yaml -e env1.yaml -P name=value` sends them (python-heatclient
        # 5.3: the files by name in `environment_files`, the -P values as `parameters`), read by Heat's own code: the
        # API's environment (the -P values), then the engine's merge of the files over it, in order.
        names = [f"env{index}.yaml" for index in range(len(case.environments))]
        files = {**dict(case.files), **{name: json.dumps(env) for name, env in zip(names, case.environments)}}
        data = {"parameters": dict(case.values), "files": files}
        if names:
            data["environment_files"] = names
        env = InstantiationData(data).environment()
        schemata = template.Template(parsed, files=files).all_param_schemata(files)
        environment_util.merge_environments(names, files, env, schemata)
        return env

    def evaluate(case):
        parsed = template_format.parse(case_format.template_text(case))
        env = environment.Environment(environment_of(case, parsed))
        tmpl = template.Template(parsed, env=env, files=dict(case.files))
        st = stack.Stack(ctx, "test_stack", tmpl)
        st.validate()  # template, parameter values, conditions, outputs: what a create or preview checks first
        if case.context == "condition":
            return st.t.conditions(st).is_enabled("result")
        return st.outputs["result"].get_value()

    results = {}
    for case in cases:
        if not case.record:
            continue
        try:
            value = evaluate(case)
        except Exception as exc:  # every failure is a result worth recording
            error = core_message(exc, exception)
            results[case.id] = {"error": error, "error_type": type(exc).__name__, "full": stable(str(exc))}
        else:
            results[case.id] = {"value": value} if jsonable(value) else {"unjsonable": repr(value)}

    RESULTS.write_text(
        json.dumps({"heat_version": HEAT_VERSION, "results": dict(sorted(results.items()))}, indent=1, sort_keys=True)
        + "\n"
    )
    errors = sum("error" in r for r in results.values())
    print(f"{len(results)} cases recorded ({errors} errors, {len(results) - errors} values) in {RESULTS}")


def main() -> None:
    run_in_heat_venv(__file__, __doc__.splitlines()[0], HEAT_VERSION, record)


if __name__ == "__main__":
    main()
