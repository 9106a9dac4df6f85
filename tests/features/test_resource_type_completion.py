"""Completion of resource types, property names, property values and get_attr attributes, fixture style:
``$0`` marks the cursor. Real types from the built-in catalogue, and the example user catalogue."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from lsprotocol import types

from hot_lsp.analysis.model.catalogues import catalogue_paths
from hot_lsp.analysis.result import Analysis
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document import parse
from hot_lsp.features.completion import completion
from hot_lsp.features.snapshot import Settings, Snapshot
from hot_lsp.spec.resource_types import builtin_catalogue, namespace_of

URI = "file:///work/t/template.yaml"
ACME = str(Path(__file__).resolve().parents[2] / "examples" / "catalogues" / "acme.json")
DEPRECATED = types.CompletionItemTag.Deprecated


def marked(fixture: str) -> tuple[str, int]:
    text = textwrap.dedent(fixture).lstrip("\n")
    offset = text.index("$0")
    return text.replace("$0", "", 1), offset


def complete(
    fixture: str, *, last_good: Analysis | None = None, settings: Settings | None = None, **options: bool
) -> tuple[Snapshot, types.CompletionList | None]:
    text, offset = marked(fixture)
    # As the server does: the analysis is checked against the catalogues the settings name.
    analysis = analyze(text, Options(resource_type_paths=(settings or Settings()).resource_type_paths))
    good = last_good if last_good is not None else (analysis if analysis.parsed.syntax_ok else None)
    snapshot = Snapshot(URI, 1, analysis, good, "utf-16", settings or Settings())
    params = types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    return snapshot, completion(snapshot, params, **options)


def items(fixture: str, **kwargs) -> list[types.CompletionItem]:
    _, result = complete(fixture, **kwargs)
    return sorted(result.items, key=lambda item: item.sort_text or "") if result else []


def labels(fixture: str, **kwargs) -> list[str]:
    return [item.label for item in items(fixture, **kwargs)]


def item(fixture: str, label: str, **kwargs) -> types.CompletionItem:
    (found,) = [candidate for candidate in items(fixture, **kwargs) if candidate.label == label]
    return found


def new_text(fixture: str, label: str, **kwargs) -> str:
    edit = item(fixture, label, **kwargs).text_edit
    assert isinstance(edit, types.TextEdit)
    return edit.new_text


def fill(snippet: str) -> str:
    """A snippet with its tab stops left empty, as an editor shows it before anything is typed."""
    return re.sub(r"\$\{\d+\}|\$\d+", "", snippet).replace("\\$", "$").replace("\\}", "}")


def accept(fixture: str, label: str, **kwargs) -> str:
    """The document after choosing ``label``."""
    snapshot, result = complete(fixture, **kwargs)
    assert result is not None
    (chosen,) = [candidate for candidate in result.items if candidate.label == label]
    edit = chosen.text_edit
    assert isinstance(edit, types.TextEdit)
    start, end = snapshot.offset(edit.range.start), snapshot.offset(edit.range.end)
    text = fill(edit.new_text) if chosen.insert_text_format == types.InsertTextFormat.Snippet else edit.new_text
    return snapshot.text[:start] + text + snapshot.text[end:]


def typed_range(fixture: str, label: str, **kwargs) -> str:
    """The text the item's edit replaces."""
    snapshot, result = complete(fixture, **kwargs)
    assert result is not None
    (chosen,) = [candidate for candidate in result.items if candidate.label == label]
    assert isinstance(chosen.text_edit, types.TextEdit)
    edit_range = chosen.text_edit.range
    return snapshot.text[snapshot.offset(edit_range.start) : snapshot.offset(edit_range.end)]


def template(body: str, version: str = "2018-08-31") -> str:
    return f"heat_template_version: {version}\n" + textwrap.dedent(body).lstrip("\n")


def server(properties: str, kind: str = "OS::Nova::Server") -> str:
    """A resource of ``kind`` with ``properties`` (written at the properties' indentation) and another resource."""
    body = textwrap.indent(textwrap.dedent(properties).strip("\n"), " " * 6)
    return template(
        f"resources:\n  web:\n    type: {kind}\n    properties:\n{body}\n  port:\n    type: OS::Neutron::Port\n"
    )


# -- resource types ---------------------------------------------------------------------------------

TYPE_AT = template("resources:\n  web:\n    type: OS::Nov$0\n")


def test_every_type_heat_lets_you_name_and_the_aliases():
    catalogue = builtin_catalogue()
    found = labels(TYPE_AT)
    shown = {name for name in catalogue.types if catalogue.types.status_of(name) != "HIDDEN"}
    aliases = {"OS::Ceilometer::Alarm", "OS::Metering::Alarm", "AWS::RDS::DBInstance", "AWS::CloudWatch::Alarm"}
    assert set(found) >= shown | aliases
    assert len(found) == len(set(found))
    assert "OS::Glance::Image" not in found  # hidden
    assert "OS::Ceilometer::CombinationAlarm" not in found  # an alias of a hidden type
    assert "OS::Nova::Server" in found and "OS::Neutron::Port" in found and "OS::Heat::ResourceGroup" in found


def test_os_types_first_and_namespaces_grouped():
    found = labels(TYPE_AT)
    first_other = next(i for i, name in enumerate(found) if not name.startswith("OS::"))
    assert all(not name.startswith("OS::") for name in found[first_other:])
    namespaces = [namespace_of(name) for name in found]
    runs = [ns for i, ns in enumerate(namespaces) if i == 0 or ns != namespaces[i - 1]]
    assert len(runs) == len(set(runs)), "each namespace in one run"


def test_type_detail_is_the_support_status_and_docs_the_description():
    chosen = item(TYPE_AT, "OS::Heat::ResourceGroup")
    assert chosen.detail == "supported since Heat 2014.1"
    assert chosen.kind == types.CompletionItemKind.Class
    assert isinstance(chosen.documentation, types.MarkupContent)
    assert chosen.documentation.kind == types.MarkupKind.Markdown
    assert "identically configured nested resources" in chosen.documentation.value
    assert not chosen.tags


def test_deprecated_types_are_tagged_with_their_replacement():
    chosen = item(TYPE_AT, "OS::Aodh::Alarm")
    assert chosen.tags == [DEPRECATED]
    assert chosen.detail == "deprecated since Heat 10.0.0, use OS::Aodh::GnocchiAggregationByResourcesAlarm"
    assert "ceilometer-api" in chosen.documentation.value
    # Within its namespace, after the supported types.
    found = labels(TYPE_AT)
    aodh = [name for name in found if name.startswith("OS::Aodh::")]
    assert aodh[-1] == "OS::Aodh::Alarm"
    unsupported = item(TYPE_AT, "OS::Neutron::FlowClassifier")
    assert unsupported.tags == [DEPRECATED] and unsupported.detail.startswith("unsupported")


def test_aliases_say_what_they_map_to():
    alias = item(TYPE_AT, "OS::Ceilometer::Alarm")
    assert alias.detail.startswith("alias of OS::Aodh::Alarm (deprecated since Heat 10.0.0")
    assert alias.tags == [DEPRECATED]
    assert item(TYPE_AT, "AWS::RDS::DBInstance").detail == "template file:///etc/heat/templates/AWS_RDS_DBInstance.yaml"


@pytest.mark.parametrize(
    ("typed", "after"),
    [("OS::Nov", ""), ("OS::Nova::Ser", ""), ("OS::", "Nova::Server"), ("OS:", ""), ("", "OS::Nova::Server")],
)
def test_the_edit_replaces_the_whole_typed_name_colons_included(typed, after):
    fixture = template(f"resources:\n  web:\n    type: {typed}$0{after}\n")
    assert typed_range(fixture, "OS::Nova::Server") == typed + after
    # A client filters on the text from the range's start to the cursor: the typed name, colons included.
    matching = [i.label for i in items(fixture) if (i.filter_text or i.label).lower().startswith(typed.lower())]
    assert "OS::Nova::Server" in matching
    # The type brings its required property and the image its own validation wants (issue 17's skeletons, issue
    # 29 item 3: tests/features/test_skeletons.py).
    skeleton = (
        "resources:\n  web:\n    type: OS::Nova::Server\n    properties:\n      flavor: ${1:''}\n      image: ${2:''}\n"
    )
    assert accept(fixture, "OS::Nova::Server") == template(skeleton)


def test_types_in_quotes_and_flow_maps():
    quoted = template('resources:\n  web:\n    type: "OS::Nova::Se$0"\n')
    assert accept(quoted, "OS::Nova::Server") == template('resources:\n  web:\n    type: "OS::Nova::Server"\n')
    flow = template("resources:\n  web: {type: OS::Neu$0}\n")
    assert accept(flow, "OS::Neutron::Port") == template("resources:\n  web: {type: OS::Neutron::Port}\n")
    bare = template("resources:\n  web:\n    type:\n      OS::Nov$0\n")
    assert "OS::Nova::Server" in labels(bare)


def test_types_only_at_a_resource_type():
    assert "OS::Nova::Server" not in labels(template("parameters:\n  p:\n    type: $0\n"))
    assert "OS::Nova::Server" not in labels(template("outputs:\n  o:\n    value: $0\n"))
    assert labels(template("resources:\n  web:\n    $0\n"))[0] == "type"  # the key, not the value


def test_member_type_of_a_resource_group():
    fixture = server("resource_def:\n  type: OS::Nova::Ser$0\n", "OS::Heat::ResourceGroup")
    assert "OS::Nova::Server" in labels(fixture)
    assert typed_range(fixture, "OS::Nova::Server") == "OS::Nova::Ser"


def test_types_when_the_yaml_does_not_parse():
    fixture = template("resources:\n  web:\n    type: OS::Nov$0\n  broken: [\n")
    assert not parse(marked(fixture)[0]).syntax_ok
    assert "OS::Nova::Server" in labels(fixture)


# -- property names -----------------------------------------------------------------------------------


def test_property_names_required_first_with_type_and_required_in_the_detail():
    found = items(server("$0"))
    assert found[0].label == "flavor"
    assert found[0].detail == "String, required"
    names = [i.label for i in found if i.kind == types.CompletionItemKind.Property]
    assert names[1:] == sorted(n for n in names[1:] if n != "personality") + ["personality"]
    port = items(server("$0", "OS::Neutron::Port"))
    assert port[0].label == "network" and port[0].detail == "String, required"
    group = item(server("$0", "OS::Heat::ResourceGroup"), "count")
    assert group.detail == "Integer"


def test_property_docs_say_description_default_update_and_constraints():
    doc = item(server("$0"), "flavor_update_policy").documentation
    assert isinstance(doc, types.MarkupContent)
    text = doc.value
    assert "**flavor_update_policy** — property of `OS::Nova::Server`: String" in text
    assert "- default: `RESIZE`" in text
    assert "- update: updated in place" in text
    assert "allowed values: `RESIZE`, `REPLACE`" in text
    key_name = item(server("$0"), "key_name").documentation.value
    assert "changing it replaces the resource" in key_name and "custom constraint `nova.keypair`" in key_name


def test_present_hidden_and_unimplemented_properties_are_not_offered():
    found = labels(server("flavor: m1.small\nimage: cirros\n$0"))
    assert "flavor" not in found and "image" not in found and "networks" in found
    assert "admin_user" not in found  # hidden
    ec2 = labels(server("$0", "AWS::EC2::Instance"))
    assert "ImageId" in ec2 and "KernelId" not in ec2  # Heat rejects KernelId: not implemented


def test_deprecated_property_is_tagged():
    chosen = item(server("$0"), "personality")
    assert chosen.tags == [DEPRECATED] and chosen.detail == "Map, deprecated"


@pytest.mark.parametrize(
    ("label", "snippet"),
    [
        ("flavor", "flavor: ${1}"),
        ("config_drive", "config_drive: ${1}"),
        ("metadata", "metadata:\n        ${1}"),
        ("security_groups", "security_groups:\n        - ${1}"),
        ("networks", "networks:\n        - ${1}"),
        ("block_device_mapping", "block_device_mapping:\n        - device_name: ${1}"),
    ],
)
def test_property_snippets_follow_the_value_shape(label, snippet):
    assert new_text(server("$0"), label) == snippet


def test_map_snippet_holds_its_required_keys():
    fixture = server("$0", "OS::Heat::ResourceGroup")
    assert new_text(fixture, "resource_def") == "resource_def:\n        type: ${1}"
    document = accept(fixture, "resource_def")
    assert "      resource_def:\n        type: \n" in document
    assert parse(document).syntax_ok


def test_list_of_maps_snippet_holds_the_required_keys_of_its_first_item():
    fixture = server("$0", "OS::Neutron::Port")
    assert new_text(fixture, "allowed_address_pairs") == "allowed_address_pairs:\n        - ip_address: ${1}"


def test_every_property_snippet_reads_back_as_that_key():
    catalogue = builtin_catalogue()
    for kind in ("OS::Nova::Server", "OS::Neutron::Port", "OS::Heat::ResourceGroup", "OS::Aodh::Alarm"):
        fixture = server("$0", kind)
        for chosen in items(fixture):
            if chosen.kind != types.CompletionItemKind.Property:
                continue
            document = accept(fixture, chosen.label)
            tree = parse(document.replace(": \n", ": x\n").replace("- \n", "- x\n"))
            assert tree.syntax_ok, document
            properties = tree.root.get("resources").get("web").get("properties")
            assert chosen.label in properties, document
            assert chosen.label in catalogue.get(kind).properties


def test_plain_text_without_snippet_support():
    chosen = item(server("$0"), "networks", snippet_support=False, markdown=False)
    assert chosen.insert_text_format in (None, types.InsertTextFormat.PlainText)
    assert chosen.text_edit.new_text == "networks:\n        - "
    assert isinstance(chosen.documentation, str)
    assert new_text(server("$0"), "flavor", snippet_support=False) == "flavor: "


def test_property_names_in_flow_maps_quotes_and_retyped_keys():
    flow = template("resources:\n  web: {type: OS::Nova::Server, properties: {flavor: m1, $0}}\n")
    assert "flavor" not in labels(flow)
    assert new_text(flow, "networks") == "networks: [${1}]"
    assert new_text(flow, "metadata") == "metadata: {${1}}"
    assert new_text(flow, "image") == "image: ${1}"
    quoted = server('"ima$0"')
    assert new_text(quoted, "image") == "image"
    retyped = server("ima$0ge: cirros")
    assert new_text(retyped, "image") == "image"
    assert typed_range(retyped, "image") == "image"


def test_keys_inside_list_items_and_nested_maps():
    networks = labels(server("networks:\n  - network: private\n    $0"))
    assert "port" in networks and "fixed_ip" in networks and "network" not in networks
    assert "uuid" not in networks  # hidden
    first = labels(server("networks:\n  - $0"))
    assert "network" in first and "port_extra_properties" in first
    nested = labels(server("networks:\n  - port_extra_properties:\n      $0"))
    assert "mac_address" in nested and "binding:vnic_type" in nested
    flow = labels(server("networks: [{network: private, $0}]"))
    assert "port" in flow and "network" not in flow
    free = items(server("metadata:\n  $0"))  # a map of the user's own keys
    assert not [i for i in free if i.kind == types.CompletionItemKind.Property]


def test_keys_in_if_branches_are_the_property_values_keys():
    found = labels(server("networks: {if: [big, [{network: n, $0}], []]}"))
    assert "port" in found and "network" not in found
    assert (
        labels(template("resources:\n  web:\n    type: OS::Nova::Server\n    properties: {if: [c, {$0}, {}]}\n"))[0]
        == "flavor"
    )
    assert "flavor" not in labels(server("metadata: {str_replace: {$0}}"))


def test_member_properties_of_a_resource_group():
    fixture = server(
        "count: 2\nresource_def:\n  type: OS::Nova::Server\n  properties:\n    $0", "OS::Heat::ResourceGroup"
    )
    found = labels(fixture)
    assert found[0] == "flavor" and "networks" in found and "count" not in found
    assert labels(server("resource_def:\n  $0", "OS::Heat::ResourceGroup"))[:3] == ["type", "metadata", "properties"]


def test_no_property_names_for_types_hot_lsp_cannot_resolve():
    assert labels(server("$0", "OS::TripleO::Services::Foo")) == []
    assert labels(server("$0", "../nested.yaml")) == []
    assert labels(server("$0", "OS::Heat::None")) == []


def test_property_names_while_the_yaml_does_not_parse():
    fixture = server("flavor: m1.small\nima$0\nnetworks: [\n")
    assert not parse(marked(fixture)[0]).syntax_ok
    found = labels(fixture)
    assert "image" in found and "flavor" not in found
    # The type from the last text that parsed, when the broken tree has lost it.
    good = analyze(template("resources:\n  web: {type: OS::Nova::Server, properties: {flavor: m1}}\n"))
    broken = template("resources:\n  web: {type: OS::Nova::Server, properties: {flavor: m1, ima$0\n")
    assert "image" in labels(broken, last_good=good)


# -- property values --------------------------------------------------------------------------------


def test_allowed_values_with_the_default_marked():
    found = items(server("flavor_update_policy: $0"))
    assert [i.label for i in found[:2]] == ["RESIZE", "REPLACE"]
    assert found[0].detail == "flavor_update_policy value (default)"
    assert "get_param" in [i.label for i in found]  # functions still follow
    assert labels(server("diskConfig: MA$0"))[:2] == ["AUTO", "MANUAL"]


def test_booleans_offer_true_and_false():
    assert labels(server("config_drive: $0"))[:2] == ["true", "false"]


def test_values_in_list_items_nested_maps_and_if_branches():
    assert labels(server("networks:\n  - allocate_network: $0"))[:2] == ["none", "auto"]
    assert labels(server("block_device_mapping_v2:\n  - disk_bus: $0"))[0] == "ide"
    assert labels(server("diskConfig: {if: [big, $0]}"))[:2] == ["AUTO", "MANUAL"]
    assert "AUTO" not in labels(server("diskConfig: {get_param: $0}"))


def test_values_that_yaml_would_read_otherwise_are_quoted():
    fixture = server("ip_version: $0", "OS::Neutron::FirewallRule")
    assert new_text(fixture, "4") == "'4'"  # a String: `4` unquoted would be an integer
    assert new_text(server("ip_version: $0", "OS::Neutron::AddressScope"), "4") == "4"  # an Integer
    assert new_text(server("flavor_update_policy: '$0'"), "RESIZE") == "RESIZE"


def test_no_values_for_free_properties():
    assert "true" not in labels(server("name: $0"))
    assert labels(server("name: $0"))[0] == "get_param"


# -- get_attr attributes ----------------------------------------------------------------------------


def attrs(fixture_line: str, **kwargs) -> list[str]:
    fixture = template(
        "resources:\n  web:\n    type: OS::Nova::Server\n  group:\n    type: OS::Heat::ResourceGroup\n"
        "  custom:\n    type: OS::TripleO::Services::Foo\n"
        f"outputs:\n  o:\n    value: {fixture_line}\n"
    )
    return [i.label for i in items(fixture, **kwargs) if i.kind == types.CompletionItemKind.Field]


def test_attribute_names_of_the_resource_type():
    found = attrs("{get_attr: [web, $0]}")
    assert "networks" in found and "addresses" in found and found[-1] == "show"
    assert "first_address" not in found  # hidden
    chosen = item(
        template("resources:\n  web: {type: OS::Nova::Server}\noutputs:\n  o: {value: {get_attr: [web, $0]}}\n"),
        "networks",
    )
    assert chosen.detail == "Map attribute"
    assert chosen.kind == types.CompletionItemKind.Field
    assert "assigned network addresses" in chosen.documentation.value


def test_attribute_names_in_block_lists_quotes_and_broken_text():
    assert "networks" in attrs("\n      get_attr:\n        - web\n        - $0")
    assert "networks" in attrs("{get_attr: ['web', '$0']}")
    assert "networks" in attrs("{get_attr: [web, net$0")  # the line does not parse yet


def test_any_attribute_types_offer_the_known_ones():
    assert attrs("{get_attr: [group, $0]}") == ["attributes", "refs", "refs_map", "removed_rsrc_list", "show"]


def test_no_attribute_names_for_unresolved_types_or_past_the_attribute():
    assert attrs("{get_attr: [custom, $0]}") == []
    assert attrs("{get_attr: [nosuch, $0]}") == []
    assert attrs("{get_attr: [web, networks, $0]}") == []


# -- user catalogues --------------------------------------------------------------------------------


def test_user_catalogue_types_properties_and_values():
    settings = Settings(resource_type_paths=(ACME,))
    assert "Acme::Widget" in labels(TYPE_AT, settings=settings)
    assert "Acme::Widget" not in labels(TYPE_AT)
    widget = server("$0", "Acme::Widget")
    assert labels(widget, settings=settings) == ["size", "colour"]
    assert item(widget, "size", settings=settings).detail == "Integer, required"
    assert labels(server("colour: $0", "Acme::Widget"), settings=settings)[:2] == ["red", "blue"]
    found = items(
        template("resources:\n  w:\n    type: Acme::Widget\noutputs:\n  o: {value: {get_attr: [w, $0]}}\n"),
        settings=settings,
    )
    assert [i.label for i in found[:3]] == ["serial", "show", "get_param"]  # functions may compute a name


def test_a_bad_user_catalogue_leaves_the_built_in_types(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 1, "resource_types": {"X::Y": {"properties": {"p": {"type": "Nope"}}}}}))
    settings = Settings(resource_type_paths=(str(bad), str(tmp_path / "missing.json")))
    found = labels(TYPE_AT, settings=settings)
    assert "OS::Nova::Server" in found and "X::Y" not in found


def test_relative_catalogue_paths_are_read_from_the_workspace_folder():
    text, offset = marked(TYPE_AT)
    root = str(Path(ACME).parents[2])
    relative = ("examples/catalogues/acme.json",)
    analysis = analyze(text, Options(resource_type_paths=catalogue_paths(relative, (root,))))
    snapshot = Snapshot(
        URI,
        1,
        analysis,
        analysis,
        "utf-16",
        Settings(resource_type_paths=relative),
        file_roots=(root,),
    )
    result = completion(
        snapshot, types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(offset))
    )
    assert result is not None and "Acme::Widget" in {i.label for i in result.items}


# -- robustness ---------------------------------------------------------------------------------------


def test_typing_resources_from_scratch_never_raises():
    text = server(
        "flavor: m1\nnetworks:\n  - network: private\n    allocate_network: auto\nconfig_drive: true\n"
        "name: {get_attr: [port, name]}"
    )
    good = None
    for end in range(len(text) + 1):
        analysis = analyze(text[:end])
        if analysis.parsed.syntax_ok and analysis.kind == "template":
            good = analysis
        snapshot = Snapshot(URI, 1, analysis, good, "utf-16", Settings())
        params = types.CompletionParams(types.TextDocumentIdentifier(uri=URI), snapshot.position(end))
        result = completion(snapshot, params)
        for chosen in result.items if result else []:
            assert isinstance(chosen.text_edit, types.TextEdit)
            assert chosen.text_edit.range.start.line == chosen.text_edit.range.end.line
