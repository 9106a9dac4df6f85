"""map_merge and map_replace (facts §4)."""

from .case_format import Case


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=name, version=version, snippet=snippet, **kw)


CASES = [
    _c(
        "map_merge/basic",
        "{map_merge: [{a: 1, b: 1}, {b: 2, c: 3}]}",
        "2016-04-08",
        note="§4 map_merge: later maps win",
    ),
    _c("map_merge/shallow", "{map_merge: [{a: {x: 1}}, {a: {y: 2}}]}", note="§4 map_merge: the merge is shallow"),
    _c("map_merge/none-item", "{map_merge: [{a: 1}, null]}", note="§4 map_merge: a None item counts as {}"),
    _c("map_merge/non-map-item", "{map_merge: [{a: 1}, [b]]}", note="§4 map_merge: a non-map item is rejected"),
    _c("map_merge/map-argument", "{map_merge: {a: 1}}", note="§4 map_merge: a map as the argument list"),
    _c(
        "map_merge/before-2016-04-08",
        "{map_merge: [{a: 1}]}",
        "2015-10-15",
        note="§2a: map_merge is literal data before 2016-04-08",
    ),
    _c(
        "map_replace/keys",
        "{map_replace: [{a: 1, b: 2}, {keys: {a: x}}]}",
        "2016-10-14",
        note="§4 map_replace: keys renames",
    ),
    _c("map_replace/values", "{map_replace: [{a: 1, b: 2}, {values: {1: one}}]}", note="§4 map_replace: values"),
    _c(
        "map_replace/both",
        "{map_replace: [{a: v, b: w}, {keys: {a: c}, values: {v: V}}]}",
        note="§4 map_replace: keys and values together",
    ),
    _c(
        "map_replace/none-target-keeps-key",
        "{map_replace: [{a: 1, b: 2}, {keys: {a: null}}]}",
        note="§4 map_replace: a None target keeps the key",
    ),
    _c(
        "map_replace/collides-input",
        "{map_replace: [{a: 1, b: 2}, {keys: {a: b}}]}",
        note="§4 map_replace: renaming onto an existing input key",
    ),
    _c(
        "map_replace/collides-output",
        "{map_replace: [{a: 1, b: 2}, {keys: {a: z, b: z}}]}",
        note="§4 map_replace: two keys renamed to the same name",
    ),
    _c(
        "map_replace/unhashable-value",
        "{map_replace: [{a: [1], b: x, c: {d: x}}, {values: {x: y}}]}",
        note="§4 map_replace: list and map values are left alone; nothing is recursive",
    ),
    _c("map_replace/empty-spec", "{map_replace: [{a: 1}, {}]}", note="§4 map_replace: both inner maps may be left out"),
    _c(
        "map_replace/extra-key",
        "{map_replace: [{a: 1}, {keys: {}, other: {}}]}",
        note="§4 map_replace: another key in the second map",
    ),
    _c(
        "map_replace/input-not-map",
        "{map_replace: [[a], {keys: {a: b}}]}",
        note="§4 map_replace: a non-map input is a TypeError",
    ),
]
