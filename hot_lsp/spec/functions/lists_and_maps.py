"""The functions that build, filter or compute lists and maps: repeat, merges, concatenations, yaql."""

from __future__ import annotations

from ..versions import KILO, MITAKA, NEWTON, OCATA, PIKE
from .record import FunctionRecord, ParameterDoc

RECORDS: tuple[FunctionRecord, ...] = (
    FunctionRecord(
        "repeat",
        since=KILO,
        signature=("repeat: {for_each: {<placeholder>: <list>, ...}, template: <any>, permutations: <boolean>}"),
        returns=("A list with one rendered copy of the template per combination of values."),
        doc=(
            "Renders `template` once per value, replacing each placeholder of "
            "`for_each` in every string of the template, keys included. With "
            "several placeholders it loops over every combination, the first "
            "one varying slowest; from 2017-09-01 `permutations: false` pairs "
            "the lists item by item instead, which needs lists of equal "
            "length. From 2016-10-14 a for_each value may also be a map, "
            "which iterates over its keys. A null value counts as an empty "
            "list, an empty for_each map crashes Heat, and the values must be "
            "strings. Functions inside the template run before the "
            "substitution, so placeholders in their arguments stay as written."
        ),
        snippet=("\n  for_each:\n    ${1:<%item%>}: ${2:list}\n  template:\n    ${3:value}"),
        arguments_doc=(
            "A map with `for_each` (placeholder to list) and `template`; `permutations` (a boolean) from 2017-09-01."
        ),
        shape="map",
        parameters=(
            ParameterDoc("for_each", "A map of placeholder to the list (or, from 2016-10-14, map) of values it takes."),
            ParameterDoc("template", "What is rendered once per value, the placeholders replaced in its strings."),
            ParameterDoc(
                "permutations", "false pairs the lists item by item instead of every combination (from 2017-09-01)."
            ),
        ),
        argument_keys={(): {"for_each": KILO, "template": KILO, "permutations": PIKE}},
    ),
    FunctionRecord(
        "map_merge",
        since=MITAKA,
        signature="map_merge: [<map>, <map>, ...]",
        returns="One map.",
        doc=(
            "Merges a list of maps into one; on a shared key the later map "
            "wins. The merge is shallow, null items count as empty maps, and "
            "any other item that is not a map is an error."
        ),
        snippet="[${1:map1}, ${2:map2}]",
        arguments_doc="A list of maps.",
        shape="list",
        parameters=(ParameterDoc("<map>", "A map; later maps win on a shared key."),),
        repeats=True,
    ),
    FunctionRecord(
        "map_replace",
        since=NEWTON,
        signature=("map_replace: [<map>, {keys: {<old>: <new>}, values: {<old>: <new>}}]"),
        returns="A copy of the map with keys renamed and values replaced.",
        doc=(
            "Renames keys and replaces values of a map. `keys` maps old key "
            "names to new ones; renaming onto a key that is already present, "
            "or two keys onto one name, is an error. `values` replaces values "
            "equal to a given scalar; lists and maps are left alone and "
            "nothing nested is visited. Either part may be left out, any "
            "other key is an error, and there is no on_conflict option."
        ),
        snippet="[${1:map}, {keys: {${2:old_key}: ${3:new_key}}}]",
        arguments_doc=("A list of two maps: the input and a map with optional `keys` and `values`."),
        shape="list",
        parameters=(
            ParameterDoc("<map>", "The map to copy."),
            ParameterDoc(
                "{keys, values}", "A map with `keys` (old key to new key) and `values` (old value to new value)."
            ),
        ),
        argument_keys={(1,): {"keys": NEWTON, "values": NEWTON}},
    ),
    FunctionRecord(
        "filter",
        since=OCATA,
        signature="filter: [<values to remove>, <list>]",
        returns="The list without the removed values.",
        doc=(
            "Removes every item of a list that equals one of the given "
            "values. A null or empty list is returned unchanged, and so is "
            "the list when the values are null or empty; otherwise both must "
            "be lists."
        ),
        snippet="[[${1:value}], ${2:list}]",
        arguments_doc=("A list of two lists: the values to remove and the list to filter."),
        shape="list",
        parameters=(
            ParameterDoc("<values to remove>", "A list of the values to take out."),
            ParameterDoc("<list>", "The list to filter."),
        ),
    ),
    FunctionRecord(
        "list_concat",
        since=PIKE,
        signature="list_concat: [<list>, <list>, ...]",
        returns="One list.",
        doc=(
            "Joins several lists into one, in order. Null items are skipped; "
            "any other item that is not a list, a string included, is an error."
        ),
        snippet="[${1:list1}, ${2:list2}]",
        arguments_doc="A list of lists.",
        shape="list",
        parameters=(ParameterDoc("<list>", "A list; null is skipped."),),
        repeats=True,
    ),
    FunctionRecord(
        "list_concat_unique",
        since=PIKE,
        signature="list_concat_unique: [<list>, <list>, ...]",
        returns="One list without repeated items.",
        doc=("Works like list_concat but keeps only the first of equal items; maps are compared by content."),
        snippet="[${1:list1}, ${2:list2}]",
        arguments_doc="A list of lists.",
        shape="list",
        parameters=(ParameterDoc("<list>", "A list; null is skipped, repeated items kept once."),),
        repeats=True,
    ),
    FunctionRecord(
        "yaql",
        since=NEWTON,
        condition_since=PIKE,
        signature="yaql: {expression: <yaql expression>, data: <any>}",
        returns="Whatever the expression evaluates to.",
        doc=(
            "Evaluates a YAQL expression in which `$.data` is the `data` "
            "argument (an empty map when left out). A literal expression is "
            "parsed when the template is validated, so syntax errors show "
            "early; no other keys are allowed, and evaluation is limited in "
            "iterations and memory. From 2017-09-01 it is also a condition "
            "function, where the result must be a boolean."
        ),
        snippet="\n  expression: ${1:\\$.data}\n  data:\n    ${2:key}: ${3:value}",
        arguments_doc="A map with `expression` (a string) and optional `data`.",
        shape="map",
        parameters=(
            ParameterDoc("expression", "The YAQL expression; `$.data` is the data below."),
            ParameterDoc("data", "What the expression reads as `$.data` (an empty map when left out)."),
        ),
        argument_keys={(): {"expression": NEWTON, "data": NEWTON}},
    ),
)
