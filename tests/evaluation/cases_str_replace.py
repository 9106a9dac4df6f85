"""str_replace, str_replace_strict and str_replace_vstrict (facts §4 str_replace)."""

from .case_format import Case


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=f"str_replace/{name}", version=version, snippet=snippet, **kw)


def _sr(template, params, fn="str_replace"):
    return f"{{{fn}: {{template: {template}, params: {params}}}}}"


CASES = [
    _c("basic", _sr("'Hello $name!'", "{$name: World}"), "2013-05-23", note="§4 str_replace: plain substitution"),
    _c(
        "longest-first",
        _sr("abab", "{a: Z, ba: Y, ab: X}"),
        note="§4 str_replace: longest key first, single pass ([run] abab → XX)",
    ),
    _c(
        "longest-first-prefix",
        _sr("'$var and $var_name'", "{$var: X, $var_name: Y}"),
        note="§4 str_replace: the longer key wins over its prefix",
    ),
    _c(
        "lexical-tie",
        _sr("abc", "{bc: '2', ab: '1'}"),
        note="§4 str_replace: equal lengths go lexicographically, not in written order",
    ),
    _c("single-pass", _sr("a-b", "{a: b, b: c}"), note="§4 str_replace: a replaced value is never scanned again"),
    _c("int-value", _sr("'n=N'", "{N: 3}"), note="§4 str_replace: an int goes through str()"),
    _c("bool-value", _sr("'b=B'", "{B: true}"), note="§4 str_replace: True becomes 'True'"),
    _c("none-value", _sr("'[x]'", "{x: null}"), note="§4 str_replace: None becomes ''"),
    _c(
        "map-value-json",
        _sr("'m=M'", "{M: {b: 1, a: [1, x]}}"),
        "2015-10-15",
        note="§4 str_replace: ReplaceJson JSON-encodes a map with sorted keys",
    ),
    _c(
        "map-value-old",
        _sr("'m=M'", "{M: {a: 1}}"),
        "2015-04-30",
        note="§4 str_replace: Replace rejects map values before 2015-10-15",
    ),
    _c("unused-param", _sr("abc", "{zzz: y}"), note="§4 str_replace: a param that never appears is ignored"),
    _c(
        "extra-key-ignored",
        "{str_replace: {template: abc, params: {b: X}, other: 1}}",
        note="§4 str_replace: extra keys are ignored",
    ),
    _c("missing-params", "{str_replace: {template: abc}}", note="§4 str_replace: params is required"),
    _c("params-not-map", _sr("abc", "[a, b]"), note="§4 str_replace: params must be a map"),
    _c("template-not-str", _sr("[a]", "{a: b}"), note="§4 str_replace: template must resolve to a str"),
    _c("int-key", _sr("'a1'", "{1: x}"), note="§4 str_replace: an int key crashes with TypeError"),
    _c(
        "param-from-get_param",
        _sr("'host=H'", "{H: {get_param: h}}"),
        parameters={"h": {"type": "string", "default": "db1"}},
        note="§4 str_replace: params are resolved first",
    ),
    _c(
        "strict-ok",
        _sr("'a-b'", "{a: '1', b: ''}", "str_replace_strict"),
        "ocata",
        note="§4 str_replace_strict: every param present; empty values allowed",
    ),
    _c(
        "strict-missing",
        _sr("'x'", "{a: '1', bb: '2', x: y}", "str_replace_strict"),
        note="§4 str_replace_strict: missing params listed longest first",
    ),
    _c(
        "vstrict-ok-zero-false",
        _sr("'a b'", "{a: 0, b: false}", "str_replace_vstrict"),
        "pike",
        note="§4 str_replace_vstrict: 0 and False are accepted",
    ),
    _c(
        "vstrict-none",
        _sr("'a'", "{a: null}", "str_replace_vstrict"),
        note="§4 str_replace_vstrict: None is an undefined value",
    ),
    _c(
        "vstrict-empty-string",
        _sr("'a'", "{a: ''}", "str_replace_vstrict"),
        note="§4 str_replace_vstrict: '' is an empty value",
    ),
    _c(
        "vstrict-missing",
        _sr("'a'", "{a: x, b: y}", "str_replace_vstrict"),
        note="§4 str_replace_vstrict: also strict about params not found",
    ),
    _c(
        "vstrict-before-pike",
        _sr("'a'", "{a: x}", "str_replace_vstrict"),
        "ocata",
        note="§2a: str_replace_vstrict is literal data before pike",
    ),
]
