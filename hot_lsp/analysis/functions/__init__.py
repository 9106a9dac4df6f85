"""Heat's intrinsic functions: one module per family, one :class:`HeatFunction` per name, and the registry.

The registry answers the one question every reader of a template asks: is this mapping a function call, and
of which function, in this version and this context (:class:`CallParser`, Heat's ``template.parse``)? The
model, the evaluator, the rules and the editor features all ask it here.

To change how a function behaves, edit its module; to change when it exists or how it is documented, its record
in ``spec/functions/<family>.py`` (and ``spec.features`` for a behaviour that changed with a version). A new
function is both (docs/extending.md, "A Heat function").
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Literal

from ... import spec
from ...document import Mapping, Node, Pair, Scalar
from ...spec import TemplateVersion

# The modules that define HeatFunction objects, one per function name. Importing a module is all it takes for
# FUNCTIONS to hold its functions; tests/analysis/test_function_records.py holds that they are spec.FUNCTIONS'.
from . import (  # noqa: F401 - imported for the HeatFunction objects they define
    cfn,
    conditions,
    contains,
    digest,
    filter,
    get_attr,
    get_file,
    get_param,
    get_resource,
    if_function,
    list_join,
    lists,
    make_url,
    maps,
    repeat,
    resource_facade,
    str_replace,
    str_split,
    yaql,
)
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
from .checking import ARGUMENT_FAULT, ArgumentChecker, Fault, ParseFault

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


def _defined_in_this_package() -> dict[str, HeatFunction]:
    """Every HeatFunction of the modules imported above, in ``spec.FUNCTIONS``' order (any stray last)."""
    modules = [
        value
        for value in globals().values()
        if isinstance(value, ModuleType) and value.__name__.startswith(f"{__name__}.")
    ]
    found = {
        value.name: value for module in modules for value in vars(module).values() if isinstance(value, HeatFunction)
    }
    return {name: found.pop(name) for name in spec.FUNCTIONS if name in found} | found


FUNCTIONS: dict[str, HeatFunction] = _defined_in_this_package()

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
