"""How each intrinsic function is documented: for hover, completion and signature help.

Snippets are LSP snippet text for the value that follows `<name>: `. A snippet
that starts with a newline is a block map or list; its lines are indented
relative to the line holding the function name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# How a function takes its argument: one value, a list of positional items, or a map of named keys.
ArgumentShape = Literal["value", "list", "map"]


@dataclass(frozen=True, slots=True)
class ParameterDoc:
    """One argument of a function, for signature help: a list item's placeholder, or a map key's name."""

    label: str
    doc: str


@dataclass(frozen=True, slots=True)
class FunctionDoc:
    """What a person reads about one function."""

    signature: str
    returns: str
    doc: str
    snippet: str
    arguments_doc: str
    # Signature help. For a map the labels are the keys Heat reads (``functions.ARGUMENT_KEYS`` says from which
    # version each is read); for a list, the items in order.
    shape: ArgumentShape = "value"
    parameters: tuple[ParameterDoc, ...] = ()
    # The last list item may repeat: always (True), or from the version with this feature (``features.FEATURES``).
    repeats: bool | str = False


def _p(label: str, doc: str) -> ParameterDoc:
    return ParameterDoc(label, doc)


_STR_REPLACE_PARAMETERS = (
    _p("template", "The string holding the placeholders."),
    _p("params", "A map of placeholder to the value that replaces it."),
)


_STR_REPLACE_SNIPPET = "\n  template: ${1:text}\n  params:\n    ${2:placeholder}: ${3:value}"

FUNCTION_DOCS: dict[str, FunctionDoc] = {
    "get_param": FunctionDoc(
        signature="get_param: <name> | [<name>, <key or index>, ...]",
        returns=("The parameter's value, typed by its parameter type, or the item at the path."),
        doc=(
            "Reads an input parameter, or a pseudo-parameter such as "
            "OS::stack_name. With a list, the items after the name walk into "
            "a json or list value by map key or list index (a string value "
            "can be indexed too). A bad path never fails: a missing key, an "
            "index out of range or a non-container gives an empty string. The "
            "name may itself come from a function. An unknown name fails "
            "with 'The Parameter (x) was not provided'. From 2016-10-14 it is "
            "also a condition function; there the value must be a real "
            "boolean, so use a boolean parameter, not a string holding 'true'."
        ),
        snippet="${1:parameter}",
        arguments_doc=("A parameter name, or a list: the name followed by map keys or list indices."),
        shape="list",
        parameters=(
            _p("<name>", "The parameter's name (alone, without a list, when no path follows)."),
            _p("<key or index>", "A map key or list index walking into the value; more may follow."),
        ),
        repeats=True,
    ),
    "get_resource": FunctionDoc(
        signature="get_resource: <resource name>",
        returns="The reference ID of the resource, usually its physical ID.",
        doc=(
            "Refers to another resource of this template and makes the "
            "current resource depend on it. What the reference ID is depends "
            "on the resource type; for most OpenStack resources it is the "
            "UUID. Naming an unknown resource, or one whose condition is "
            "false, is an error, although Heat's validation only notices it "
            "in properties and metadata, not in outputs."
        ),
        snippet="${1:resource}",
        arguments_doc="The name of a resource in this template.",
        parameters=(_p("<resource name>", "A resource of this template."),),
    ),
    "get_attr": FunctionDoc(
        signature="get_attr: [<resource name>, <attribute name>, <key or index>, ...]",
        returns=(
            "The attribute's value at run time, or the item at the path; with "
            "no attribute name, a map of all attributes."
        ),
        doc=(
            "Reads an attribute of another resource once it exists, and makes "
            "the current resource depend on it. Items after the attribute "
            "name walk into a map or list value: 2013-05-23 fetches the whole "
            "attribute and walks it itself (a bad path gives null), later "
            "versions pass the path to the resource. From 2015-10-15 the "
            "attribute name may be left out, which gives a map of every "
            "attribute except `show`. The argument must be a list. An unknown "
            "resource or attribute is an error, except on types that accept "
            "any attribute name, such as OS::Heat::ResourceGroup, "
            "OS::Heat::AutoScalingGroup and template resources."
        ),
        snippet="[${1:resource}, ${2:attribute}]",
        arguments_doc=(
            "A list: resource name, attribute name, then optional map keys or "
            "list indices; from 2015-10-15 the resource name alone."
        ),
        shape="list",
        parameters=(
            _p("<resource name>", "A resource of this template."),
            _p("<attribute name>", "An attribute of its type (left out from 2015-10-15: every attribute)."),
            _p("<key or index>", "A map key or list index walking into the attribute's value; more may follow."),
        ),
        repeats=True,
    ),
    "get_file": FunctionDoc(
        signature="get_file: <path or URL>",
        returns="The file's content as a string, unchanged.",
        doc=(
            "Inserts the content of a file, typically a script for user_data. "
            "The client reads local paths (relative to the template) and URLs "
            "and sends their content in the stack's files map; the engine only "
            "looks the name up in that map. Write a literal path: the engine "
            "would accept a computed one, but the client cannot load it in "
            "advance. The content is not processed, so a get_file inside the "
            "included file stays plain text."
        ),
        snippet="${1:path}",
        arguments_doc="A literal relative path or URL.",
        parameters=(_p("<path or URL>", "A literal path, relative to the template, or a URL."),),
    ),
    "list_join": FunctionDoc(
        signature="list_join: [<delimiter>, <list>, <list>, ...]",
        returns="A string.",
        doc=(
            "Joins list items into one string with a delimiter string. Before "
            "2015-10-15 it takes exactly a delimiter and one list of strings, "
            "and a map or list item is an error. From 2015-10-15 several "
            "lists may follow and are joined as one; a null or empty list is "
            "skipped, null items become empty strings, and maps and lists are "
            "JSON-encoded with sorted keys, while numbers and booleans are "
            "still rejected."
        ),
        snippet="['${1:,}', [${2:item}]]",
        arguments_doc="A list: the delimiter, then one list (several from 2015-10-15).",
        shape="list",
        parameters=(
            _p("<delimiter>", "The string put between the items."),
            _p("<list>", "The items to join (from 2015-10-15 more lists may follow, joined as one)."),
        ),
        repeats="list_join_multiple",
    ),
    "str_replace": FunctionDoc(
        signature=("str_replace: {template: <string>, params: {<placeholder>: <value>, ...}}"),
        returns="The template string with its placeholders replaced.",
        doc=(
            "Builds a string by replacing each placeholder of `params` found "
            "in `template`. The replacement is one pass over the text trying "
            "longer placeholders first (then alphabetical order), and "
            "inserted text is never scanned again. Numbers and booleans are "
            "turned into text and null into an empty string. Map and list "
            "values are an error before 2015-10-15 and JSON-encoded with "
            "sorted keys from then on. Placeholders that do not occur are "
            "ignored (str_replace_strict reports them), and keys other than "
            "template and params are ignored."
        ),
        snippet=_STR_REPLACE_SNIPPET,
        arguments_doc=("A map with `template` (a string) and `params` (a map of placeholder to value)."),
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
    ),
    "resource_facade": FunctionDoc(
        signature="resource_facade: metadata | deletion_policy | update_policy",
        returns="That part of the parent resource's definition.",
        doc=(
            "Only meaningful in a template used as the implementation of a "
            "resource in a parent template (a provider template): reads the "
            "parent resource's metadata, its deletion policy (Delete when not "
            "given) or its update policy (an empty map when not given). The "
            "argument must be one of the three names, written literally."
        ),
        snippet="${1|metadata,deletion_policy,update_policy|}",
        arguments_doc="One of metadata, deletion_policy or update_policy.",
        parameters=(_p("metadata | deletion_policy | update_policy", "The part of the parent resource to read."),),
    ),
    "repeat": FunctionDoc(
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
            _p("for_each", "A map of placeholder to the list (or, from 2016-10-14, map) of values it takes."),
            _p("template", "What is rendered once per value, the placeholders replaced in its strings."),
            _p("permutations", "false pairs the lists item by item instead of every combination (from 2017-09-01)."),
        ),
    ),
    "digest": FunctionDoc(
        signature="digest: [<algorithm>, <value>]",
        returns="The hexadecimal digest of the value.",
        doc=(
            "Hashes a string with an algorithm such as sha256 or sha512. The "
            "name is case-insensitive and must be available in the engine's "
            "hashlib; shake_128 and shake_256 pass that check but fail when "
            "evaluated. The value must be a string of Latin-1 characters. "
            "Usable from 2015-04-30 itself, whatever older docs say."
        ),
        snippet="['${1|sha256,sha512,sha1,md5|}', ${2:value}]",
        arguments_doc="A list of two strings: the algorithm name and the value.",
        shape="list",
        parameters=(
            _p("<algorithm>", "A hashlib algorithm name such as sha256 or sha512."),
            _p("<value>", "The string to hash."),
        ),
    ),
    "str_split": FunctionDoc(
        signature="str_split: [<delimiter>, <string>, <index>]",
        returns="The list of pieces, or a single piece when an index is given.",
        doc=(
            "Splits a string at a delimiter, the inverse of list_join. An "
            "optional third item picks one piece: a numeric string works, "
            "negative indices count from the end, and an index out of range "
            "is an error. A null string gives null and a null delimiter "
            "splits on whitespace."
        ),
        snippet="['${1:,}', ${2:string}]",
        arguments_doc="A list: the delimiter, the string, and an optional index.",
        shape="list",
        parameters=(
            _p("<delimiter>", "Where to split."),
            _p("<string>", "The string to split."),
            _p("<index>", "Optional: the one piece to return (negative counts from the end)."),
        ),
    ),
    "map_merge": FunctionDoc(
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
        parameters=(_p("<map>", "A map; later maps win on a shared key."),),
        repeats=True,
    ),
    "map_replace": FunctionDoc(
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
            _p("<map>", "The map to copy."),
            _p("{keys, values}", "A map with `keys` (old key to new key) and `values` (old value to new value)."),
        ),
    ),
    "yaql": FunctionDoc(
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
            _p("expression", "The YAQL expression; `$.data` is the data below."),
            _p("data", "What the expression reads as `$.data` (an empty map when left out)."),
        ),
    ),
    "if": FunctionDoc(
        signature="if: [<condition>, <value if true>, <value if false>]",
        returns="One of the two values.",
        doc=(
            "Picks a value by a condition: a condition name, a boolean or an "
            "inline condition function. Heat decides while reading the "
            "template and only reads the chosen branch, so mistakes in the "
            "other branch go unnoticed. Up to 2018-08-31 it takes exactly "
            "three items. From 2021-04-16 the false value may be left out: a "
            "false condition then removes the enclosing map entry, list item "
            "or property as if it were never written (an explicit null does "
            "not). A string that is not a condition name, such as 'true', is "
            "an error. `if` is not allowed in conditions or in a condition key."
        ),
        snippet="[${1:condition}, ${2:value_if_true}, ${3:value_if_false}]",
        arguments_doc=("A list: a condition, the value if true and the value if false (optional from 2021-04-16)."),
        shape="list",
        parameters=(
            _p("<condition>", "A condition name, a boolean or a condition function."),
            _p("<value if true>", "The value when the condition holds."),
            _p("<value if false>", "The value otherwise (optional from 2021-04-16: left out, the entry goes away)."),
        ),
    ),
    "filter": FunctionDoc(
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
            _p("<values to remove>", "A list of the values to take out."),
            _p("<list>", "The list to filter."),
        ),
    ),
    "str_replace_strict": FunctionDoc(
        signature=("str_replace_strict: {template: <string>, params: {<placeholder>: <value>, ...}}"),
        returns="The template string with its placeholders replaced.",
        doc=(
            "Works like str_replace, but every placeholder in `params` must "
            "occur in the template; the missing ones are listed in the error. "
            "Empty values are still allowed."
        ),
        snippet=_STR_REPLACE_SNIPPET,
        arguments_doc=("A map with `template` (a string) and `params` (a map of placeholder to value)."),
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
    ),
    "make_url": FunctionDoc(
        signature=("make_url: {scheme, username, password, host, port, path, query, fragment}"),
        returns="A URL string.",
        doc=(
            "Builds a URL from its parts, all optional, encoding each one "
            "properly: user name and password are percent-encoded, an IPv6 "
            "host is put in brackets, the path is quoted with its slashes "
            "kept, the query map is URL-encoded and the fragment quoted. The "
            "port must be an integer from 1 to 65535 (a numeric string "
            "works), query must be a map, the other parts strings; unknown "
            "keys are an error. An empty map gives an empty string."
        ),
        snippet=("\n  scheme: ${1:https}\n  host: ${2:host}\n  port: ${3:443}\n  path: ${4:/}"),
        arguments_doc=("A map with any of scheme, username, password, host, port, path, query, fragment."),
        shape="map",
        parameters=(
            _p("scheme", "The URL scheme, such as https."),
            _p("username", "The user name, percent-encoded."),
            _p("password", "The password, percent-encoded."),
            _p("host", "The host name or address (an IPv6 address is put in brackets)."),
            _p("port", "An integer from 1 to 65535."),
            _p("path", "The path, its slashes kept."),
            _p("query", "A map of query parameters, URL-encoded."),
            _p("fragment", "The part after `#`."),
        ),
    ),
    "list_concat": FunctionDoc(
        signature="list_concat: [<list>, <list>, ...]",
        returns="One list.",
        doc=(
            "Joins several lists into one, in order. Null items are skipped; "
            "any other item that is not a list, a string included, is an error."
        ),
        snippet="[${1:list1}, ${2:list2}]",
        arguments_doc="A list of lists.",
        shape="list",
        parameters=(_p("<list>", "A list; null is skipped."),),
        repeats=True,
    ),
    "list_concat_unique": FunctionDoc(
        signature="list_concat_unique: [<list>, <list>, ...]",
        returns="One list without repeated items.",
        doc=("Works like list_concat but keeps only the first of equal items; maps are compared by content."),
        snippet="[${1:list1}, ${2:list2}]",
        arguments_doc="A list of lists.",
        shape="list",
        parameters=(_p("<list>", "A list; null is skipped, repeated items kept once."),),
        repeats=True,
    ),
    "str_replace_vstrict": FunctionDoc(
        signature=("str_replace_vstrict: {template: <string>, params: {<placeholder>: <value>, ...}}"),
        returns="The template string with its placeholders replaced.",
        doc=(
            "Works like str_replace_strict, and in addition no value may be "
            "null or empty (an empty string, list or map); 0 and false are "
            "accepted. Some docs spell it string_replace_vstrict, which is "
            "not a function."
        ),
        snippet=_STR_REPLACE_SNIPPET,
        arguments_doc=("A map with `template` (a string) and `params` (a map of placeholder to value)."),
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
    ),
    "contains": FunctionDoc(
        signature="contains: [<value>, <sequence>]",
        returns="true or false.",
        doc=(
            "Tells whether a value is an item of a list. A string as the "
            "second argument makes it a substring test; a map or null is an "
            "error. It works both as a normal function and as a condition "
            "function."
        ),
        snippet="[${1:value}, ${2:list}]",
        arguments_doc=("A list of two items: the value and the list (or string) to search."),
        shape="list",
        parameters=(
            _p("<value>", "What to look for."),
            _p("<sequence>", "The list to search, or a string for a substring test."),
        ),
    ),
    "equals": FunctionDoc(
        signature="equals: [<value>, <value>]",
        returns="true or false.",
        doc=(
            "Condition function: true when the two values are equal as Python "
            "compares them (1, 1.0 and true are all equal). Takes exactly two "
            "items. It is not a function in properties or outputs: written "
            "there it stays a literal map."
        ),
        snippet="[${1:value1}, ${2:value2}]",
        arguments_doc="A list of exactly two values.",
        shape="list",
        parameters=(
            _p("<value 1>", "The first value."),
            _p("<value 2>", "The value compared with it."),
        ),
    ),
    "not": FunctionDoc(
        signature="not: <condition>",
        returns="true or false.",
        doc=(
            "Condition function: negates one condition, given as a name, a "
            "boolean or a condition function. The argument is a single value, "
            "not a list (`not: [c]` fails), and null is an error."
        ),
        snippet="${1:condition}",
        arguments_doc="One condition, not wrapped in a list.",
        parameters=(_p("<condition>", "One condition: a name, a boolean or a condition function."),),
    ),
    "and": FunctionDoc(
        signature="and: [<condition>, <condition>, ...]",
        returns="true or false.",
        doc=(
            "Condition function: true when every item is true, stopping at "
            "the first false one. Needs a list of at least two conditions "
            "(names, booleans or condition functions)."
        ),
        snippet="[${1:condition1}, ${2:condition2}]",
        arguments_doc="A list of two or more conditions.",
        shape="list",
        parameters=(_p("<condition>", "A condition name, a boolean or a condition function; at least two."),),
        repeats=True,
    ),
    "or": FunctionDoc(
        signature="or: [<condition>, <condition>, ...]",
        returns="true or false.",
        doc=(
            "Condition function: true when any item is true, stopping at the "
            "first true one. Needs a list of at least two conditions (names, "
            "booleans or condition functions)."
        ),
        snippet="[${1:condition1}, ${2:condition2}]",
        arguments_doc="A list of two or more conditions.",
        shape="list",
        parameters=(_p("<condition>", "A condition name, a boolean or a condition function; at least two."),),
        repeats=True,
    ),
    "Fn::Select": FunctionDoc(
        signature="Fn::Select: [<index>, <list or map>]",
        returns="The selected item, or an empty string when it is missing.",
        doc=(
            "CloudFormation-style selection kept in early HOT: picks a list "
            "item by index or a map value by key, giving an empty string when "
            "there is none; a string collection is decoded as JSON first. "
            "Removed in 2015-10-15; use a path in get_attr or get_param."
        ),
        snippet="[${1:index}, ${2:list}]",
        arguments_doc="A list: an index or key, then a list or map.",
        shape="list",
        parameters=(
            _p("<index>", "A list index or a map key."),
            _p("<list or map>", "The collection to pick from."),
        ),
    ),
    "Fn::GetAZs": FunctionDoc(
        signature="Fn::GetAZs: <region>",
        returns="A list of availability zone names.",
        doc=(
            "CloudFormation function that lists the availability zones of the "
            "stack. Only in 2013-05-23; it has no HOT counterpart."
        ),
        snippet="'${1}'",
        arguments_doc="A region name, usually an empty string.",
        parameters=(_p("<region>", "A region name, usually an empty string."),),
    ),
    "Fn::Join": FunctionDoc(
        signature="Fn::Join: [<delimiter>, [<string>, ...]]",
        returns="A string.",
        doc=("CloudFormation join of a list of strings. Only in 2013-05-23; use list_join."),
        snippet="['${1:,}', [${2:item}]]",
        arguments_doc="A list: the delimiter and a list of strings.",
        shape="list",
        parameters=(
            _p("<delimiter>", "The string put between the items."),
            _p("[<string>, ...]", "The strings to join."),
        ),
    ),
    "Fn::Split": FunctionDoc(
        signature="Fn::Split: [<delimiter>, <string>]",
        returns="A list of strings.",
        doc=(
            "CloudFormation split of a string; the delimiter must be written "
            "literally. Only in 2013-05-23; use str_split."
        ),
        snippet="['${1:,}', ${2:string}]",
        arguments_doc="A list: a literal delimiter and the string.",
        shape="list",
        parameters=(
            _p("<delimiter>", "A literal delimiter."),
            _p("<string>", "The string to split."),
        ),
    ),
    "Fn::Replace": FunctionDoc(
        signature="Fn::Replace: [{<placeholder>: <value>, ...}, <template>]",
        returns="The template string with its placeholders replaced.",
        doc=("Heat's CFN-style string substitution. Only in 2013-05-23; use str_replace."),
        snippet="[{${1:placeholder}: ${2:value}}, ${3:template}]",
        arguments_doc=("A list: a map of placeholder to value, then the template string."),
        shape="list",
        parameters=(
            _p("{<placeholder>: <value>}", "A map of placeholder to value."),
            _p("<template>", "The string holding the placeholders."),
        ),
    ),
    "Fn::Base64": FunctionDoc(
        signature="Fn::Base64: <string>",
        returns="The same string: Heat does not encode it.",
        doc=(
            "Kept for CloudFormation compatibility; in Heat it returns the "
            "string unchanged. Only in 2013-05-23; simply drop it."
        ),
        snippet="${1:text}",
        arguments_doc="A string.",
        parameters=(_p("<string>", "The string, returned unchanged."),),
    ),
    "Fn::MemberListToMap": FunctionDoc(
        signature=("Fn::MemberListToMap: [<key name>, <value name>, [<'.member.N.key=value'>, ...]]"),
        returns="A map.",
        doc=("Turns an AWS query-style member list into a map. Only in 2013-05-23; it has no HOT counterpart."),
        snippet="[${1:Name}, ${2:Value}, ${3:list}]",
        arguments_doc=("A list: the key field name, the value field name and the member list."),
        shape="list",
        parameters=(
            _p("<key name>", "The field holding each key."),
            _p("<value name>", "The field holding each value."),
            _p("<member list>", "The '.member.N.key=value' strings."),
        ),
    ),
    "Fn::ResourceFacade": FunctionDoc(
        signature="Fn::ResourceFacade: Metadata | DeletionPolicy | UpdatePolicy",
        returns="That part of the parent resource's definition.",
        doc=(
            "CloudFormation spelling of resource_facade, with CamelCase "
            "arguments. Only in 2013-05-23; use resource_facade."
        ),
        snippet="${1|Metadata,DeletionPolicy,UpdatePolicy|}",
        arguments_doc="One of Metadata, DeletionPolicy or UpdatePolicy.",
        parameters=(_p("Metadata | DeletionPolicy | UpdatePolicy", "The part of the parent resource to read."),),
    ),
    "Ref": FunctionDoc(
        signature="Ref: <resource or parameter name>",
        returns="A resource's reference ID, or a parameter's value.",
        doc=(
            "CloudFormation reference: a resource's reference ID when a "
            "resource has that name, otherwise the parameter's value. Only in "
            "2013-05-23; use get_resource or get_param."
        ),
        snippet="${1:name}",
        arguments_doc="A resource or parameter name.",
        parameters=(_p("<resource or parameter name>", "A resource or a parameter of this template."),),
    ),
}
