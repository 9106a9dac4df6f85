"""`hot-lsp check` as a user runs it: output formats, exit codes, skipping non-HOT files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n"
BAD = "heat_template_version: 2016-10-15\nresources:\n  r:\n    type: OS::Heat::None\n"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "good.yaml").write_text(GOOD)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.yaml").write_text(BAD)
    (tmp_path / "sub" / "ansible.yml").write_text("- hosts: all\n  tasks: [\n")  # broken, but not HOT
    (tmp_path / "notes.txt").write_text("heat_template_version: nonsense\n")
    return tmp_path


def test_text_format_and_exit_code(tree: Path):
    result = run("check", ".", cwd=tree)
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith("sub/bad.yaml:1:24: error E0012 ")  # 1-based line and column
    assert "2 file(s) checked: 1 error(s)" in result.stdout
    assert "ansible" not in result.stdout


def test_clean_files_exit_zero(tree: Path):
    result = run("check", "good.yaml", cwd=tree)
    assert result.returncode == 0, result.stdout


def test_json_format_uses_lsp_ranges(tree: Path):
    result = run("check", "sub", "--format", "json", cwd=tree)
    [item] = json.loads(result.stdout)
    assert item["file"] == "sub/bad.yaml"
    assert item["code"] == "E0012"
    assert item["severity"] == "error"
    assert item["range"] == {"start": {"line": 0, "character": 23}, "end": {"line": 0, "character": 33}}


def test_sarif_format(tree: Path):
    result = run("check", ".", "--format", "sarif", cwd=tree)
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    run0 = log["runs"][0]
    assert [r["id"] for r in run0["tool"]["driver"]["rules"]] == ["E0012"]
    [finding] = run0["results"]
    assert finding["level"] == "error"
    region = finding["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (1, 24)


def test_disable_turns_a_code_off(tree: Path):
    result = run("check", ".", "--disable", "e0012", cwd=tree)
    assert result.returncode == 0
    assert "E0012" not in result.stdout


def test_missing_path_is_a_usage_error(tree: Path):
    result = run("check", "nope.yaml", cwd=tree)
    assert result.returncode == 2
    assert "nope.yaml" in result.stderr


def test_non_utf8_file_named_explicitly(tree: Path):
    (tree / "latin1.yaml").write_bytes("heat_template_version: 2016-10-14\ndescription: caf\xe9\n".encode("latin-1"))
    result = run("check", "latin1.yaml", cwd=tree)
    assert result.returncode == 1
    assert "E0009" in result.stdout


def test_suppression_comments(tree: Path):
    (tree / "quiet.yaml").write_text("# hot-lsp: disable-file=E0012\n" + BAD)
    (tree / "line.yaml").write_text(BAD.replace("2016-10-15", "2016-10-15  # hot-lsp: disable=E0012"))
    assert run("check", "quiet.yaml", "line.yaml", cwd=tree).returncode == 0


SPLIT = (
    "heat_template_version: wallaby\nparameters:\n  i: {type: number, default: 1}\n"
    "resources:\n  r:\n    type: OS::Heat::Value\n"
    '    properties:\n      value: {str_split: [",", "a,b", {get_param: i}]}\n'
)


def test_env_values_reach_the_evaluation_rules(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(SPLIT)
    (tmp_path / "env.yaml").write_text("parameters:\n  i: 5\n")
    assert run("check", "t.yaml", cwd=tmp_path).returncode == 0  # the default index 1 is fine
    result = run("check", "t.yaml", "--env", "env.yaml", cwd=tmp_path)
    assert result.returncode == 1
    assert 'error E8004 Incorrect index to "str_split" should be between 0 and 1' in result.stdout


def test_a_broken_env_file_is_reported_in_it(tmp_path: Path):
    # Issue 14: the environment's own faults are findings in it, the template is still checked, exit 1.
    (tmp_path / "t.yaml").write_text(SPLIT)
    (tmp_path / "env.yaml").write_text("parameters: [\n")
    result = run("check", "t.yaml", "--env", "env.yaml", cwd=tmp_path)
    assert result.returncode == 1
    assert "env.yaml:1:13: error E0001" in result.stdout  # at the unclosed "[", its key's last character
    assert "2 file(s) checked" in result.stdout


def test_a_missing_env_file_is_a_usage_error(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(SPLIT)
    result = run("check", "t.yaml", "--env", "nowhere.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("hot-lsp check: nowhere.yaml:")


ACME = Path(__file__).resolve().parents[1] / "examples" / "catalogues" / "acme.json"
WIDGET = "heat_template_version: 2021-04-16\nresources:\n  w:\n    type: Acme::Widget\n    properties: {size: 11}\n"


def test_resource_types_catalogue_checks_plugin_types(tmp_path: Path):
    (tmp_path / "w.yaml").write_text(WIDGET)
    without = run("check", "w.yaml", cwd=tmp_path)
    assert without.returncode == 0
    assert "warning W3015 hot-lsp does not know the resource type `Acme::Widget`" in without.stdout
    assert "--resource-types FILE" in without.stdout
    with_catalogue = run("check", "w.yaml", "--resource-types", str(ACME), cwd=tmp_path)
    assert with_catalogue.returncode == 1
    assert "w.yaml:5:24: error E3019 11 is out of range (min: 1, max: 10)" in with_catalogue.stdout
    assert "W3015" not in with_catalogue.stdout


def test_resource_types_is_repeatable_and_a_later_file_wins(tmp_path: Path):
    (tmp_path / "w.yaml").write_text(WIDGET)
    (tmp_path / "bigger.json").write_text(
        json.dumps(
            {
                "format": 1,
                "resource_types": {
                    "Acme::Widget": {
                        "properties": {"size": {"type": "Integer", "constraints": [{"range": {"max": 20}}]}}
                    }
                },
            }
        )
    )
    result = run("check", "w.yaml", "--resource-types", str(ACME), "--resource-types", "bigger.json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize(
    ("content", "reason"), [(None, "No such file"), ("{", "not valid JSON"), ('{"format": 2}', '"format" must be 1')]
)
def test_a_bad_resource_types_file_is_a_usage_error(tmp_path: Path, content: str | None, reason: str):
    (tmp_path / "w.yaml").write_text(WIDGET)
    if content is not None:
        (tmp_path / "cat.json").write_text(content)
    result = run("check", "w.yaml", "--resource-types", "cat.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("hot-lsp check: cat.json: ")
    assert reason in result.stderr
    assert result.stdout == ""


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_readme_s_first_check_finds_only_broken_yaml_s_mistakes():
    """README's `hot-lsp check examples/`: every finding is in broken.yaml; examples/live/ is clean."""
    result = run("check", ".", "--format", "json", cwd=EXAMPLES)
    assert result.returncode == 1
    assert {item["file"] for item in json.loads(result.stdout)} == {"broken.yaml"}
    live = run("check", "live", "--format", "json", cwd=EXAMPLES)
    assert (live.returncode, json.loads(live.stdout)) == (0, [])
    with_environments = run(
        "check", "live/stack.yaml", "--env", "live/env.yaml", "--env", "live/sizes.yaml", cwd=EXAMPLES
    )
    assert with_environments.returncode == 0 and "0 error(s), 0 warning(s)" in with_environments.stdout
