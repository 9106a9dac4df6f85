"""`hot-lsp check`'s conventions from issue 18: codes turned off by prefix and typos refused, files left out by
glob, every severity counted, and the codes listed by `hot-lsp rules`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# E0012 (a version Heat does not know) and I9001 (a parameter nothing reads) in one template.
BAD = (
    "heat_template_version: 2016-10-15\n"
    "parameters:\n  unused: {type: string, default: x}\n"
    "resources:\n  r:\n    type: OS::Heat::None\n"
)
GOOD = "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "bad.yaml").write_text(BAD)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "bad.yaml").write_text(BAD)
    (tmp_path / "good.yaml").write_text(GOOD)
    return tmp_path


def codes(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line.split()[2] for line in result.stdout.splitlines() if ": " in line and line.count(":") >= 3]


def test_the_summary_counts_every_severity(tree: Path):
    result = run("check", "bad.yaml", "good.yaml", cwd=tree)
    assert result.stdout.splitlines()[-1] == ("2 file(s) checked: 1 error(s), 0 warning(s), 1 information in 1 file(s)")


@pytest.mark.parametrize(
    ("disabled", "left"),
    [
        (["E0012"], ["I9001"]),
        (["e0"], ["I9001"]),  # a prefix: every E0xxx
        (["I"], ["E0012"]),  # a whole severity
        (["I9", "E"], []),
    ],
)
def test_disable_takes_codes_and_prefixes(tree: Path, disabled: list[str], left: list[str]):
    args = [arg for code in disabled for arg in ("--disable", code)]
    assert sorted(codes(run("check", "bad.yaml", *args, cwd=tree))) == left


@pytest.mark.parametrize("typo", ["X1234", "E99999", "E0013x", "W0"])
def test_disable_refuses_what_names_no_code(tree: Path, typo: str):
    # W0 is a fine prefix only if some W0xxx exists; X1234 and E99999 name nothing.
    result = run("check", "bad.yaml", "--disable", typo, cwd=tree)
    from hot_lsp.analysis import rules  # noqa: F401  (registers every code)
    from hot_lsp.analysis.codes import CODES

    if any(code.startswith(typo.upper()) for code in CODES):
        assert result.returncode == 1
        return
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"hot-lsp check: --disable {typo.upper()}: no diagnostic code is or starts with {typo.upper()} "
        "(hot-lsp rules lists them)"
    ]
    assert result.stdout == ""


def test_exclude_leaves_files_out_of_walks_and_names(tree: Path):
    walked = run("check", ".", "--exclude", "vendor/*", cwd=tree)
    assert "vendor" not in walked.stdout and "2 file(s) checked" in walked.stdout
    named = run("check", "bad.yaml", "vendor/bad.yaml", "--exclude", "**/vendor/**", "--exclude", "bad.yaml", cwd=tree)
    assert named.returncode == 0 and named.stdout.splitlines()[-1].startswith("0 file(s) checked")


def test_rules_lists_every_code_with_its_severity_and_summary(tree: Path):
    result = run("rules", cwd=tree)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert "E0012  error        " in "\n".join(lines)
    assert any(line.startswith("E9901  error") for line in lines)  # the cloud's codes too
    assert len(lines) >= 120


def test_github_format_is_one_workflow_annotation_per_finding(tree: Path):
    result = run("check", "bad.yaml", "--format", "github", cwd=tree)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("::error file=bad.yaml,line=1,col=24,endLine=1,endColumn=34,title=hot-lsp E0012::")
    assert lines[1].startswith("::notice file=bad.yaml,line=3,") and "title=hot-lsp I9001::" in lines[1]


def test_junit_format_has_a_failing_case_per_finding_and_a_passing_one_per_clean_file(tree: Path):
    from xml.etree import ElementTree

    result = run("check", "bad.yaml", "good.yaml", "--format", "junit", cwd=tree)
    assert result.returncode == 1
    root = ElementTree.fromstring(result.stdout.split("\n", 1)[1])
    suites = {suite.get("name"): suite for suite in root.iter("testsuite")}
    assert set(suites) == {"bad.yaml", "good.yaml"}
    assert [f.get("type") for f in suites["bad.yaml"].iter("failure")] == ["E0012", "I9001"]
    assert [c.get("name") for c in suites["good.yaml"].iter("testcase")] == ["no findings"]
    assert (root.get("tests"), root.get("failures")) == ("3", "2")


def test_sarif_paths_are_relative_to_a_base_and_rules_are_described(tree: Path):
    import json

    result = run("check", "bad.yaml", "--format", "sarif", cwd=tree)
    run0 = json.loads(result.stdout)["runs"][0]
    assert run0["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tree.resolve().as_uri() + "/"}}
    location = run0["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "bad.yaml", "uriBaseId": "%SRCROOT%"}
    described = {rule["id"]: rule["fullDescription"]["text"] for rule in run0["tool"]["driver"]["rules"]}
    assert described["E0012"].startswith("heat_template_version is not a version Heat 27 knows")
    assert "heat_template_version: 2016-10-15" in described["E0012"]


def test_check_help_documents_formats_exit_codes_and_inline_disables(tree: Path):
    shown = run("check", "--help", cwd=tree).stdout
    for needed in ("sarif", "github", "junit", "exit status", "2  a usage or I/O problem", "# hot-lsp: disable=E3002"):
        assert needed in shown, needed
    assert "hot-lsp serve" in run("--help", cwd=tree).stdout


def test_an_unknown_parameter_names_the_closest_of_many(tmp_path: Path):
    declared = "".join(f"  param_{i}: {{type: string, default: x}}\n" for i in range(40))
    (tmp_path / "many.yaml").write_text("heat_template_version: 2018-08-31\nparameters:\n" + declared)
    result = run("render", "many.yaml", "-P", "param_3x=1", cwd=tmp_path)
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("hot-lsp render: unknown parameter 'param_3x' (did you mean 'param_3'")
    assert line.endswith("the template declares 40 parameters)") and "param_39," not in line


JINJA = (
    "heat_template_version: rocky\n"
    "resources:\n"
    "{% for role in roles %}\n"
    "  {{role.name}}Server:\n"
    "    type: OS::Heat::None\n"
    "{% endfor %}\n"
)


def test_jinja_sources_are_left_out_of_walks_with_one_line(tmp_path: Path):
    (tmp_path / "roles.role.j2.yaml").write_text(JINJA)
    (tmp_path / "marked.yaml").write_text(JINJA)  # not named .j2, but its marks keep it from parsing
    (tmp_path / "braces.yaml").write_text(
        "heat_template_version: rocky\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: '{{x}}'}\n"
    )
    result = run("check", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines()[-1].startswith("1 file(s) checked: 0 error(s)")
    assert result.stderr.strip().splitlines() == [
        "hot-lsp check: left out 2 Jinja2 source(s) (*.j2.yaml, or {% ... %} that is not YAML): "
        "render them first and check the result"
    ]


def test_a_jinja_source_named_on_the_command_line_gets_one_clear_finding(tmp_path: Path):
    (tmp_path / "roles.role.j2.yaml").write_text(JINJA)
    result = run("check", "roles.role.j2.yaml", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("roles.role.j2.yaml:3:1: error E0013 A Jinja2 template source")
