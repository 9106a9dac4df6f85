"""The recording of Heat 27.0.1's real updates (heat_update_outcomes.json) is what it claims to be, without Heat.

tools/heat_conformance.py record-updates writes it: pairs of stack bundles (tools/conformance/update_pairs.py) and,
for each, what Heat's own update code did to every resource. These tests hold the file honest: the pairs are
well formed and cover the families issue 31 names, the answers use the agreed words, and a few answers equal the
facts ../shared/reference/heat-update.md states (read from Heat's source and seen on a real Heat).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from update_replay import OUTCOMES, RESULTS, load_pairs, materialize

# The least number of pairs per kind: the families of issue 31 item 5.
FAMILY_MINIMUMS = {
    "server": 15,
    "server_policy": 8,
    "neutron": 30,
    "cinder": 8,
    "heat": 20,
    "software": 8,
    "wait": 4,
    "keystone": 8,
    "swift": 3,
    "nova": 4,
    "aws": 4,
    "other": 5,
    "added": 3,
    "deleted": 2,
    "renamed": 3,
    "condition": 5,
    "depends_on": 3,
    "deletion_policy": 5,
    "metadata": 5,
    "update_policy": 3,
    "group_count": 5,
    "resource_def": 5,
    "removal_policies": 2,
    "external_id": 3,
    "chain": 4,
    "nested_template": 5,
    "nested_parameters": 4,
    "type_remap": 6,
    "restricted": 10,
    "immutable": 6,
    "translation": 8,
    "cascade": 10,
    "get_attr_in_place": 4,
    "identical": 15,
    "parameter_value": 6,
    "user_data_file": 5,
}
# Types whose update rules differ (issue 31's list): each is in some pair's templates.
TYPES = {
    "OS::Nova::Server",
    "OS::Neutron::Net",
    "OS::Neutron::Subnet",
    "OS::Neutron::Port",
    "OS::Neutron::Router",
    "OS::Neutron::SecurityGroup",
    "OS::Neutron::FloatingIP",
    "OS::Cinder::Volume",
    "OS::Cinder::VolumeAttachment",
    "OS::Heat::RandomString",
    "OS::Heat::Value",
    "OS::Heat::TestResource",
    "OS::Heat::None",
    "OS::Heat::Delay",
    "OS::Heat::SoftwareConfig",
    "OS::Heat::SoftwareDeployment",
    "OS::Heat::WaitCondition",
    "OS::Heat::WaitConditionHandle",
    "OS::Heat::UpdateWaitConditionHandle",
    "OS::Heat::ResourceGroup",
    "OS::Heat::ResourceChain",
    "OS::Heat::Stack",
    "OS::Heat::CloudConfig",
    "OS::Heat::MultipartMime",
    "AWS::AutoScaling::LaunchConfiguration",
    "OS::Keystone::Project",
    "OS::Swift::Container",
}


@pytest.fixture(scope="module")
def pairs() -> list[dict[str, Any]]:
    return load_pairs()


def _outcomes(pair: dict[str, Any]) -> dict[str, str]:
    """``parent/name`` (or ``name`` at the top) -> outcome."""
    return {
        (f"{res['parent']}/" if res["parent"] else "") + res["resource_name"]: res["outcome"]
        for res in pair["heat"]["resources"]
    }


def _by_id(pairs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {pair["id"]: pair for pair in pairs}


def test_ids_are_unique_and_there_are_enough(pairs: list[dict[str, Any]]) -> None:
    ids = [pair["id"] for pair in pairs]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    assert len(pairs) >= 220


def test_every_side_is_a_bundle_whose_files_parse(pairs: list[dict[str, Any]]) -> None:
    for pair in pairs:
        assert pair["kind"] and pair["note"], pair["id"]
        for which in ("old", "new"):
            side = pair[which]
            assert side["template"] in side["files"], (pair["id"], which)
            missing = [env for env in side["environments"] if env not in side["files"]]
            assert not missing, (pair["id"], which, missing)
            assert all(isinstance(value, str) for value in side["parameters"].values()), (pair["id"], which)
            for path, text in side["files"].items():
                try:
                    yaml.safe_load(text)
                except yaml.YAMLError as error:
                    pytest.fail(f"{pair['id']} {which} {path}: {error}")


def test_the_kinds_cover_the_families(pairs: list[dict[str, Any]]) -> None:
    kinds = Counter(pair["kind"] for pair in pairs)
    short = {kind: (kinds[kind], least) for kind, least in FAMILY_MINIMUMS.items() if kinds[kind] < least}
    assert not short, f"kinds with fewer pairs than they need (have, need): {short}"
    assert set(kinds) <= set(FAMILY_MINIMUMS), f"kinds no minimum speaks for: {set(kinds) - set(FAMILY_MINIMUMS)}"


def test_the_types_with_their_own_rules_are_all_there(pairs: list[dict[str, Any]]) -> None:
    seen: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("type"), str):
                seen.add(node["type"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for pair in pairs:
        for side in (pair["old"], pair["new"]):
            for text in side["files"].values():
                walk(yaml.safe_load(text))
    assert not TYPES - seen, f"types no pair uses: {sorted(TYPES - seen)}"


def test_answers_use_the_agreed_words(pairs: list[dict[str, Any]]) -> None:
    for pair in pairs:
        answer = pair["heat"]
        assert answer["result"] in RESULTS, pair["id"]
        assert isinstance(answer["message"], str), pair["id"]
        named = _outcomes(pair)
        for res in answer["resources"]:
            assert res["outcome"] in OUTCOMES, (pair["id"], res)
            assert res["resource_type"], (pair["id"], res)
            # A nested resource's parent is a path of resources recorded in the same pair.
            if res["parent"]:
                assert res["parent"] in named, (pair["id"], res)
        # Only a finished update lists its resources (where a failed one stops varies from run to run).
        assert answer["result"] == "updated" or not answer["resources"], pair["id"]


def test_every_result_is_represented(pairs: list[dict[str, Any]]) -> None:
    results = Counter(pair["heat"]["result"] for pair in pairs)
    assert results["updated"] >= 200 and results["refused"] and results["failed"], results
    outcomes = Counter(res["outcome"] for pair in pairs for res in pair["heat"]["resources"])
    assert all(outcomes[word] for word in OUTCOMES), outcomes


# (pair, resource, outcome): facts of the reference (heat-update.md), which the recorder must reproduce.
REFERENCE_FACTS = [
    ("server-key_name-0", "server", "replaced"),  # key_name is not update-allowed
    ("server-image-3", "server", "updated"),  # image_update_policy REBUILD (the default): in place
    ("server-flavor-2", "server", "updated"),  # flavor_update_policy RESIZE (the default)
    ("server-user_data-4", "server", "replaced"),  # user_data_update_policy REPLACE (the default)
    ("server-policy-image_update_policy-replace-image-3", "server", "replaced"),
    ("server-policy-user_data_update_policy-ignore-user_data-6", "server", "updated"),
    ("identical-base", "reader", "unchanged"),  # a get_attr reader of an unchanged resource
    ("os-heat-delay-min_wait-0", "res", "replaced"),  # base handle_update replaces
    ("os-heat-none-a-0", "res", "unchanged"),  # OS::Heat::None is never updated
    ("wait-update-handle-identical", "handle", "replaced"),  # always replaced
    ("wait-update-handle-identical", "wait", "replaced"),  # its handle (a signed URL) changes; not update-allowed
    ("os-neutron-port-replacement_policy-10", "res", "replaced"),
    ("software-config-script", "config", "replaced"),
    ("software-config-script", "deployment", "updated"),
    ("software-replace-on-change-value", "deployment", "replaced"),
    ("metadata-launch-config", "lc", "replaced"),  # needs_replace_with_tmpl_diff
    ("cascade-subnet-cidr", "subnet", "replaced"),
    ("cascade-subnet-cidr", "port", "updated"),
    ("cascade-net-az-hints", "port", "replaced"),
    ("cascade-net-az-hints", "server", "updated"),
    ("group-count-3", "workers/2", "added"),
    ("group-count-1", "workers/1", "deleted"),
    ("nested-child-added", "box", "updated"),  # a StackResource is always updated
    ("remap-template-to-template", "box", "updated"),
    ("remap-template-to-template", "box/extra", "added"),
    ("remap-template-to-plugin", "box", "replaced"),
    ("renamed-value", "value", "deleted"),
    ("renamed-value", "value_renamed", "added"),
    ("condition-flip-on", "extra", "added"),
    ("condition-flip-off", "extra", "deleted"),
    ("external-id-property", "net", "unchanged"),  # an external resource is never updated
]


@pytest.mark.parametrize(("pair_id", "name", "outcome"), REFERENCE_FACTS)
def test_the_reference_facts_hold(pairs: list[dict[str, Any]], pair_id: str, name: str, outcome: str) -> None:
    pair = _by_id(pairs)[pair_id]
    assert pair["heat"]["result"] == "updated", pair["heat"]
    assert _outcomes(pair).get(name) == outcome, _outcomes(pair)


def test_refusals_and_failures_are_heats(pairs: list[dict[str, Any]]) -> None:
    by_id = _by_id(pairs)
    assert by_id["immutable-changed"]["heat"]["result"] == "refused"
    assert "immutable" in by_id["immutable-changed"]["heat"]["message"]
    assert by_id["restricted-update-value"]["heat"]["result"] == "failed"
    assert by_id["restricted-replace-random"]["heat"]["result"] == "failed"
    assert by_id["restricted-update-none"]["heat"]["result"] == "updated"
    assert by_id["external-id-changed"]["heat"]["result"] == "failed"
    assert "external_id" in by_id["external-id-changed"]["heat"]["message"]


def test_materialize_writes_a_side(pairs: list[dict[str, Any]], tmp_path: Path) -> None:
    pair = next(pair for pair in pairs if pair["new"]["environments"] and pair["new"]["parameters"] is not None)
    template, environments, parameters = materialize(pair["new"], tmp_path)
    assert template == tmp_path / "main.yaml" and template.read_text(encoding="utf-8")
    assert environments and all(path.is_file() for path in environments)
    assert parameters == pair["new"]["parameters"]
