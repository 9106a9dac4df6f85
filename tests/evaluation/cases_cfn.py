"""CFN functions of HOT 2013-05-23 and Fn::Select, which lasted until 2015-04-30 (facts §2a, §4 CFN)."""

from .case_format import Case


def _c(name, snippet, version="2013-05-23", **kw):
    return Case(id=f"cfn/{name}", version=version, snippet=snippet, **kw)


CASES = [
    _c("select-list", "{'Fn::Select': ['1', [a, b, c]]}", note="§4 Fn::Select: a list takes an int-like index"),
    _c("select-list-out-of-range", "{'Fn::Select': ['7', [a, b]]}", note="§4 Fn::Select: out of range gives ''"),
    _c("select-map", "{'Fn::Select': [k, {k: v}]}", note="§4 Fn::Select: a map takes a str key"),
    _c("select-map-missing", "{'Fn::Select': [z, {k: v}]}", note="§4 Fn::Select: a missing key gives ''"),
    _c("select-json-string", """{'Fn::Select': ['0', '["x", "y"]']}""", note="§4 Fn::Select: a str is JSON-decoded"),
    _c("select-empty", "{'Fn::Select': ['0', '']}", note="§4 Fn::Select: '' gives ''"),
    _c("select-2015-04-30", "{'Fn::Select': ['0', [a]]}", "2015-04-30", note="§2a Fn::Select lasts until 2015-04-30"),
    _c("join", "{'Fn::Join': ['-', [a, b]]}", note="§4 Fn::Join: as the old list_join"),
    _c("split", "{'Fn::Split': [',', 'a,b']}", note="§4 Fn::Split"),
    _c("replace", "{'Fn::Replace': [{'$a': x, '$ab': y}, '$ab $a']}", note="§4 Fn::Replace: [map, template]"),
    _c("base64", "{'Fn::Base64': text}", note="§4 Fn::Base64 is the identity on a str"),
    _c(
        "ref-parameter",
        "{Ref: p}",
        parameters={"p": {"type": "string", "default": "v"}},
        note="§4 Ref: a parameter name looks the parameter up",
    ),
    _c(
        "member-list-to-map",
        "{'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=a', '.member.0.Value=1', '.member.1.Name=b', "
        "'.member.1.Value=2']]}",
        note="§4 Fn::MemberListToMap",
    ),
    _c(
        "join-2014-removed", "{'Fn::Join': ['-', [a, b]]}", "2014-10-16", note="§2a Fn::Join is Removed from 2014-10-16"
    ),
]
