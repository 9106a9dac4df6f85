"""1xxx: top-level sections: known, valid for the version, right shape."""

from __future__ import annotations

from .... import spec
from ....document import Mapping, Node, Pair, QuickFix, Scalar, Sequence
from ...codes import define
from ...model.template import TemplateModel
from ...report import Reporter
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E1001 = define(
    "E1001",
    "An unknown top-level section (CFN spellings are named).",
    "Resources:\n  r: {type: OS::Heat::None}",
    "sections",
    slug="unknown-section",
    why="Template.validate checks every top-level key against the version's sections: the stack fails with "
    "'The template section is invalid: Resources' (CloudFormation spellings included).",
    instead="resources:\n  r: {type: OS::Heat::None}",
    heat_step="stack validate",
    phase=PHASE.name,
    safe_fix="spelling",
)
E1002 = define(
    "E1002",
    "A section the template's version does not have yet (e.g. conditions before 2016-10-14).",
    "heat_template_version: 2016-04-08\nconditions: {}",
    "sections",
    slug="section-too-new",
    why="The section exists only from a later version: for this one Heat says 'The template section is "
    "invalid: conditions'.",
    instead="heat_template_version: 2016-10-14\nconditions: {}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E1003 = define(
    "E1003",
    "A section has the wrong shape (e.g. resources given as a list).",
    "resources:\n  - r",
    "sections",
    slug="section-wrong-shape",
    why="Heat reads resources, parameters, outputs and conditions as maps: a list crashes the read of "
    "resources (AttributeError, no friendly message) or gives 'Condition definitions must be a map'.",
    instead="resources:\n  r: {type: OS::Heat::None}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W1004 = define(
    "W1004",
    "The `__undefined__` section: Heat accepts it only as an accident of its CFN support.",
    "__undefined__: {}",
    "sections",
    slug="undefined-section",
    why="Heat maps CloudFormation's Mappings slot to a placeholder named `__undefined__`, so this key is "
    "accepted by accident and means nothing; a later Heat may refuse it.",
    instead="(remove the section)",
    heat_step="none: Heat accepts it by accident",
    phase=PHASE.name,
)

E1005 = define(
    "E1005",
    "A parameter, resource, condition or output name that YAML reads as a boolean, a number or null (`on:`, "
    "`yes:`, `1:`): Heat fails on the name.",
    "conditions:\n  on: true",
    "sections",
    slug="name-not-a-string",
    why="YAML 1.1 reads `on`, `yes`, `1` or `null` as a boolean, a number or null. Heat joins entry names into "
    "dotted paths, so a name that is not a string fails the stack, used or not: 'sequence item 1: expected str "
    "instance, bool found'.",
    instead="conditions:\n  'on': true  # quote the name",
    heat_step="stack validate",
    phase=PHASE.name,
    safe_fix="quote",
)
# The kind of name each section's entries are, and where the model records their uses.
_NAMED: dict[str, tuple[str, str | None]] = {
    "parameters": ("parameter", "parameter"),
    "resources": ("resource", "resource"),
    "conditions": ("condition", "condition"),
    "outputs": ("output", None),
}

# The shape each section must have: the YAML tags that are accepted (null = empty section).
_SHAPES: dict[str, tuple[tuple[type, ...], str]] = {
    "parameters": ((Mapping,), "a mapping of parameter names to definitions"),
    "resources": ((Mapping,), "a mapping of resource names to definitions"),
    "outputs": ((Mapping,), "a mapping of output names to definitions"),
    "conditions": ((Mapping,), "a mapping of condition names to definitions"),
    "parameter_groups": ((Sequence,), "a list of groups"),
}


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    allowed = spec.sections_for(model.version)
    _check_names(model, report)
    for pair in model.root.pairs:
        name = pair.key_value
        if not isinstance(name, str):
            shown = pair.key.text if isinstance(pair.key, Scalar) else "a list or mapping"
            report(E1001, pair.key, f"Top-level keys must be section names; {shown!r} is not.")
            continue
        if name in allowed:
            _check_shape(name, pair, report)
            continue
        if name == spec.UNDEFINED_SECTION:
            report(W1004, pair.key, "Heat accepts `__undefined__` only by accident (a CFN placeholder); remove it.")
            continue
        if name in spec.SECTIONS:
            since = spec.SECTIONS[name]
            report(
                E1002,
                pair.key,
                f"The `{name}` section needs heat_template_version {since} or later; this template is "
                f"{model.version.date}. Heat says: The template section is invalid: {name}.",
                data=QuickFix(fix="raise_version", version=since),
            )
            _check_shape(name, pair, report)
            continue
        report(E1001, pair.key, _unknown_message(name, allowed), data=_unknown_data(name, allowed))


def _unknown_message(name: str, allowed: tuple[str, ...]) -> str:
    hot = spec.CFN_SECTION_SPELLINGS.get(name)
    if hot:
        return f"`{name}` is CloudFormation spelling; HOT calls this section `{hot}`."
    if hot == "":
        return f"`{name}` is a CloudFormation section that HOT does not have."
    near = did_you_mean(name, allowed, 1)
    hint = f" Did you mean `{near[0]}`?" if near else ""
    return f"`{name}` is not a HOT section (Heat: The template section is invalid: {name}).{hint}"


def _unknown_data(name: str, allowed: tuple[str, ...]) -> QuickFix:
    hot = spec.CFN_SECTION_SPELLINGS.get(name)
    if hot:
        return QuickFix(suggestions=[hot])
    return QuickFix(suggestions=did_you_mean(name, allowed, 1))


def _check_names(model: TemplateModel, report: Reporter) -> None:
    """Heat builds dotted paths from entry names ('.'.join): a name that is no string makes it fail, used or not
    (Heat 27.0.1: "sequence item 1: expected str instance, bool found")."""
    for section, (noun, used_as) in _NAMED.items():
        entries = model.root.get(section)
        if not isinstance(entries, Mapping):
            continue
        for pair in entries.pairs:
            key = pair.key
            if not isinstance(key, Scalar) or isinstance(key.value, str):
                continue
            kind = type(key.value).__name__ if key.value is not None else "NoneType"
            said = {"bool": "a boolean", "int": "a number", "float": "a number", "NoneType": "null"}.get(kind, kind)
            uses = [
                (slot.start, slot.end)
                for slot_kind, slot in model.name_slots
                if slot_kind == used_as and slot.style is None and slot.text == key.text
            ]
            also = f" (and {len(uses)} use{'s' if len(uses) > 1 else ''} of it)" if uses else ""
            report(
                E1005,
                key,
                f"YAML reads the {noun} name `{key.text}` as {said}, not a string, and Heat fails on it (Heat: "
                f"expected str instance, {kind} found). Quote it: '{key.text}'{also}.",
                QuickFix(fix="quote", spans=uses),
            )


def _check_shape(name: str, pair: Pair, report: Reporter) -> None:
    value = pair.value
    if name == "conditions" and not isinstance(value, Mapping):
        # Unlike the other sections, an empty conditions section must still be a mapping.
        found = {Scalar: type(value.value).__name__ if isinstance(value, Scalar) else "", Sequence: "list"}
        kind = found.get(type(value)) or "NoneType"
        report(
            E1003,
            value if isinstance(value, Scalar) and value.end > value.start else pair.key,
            f"`conditions` must be a mapping of condition names to definitions (`{{}}` when empty). Heat says: "
            f"Conditions validation error: Condition definitions must be a map. Found a {kind} instead.",
        )
        return
    shape = _SHAPES.get(name)
    if shape is None or _is_empty(value):
        return
    types, wanted = shape
    if not isinstance(value, types):
        got = (
            "a list"
            if isinstance(value, Sequence)
            else "a mapping"
            if isinstance(value, Mapping)
            else repr(value.text if isinstance(value, Scalar) else value)
        )
        report(
            E1003, value if isinstance(value, Scalar) else _first_line(value), f"`{name}` must be {wanted}, not {got}."
        )


def _is_empty(value: Node) -> bool:
    """Heat reads a section with a falsy value (null, '', {}, []) as empty, whatever its type."""
    if isinstance(value, Scalar):
        return not value.value
    return len(value) == 0 if isinstance(value, (Mapping, Sequence)) else False


def _first_line(node: Node) -> tuple[int, int]:
    return node.start, node.start + 1
