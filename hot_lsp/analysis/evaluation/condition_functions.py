"""Heat 27's condition-only functions: equals, not, and, or (ConditionBoolean and Equals).

Their arguments are parsed with the condition parser. A condition is three-valued offline: True, False,
or a Symbol when it depends on a value known only at run time (a parameter nobody gave a value, a yaql
over such data). ``and``/``or`` short-circuit in order, as Heat's ``all``/``any`` do.
"""

from __future__ import annotations

from typing import Any

from ...document import Sequence
from .evaluator import Call, Evaluator, Implementation
from .problems import HeatError, Unknown
from .values import Symbol, is_known, plain


def equals(ev: Evaluator, call: Call) -> Any:
    """Equals: [value_1, value_2], compared with Python's == (so 1 == 1.0 == True)."""
    if not isinstance(call.args, Sequence) or len(call.args.items) != 2:
        raise HeatError(f'Arguments to "{call.name}" must be of the form: [value_1, value_2]', None)
    first = ev.argument(call.args.items[0], call.item_path(0), call.context)
    second = ev.argument(call.args.items[1], call.item_path(1), call.context)
    if not (is_known(first) and is_known(second)):
        raise Unknown
    return first == second


def not_(ev: Evaluator, call: Call) -> Any:
    """Not: one condition (a name, a bool or a condition function), negated."""
    if call.args.tag == "null":
        raise HeatError(f'Argument to "{call.name}" must be a condition', None)
    value = ev.condition_value(call.args, call.path)
    if isinstance(value, Symbol):
        # A condition that failed (a cycle, a bad definition) stays failed; an unknown one stays unknown.
        return Symbol(call.name, plain(value) if value.name != "condition" else value.args, failed=value.failed)
    return not value


def _boolean(is_and: bool) -> Implementation:
    def combine(ev: Evaluator, call: Call) -> Any:
        if not isinstance(call.args, Sequence):
            raise HeatError(f'Arguments to "{call.name}" must be a list of conditions', None)
        if len(call.args.items) < 2:
            raise HeatError(f'The minimum number of condition arguments to "{call.name}" is 2.', None)
        # Heat resolves every item first, then looks names up until one decides.
        resolved = [ev.argument(item, call.item_path(i), call.context) for i, item in enumerate(call.args.items)]
        unknown = False
        for value in resolved:
            try:
                decided = ev.enabled(value)
            except HeatError:
                if unknown:
                    raise Unknown from None  # an earlier unknown item may have decided first
                raise
            if isinstance(decided, Symbol):
                if decided.failed:
                    return Symbol(call.name, plain(resolved), failed=True)
                unknown = True
            elif decided is not is_and:
                return decided
        if unknown:
            raise Unknown
        return is_and

    return combine


CONDITION_FUNCTIONS: dict[str, Implementation] = {
    "equals": equals,
    "not": not_,
    "and": _boolean(True),
    "or": _boolean(False),
}
