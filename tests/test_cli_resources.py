"""`hot-lsp resources` as a user runs it: JSON and table output, nested depths, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from nested_trees import IN_PLACE_COUNTS, KUBECLUSTER, OVERCLOUD, OVERLAY_COUNTS, REGISTRY, tripleo_overlay
from shared_paths import needs_corpus

HEADER = "heat_template_version: 2016-10-14\n"
CHILD = HEADER + "resources:\n  inner:\n    type: OS::Heat::None\n"
TOP = (
    HEADER
    + "conditions:\n  never: false\n"
    + "resources:\n"
    + "  net:\n    type: OS::Neutron::Net\n"
    + "  nested:\n    type: child.yaml\n    depends_on: net\n"
    + "  unused:\n    type: child.yaml\n    condition: never\n"
)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "child.yaml").write_text(CHILD)
    (tmp_path / "top.yaml").write_text(TOP)
    return tmp_path


def test_json_rows_have_the_design_fields(tree: Path):
    result = run("resources", "top.yaml", "--nested-depth", "1", "--format", "json", cwd=tree)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["resources"]
    assert [(r["resource_name"], r["depth"]) for r in rows] == [
        ("net", 0),
        ("nested", 0),
        ("inner", 1),
        ("unused", 0),
        ("inner", 1),
    ]
    net, nested, inner, off, off_inner = rows
    assert list(net) == ["resource_name", "resource_type", "depth", "enabled", "required_by", "file", "range"]
    assert net["required_by"] == ["nested"] and net["file"] == "top.yaml"
    assert net["range"] == {"start": {"line": 4, "character": 2}, "end": {"line": 4, "character": 5}}
    assert nested["child_template"] == "child.yaml" and "parent" not in nested
    assert list(inner)[:8] == [
        "resource_name",
        "resource_type",
        "parent",
        "nested_template",
        "depth",
        "enabled",
        "required_by",
        "file",
    ]
    assert (inner["parent"], inner["nested_template"], inner["file"]) == ("nested", "child.yaml", "child.yaml")
    assert inner["range"]["start"] == {"line": 2, "character": 2}
    assert off["enabled"] is False and off_inner["enabled"] is False


def test_depth_zero_is_the_default(tree: Path):
    result = run("resources", "top.yaml", "--format", "json", cwd=tree)
    assert [r["resource_name"] for r in json.loads(result.stdout)["resources"]] == ["net", "nested", "unused"]


def test_the_table_says_what_the_next_level_would_show(tree: Path):
    # Issue 29 item 8: the default depth 0 hides nested stacks (a group's members among them); the table says so.
    result = run("resources", "top.yaml", cwd=tree)
    assert result.returncode == 0, result.stderr
    last = result.stdout.splitlines()[-1]
    assert (
        last == "2 more resource(s) in 2 nested stack(s) one level down: --nested-depth 1 lists them (MAX: every level)"
    )
    deeper = run("resources", "top.yaml", "--nested-depth", "1", cwd=tree)
    assert not deeper.stdout.splitlines()[-1].startswith(("1 more", "2 more")), deeper.stdout
    assert "more resource" not in run("resources", "top.yaml", "--format", "json", cwd=tree).stdout


def test_table_has_aligned_columns_and_warning_lines(tree: Path):
    (tree / "top.yaml").write_text(TOP + "  gone:\n    type: missing.yaml\n  again:\n    type: top.yaml\n")
    result = run("resources", "top.yaml", "--nested-depth", "MAX", cwd=tree)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].split("|")[1:-1] == [
        " resource_name ",
        " resource_type    ",
        " parent ",
        " depth ",
        " enabled ",
    ]
    assert len({len(line) for line in lines if line.startswith(("|", "+"))}) == 1
    assert "| inner         | OS::Heat::None   | nested | 1     | True    |" in lines
    assert "warning: gone (top.yaml): not found (looked for missing.yaml)" in lines
    assert any(line.startswith("cycle: again (top.yaml): top.yaml includes one of its ancestors") for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["resources", "absent.yaml"], "absent.yaml: No such file or directory"),
        (["resources", "child.yaml", "--env", "absent-env.yaml"], "absent-env.yaml"),
        (["resources", "notes.yaml"], "is not a HOT template"),
        (["resources", "child.yaml", "--resource-types", "absent.json"], "absent.json"),
        (["graph", "broken.yaml"], "broken.yaml:2:12: YAML syntax error"),
    ],
)
def test_usage_and_io_problems_exit_two(tree: Path, args: list[str], message: str):
    (tree / "notes.yaml").write_text("name: not a template\n")
    (tree / "broken.yaml").write_text(HEADER + "resources: [\n")
    result = run(*args, cwd=tree)
    assert result.returncode == 2
    assert message in result.stderr


@pytest.mark.parametrize("depth", ["-1", "two", "1.5"])
def test_bad_depth_is_a_usage_error(tree: Path, depth: str):
    result = run("resources", "top.yaml", "--nested-depth", depth, cwd=tree)
    assert result.returncode == 2 and "--nested-depth" in result.stderr


@pytest.mark.parametrize("seconds", ["-1", "soon", "inf", "nan"])
def test_bad_time_limit_is_a_usage_error(tree: Path, seconds: str):
    result = run("resources", "top.yaml", "--time-limit", seconds, cwd=tree)
    assert result.returncode == 2 and "--time-limit" in result.stderr


def test_depth_past_max_is_capped(tree: Path):
    for level in range(8):
        (tree / f"l{level}.yaml").write_text(HEADER + f"resources:\n  r{level}:\n    type: l{level + 1}.yaml\n")
    result = run("resources", "l0.yaml", "--nested-depth", "50", "--format", "json", cwd=tree)
    assert [r["depth"] for r in json.loads(result.stdout)["resources"]] == [0, 1, 2, 3, 4, 5]


def test_self_including_template_returns_quickly(tree: Path):
    (tree / "self.yaml").write_text(HEADER + "resources:\n  me:\n    type: self.yaml\n")
    started = time.monotonic()
    result = run("resources", "self.yaml", "--nested-depth", "MAX", "--format", "json", cwd=tree)
    assert time.monotonic() - started < 30
    (row,) = json.loads(result.stdout)["resources"]
    assert row["cycle"] is True and row["child_template"] == "self.yaml"


@needs_corpus
@pytest.mark.parametrize(("depth", "count"), [("0", IN_PLACE_COUNTS[0]), ("1", IN_PLACE_COUNTS[1]), ("MAX", 264)])
def test_tripleo_overcloud_counts(depth: str, count: int):
    args = ("--nested-depth", depth, "--time-limit", "0", "--format", "json")  # all of it, however loaded the machine
    result = run("resources", str(OVERCLOUD), "--env", str(REGISTRY), *args, cwd=Path.cwd())
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["resources"]
    assert len(rows) == count
    if depth == "1":
        chain = next(r for r in rows if r["resource_name"] == "ServiceChain")
        assert chain["parent"] == "ControllerServiceChain"
        assert chain["nested_template"].endswith("tripleo-heat-templates-rendered/common/services/controller-role.yaml")


@needs_corpus
def test_tripleo_overlay_at_max(tmp_path: Path):
    folder = tripleo_overlay(tmp_path / "tht")
    # No time limit: on a loaded machine the default 10 s would cut the tree short (it did, at 326 rows of 328).
    args = ("--nested-depth", "MAX", "--time-limit", "0", "--format", "json")
    result = run("resources", "overcloud.yaml", "--env", REGISTRY.name, *args, cwd=folder)
    rows = json.loads(result.stdout)["resources"]
    assert len(rows) == OVERLAY_COUNTS[5]
    assert max(r["depth"] for r in rows) == 5
    assert all(not Path(r["file"]).is_absolute() for r in rows)  # relative, as the command line named them


@needs_corpus
def test_magnum_members_in_the_table(tmp_path: Path):
    env = tmp_path / "env.yaml"
    env.write_text("parameters:\n  number_of_masters: 2\n  is_cluster_stack: true\n")
    result = run("resources", str(KUBECLUSTER), "--env", str(env), "--nested-depth", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    cells = [[cell.strip() for cell in line.split("|")[1:-1]] for line in result.stdout.splitlines()]
    assert [row for row in cells if row[2:3] == ["kube_masters"]] == [
        ["0", "kubemaster.yaml", "kube_masters", "1", "True"],
        ["1", "kubemaster.yaml", "kube_masters", "1", "True"],
    ]
