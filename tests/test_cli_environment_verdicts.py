"""Issue 28 items 3, 4 and 5 (the environment part) through `hot-lsp check main.yaml --env ...` as a user runs it:
what python-heatclient refuses to read in a given environment, what the engine refuses when it merges the given
environments, and an environment none of whose sections Heat knows. Without the environments named, what an
environment could still supply stays a warning (the last cases).

Every verdict was confirmed with Heat 27.0.1's own code (tools/conformance/heat_verdicts.py in a throwaway venv
with openstack-heat==27.0.1 and python-heatclient 5.3: heatclient's process_multiple_environments_and_files, the
engine's merge_environments after the API's default_for_missing, the create-time validation); Heat's or
heatclient's words are quoted beside each case. Accepted stacks are controls: no error.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import check_in

MAIN = """\
heat_template_version: 2018-08-31
parameters:
  name: {type: string, default: a}
  size: {type: number, default: 1}
  tags: {type: comma_delimited_list, default: "x"}
  meta: {type: json, default: {a: 1}}
  flag: {type: boolean, default: false}
resources:
  box:
    type: My::Box
  web:
    type: OS::Heat::None
    properties: {value: [{get_param: name}, {get_param: size}, {get_param: tags}, {get_param: meta}, {get_param: flag}]}
"""
BOX = "heat_template_version: 2018-08-31\nresources: {}\n"
REGISTRY = "resource_registry:\n  My::Box: box.yaml\n"
TWO = ["--env", "env.yaml", "--env", "env2.yaml", "main.yaml"]
ONE = ["--env", "env.yaml", "main.yaml"]


def check(tmp_path: Path, files: dict[str, str], *args: str) -> tuple[int, list[tuple[str, str, str, str]]]:
    """Exit code and (file, code, severity, text under the range) of each finding."""
    for name, text in {"main.yaml": MAIN, "box.yaml": BOX, **files}.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return check_in(tmp_path, "--no-config", *args)


# Each case: the environment files, the command line, the errors expected (file, code, text under the range).
CASES = {
    # -- item 3: what python-heatclient reads (resolve_environment_urls) --
    # Control. Heat: accepted.
    "a registry template that exists": ({"env.yaml": REGISTRY}, ONE, []),
    # heatclient: "Could not fetch contents for file:///.../missing.yaml"
    "a registry template that does not exist": (
        {"env.yaml": "resource_registry:\n  My::Box: missing.yaml\n"},
        ONE,
        [("env.yaml", "E7017", "missing.yaml")],
    ),
    # heatclient reads every entry, used or not: "Could not fetch contents for file:///.../missing.yaml"
    "an unused registry template that does not exist": (
        {"env.yaml": REGISTRY + "  My::Other: missing.yaml\n"},
        ONE,
        [("env.yaml", "E7017", "missing.yaml")],
    ),
    # Any value without '::' is fetched: "Could not fetch contents for file:///.../other.yml"
    "a .yml registry file that does not exist": (
        {"env.yaml": REGISTRY + "  My::Other: other.yml\n"},
        ONE,
        [("env.yaml", "E7017", "other.yml")],
    ),
    # "Could not fetch contents for file:///.../Thing"
    "a registry type without ::": (
        {"env.yaml": REGISTRY + "  My::Other: Thing\n"},
        ONE,
        [("env.yaml", "E7017", "Thing")],
    ),
    # "Could not fetch contents for file:///.../nothere.yaml"
    "a scoped registry template that does not exist": (
        {"env.yaml": REGISTRY + "  resources:\n    web:\n      OS::Heat::None: nothere.yaml\n"},
        ONE,
        [("env.yaml", "E7017", "nothere.yaml")],
    ),
    # A misspelt key's value is a file name: "Could not fetch contents for file:///.../pre-create"
    "a misspelt hooks key": (
        {"env.yaml": REGISTRY + "  resources:\n    web:\n      hook: pre-create\n"},
        ONE,
        [("env.yaml", "E7017", "pre-create")],
    ),
    # "Could not fetch contents for file:///.../replace"
    "a misspelt restricted_actions key": (
        {"env.yaml": REGISTRY + "  resources:\n    web:\n      restricted_action: replace\n"},
        ONE,
        [("env.yaml", "E7017", "replace")],
    ),
    # Control. Heat: accepted.
    "a hooks key": ({"env.yaml": REGISTRY + "  resources:\n    web:\n      hooks: pre-create\n"}, ONE, []),
    # heatclient's `'::' in value`: "argument of type 'NoneType' is not iterable"
    "a null registry value": (
        {"env.yaml": REGISTRY + "  My::Other: null\n"},
        ONE,
        [("env.yaml", "E7017", "My::Other")],
    ),
    # "argument of type 'int' is not iterable" (E7005 already said it)
    "a number as a registry value": (
        {"env.yaml": REGISTRY + "  My::Other: 5\n"},
        ONE,
        [("env.yaml", "E7005", "5")],
    ),
    # -- item 4: the engine's environment (Environment.load, merge_environments) --
    # StackValidationFailed: "The Resource Type (My::Box) could not be found." (the registry is case-sensitive)
    "a registry name that differs only in case": (
        {"env.yaml": "resource_registry:\n  My::box: box.yaml\n"},
        ONE,
        [("main.yaml", "E3014", "My::Box")],
    ),
    # AttributeError: "'dict' object has no attribute 'get_resource_info'" (the map is loaded as a registry)
    "a registry value that is a map": (
        {"env.yaml": "resource_registry:\n  My::Box: {file: box.yaml}\n"},
        ONE,
        [("main.yaml", "E3014", "My::Box")],
    ),
    # Control. Heat: accepted (no resource of the type mapped to a map).
    "an unused registry value that is a map": (
        {"env.yaml": REGISTRY + "  My::Other: {file: box.yaml}\n"},
        ONE,
        [],
    ),
    # InvalidBreakPointHook: 'Invalid hook type "pre_create" for resource breakpoint, acceptable hook types are: ...'
    "a misspelt hook": (
        {"env.yaml": REGISTRY + "  resources:\n    web:\n      hooks: pre_create\n"},
        ONE,
        [("env.yaml", "E7006", "pre_create")],
    ),
    # TypeError: "ZaqarEventSink.__init__() missing 1 required positional argument: 'target'"
    "an event sink without a target": (
        {"env.yaml": REGISTRY + "event_sinks:\n  - type: zaqar-queue\n"},
        ONE,
        [("env.yaml", "E7004", "t")],
    ),
    # AttributeError: "'str' object has no attribute 'copy'" (a map where the list of sinks goes)
    "event sinks as a map": (
        {"env.yaml": REGISTRY + "event_sinks:\n  type: zaqar-queue\n  target: q\n"},
        ONE,
        [("env.yaml", "E7003", "type: zaqar-queue")],
    ),
    # Control. Heat: accepted.
    "an event sink": ({"env.yaml": REGISTRY + "event_sinks:\n  - type: zaqar-queue\n    target: q\n"}, ONE, []),
    # merge_map of two lists: "'list' object has no attribute 'items'"
    "event sinks in two files": (
        {
            "env.yaml": REGISTRY + "event_sinks:\n  - type: zaqar-queue\n    target: q\n",
            "env2.yaml": "event_sinks:\n  - type: zaqar-queue\n    target: r\n",
        },
        TWO,
        [("main.yaml", "E7018", "heat_template_version")],
    ),
    # ConflictingMergeStrategyForParam: "Conflicting merge strategy 'merge' for parameter 'name' in file '...env2.yaml'."
    "a merge strategy declared only in a later file": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  name: c\n",
        },
        TWO,
        [("main.yaml", "E7018", "name")],
    ),
    # The strategy is the parameter's across both sections: the same ConflictingMergeStrategyForParam.
    "a merge strategy conflicting across sections": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  name: merge\nparameters:\n  name: c\n",
        },
        TWO,
        [("main.yaml", "E7018", "name")],
    ),
    # Control. Heat: accepted (the later file's strategy names a parameter it does not set).
    "a later strategy for a parameter that file does not set": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  size: 2\n",
        },
        TWO,
        [],
    ),
    # Control. Heat: accepted ('b' + 'c').
    "merge declared in both files": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  name: c\n",
        },
        TWO,
        [],
    ),
    # Control. Heat: accepted (a file's default only applies to a parameter with no strategy yet: `name` keeps
    # overwrite, get_param_merge_strategy's available_strategies).
    "a later default strategy": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  default: merge\nparameter_defaults:\n  name: c\n",
        },
        TWO,
        [],
    ),
    # ValueError: "Invalid parameter in environment ." (merge of a YAML number)
    "merge of a number": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: 2\n",
            "env2.yaml": "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: 3\n",
        },
        TWO,
        [("main.yaml", "E7018", "size")],
    ),
    # A nested template's parameter merges too (all_param_schemata): "Invalid parameter in environment ."
    "merge of a nested template's number": (
        {
            "box.yaml": "heat_template_version: 2018-08-31\nparameters:\n  weight: {type: number, default: 1}\n",
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  weight: merge\nparameter_defaults:\n  weight: 2\n",
            "env2.yaml": "parameter_merge_strategies:\n  weight: merge\nparameter_defaults:\n  weight: 3\n",
        },
        TWO,
        [("main.yaml", "E7018", "heat_template_version")],
    ),
    # Control. Heat: accepted (the first file's value is taken whole: nothing is merged).
    "merge of a number in one file": (
        {"env.yaml": REGISTRY + "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: 2\n"},
        ONE,
        [],
    ),
    # Control. Heat: accepted ('2' + '3' = '23').
    "merge of numbers written as text": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: '2'\n",
            "env2.yaml": "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: '3'\n",
        },
        TWO,
        [],
    ),
    # Merged onto a section another file started: "Invalid parameter in environment ."
    "merge of a number a later file sets first": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: 2\n",
        },
        TWO,
        [("main.yaml", "E7018", "size")],
    ),
    # TypeError: "unsupported operand type(s) for +: 'int' and 'str'"
    "merge of a text number a later file sets first": (
        {
            "env.yaml": REGISTRY + "parameter_defaults:\n  name: b\n",
            "env2.yaml": "parameter_merge_strategies:\n  size: merge\nparameter_defaults:\n  size: '2'\n",
        },
        TWO,
        [("main.yaml", "E7018", "size")],
    ),
    # ValueError: "Invalid parameter in environment ." (a YAML boolean)
    "merge of a boolean": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  flag: merge\nparameter_defaults:\n  flag: true\n",
            "env2.yaml": "parameter_merge_strategies:\n  flag: merge\nparameter_defaults:\n  flag: false\n",
        },
        TWO,
        [("main.yaml", "E7018", "flag")],
    ),
    # InvalidMergeStrategyForParam: "Invalid merge strategy 'merge' for parameter 'flag'."
    "merge of a boolean written as text": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  flag: merge\nparameter_defaults:\n  flag: 'true'\n",
            "env2.yaml": "parameter_merge_strategies:\n  flag: merge\nparameter_defaults:\n  flag: 'false'\n",
        },
        TWO,
        [("main.yaml", "E7018", "flag")],
    ),
    # AttributeError: "'str' object has no attribute 'extend'" (a text list, then a YAML list)
    "merge of a list text then a list": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  tags: merge\nparameter_defaults:\n  tags: a,b\n",
            "env2.yaml": "parameter_merge_strategies:\n  tags: merge\nparameter_defaults:\n  tags: [c]\n",
        },
        TWO,
        [("main.yaml", "E7018", "tags")],
    ),
    # TypeError: "sequence item 0: expected str instance, int found"
    "merge onto a string given as a number": (
        {
            "env.yaml": REGISTRY + "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  name: 5\n",
            "env2.yaml": "parameter_merge_strategies:\n  name: merge\nparameter_defaults:\n  name: c\n",
        },
        TWO,
        [("main.yaml", "E7018", "name")],
    ),
    # Control. Heat: accepted ({a: {b: 1, c: 2}}).
    "deep_merge of json": (
        {
            "env.yaml": REGISTRY
            + "parameter_merge_strategies:\n  meta: deep_merge\nparameter_defaults:\n  meta: {a: {b: 1}}\n",
            "env2.yaml": "parameter_merge_strategies:\n  meta: deep_merge\nparameter_defaults:\n  meta: {a: {c: 2}}\n",
        },
        TWO,
        [],
    ),
    # -- item 5: an environment with no section Heat knows --
    # heatclient's environment_format.parse: "The environment is not a valid YAML mapping data type."
    # (The second file maps My::Box: with no environment mapping it, Heat cannot find the type, E3014.)
    "an environment that is a list": (
        {"env.yaml": "- parameter_defaults:\n    name: b\n", "env2.yaml": REGISTRY},
        TWO,
        [("env.yaml", "E7019", "-")],
    ),
    # Control. Heat: accepted (an empty environment is {}).
    "an empty environment": ({"env.yaml": "", "env2.yaml": REGISTRY}, TWO, []),
    # heatclient's environment_format.parse: 'environment has wrong section "paramters"'
    "an environment whose only section is misspelt": (
        {"env.yaml": "paramters:\n  name: x\n", "env2.yaml": REGISTRY},
        TWO,
        [("env.yaml", "E7001", "paramters")],
    ),
    # Heat: The Resource Type (My::Box) could not be found. (No environment given maps it.)
    "a type no environment given maps": (
        {"env.yaml": "parameter_defaults:\n  name: b\n"},
        ONE,
        [("main.yaml", "E3014", "My::Box")],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_environment_verdicts(tmp_path: Path, case: str) -> None:
    files, args, wanted = CASES[case]
    code, found = check(tmp_path, files, *args)
    assert sorted((f, c, shown) for f, c, severity, shown in found if severity == "error") == sorted(wanted)
    assert code == (1 if wanted else 0)


def test_merged_values_are_the_ones_the_analysis_uses(tmp_path: Path) -> None:
    """deep_merge gives {a: {b: 1, c: 2}} (Heat's merge_map): render shows the merged value."""
    files = {
        "env.yaml": REGISTRY
        + "parameter_merge_strategies:\n  meta: deep_merge\nparameter_defaults:\n  meta: {a: {b: 1}}\n",
        "env2.yaml": "parameter_merge_strategies:\n  meta: deep_merge\nparameter_defaults:\n  meta: {a: {c: 2}}\n",
    }
    for name, text in {"main.yaml": MAIN, "box.yaml": BOX, **files}.items():
        (tmp_path / name).write_text(text)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "hot_lsp",
            "render",
            "--no-config",
            "--format",
            "json",
            "--env",
            "env.yaml",
            "--env",
            "env2.yaml",
            "main.yaml",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["parameters"]["meta"] == {"a": {"b": 1, "c": 2}}


# Without the environments named, a missing registry file is only what an environment could still supply.
def test_without_env_a_missing_registry_file_stays_a_warning(tmp_path: Path) -> None:
    code, found = check(tmp_path, {"env.yaml": "resource_registry:\n  My::Box: missing.yaml\n"}, "env.yaml")
    assert [(f, c, s) for f, c, s, _ in found if c.startswith(("E70", "W70"))] == [("env.yaml", "W7008", "warning")]
    assert code == 0
