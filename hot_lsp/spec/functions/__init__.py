"""The intrinsic functions of HOT: when each exists (its history), per template version.

Heat has two function tables per version. The *normal* table applies in
resource properties, metadata, update_policy, deletion_policy, external_id
and output values. The *condition* table applies in the `conditions` section,
in resource and output `condition`, and in the first argument of `if`.
A one-key map whose key is in neither table is plain data to Heat, which is
why a misspelt or unavailable function name is silent there and worth
reporting here.

How each is documented lives in ``function_docs``; how each behaves, in ``hot_lsp.analysis.functions``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from typing import Literal

from .features import has_feature
from .function_docs import FUNCTION_DOCS, ArgumentShape, ParameterDoc
from .versions import (
    ICEHOUSE,
    JUNO,
    KILO,
    LIBERTY,
    MITAKA,
    NEWTON,
    OCATA,
    PIKE,
    WALLABY,
    TemplateVersion,
    is_at_least,
    version_named,
)


@dataclass(frozen=True, slots=True)
class FunctionSpec:
    """One intrinsic function name, its history and its documentation."""

    name: str
    since: str  # first version where it is a usable normal function
    removed_in: str | None  # version from which Heat rejects it as removed
    condition_since: str | None  # first version where it is a condition function
    normal: bool  # False for names that only ever work as condition functions
    signature: str
    returns: str
    doc: str
    snippet: str
    arguments_doc: str


Availability = Literal["available", "removed", "not_yet", "condition_only", "unknown"]
ConditionAvailability = Literal["available", "invalid", "removed", "not_yet", "unknown"]


@dataclass(frozen=True, slots=True)
class _Row:
    name: str
    since: str
    removed_in: str | None = None
    condition_since: str | None = None
    normal: bool = True


# When each name is a function: the history Heat 27.0.1's template classes encode (facts §2a, §2b).
# The CloudFormation names came with 2013-05-23 and went in 2014-10-16 (Fn::Select in 2015-10-15);
# equals/not/and/or were only ever condition functions.
_HISTORY: tuple[_Row, ...] = (
    _Row("get_param", since=ICEHOUSE, condition_since=NEWTON),
    _Row("get_resource", since=ICEHOUSE),
    _Row("get_attr", since=ICEHOUSE),
    _Row("get_file", since=ICEHOUSE),
    _Row("list_join", since=ICEHOUSE),
    _Row("str_replace", since=ICEHOUSE),
    _Row("resource_facade", since=ICEHOUSE),
    _Row("repeat", since=KILO),
    _Row("digest", since=KILO),
    _Row("str_split", since=LIBERTY),
    _Row("map_merge", since=MITAKA),
    _Row("map_replace", since=NEWTON),
    _Row("yaql", since=NEWTON, condition_since=PIKE),
    _Row("if", since=NEWTON),
    _Row("filter", since=OCATA),
    _Row("str_replace_strict", since=OCATA),
    _Row("make_url", since=PIKE),
    _Row("list_concat", since=PIKE),
    _Row("list_concat_unique", since=PIKE),
    _Row("str_replace_vstrict", since=PIKE),
    _Row("contains", since=PIKE, condition_since=PIKE),
    _Row("equals", since=NEWTON, condition_since=NEWTON, normal=False),
    _Row("not", since=NEWTON, condition_since=NEWTON, normal=False),
    _Row("and", since=NEWTON, condition_since=NEWTON, normal=False),
    _Row("or", since=NEWTON, condition_since=NEWTON, normal=False),
    _Row("Fn::Select", since=ICEHOUSE, removed_in=LIBERTY),
    _Row("Fn::GetAZs", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::Join", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::Split", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::Replace", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::Base64", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::MemberListToMap", since=ICEHOUSE, removed_in=JUNO),
    _Row("Fn::ResourceFacade", since=ICEHOUSE, removed_in=JUNO),
    _Row("Ref", since=ICEHOUSE, removed_in=JUNO),
)


def _spec(row: _Row) -> FunctionSpec:
    doc = FUNCTION_DOCS[row.name]
    return FunctionSpec(
        row.name,
        row.since,
        row.removed_in,
        row.condition_since,
        row.normal,
        doc.signature,
        doc.returns,
        doc.doc,
        doc.snippet,
        doc.arguments_doc,
    )


FUNCTIONS: dict[str, FunctionSpec] = {row.name: _spec(row) for row in _HISTORY}
_SPECS: tuple[FunctionSpec, ...] = tuple(FUNCTIONS.values())

# CloudFormation function names mapped to the HOT function to use instead
# ('' when HOT has none). It covers names HOT never had, which Heat reads as
# plain data, and the CFN names it removed after 2013-05-23.
CFN_ONLY_NAMES: dict[str, str] = {
    # never HOT functions
    "Fn::GetAtt": "get_attr",
    "Fn::FindInMap": "",
    "Fn::If": "if",
    "Fn::Equals": "equals",
    "Fn::Not": "not",
    "Fn::And": "and",
    "Fn::Or": "or",
    "Fn::Contains": "contains",
    "Fn::Sub": "str_replace",
    "Fn::ImportValue": "",
    "Fn::Cidr": "",
    "Fn::Length": "",
    "Fn::ToJsonString": "",
    "Fn::Transform": "",
    "Fn::ForEach": "repeat",
    # CFN names HOT had in 2013-05-23 and removed later
    "Ref": "get_resource or get_param",
    "Fn::Join": "list_join",
    "Fn::Select": "",
    "Fn::Split": "str_split",
    "Fn::Replace": "str_replace",
    "Fn::Base64": "",
    "Fn::GetAZs": "",
    "Fn::MemberListToMap": "",
    "Fn::ResourceFacade": "resource_facade",
}

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

ArgumentPath = tuple[int, ...]

# The keys of each map a function takes, with the first version whose Heat reads each key: the argument
# itself (path ()), or an item of the argument list (map_replace's second item, path (1,)). Heat ignores an
# unread key of str_replace's and repeat's map, and rejects any other key of the others.
ARGUMENT_KEYS: dict[tuple[str, ArgumentPath], dict[str, str]] = {
    **{
        (name, ()): {"template": ICEHOUSE, "params": ICEHOUSE}
        for name in ("str_replace", "str_replace_strict", "str_replace_vstrict")
    },
    ("repeat", ()): {"for_each": KILO, "template": KILO, "permutations": PIKE},
    ("yaql", ()): {"expression": NEWTON, "data": NEWTON},
    ("make_url", ()): dict.fromkeys(
        ("scheme", "username", "password", "host", "port", "path", "query", "fragment"), PIKE
    ),
    ("map_replace", (1,)): {"keys": NEWTON, "values": NEWTON},
}


def argument_keys_for(name: str, version: TemplateVersion, path: ArgumentPath = ()) -> tuple[str, ...]:
    """The keys Heat reads in the map at ``path`` of ``name``'s argument, in ``version`` (() for no map)."""
    keys = ARGUMENT_KEYS.get((name, path), {})
    return tuple(key for key, since in keys.items() if is_at_least(version, since))


@dataclass(frozen=True, slots=True)
class FunctionSignature:
    """A function's arguments in one version, for signature help."""

    name: str
    shape: ArgumentShape  # one value, positional list items, or named map keys
    parameters: tuple[ParameterDoc, ...]
    repeats: bool  # the last list item may repeat


def function_signature(name: str, version: TemplateVersion) -> FunctionSignature | None:
    """The arguments ``name`` takes in ``version``: a map's keys as Heat reads them there, a list's items (the last
    repeating where the version lets it); None for an unknown name."""
    doc = FUNCTION_DOCS.get(name)
    if doc is None:
        return None
    parameters = doc.parameters
    if doc.shape == "map":
        keys = argument_keys_for(name, version)
        parameters = tuple(parameter for parameter in parameters if parameter.label in keys)
    repeats = doc.repeats if isinstance(doc.repeats, bool) else has_feature(version, doc.repeats)
    return FunctionSignature(name, doc.shape, parameters, repeats)


MAKE_URL_KEYS: tuple[str, ...] = tuple(ARGUMENT_KEYS[("make_url", ())])
YAQL_KEYS: tuple[str, ...] = tuple(ARGUMENT_KEYS[("yaql", ())])
MAP_REPLACE_KEYS: tuple[str, ...] = tuple(ARGUMENT_KEYS[("map_replace", (1,))])
RESOURCE_FACADE_ARGUMENTS: tuple[str, ...] = (
    "metadata",
    "deletion_policy",
    "update_policy",
)
CFN_RESOURCE_FACADE_ARGUMENTS: tuple[str, ...] = (
    "Metadata",
    "DeletionPolicy",
    "UpdatePolicy",
)


# --- per-version views ----------------------------------------------------------


def _is_removed(spec: FunctionSpec, version: TemplateVersion) -> bool:
    return spec.removed_in is not None and is_at_least(version, spec.removed_in)


def _is_usable(spec: FunctionSpec, version: TemplateVersion) -> bool:
    return spec.normal and is_at_least(version, spec.since) and not _is_removed(spec, version)


@cache  # asked on every call site and keystroke; versions are few and frozen
def functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names usable as normal functions (properties, outputs, ...) in `version`."""
    return frozenset(spec.name for spec in _SPECS if _is_usable(spec, version))


@cache  # asked on every call site and keystroke; versions are few and frozen
def removed_functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names Heat parses but rejects as removed in `version`."""
    return frozenset(spec.name for spec in _SPECS if _is_removed(spec, version))


@cache  # asked on every call site and keystroke; versions are few and frozen
def condition_functions_for(version: TemplateVersion) -> frozenset[str]:
    """Names usable as condition functions in `version` (none before 2016-10-14)."""
    return frozenset(
        spec.name for spec in _SPECS if spec.condition_since is not None and is_at_least(version, spec.condition_since)
    )


def function_availability(name: str, version: TemplateVersion) -> Availability:
    """Where `name` stands as a normal function in `version`.

    'available': a function here. 'removed': Heat rejects it as removed.
    'condition_only': equals/not/and/or, which are never normal functions
    (whatever the version). 'not_yet': a function of a later version.
    'unknown': not a function name in any version (Heat reads it as data).
    """
    spec = FUNCTIONS.get(name)
    if spec is None:
        return "unknown"
    if _is_removed(spec, version):
        return "removed"
    if not spec.normal:
        return "condition_only"
    if is_at_least(version, spec.since):
        return "available"
    return "not_yet"


def condition_function_availability(name: str, version: TemplateVersion) -> ConditionAvailability:
    """Where `name` stands in a condition context in `version`.

    'available': a condition function here. 'invalid': a normal function of
    this version, which Heat refuses in conditions ("invalid in this
    context"). 'removed': a removed CFN name. 'not_yet': a condition function
    of a later version, or a normal function not yet in this one. 'unknown':
    not a function name at all.
    """
    spec = FUNCTIONS.get(name)
    if spec is None:
        return "unknown"
    if _is_removed(spec, version):
        return "removed"
    if spec.condition_since is not None and is_at_least(version, spec.condition_since):
        return "available"
    if _is_usable(spec, version):
        return "invalid"
    return "not_yet"


def first_version_with(name: str) -> TemplateVersion | None:
    """The oldest version where `name` works where it is meant to work.

    For normal functions that is the first version with it in the normal
    table; for equals/not/and/or, the first with them as condition functions.
    None for unknown names.
    """
    spec = FUNCTIONS.get(name)
    if spec is None:
        return None
    since = spec.since if spec.normal else spec.condition_since
    assert since is not None
    return version_named(since)


# How many list items `if` takes, from the version that changed it (IfNullable made the false value optional).
IF_ARGUMENT_COUNTS: dict[str, tuple[int, ...]] = {NEWTON: (3,), WALLABY: (2, 3)}


def if_argument_counts(version: TemplateVersion) -> tuple[int, ...]:
    """How many list items `if` accepts in `version`; () where `if` does not exist."""
    counts: tuple[int, ...] = ()
    for since, allowed in IF_ARGUMENT_COUNTS.items():
        if is_at_least(version, since):
            counts = allowed
    return counts


def repeat_keys_for(version: TemplateVersion) -> tuple[str, ...]:
    """Keys of the `repeat` argument map that Heat reads in `version`."""
    return argument_keys_for("repeat", version)


def _normalise(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def nearest_function_names(
    name: str, version: TemplateVersion, limit: int = 3, *, condition: bool = False
) -> list[str]:
    """Function names of `version` that `name` was probably meant to be.

    Looks among the normal functions, or among the condition functions when
    `condition` is true. A CFN name suggests its HOT counterpart first.
    Suggestions much weaker than the best one are dropped, so a clear typo
    gets one answer rather than a list of look-alikes.
    """
    if limit <= 0:
        return []
    pool = condition_functions_for(version) if condition else functions_for(version)
    suggestions: list[str] = []

    for candidate in CFN_ONLY_NAMES.get(name, "").split(" or "):
        if candidate in pool and candidate not in suggestions:
            suggestions.append(candidate)

    wanted = _normalise(name)
    if wanted in pool and wanted not in suggestions:
        suggestions.append(wanted)

    scored = sorted(
        ((difflib.SequenceMatcher(None, wanted, other).ratio(), other) for other in pool),
        key=lambda pair: (-pair[0], pair[1]),
    )
    if scored:
        best = scored[0][0]
        for ratio, other in scored:
            if ratio < 0.6 or ratio < best - 0.1:
                break
            if other not in suggestions:
                suggestions.append(other)
    return [other for other in suggestions if other != name][:limit]
