"""digest, yaql, list_concat(_unique), make_url, filter, contains and get_file (facts §4)."""

from .case_format import Case


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=name, version=version, snippet=snippet, **kw)


CASES = [
    _c("digest/md5", "{digest: [md5, foo]}", "2015-04-30", note="§4 digest: hex md5"),
    _c("digest/sha256", "{digest: [sha256, 'hello world']}", note="§4 digest: hex sha256"),
    _c("digest/upper-case-algorithm", "{digest: [SHA256, foo]}", note="§4 digest: the algorithm is lower-cased"),
    _c("digest/latin-1", "{digest: [md5, 'café']}", note="§4 digest: the value is encoded as latin-1"),
    _c("digest/unknown-algorithm", "{digest: [nope, foo]}", note="§4 digest: an unknown algorithm"),
    _c("digest/shake", "{digest: [shake_128, foo]}", note="§4 digest: shake_* pass the check but crash on hexdigest()"),
    _c("digest/not-a-list", "{digest: md5}", note="§4 digest: the argument must be a list"),
    _c("digest/non-str-value", "{digest: [md5, 1]}", note="§4 digest: both items must be strings"),
    _c(
        "yaql/data",
        "{yaql: {expression: '$.data.a + 1', data: {a: 1}}}",
        "newton",
        note="§4 yaql: evaluated with $.data",
    ),
    _c(
        "yaql/select",
        "{yaql: {expression: '$.data.l.select($ * 2)', data: {l: [1, 2, 3]}}}",
        note="§4 yaql: collection functions",
    ),
    _c("yaql/no-data", "{yaql: {expression: '1 + 2'}}", note="§4 yaql: data defaults to {}"),
    _c(
        "yaql/data-from-param",
        "{yaql: {expression: '$.data.p.split(\",\")', data: {p: {get_param: p}}}}",
        parameters={"p": {"type": "string", "default": "a,b"}},
        note="§4 yaql: data is resolved first",
    ),
    _c("yaql/bad-expression", "{yaql: {expression: '1 +', data: {}}}", note="§4 yaql: Bad expression"),
    _c("yaql/missing-expression", "{yaql: {data: {}}}", note="§4 yaql: expression is required"),
    _c("yaql/extra-key", "{yaql: {expression: '1', data: {}, other: 1}}", note="§4 yaql: any other key is an error"),
    _c("list_concat/basic", "{list_concat: [[a, b], [c], []]}", "pike", note="§4 list_concat: concatenation"),
    _c("list_concat/none-skipped", "{list_concat: [[a], null, [b]]}", note="§4 list_concat: None is skipped"),
    _c("list_concat/str-item", "{list_concat: [[a], ab]}", note="§4 list_concat: a str item is rejected"),
    _c("list_concat/unique", "{list_concat_unique: [[a, b, a], [c, b]]}", note="§4 list_concat_unique: first kept"),
    _c(
        "list_concat/unique-maps",
        "{list_concat_unique: [[{a: 1}, {b: 2}], [{a: 1}, 1, 1.0, true]]}",
        note="§4 list_concat_unique: compares with ==, so maps work and 1 == 1.0 == True",
    ),
    _c(
        "make_url/facts-example",
        "{make_url: {scheme: http, username: 'u@x', password: 'p:w', host: 'fe80::1', path: '/a b/c', fragment: 'f g'}}",
        "pike",
        note="§4 make_url: the facts' [run] example",
    ),
    _c(
        "make_url/port-int",
        "{make_url: {scheme: https, host: example.com, port: 8443, path: /x}}",
        note="§4 make_url: an int port",
    ),
    _c("make_url/port-zero", "{make_url: {host: h, port: 0}}", note="§4 make_url: port 0 is out of range"),
    _c("make_url/port-too-big", "{make_url: {host: h, port: 65536}}", note="§4 make_url: port above 65535"),
    _c("make_url/port-not-number", "{make_url: {host: h, port: http}}", note="§4 make_url: a non-numeric port"),
    _c(
        "make_url/ipv6-bracketed",
        "{make_url: {scheme: http, host: '[::1]', port: 8080}}",
        note="§4 make_url: existing IPv6 brackets are stripped and put back",
    ),
    _c(
        "make_url/query",
        "{make_url: {scheme: http, host: h, path: /p, query: {b: 'x/y z', a: '1'}}}",
        note="§4 make_url: the query is urlencoded, %2F back to /",
    ),
    _c("make_url/empty", "{make_url: {}}", note="§4 make_url: {} gives ''"),
    _c(
        "make_url/query-skips-fragment-check",
        "{make_url: {host: h, query: {a: '1'}, fragment: 5}}",
        note="§4 make_url: with query present, fragment is not type-checked",
    ),
    _c("make_url/unknown-key", "{make_url: {host: h, foo: 1}}", note="§4 make_url: an unknown key"),
    _c("make_url/scheme-colon", "{make_url: {scheme: 'http:', host: h}}", note="§4 make_url: a scheme with ':'"),
    _c("make_url/query-not-map", "{make_url: {host: h, query: 'a=1'}}", note="§4 make_url: query must be a map"),
    _c("filter/basic", "{filter: [[a, c], [a, b, c, a]]}", "ocata", note="§4 filter: removes every equal item"),
    _c("filter/none-sequence", "{filter: [[a], null]}", note="§4 filter: a None sequence is returned"),
    _c("filter/empty-values", "{filter: [null, [a, b]]}", note="§4 filter: falsy values return the sequence"),
    _c(
        "filter/maps",
        "{filter: [[{a: 1}, 1.0], [{a: 1}, {a: 2}, 1, true]]}",
        note="§4 filter: compares with ==, so 1.0 removes 1 and True",
    ),
    _c("filter/sequence-not-list", "{filter: [[a], abc]}", note="§4 filter: the sequence must be a list"),
    _c("filter/values-not-list", "{filter: [a, [a, b]]}", note="§4 filter: values must be a list"),
    _c("contains/true", "{contains: [b, [a, b]]}", "pike", note="§4 contains: list membership"),
    _c("contains/substring", "{contains: [bc, abcd]}", note="§4 contains: a str sequence is a substring test"),
    _c("contains/number-equality", "{contains: [1, [1.0]]}", note="§4 contains: == comparison"),
    _c("contains/map-sequence", "{contains: [a, {a: 1}]}", note="§4 contains: a map is not a sequence"),
    _c("contains/none-sequence", "{contains: [a, null]}", note="§4 contains: None is not a sequence"),
    _c(
        "get_file/present",
        "{get_file: 'files/a.txt'}",
        "2013-05-23",
        files={"files/a.txt": "hello\nworld\n"},
        note="§4 get_file: the content verbatim",
    ),
    _c(
        "get_file/missing",
        "{get_file: 'nosuch.txt'}",
        files={"other.txt": "x"},
        note="§4 get_file: a path missing from files",
    ),
    _c(
        "get_file/not-processed",
        "{get_file: outer.yaml}",
        files={"outer.yaml": "{get_file: inner.txt}", "inner.txt": "i"},
        note="§4 get_file: get_file markers inside the content are not processed",
    ),
    _c(
        "get_file/path-from-param",
        "{get_file: {get_param: f}}",
        files={"conf.ini": "[x]\n"},
        parameters={"f": {"type": "string", "default": "conf.ini"}},
        note="§4 get_file: a function argument",
    ),
]
