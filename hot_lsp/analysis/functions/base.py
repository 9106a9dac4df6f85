"""What one Heat intrinsic function is to hot-lsp: a :class:`HeatFunction`, one object per function name.

Each object holds everything hot-lsp knows about how that function behaves: which of its arguments name a
parameter, resource or condition (what the model records as references), the keys of the maps it takes (per
version, from ``spec``), its checks of literal arguments with Heat's messages (``check``: what the static
rules report, and the parse-time faults the evaluator fails on), its evaluation (``evaluate``), and what a
hover preview of it shows. When it exists, per version and context, and how it is documented, is its record in
``spec.functions`` (:attr:`HeatFunction.record`).

The two call records the functions see: the model's ``FunctionCall`` (found in the template) and the
evaluator's :class:`Call` (being evaluated) both satisfy :class:`CallSite`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ... import spec
from ...document import Mapping as MappingNode
from ...document import Node, Sequence
from ...spec import TemplateVersion
from ..values.file_source import FileSource
from ..values.problems import Limits
from .checking import ArgumentChecker, CallSite, Context

RefKind = Literal["parameter", "resource", "condition"]
# What a scalar argument names: a reference kind, or get_attr's attribute.
Slot = Literal["parameter", "resource", "condition", "attribute"]
# Which hover preview a call gets: its value, a repeat's items, an if's branch, or a condition's reasons.
Preview = Literal["value", "repeat", "if", "condition"]
ArgumentPath = tuple[int | str, ...]


@dataclass(slots=True)  # not frozen: a frozen init costs a setattr per field, for every call evaluated
class Call:
    """One function call being evaluated."""

    name: str
    key: Node
    args: Node
    node: MappingNode  # the single-key mapping
    path: str  # Heat's path of the call: '<where>.<name>'
    context: Context

    def item_path(self, index: int) -> str:
        return f"{self.path}[{index}]"

    def key_path(self, key: str) -> str:
        return f"{self.path}.{key}"


class ParameterInput(Protocol):
    """A parameter's value as get_param reads it, and where it came from."""

    @property
    def value(self) -> Any: ...
    @property
    def source(self) -> str: ...
    @property
    def error(self) -> str | None: ...


class Evaluating(Protocol):
    """What a function's evaluation may ask of the evaluator (``evaluation.evaluator.Evaluator``)."""

    @property
    def version(self) -> TemplateVersion: ...
    @property
    def parameters(self) -> Mapping[str, ParameterInput]: ...
    @property
    def files(self) -> FileSource | None: ...
    @property
    def limits(self) -> Limits: ...
    @property
    def heat_version(self) -> str:
        """The Heat release the template is checked for (its catalogue's version): its yaql library."""
        ...

    def has(self, feature: str) -> bool:
        """Whether the template's version has a version-gated behaviour (``spec.features``)."""
        ...

    def is_resource(self, name: object) -> bool: ...
    def evaluate(self, node: Node, path: str, context: Context = "normal") -> Any: ...
    def argument(self, node: Node, path: str, context: Context = "normal") -> Any: ...
    def condition_value(self, node: Node, path: str) -> Any: ...
    def enabled(self, value: Any) -> Any: ...
    def read(self, name: str, value: Any, source: str) -> None: ...
    def note(self, call: Call, message: str, code: str, node: Node | None = None) -> None: ...
    def is_call(self, node: Node, context: Context) -> bool: ...
    def muted(self) -> AbstractContextManager[None]: ...
    def check_size(self, value: Any) -> Any: ...


Implementation = Callable[[Evaluating, Call], Any]
Check = Callable[[ArgumentChecker, CallSite], None]


@dataclass(frozen=True, slots=True)
class References:
    """Which arguments of a call name something of the template, as written (a scalar there is a name)."""

    kind: RefKind
    whole: bool = True  # the argument itself (get_param: name)
    first_item: bool = False  # the first item of its list (get_param: [name, key], if: [condition, ...])
    every_item: bool = False  # each item of its list (and, or)

    def at(self, arguments: ArgumentPath) -> bool:
        """Whether the argument at ``arguments`` (a path inside the call's argument) is one of these names."""
        if arguments == ():
            return self.whole
        if len(arguments) != 1 or not isinstance(arguments[0], int):
            return False
        return self.every_item or (self.first_item and arguments[0] == 0)

    def nodes(self, args: Node) -> tuple[Node, ...]:
        """The argument nodes in these places (scalars name something; anything else is computed)."""
        if type(args) is not Sequence:
            return (args,) if self.whole else ()
        if self.every_item:
            return args.items
        return (args.items[0],) if self.first_item and args.items else ()


def _no_evaluation(ev: Evaluating, call: Call) -> Any:  # pragma: no cover - every function sets its own
    raise NotImplementedError(call.name)


@dataclass(frozen=True, slots=True)
class HeatFunction:
    """One intrinsic function: everything hot-lsp does with a call of it, in one object."""

    name: str
    evaluate: Implementation = _no_evaluation
    # The checks of literal arguments. They report what the literal text already shows: parse-time faults
    # (Heat fails before evaluating; the evaluator fails on the same ones) and value faults of literals.
    check: Check | None = None
    # Whether ``evaluate`` relies on ``check``'s parse-time faults having been ruled out.
    parse_checked: bool = False
    references: References | None = None
    # ``if``: the first item is a condition and the others branches Heat parses only when chosen.
    branches: bool = False
    # get_attr: where the attribute name is.
    attribute: ArgumentPath | None = None
    preview: Preview = "value"
    # Version behaviours worth a line in a hover: (feature of spec.features, what it changes).
    notes: tuple[tuple[str, str], ...] = ()

    @property
    def record(self) -> spec.FunctionRecord:
        """Its history, documentation and argument keys: its record in ``spec.functions``."""
        return spec.FUNCTIONS[self.name]

    def argument_keys(self, version: TemplateVersion, path: ArgumentPath = ()) -> tuple[str, ...]:
        """The keys of the map at ``path`` of its argument that Heat reads in ``version``."""
        if not all(isinstance(part, int) for part in path):
            return ()
        return spec.argument_keys_for(self.name, version, tuple(int(part) for part in path))

    def slot(self, arguments: ArgumentPath) -> Slot | None:
        """What a scalar at ``arguments`` (a path inside the argument) names, if anything."""
        if self.references is not None and self.references.at(arguments):
            return self.references.kind
        if self.attribute is not None and arguments == self.attribute:
            return "attribute"
        return None
