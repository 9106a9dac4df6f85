"""0xxx (heat_template_version, size) and 1xxx (sections) rules: failing and passing cases with ranges."""

import pytest
from helpers import findings, findings_with

R = "resources:\n  r: {type: OS::Heat::None}\n"


@pytest.mark.parametrize(
    ("snippet", "code", "covered"),
    [
        ("heat_template_version: 2016\n" + R, "E0011", "2016"),
        ("heat_template_version: yes\n" + R, "E0011", "yes"),
        ("heat_template_version:\n" + R, "E0011", "heat_template_version"),
        ("heat_template_version: [2016-10-14]\n" + R, "E0011", "heat_template_version"),
        ("heat_template_version: 2016-10-15\n" + R, "E0012", "2016-10-15"),
        ("heat_template_version: xena\n" + R, "E0012", "xena"),
        ("heat_template_version: mitaka\n" + R, "E0012", "mitaka"),
        ("description: no version\n" + R, "E0010", "description"),
        ("heat_template_version: 2016-04-08\nconditions: {}\n" + R, "E1002", "conditions"),
        ("heat_template_version: newton\nResources: {}\n", "E1001", "Resources"),
        ("heat_template_version: newton\nresource:\n  r: {type: OS::Heat::None}\n", "E1001", "resource"),
        ("heat_template_version: newton\nMappings: {}\n", "E1001", "Mappings"),
        ("heat_template_version: newton\nresources:\n  - r\n", "E1003", "-"),
        ("heat_template_version: newton\nparameters: [a]\n", "E1003", "["),
        ("heat_template_version: newton\nconditions: yes\n", "E1003", "yes"),
        ("heat_template_version: newton\n__undefined__: {}\n", "W1004", "__undefined__"),
    ],
)
def test_failing(snippet, code, covered):
    assert covered in findings_with(snippet, code)


@pytest.mark.parametrize(
    "snippet",
    [
        "heat_template_version: 2013-05-23\n" + R,
        "heat_template_version: wallaby\n" + R,
        "heat_template_version: '2016-10-14'\nconditions: {}\n" + R,
        "heat_template_version: 2018-08-31\ndescription: x\nparameter_groups: []\nparameters:\noutputs: {}\n" + R,
        "heat_template_version: 2018-08-31\nparameter_groups: {}\nresources: []\n",  # empty values are empty sections
        '{"heat_template_version": "2016-10-14", "resources": {}}',
    ],
)
def test_passing(snippet):
    assert [c for c, _ in findings(snippet) if c[1] in "01"] == []


def test_release_alias_and_date_are_equivalent():
    tpl = "heat_template_version: VERSION\nconditions:\n  c: true\n" + R
    assert findings(tpl.replace("VERSION", "newton")) == findings(tpl.replace("VERSION", "2016-10-14"))


def test_suggestions_in_data():
    from hot_lsp.analysis.validate import analyze

    [d] = [d for d in analyze("heat_template_version: 2016-10-15\n" + R).diagnostics if d.code == "E0012"]
    assert d.data.to_json()["suggestions"][0] == "2016-10-14"


def test_oversized_template_warns_like_heat_rejects():
    big = "heat_template_version: 2016-10-14\n" + R + "description: " + "x" * 530_000 + "\n"
    assert "W0006" in [c for c, _ in findings(big)]
    assert "W0006" not in [c for c, _ in findings("heat_template_version: 2016-10-14\n" + R)]


def test_non_hot_yaml_gets_nothing():
    assert findings("- hosts: all\n  tasks: [\n") == []
    assert findings("resources:\n  - name: x\n    type: y\n") == []
