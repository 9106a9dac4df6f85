"""3xxx against the resource type catalogue: types, properties, update_policy and get_attr attributes (the
catalogue itself is tested in tests/spec/test_resource_types.py).

Each failing case names the code, the exact text it must cover and the severity; each passing case names a code
that must be absent. The types are real ones from Heat 27.0.1's catalogue, and every case was checked against
Heat 27.0.1 (Stack.validate with the cloud lookups of custom constraints stubbed out): errors where Heat refuses
the template, warnings and passes where it accepts it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from helpers import diagnostics

from hot_lsp.analysis.model.type_resolution import resolve_type
from hot_lsp.analysis.rules.resources.types import accepts_any_property
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.analysis.values.property_values import Rejected, convert_scalar, null_value, value_problem
from hot_lsp.spec import builtin_catalogue, load_catalogue

ROOT = Path(__file__).resolve().parents[2]
ACME = str(ROOT / "examples" / "catalogues" / "acme.json")

WALLABY = "heat_template_version: 2021-04-16\n"
MITAKA = "heat_template_version: 2016-04-08\n"
NEWTON = "heat_template_version: 2016-10-14\n"


def res(body: str, header: str = WALLABY, extra: str = "", outputs: str = "") -> str:
    """A template whose resources section is ``body`` (indented by two spaces per line)."""
    indented = "".join(f"  {line}\n" for line in textwrap.dedent(body).strip("\n").splitlines())
    tail = "outputs:\n" + "".join(f"  {line}\n" for line in outputs.strip("\n").splitlines()) if outputs else ""
    return f"{header}{extra}resources:\n{indented}{tail}"


def found(snippet: str, code: str, options: Options | None = None) -> list[tuple[str, str]]:
    """(covered text, severity) of each diagnostic with ``code``."""
    if options is None:
        text, diags = diagnostics(snippet)
    else:
        text = snippet
        diags = analyze(text, options).diagnostics
    return [(text[d.start : d.end], d.severity_name) for d in diags if d.code == code]


def first(snippet: str, code: str, options: Options | None = None):
    return next(d for d in analyze(snippet, options or Options()).diagnostics if d.code == code)


RG = "resource_def: {type: OS::Heat::None}"

FAILING = [
    # E3014 unknown type in a namespace Heat ships, and file names Heat does not read as templates
    ("E3014", res("s: {type: OS::Nova::Servr}"), [("OS::Nova::Servr", "error")]),
    ("E3014", res("s: {type: OS::Heat::SoftwareConfg}"), [("OS::Heat::SoftwareConfg", "error")]),
    ("E3014", res("s: {type: os::nova::server}"), [("os::nova::server", "error")]),
    ("E3014", res("s: {type: AWS::EC2::Instanse}"), [("AWS::EC2::Instanse", "error")]),
    ("E3014", res("s: {type: AWS::Lambda::Function}"), [("AWS::Lambda::Function", "error")]),
    ("E3014", res("s: {type: OS::Quantum::Nett}"), [("OS::Quantum::Nett", "error")]),  # a glob to nothing
    ("E3014", res("s: {type: nested.yml}"), [("nested.yml", "error")]),
    ("E3014", res("s: {type: templates/nested.json}"), [("templates/nested.json", "error")]),
    ("E3014", res("s: {type: OS::Nova::Servr, condition: false}"), [("OS::Nova::Servr", "warning")]),
    # W3015 unknown type elsewhere: an environment must map it
    ("W3015", res("s: {type: OS::TripleO::Services::Foo}"), [("OS::TripleO::Services::Foo", "warning")]),
    ("W3015", res("s: {type: Vendor::Widget}"), [("Vendor::Widget", "warning")]),
    ("W3015", res("s: {type: GenericResourceType}"), [("GenericResourceType", "warning")]),
    # E3016 unknown property, at every depth
    ("E3016", res("v:\n  type: OS::Cinder::Volume\n  properties: {sise: 1}"), [("sise", "error")]),
    (
        "E3016",
        res("s:\n  type: OS::Nova::Server\n  properties:\n    flavor: f\n    networks: [{network: n, ip: 1.2.3.4}]"),
        [("ip", "error")],
    ),
    (
        "E3016",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties:\n    network: n\n    fixed_ips: [{ip_address: 10.0.0.1, sub: s}]"
        ),
        [("sub", "error")],
    ),
    (
        "E3016",
        res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}, depends_on: x}}"),
        [("depends_on", "error")],
    ),
    (
        "E3016",
        res("g:\n  type: OS::Heat::ResourceGroup\n  properties: {resource_def: {type: a, x: 1}}"),
        [("x", "error")],
    ),
    ("E3016", res("q:\n  type: OS::Quantum::Net\n  properties: {nam: a}"), [("nam", "error")]),  # glob target's schema
    ("E3016", res("a:\n  type: OS::Ceilometer::Alarm\n  properties: {meter: m}"), [("meter", "error")]),  # alias
    ("E3016", res("v:\n  type: OS::Cinder::Volume\n  properties: {1: x}"), [("1", "error")]),
    # E3017 missing required property: at the type, or at the nested map's key / the list item
    ("E3017", res("p:\n  type: OS::Neutron::Port\n  properties: {name: a}"), [("OS::Neutron::Port", "error")]),
    ("E3017", res("p:\n  type: OS::Neutron::Port"), [("OS::Neutron::Port", "error")]),
    (
        "E3017",
        res("g:\n  type: OS::Heat::ResourceGroup\n  properties:\n    resource_def: {properties: {}}"),
        [("resource_def", "error")],
    ),
    (
        "E3017",
        res("r:\n  type: OS::Heat::RandomString\n  properties:\n    character_sequences:\n      - min: 1"),
        [("min: 1", "error")],
    ),
    (
        "E3017",
        res("g:\n  type: OS::Heat::ResourceGroup\n  properties: {resource_def: null}"),
        [("resource_def", "error")],
    ),
    # E3018 a literal of a type Heat cannot convert
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: many, {RG}}}"), [("many", "error")]),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: '5.5', {RG}}}"), [("'5.5'", "error")]),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: [1], {RG}}}"), [("[1]", "error")]),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: 1.5}"), [("1.5", "error")]),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: [a]}"), [("[a]", "error")]),
    (
        "E3018",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, admin_state_up: 'yes'}"),
        [("'yes'", "error")],
    ),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, admin_state_up: 1}"), [("1", "error")]),
    (
        "E3018",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, security_groups: 'a,b'}"),
        [("'a,b'", "error")],
    ),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, value_specs: [a]}"), [("[a]", "error")]),
    ("E3018", res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f, networks: [a]}"), [("a", "error")]),
    ("E3018", res("t:\n  type: OS::Heat::TestResource\n  properties: {wait_secs: abc}"), [("abc", "error")]),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: {get_param: nets}}",
            extra="parameters:\n  nets: {type: comma_delimited_list}\n",
        ),
        [("{get_param: nets}", "error")],
    ),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: n, value_specs: {get_param: s}}",
            extra="parameters:\n  s: {type: string}\n",
        ),
        [("{get_param: s}", "error")],
    ),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: n, admin_state_up: {get_param: n}}",
            extra="parameters:\n  n: {type: number}\n",
        ),
        [("{get_param: n}", "error")],
    ),
    (
        "E3018",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: {{if: [c, a, b]}}, {RG}}}",
            extra="conditions: {c: true}\n",
        ),
        [("if", "error")],
    ),
    # E3019 a literal outside the constraints, checked after conversion, with Heat's message
    ("E3019", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: -1, {RG}}}"), [("-1", "error")]),
    ("E3019", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: '-1', {RG}}}"), [("'-1'", "error")]),
    ("E3019", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{index_var: ab, {RG}}}"), [("ab", "error")]),
    ("E3019", res("k:\n  type: OS::Nova::KeyPair\n  properties: {name: ''}"), [("''", "error")]),
    ("E3019", res("k:\n  type: OS::Nova::KeyPair\n  properties: {name: null}"), [("name", "error")]),  # null -> ''
    (
        "E3019",
        res("r:\n  type: OS::Heat::RandomString\n  properties: {character_classes: [{class: foo}]}"),
        [("foo", "error")],
    ),
    (
        "E3019",
        res("g:\n  type: OS::Nova::ServerGroup\n  properties: {policies: [affinity, nope]}"),
        [("policies", "error")],
    ),
    (
        "E3019",
        res("c:\n  type: OS::Heat::SoftwareComponent\n  properties: {configs: []}"),
        [("configs", "error")],
    ),
    ("E3019", res("w:\n  type: Acme::Widget\n  properties: {size: 11}"), [("11", "error")]),  # with ACME (see below)
    # W3020 deprecated, hidden or unsupported type
    ("W3020", res("ip: {type: OS::Nova::FloatingIP}"), [("OS::Nova::FloatingIP", "warning")]),
    (
        "W3020",
        res("a:\n  type: OS::Aodh::Alarm\n  properties: {meter_name: m, threshold: 1}"),
        [("OS::Aodh::Alarm", "warning")],
    ),
    (
        "W3020",
        res("a:\n  type: OS::Ceilometer::Alarm\n  properties: {meter_name: m, threshold: 1}"),
        [("OS::Ceilometer::Alarm", "warning")],
    ),
    (
        "W3020",
        res(
            "r:\n  type: OS::Neutron::ExtraRoute\n  properties: {router_id: r, destination: 10.0.0.0/24, nexthop: 1.1.1.1}"
        ),
        [("OS::Neutron::ExtraRoute", "warning")],
    ),
    # W3021 deprecated or hidden property (Heat's translation fills the new one: no E3017)
    ("W3021", res("p:\n  type: OS::Neutron::Port\n  properties: {network_id: n}"), [("network_id", "warning")]),
    (
        "W3021",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, fixed_ips: [{subnet_id: s}]}"),
        [("subnet_id", "warning")],
    ),
    # E3022 get_attr of an attribute the type does not have
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {get_attr: [s, first_adress]}}",
        ),
        [("first_adress", "error")],
    ),
    (
        "E3022",
        res(
            "i:\n  type: AWS::EC2::Instance\n  properties: {ImageId: a, InstanceType: b}",
            outputs="o: {value: {get_attr: [i, foo]}}",
        ),
        [("foo", "error")],
    ),
    # OS::Heat::None validates nothing, not even a get_attr in its metadata (Heat 27.0.1 accepts it): a warning
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}\nn:\n  type: OS::Heat::None\n  metadata: {a: {get_attr: [s, nope]}}"
        ),
        [("nope", "warning")],
    ),
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}\nn:\n  type: OS::Heat::Value\n  metadata: {a: {get_attr: [s, nope]}}"
        ),
        [("nope", "error")],
    ),
    (
        "E3022",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: n}\nv:\n  type: OS::Heat::Value\n  properties: {value: {get_attr: [p, fixed_ip]}}"
        ),
        [("fixed_ip", "error")],
    ),
    # E3023 update_policy
    (
        "E3023",
        res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}\n  update_policy: {{rolling_updates: {{}}}}"),
        [("rolling_updates", "error")],
    ),
    (
        "E3023",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}\n  update_policy:\n    rolling_update: {{min_in_service: -1}}"
        ),
        [("-1", "error")],
    ),
    (
        "E3023",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}\n  update_policy:\n    batch_create: {{max_batch_size: x}}"
        ),
        [("x", "error")],
    ),
    (
        "E3023",
        res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f}\n  update_policy: {foo: 1}"),
        [("foo", "error")],
    ),
    # Issue 14: ip_addr is checked offline, as Heat does. Heat 27.0.1: "Property error:
    # resources.p.properties.fixed_ips[0].ip_address: Error validating value 'notanip': Invalid IP address"
    (
        "E3019",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, fixed_ips: [{ip_address: notanip}]}"),
        [("notanip", "error")],
    ),
    # OS::Heat::None validates nothing (Heat 27.0.1 accepts this template): a warning
    ("E3023", res("n:\n  type: OS::Heat::None\n  update_policy: {foo: 1}"), [("foo", "warning")]),
    # A mapping only written like a call is data, which a string property refuses. Heat 27.0.1: "Property error:
    # resources.p.properties.network: Value must be a string; got {'get_parm': 'x'}" (issue 14)
    (
        "E3018",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: {get_parm: x}}"),
        [("{get_parm: x}", "error")],
    ),
    # E3024 not implemented: any value, even null or a function, is refused
    (
        "E3024",
        res("v:\n  type: AWS::EC2::VPC\n  properties: {CidrBlock: 10.0.0.0/16, InstanceTenancy: default}"),
        [("InstanceTenancy", "error")],
    ),
    (
        "E3024",
        res("v:\n  type: AWS::EC2::VPC\n  properties: {CidrBlock: 10.0.0.0/16, InstanceTenancy: null}"),
        [("InstanceTenancy", "error")],
    ),
    (
        "E3024",
        res("v:\n  type: AWS::EC2::VPC\n  properties: {CidrBlock: 10.0.0.0/16, Tags: [{Key: a, Value: b}]}"),
        [("{Key: a, Value: b}", "error")],
    ),
]

PASSING = [
    ("E3014", res("s: {type: nested.yaml}")),  # a template resource: issue 6
    ("E3014", res("s: {type: 'https://example.com/nested.template'}")),
    ("E3014", res("s: {type: AWS::RDS::DBInstance}")),  # an alias to a file:// template
    ("E3014", res("s: {type: OS::Quantum::Net}")),
    ("E3014", res("s: {type: OS::Ceilometer::Alarm, properties: {meter_name: m, threshold: 1}}")),
    ("W3015", res("s: {type: OS::Nova::Servr}")),
    ("W3015", res("s: {type: nested.yaml}")),
    ("E3016", res("n:\n  type: OS::Heat::None\n  properties: {anything: [1], at: {all: 2}}")),  # accepts anything
    ("E3016", res("p:\n  type: OS::Neutron::Pool\n  properties: {protocol: HTTP}")),  # a hidden placeholder
    ("E3016", res("s:\n  type: Acme::Thing\n  properties: {x: 1}")),  # unknown type: no property checks
    ("E3016", res("s:\n  type: nested.yaml\n  properties: {x: 1}")),
    (
        "E3016",
        res(
            "v:\n  type: OS::Cinder::Volume\n  properties: {get_param: props}",
            extra="parameters: {props: {type: json}}\n",
        ),
    ),
    ("E3017", res("p:\n  type: OS::Neutron::Port\n  properties: {network: null}")),  # null is given (as '')
    ("E3017", res("p:\n  type: OS::Neutron::Port\n  properties:")),  # E3013: Heat wants an object
    ("E3017", res("p:\n  type: OS::Neutron::Port\n  properties: {network_id: n}")),  # translated to network
    (
        "E3017",
        res("p:\n  type: OS::Neutron::Port\n  properties: {get_param: j}", extra="parameters: {j: {type: json}}\n"),
    ),
    (
        "E3017",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: {get_param: n}}",
            extra="parameters: {n: {type: string}}\n",
        ),
    ),
    ("E3017", res("s:\n  type: OS::Nova::Server\n  external_id: abc", header=NEWTON)),  # Heat validates nothing
    (
        "E3017",
        res("p:\n  type: OS::Neutron::Port\n  properties: {network: {if: [c, a]}}", extra="conditions: {c: true}\n"),
    ),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: '5', {RG}}}")),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: 5.5, {RG}}}")),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: true, {RG}}}")),
    ("E3018", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: null, {RG}}}")),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: 1}")),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: true}")),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, admin_state_up: 'TRUE'}")),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: n, admin_state_up: yes}")),  # YAML 1.1 bool
    ("E3018", res("t:\n  type: OS::Heat::TestResource\n  properties: {wait_secs: '1e3'}")),
    ("E3018", res("t:\n  type: OS::Heat::TestResource\n  properties: {wait_secs: true}")),
    ("E3018", res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f, networks: [null]}")),
    ("E3018", res("p:\n  type: OS::Neutron::Port\n  properties: {network: {str_split: [',', 'a,b', 0]}}")),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: {get_param: j}}",
            extra="parameters:\n  j: {type: json}\n",
        ),
    ),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: {get_param: [c, 0]}}",
            extra="parameters:\n  c: {type: comma_delimited_list}\n",
        ),
    ),
    (
        "E3018",
        res(
            "p:\n  type: OS::Neutron::Port\n  properties: {network: n, security_groups: {get_param: c}}",
            extra="parameters:\n  c: {type: comma_delimited_list}\n",
        ),
    ),
    (
        "E3018",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: {{get_param: s}}, {RG}}}",
            extra="parameters:\n  s: {type: string}\n",
        ),
    ),
    (
        "E3018",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: {{if: [c, a, 2]}}, {RG}}}",
            extra="parameters: {p: {type: boolean}}\nconditions: {c: {get_param: p}}\n",
        ),
    ),
    ("E3018", res("s:\n  type: Acme::Widget\n  properties: {size: x}")),  # unknown without the catalogue
    ("E3019", res(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: 0, {RG}}}")),
    (
        "E3019",
        res("r:\n  type: OS::Heat::RandomString\n  properties: {character_classes: [{class: letters, min: '1'}]}"),
    ),
    # a custom constraint that asks a service is not judged
    ("E3019", res("p:\n  type: OS::Neutron::Port\n  properties: {network: no-such-net}")),
    ("E3019", res("g:\n  type: OS::Nova::ServerGroup\n  properties: {policies: [affinity]}")),
    ("W3020", res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f}")),
    ("W3021", res("p:\n  type: OS::Neutron::Port\n  properties: {network: n}")),
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {get_attr: [s, networks, a, 0]}}",
        ),
    ),
    ("E3022", res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f}", outputs="o: {value: {get_attr: [s]}}")),
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {get_attr: [s, first_address]}}",
        ),
    ),
    (
        "E3022",
        res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f}", outputs="o: {value: {get_attr: [s, show]}}"),
    ),
    (
        "E3022",
        res(
            "i:\n  type: AWS::EC2::Instance\n  properties: {ImageId: a, InstanceType: b}",
            outputs="o: {value: {get_attr: [i, PublicIp]}}",
        ),
    ),
    (
        "E3022",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}",
            outputs="o: {value: {get_attr: [g, resource.0, x]}}",
        ),
    ),
    (
        "E3022",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}",
            outputs="o: {value: {get_attr: [g, anything]}}",
        ),
    ),
    (
        "E3022",
        res(
            "d:\n  type: OS::Heat::SoftwareDeployment\n  properties: {server: s}",
            outputs="o: {value: {get_attr: [d, deploy_stdout2]}}",
        ),
    ),
    ("E3022", res("n: {type: OS::Heat::None}", outputs="o: {value: {get_attr: [n, anything]}}")),
    ("E3022", res("t: {type: nested.yaml}", outputs="o: {value: {get_attr: [t, anything]}}")),
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {get_attr: [s, {get_param: a}]}}",
            extra="parameters: {a: {type: string}}\n",
        ),
    ),
    (
        "E3022",
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {if: [c, {get_attr: [s, nope]}, 1]}}",
            extra="conditions: {c: false}\n",
        ),
    ),
    (
        "E3023",
        res(
            f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{{RG}}}\n  update_policy:\n    rolling_update: {{min_in_service: 1, max_batch_size: '2'}}\n    batch_create: {{pause_time: 0.5}}"
        ),
    ),
    ("E3023", res("s:\n  type: OS::Nova::Server\n  properties: {flavor: f}\n  update_policy: {}")),
    ("E3023", res("s:\n  type: Acme::Widget\n  update_policy: {x: 1}")),
    ("E3024", res("v:\n  type: AWS::EC2::VPC\n  properties: {CidrBlock: 10.0.0.0/16, Tags: []}")),
    ("E3024", res("i:\n  type: AWS::EC2::Instance\n  properties: {ImageId: a, InstanceType: b}")),
]


@pytest.mark.parametrize(("code", "snippet", "expected"), FAILING)
def test_failing(code: str, snippet: str, expected: list[tuple[str, str]]) -> None:
    options = Options(resource_type_paths=(ACME,)) if "Acme::" in snippet else None
    assert found(snippet, code, options) == expected


@pytest.mark.parametrize(("code", "snippet"), PASSING)
def test_passing(code: str, snippet: str) -> None:
    assert found(snippet, code) == []


def test_every_code_has_a_failing_and_a_passing_case() -> None:
    codes = {"E3014", "W3015", "E3016", "E3017", "E3018", "E3019", "W3020", "W3021", "E3022", "E3023", "E3024"}
    assert {case[0] for case in FAILING} == codes
    assert {case[0] for case in PASSING} == codes


# -- messages and quick-fix data ---------------------------------------------------------------------------


def test_unknown_type_messages_and_suggestions() -> None:
    typo = first(res("s: {type: OS::Nova::Servr}"), "E3014")
    assert "The Resource Type (OS::Nova::Servr) could not be found." in typo.message
    assert typo.data.to_json()["suggestions"][0] == "OS::Nova::Server"
    assert len(typo.data.to_json()["suggestions"]) <= 3
    assert (
        first(res("s: {type: OS::Heat::SoftwareConfg}"), "E3014").data.to_json()["suggestions"][0]
        == "OS::Heat::SoftwareConfig"
    )
    file_name = first(res("s: {type: nested.yml}"), "E3014")
    assert "nested.yaml" in file_name.message and file_name.data is None
    other = first(res("s: {type: OS::TripleO::Services::Foo}"), "W3015")
    assert "hotLsp.resourceTypePaths" in other.message and "--resource-types" in other.message
    assert "resource_registry" in other.message
    assert other.data is None  # no far-fetched guesses outside Heat's namespaces


def test_a_user_catalogue_type_is_suggested_only_when_close() -> None:
    options = Options(resource_type_paths=(ACME,))
    near = first(res("w: {type: Acme::Widgt}"), "W3015", options)
    assert near.data.to_json() == {"suggestions": ["Acme::Widget"]}


def test_unknown_property_quick_fix_data() -> None:
    diagnostic = first(res("v:\n  type: OS::Cinder::Volume\n  properties: {sise: 1}"), "E3016")
    assert diagnostic.data.to_json() == {"suggestions": ["size"]}
    assert "Unknown Property sise" in diagnostic.message
    nothing_close = first(res("v:\n  type: OS::Cinder::Volume\n  properties: {zzzzzz: 1}"), "E3016")
    assert nothing_close.data.to_json() == {"fix": "remove_key"}


def test_missing_properties_are_listed() -> None:
    diagnostic = first(res("v:\n  type: OS::Neutron::VPNService\n  properties: {name: v}"), "E3017")
    assert "Property router not assigned" in diagnostic.message
    assert "`router`, `subnet`" in diagnostic.message
    nested = first(
        res("g:\n  type: OS::Heat::ResourceGroup\n  properties:\n    resource_def: {properties: {}}"), "E3017"
    )
    assert nested.data.to_json() == {"fix": "add_keys", "missing": ["type"], "values": ["''"]}
    assert diagnostic.data.to_json() == {
        "fix": "add_keys",
        "key": "properties",
        "missing": ["router", "subnet"],
        "values": ["''", "''"],
    }


def test_heat_messages_for_types_and_constraints() -> None:
    def message(body: str, code: str) -> str:
        return first(res(body), code).message

    assert message(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: '5.5', {RG}}}", "E3018").startswith(
        "Value '5.5' is not an integer"
    )
    assert message("p:\n  type: OS::Neutron::Port\n  properties: {network: 1.5}", "E3018").startswith(
        "Value must be a string; got 1.5"
    )
    assert message(
        "p:\n  type: OS::Neutron::Port\n  properties: {network: n, security_groups: 'a,b'}", "E3018"
    ).startswith("\"'a,b'\" is not a list")
    assert message(f"g:\n  type: OS::Heat::ResourceGroup\n  properties: {{count: -1, {RG}}}", "E3019").startswith(
        "-1 is out of range (min: 0, max: None)"
    )
    assert message(
        "r:\n  type: OS::Heat::RandomString\n  properties: {character_classes: [{class: foo}]}", "E3019"
    ).startswith('"foo" is not an allowed value ["lettersdigits", "letters",')
    allowed = first(
        res("r:\n  type: OS::Heat::RandomString\n  properties: {character_classes: [{class: leters}]}"), "E3019"
    )
    assert allowed.data.to_json()["suggestions"][0] == "letters"


def test_status_messages_name_the_replacement() -> None:
    hidden = first(res("ip: {type: OS::Nova::FloatingIP}"), "W3020")
    assert "hidden since Heat 11.0.0" in hidden.message and "OS::Neutron::FloatingIP" in hidden.message
    # No edit where the replacement would lack a property it requires (floating_network: E3017 at once); one where
    # the properties as written suit it (issue 29's fix round trip).
    assert hidden.data is None
    group = first(res("d:\n  type: OS::Heat::SoftwareDeployments\n  properties: {servers: {}}"), "W3020")
    assert group.data.to_json() == {"suggestions": ["OS::Heat::SoftwareDeploymentGroup"]}
    placeholder = first(res("p: {type: OS::Neutron::Pool}"), "W3020")
    assert "placeholder that does nothing" in placeholder.message
    aliased = first(res("a:\n  type: OS::Ceilometer::Alarm\n  properties: {meter_name: m, threshold: 1}"), "W3020")
    assert "`OS::Ceilometer::Alarm` maps to `OS::Aodh::Alarm`" in aliased.message
    prop = first(res("p:\n  type: OS::Neutron::Port\n  properties: {network_id: n}"), "W3021")
    assert prop.data.to_json() == {"suggestions": ["network"]}


def test_get_attr_suggestions_include_hidden_names_when_nothing_else_is_close() -> None:
    diagnostic = first(
        res(
            "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
            outputs="o: {value: {get_attr: [s, first_adress]}}",
        ),
        "E3022",
    )
    assert diagnostic.data.to_json() == {"suggestions": ["first_address"]}
    assert "The Referenced Attribute (s first_adress) is incorrect" in diagnostic.message


# -- severity where Heat leaves the resource out -------------------------------------------------------------


def test_a_resource_switched_off_by_a_literal_condition_gets_warnings() -> None:
    body = f"g:\n  type: OS::Heat::ResourceGroup\n  condition: false\n  properties: {{count: -1, {RG}, x: 1}}"
    assert found(res(body), "E3019") == [("-1", "warning")]
    assert found(res(body), "E3016") == [("x", "warning")]
    parameterised = res(
        f"g:\n  type: OS::Heat::ResourceGroup\n  condition: c\n  properties: {{count: -1, {RG}}}",
        extra="parameters: {p: {type: boolean}}\nconditions: {c: {get_param: p}}\n",
    )
    # Issue 14: the resource exists only when p is true, and p has no value: Heat fails only for some deployments.
    assert found(parameterised, "E3019") == [("-1", "warning")]


def test_get_attr_in_an_older_version() -> None:
    template = res(
        "s:\n  type: OS::Nova::Server\n  properties: {flavor: f}",
        header=MITAKA,
        outputs="o: {value: {get_attr: [s, nope]}}",
    )
    assert found(template, "E3022") == [("nope", "error")]


# -- user catalogues --------------------------------------------------------------------------------------


def test_a_user_catalogue_through_options() -> None:
    options = Options(resource_type_paths=(ACME,))
    template = res("w:\n  type: Acme::Widget\n  properties: {size: 11, colour: green, shape: round}")
    assert found(template, "E3019", options) == [("11", "error"), ("green", "error")]
    assert found(template, "E3016", options) == [("shape", "error")]
    assert found(template, "W3015", options) == []
    assert found(res("w:\n  type: Acme::Widget"), "E3017", options) == [("Acme::Widget", "error")]
    with_attr = res(
        "w:\n  type: Acme::Widget\n  properties: {size: 1}",
        outputs="a: {value: {get_attr: [w, serial]}}\nb: {value: {get_attr: [w, seriall]}}",
    )
    assert found(with_attr, "E3022", options) == [("seriall", "error")]


def test_user_types_take_what_a_template_resource_converts(tmp_path: Path) -> None:
    catalogue = tmp_path / "site.json"
    catalogue.write_text(
        '{"format": 1, "resource_types": {"Site::Thing": {"properties": {'
        '"names": {"type": "List"}, "data": {"type": "Map"}, "label": {"type": "String"}}}}}'
    )
    options = Options(resource_type_paths=(str(catalogue),))
    template = res("t:\n  type: Site::Thing\n  properties: {names: 'a,b', data: [1, 2], label: [x]}")
    assert found(template, "E3018", options) == [("[x]", "error")]


def test_a_broken_user_catalogue_falls_back_to_heat_types(tmp_path: Path, caplog) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    options = Options(resource_type_paths=(str(broken),))
    template = res("s: {type: OS::Nova::Servr}\nw: {type: Acme::Widget}")
    assert [d.code for d in analyze(template, options).diagnostics if d.code[1] == "3"] == ["E3014", "W3015"]
    assert "broken.json" in caplog.text
    caplog.clear()
    analyze(template, options)
    assert caplog.text == ""  # logged once per version of the file


# -- the catalogue lookups and Heat's conversions ------------------------------------------------------------


def test_resolve_type() -> None:
    catalogue = builtin_catalogue()
    assert resolve_type(catalogue, "OS::Quantum::Port")[1].name == "OS::Neutron::Port"
    assert resolve_type(catalogue, "OS::Ceilometer::Alarm")[1].name == "OS::Aodh::Alarm"
    assert resolve_type(catalogue, "AWS::CloudWatch::Alarm") == ("template", None)
    assert resolve_type(catalogue, "x.template") == ("template", None)
    assert resolve_type(catalogue, "OS::Nova::Servr") == ("unknown", None)
    assert resolve_type(load_catalogue((ACME,)), "Acme::Widget")[0] == "type"


def test_placeholder_types_are_the_none_resources() -> None:
    catalogue = builtin_catalogue()
    placeholders = {n for n in catalogue.names() if accepts_any_property(catalogue.types[n])}
    assert "OS::Heat::None" in placeholders and "OS::Neutron::LBaaS::Pool" in placeholders
    assert "AWS::CloudFormation::WaitConditionHandle" not in placeholders  # no properties, and refuses any
    assert all(n == "OS::Heat::None" or catalogue.types[n].support_status.hidden for n in placeholders)


@pytest.mark.parametrize(
    ("kind", "value", "converted"),
    [
        ("String", 5, "5"),
        ("String", True, "True"),
        ("Integer", "5", 5),
        ("Integer", " 7 ", 7),
        ("Integer", 5.7, 5),
        ("Integer", True, 1),
        ("Number", "1e3", 1000.0),
        ("Number", "12", 12),
        ("Number", False, False),
        ("Boolean", "TRUE", True),
        ("Boolean", "false", False),
    ],
)
def test_heat_conversions(kind: str, value: object, converted: object) -> None:
    assert convert_scalar(kind, value) == converted


@pytest.mark.parametrize(
    ("kind", "value", "message"),
    [
        ("String", 1.5, "Value must be a string; got 1.5"),
        ("Integer", "5.5", "Value '5.5' is not an integer"),
        ("Integer", [1], "int() argument must be a string, a bytes-like object or a real number, not 'list'"),
        ("Number", "abc", "could not convert string to float: 'abc'"),
        ("Boolean", "yes", '"yes" is not a valid boolean'),
        ("Boolean", " true", '" true" is not a valid boolean'),
        ("Boolean", 1, '"1" is not a valid boolean'),
    ],
)
def test_heat_refusals(kind: str, value: object, message: str) -> None:
    with pytest.raises(Rejected) as refused:
        convert_scalar(kind, value)
    assert str(refused.value) == message


def test_null_takes_the_default_or_the_empty_value() -> None:
    server = builtin_catalogue().get("OS::Nova::Server").properties
    group = builtin_catalogue().get("OS::Heat::ResourceGroup").properties
    assert null_value(group["count"]) == 1
    assert null_value(server["flavor"]) == ""
    assert null_value(server["networks"]) == []
    assert value_problem(group["resource_def"], None) == "Property type not assigned"
    assert value_problem(group["count"], -2) == "-2 is out of range (min: 0, max: None)"


def test_the_server_resolves_catalogue_paths_in_the_workspace_folders(tmp_path: Path) -> None:
    from hot_lsp.features.snapshot import Settings
    from hot_lsp.store import WorkspaceInputs, _options

    first_folder, second_folder = tmp_path / "a", tmp_path / "b"
    first_folder.mkdir()
    second_folder.mkdir()
    (second_folder / "site.json").write_text('{"format": 1, "resource_types": {}}')
    settings = Settings(resource_type_paths=("site.json", ACME, "missing.json"))
    options = _options("file:///t.yaml", settings, WorkspaceInputs((), (str(first_folder), str(second_folder))))
    assert options.resource_type_paths == (str(second_folder / "site.json"), ACME, str(first_folder / "missing.json"))
    assert _options("file:///t.yaml", Settings()).resource_type_paths == ()
