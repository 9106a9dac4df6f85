"""get_param: names, paths, string indexing, typed values, pseudo parameters (facts §3e, §4 get_param, §5)."""

from .case_format import Case

JSON_P = {"p": {"type": "json", "default": {"a": {"b": [1, 2]}, "n": 5, "s": "xyz"}}}
STR_P = {"s": {"type": "string", "default": "abc"}}


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=f"get_param/{name}", version=version, snippet=snippet, **kw)


CASES = [
    _c("string", "{get_param: s}", parameters=STR_P, note="§4 get_param: a plain name"),
    _c(
        "path-map-list",
        "{get_param: [p, a, b, 1]}",
        parameters=JSON_P,
        note="§4 get_param: a path walks maps and lists",
    ),
    _c(
        "path-str-index-on-list",
        "{get_param: [p, a, b, '0']}",
        parameters=JSON_P,
        note="§4 get_param: a str key on a list goes through int()",
    ),
    _c("path-missing-key", "{get_param: [p, nosuch]}", parameters=JSON_P, note="§4 get_param: a missing key gives ''"),
    _c(
        "path-index-out-of-range",
        "{get_param: [p, a, b, 7]}",
        parameters=JSON_P,
        note="§4 get_param: a bad index gives ''",
    ),
    _c(
        "path-through-scalar",
        "{get_param: [p, n, x]}",
        parameters=JSON_P,
        note="§4 get_param: walking into a non-container gives ''",
    ),
    _c("string-index", "{get_param: [s, 0]}", parameters=STR_P, note="§4 get_param: a string parameter can be indexed"),
    _c(
        "name-from-function",
        "{get_param: [{get_param: which}]}",
        "2016-10-14",
        parameters={"which": {"type": "string", "default": "s"}, **STR_P},
        note="§4 get_param: the name may itself be a function",
    ),
    _c("unknown-name", "{get_param: nosuch}", parameters=STR_P, note="§4 get_param: UserParameterMissing"),
    _c("empty-list", "{get_param: []}", parameters=STR_P, note="§4 get_param: empty argument"),
    _c("non-str-name", "{get_param: [1]}", parameters=STR_P, note="§4 get_param: a non-str name"),
    _c("region-not-created", "{get_param: 'OS::region'}", note="§5: OS::region is never created"),
    # typed values (§3e)
    _c(
        "number-int",
        "{get_param: n}",
        parameters={"n": {"type": "number", "default": "3"}},
        note="§3e number: '3' becomes int 3",
    ),
    _c(
        "number-float",
        "{get_param: n}",
        parameters={"n": {"type": "number", "default": "2.5"}},
        note="§3e number: '2.5' becomes float",
    ),
    _c(
        "number-exponent",
        "{get_param: n}",
        parameters={"n": {"type": "number", "default": "1e3"}},
        note="§3e number: '1e3' becomes 1000.0",
    ),
    _c(
        "number-underscore",
        "{get_param: n}",
        parameters={"n": {"type": "number", "default": "1_000"}},
        note="§3e number: int() accepts '1_000'",
    ),
    _c(
        "boolean-yes",
        "{get_param: b}",
        parameters={"b": {"type": "boolean", "default": "yes"}},
        note="§3e boolean: 'yes' is True",
    ),
    _c(
        "boolean-off",
        "{get_param: b}",
        parameters={"b": {"type": "boolean", "default": "OFF"}},
        note="§3e boolean: case-insensitive 'OFF' is False",
    ),
    _c(
        "boolean-bool",
        "{get_param: b}",
        parameters={"b": {"type": "boolean", "default": False}},
        note="§3e boolean: a real bool",
    ),
    _c(
        "cdl-empty",
        "{get_param: l}",
        parameters={"l": {"type": "comma_delimited_list", "default": ""}},
        note="§3e comma_delimited_list: '' gives []",
    ),
    _c(
        "cdl-list-default",
        "{get_param: l}",
        parameters={"l": {"type": "comma_delimited_list", "default": ["x", 1]}},
        note="§3e comma_delimited_list: list items become str",
    ),
    _c(
        "cdl-index",
        "{get_param: [l, 1]}",
        parameters={"l": {"type": "comma_delimited_list", "default": "a, b"}},
        note="§4 get_param: a path indexes a comma_delimited_list",
    ),
    _c(
        "json-string-default",
        "{get_param: j}",
        parameters={"j": {"type": "json", "default": '{"k": [1, true]}'}},
        note="§3e json: a JSON string default is parsed",
    ),
    _c(
        "json-map-default",
        "{get_param: j}",
        parameters={"j": {"type": "json", "default": {"k": {"n": 1.5}}}},
        note="§3e json: a map default is kept",
    ),
    _c(
        "json-null-string",
        "{get_param: j}",
        parameters={"j": {"type": "json", "default": "null"}},
        note="§3e json: 'null' gives None",
    ),
    _c(
        "string-from-int",
        "{get_param: s}",
        parameters={"s": {"type": "string", "default": 1}},
        note="§3e string: str(1) is '1'",
    ),
    _c(
        "no-default-no-value",
        "{get_param: s}",
        parameters={"s": {"type": "string"}},
        note="§4 get_param: a parameter with no default and no value is missing",
    ),
    # pseudo parameters: their values exist only at run time
    _c(
        "pseudo-stack-id",
        "{get_param: 'OS::stack_id'}",
        record=False,
        expect={"value": {"get_param": "OS::stack_id"}},
        note="§5 OS::stack_id is a run-time value",
    ),
    _c(
        "pseudo-stack-name",
        "{get_param: 'OS::stack_name'}",
        record=False,
        expect={"value": {"get_param": "OS::stack_name"}},
        note="§5 OS::stack_name is a run-time value",
    ),
    _c(
        "pseudo-in-list-join",
        "{list_join: ['-', [{get_param: 'OS::stack_name'}, {get_param: s}]]}",
        parameters=STR_P,
        record=False,
        expect={"value": {"list_join": ["-", [{"get_param": "OS::stack_name"}, "abc"]]}},
        note="§5: a call on a pseudo parameter stays in call form, its known arguments resolved",
    ),
]
