"""Heat's messages that many resource plugins share (``heat.common.exception``), and small helpers the checks of
``resource_validation`` share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ...model.example_values import Alternatives
from ._validation_values import Check, Finding, Props, Unknown, each
from ._validation_wants import declare, declare_within


def conflict(*names: str) -> str:
    """ResourcePropertyConflict."""
    return f"Cannot define the following properties at the same time: {', '.join(names)}."


def unspecified(*names: str) -> str:
    """PropertyUnspecifiedError."""
    return f"At least one of the following properties must be specified: {', '.join(names)}."


def dependency(prop: str, needs: str) -> str:
    """ResourcePropertyDependency."""
    return f"{prop} cannot be specified without {needs}."


def value_dependency(prop: str, other: str, value: str) -> str:
    """ResourcePropertyValueDependency."""
    return f"{prop} property should only be specified for {other} with value {value}."


def translation_conflict(new: str, old: str) -> str:
    """A translation rule's REPLACE with both the property and the one it replaces given (no final period)."""
    return f"Cannot define the following properties at the same time: {new}, {old}"


def appended(source: str, target: str) -> Check:
    """A translation rule appending ``source``'s value to the list ``target``: when the list is written, Heat's
    rule then also meets its items, and fails on the first."""
    message = f'Incorrect translation rule using - cannot resolve Add rule for non-list translation value "{target}.0".'

    def check(p: Props) -> Iterator[Finding]:
        if p[source] and p.written(target):
            yield p.key(source), message

    return check


def per_item(name: str, *checks: Check) -> Check:
    """A check of each item of the list of maps ``name``, each item and each check on its own."""

    def check(p: Props) -> Iterator[Finding]:
        items = p.items(name)
        for one in checks:
            yield from each(items, one)

    declare_within(check, name, checks)
    return check


def missing(p: Props, name: str) -> bool:
    """Whether the value is surely falsy (not when a function gives it)."""
    try:
        return not p[name]
    except Unknown:
        return False


def any_item(items: Iterable[Props], test: Callable[[Props], bool]) -> bool:
    """Whether ``test`` holds for some item; Unknown when it holds for none and some are not settled."""
    unsettled = False
    for item in items:
        try:
            if test(item):
                return True
        except Unknown:
            unsettled = True
    if unsettled:
        raise Unknown
    return False


def at_least_two(first: str, names: list[str] | None = None) -> Check:
    """Quota resources: the project and at least one quota (``sum(p is not None) <= 1`` refused). Heat's message
    lists ``names``, or by default every property but the project, sorted; ``first``: the quota the server
    writes."""

    def check(p: Props) -> Iterator[Finding]:
        given = unsettled = 0
        for name in p.schema:
            try:
                given += p[name] is not None
            except Unknown:
                unsettled += 1
        if given + unsettled <= 1:
            yield p.anchor, unspecified(*(names or sorted(set(p.schema) - {"project"})))

    declare(check, (Alternatives(((first,),)),))
    return check
