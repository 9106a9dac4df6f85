"""Comparing a resource's old resolved values with its new ones, as Heat's update does (the new definition resolved
against the existing stack's data: ``update.py:204-205``).

Offline, a value Heat knows only at run time is a ``Symbol``. Two symbols of the same call compare by what they
refer to: ``get_resource X`` is the same id while X is kept (unchanged or updated in place) and a new one once X is
replaced or created; ``get_attr X ...`` is the same while X is unchanged, new once X is replaced, and may change
when X is updated in place (only the cloud knows: both outcomes are decided). A parameter without a value offline
is the same on both sides unless the parent stack passes it a value that changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..values.evaluated import Symbol, plain

EQUAL, MAYBE, DIFFERENT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Identity:
    """What a kept, replaced or created resource gives the values that name it."""

    id: int  # EQUAL: the same physical id; DIFFERENT: a new one; MAYBE: it depends on run time
    attributes: int  # likewise for get_attr (a resource updated in place: MAYBE)
    outcome: str  # the resource's own outcome, for reasons
    # A stack resource's attributes by name (its nested stack's outputs), when each is known.
    by_attribute: Mapping[str, int] | None = None


KEPT = Identity(EQUAL, EQUAL, "unchanged")


@dataclass(frozen=True, slots=True)
class Verdict:
    """How an old value compares with the new one, and why when it is not equal."""

    state: int
    literal: bool = False  # the written values differ (not only what they refer to)
    causes: tuple[str, ...] = ()  # resources whose replacement makes the values differ
    maybe: tuple[tuple[str, str], ...] = ()  # (resource, attribute) whose run-time value decides


SAME = Verdict(EQUAL)
LITERAL = Verdict(DIFFERENT, literal=True)


def combine(verdicts: list[Verdict]) -> Verdict:
    state = max((v.state for v in verdicts), default=EQUAL)
    if state == EQUAL:
        return SAME
    return Verdict(
        state,
        any(v.literal for v in verdicts),
        tuple(dict.fromkeys(c for v in verdicts for c in v.causes)),
        tuple(dict.fromkeys(m for v in verdicts for m in v.maybe)),
    )


class Comparer:
    """Compares values of one stack: ``identities`` of its resources as decided so far, ``parameters`` the verdict
    on each parameter the parent passes (a nested stack's ``get_param`` with no value offline)."""

    def __init__(self, identities: Mapping[str, Identity], parameters: Mapping[str, Verdict] | None = None) -> None:
        self.identities = identities
        self.parameters = parameters or {}

    def compare(self, old: Any, new: Any) -> Verdict:
        if isinstance(old, Symbol) or isinstance(new, Symbol):
            if not (isinstance(old, Symbol) and isinstance(new, Symbol)) or old.name != new.name:
                return LITERAL
            return self._symbols(old, new)
        if isinstance(old, dict) and isinstance(new, dict):
            if old.keys() != new.keys():
                return LITERAL
            return combine([self.compare(old[key], new[key]) for key in old])
        if isinstance(old, list) and isinstance(new, list):
            if len(old) != len(new):
                return LITERAL
            return combine([self.compare(a, b) for a, b in zip(old, new, strict=True)])
        if type(old) is not type(new) and not (_number(old) and _number(new)):
            return LITERAL
        return SAME if old == new else LITERAL

    def _symbols(self, old: Symbol, new: Symbol) -> Verdict:
        if old.failed or new.failed:
            return SAME if plain(old) == plain(new) else LITERAL
        if old.name in ("get_resource", "Ref") and isinstance(old.args, str):
            if old.args != new.args:
                return LITERAL
            return self._reference(old.args, None)
        if old.name in ("get_attr", "Fn::GetAtt") and _attribute_call(old.args) and _attribute_call(new.args):
            rest = self.compare(old.args[1:], new.args[1:])
            if old.args[0] != new.args[0] or rest.state == DIFFERENT:
                return LITERAL if old.args[0] != new.args[0] else rest
            attribute = old.args[1] if isinstance(old.args[1], str) else str(plain(old.args[1]))
            return combine([rest, self._reference(old.args[0], attribute)])
        if old.name == "get_param":
            found = self.compare(old.args, new.args)
            name = old.args[0] if isinstance(old.args, list) and old.args else old.args
            if found.state == EQUAL and isinstance(name, str):
                return self.parameters.get(name, SAME)
            return found
        return self.compare(old.args, new.args)

    def _reference(self, name: str, attribute: str | None) -> Verdict:
        identity = self.identities.get(name)
        if identity is None:  # created by this update, or not in the stack: a new value
            return Verdict(DIFFERENT, causes=(name,))
        if attribute is None:
            state = identity.id
        elif identity.by_attribute is not None and attribute in identity.by_attribute:
            state = identity.by_attribute[attribute]
        else:
            state = identity.attributes
        if state == EQUAL:
            return SAME
        if state == DIFFERENT:
            return Verdict(DIFFERENT, causes=(name,))
        return Verdict(MAYBE, maybe=((name, attribute or "id"),))


def _attribute_call(args: Any) -> bool:
    return isinstance(args, list) and len(args) >= 2 and isinstance(args[0], str)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
