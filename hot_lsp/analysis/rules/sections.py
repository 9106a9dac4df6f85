"""1xxx: top-level sections: known, valid for the version, right shape."""

from __future__ import annotations

from ... import spec
from ...document import Mapping, Node, QuickFix, Scalar, Sequence
from ..codes import define
from ..model import TemplateModel
from ..report import Reporter
from ..suggest import did_you_mean

E1001 = define(
    "E1001",
    "An unknown top-level section (CFN spellings are named).",
    "Resources:\n  r: {type: OS::Heat::None}",
    "sections",
)
E1002 = define(
    "E1002",
    "A section the template's version does not have yet (e.g. conditions before 2016-10-14).",
    "heat_template_version: 2016-04-08\nconditions: {}",
    "sections",
)
E1003 = define(
    "E1003", "A section has the wrong shape (e.g. resources given as a list).", "resources:\n  - r", "sections"
)
W1004 = define(
    "W1004",
    "The `__undefined__` section: Heat accepts it only as an accident of its CFN support.",
    "__undefined__: {}",
    "sections",
)

# The shape each section must have: the YAML tags that are accepted (null = empty section).
_SHAPES: dict[str, tuple[tuple[type, ...], str]] = {
    "parameters": ((Mapping,), "a mapping of parameter names to definitions"),
    "resources": ((Mapping,), "a mapping of resource names to definitions"),
    "outputs": ((Mapping,), "a mapping of output names to definitions"),
    "conditions": ((Mapping,), "a mapping of condition names to definitions"),
    "parameter_groups": ((Sequence,), "a list of groups"),
}


def check(model: TemplateModel, report: Reporter) -> None:
    allowed = spec.sections_for(model.version)
    for pair in model.root.pairs:
        name = pair.key_value
        if not isinstance(name, str):
            shown = pair.key.text if isinstance(pair.key, Scalar) else "a list or mapping"
            report(E1001, pair.key, f"Top-level keys must be section names; {shown!r} is not.")
            continue
        if name in allowed:
            _check_shape(name, pair.value, report)
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
            _check_shape(name, pair.value, report)
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


def _check_shape(name: str, value: Node, report: Reporter) -> None:
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
