"""Which names a reference's quick fix may write (issue 29's fix round trip): only those that leave no new
error behind and keep what was evidently meant."""

from __future__ import annotations

from ....document import Scalar, Sequence
from ...model.template import FunctionCall, TemplateModel, Where
from ...suggest import did_you_mean

CERTAIN = 0.75  # did-you-mean's similarity above which a name is taken for a misspelling of another


def plain_misspellings(name: str, suggestions: list[str]) -> list[str]:
    """The suggestions ``name`` plainly misspells: another name merely like it (`num_instances` for
    `instance_type`) reads a value of another kind; declaring the name is the fix then."""
    return [s for s in suggestions if did_you_mean(name, [s], 1, cutoff=CERTAIN)]


def resource_candidates(model: TemplateModel, where: Where, call: FunctionCall | None) -> list[str]:
    """The resources a reference may be renamed to: never the one it is in (naming itself is a dependency on
    itself, E3006), and for get_attr only those with the attribute read (else E3022)."""
    return [
        name
        for name in model.resources
        if not (where.section == "resources" and name == where.entry) and _has_attribute(model, name, call)
    ]


def _has_attribute(model: TemplateModel, resource: str, call: FunctionCall | None) -> bool:
    """Whether ``resource`` has the attribute get_attr ``call`` reads (True when that is not known here): naming
    one that has not would trade this error for E3022."""
    if call is None or call.name != "get_attr" or not isinstance(call.args, Sequence) or len(call.args.items) < 2:
        return True
    attribute, type_name = call.args.items[1], model.resources[resource].scalar("type")
    if not (isinstance(attribute, Scalar) and isinstance(attribute.value, str) and isinstance(type_name, str)):
        return True
    _, rtype = model.resolve_type(type_name, resource)
    return rtype is None or rtype.any_attribute or attribute.value in rtype.attributes
