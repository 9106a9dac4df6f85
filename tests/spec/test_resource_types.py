"""The resource type catalogue generated from Heat 27.0.1 (tools/gen_resource_catalogue.py) and its loader."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hot_lsp.spec.catalogue_sources import load_catalogue
from hot_lsp.spec.custom_constraints import CUSTOM_CONSTRAINTS
from hot_lsp.spec.resource_types import (
    BUILTIN_PATH,
    CatalogueError,
    PropertySchema,
    builtin_catalogue,
    namespace_of,
)

ROOT = Path(__file__).resolve().parents[2]
ACME = ROOT / "examples" / "catalogues" / "acme.json"

# facts §4 get_attr: classes that accept any attribute name at validation.
ANY_ATTRIBUTE_VISIBLE = {
    "AWS::CloudFormation::Stack",
    "OS::Heat::AutoScalingGroup",
    "OS::Heat::None",
    "OS::Heat::ResourceChain",
    "OS::Heat::ResourceGroup",
    "OS::Heat::SoftwareDeployment",
    "OS::Heat::SoftwareDeploymentGroup",
    "OS::Heat::StructuredDeployment",
    "OS::Heat::StructuredDeploymentGroup",
}


@pytest.fixture(scope="module")
def catalogue():
    return builtin_catalogue()


def test_counts(catalogue) -> None:
    statuses = [catalogue.types[n].support_status.status for n in catalogue.names()]
    assert len(catalogue.types) == 201
    assert statuses.count("HIDDEN") == 38
    assert statuses.count("DEPRECATED") == 1
    assert statuses.count("UNSUPPORTED") == 5
    assert catalogue.heat_version == "27.0.1"


def test_custom_constraints_are_the_spec_table(catalogue) -> None:
    assert set(catalogue.custom_constraint_docs) == set(CUSTOM_CONSTRAINTS)
    assert len(catalogue.custom_constraint_docs) == 70
    assert all(catalogue.custom_constraint_docs.values())


def test_nova_server(catalogue) -> None:
    server = catalogue.get("OS::Nova::Server")
    assert server is not None
    assert [p.name for p in server.properties.values() if p.required] == ["flavor"]
    flavor = server.properties["flavor"]
    assert (flavor.type, flavor.update_allowed) == ("String", True)
    assert flavor.constraints == ({"custom_constraint": "nova.flavor"},)
    assert server.description == "A resource for managing Nova instances."
    assert {"first_address", "networks", "show"} <= set(server.attributes)
    assert not server.any_attribute


def test_nested_schemas(catalogue) -> None:
    networks = catalogue.get("OS::Nova::Server").properties["networks"]
    assert networks.type == "List"
    item = networks.schema["*"]
    assert isinstance(item, PropertySchema)
    assert item.type == "Map"
    assert {"network", "port", "fixed_ip"} <= set(item.schema)
    assert item.schema["port"].constraints == ({"custom_constraint": "neutron.port"},)


def test_constraint_shapes(catalogue) -> None:
    group = catalogue.get("OS::Heat::ResourceGroup").properties
    assert group["count"].constraints == ({"range": {"min": 0}},)
    assert group["count"].default == 1
    assert group["index_var"].constraints == ({"length": {"min": 3}},)


def test_update_policy(catalogue) -> None:
    group = catalogue.get("OS::Heat::ResourceGroup").update_policy
    assert set(group) == {"batch_create", "rolling_update"}
    rolling = group["rolling_update"]
    assert rolling.type == "Map"
    assert rolling.schema["min_in_service"].constraints == ({"range": {"min": 0}},)
    assert set(catalogue.get("AWS::AutoScaling::AutoScalingGroup").update_policy) == {"AutoScalingRollingUpdate"}
    # written for every built-in type: {} means Heat refuses any update_policy key
    assert catalogue.get("OS::Nova::Server").update_policy == {}
    assert all(catalogue.types[n].update_policy is not None for n in catalogue.names())


def test_update_policy_unknown_in_a_user_catalogue() -> None:
    assert load_catalogue((str(ACME),)).get("Acme::Widget").update_policy is None


def test_not_implemented_property(catalogue) -> None:
    instance = catalogue.get("AWS::EC2::Instance").properties
    assert instance["KernelId"].implemented is False
    assert instance["ImageId"].implemented is True


def test_any_attribute(catalogue) -> None:
    visible = {
        n
        for n in catalogue.names()
        if catalogue.types[n].any_attribute and not catalogue.types[n].support_status.hidden
    }
    assert visible == ANY_ATTRIBUTE_VISIBLE
    # Every other type that accepts any attribute is a hidden placeholder (Heat's NoneResource and friends).
    hidden = {n for n in catalogue.names() if catalogue.types[n].any_attribute} - visible
    assert all(catalogue.types[n].support_status.hidden for n in hidden)
    assert "OS::Neutron::LBaaS::Pool" in hidden


def test_attributes(catalogue) -> None:
    port = catalogue.get("OS::Neutron::Port")
    assert port.attributes["fixed_ips"].type == "List"
    assert all("show" in catalogue.types[n].attributes for n in catalogue.names())
    assert catalogue.get("OS::Heat::None").attributes.keys() == {"show"}


def test_deprecated_type_and_replacement(catalogue) -> None:
    alarm = catalogue.get("OS::Aodh::Alarm")
    assert alarm.support_status.deprecated
    assert alarm.support_status.version == "10.0.0"
    assert alarm.support_status.previous.status == "SUPPORTED"
    assert alarm.replacement == "OS::Aodh::GnocchiAggregationByResourcesAlarm"


def test_hidden_types(catalogue) -> None:
    floating = catalogue.get("OS::Nova::FloatingIP")
    assert floating.support_status.hidden
    assert floating.support_status.previous.status == "DEPRECATED"
    assert floating.replacement == "OS::Neutron::FloatingIP"
    # "Use octavia instead." names no registered type.
    assert catalogue.get("OS::Neutron::LBaaS::Pool").replacement is None
    # A supported type never has one.
    assert catalogue.get("OS::Neutron::FloatingIP").replacement is None


def test_aliases_and_globs(catalogue) -> None:
    assert catalogue.aliases["OS::Ceilometer::Alarm"] == "OS::Aodh::Alarm"
    assert catalogue.get("OS::Ceilometer::Alarm").name == "OS::Aodh::Alarm"
    assert catalogue.resolve_alias("OS::Metering::Alarm") == "OS::Aodh::Alarm"
    assert catalogue.alias_globs == {"OS::Quantum*": "OS::Neutron*"}
    assert catalogue.resolve_alias("OS::Quantum::Net") == "OS::Neutron::Net"
    assert catalogue.get("OS::Quantum::Net").name == "OS::Neutron::Net"
    assert catalogue.get("OS::Quantum::Nothing") is None
    assert catalogue.resolve_alias("OS::Nova::Server") is None
    # A file:// target is a template resource: resolve_alias names it, get() has no schema for it.
    assert catalogue.resolve_alias("AWS::RDS::DBInstance") == "file:///etc/heat/templates/AWS_RDS_DBInstance.yaml"
    assert catalogue.get("AWS::RDS::DBInstance") is None
    assert catalogue.get("AWS::CloudWatch::Alarm") is None


def test_nearest(catalogue) -> None:
    assert catalogue.nearest("OS::Nova::Servr")[0] == "OS::Nova::Server"
    assert catalogue.nearest("os::nova::server")[0] == "OS::Nova::Server"
    assert len(catalogue.nearest("OS::Nova::Servr", limit=2)) == 2
    assert catalogue.nearest("OS::Nova::Servr", limit=0) == []
    # hidden types are not suggested
    assert "OS::Neutron::Pool" not in catalogue.nearest("OS::Neutron::Poo", limit=5)


def test_namespaces(catalogue) -> None:
    spaces = catalogue.namespaces()
    assert {"OS::Nova", "OS::Neutron", "OS::Heat", "AWS::EC2", "OS::Ceilometer", "OS::Quantum"} <= spaces
    assert "OS" not in spaces and "OS::Nova::Server" not in spaces
    assert namespace_of("OS::Nova::Server") == "OS::Nova"
    assert namespace_of("Acme::Widget") == "Acme"
    assert namespace_of("Widget") is None


def test_file_is_canonical_json_and_schemas_path_is_a_link() -> None:
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["format"] == 1 and data["heat_version"] == "27.0.1"
    link = ROOT / "schemas" / "resource_types" / "heat-27.0.1.json"
    if link.is_symlink():  # the path, a relative symlink in the repository
        assert not os.path.isabs(os.readlink(link))
        assert link.resolve() == BUILTIN_PATH
    elif link.exists():  # an sdist holds the symlink's target as a copy (setuptools follows links)
        assert link.read_bytes() == BUILTIN_PATH.read_bytes()


def test_nothing_is_read_at_import() -> None:
    script = """
import sys
opened = []
sys.addaudithook(lambda event, args: event == "open" and "heat-27.0.1.json" in str(args[0]) and opened.append(1))
import hot_lsp.spec
import hot_lsp.spec.resource_types as rt
assert rt._BUILTIN is None and not opened, "read at import"
catalogue = rt.builtin_catalogue()
assert len(opened) == 1
assert len(catalogue.types._built) == 0, "types built before use"
catalogue.get("OS::Nova::Server")
assert list(catalogue.types._built) == ["OS::Nova::Server"]
assert rt.builtin_catalogue() is catalogue and hot_lsp.spec.load_catalogue() is catalogue and len(opened) == 1
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_example_user_catalogue_merges(tmp_path: Path) -> None:
    override = tmp_path / "site.json"
    override.write_text(
        json.dumps(
            {
                "format": 1,
                "resource_types": {"OS::Nova::Server": {"properties": {"flavor": {"type": "string"}}}},
                "aliases": {"Acme::Gadget": "Acme::Widget"},
            }
        )
    )
    merged = load_catalogue((str(ACME), str(override)))
    widget = merged.get("Acme::Widget")
    assert widget is not None and widget.source == str(ACME)
    assert widget.properties["size"].required and widget.properties["size"].type == "Integer"
    assert widget.properties["colour"].default == "red"
    assert set(widget.attributes) == {"serial", "show"}
    assert merged.get("Acme::Gadget") is widget
    assert "Acme" in merged.namespaces() and "Acme::Widget" not in merged.namespaces()
    # the later file wins per type, and lowercase type names (Heat's API spelling) are accepted
    server = merged.get("OS::Nova::Server")
    assert server.source == str(override)
    assert server.properties["flavor"].type == "String" and not server.properties["flavor"].required
    assert len(merged.types) == 202
    assert merged.sources == (str(BUILTIN_PATH), str(ACME), str(override))
    # the built-in catalogue is untouched, and the merge is cached
    assert builtin_catalogue().get("Acme::Widget") is None
    assert builtin_catalogue().get("OS::Nova::Server").properties["flavor"].required
    assert load_catalogue((str(ACME), str(override))) is merged


def test_user_catalogue_is_reloaded_when_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"format": 1, "resource_types": {"A::B": {}}}')
    first = load_catalogue((str(path),))
    path.write_text('{"format": 1, "resource_types": {"A::B": {}, "A::Bigger": {}}}')
    os.utime(path, ns=(1, 1))
    assert load_catalogue((str(path),)).get("A::Bigger") is not None
    assert first.get("A::Bigger") is None


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"format": 1, "resource_types": {', "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"resource_types": {}}', '"format" must be 1'),
        ('{"format": 1}', '"resource_types" is missing'),
        ('{"format": 1, "resource_types": []}', '"resource_types" must be an object'),
        ('{"format": 1, "resource_types": {"A::B": {"properties": {"x": {"type": "Strin"}}}}}', "properties.x.type"),
        ('{"format": 1, "resource_types": {"A::B": {"support_status": {"status": "GONE"}}}}', "support_status.status"),
        ('{"format": 1, "resource_types": {"A::B": 3}}', "resource_types.A::B: must be an object"),
        ('{"format": 1, "resource_types": {}, "alias_globs": {"A::": "B::*"}}', "must end with '*'"),
        ('{"format": 1, "resource_types": {"A::B": {"update_policy": []}}}', "A::B.update_policy: must be an object"),
        (
            '{"format": 1, "resource_types": {"A::B": {"update_policy": {"p": {"type": "x"}}}}}',
            "update_policy.p.type",
        ),
    ],
)
def test_malformed_user_catalogue(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CatalogueError) as raised:
        load_catalogue((str(path),))
    assert raised.value.path == str(path)
    assert reason in raised.value.reason
    assert str(path) in str(raised.value)


def test_missing_user_catalogue(tmp_path: Path) -> None:
    path = str(tmp_path / "nope.json")
    with pytest.raises(CatalogueError, match="nope.json: No such file"):
        load_catalogue((path,))


def test_a_fifo_named_as_a_catalogue_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "types.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer for ever
    with pytest.raises(CatalogueError, match="not a regular file"):
        load_catalogue((str(fifo),))
