"""Conditions as Heat decides them whatever the parameters: the evaluator with every parameter unknown.

The rules and the dependency graph ask which conditions, `if` branches and `and`/`or` items Heat settles
without the deployment's values (a condition that is always false, a branch never taken). They ask the one
evaluator hot-lsp has, so a condition means the same thing to them as to the previews and the 8xxx rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass

from ... import spec
from ...document import Node
from ..model.template import TemplateModel
from ..values.evaluated import Symbol
from ..values.problems import HeatError
from .evaluator import Evaluator
from .inputs import ParameterValue

_UNKNOWN = "unknown"  # the source of every parameter value here


class _UnknownValues(AbcMapping[str, ParameterValue]):
    """Every parameter of the template, and every pseudo parameter, with no value: made as get_param asks."""

    def __init__(self, model: TemplateModel) -> None:
        self._model = model

    def __getitem__(self, name: str) -> ParameterValue:
        if name not in self._model.parameters and name not in spec.PSEUDO_PARAMETERS:
            raise KeyError(name)
        return ParameterValue(name, "string", Symbol("get_param", name), _UNKNOWN)

    def __iter__(self) -> Iterator[str]:
        return iter([*spec.PSEUDO_PARAMETERS, *self._model.parameters])

    def __len__(self) -> int:
        return len(spec.PSEUDO_PARAMETERS) + len(self._model.parameters)


class StaticConditions:
    """Condition values for one model, memoised by the evaluator it holds. A node of an entry the edit left alone
    (the same object) keeps the value the earlier model found, while what a static value reads is the same: the
    version, the parameters' names and the conditions' definitions (the same nodes)."""

    def __init__(self, model: TemplateModel) -> None:
        self.evaluator = Evaluator(model, _UnknownValues(model))
        interface = StaticInputs.of(model)
        earlier = model.earlier.get(StaticConditions)
        self._known = earlier.values if isinstance(earlier, _Decided) and earlier.interface.same(interface) else {}
        self._values: dict[int, tuple[Node, bool | None]] = {}
        model.parsed.memo[StaticConditions] = _Decided(interface, self._values)

    def value(self, node: Node) -> bool | None:
        """True or False when Heat decides ``node`` (read as a condition) that way whatever the parameters; None
        when the value depends on them, or Heat fails on it."""
        found = self._known.get(id(node))
        if found is None or found[0] is not node:
            found = (node, self._decide(node))
        self._values[id(node)] = found
        return found[1]

    def _decide(self, node: Node) -> bool | None:
        evaluator = self.evaluator
        evaluator.renew_budget()
        with evaluator.muted():
            try:
                value = evaluator.condition_value(node, "")
            except HeatError:
                return None
        return value if isinstance(value, bool) else None


@dataclass(frozen=True)
class StaticInputs:
    """What a static condition value reads besides its own node: the version, the parameters' names, and the
    conditions' definitions (by identity: the same nodes are the same text)."""

    version: object
    parameters: tuple[str, ...]
    conditions: tuple[tuple[Node, Node], ...]

    @classmethod
    def of(cls, model: TemplateModel) -> StaticInputs:
        return cls(model.version, tuple(model.parameters), tuple((e.key, e.value) for e in model.conditions.values()))

    def same(self, other: StaticInputs) -> bool:
        return (
            self.version == other.version
            and self.parameters == other.parameters
            and len(self.conditions) == len(other.conditions)
            and all(a[0] is b[0] and a[1] is b[1] for a, b in zip(self.conditions, other.conditions, strict=True))
        )


@dataclass(frozen=True)
class _Decided:
    interface: StaticInputs
    values: dict[int, tuple[Node, bool | None]]


def static_conditions(model: TemplateModel) -> StaticConditions:
    """The model's static conditions, built once per model."""
    return model.derive(StaticConditions)
