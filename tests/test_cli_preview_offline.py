"""``hot-lsp preview NEW --against OLD``, through the real command line: offline, OLD a file or ``git:REV``, the
JSON contract, the table, and the exit statuses (0 answered, 1 refused by Heat, 2 unusable input)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hot_lsp.commands.preview_offline import offline_preview

OLD = """heat_template_version: rocky
parameters:
  key: {type: string, default: k1}
resources:
  server:
    type: OS::Nova::Server
    properties: {image: cirros, flavor: m1.small, key_name: {get_param: key}}
  net: {type: OS::Neutron::Net}
  port:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}}
"""
NEW = (
    OLD.replace("default: k1", "default: k2")
    .replace("  net: {type: OS::Neutron::Net}", "  network: {type: OS::Neutron::Net}")
    .replace("get_resource: net}", "get_resource: network}")
)
KEYS = ["added", "deleted", "replaced", "updated", "unchanged", "undecided"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "preview", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_against_a_file_prints_the_json_contract(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text(OLD)
    (tmp_path / "new.yaml").write_text(NEW)
    done = run("new.yaml", "--against", "old.yaml", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert list(answer) == KEYS
    assert all(
        set(item) == {"resource_name", "resource_type", "parent", "reason"} for v in answer.values() for item in v
    )
    assert answer["replaced"][0] == {
        "resource_name": "server",
        "resource_type": "OS::Nova::Server",
        "parent": None,
        "reason": "`key_name` is not updatable in place",
    }
    assert [item["resource_name"] for item in answer["deleted"]] == ["net"]
    assert [item["resource_name"] for item in answer["added"]] == ["network"]
    # The port's network is a new one, and a port's network is not updatable in place.
    assert answer["replaced"][1]["resource_name"] == "port"
    assert answer["replaced"][1]["reason"] == "`network` is not updatable in place"
    assert answer == offline_preview(str(tmp_path / "new.yaml"), str(tmp_path / "old.yaml"))


def test_against_git_head_in_a_checkout(tmp_path: Path) -> None:
    git("init", "-q", cwd=tmp_path)
    (tmp_path / "stack.yaml").write_text(OLD)
    git("add", "stack.yaml", cwd=tmp_path)
    git("-c", "user.email=a@b", "-c", "user.name=t", "commit", "-qm", "old", cwd=tmp_path)
    done = run("stack.yaml", "--against", "git:HEAD", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 replaced, 0 deleted, 0 undecided, 0 added, 0 updated, 3 unchanged"
    (tmp_path / "stack.yaml").write_text(NEW)
    done = run("stack.yaml", "--against", "git:HEAD", cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert "| replaced | server" in lines[3] and "`key_name` is not updatable in place" in lines[3]
    assert lines[-1] == "2 replaced, 1 deleted, 0 undecided, 1 added, 0 updated, 0 unchanged"


def test_different_parameters_on_each_side(tmp_path: Path) -> None:
    (tmp_path / "stack.yaml").write_text(OLD)
    args = ("stack.yaml", "--against", "stack.yaml", "--format", "json")
    done = run(*args, "-P", "key=k9", "--against-parameter", "key=k1", cwd=tmp_path)
    assert [item["resource_name"] for item in json.loads(done.stdout)["replaced"]] == ["server"]
    done = run(*args, "-P", "key=k9", cwd=tmp_path)  # the same values on both sides
    assert json.loads(done.stdout)["replaced"] == []


def test_unusable_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "stack.yaml").write_text(OLD)
    (tmp_path / "broken.yaml").write_text("heat_template_version: [")
    cases = [
        ("stack.yaml", "--against", "missing.yaml"),
        ("missing.yaml", "--against", "stack.yaml"),
        ("stack.yaml", "--against", "git:HEAD"),  # not a git checkout
        ("stack.yaml", "--against", "broken.yaml"),
    ]
    for args in cases:
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    git("init", "-q", cwd=tmp_path)
    done = run("stack.yaml", "--against", "git:no-such-revision", cwd=tmp_path)
    assert done.returncode == 2 and "no-such-revision" in done.stderr


def test_an_immutable_parameter_changed_is_refused_with_exit_1(tmp_path: Path) -> None:
    (tmp_path / "stack.yaml").write_text(OLD.replace("default: k1}", "default: k1, immutable: true}"))
    done = run("stack.yaml", "--against", "stack.yaml", "-P", "key=k2", "--against-parameter", "key=k1", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "hot-lsp preview: Heat refuses this update: The following parameters are immutable and may not be updated: key"
    )


def test_a_new_template_heat_does_not_validate_is_refused(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text(OLD)
    (tmp_path / "new.yaml").write_text(
        OLD.replace("  net: {type: OS::Neutron::Net}", "  net: {type: OS::Neutron::Net, deletion_policy: Snapshot}")
    )
    done = run("new.yaml", "--against", "old.yaml", cwd=tmp_path)
    assert done.returncode == 1, done.stdout
    assert done.stderr.startswith(
        "hot-lsp preview: Heat refuses this update: the new template does not validate: E3025"
    )


def test_git_reads_nested_templates_and_get_file_at_the_revision(tmp_path: Path) -> None:
    git("init", "-q", cwd=tmp_path)
    (tmp_path / "lib").mkdir()
    parent = "heat_template_version: rocky\nresources:\n  app: {type: lib/child.yaml}\n"
    child = (
        "heat_template_version: rocky\nresources:\n  server:\n    type: OS::Nova::Server\n"
        "    properties: {image: cirros, flavor: m1, user_data: {get_file: boot.sh}}\n"
    )
    (tmp_path / "stack.yaml").write_text(parent)
    (tmp_path / "lib/child.yaml").write_text(child)
    (tmp_path / "lib/boot.sh").write_text("echo 1\n")
    git("add", ".", cwd=tmp_path)
    git("-c", "user.email=a@b", "-c", "user.name=t", "commit", "-qm", "old", cwd=tmp_path)
    (tmp_path / "lib/boot.sh").write_text("echo 2\n")
    done = run("stack.yaml", "--against", "git:HEAD", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    replaced = json.loads(done.stdout)["replaced"]
    assert replaced == [
        {
            "resource_name": "server",
            "resource_type": "OS::Nova::Server",
            "parent": "app",
            "reason": "`user_data` changes and `user_data_update_policy` defaults to REPLACE",
        }
    ]


def test_against_is_offline_only(tmp_path: Path) -> None:
    (tmp_path / "stack.yaml").write_text(OLD)
    done = run("stack.yaml", "--against", "stack.yaml", "--stack", "deployed", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "hot-lsp preview: --against compares offline; give it without --stack and --os-cloud\n"
