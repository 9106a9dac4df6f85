"""How each intrinsic function is documented: for hover, completion and signature help.

Snippets are LSP snippet text for the value that follows `<name>: `. A snippet
that starts with a newline is a block map or list; its lines are indented
relative to the line holding the function name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FunctionDoc:
    """What a person reads about one function."""

    signature: str
    returns: str
    doc: str
    snippet: str
    arguments_doc: str


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
    ),
    "list_concat_unique": FunctionDoc(
        signature="list_concat_unique: [<list>, <list>, ...]",
        returns="One list without repeated items.",
        doc=("Works like list_concat but keeps only the first of equal items; maps are compared by content."),
        snippet="[${1:list1}, ${2:list2}]",
        arguments_doc="A list of lists.",
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
    ),
    "Fn::Join": FunctionDoc(
        signature="Fn::Join: [<delimiter>, [<string>, ...]]",
        returns="A string.",
        doc=("CloudFormation join of a list of strings. Only in 2013-05-23; use list_join."),
        snippet="['${1:,}', [${2:item}]]",
        arguments_doc="A list: the delimiter and a list of strings.",
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
    ),
    "Fn::Replace": FunctionDoc(
        signature="Fn::Replace: [{<placeholder>: <value>, ...}, <template>]",
        returns="The template string with its placeholders replaced.",
        doc=("Heat's CFN-style string substitution. Only in 2013-05-23; use str_replace."),
        snippet="[{${1:placeholder}: ${2:value}}, ${3:template}]",
        arguments_doc=("A list: a map of placeholder to value, then the template string."),
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
    ),
    "Fn::MemberListToMap": FunctionDoc(
        signature=("Fn::MemberListToMap: [<key name>, <value name>, [<'.member.N.key=value'>, ...]]"),
        returns="A map.",
        doc=("Turns an AWS query-style member list into a map. Only in 2013-05-23; it has no HOT counterpart."),
        snippet="[${1:Name}, ${2:Value}, ${3:list}]",
        arguments_doc=("A list: the key field name, the value field name and the member list."),
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
    ),
}
