"""Conditions as Heat decides them whatever the parameters: the evaluator with every parameter unknown.

The rules and the dependency graph ask which conditions, `if` branches and `and`/`or` items Heat settles
without the deployment's values (a condition that is always false, a branch never taken). They ask the one
evaluator hot-lsp has, so a condition means the same thing to them as to the previews and the 8xxx rules.
"""

from __future__ import annotations

from ... import spec
from ...document import Node
from ..model import TemplateModel
from .evaluator import Evaluator
from .inputs import ParameterValue
from .problems import HeatError
from .values import Symbol

_UNKNOWN = "unknown"  # the source of every parameter value here


class StaticConditions:
    """Condition values for one model, memoised by the evaluator it holds."""

    def __init__(self, model: TemplateModel) -> None:
        names = [*spec.PSEUDO_PARAMETERS, *model.parameters]
        parameters = {name: ParameterValue(name, "string", Symbol("get_param", name), _UNKNOWN) for name in names}
        self.evaluator = Evaluator(model, parameters)

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
