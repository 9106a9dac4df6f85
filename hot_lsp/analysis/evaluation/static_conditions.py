"""Conditions as Heat decides them whatever the parameters: the evaluator with every parameter unknown.

The rules and the dependency graph ask which conditions, `if` branches and `and`/`or` items Heat settles
without the deployment's values (a condition that is always false, a branch never taken). They ask the one
evaluator hot-lsp has, so a condition means the same thing to them as to the previews and the 8xxx rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping as AbcMapping

from ... import spec
from ...document import Node
from ..model import TemplateModel
from .evaluator import Evaluator
from .inputs import ParameterValue
from .problems import HeatError
from .values import Symbol

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
    """Condition values for one model, memoised by the evaluator it holds."""

    def __init__(self, model: TemplateModel) -> None:
        self.evaluator = Evaluator(model, _UnknownValues(model))

    def value(self, node: Node) -> bool | None:
        """True or False when Heat decides ``node`` (read as a condition) that way whatever the parameters; None
        when the value depends on them, or Heat fails on it."""
        evaluator = self.evaluator
        evaluator.renew_budget()
        with evaluator.muted():
            try:
                value = evaluator.condition_value(node, "")
            except HeatError:
                return None
        return value if isinstance(value, bool) else None


def static_conditions(model: TemplateModel) -> StaticConditions:
    """The model's static conditions, built once per model."""
    return model.derive(StaticConditions)
