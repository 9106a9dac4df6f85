"""`if` and the condition functions: equals, not, and, or, contains."""

from __future__ import annotations

from typing import Any

from ..versions import NEWTON, PIKE, WALLABY, TemplateVersion, is_at_least
from .record import FunctionRecord, ParameterDoc

# What `and` and `or` take, and how both are documented: a list of two or more conditions.
_TWO_OR_MORE_CONDITIONS: dict[str, Any] = {
    "snippet": "[${1:condition1}, ${2:condition2}]",
    "arguments_doc": "A list of two or more conditions.",
    "shape": "list",
    "parameters": (ParameterDoc("<condition>", "A condition name, a boolean or a condition function; at least two."),),
    "repeats": True,
}

RECORDS: tuple[FunctionRecord, ...] = (
    FunctionRecord(
        "if",
        since=NEWTON,
        signature="if: [<condition>, <value if true>, <value if false>]",
        returns="One of the two values.",
        doc=(
            "Picks a value by a condition: a condition name, a boolean or an "
            "inline condition function. Heat decides while reading the "
            "template and only reads the chosen branch, so mistakes in the "
            "other branch go unnoticed. Up to 2018-08-31 it takes exactly "
            "three items. From 2021-04-16 the false value may be left out: a "
            "false condition then removes the enclosing map entry, list item "
            "or property as if it were never written (an explicit null does "
            "not). A string that is not a condition name, such as 'true', is "
            "an error. `if` is not allowed in conditions or in a condition key."
        ),
        snippet="[${1:condition}, ${2:value_if_true}, ${3:value_if_false}]",
        arguments_doc=("A list: a condition, the value if true and the value if false (optional from 2021-04-16)."),
        shape="list",
        parameters=(
            ParameterDoc("<condition>", "A condition name, a boolean or a condition function."),
            ParameterDoc("<value if true>", "The value when the condition holds."),
            ParameterDoc(
                "<value if false>", "The value otherwise (optional from 2021-04-16: left out, the entry goes away)."
            ),
        ),
    ),
    FunctionRecord(
        "equals",
        since=NEWTON,
        condition_since=NEWTON,
        normal=False,
        signature="equals: [<value>, <value>]",
        returns="true or false.",
        doc=(
            "Condition function: true when the two values are equal as Python "
            "compares them (1, 1.0 and true are all equal). Takes exactly two "
            "items. It is not a function in properties or outputs: written "
            "there it stays a literal map."
        ),
        snippet="[${1:value1}, ${2:value2}]",
        arguments_doc="A list of exactly two values.",
        shape="list",
        parameters=(
            ParameterDoc("<value 1>", "The first value."),
            ParameterDoc("<value 2>", "The value compared with it."),
        ),
    ),
    FunctionRecord(
        "not",
        since=NEWTON,
        condition_since=NEWTON,
        normal=False,
        signature="not: <condition>",
        returns="true or false.",
        doc=(
            "Condition function: negates one condition, given as a name, a "
            "boolean or a condition function. The argument is a single value, "
            "not a list (`not: [c]` fails), and null is an error."
        ),
        snippet="${1:condition}",
        arguments_doc="One condition, not wrapped in a list.",
        parameters=(ParameterDoc("<condition>", "One condition: a name, a boolean or a condition function."),),
    ),
    FunctionRecord(
        "and",
        since=NEWTON,
        condition_since=NEWTON,
        normal=False,
        signature="and: [<condition>, <condition>, ...]",
        returns="true or false.",
        doc=(
            "Condition function: true when every item is true, stopping at "
            "the first false one. Needs a list of at least two conditions "
            "(names, booleans or condition functions)."
        ),
        **_TWO_OR_MORE_CONDITIONS,
    ),
    FunctionRecord(
        "or",
        since=NEWTON,
        condition_since=NEWTON,
        normal=False,
        signature="or: [<condition>, <condition>, ...]",
        returns="true or false.",
        doc=(
            "Condition function: true when any item is true, stopping at the "
            "first true one. Needs a list of at least two conditions (names, "
            "booleans or condition functions)."
        ),
        **_TWO_OR_MORE_CONDITIONS,
    ),
    FunctionRecord(
        "contains",
        since=PIKE,
        condition_since=PIKE,
        signature="contains: [<value>, <sequence>]",
        returns="true or false.",
        doc=(
            "Tells whether a value is an item of a list. A string as the "
            "second argument makes it a substring test; a map or null is an "
            "error. It works both as a normal function and as a condition "
            "function."
        ),
        snippet="[${1:value}, ${2:list}]",
        arguments_doc=("A list of two items: the value and the list (or string) to search."),
        shape="list",
        parameters=(
            ParameterDoc("<value>", "What to look for."),
            ParameterDoc("<sequence>", "The list to search, or a string for a substring test."),
        ),
    ),
)

# How many list items `if` takes, from the version that changed it (IfNullable made the false value optional).
IF_ARGUMENT_COUNTS: dict[str, tuple[int, ...]] = {NEWTON: (3,), WALLABY: (2, 3)}


def if_argument_counts(version: TemplateVersion) -> tuple[int, ...]:
    """How many list items `if` accepts in `version`; () where `if` does not exist."""
    counts: tuple[int, ...] = ()
    for since, allowed in IF_ARGUMENT_COUNTS.items():
        if is_at_least(version, since):
            counts = allowed
    return counts
