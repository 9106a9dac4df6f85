"""The live fixture itself, against the real Heat 27.0.1 it starts (tests/live/conftest.py, tools/local_heat.py)."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from live_support import CLOUD_ONLY_TYPE, LiveHeat

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "live"

MEMBER = """\
heat_template_version: 2021-04-16
parameters:
  index: {type: string}
resources:
  label:
    type: OS::Heat::Value
    properties: {value: {get_param: index}}
  leaf:
    type: leaf.yaml
outputs:
  label: {value: {get_attr: [label, value]}}
"""

LEAF = """\
heat_template_version: 2021-04-16
resources:
  noop:
    type: OS::Heat::None
"""

ROOT = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "secret": {"type": "OS::Heat::RandomString", "properties": {"length": 8}},
        "group": {
            "type": "OS::Heat::ResourceGroup",
            "depends_on": ["secret"],
            "properties": {"count": 2, "resource_def": {"type": "member.yaml", "properties": {"index": "%index%"}}},
        },
    },
}


def test_the_versions_document_answers_at_the_root(live_heat: LiveHeat) -> None:
    answer = live_heat.request("GET", live_heat.root_url + "/")
    assert answer.status == 300  # Multiple Choices, as heat-api answers it
    assert [version["id"] for version in answer.body["versions"]] == ["v1.0"]
    assert live_heat.url == live_heat.root_url + "/v1/admin"
    assert live_heat.root_url.startswith("http://127.0.0.1:")


def test_template_versions(live_heat: LiveHeat) -> None:
    answer = live_heat.request("GET", "template_versions")
    assert answer.status == 200
    versions = {entry["version"] for entry in answer.body["template_versions"]}
    assert {"heat_template_version.2021-04-16", "heat_template_version.2013-05-23"} <= versions


def test_a_group_of_nested_templates_is_created_and_listed_with_parents(live_heat: LiveHeat) -> None:
    name = live_heat.stack_name("group")
    stack = live_heat.create_stack(name, ROOT, files={"member.yaml": MEMBER, "leaf.yaml": LEAF})
    assert stack["stack_status"] == "CREATE_COMPLETE"
    try:
        answer = live_heat.request("GET", f"stacks/{name}/resources?nested_depth=2")
        assert answer.status == 200
        found = sorted(
            (r["resource_name"], r.get("parent_resource"), r["resource_type"]) for r in answer.body["resources"]
        )
        assert found == [
            ("0", "group", "member.yaml"),
            ("1", "group", "member.yaml"),
            ("group", None, "OS::Heat::ResourceGroup"),
            ("label", "0", "OS::Heat::Value"),
            ("label", "1", "OS::Heat::Value"),
            ("leaf", "0", "leaf.yaml"),
            ("leaf", "1", "leaf.yaml"),
            ("secret", None, "OS::Heat::RandomString"),
        ]  # depth 2 stops above the leaves' own resources
        assert all(r["resource_status"] == "CREATE_COMPLETE" for r in answer.body["resources"])
        group = next(r for r in answer.body["resources"] if r["resource_name"] == "group")
        assert {link["rel"] for link in group["links"]} >= {"self", "stack", "nested"}
        deeper = live_heat.request("GET", f"stacks/{name}/resources?nested_depth=3").body["resources"]
        assert sorted(r["resource_name"] for r in deeper if r.get("parent_resource") == "leaf") == ["noop", "noop"]
    finally:
        live_heat.delete_stack(name)


def test_the_global_environment_gives_the_cloud_a_type_of_its_own(live_heat: LiveHeat) -> None:
    types = live_heat.request("GET", "resource_types").body["resource_types"]
    assert CLOUD_ONLY_TYPE in types and "OS::Heat::RandomString" in types
    schema = live_heat.request("GET", f"resource_types/{CLOUD_ONLY_TYPE}")
    assert schema.status == 200
    assert schema.body["properties"]["length"]["type"] == "number"
    assert "value" in schema.body["attributes"]


def test_a_type_whose_service_is_absent_is_refused_as_a_real_cloud_would(live_heat: LiveHeat) -> None:
    template = {"heat_template_version": "2021-04-16", "resources": {"vm": {"type": "OS::Nova::Server"}}}
    answer = live_heat.request("POST", "validate", json={"template": template})
    assert answer.status == 400
    assert "Service nova is not available for resource type OS::Nova::Server" in answer.body["error"]["message"]


@pytest.mark.parametrize("status", [401, 500])
def test_the_refusing_clouds_refuse(live_heat: LiveHeat, status: int) -> None:
    cloud = live_heat.refuses_401 if status == 401 else live_heat.refuses_500
    answer = live_heat.request("GET", live_heat.endpoints[cloud] + "/stacks")
    assert answer.status == status
    assert answer.body["code"] == status and answer.body["error"]["message"]
    posted = live_heat.request("POST", live_heat.endpoints[cloud] + "/validate", json={"template": {}})
    assert posted.status == status


def test_nothing_listens_at_nowhere(live_heat: LiveHeat) -> None:
    with pytest.raises(urllib.error.URLError) as refused:
        urllib.request.urlopen(live_heat.endpoints[live_heat.nowhere] + "/stacks", timeout=5)
    assert isinstance(refused.value.reason, ConnectionRefusedError)


# openstacksdk's config loader and a keystoneauth Adapter, as the reference says a client reaches this Heat.
SDK_PROBE = """
import json, sys
import openstack.config
from keystoneauth1 import adapter
config = openstack.config.OpenStackConfig()
found = {}
for name in sys.argv[1:]:
    cloud = config.get_one(cloud=name)
    endpoint = cloud.get_endpoint("orchestration")
    found[name] = {"endpoint": endpoint}
    if name == "local-heat":
        client = adapter.Adapter(cloud.get_session(), service_type="orchestration", endpoint_override=endpoint)
        found[name]["status"] = client.get("/stacks", timeout=30).status_code
print(json.dumps(found))
"""


def test_every_clouds_yaml_entry_is_read_by_openstacksdk(live_heat: LiveHeat) -> None:
    names = [live_heat.cloud, live_heat.nowhere, live_heat.refuses_401, live_heat.refuses_500]
    probe = subprocess.run(
        [str(live_heat.heat_python), "-c", SDK_PROBE, *names],
        env=live_heat.env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr[-3000:]
    found = json.loads(probe.stdout)
    assert {name: entry["endpoint"] for name, entry in found.items()} == live_heat.endpoints
    assert found[live_heat.cloud]["status"] == 200


def test_the_example_tree_deploys_with_openstackclient(live_heat: LiveHeat) -> None:
    """examples/live/README.md's steps: `openstack stack create -t stack.yaml -e env.yaml -e sizes.yaml`."""
    name = live_heat.stack_name("example")
    openstack = str(live_heat.heat_python.with_name("openstack"))
    create = [openstack, "--os-cloud", live_heat.cloud, "stack", "create", "--wait", "-f", "json"]
    create += ["-t", "stack.yaml", "-e", "env.yaml", "-e", "sizes.yaml", name]
    done = subprocess.run(create, cwd=EXAMPLE, env=live_heat.env(), capture_output=True, text=True, timeout=300)
    try:
        assert done.returncode == 0, done.stderr[-3000:]
        assert live_heat.wait_stack(name)["stack_status"] == "CREATE_COMPLETE"
        answer = live_heat.request("GET", f"stacks/{name}/resources?nested_depth=5")
        found = sorted((r["resource_name"], r.get("parent_resource")) for r in answer.body["resources"])
        assert found == [
            ("0", "members"),
            ("1", "members"),
            ("label", "0"),
            ("label", "1"),
            ("leaf", "0"),
            ("leaf", "1"),
            ("marker", None),
            ("members", None),
            ("motd", None),
            ("record", "marker"),
            ("secret", None),
            ("work", "leaf"),
            ("work", "leaf"),
        ]
        member_types = {r["resource_type"] for r in answer.body["resources"] if r.get("parent_resource") == "members"}
        assert member_types == {(EXAMPLE / "member.yaml").as_uri()}  # openstackclient sends it as a file:// URL
    finally:
        live_heat.delete_stack(name)
