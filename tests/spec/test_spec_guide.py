"""Links to Heat's template guide, and the signatures functions take: facts written once in spec/."""

from __future__ import annotations

import pytest

from hot_lsp import spec
from hot_lsp.spec import guide


@pytest.mark.parametrize(
    ("heat_version", "release"),
    [
        ("27.0.1", "2026.2"),
        ("23.0.0", "2024.2"),
        ("20.1.0", "2023.1"),
        ("12.1.0", "stein"),
        ("99.0.0", "latest"),
        ("", "latest"),
    ],
)
def test_release_of(heat_version: str, release: str) -> None:
    assert guide.release_of(heat_version) == release


def test_type_property_and_attribute_anchors() -> None:
    base = "https://docs.openstack.org/heat/2026.2/template_guide/"
    assert guide.type_url("2026.2", "OS::Nova::Server", "SUPPORTED") == base + "openstack.html#OS::Nova::Server"
    assert guide.type_url("2026.2", "AWS::EC2::Instance", "SUPPORTED") == base + "cfn.html#AWS::EC2::Instance"
    assert guide.type_url("2026.2", "OS::Aodh::Alarm", "DEPRECATED") == base + "unsupported.html#OS::Aodh::Alarm"
    assert guide.type_url("2026.2", "OS::Glance::Image", "HIDDEN") is None
    assert guide.type_url("2026.2", "Acme::Widget", "SUPPORTED") is None
    assert (
        guide.property_url("2026.2", "OS::Nova::Server", "SUPPORTED", ("networks", 0, "port"))
        == base + "openstack.html#OS::Nova::Server-prop-networks-*-port"
    )
    assert (
        guide.attribute_url("2026.2", "OS::Nova::Server", "SUPPORTED", "networks")
        == base + "openstack.html#OS::Nova::Server-attr-networks"
    )


def test_function_and_section_anchors() -> None:
    base = "https://docs.openstack.org/heat/latest/template_guide/hot_spec.html#"
    assert spec.function_url("latest", "str_replace_vstrict") == base + "str-replace-vstrict"
    assert spec.function_url("latest", "if") == base + "if"
    assert spec.function_url("latest", "Fn::Join") is None
    assert spec.function_url("latest", "nope") is None
    assert guide.section_url("latest", "parameter_groups") == base + "parameter-groups-section"
    assert guide.section_url("latest", "heat_template_version") == base + "heat-template-version"
    documented = {name for name, record in spec.FUNCTIONS.items() if record.guide_anchor}
    assert documented == set(spec.FUNCTIONS) - set(spec.CFN_ONLY_NAMES)  # hot_spec.rst has no CloudFormation name
    assert set(guide.SECTION_TITLES) == set(spec.SECTIONS)


@pytest.mark.parametrize("name", sorted(spec.FUNCTIONS))
def test_every_function_has_a_signature(name: str) -> None:
    doc = spec.FUNCTIONS[name]
    assert doc.parameters, name
    labels = [parameter.label for parameter in doc.parameters]
    assert len(set(labels)) == len(labels)
    if doc.shape == "map":  # the keys are the ones Heat reads, each documented
        assert set(labels) == set(doc.argument_keys[()])
    if doc.shape == "value":
        assert len(labels) == 1 and doc.repeats is False
    if isinstance(doc.repeats, str):
        assert doc.repeats in spec.FEATURES


def test_signature_per_version() -> None:
    kilo, pike = spec.version_named("2015-04-30"), spec.version_named("2017-09-01")
    repeat = spec.function_signature("repeat", kilo)
    assert repeat is not None and [p.label for p in repeat.parameters] == ["for_each", "template"]
    repeat = spec.function_signature("repeat", pike)
    assert repeat is not None and [p.label for p in repeat.parameters] == ["for_each", "template", "permutations"]
    join = spec.function_signature("list_join", kilo)
    assert join is not None and not join.repeats
    join = spec.function_signature("list_join", pike)
    assert join is not None and join.repeats
    assert spec.function_signature("nope", pike) is None
