"""list_join (Join before 2015-10-15, JoinMultiple after) and str_split (facts §4)."""

from .case_format import Case


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=name, version=version, snippet=snippet, **kw)


CASES = [
    _c("list_join/basic", "{list_join: [', ', [a, b, c]]}", note="§4 list_join: basic join"),
    _c("list_join/old-basic", "{list_join: ['-', [a, b]]}", "2013-05-23", note="§4 list_join: Join in 2013-05-23"),
    _c(
        "list_join/multiple-lists",
        "{list_join: [',', [a], [b, c]]}",
        "2015-10-15",
        note="§4 list_join: JoinMultiple joins several lists",
    ),
    _c(
        "list_join/old-multiple-lists",
        "{list_join: [',', [a], [b]]}",
        "2015-04-30",
        note="§4 list_join: Join takes exactly [delim, list]",
    ),
    _c(
        "list_join/none-list-skipped",
        "{list_join: [',', null, [a], [], [b]]}",
        note="§4 list_join: a falsy list is skipped",
    ),
    _c("list_join/none-item", "{list_join: [',', [a, null, b]]}", note="§4 list_join: a None item becomes ''"),
    _c(
        "list_join/old-none-item",
        "{list_join: [',', [a, null]]}",
        "2014-10-16",
        note="§4 list_join: Join turns a None item into ''",
    ),
    _c(
        "list_join/map-item-json",
        "{list_join: [' ', [{b: 1, a: [x]}, z]]}",
        note="§4 list_join: a map item is JSON-encoded with sorted keys",
    ),
    _c(
        "list_join/list-item-json",
        "{list_join: [' ', [[1, a, null]]]}",
        "2015-10-15",
        note="§4 list_join: a list item is JSON-encoded",
    ),
    _c(
        "list_join/old-map-item",
        "{list_join: [',', [{a: 1}]]}",
        "2015-04-30",
        note="§4 list_join: Join rejects map items",
    ),
    _c("list_join/int-item", "{list_join: [',', [a, 1]]}", note="§4 list_join: an int item is rejected ([run])"),
    _c("list_join/not-a-list", "{list_join: [',', abc]}", note="§4 list_join: a str is not a list"),
    _c("list_join/delimiter-not-str", "{list_join: [1, [a, b]]}", note="§4 list_join: the delimiter must be a str"),
    _c("list_join/only-delimiter", "{list_join: [',']}", note="§4 list_join: at least one list"),
    _c("str_split/basic", "{str_split: [',', 'a,b,,c']}", "2015-10-15", note="§4 str_split: split on the delimiter"),
    _c("str_split/index", "{str_split: [',', 'a,b,c', 1]}", note="§4 str_split: with an index"),
    _c("str_split/index-str", "{str_split: [',', 'a,b,c', '2']}", note="§4 str_split: the index goes through int()"),
    _c("str_split/index-negative", "{str_split: [',', 'a,b,c', -1]}", note="§4 str_split: negative indices work"),
    _c(
        "str_split/index-out-of-range",
        "{str_split: [',', 'a,b,c', 3]}",
        note="§4 str_split: out of range gives an error",
    ),
    _c("str_split/none-delimiter", "{str_split: [null, '  a b\tc ']}", note="§4 str_split: None splits on whitespace"),
    _c("str_split/none-string", "{str_split: [',', null]}", note="§4 str_split: a None string gives None"),
    _c(
        "str_split/extra-args-ignored",
        "{str_split: [',', 'a,b', 0, junk]}",
        note="§4 str_split: arguments after the index are ignored",
    ),
    _c("str_split/too-few", "{str_split: [',']}", note="§4 str_split: fewer than 2 items"),
    _c("str_split/non-str-string", "{str_split: [',', 12]}", note="§4 str_split: a non-str string crashes ([run])"),
]
