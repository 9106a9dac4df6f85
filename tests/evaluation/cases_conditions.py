"""if (If / IfNullable) and the conditions section: equals, not, and, or, contains, yaql (facts §0, §2b, §4)."""

from .case_format import Case

FLAG = {"flag": {"type": "boolean", "default": True}}
ENV = {"env": {"type": "string", "default": "prod"}}
TF = {"t": "true", "f": "false"}


def _v(name, snippet, version="wallaby", **kw):
    return Case(id=f"if/{name}", version=version, snippet=snippet, **kw)


def _k(name, snippet, version="wallaby", **kw):
    return Case(id=f"conditions/{name}", version=version, snippet=snippet, context="condition", **kw)


CASES = [
    _v(
        "three-args-true",
        "{if: [t, yes-branch, no-branch]}",
        "2016-10-14",
        conditions=TF,
        note="§4 if: 3 arguments, condition name true",
    ),
    _v(
        "three-args-false",
        "{if: [f, yes-branch, no-branch]}",
        "newton",
        conditions=TF,
        note="§4 if: 3 arguments, condition name false",
    ),
    _v(
        "two-args-before-wallaby",
        "{if: [t, a]}",
        "rocky",
        conditions=TF,
        note="§4 if: If needs exactly 3 items before wallaby",
    ),
    _v("two-args-true", "{if: [t, a]}", conditions=TF, note="§4 if: IfNullable with 2 items and a true condition"),
    _v(
        "two-args-false-top",
        "{if: [f, a]}",
        conditions=TF,
        note="§4 if: IfNullable 2 items, false, at the top of an output becomes None",
    ),
    _v(
        "two-args-false-in-map",
        "{a: {if: [f, 1]}, b: 2}",
        conditions=TF,
        note="§4 if: 2-argument false removes the key from the enclosing map",
    ),
    _v(
        "two-args-false-in-list",
        "[1, {if: [f, 2]}, 3]",
        conditions=TF,
        note="§4 if: 2-argument false removes the item from the enclosing list",
    ),
    _v(
        "two-args-false-nested",
        "{outer: [{if: [f, x]}, {k: {if: [f, y]}}]}",
        conditions=TF,
        note="§0: Ellipsis is dropped at every depth",
    ),
    _v(
        "null-branch-in-map",
        "{a: {if: [t, null, 1]}, b: 2}",
        conditions=TF,
        note="§4 if: an explicit null branch keeps the key with None",
    ),
    _v("null-branch-in-list", "[{if: [t, null, 1]}, 2]", conditions=TF, note="§4 if: an explicit null item"),
    _v("str-argument", "{if: abc}", conditions=TF, note="§4 if: the arguments must be a list"),
    _v("bool-first-arg", "{if: [true, a, b]}", "2016-10-14", note="§4 if: a bool first argument"),
    _v(
        "inline-equals-param",
        "{if: [{equals: [{get_param: env}, prod]}, big, small]}",
        "newton",
        parameters=ENV,
        note="§4 if: an inline equals on a parameter",
    ),
    _v(
        "inline-contains-pike",
        "{if: [{contains: [a, [a, b]]}, in, out]}",
        "pike",
        note="§4 if: contains is a condition function from pike",
    ),
    _v(
        "inline-contains-newton",
        "{if: [{contains: [a, [a, b]]}, in, out]}",
        "newton",
        note="§4 if: in newton {contains: …} is a literal map, an invalid condition ([run])",
    ),
    _v(
        "inline-yaql-pike",
        "{if: [{yaql: {expression: '$.data.n > 2', data: {n: 3}}}, big, small]}",
        "queens",
        note="§2b: yaql is a condition function from pike",
    ),
    _v(
        "get_param-boolean-first-arg",
        "{if: [{get_param: flag}, on, off]}",
        parameters=FLAG,
        note="§4 if: get_param of a boolean parameter as the condition",
    ),
    _v("string-true-invalid", "{if: ['true', a, b]}", note="§4 if: the string 'true' is not a condition ([run])"),
    _v("int-invalid", "{if: [1, a, b]}", note="§4 if: 1 is not a condition ([run])"),
    _v("unknown-name", "{if: [nosuch, a, b]}", note="§4 if: an unknown condition name"),
    _v(
        "untaken-branch-not-parsed",
        "{if: [true, ok, {get_param: nosuch}]}",
        note="§0: only the chosen branch is parsed and resolved",
    ),
    _v(
        "untaken-branch-bad-shape", "{if: [false, {list_join: 1}, fine]}", note="§0: the untaken branch is never parsed"
    ),
    _v(
        "reads-failing-condition",
        "{if: [bad, a, b]}",
        conditions={"bad": "a"},
        note="§4 conditions: an output's if reading a bare-string (invalid) condition fails",
    ),
    _v(
        "unused-condition-unknown-name",
        "ok",
        conditions={"x": "{not: nosuch}"},
        note="§4 conditions: evaluation is lazy, an unused condition may name an unknown condition ([run])",
    ),
    _v(
        "unused-condition-bad-shape",
        "ok",
        conditions={"x": "{equals: [1]}"},
        note="§4 conditions: shape errors are found while parsing, even when unused",
    ),
    _v(
        "equals-not-a-function-in-value",
        "{equals: [1, 1]}",
        "2016-10-14",
        note="§0: equals is literal data outside conditions ([run])",
    ),
    _k("equals-int-float", "{equals: [1, 1.0]}", "newton", note="§4 equals: Python ==, 1 == 1.0"),
    _k("equals-int-bool", "{equals: [1, true]}", note="§4 equals: 1 == True"),
    _k("equals-lists", "{equals: [[1, a], [1.0, a]]}", note="§4 equals: lists compare with =="),
    _k(
        "equals-param-number",
        "{equals: [{get_param: n}, 2]}",
        parameters={"n": {"type": "number", "default": "2.0"}},
        note="§4 equals: a number parameter 2.0 equals 2",
    ),
    _k("equals-one-item", "{equals: [1]}", note="§4 equals: wrong shape"),
    _k("not-list", "{not: [true]}", note="§4 not: a list argument is an invalid condition ([run])"),
    _k("not-null", "{not: null}", note="§4 not: a null argument"),
    _k("not-reference", "{not: t}", conditions=TF, note="§4 not: references another condition"),
    _k("and-references", "{and: [t, {not: f}, true]}", conditions=TF, note="§4 and: names, functions and bools"),
    _k("and-one-item", "{and: [true]}", note="§4 and: at least 2 items"),
    _k("and-non-bool-item", "{and: [true, 'yes-please']}", note="§4 and: an item that is neither bool nor name"),
    _k("and-short-circuit", "{and: [false, nosuch]}", note="§4 and: evaluation short-circuits"),
    _k("or-unknown-name", "{or: [false, nosuch]}", note="§4 or: an unknown name, when evaluated"),
    _k("contains-pike", "{contains: [a, [a, b]]}", "pike", note="§2b: contains is a condition function from pike"),
    _k("contains-substring", "{contains: [ab, xaby]}", note="§4 contains: the substring quirk in a condition"),
    _k(
        "contains-newton",
        "{contains: [a, [a, b]]}",
        "newton",
        note="§2b: in newton contains is literal data, an invalid definition",
    ),
    _k(
        "yaql-pike",
        "{yaql: {expression: '$.data.x > 1', data: {x: 2}}}",
        "pike",
        note="§2b: yaql is a condition function from pike",
    ),
    _k("yaql-newton", "{yaql: {expression: 'true'}}", "newton", note="§2b: yaql is invalid in newton conditions"),
    _k("yaql-non-bool", "{yaql: {expression: '1 + 1'}}", note="§4 conditions: the resolved value must be a bool"),
    _k(
        "get_param-boolean-value",
        "{get_param: flag}",
        parameters=FLAG,
        values={"flag": "no"},
        note="§4 conditions: a boolean parameter takes the parsed user value",
    ),
    _k(
        "get_param-string-true",
        "{get_param: s}",
        parameters={"s": {"type": "string", "default": "true"}},
        note="§4 conditions: a string parameter holding 'true' is invalid ([run])",
    ),
    _k("literal-yes", "yes", note="§4 conditions: YAML yes is a bool"),
    _k("null", "null", note="§4 conditions: null is invalid"),
    _k("string-true", "'true'", note="§4 conditions: the string 'true' is invalid"),
    _k("bare-string", "t", conditions=TF, note="§4 conditions: a bare string is NOT a valid definition ([run])"),
    _k("circular", "{not: a}", conditions={"a": "{not: result}"}, note="§4 conditions: circular definitions"),
    _k("unknown-name", "{not: nosuch}", note="§4 conditions: an unknown name, when evaluated"),
    _k("normal-function-invalid", "{list_join: [',', [a]]}", note="§2b: a normal function is invalid in conditions"),
    _k(
        "chain",
        "{or: [{and: [a, b]}, {not: a}]}",
        conditions={"a": "{not: false}", "b": "{equals: [x, x]}"},
        note="§4 conditions: references through not/and/or",
    ),
]
