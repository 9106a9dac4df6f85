"""The functions that build or take apart strings: joining, replacing, splitting, hashing, URLs."""

from __future__ import annotations

from ..versions import ICEHOUSE, KILO, LIBERTY, OCATA, PIKE
from .record import ArgumentPath, FunctionRecord, ParameterDoc

_STR_REPLACE_PARAMETERS = (
    ParameterDoc("template", "The string holding the placeholders."),
    ParameterDoc("params", "A map of placeholder to the value that replaces it."),
)
_STR_REPLACE_ARGUMENTS = "A map with `template` (a string) and `params` (a map of placeholder to value)."
_STR_REPLACE_SNIPPET = "\n  template: ${1:text}\n  params:\n    ${2:placeholder}: ${3:value}"
_STR_REPLACE_KEYS: dict[ArgumentPath, dict[str, str]] = {(): {"template": ICEHOUSE, "params": ICEHOUSE}}

RECORDS: tuple[FunctionRecord, ...] = (
    FunctionRecord(
        "list_join",
        since=ICEHOUSE,
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
            ParameterDoc("<delimiter>", "The string put between the items."),
            ParameterDoc("<list>", "The items to join (from 2015-10-15 more lists may follow, joined as one)."),
        ),
        repeats="list_join_multiple",
    ),
    FunctionRecord(
        "str_replace",
        since=ICEHOUSE,
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
        arguments_doc=_STR_REPLACE_ARGUMENTS,
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
        argument_keys=_STR_REPLACE_KEYS,
    ),
    FunctionRecord(
        "str_replace_strict",
        since=OCATA,
        signature=("str_replace_strict: {template: <string>, params: {<placeholder>: <value>, ...}}"),
        returns="The template string with its placeholders replaced.",
        doc=(
            "Works like str_replace, but every placeholder in `params` must "
            "occur in the template; the missing ones are listed in the error. "
            "Empty values are still allowed."
        ),
        snippet=_STR_REPLACE_SNIPPET,
        arguments_doc=_STR_REPLACE_ARGUMENTS,
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
        argument_keys=_STR_REPLACE_KEYS,
    ),
    FunctionRecord(
        "str_replace_vstrict",
        since=PIKE,
        signature=("str_replace_vstrict: {template: <string>, params: {<placeholder>: <value>, ...}}"),
        returns="The template string with its placeholders replaced.",
        doc=(
            "Works like str_replace_strict, and in addition no value may be "
            "null or empty (an empty string, list or map); 0 and false are "
            "accepted. Some docs spell it string_replace_vstrict, which is "
            "not a function."
        ),
        snippet=_STR_REPLACE_SNIPPET,
        arguments_doc=_STR_REPLACE_ARGUMENTS,
        shape="map",
        parameters=_STR_REPLACE_PARAMETERS,
        argument_keys=_STR_REPLACE_KEYS,
    ),
    FunctionRecord(
        "str_split",
        since=LIBERTY,
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
            ParameterDoc("<delimiter>", "Where to split."),
            ParameterDoc("<string>", "The string to split."),
            ParameterDoc("<index>", "Optional: the one piece to return (negative counts from the end)."),
        ),
    ),
    FunctionRecord(
        "digest",
        since=KILO,
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
            ParameterDoc("<algorithm>", "A hashlib algorithm name such as sha256 or sha512."),
            ParameterDoc("<value>", "The string to hash."),
        ),
    ),
    FunctionRecord(
        "make_url",
        since=PIKE,
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
            ParameterDoc("scheme", "The URL scheme, such as https."),
            ParameterDoc("username", "The user name, percent-encoded."),
            ParameterDoc("password", "The password, percent-encoded."),
            ParameterDoc("host", "The host name or address (an IPv6 address is put in brackets)."),
            ParameterDoc("port", "An integer from 1 to 65535."),
            ParameterDoc("path", "The path, its slashes kept."),
            ParameterDoc("query", "A map of query parameters, URL-encoded."),
            ParameterDoc("fragment", "The part after `#`."),
        ),
        argument_keys={
            (): dict.fromkeys(("scheme", "username", "password", "host", "port", "path", "query", "fragment"), PIKE)
        },
    ),
)

# hashlib algorithm names on the host the facts were collected on. The real
# set depends on the engine's OpenSSL, so treat a name outside it as a
# warning rather than an error. shake_* pass Heat's check but fail later.
HOT_DIGEST_ALGORITHMS: frozenset[str] = frozenset(
    {
        "blake2b",
        "blake2s",
        "md5",
        "md5-sha1",
        "ripemd160",
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha3_224",
        "sha3_256",
        "sha3_384",
        "sha3_512",
        "sha512",
        "sha512_224",
        "sha512_256",
        "shake_128",
        "shake_256",
        "sm3",
    }
)
BROKEN_DIGEST_ALGORITHMS: frozenset[str] = frozenset({"shake_128", "shake_256"})
