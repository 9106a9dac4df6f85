"""The live commands against a real Heat 27.0.1 (tests/live/conftest.py starts it): ``check --os-cloud``,
``preview``, ``resources --stack`` and ``catalogue``, each compared with what Heat's own API answers."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hot_lsp.cloud.bundle import bundle

ROOT = Path(__file__).resolve().parents[2]

MEMBER = """\
heat_template_version: 2018-08-31
parameters:
  length: {type: number, default: 8}
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {length: {get_param: length}}
  leaf:
    type: leaf.yaml
outputs:
  value: {value: {get_attr: [secret, value]}}
"""

LEAF = """\
heat_template_version: 2018-08-31
resources:
  note:
    type: OS::Heat::Value
    properties: {value: {get_file: motd.txt}}
"""


def root_template(length: int = 8, with_extra: bool = True) -> str:
    extra = "  extra:\n    type: OS::Heat::None\n" if with_extra else ""
    return f"""\
heat_template_version: 2018-08-31
resources:
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: member.yaml
        properties: {{length: {length}}}
  single:
    type: member.yaml
    depends_on: group
{extra}"""


def write_tree(folder: Path) -> Path:
    (folder / "member.yaml").write_text(MEMBER)
    (folder / "leaf.yaml").write_text(LEAF)
    (folder / "motd.txt").write_text("hello\n")
    (folder / "stack.yaml").write_text(root_template())
    return folder


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path)


def hot_lsp(live_heat: Any, *args: str, cloud_in_environment: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args],
        capture_output=True,
        text=True,
        env=live_heat.env(cloud_in_environment),
        cwd=ROOT,
        timeout=300,
    )


def create_from(live_heat: Any, name: str, template: Path) -> None:
    """The stack made as ``openstack stack create -t template`` makes it."""
    body = bundle(template).request_body(stack_name=name)
    live_heat.create_stack(name, body["template"], files=body["files"], environment=body["environment"])


# ---------------------------------------------------------------------------------------------------------------
# check --os-cloud


def test_check_places_the_clouds_refusal_on_the_line_heat_points_at(live_heat: Any, tmp_path: Path):
    template = tmp_path / "server.yaml"
    template.write_text(
        "heat_template_version: 2018-08-31\n"
        "resources:\n"
        "  note:\n"
        "    type: OS::Heat::None\n"
        "  server:\n"
        "    type: OS::Nova::Server\n"
        "    properties: {image: cirros, flavor: m1.tiny}\n"
    )
    done = hot_lsp(live_heat, "check", str(template), "--os-cloud", live_heat.cloud, "--format", "json")
    assert done.returncode == 1, done.stderr
    found = [d for d in json.loads(done.stdout) if d["code"] == "E9901"]
    assert len(found) == 1, found
    # Heat 27 on a cloud without Nova: ResourceTypeUnavailable, naming the type: the type's value on line 6.
    assert found[0]["range"]["start"] == {"line": 5, "character": 10}
    assert "local-heat" in found[0]["message"] and "Service nova is not available" in found[0]["message"]
    offline = hot_lsp(live_heat, "check", str(template), "--format", "json")
    assert offline.returncode == 0 and json.loads(offline.stdout) == []


def test_check_with_a_path_in_heats_message_lands_on_that_key(live_heat: Any, tmp_path: Path):
    template = tmp_path / "value.yaml"
    template.write_text(
        "heat_template_version: 2018-08-31\n"
        "resources:\n"
        "  secret:\n"
        "    type: OS::Heat::RandomString\n"
        "    properties:\n"
        "      length: 8\n"
        "      lenght: 5\n"
    )
    done = hot_lsp(live_heat, "check", str(template), "--os-cloud", live_heat.cloud, "--format", "json")
    cloud = [d for d in json.loads(done.stdout) if d["code"] == "E9901"]
    assert len(cloud) == 1, done.stdout + done.stderr
    # Heat: "Property error: resources.secret.properties: Unknown Property lenght": the path, then the key it names
    assert cloud[0]["range"] == {"start": {"line": 6, "character": 6}, "end": {"line": 6, "character": 12}}
    assert "resources.secret.properties: Unknown Property lenght" in cloud[0]["message"]


def test_check_of_a_tree_heat_accepts_adds_nothing(live_heat: Any, tree: Path):
    done = hot_lsp(live_heat, "check", str(tree / "stack.yaml"), "--os-cloud", live_heat.cloud, "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout) == []
    # the one line: which release the cloud runs, from its build_info (tools/local_heat.py sets the revision)
    assert done.stderr == f"hot-lsp check: the cloud '{live_heat.cloud}' runs Heat 27.0.1: checking for 2026.2\n"


def test_check_sends_nothing_unless_a_cloud_is_named_on_its_command_line(live_heat: Any, tree: Path):
    # OS_CLOUD names a cloud that answers 500 to everything: check stays offline, so it never hears of it.
    done = hot_lsp(live_heat, "check", str(tree / "stack.yaml"), cloud_in_environment=live_heat.refuses_500)
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize(
    ("cloud", "says"),
    [
        ("nowhere", "cannot reach"),
        ("refuses-401", "refused the credentials (HTTP 401)"),
        ("refuses-500", "HTTP 500"),
        ("not-in-clouds-yaml", "not-in-clouds-yaml"),
    ],
)
def test_a_cloud_that_cannot_be_asked_gives_one_line_and_the_offline_report(
    live_heat: Any, tree: Path, cloud: str, says: str
):
    done = hot_lsp(live_heat, "check", str(tree / "stack.yaml"), "--os-cloud", cloud)
    assert done.returncode == 2
    assert "0 error(s)" in done.stdout  # the offline findings are still printed
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in done.stderr, done.stderr


# ---------------------------------------------------------------------------------------------------------------
# preview


def rows(items: list[dict[str, Any]]) -> list[tuple[Any, Any, Any]]:
    return sorted((r["resource_name"], r["resource_type"], r.get("parent") or r.get("parent_resource")) for r in items)


def flatten(resources: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in resources:
        out.extend(flatten(item) if isinstance(item, list) else [item])
    return out


def test_preview_of_a_create_lists_what_heat_would_create(live_heat: Any, tree: Path):
    done = hot_lsp(live_heat, "preview", str(tree / "stack.yaml"), "--os-cloud", live_heat.cloud, "--format", "json")
    assert done.returncode == 0, done.stderr
    ours = json.loads(done.stdout)
    assert set(ours) == {"added", "deleted", "replaced", "updated", "unchanged"}
    body = bundle(tree / "stack.yaml").request_body(stack_name="stack")
    heats = live_heat.request("POST", "stacks/preview", json=body)
    assert heats.status == 200, heats.body
    assert rows(ours["added"]) == rows(flatten(heats.body["stack"]["resources"]))
    # nested included: each member's secret and leaf, and the leaves' notes
    assert ("note", "OS::Heat::Value", "leaf") in rows(ours["added"])
    assert ours["deleted"] == ours["replaced"] == ours["updated"] == ours["unchanged"] == []


def test_preview_of_an_update_matches_heats_dry_run(live_heat: Any, tree: Path):
    name = live_heat.stack_name("preview")
    create_from(live_heat, name, tree / "stack.yaml")
    try:
        changed = tree / "changed.yaml"
        changed.write_text(root_template(length=12, with_extra=False))
        done = hot_lsp(
            live_heat,
            "preview",
            str(changed),
            "--stack",
            name,
            "--heat-preview",  # Heat's own preview API (the default is the real update's answer)
            "--os-cloud",
            live_heat.cloud,
            "--format",
            "json",
        )
        assert done.returncode == 0, done.stderr
        ours = json.loads(done.stdout)
        stack = live_heat.request("GET", f"stacks/{name}").body["stack"]
        body = bundle(changed).request_body()
        heats = live_heat.request("PUT", f"stacks/{name}/{stack['id']}/preview?show_nested=true", json=body)
        assert heats.status == 200, heats.body
        for kind in ("added", "deleted", "replaced", "updated", "unchanged"):
            assert rows(ours[kind]) == rows(heats.body["resource_changes"][kind]), kind
        assert ("extra", "OS::Heat::None", None) in rows(ours["deleted"])
        assert any(row[0] in ("0", "1") for row in rows(ours["replaced"] + ours["updated"]))
        table = hot_lsp(
            live_heat, "preview", str(changed), "--stack", name, "--heat-preview", "--os-cloud", live_heat.cloud
        )
        kinds = [line.split("|")[1].strip() for line in table.stdout.splitlines() if line.startswith("| ")][1:]
        dangerous = [kind for kind in kinds if kind in ("replaced", "deleted")]
        assert kinds[: len(dangerous)] == dangerous  # what is dangerous comes first
    finally:
        live_heat.delete_stack(name)


# ---------------------------------------------------------------------------------------------------------------
# resources --stack


@pytest.fixture(scope="module")
def deployed_tree(live_heat: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One deployed tree for the listings at every depth (creating it is most of their time)."""
    tree = write_tree(tmp_path_factory.mktemp("listed"))
    name = live_heat.stack_name("listing")
    create_from(live_heat, name, tree / "stack.yaml")
    try:
        yield name, tree
    finally:
        live_heat.delete_stack(name)


@pytest.mark.parametrize("depth", ["0", "1", "MAX"])
def test_the_live_listing_equals_heats_and_the_offline_one(live_heat: Any, deployed_tree: tuple[str, Path], depth: str):
    name, tree = deployed_tree
    live = hot_lsp(
        live_heat,
        "resources",
        "--stack",
        name,
        "--os-cloud",
        live_heat.cloud,
        "--nested-depth",
        depth,
        "--format",
        "json",
    )
    assert live.returncode == 0, live.stderr
    listed = json.loads(live.stdout)["resources"]
    assert all(row["status"] == "CREATE_COMPLETE" for row in listed)
    assert all(row["physical_resource_id"] for row in listed if row["resource_type"] != "OS::Heat::None")
    heat_depth = {"0": 0, "1": 1, "MAX": 5}[depth]
    heats = live_heat.request("GET", f"stacks/{name}/resources?nested_depth={heat_depth}").body["resources"]
    assert sorted((r["resource_name"], r["resource_type"]) for r in listed) == sorted(
        (r["resource_name"], r["resource_type"]) for r in heats
    )
    assert sorted((r["resource_name"], r["parent"]) for r in listed) == sorted(
        (r["resource_name"], r.get("parent_resource")) for r in heats
    )
    offline = hot_lsp(live_heat, "resources", str(tree / "stack.yaml"), "--nested-depth", depth, "--format", "json")
    predicted = json.loads(offline.stdout)["resources"]

    def shape(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        # a nested template's type is written relative in the template and as openstackclient's URL in Heat
        def kind(value: str) -> str:
            return value if "::" in value else (tree / value.removeprefix(f"file://{tree}/")).as_uri()

        return sorted((r["resource_name"], kind(r["resource_type"]), r.get("parent"), r["depth"]) for r in items)

    assert shape(listed) == shape(predicted)
    assert max(r["depth"] for r in listed) == min(heat_depth, 3)


def test_a_stack_the_cloud_does_not_have_is_one_line(live_heat: Any):
    done = hot_lsp(live_heat, "resources", "--stack", "no-such-stack", "--os-cloud", live_heat.cloud)
    assert done.returncode == 2 and "no stack 'no-such-stack'" in done.stderr, done.stderr


# ---------------------------------------------------------------------------------------------------------------
# catalogue


def test_the_clouds_catalogue_has_its_global_environments_type_and_check_then_knows_it(live_heat: Any, tmp_path: Path):
    written = tmp_path / "cloud.json"
    done = hot_lsp(live_heat, "catalogue", "--os-cloud", live_heat.cloud, "-o", str(written))
    assert done.returncode == 0, done.stderr
    catalogue = json.loads(written.read_text())
    assert live_heat.cloud_only_type in catalogue["resource_types"]
    assert "OS::Heat::RandomString" in catalogue["resource_types"]
    assert "OS::Nova::Server" not in catalogue["resource_types"]  # this cloud has no Nova
    theirs = live_heat.request("GET", f"resource_types/{live_heat.cloud_only_type}").body
    assert set(catalogue["resource_types"][live_heat.cloud_only_type]["properties"]) == set(theirs["properties"])

    template = tmp_path / "uses.yaml"
    template.write_text(
        "heat_template_version: 2018-08-31\n"
        "resources:\n"
        f"  mine:\n    type: {live_heat.cloud_only_type}\n    properties: {{length: 4}}\n"
        "outputs:\n  out: {value: {get_attr: [mine, value]}}\n"
    )
    without = hot_lsp(live_heat, "check", str(template), "--format", "json")
    assert [d["code"] for d in json.loads(without.stdout)] == ["W3015"]  # a type hot-lsp does not know
    known = hot_lsp(live_heat, "check", str(template), "--resource-types", str(written), "--format", "json")
    assert json.loads(known.stdout) == [], known.stdout
    wrong = template.read_text().replace("length: 4", "lenght: 4")
    template.write_text(wrong)
    checked = hot_lsp(live_heat, "check", str(template), "--resource-types", str(written), "--format", "json")
    assert [d["code"] for d in json.loads(checked.stdout) if d["severity"] == "error"]  # its properties are known
