"""Hover on resource types, property keys and get_attr attribute names, fixture style: ``$0`` marks the cursor."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from lsprotocol import types

from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document import parse
from hot_lsp.features.hover import hover
from hot_lsp.features.snapshot import Settings, Snapshot

URI = "file:///work/t/template.yaml"
ACME = str(Path(__file__).resolve().parents[2] / "examples" / "catalogues" / "acme.json")


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def hover_at(
    fixture: str, *, last_good: Analysis | None = None, settings: Settings | None = None, markdown: bool = True
) -> tuple[Snapshot, types.Hover | None]:
    text, offset = marked(fixture)
    # As the server does: the analysis is checked against the catalogues the settings name.
    analysis = analyze(text, Options(resource_type_paths=(settings or Settings()).resource_type_paths))
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    snapshot = Snapshot(URI, 1, analysis, good, "utf-16", settings or Settings())
    params = types.HoverParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    return snapshot, hover(snapshot, params, markdown=markdown)


def shown(fixture: str, **kwargs) -> str | None:
    _, result = hover_at(fixture, **kwargs)
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


def covered(fixture: str, **kwargs) -> str:
    snapshot, result = hover_at(fixture, **kwargs)
    assert result is not None and result.range is not None
    return snapshot.text[snapshot.offset(result.range.start) : snapshot.offset(result.range.end)]


def template(body: str) -> str:
    return "heat_template_version: 2018-08-31\n" + textwrap.dedent(body).lstrip("\n")


def resource(kind: str, properties: str = "") -> str:
    body = textwrap.indent(textwrap.dedent(properties).strip("\n"), " " * 6)
    head = f"resources:\n  web:\n    type: {kind}\n"
    return template(head + (f"    properties:\n{body}\n" if properties else ""))


def table_rows(text: str) -> list[list[str]]:
    rows = [line for line in text.split("\n") if line.startswith("| ")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]  # the header first


# -- types --------------------------------------------------------------------------------------------


def test_type_hover_has_description_status_properties_and_attributes():
    text = shown(resource("OS::Nova::Se$0rver", "flavor: m1"))
    assert text is not None
    assert text.startswith("**OS::Nova::Server** — resource type, supported")
    assert "A resource for managing Nova instances." in text
    rows = table_rows(text)
    assert rows[0] == ["property", "type", "required", "update", "description"]
    assert rows[1] == ["`flavor`", "String", "yes", "in place", "The ID or name of the flavor to boot onto."]
    assert ["`key_name`", "String", "", "replace", "Name of keypair to inject into the server."] in rows
    # Long descriptions folded to their first sentence (the catalogue's go on: "Keys are file names ...").
    assert rows[-1] == [
        "`personality` (deprecated)",
        "Map",
        "",
        "replace",
        "A map of files to create/overwrite on the server upon boot.",
    ]
    transport = next(row for row in rows if row[0] == "`software_config_transport`")
    assert transport[4] == "How the server should receive the metadata required for software configuration."
    assert not any("admin_user" in row[0] for row in rows)  # hidden
    assert "**Attributes** `accessIPv4`" in text and "`networks`" in text and "`show`" in text
    assert "first_address" not in text  # hidden
    guide = "https://docs.openstack.org/heat/2026.2/template_guide/"
    assert text.endswith(f"[Heat template guide]({guide}openstack.html#OS::Nova::Server)")


def test_type_hover_covers_the_value():
    assert covered(resource("OS::Neutron::Po$0rt")) == "OS::Neutron::Port"


def test_deprecated_type_names_its_replacement():
    text = shown(resource("OS::Aodh::Al$0arm"))
    assert "deprecated since Heat 10.0.0, use OS::Aodh::GnocchiAggregationByResourcesAlarm" in text
    assert "relies on ceilometer-api" in text


def test_hidden_type_says_so():
    text = shown(resource("OS::Glance::Ima$0ge"))
    assert text.startswith("**OS::Glance::Image** — resource type, hidden since Heat")


def test_alias_shows_its_target():
    text = shown(resource("OS::Ceilometer::Al$0arm"))
    assert "An alias: Heat maps it to `OS::Aodh::Alarm`." in text
    assert table_rows(text)[1][:3] == ["`meter_name`", "String", "yes"]
    file_alias = shown(resource("AWS::RDS::DBIn$0stance"))
    assert "file:///etc/heat/templates/AWS_RDS_DBInstance.yaml" in file_alias


def test_any_attribute_types_say_so():
    text = shown(resource("OS::Heat::Resource$0Group"))
    assert "Heat also accepts any other attribute name." in text
    assert table_rows(text)[1][:4] == ["`resource_def`", "Map", "yes", "in place"]


def test_no_hover_on_unknown_types():
    assert shown(resource("OS::TripleO::Services::F$0oo")) is None
    assert shown(resource("OS::Nova::Servr$0")) is None


def test_member_type_of_a_resource_group():
    fixture = resource("OS::Heat::ResourceGroup", "resource_def:\n  type: OS::Neutron::Po$0rt")
    assert shown(fixture).startswith("**OS::Neutron::Port** — resource type")


def test_table_is_capped(tmp_path):
    catalogue = tmp_path / "big.json"
    properties = {f"p{i:02d}": {"type": "String"} for i in range(30)}
    catalogue.write_text(json.dumps({"format": 1, "resource_types": {"Big::Thing": {"properties": properties}}}))
    text = shown(resource("Big::Th$0ing"), settings=Settings(resource_type_paths=(str(catalogue),)))
    assert len(table_rows(text)) == 1 + 25
    assert "… and 5 more." in text


# -- property keys ------------------------------------------------------------------------------------


def test_property_hover_has_type_required_update_and_constraints():
    text = shown(resource("OS::Nova::Server", "fla$0vor: m1.small"))
    assert text.startswith("**flavor** — property of `OS::Nova::Server`: String, required")
    assert "The ID or name of the flavor to boot onto." in text
    assert "- update: updated in place" in text
    assert "- custom constraint `nova.flavor` (A Nova flavor that exists" in text


def test_property_hover_default_and_allowed_values():
    text = shown(resource("OS::Nova::Server", "flavor_update_po$0licy: REPLACE"))
    assert "- default: `RESIZE`" in text
    assert "- allowed values: `RESIZE`, `REPLACE`" in text


def test_property_hover_ranges_lengths_and_patterns():
    count = shown(resource("OS::Heat::ResourceGroup", "cou$0nt: 2"))
    assert "Integer" in count and "- default: `1`" in count and "- range: at least 0" in count
    index_var = shown(resource("OS::Heat::ResourceGroup", "index_v$0ar: '%i%'"))
    assert "- length: at least 3 characters or items" in index_var
    assert "- changing it replaces the resource" not in index_var
    assert "- update: changing it replaces the resource" in index_var
    pattern = shown(resource("OS::Blazar::Lease", "start_da$0te: x"))
    assert "- allowed pattern: `\\d{4}-\\d{2}-\\d{2}\\s\\d{2}:\\d{2}`" in pattern
    widget = shown(resource("Acme::Widget", "si$0ze: 3"), settings=Settings(resource_type_paths=(ACME,)))
    assert "Integer, required" in widget and "- range: 1 to 10" in widget


def test_property_hover_immutable_and_deprecated():
    trunk = shown(resource("OS::Neutron::Trunk", "po$0rt: p"))
    assert "- update: immutable: Heat rejects a change to it" in trunk
    personality = shown(resource("OS::Nova::Server", "personal$0ity: {}"))
    assert "Map, deprecated" in personality
    assert "- deprecated since Heat" in personality


def test_property_hover_lists_the_keys_of_maps_and_list_items():
    networks = shown(resource("OS::Nova::Server", "netwo$0rks: []"))
    assert "List of Map" in networks and "- item keys: `allocate_network`" in networks and "`uuid`" not in networks
    group = shown(resource("OS::Heat::ResourceGroup", "resource_d$0ef: {}"))
    assert "- keys: `metadata`, `properties`, `type`" in group


def test_nested_property_keys():
    text = shown(resource("OS::Nova::Server", "networks:\n  - netw$0ork: private"))
    assert text.startswith("**network** — property of `OS::Nova::Server`: String")
    assert "custom constraint `neutron.network`" in text
    deeper = shown(resource("OS::Nova::Server", "networks:\n  - port_extra_properties:\n      mac_addr$0ess: x"))
    assert deeper.startswith("**mac_address** — property of `OS::Nova::Server`: String")
    member = resource(
        "OS::Heat::ResourceGroup", "resource_def:\n  type: OS::Neutron::Port\n  properties:\n    netw$0ork: n"
    )
    assert shown(member).startswith("**network** — property of `OS::Neutron::Port`: String, required")
    assert covered(member) == "network"


GUIDE = "https://docs.openstack.org/heat/2026.2/template_guide/"


def test_property_and_attribute_hovers_link_to_the_guide():
    flavor = shown(resource("OS::Nova::Server", "fla$0vor: m1"))
    assert flavor.endswith(f"[Heat template guide]({GUIDE}openstack.html#OS::Nova::Server-prop-flavor)")
    port = shown(resource("OS::Nova::Server", "networks:\n  - po$0rt: p"))
    assert port.endswith(f"({GUIDE}openstack.html#OS::Nova::Server-prop-networks-*-port)")
    member = resource(
        "OS::Heat::ResourceGroup", "resource_def:\n  type: OS::Neutron::Port\n  properties:\n    netw$0ork: n"
    )
    assert shown(member).endswith(f"({GUIDE}openstack.html#OS::Neutron::Port-prop-network)")
    attribute = template(
        "resources:\n  web:\n    type: OS::Nova::Server\noutputs:\n  o:\n    value: {get_attr: [web, netwo$0rks]}\n"
    )
    assert shown(attribute).endswith(f"({GUIDE}openstack.html#OS::Nova::Server-attr-networks)")
    # Deprecated types live on the guide's "unsupported" page; hidden ones and attributes have no page.
    assert shown(resource("OS::Aodh::Al$0arm")).endswith(f"({GUIDE}unsupported.html#OS::Aodh::Alarm)")
    assert "Heat template guide" not in shown(resource("OS::Glance::Ima$0ge"))
    hidden = attribute.replace("netwo$0rks", "first_addr$0ess")
    assert "Heat template guide" not in shown(hidden)


def test_no_property_hover_for_unknown_names_or_types():
    assert shown(resource("OS::Nova::Server", "flavour$0: m1")) is None
    assert shown(resource("OS::TripleO::Services::Foo", "fla$0vor: m1")) is None
    assert shown(resource("OS::Nova::Server", "metadata:\n  fla$0vor: m1")) is None  # the user's own key


def test_property_hover_in_broken_text_uses_the_trees_that_parse():
    fixture = resource("OS::Nova::Server", "fla$0vor: m1\nnetworks: [\n")
    assert not parse(marked(fixture)[0]).syntax_ok
    assert shown(fixture).startswith("**flavor** — property of `OS::Nova::Server`")


def test_plain_text_hover():
    _, result = hover_at(resource("OS::Nova::Server", "fla$0vor: m1"), markdown=False)
    assert result is not None and result.contents.kind == types.MarkupKind.PlainText


# -- attributes -----------------------------------------------------------------------------------------


def test_attribute_hover_in_get_attr():
    fixture = template(
        "resources:\n  web:\n    type: OS::Nova::Server\noutputs:\n  o:\n    value: {get_attr: [web, netwo$0rks]}\n"
    )
    text = shown(fixture)
    assert text.startswith("**networks** — attribute: Map")
    assert "assigned network addresses" in text
    assert covered(fixture) == "networks"


def test_hidden_attribute_hover_says_what_to_use_instead():
    fixture = template(
        "resources:\n  web:\n    type: OS::Nova::Server\noutputs:\n  o:\n    value: {get_attr: [web, first_addr$0ess]}\n"
    )
    text = shown(fixture)
    assert "hidden since Heat 5.0.0: Use the networks attribute instead of first_address." in text
