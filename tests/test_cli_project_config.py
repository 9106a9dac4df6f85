"""The project configuration (`.hot-lsp.toml`, `[tool.hot-lsp]` in pyproject.toml) through the real command line:
each key doing its job, the nearest file winning, its errors (file, line, exit 2), the command line adding to or
overriding it, and --no-config / --config."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ACME = REPO / "examples" / "catalogues" / "acme.json"
# E0012 (a version Heat does not know) and I9001 (a parameter nothing reads) in one template.
BAD = (
    "heat_template_version: 2016-10-15\n"
    "parameters:\n  unused: {type: string, default: x}\n"
    "resources:\n  r:\n    type: OS::Heat::None\n"
)
GOOD = "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n"
# I9001 alone: information only.
INFO = (
    "heat_template_version: 2016-10-14\n"
    "parameters:\n  unused: {type: string, default: x}\n"
    "resources:\n  r:\n    type: OS::Heat::None\n"
)
WIDGET = "heat_template_version: 2021-04-16\nresources:\n  w:\n    type: Acme::Widget\n    properties: {size: 11}\n"
SPLIT = (
    "heat_template_version: wallaby\nparameters:\n  i: {type: number, default: 1}\n"
    "resources:\n  r:\n    type: OS::Heat::Value\n"
    '    properties:\n      value: {str_split: [",", "a,b", {get_param: i}]}\n'
)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def codes(result: subprocess.CompletedProcess[str]) -> list[str]:
    return sorted(line.split()[2] for line in result.stdout.splitlines() if line.count(":") >= 3)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "bad.yaml").write_text(BAD)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "bad.yaml").write_text(BAD)
    (tmp_path / "good.yaml").write_text(GOOD)
    return tmp_path


def test_disable_by_prefix(tree: Path):
    assert codes(run("check", "bad.yaml", cwd=tree)) == ["E0012", "I9001"]
    (tree / ".hot-lsp.toml").write_text('disable = ["I9", "e0"]\n')
    result = run("check", "bad.yaml", cwd=tree)
    assert codes(result) == [] and result.returncode == 0


def test_the_config_is_found_from_a_subfolder_and_excludes_relative_to_its_folder(tree: Path):
    (tree / ".hot-lsp.toml").write_text('exclude = ["vendor/*"]\n')
    result = run("check", ".", cwd=tree)
    assert "vendor" not in result.stdout and "2 file(s) checked" in result.stdout
    below = run("check", ".", cwd=tree / "vendor")  # vendor/* is the config's folder's vendor, also from there
    assert below.stdout.startswith("0 file(s) checked")


def test_environments_and_resource_types_are_relative_to_the_config(tmp_path: Path):
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "env.yaml").write_text("parameters:\n  i: 5\n")
    (tmp_path / "conf" / "acme.json").write_text(ACME.read_text())
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "t.yaml").write_text(SPLIT)
    (tmp_path / "work" / "w.yaml").write_text(WIDGET)
    (tmp_path / ".hot-lsp.toml").write_text('environments = ["conf/env.yaml"]\nresource-types = ["conf/acme.json"]\n')
    result = run("check", "t.yaml", "w.yaml", cwd=tmp_path / "work")
    assert result.returncode == 1
    assert 'error E8004 Incorrect index to "str_split" should be between 0 and 1' in result.stdout
    assert "error E3019 11 is out of range (min: 1, max: 10)" in result.stdout
    # --env on the command line replaces the config's
    (tmp_path / "work" / "other.yaml").write_text("parameters:\n  i: 0\n")
    replaced = run("check", "t.yaml", "--env", "other.yaml", cwd=tmp_path / "work")
    assert "E8004" not in replaced.stdout


def test_parameters_reach_the_evaluation_rules(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(SPLIT)
    (tmp_path / ".hot-lsp.toml").write_text("[parameters]\ni = 5\n")
    result = run("check", "t.yaml", cwd=tmp_path)
    assert result.returncode == 1
    assert 'error E8004 Incorrect index to "str_split" should be between 0 and 1' in result.stdout


def test_severity_hides_information_and_fail_on_warning_fails(tmp_path: Path):
    (tmp_path / "i.yaml").write_text(INFO)
    (tmp_path / "w.yaml").write_text(WIDGET)  # W3015: an unknown type
    assert codes(run("check", "i.yaml", cwd=tmp_path)) == ["I9001"]
    (tmp_path / ".hot-lsp.toml").write_text('severity = "warning"\n')
    assert codes(run("check", "i.yaml", cwd=tmp_path)) == []
    assert run("check", "w.yaml", cwd=tmp_path).returncode == 0
    (tmp_path / ".hot-lsp.toml").write_text('fail-on = "warning"\n')
    result = run("check", "w.yaml", cwd=tmp_path)
    assert result.returncode == 1 and "W3015" in result.stdout
    # the command line overrides the config
    assert run("check", "w.yaml", "--fail-on", "error", cwd=tmp_path).returncode == 0
    assert codes(run("check", "i.yaml", "--severity", "error", cwd=tmp_path)) == []


def test_severity_and_fail_on_work_without_a_config(tmp_path: Path):
    (tmp_path / "i.yaml").write_text(INFO)
    (tmp_path / "w.yaml").write_text(WIDGET)
    assert codes(run("check", "i.yaml", "--severity", "warning", cwd=tmp_path)) == []
    assert run("check", "w.yaml", "--fail-on", "warning", cwd=tmp_path).returncode == 1


def test_tool_table_in_pyproject(tree: Path):
    (tree / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.hot-lsp]\ndisable = ["E0012"]\n')
    assert codes(run("check", "bad.yaml", cwd=tree)) == ["I9001"]


def test_a_pyproject_without_the_table_is_not_a_config(tree: Path):
    (tree / ".hot-lsp.toml").write_text('disable = ["E0012"]\n')
    (tree / "vendor" / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert codes(run("check", "bad.yaml", cwd=tree / "vendor")) == ["I9001"]


def test_the_nearest_wins_and_hot_lsp_toml_beats_pyproject(tree: Path):
    (tree / ".hot-lsp.toml").write_text('disable = ["E0012"]\n')
    (tree / "vendor" / ".hot-lsp.toml").write_text('disable = ["I9001"]\n')
    (tree / "vendor" / "pyproject.toml").write_text('[tool.hot-lsp]\ndisable = ["E"]\n')
    assert codes(run("check", "bad.yaml", cwd=tree / "vendor")) == ["E0012"]
    assert codes(run("check", "bad.yaml", cwd=tree)) == ["I9001"]


def test_errors_name_the_file_and_line_and_exit_two(tree: Path):
    (tree / ".hot-lsp.toml").write_text(
        '# project settings\ndisable = [\n  "E0012",\n  "X1234",\n]\nexlude = ["vendor/*"]\nseverity = 3\n'
    )
    result = run("check", "bad.yaml", cwd=tree / "vendor")
    assert result.returncode == 2
    assert result.stdout == ""
    shown = str(tree / ".hot-lsp.toml")  # above the working folder: named in full
    lines = result.stderr.strip().splitlines()
    assert lines == [
        f"hot-lsp check: {shown}:4: disable: no diagnostic code is or starts with X1234 (hot-lsp rules lists them)",
        f"hot-lsp check: {shown}:6: unknown key 'exlude' (known: disable, exclude, environments, resource-types, "
        "parameters, severity, fail-on, heat-release)",
        f"hot-lsp check: {shown}:7: severity must be one of error, warning, information, not 3",
    ]


def test_a_wrong_type_in_pyproject_names_its_line(tree: Path):
    (tree / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.hot-lsp]\nexclude = "vendor"\n')
    result = run("check", "bad.yaml", cwd=tree)
    assert result.returncode == 2
    assert result.stderr.strip() == "hot-lsp check: pyproject.toml:5: exclude must be a list of strings"


def test_invalid_toml_names_its_line(tree: Path):
    (tree / ".hot-lsp.toml").write_text('disable = ["E0012"]\nseverity = \n')
    result = run("check", "bad.yaml", cwd=tree)
    assert result.returncode == 2
    assert result.stderr.startswith("hot-lsp check: .hot-lsp.toml:2: not valid TOML")


def test_the_command_line_adds_to_disable_and_exclude(tree: Path):
    (tree / ".hot-lsp.toml").write_text('disable = ["E0012"]\nexclude = ["vendor/*"]\n')
    result = run("check", ".", "--disable", "I9001", "--exclude", "good.yaml", cwd=tree)
    assert codes(result) == [] and "1 file(s) checked" in result.stdout


def test_no_config_and_config_file(tree: Path):
    (tree / ".hot-lsp.toml").write_text('disable = ["E0012"]\n')
    assert codes(run("check", "bad.yaml", "--no-config", cwd=tree)) == ["E0012", "I9001"]
    (tree / "other.toml").write_text('disable = ["I"]\n')
    assert codes(run("check", "bad.yaml", "--config", "other.toml", cwd=tree)) == ["E0012"]
    (tree / ".hot-lsp.toml").write_text("nonsense = 1\n")
    assert run("check", "bad.yaml", "--no-config", cwd=tree).returncode == 1


def test_render_resources_and_graph_take_the_config(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(
        "heat_template_version: wallaby\nparameters:\n  name: {type: string, default: a}\n"
        "resources:\n  r:\n    type: My::Thing\n"
        "outputs:\n  out: {value: {get_param: name}}\n"
    )
    (tmp_path / "thing.yaml").write_text(
        "heat_template_version: wallaby\nresources:\n  inner:\n    type: OS::Heat::None\n"
    )
    (tmp_path / "env.yaml").write_text("resource_registry:\n  My::Thing: thing.yaml\n")
    (tmp_path / ".hot-lsp.toml").write_text('environments = ["env.yaml"]\n[parameters]\nname = "from-config"\n')
    rendered = run("render", "t.yaml", cwd=tmp_path)
    assert "from-config" in rendered.stdout, rendered.stderr
    assert "from-cli" in run("render", "t.yaml", "-P", "name=from-cli", cwd=tmp_path).stdout
    resources = run("resources", "t.yaml", "--nested-depth", "1", cwd=tmp_path)
    assert resources.returncode == 0 and "inner" in resources.stdout
    graph = run("graph", "t.yaml", "--nested-depth", "1", cwd=tmp_path)
    assert graph.returncode == 0 and "inner" in graph.stdout
    assert "inner" not in run("resources", "t.yaml", "--nested-depth", "1", "--no-config", cwd=tmp_path).stdout


def test_check_help_mentions_the_config(tmp_path: Path):
    out = run("check", "--help", cwd=tmp_path).stdout
    assert ".hot-lsp.toml" in out and "[tool.hot-lsp]" in out and "--no-config" in out
