"""`hot-lsp docs` through the real command line (issue 33, item 3): a template with parameter groups, a nested
template through the environment's registry, a group, conditions and conditional outputs gives the recorded
Markdown (tests/docs_fixture/expected.md; `HOT_LSP_UPDATE_SNAPSHOTS=1` writes it anew: read the diff); the JSON
holds the same in the template's order; `--inject` rewrites only the marked part, is idempotent, and later needs no
argument (the marker names the template)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).with_name("docs_fixture")
EXPECTED = FIXTURE / "expected.md"


def docs(*args: str, cwd: Path = FIXTURE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "docs", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_the_markdown_is_the_recorded_one_from_any_folder():
    done = docs("main.yaml", "--env", "env.yaml")
    assert done.returncode == 0, done.stderr
    if os.environ.get("HOT_LSP_UPDATE_SNAPSHOTS") == "1":
        EXPECTED.write_text(done.stdout)
    assert done.stdout == EXPECTED.read_text()
    elsewhere = docs(str(FIXTURE / "main.yaml"), "--env", str(FIXTURE / "env.yaml"), cwd=FIXTURE.parent.parent)
    assert elsewhere.stdout.replace(str(FIXTURE / "main.yaml"), "main.yaml") == done.stdout


def test_the_json_holds_each_part_in_the_templates_order():
    done = docs("main.yaml", "--env", "env.yaml", "--format", "json")
    found = json.loads(done.stdout)
    assert [p["name"] for p in found["parameters"]] == ["image", "flavor", "count", "volume_size", "db_password"]
    assert [g["label"] for g in found["parameter_groups"]] == ["Servers", "Storage"]
    secret = found["parameters"][-1]
    assert (secret["hidden"], secret["immutable"], secret["group"]) == (True, True, None)
    assert [(r["name"], r["nested_template"], r["condition"]) for r in found["resources"]] == [
        ("servers", "server.yaml", None),
        ("volume", None, "with_volumes"),
        ("monitor", "monitor.yaml", None),
    ]
    assert [(n["template"], n["used_by"]) for n in found["nested_templates"]] == [
        ("server.yaml", ["servers (each member)"]),
        ("monitor.yaml", ["monitor"]),
    ]
    assert found["resource_registry"][0]["maps_to"] == "server.yaml"
    assert found["outputs"][1] == {"name": "volume_id", "description": "The volume, when there is one", "condition": "with_volumes"}


def test_inject_rewrites_the_marked_part_only_and_is_idempotent(tmp_path: Path):
    for name in ("main.yaml", "server.yaml", "monitor.yaml", "env.yaml"):
        shutil.copy(FIXTURE / name, tmp_path / name)
    readme = tmp_path / "README.md"
    readme.write_text("# My stack\n\nHand-written words.\n")
    first = docs("main.yaml", "--env", "env.yaml", "--inject", "README.md", cwd=tmp_path)
    assert first.returncode == 0 and "README.md updated" in first.stderr, first.stderr
    text = readme.read_text()
    assert text.startswith("# My stack\n\nHand-written words.\n\n<!-- BEGIN_HOT_LSP_DOCS template=main.yaml -->\n")
    assert text.rstrip().endswith("<!-- END_HOT_LSP_DOCS -->")
    # The marker names the template: no argument is needed again; the environment is given as before.
    readme.write_text(text.replace("-->\n", "env=env.yaml -->\n", 1) + "\nMore words after.\n")
    before = readme.read_text()
    again = docs("--inject", "README.md", cwd=tmp_path)
    assert again.returncode == 0 and "already current" in again.stderr, again.stderr
    assert readme.read_text() == before
    # A change in the template reaches the README, and only the marked part changes.
    (tmp_path / "main.yaml").write_text((tmp_path / "main.yaml").read_text().replace("Glance image", "The image"))
    changed = docs("--inject", "README.md", cwd=tmp_path)
    assert "README.md updated" in changed.stderr
    after = readme.read_text()
    assert "The image to boot from" in after and after.endswith("\nMore words after.\n")
    assert after.replace("The image", "Glance image") == before


def test_no_template_and_no_marker_is_a_usage_error(tmp_path: Path):
    (tmp_path / "README.md").write_text("nothing marked\n")
    done = docs("--inject", "README.md", cwd=tmp_path)
    assert done.returncode == 2 and "BEGIN_HOT_LSP_DOCS template=" in done.stderr
    missing = docs("nowhere.yaml", cwd=tmp_path)
    assert missing.returncode == 2 and missing.stderr.startswith("hot-lsp docs: ")
