"""Run-time values flowing through functions (not recorded: Heat needs a cloud to resolve them).

The evaluator keeps a value it cannot know in call form, and a function whose arguments hold such a value stays in
call form too, with its known arguments resolved.
"""

from .case_format import Case

SERVER = {"server": "{type: OS::Nova::Server, properties: {image: img, flavor: m1.small}}"}
PORT = {"port": "{type: OS::Neutron::Port, properties: {network: net}}"}
ADDR = {"get_attr": ["server", "first_address"]}


def _c(name, snippet, expect, version="wallaby", resources=SERVER, **kw):
    return Case(
        id=f"symbolic/{name}",
        version=version,
        snippet=snippet,
        resources=resources,
        record=False,
        expect={"value": expect},
        **kw,
    )


CASES = [
    _c("get_attr", "{get_attr: [server, first_address]}", ADDR, note="§4 get_attr: a run-time value"),
    _c("get_resource", "{get_resource: server}", {"get_resource": "server"}, note="§4 get_resource: the reference id"),
    _c(
        "get_attr-in-list_join",
        "{list_join: [',', [{get_attr: [server, first_address]}, b]]}",
        {"list_join": [",", [ADDR, "b"]]},
        note="§4 list_join: a run-time item keeps the call",
    ),
    _c(
        "get_attr-and-param-in-list_join",
        "{list_join: ['-', [{get_param: p}, {get_attr: [server, first_address]}]]}",
        {"list_join": ["-", ["pv", ADDR]]},
        parameters={"p": {"type": "string", "default": "pv"}},
        note="§4 list_join: known arguments are resolved inside the call",
    ),
    _c(
        "str_replace-get_resource-param",
        "{str_replace: {template: 'port=$P', params: {$P: {get_resource: port}}}}",
        {"str_replace": {"template": "port=$P", "params": {"$P": {"get_resource": "port"}}}},
        resources=PORT,
        note="§4 str_replace: a run-time param keeps the call",
    ),
    _c(
        "repeat-for_each-get_attr",
        "{repeat: {for_each: {'%a%': {get_attr: [server, networks]}}, template: 'ip-%a%'}}",
        {"repeat": {"for_each": {"%a%": {"get_attr": ["server", "networks"]}}, "template": "ip-%a%"}},
        note="§4 repeat: for_each from get_attr keeps the call",
    ),
    _c(
        "if-on-unknown-parameter",
        "{if: [is_prod, big, small]}",
        {"if": ["is_prod", "big", "small"]},
        resources={},
        parameters={"env": {"type": "string"}},
        conditions={"is_prod": "{equals: [{get_param: env}, prod]}"},
        note="§4 if: a condition on a parameter with no default and no value leaves the whole if in call form",
    ),
    _c(
        "if-known-branch-with-get_attr",
        "{if: [true, {get_attr: [server, first_address]}, none]}",
        ADDR,
        note="§4 if: a known condition picks the branch, which stays symbolic",
    ),
    _c(
        "map_merge-get_attr-item",
        "{map_merge: [{a: 1}, {b: {get_attr: [server, first_address]}}]}",
        {"a": 1, "b": ADDR},
        note="§4 map_merge: a run-time value inside a known map does not block the merge",
    ),
    _c(
        "get_attr-in-data",
        "{ip: {get_attr: [server, first_address]}, n: 1}",
        {"ip": ADDR, "n": 1},
        note="§0: plain data around a run-time value is resolved",
    ),
    _c(
        "digest-of-get_attr",
        "{digest: [sha256, {get_attr: [server, first_address]}]}",
        {"digest": ["sha256", ADDR]},
        note="§4 digest: a run-time value keeps the call",
    ),
    _c(
        "str_split-of-get_attr",
        "{str_split: [',', {get_attr: [server, first_address]}, 0]}",
        {"str_split": [",", ADDR, 0]},
        note="§4 str_split: a run-time value keeps the call",
    ),
    _c(
        "make_url-host-get_attr",
        "{make_url: {scheme: http, host: {get_attr: [server, first_address]}, port: 80}}",
        {"make_url": {"scheme": "http", "host": ADDR, "port": 80}},
        note="§4 make_url: a run-time host keeps the call",
    ),
    _c(
        "stack_id-in-str_replace",
        "{str_replace: {template: 'id=$I', params: {$I: {get_param: 'OS::stack_id'}}}}",
        {"str_replace": {"template": "id=$I", "params": {"$I": {"get_param": "OS::stack_id"}}}},
        resources={},
        note="§5: a pseudo parameter inside str_replace keeps the call",
    ),
]
