"""The pre-commit hooks (.pre-commit-hooks.yaml) run by the real pre-commit, and the README's CI recipe.

The hooks' repository is this checkout with its uncommitted changes committed to a clone of it, as
`pre-commit try-repo` makes it; a config names that clone at that commit, so `pre-commit run` builds the hooks'
venv once (pip-installing hot-lsp from the clone, its dependencies from the package index) and every test reuses
it (try-repo builds a new one each time: 20 to 30 s). The hooks run on a repository made here: a broken template,
a good one, and YAML and JSON that are not HOT.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

CHECKOUT = Path(__file__).resolve().parent.parent

BROKEN = """heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavour}
      image: cirros
"""
GOOD = """heat_template_version: 2021-04-16
parameters:
  flavor:
    type: string
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      image: cirros
"""
# A nested template whose parameter was renamed (`size` -> `length`), and the parent that still passes `size`.
CHILD_RENAMED = """heat_template_version: 2021-04-16
parameters:
  length: {type: number, default: 8}
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {length: {get_param: length}}
"""
PARENT = """heat_template_version: 2021-04-16
resources:
  box:
    type: box.yaml
    properties: {size: 8}
"""
# YAML and JSON a repository holds beside its templates: none of it is HOT, all of it must pass untouched.
OTHER = {
    "ci.yaml": "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
    "manifests.yaml": "kind: ConfigMap\n---\nkind: Service\n",
    "vault.yml": "password: !vault |\n  0123abcd\n",
    "package.json": '{"name": "x", "version": "1.0.0"}\n',
}

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.org",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.org",
}


def commit_with_changes(checkout: Path, shadow: Path, env: dict) -> str:
    """A clone of ``checkout`` whose last commit holds its staged and unstaged changes to tracked files (as
    try-repo's shadow repository does): the hooks as they are in this working tree."""
    subprocess.run(["git", "clone", "-q", str(checkout), str(shadow)], env=env, check=True)
    git_dir = subprocess.run(
        ["git", "rev-parse", "--absolute-git-dir"], cwd=shadow, env=env, check=True, capture_output=True, text=True
    ).stdout.strip()
    into_shadow = {**env, "GIT_INDEX_FILE": f"{git_dir}/index", "GIT_OBJECT_DIRECTORY": f"{git_dir}/objects"}
    subprocess.run(["git", "add", "-u"], cwd=checkout, env=into_shadow, check=True)
    subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", "working tree"], cwd=shadow, env=env, check=True)
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=shadow, env=env, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    work = tmp_path_factory.mktemp("pre-commit")
    repo = work / "repo"
    (repo / "templates").mkdir(parents=True)
    (repo / "templates" / "broken.yaml").write_text(BROKEN)
    (repo / "templates" / "good.yaml").write_text(GOOD)
    for name, text in OTHER.items():
        (repo / name).write_text(text)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))},
        **GIT_ENV,
        # Its own store: the hooks' venv is built from this checkout, never taken from a user's cache.
        "PRE_COMMIT_HOME": str(work / "store"),
        "HOME": str(work),
    }
    hooks_repo = work / "hooks"
    rev = commit_with_changes(CHECKOUT, hooks_repo, env)
    hooks = [{"id": hook["id"]} for hook in YAML(typ="safe").load((hooks_repo / ".pre-commit-hooks.yaml").read_text())]
    config = {"repos": [{"repo": str(hooks_repo), "rev": rev, "hooks": hooks}]}
    (work / "config.yaml").write_text(json.dumps(config))  # JSON is YAML
    env["HOOKS_CONFIG"] = str(work / "config.yaml")
    subprocess.run(["git", "init", "-q"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "add", "."], cwd=repo, env=env, check=True)
    return repo, env


def run_hooks(repo: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    """``pre-commit run`` of the hooks' config (every hook, or the one named in ``args``) in ``repo``."""
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--config", env["HOOKS_CONFIG"], *args],
        cwd=repo,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_hook_fails_on_the_broken_template_and_names_its_finding(repo: tuple[Path, dict]):
    path, env = repo
    completed = run_hooks(path, env, "hot-lsp", "--all-files")
    output = completed.stdout + completed.stderr
    assert completed.returncode == 1, output
    assert re.search(r"hot-lsp\.+Failed", output), output
    assert "templates/broken.yaml:6:27: error E4008" in output
    # Only the broken template has findings: the good one and the other YAML and JSON are not named.
    named = set(re.findall(r"^(\S+?):\d+:\d+: ", completed.stdout, re.M))
    assert named == {"templates/broken.yaml"}, output
    # Every YAML and JSON file reached the hook (types_or), the HOT ones were checked.
    assert "2 file(s) checked: 1 error(s)" in output


def test_the_hook_passes_a_good_template_and_yaml_that_is_not_hot(repo: tuple[Path, dict]):
    path, env = repo
    completed = run_hooks(path, env, "hot-lsp", "--files", "templates/good.yaml", *OTHER)
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output
    assert re.search(r"hot-lsp\.+Passed", output), output
    assert "E4008" not in output


def test_the_tree_hook_judges_a_changed_child_from_its_parent(repo: tuple[Path, dict]):
    # Only the child changed (its parameter renamed): the tree hook reads the parent that still passes the old name.
    path, env = repo
    (path / "stack").mkdir(exist_ok=True)
    (path / "stack" / "box.yaml").write_text(CHILD_RENAMED)
    (path / "stack" / "main.yaml").write_text(PARENT)
    subprocess.run(["git", "add", "stack"], cwd=path, env=env, check=True)
    completed = run_hooks(path, env, "hot-lsp-tree", "--files", "stack/box.yaml")
    output = completed.stdout + completed.stderr
    assert completed.returncode == 1, output
    assert re.search(r"stack/main\.yaml:\d+:\d+: error E\d+", output), output


def test_the_hooks_are_declared_as_documented():
    hook, tree, docs, fix = YAML(typ="safe").load((CHECKOUT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "hot-lsp" and hook["entry"] == "hot-lsp check" and hook["language"] == "python"
    assert hook["types_or"] == ["yaml", "json"]
    assert tree["id"] == "hot-lsp-tree" and tree["entry"] == "hot-lsp check ." and tree["pass_filenames"] is False
    assert docs["id"] == "hot-lsp-docs" and docs["entry"] == "hot-lsp docs --inject README.md"
    assert docs["pass_filenames"] is False
    assert fix["id"] == "hot-lsp-fix" and fix["entry"] == "hot-lsp check --fix" and fix["types_or"] == ["yaml", "json"]


def readme_blocks() -> list[str]:
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## In pre-commit and CI") :]
    section = section[: section.index("\n## ", 1)]
    return re.findall(r"^```yaml\n(.*?)^```$", section, re.S | re.M)


def test_the_readmes_pre_commit_config_uses_the_hook():
    config = YAML(typ="safe").load(readme_blocks()[0])
    [entry] = config["repos"]
    assert [h["id"] for h in entry["hooks"]] == ["hot-lsp"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="the workflow's steps run in bash")
def test_the_readmes_workflow_uploads_the_sarif_of_a_failing_check(tmp_path: Path):
    """The workflow's `run` steps, in bash as GitHub runs them, on a templates/ folder with a broken template."""
    workflow = YAML(typ="safe").load(readme_blocks()[1])
    steps = workflow["jobs"]["check"]["steps"]
    assert workflow["jobs"]["check"]["permissions"]["security-events"] == "write"
    upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@"))
    runs = [s["run"] for s in steps if "run" in s and "hot-lsp check" in s["run"]]
    [check] = runs
    last = steps[-1]["run"]
    assert steps.index(upload) < len(steps) - 1  # uploaded before the job fails
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "broken.yaml").write_text(BROKEN)
    (tmp_path / "templates" / "good.yaml").write_text(GOOD)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "hot-lsp").write_text(f'#!/bin/sh\nPYTHONPATH="{CHECKOUT}" exec "{sys.executable}" -m hot_lsp "$@"\n')
    (bin_dir / "hot-lsp").chmod(0o755)
    github_env = tmp_path / "github_env"
    github_env.write_text("")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "GITHUB_ENV": str(github_env)}
    subprocess.run(["bash", "-e", "-c", check], cwd=tmp_path, env=env, check=True, timeout=120)
    sarif = json.loads((tmp_path / upload["with"]["sarif_file"]).read_text())
    [result] = sarif["runs"][0]["results"]
    assert result["ruleId"] == "E4008"
    status = dict(line.split("=", 1) for line in github_env.read_text().splitlines())
    env.update(status)
    failed = subprocess.run(["bash", "-e", "-c", last], cwd=tmp_path, env=env, check=False, timeout=30)
    assert failed.returncode != 0  # the job fails, after the upload


def test_the_docs_and_fix_hooks_rewrite_what_they_own(repo: tuple[Path, dict]):
    """Every hook of the repository in one run (pre-commit's own order): hot-lsp-docs writes the README's marked
    part, hot-lsp-fix fixes the misspelt key; each fails the commit because it changed a file."""
    path, env = repo
    readme = path / "README.md"
    readme.write_text(
        "# Templates\n\n<!-- BEGIN_HOT_LSP_DOCS template=templates/good.yaml -->\n<!-- END_HOT_LSP_DOCS -->\n"
    )
    fixable = path / "templates" / "fixable.yaml"
    fixable.write_text(GOOD.replace("    properties:", "    Properties:"))
    subprocess.run(["git", "add", "README.md", str(fixable)], cwd=path, env=env, check=True)
    try:
        done = run_hooks(path, env, "--files", "README.md", "templates/fixable.yaml")
        output = done.stdout + done.stderr
        assert re.search(r"hot-lsp docs\.+Failed", output) and re.search(r"hot-lsp \(fix\)\.+Failed", output), output
        assert output.count("files were modified by this hook") == 2, output
        written = readme.read_text()
        assert "| `flavor` | `string` |" in written and written.startswith("# Templates\n")
        assert fixable.read_text() == GOOD
    finally:
        subprocess.run(["git", "rm", "-q", "-f", "--cached", "README.md", str(fixable)], cwd=path, env=env, check=False)
        readme.unlink(missing_ok=True)
        fixable.unlink(missing_ok=True)
