"""E7020 through the command line: a nested template's fault, found as Heat validates the nested stack with the
stack's environments, reported at the parent's resource in Heat's words (``resources.box<file://lib/box.yaml>:``),
with the child's file and line. The stacks are the bundle recording's (Heat 27.0.1's verdicts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bundle_cases import write_case

from hot_lsp.cli import main


def check(capsys, folder: Path, environments: list[str]) -> tuple[int, list[dict[str, Any]]]:
    args = [arg for name in environments for arg in ("--env", str(folder / name))]
    code = main(["check", "--format", "json", *args, str(folder / "main.yaml")])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("case_id", "heat_words"),
    [
        ("type-path#child_output_get_attr_missing", 'The specified reference "no_such_resource"'),
        ("type-path#child_bad_function_args", 'Incorrect arguments to "list_join"'),
        ("registry#child_string_default_too_short", "length (1) is out of range (min: 2, max: 24)"),
        ("type-path#parameter_default_wrong_type", "could not convert string to float: 'big'"),
        # a group's member "0": resources.NAME<nested_stack>.resources.0<file://PATH>
        ("group#child_output_get_attr_missing", 'The specified reference "no_such_resource"'),
        ("group#child_default_breaks_constraint", "500 is out of range (min: 0, max: 10)"),
        ("group#parameter_default_wrong_type", "could not convert string to float: 'big'"),
        # a type no environment given maps, in the child or the member
        ("type-path#child_unknown_type", "The Resource Type (Custom::Unmapped) could not be found."),
        ("registry#child_unknown_type", "The Resource Type (Custom::Unmapped) could not be found."),
        ("group#child_unknown_type", "The Resource Type (Custom::Unmapped) could not be found."),
    ],
)
def test_a_childs_fault_is_reported_at_the_parent_in_heats_words(
    tmp_path: Path, capsys, case_id: str, heat_words: str
) -> None:
    case, environments = write_case(tmp_path, case_id)
    assert case["verdict"] == "rejected" and heat_words in case["heat_says"]
    code, found = check(capsys, tmp_path, environments)
    # Heat's prefix, as recorded: resources.NAME<file://PATH> (Heat stops at the first resource; hot-lsp reports
    # each resource whose type reaches the child)
    said = case["heat_says"].removeprefix("InvalidSchemaError: ")
    heat_prefix = said.split(": ", 1)[0].split(".outputs")[0]
    at_parent = [d for d in found if d["code"] == "E7020" and d["message"].startswith(heat_prefix + ": ")]
    assert code == 1 and len(at_parent) == 1, found
    finding = at_parent[0]
    assert Path(finding["file"]).name == "main.yaml"
    assert heat_words.split(" (")[0] in finding["message"]
    child = heat_prefix.split("<file://", 1)[1].rstrip(">")
    assert f"[{child}:" in finding["message"]  # the child's file and line


@pytest.mark.parametrize("case_id", ["group#child_yaml_error", "group#child_output_without_value"])
def test_a_group_members_template_fault_is_reported_at_the_member_type(tmp_path: Path, capsys, case_id: str) -> None:
    # Heat meets these reading the member's template, before it names the member: resources.NAME<nested_stack>:
    case, environments = write_case(tmp_path, case_id)
    assert case["verdict"] == "rejected" and case["heat_says"].startswith("resources.workers<nested_stack>: ")
    code, found = check(capsys, tmp_path, environments)
    at_parent = [d for d in found if d["code"] == "E7020"]
    assert code == 1 and len(at_parent) == 1, found
    finding = at_parent[0]
    assert finding["message"].startswith("resources.workers<nested_stack>: ") and "[worker.yaml:" in finding["message"]
    line = (tmp_path / "main.yaml").read_text().splitlines()[finding["range"]["start"]["line"]]
    assert "worker.yaml" in line  # at the member's type, in the group's definition


def test_without_the_environments_the_child_is_left_to_its_own_check(tmp_path: Path, capsys) -> None:
    write_case(tmp_path, "type-path#child_output_get_attr_missing")
    code, found = check(capsys, tmp_path, [])
    assert not [d for d in found if d["code"] == "E7020"]


@pytest.mark.parametrize("case_id", ["group#group_index_makes_value_too_small", "group#group_member_fault_in_member"])
def test_a_members_value_is_judged_as_the_parent_passes_it(tmp_path: Path, capsys, case_id: str) -> None:
    # '%index%' is '0' in member 0 (the member Heat validates), so the member's RandomString gets length 0. Heat's
    # nested validation is not strict: it names RandomString's own check; hot-lsp names the property's range (what
    # Heat says when it creates the member, strictly), at the member's type, with the member's place.
    case, environments = write_case(tmp_path, case_id)
    prefix = "resources.workers<nested_stack>.resources.0<file://worker.yaml>: "
    assert case["verdict"] == "rejected" and case["heat_says"].startswith(prefix)
    assert "Length property cannot be smaller" in case["heat_says"]
    code, found = check(capsys, tmp_path, environments)
    said = [d for d in found if d["code"] == "E7020"]
    assert code == 1 and len(said) == 1, found
    assert said[0]["message"].startswith(prefix + "0 is out of range (min: 1, max: 512)"), said[0]["message"]
    assert "[worker.yaml:22]" in said[0]["message"]


@pytest.mark.parametrize(
    "case_id",
    [
        "registry#child_default_breaks_constraint",  # parameter_defaults replace the default Heat validates
        "group#group_index_makes_value_large_enough",  # '1%index%' is 10 in member 0: long enough
        "group#group_index_value_long_enough",  # wkr%index% is wkr0 in member 0: 4 characters, as required
    ],
)
def test_a_control_gives_no_error(tmp_path: Path, capsys, case_id: str) -> None:
    case, environments = write_case(tmp_path, case_id)
    assert case["verdict"] == "accepted"
    code, found = check(capsys, tmp_path, environments)
    assert code == 0 and not [d for d in found if d["severity"] == "error"], found


def test_a_member_template_that_is_not_there_stops_heatclient(tmp_path: Path, capsys) -> None:
    case, environments = write_case(tmp_path, "group#group_member_template_missing")
    assert case["verdict"] == "client" and "Could not fetch contents for file://workers.yaml" in case["heat_says"]
    code, found = check(capsys, tmp_path, environments)
    said = [d for d in found if d["code"] == "E7021"]
    assert code == 1 and len(said) == 1, found
    assert said[0]["message"].endswith(f"Could not fetch contents for file://{tmp_path / 'workers.yaml'}")
    # Without the environments named, the file may be rendered at deploy time: a warning, W7012.
    code, found = check(capsys, tmp_path, [])
    assert [d["code"] for d in found if "workers.yaml" in d["message"]] == ["W7012"]


def test_a_template_that_includes_itself_does_not_recurse(tmp_path: Path, capsys) -> None:
    (tmp_path / "env.yaml").write_text("parameter_defaults: {}\n")
    (tmp_path / "main.yaml").write_text(
        "heat_template_version: 2018-08-31\nresources:\n  again:\n    type: main.yaml\n"
        "outputs:\n  o:\n    value: {get_attr: [nothing, x]}\n"
    )
    code, found = check(capsys, tmp_path, ["env.yaml"])
    assert code == 1
    assert {d["code"] for d in found if d["severity"] == "error"} >= {"E7013", "E4009"}


def test_the_childs_place_is_related_in_json_and_sarif(tmp_path: Path, capsys) -> None:
    _, environments = write_case(tmp_path, "group#child_output_get_attr_missing")
    code, found = check(capsys, tmp_path, environments)
    (finding,) = [d for d in found if d["code"] == "E7020"]
    (related,) = finding["related"]
    child = tmp_path / "worker.yaml"
    assert Path(related["file"]).resolve() == child.resolve()
    line = related["range"]["start"]["line"]
    assert f"[worker.yaml:{line + 1}]" in finding["message"]  # the line the message names
    assert "no_such_resource" in child.read_text().splitlines()[line][related["range"]["start"]["character"] :]
    assert 'The specified reference "no_such_resource"' in related["message"]
    assert not [d for d in found if d["code"] != "E7020" and "related" in d]  # only where there is another place

    args = [arg for name in environments for arg in ("--env", str(tmp_path / name))]
    main(["check", "--format", "sarif", *args, str(tmp_path / "main.yaml")])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    (result,) = [r for r in results if r["ruleId"] == "E7020"]
    (location,) = result["relatedLocations"]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == child.as_uri()
    assert location["physicalLocation"]["region"]["startLine"] == line + 1


def test_the_text_and_github_outputs_show_the_fault_in_the_child_too(tmp_path: Path, capsys) -> None:
    # The parent's one finding, then the child's place: a note line in text, an annotation in the child's file on
    # GitHub (where the fix goes), worded for the stack.
    _, environments = write_case(tmp_path, "group#group_index_makes_value_too_small")
    args = [arg for name in environments for arg in ("--env", name)]
    stack = "resources.workers<nested_stack>.resources.0<file://worker.yaml>"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        assert main(["check", *args, "main.yaml"]) == 1
        lines = capsys.readouterr().out.splitlines()
        assert main(["check", "--format", "github", *args, "main.yaml"]) == 1
        annotations = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("main.yaml:") and " E7020 " in line)
    assert lines[at + 1].startswith("  worker.yaml:22:15: E3019 0 is out of range (min: 1, max: 512)")
    in_child = [a for a in annotations if a.startswith("::error file=worker.yaml,line=22,")]
    assert len(in_child) == 1 and f"::In the stack of main.yaml ({stack}): 0 is out of range" in in_child[0]
    assert "title=hot-lsp E3019 (in the stack of main.yaml)" in in_child[0]
    assert lines[-1].startswith("3 file(s) checked: 1 error(s)")  # a note is not another finding


def test_a_child_that_is_a_pipe_is_never_opened(tmp_path: Path) -> None:
    # The bounded reader refuses a file that is not a regular one; the stack's check must not open it either
    # (opening a FIFO for reading waits for a writer: at 8ff52bf the check never ended).
    (tmp_path / "main.yaml").write_text("heat_template_version: 2021-04-16\nresources:\n  box: {type: pipe.yaml}\n")
    (tmp_path / "env.yaml").write_text("parameter_defaults: {}\n")
    os.mkfifo(tmp_path / "pipe.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", "--env", "env.yaml", "main.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "2 file(s) checked" in done.stdout, (done.stdout, done.stderr)  # (it hung)
