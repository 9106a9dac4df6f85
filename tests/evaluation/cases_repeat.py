"""repeat: Repeat, RepeatWithMap (2016-10-14+) and RepeatWithNestedLoop (pike+) (facts §4 repeat)."""

from .case_format import Case


def _c(name, snippet, version="wallaby", **kw):
    return Case(id=f"repeat/{name}", version=version, snippet=snippet, **kw)


CASES = [
    _c("list", "{repeat: {for_each: {'%x%': [a, b]}, template: 'v-%x%'}}", "2015-04-30", note="§4 repeat: one list"),
    _c(
        "nested-product",
        "{repeat: {for_each: {'%a%': ['1', '2'], '%b%': [x, z]}, template: '%a%%b%'}}",
        note="§4 repeat: Cartesian product, first key varies slowest",
    ),
    _c(
        "nested-product-key-order",
        "{repeat: {for_each: {'%b%': [x, z], '%a%': ['1', '2']}, template: '%a%%b%'}}",
        "2016-10-14",
        note="§4 repeat: the product follows for_each order, not key names",
    ),
    _c(
        "permutations-false-zip",
        "{repeat: {for_each: {'%a%': ['1', '2'], '%b%': [x, z]}, template: '%a%%b%', permutations: false}}",
        "pike",
        note="§4 repeat: permutations false pairs items up with zip",
    ),
    _c(
        "permutations-false-unequal",
        "{repeat: {for_each: {'%a%': ['1', '2'], '%b%': [x]}, template: '%a%%b%', permutations: false}}",
        note="§4 repeat: unequal lengths without a nested loop",
    ),
    _c(
        "permutations-false-map-value",
        "{repeat: {for_each: {'%a%': {k: v}}, template: '%a%', permutations: false}}",
        note="§4 repeat: with permutations false, map values are rejected",
    ),
    _c(
        "permutations-non-bool",
        "{repeat: {for_each: {'%a%': ['1']}, template: '%a%', permutations: 'false'}}",
        note="§4 repeat: permutations must be a real bool",
    ),
    _c(
        "permutations-ignored-before-pike",
        "{repeat: {for_each: {'%a%': ['1', '2'], '%b%': [x]}, template: '%a%%b%', permutations: false}}",
        "ocata",
        note="§4 repeat: before pike permutations is ignored (product)",
    ),
    _c(
        "placeholders-in-keys-and-values",
        "{repeat: {for_each: {'%x%': [a, b]}, template: {'k-%x%': ['v-%x%', 1]}}}",
        note="§4 repeat: placeholders are replaced in keys, values and lists; non-str scalars kept",
    ),
    _c(
        "sequential-replacement",
        "{repeat: {for_each: {'%x%': ['%y%'], '%y%': [Q]}, template: '%x%%y%'}}",
        note="§4 repeat: placeholders replaced one after another ([run] %x%→%y%→Q gives QQ)",
    ),
    _c(
        "sequential-replacement-reverse",
        "{repeat: {for_each: {'%y%': [Q], '%x%': ['%y%']}, template: '%x%%y%'}}",
        note="§4 repeat: %y% replaced before %x% brings in '%y%', which then stays",
    ),
    _c(
        "none-value-empty",
        "{repeat: {for_each: {'%x%': null}, template: '%x%'}}",
        note="§4 repeat: a None value counts as an empty list",
    ),
    _c(
        "string-value",
        "{repeat: {for_each: {'%x%': abc}, template: '%x%'}}",
        note="§4 repeat: a string value is always rejected",
    ),
    _c(
        "empty-for-each",
        "{repeat: {for_each: {}, template: 'a'}}",
        note="§4 repeat: an empty for_each crashes ([run] ValueError)",
    ),
    _c("for-each-not-map", "{repeat: {for_each: [a], template: 'a'}}", note="§4 repeat: for_each must be a map"),
    _c(
        "int-item",
        "{repeat: {for_each: {'%x%': [1, 2]}, template: 'n%x%'}}",
        note="§4 repeat: an int item crashes with TypeError when the template has a string ([run])",
    ),
    _c(
        "int-item-no-string",
        "{repeat: {for_each: {'%x%': [1, 2]}, template: 5}}",
        note="§4 repeat: an int item is harmless when the template holds no string",
    ),
    _c(
        "map-value",
        "{repeat: {for_each: {'%k%': {a: 1, b: 2}}, template: 'key-%k%'}}",
        "2016-10-14",
        note="§4 repeat: from 2016-10-14 a map value iterates over its keys",
    ),
    _c(
        "map-value-old",
        "{repeat: {for_each: {'%k%': {a: 1}}, template: '%k%'}}",
        "2016-04-08",
        note="§4 repeat: before 2016-10-14 map values are rejected",
    ),
    _c(
        "inner-function-first",
        "{repeat: {for_each: {'%x%': [a, b]}, template: {str_replace: {template: '%x%', params: {'%x%': P}}}}}",
        note="§4 repeat: the template's functions run once, before substitution",
    ),
    _c(
        "inner-function-result-substituted",
        "{repeat: {for_each: {'%x%': [a, b]}, template: {list_join: ['-', ['%x%', c]]}}}",
        note="§4 repeat: a function's result string is then substituted",
    ),
    _c(
        "inner-digest-not-substituted",
        "{repeat: {for_each: {'%x%': [a, b]}, template: {digest: [md5, '%x%']}}}",
        note="§4 repeat: a placeholder in a function's arguments is not substituted",
    ),
    _c(
        "for-each-from-cdl",
        "{repeat: {for_each: {'<%h%>': {get_param: hosts}}, template: 'host <%h%>'}}",
        parameters={"hosts": {"type": "comma_delimited_list", "default": "h1,h2,h3"}},
        note="§4 repeat: a for_each value may be a function",
    ),
]
