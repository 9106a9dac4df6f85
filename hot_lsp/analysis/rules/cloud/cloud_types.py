"""9xxx, the cloud family: a resource type the user's cloud does not offer (only with ``hotLsp.cloud``).

The cloud's catalogue lists what its Heat can make: its release, its plugins, its global environment, minus the
types whose service it lacks (Heat lists those, then refuses to describe them: ``unavailable``). A template that
uses any other type is refused by that cloud (``ResourceTypeUnavailable`` or "could not be found") even when
Heat's own catalogue knows the type. Types that resolve to a template (an environment maps them to one, or a file
name) are the template's business; a type nobody knows is already E3014/W3015; a resource whose condition is always
false is left out by Heat.
"""

from __future__ import annotations

from ....document import Mapping, Scalar
from ...codes import define
from ...stack.dependencies import disabled_resources
from ..context import RuleContext
from ..phases import MODEL

PHASE = MODEL  # (rules/phases.py: when this unit runs)

W9902 = define(
    "W9902",
    "The cloud named by `hotLsp.cloud` does not offer this resource type (not in its catalogue, or its service "
    "is not there), so that cloud refuses the template.",
    "(with `hotLsp.cloud` naming a cloud without Nova: `type: OS::Nova::Server`)",
    area="cloud",
    slug="type-not-offered",
    why="The named cloud's Heat does not offer the type (its service is missing or the plugin is not loaded): "
    "that cloud fails the stack with 'The Resource Type (...) could not be found.'",
    instead="(use a type the cloud offers, or check against another cloud)",
    heat_step="stack validate (on the cloud named)",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    offer = model.cloud_offer
    if offer is None or not isinstance(model.section("resources"), Mapping):
        return
    disabled = disabled_resources(model)
    for name, entry in model.resources.items():
        body = entry.body
        type_node = body.get("type") if body is not None else None
        if name in disabled:
            continue  # Heat leaves it out of the stack (its condition is always false)
        if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str) and type_node.value):
            continue
        written = type_node.value
        kind, rtype = model.resolve_type(written, name)
        if kind == "unknown" or rtype is None or offer.offers(written) or offer.offers(rtype.name):
            continue
        reason = offer.reason(rtype.name) or offer.reason(written)
        shown = written if written == rtype.name else f"{written} (that is, {rtype.name})"
        why = f" ({reason})" if reason else ""
        report(
            W9902,
            type_node,
            f"The cloud '{offer.cloud}' does not offer resource type {shown}{why}; it refuses a template that uses "
            f"it. Use a type that cloud has, or another cloud.",
        )
