"""Heat's intrinsic functions: one module per family, one :class:`HeatFunction` per name, and the registry.

The registry answers the one question every reader of a template asks: is this mapping a function call, and
of which function, in this version and this context (:class:`CallParser`, Heat's ``template.parse``)? The
model, the evaluator, the rules and the editor features all ask it here.

To change how a function behaves, edit its module; to change when it exists, edit its row in
``spec.functions`` (and ``spec.features`` for a behaviour that changed with a version).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from ... import spec
from ...document import Mapping, Node, Pair, Scalar
from ...spec import TemplateVersion
from .base import (
    ArgumentPath,
    Call,
    CallSite,
    Context,
    Evaluating,
    HeatFunction,
    Preview,
    References,
    RefKind,
    Slot,
)
from .cfn import CFN_BASE64, CFN_GET_AZS, CFN_MEMBER_LIST_TO_MAP, CFN_REPLACE, CFN_SELECT, CFN_SPLIT, REF
from .checking import ARGUMENT_FAULT, ArgumentChecker, Fault, ParseFault
from .conditions import AND, EQUALS, NOT, OR
from .contains import CONTAINS
from .digest import DIGEST
from .filter import FILTER
from .get_attr import GET_ATTR
from .get_file import GET_FILE
from .get_param import GET_PARAM
from .get_resource import GET_RESOURCE
from .if_function import IF
from .list_join import CFN_JOIN, LIST_JOIN
from .lists import LIST_CONCAT, LIST_CONCAT_UNIQUE
from .make_url import MAKE_URL
from .maps import MAP_MERGE, MAP_REPLACE
from .repeat import REPEAT
from .resource_facade import CFN_RESOURCE_FACADE, RESOURCE_FACADE
from .str_replace import STR_REPLACE, STR_REPLACE_STRICT, STR_REPLACE_VSTRICT
from .str_split import STR_SPLIT
from .yaql import YAQL

__all__ = [
    "ARGUMENT_FAULT",
    "ArgumentChecker",
    "ArgumentPath",
    "Call",
    "CallParser",
    "CallSite",
    "CallStatus",
    "Context",
    "Evaluating",
    "FUNCTIONS",
    "Fault",
    "HeatFunction",
    "ParseFault",
    "call_parser",
    "CallEntry",
    "Preview",
    "RefKind",
    "References",
    "Slot",
    "function_named",
    "invalid_in_context",
    "is_function",
    "not_supported",
    "table",
]

FUNCTIONS: dict[str, HeatFunction] = {
    function.name: function
    for function in (
        GET_PARAM,
        GET_RESOURCE,
        GET_ATTR,
        GET_FILE,
        LIST_JOIN,
        STR_REPLACE,
        RESOURCE_FACADE,
        REPEAT,
        DIGEST,
        STR_SPLIT,
        MAP_MERGE,
        MAP_REPLACE,
        YAQL,
        IF,
        FILTER,
        STR_REPLACE_STRICT,
        MAKE_URL,
        LIST_CONCAT,
        LIST_CONCAT_UNIQUE,
        STR_REPLACE_VSTRICT,
        CONTAINS,
        EQUALS,
        NOT,
        AND,
        OR,
        CFN_SELECT,
        CFN_GET_AZS,
        CFN_JOIN,
        CFN_SPLIT,
        CFN_REPLACE,
        CFN_BASE64,
        CFN_MEMBER_LIST_TO_MAP,
        CFN_RESOURCE_FACADE,
        REF,
    )
}

# How Heat's parser takes a one-key mapping whose key is a function name: a call of a function of this
# version and context; a removed CFN name (a function object that fails: not supported in this version);
# or, in a condition, a normal function (one that fails: invalid in this context).
CallStatus = Literal["call", "removed", "invalid"]


def invalid_in_context(name: str) -> str:
    """Heat's message for a normal function where a condition is parsed."""
    return f'The function "{name}" is invalid in this context'


def not_supported(name: str) -> str:
    """Heat's message for a function this version removed."""
    return f"The template version is invalid: The function {name} is not supported in this version of HOT."


def function_named(name: str) -> HeatFunction | None:
    """The function called ``name`` in any version, or None."""
    return FUNCTIONS.get(name)


@cache  # asked for every mapping of every template; versions are few and frozen
def _parse_table(version: TemplateVersion, context: Context) -> dict[str, tuple[HeatFunction, CallStatus]]:
    removed = spec.removed_functions_for(version)
    normal = spec.functions_for(version)
    if context == "normal":
        usable, failing, status = normal, removed, "removed"
    else:
        usable = spec.condition_functions_for(version)
        failing, status = (normal | removed) - usable, "invalid"
    entries: dict[str, tuple[HeatFunction, CallStatus]] = {name: (FUNCTIONS[name], "call") for name in usable}
    entries.update((name, (FUNCTIONS[name], status)) for name in failing)  # type: ignore[misc]
    return entries


@cache
def table(version: TemplateVersion, context: Context) -> dict[str, HeatFunction]:
    """The functions a template of ``version`` can call in ``context``."""
    return {name: function for name, (function, status) in _parse_table(version, context).items() if status == "call"}


def is_function(name: str, version: TemplateVersion, context: Context) -> bool:
    """Whether Heat parses a one-key mapping with the key ``name`` as a usable call here."""
    return name in table(version, context)


# What Heat's parser makes of a one-key mapping whose key names a function: that function, and how it stands.
CallEntry = tuple[HeatFunction, CallStatus]


class CallParser:
    """Heat's ``template.parse`` for one template version: which mappings are function objects, in each context.

    A mapping is a call when, as PyYAML loads it (the last of duplicate keys wins, merge keys applied), it has
    exactly one key and that key is a function name of the version in the context. The model's walk and the
    evaluator ask for every mapping of a template, so they keep one parser (:func:`call_parser`), take the
    mapping's one entry (``Mapping.only_pair``) and ask :meth:`entry`; nothing is allocated for data.
    """

    __slots__ = ("_normal", "_condition")

    def __init__(self, version: TemplateVersion) -> None:
        self._normal = _parse_table(version, "normal")
        self._condition = _parse_table(version, "condition")

    def entry(self, pair: Pair, context: Context) -> CallEntry | None:
        """What Heat makes of a mapping whose one entry is ``pair``: a function and its standing, or None (data)."""
        key = pair.key
        name = key.value if type(key) is Scalar else None
        if type(name) is not str:
            return None
        return (self._normal if context == "normal" else self._condition).get(name)

    def is_call(self, node: Node, context: Context) -> bool:
        """Whether Heat makes ``node`` a function object in ``context`` (so it is no literal list or map)."""
        if type(node) is not Mapping:
            return False
        pair = node.only_pair()
        return pair is not None and self.entry(pair, context) is not None


@cache
def call_parser(version: TemplateVersion) -> CallParser:
    """The parser of ``version`` (one per version)."""
    return CallParser(version)
