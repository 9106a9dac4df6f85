"""Parameter types, constraint kinds and pseudo-parameters of HOT."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .versions import ICEHOUSE, OCATA, TemplateVersion, is_at_least

# Type names are case-sensitive in HOT (`String` is rejected).
PARAMETER_TYPES: dict[str, str] = {
    "string": "A string; other scalars are turned into their text form.",
    "number": "An integer or a float; numeric strings such as '42' are accepted.",
    "comma_delimited_list": (
        "A list of strings, given as a list or as one comma-separated string (items are not trimmed)."
    ),
    "json": "A map or list, given as YAML data or as a JSON-encoded string.",
    "boolean": "true or false; also accepts t/f, yes/no, y/n, on/off and 1/0.",
}

# CFN spellings of the same types, for did-you-mean in HOT templates.
CFN_PARAMETER_TYPES: dict[str, str] = {
    "String": "string",
    "Number": "number",
    "CommaDelimitedList": "comma_delimited_list",
    "Json": "json",
    "Boolean": "boolean",
}

_ALL_TYPES = frozenset(PARAMETER_TYPES)


@dataclass(frozen=True, slots=True)
class ConstraintKind:
    """One kind of parameter constraint.

    `priority` orders the kinds when one constraint entry holds several: Heat
    uses only the kind with the lowest number and silently drops the rest.
    """

    name: str
    since: str  # first version date that accepts it
    applies_to: frozenset[str]  # parameter types it is valid for
    priority: int  # lower wins when an entry has several kinds
    doc: str
    snippet: str  # LSP snippet for the value after '<name>: '


CONSTRAINT_KINDS: dict[str, ConstraintKind] = {
    "length": ConstraintKind(
        name="length",
        since=ICEHOUSE,
        applies_to=frozenset({"string", "comma_delimited_list", "json"}),
        priority=2,
        doc=(
            "Inclusive bounds on the number of characters of a string, items "
            "of a list or keys of a map. Give min, max or both, as integers."
        ),
        snippet="{min: ${1:1}, max: ${2:255}}",
    ),
    "range": ConstraintKind(
        name="range",
        since=ICEHOUSE,
        applies_to=frozenset({"number"}),
        priority=1,
        doc=("Inclusive numeric bounds on a number. Give min, max or both; numeric strings are accepted as bounds."),
        snippet="{min: ${1:0}, max: ${2:10}}",
    ),
    "modulo": ConstraintKind(
        name="modulo",
        since=OCATA,
        applies_to=frozenset({"number"}),
        priority=0,
        doc=(
            "The number must leave `offset` as the remainder when divided by "
            "`step` (from 2017-02-24). Both are required integers, step is not "
            "0, and offset is smaller than step in size with the same sign."
        ),
        snippet="{step: ${1:2}, offset: ${2:0}}",
    ),
    "allowed_values": ConstraintKind(
        name="allowed_values",
        since=ICEHOUSE,
        applies_to=frozenset({"string", "number", "comma_delimited_list", "boolean"}),
        priority=3,
        doc=(
            "A list of the values the parameter may take; both sides are "
            "converted to the parameter type before comparing. For a list "
            "parameter, every item must be allowed."
        ),
        snippet="[${1:value1}, ${2:value2}]",
    ),
    "allowed_pattern": ConstraintKind(
        name="allowed_pattern",
        since=ICEHOUSE,
        applies_to=frozenset({"string"}),
        priority=4,
        doc=("A Python regular expression that must match the whole string value."),
        snippet="'${1:[a-zA-Z0-9]+}'",
    ),
    "custom_constraint": ConstraintKind(
        name="custom_constraint",
        since=ICEHOUSE,
        applies_to=frozenset({"string", "number", "comma_delimited_list", "boolean"}),
        priority=5,
        doc=(
            "The name of a check registered in Heat, such as nova.flavor or "
            "ip_addr. Most look the value up in the cloud; the default value is "
            "never checked against it."
        ),
        snippet="${1:nova.flavor}",
    ),
}

# Keys of a constraint entry: one constraint kind plus an optional description.
CONSTRAINT_ENTRY_KEYS: tuple[str, ...] = (*CONSTRAINT_KINDS, "description")

# Keys of the map each kind takes as its value (empty: the value is not a map).
CONSTRAINT_VALUE_KEYS: dict[str, tuple[str, ...]] = {
    "length": ("min", "max"),
    "range": ("min", "max"),
    "modulo": ("step", "offset"),
    "allowed_values": (),
    "allowed_pattern": (),
    "custom_constraint": (),
}


@cache  # asked per parameter and per keystroke
def constraint_kinds_for(version: TemplateVersion, param_type: str | None = None) -> tuple[str, ...]:
    """Constraint kinds valid in `version`, for `param_type` when given.

    An unknown `param_type` is treated like None: Heat already rejects the
    type itself, and reporting every constraint as well would only add noise.
    """
    filter_type = param_type in _ALL_TYPES
    return tuple(
        kind.name
        for kind in CONSTRAINT_KINDS.values()
        if is_at_least(version, kind.since) and (not filter_type or param_type in kind.applies_to)
    )


def winning_constraint_kind(kinds: Iterable[str], version: TemplateVersion) -> str | None:
    """The kind Heat enforces for an entry holding all of `kinds`.

    Kinds unknown in `version` (such as modulo before ocata) are ignored, as
    Heat ignores them; None when nothing is left.
    """
    usable = [
        CONSTRAINT_KINDS[name]
        for name in kinds
        if name in CONSTRAINT_KINDS and is_at_least(version, CONSTRAINT_KINDS[name].since)
    ]
    if not usable:
        return None
    return min(usable, key=lambda kind: kind.priority).name


# Parameters Heat defines for every stack in every HOT version.
PSEUDO_PARAMETERS: dict[str, str] = {
    "OS::stack_id": "The UUID of the stack (empty until the stack is stored).",
    "OS::stack_name": "The name of the stack.",
    "OS::project_id": "The ID of the project (tenant) that owns the stack.",
}

# Declared in Heat but never given a value, so get_param on it fails.
UNUSABLE_PSEUDO_PARAMETERS: dict[str, str] = {
    "OS::region": (
        "Heat lists this name but never creates the parameter, so get_param "
        "on it fails with 'The Parameter (OS::region) was not provided'."
    ),
}

# Pseudo-parameters that parameter_groups may name. OS::stack_name is absent
# because Heat validates groups before the stack has a name.
GROUPABLE_PSEUDO_PARAMETERS: frozenset[str] = frozenset({"OS::stack_id", "OS::project_id"})

# CFN pseudo-parameters and their HOT counterpart ('' when there is none).
CFN_PSEUDO_PARAMETERS: dict[str, str] = {
    "AWS::StackId": "OS::stack_id",
    "AWS::StackName": "OS::stack_name",
    "AWS::Region": "",
}

# Spellings Heat's strict boolean parser accepts, compared after stripping
# whitespace and lowering case.
BOOLEAN_TRUE_STRINGS: frozenset[str] = frozenset({"1", "t", "true", "on", "y", "yes"})
BOOLEAN_FALSE_STRINGS: frozenset[str] = frozenset({"0", "f", "false", "off", "n", "no"})
