"""The properties a resource must be given, and what to write for each one that is not.

A property is required when Heat would say "Property X not assigned" without it: required and with no default
(a template resource's: its child's parameters without a default, see ``template_interface``). What to write: a
``get_param`` of each of the template's parameters that fits the property (same name, or the same custom
constraint, or a name built on the property's, and a type Heat converts to the property's), a ``get_resource``
of the template's one resource of the kind the property is named after (``resource_kinds``), then an empty value of
the property's type (``[]``, ``{}``, ``''``, ``0``, ``false``, or the first allowed value or the range's bound), or
an example its constraints take where they refuse the empty one (``example_values``).

Completion's resource skeletons and E3017's quick fix both write these, so a skeleton and a fix agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass

from ...document import Mapping as MappingNode
from ...document import Node, Scalar, Sequence
from ...spec.resource_types import PropertySchema
from ..wording import yaml_text
from .example_values import Alternatives, Path, flow_text, is_required, starting_value
from .resource_kinds import ResourceKinds

# The parameter types Heat converts to each property type (``TemplateResource``/``Parameter`` conversions).
_FITTING_TYPES: dict[str, frozenset[str]] = {
    "String": frozenset({"string", "number"}),
    "Integer": frozenset({"number"}),
    "Number": frozenset({"number"}),
    "Boolean": frozenset({"boolean"}),
    "List": frozenset({"comma_delimited_list", "json"}),
    "Map": frozenset({"json"}),
    "Any": frozenset({"string", "number", "boolean", "comma_delimited_list", "json"}),
}
_MAX_PARAMETERS = 4  # get_param choices offered for one property


@dataclass(frozen=True, slots=True)
class ParameterFacts:
    """What matching a parameter to a property needs: its name, Heat type and custom constraints."""

    name: str
    type: str | None
    custom_constraints: frozenset[str]


def required_properties(properties: Mapping[str, PropertySchema]) -> list[PropertySchema]:
    """The properties Heat refuses to go without, in the schema's order (hidden and unimplemented ones left out)."""
    return [prop for prop in properties.values() if is_required(prop)]


def parameter_index(parameters: Iterable[tuple[str, Node | None]]) -> ParameterIndex:
    """The ``(name, definition)`` pairs a template declares as parameters, indexed for matching properties."""
    found = []
    for name, body in parameters:
        kind: str | None = None
        customs: set[str] = set()
        if isinstance(body, MappingNode):
            type_node = body.get("type")
            kind = type_node.value if isinstance(type_node, Scalar) and isinstance(type_node.value, str) else None
            constraints = body.get("constraints")
            for item in constraints.items if isinstance(constraints, Sequence) else ():
                custom = item.get("custom_constraint") if isinstance(item, MappingNode) else None
                if isinstance(custom, Scalar) and isinstance(custom.value, str):
                    customs.add(custom.value)
        found.append(ParameterFacts(name, kind, frozenset(customs)))
    return ParameterIndex(found)


class ParameterIndex:
    """A template's parameters looked up by name, custom constraint and the names built on a name (``network``:
    ``private_network``, ``network_id``), so matching many properties costs little."""

    def __init__(self, parameters: Iterable[ParameterFacts]) -> None:
        self.exact: dict[str, list[tuple[int, ParameterFacts]]] = {}
        self.constrained: dict[str, list[tuple[int, ParameterFacts]]] = {}
        self.built_on: dict[str, list[tuple[int, ParameterFacts]]] = {}
        for index, parameter in enumerate(parameters):
            own = parameter.name.lower()
            self.exact.setdefault(own, []).append((index, parameter))
            for custom in parameter.custom_constraints:
                self.constrained.setdefault(custom, []).append((index, parameter))
            parts = own.split("_")
            for cut in range(1, len(parts)):
                self.built_on.setdefault("_".join(parts[:cut]), []).append((index, parameter))
                self.built_on.setdefault("_".join(parts[cut:]), []).append((index, parameter))
        self._memo: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}

    def fitting(self, prop: PropertySchema) -> list[str]:
        """Names of the parameters that may give ``prop`` its value, the likeliest first."""
        wanted = tuple(
            sorted(c["custom_constraint"] for c in prop.constraints if isinstance(c.get("custom_constraint"), str))
        )
        key = (prop.name.lower(), prop.type, wanted)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._fitting(*key)
        return found

    def _fitting(self, name: str, kind: str, wanted: tuple[str, ...]) -> list[str]:
        fitting = _FITTING_TYPES.get(kind, frozenset())
        ranked: dict[str, tuple[int, int]] = {}
        candidates = [(0, self.exact.get(name, []))]
        candidates += [(1, self.constrained.get(custom, [])) for custom in wanted]
        candidates.append((2, self.built_on.get(name, [])))
        for rank, found in candidates:
            for index, parameter in found:
                if parameter.type is not None and parameter.type not in fitting:
                    continue
                if parameter.name not in ranked or ranked[parameter.name] > (rank, index):
                    ranked[parameter.name] = (rank, index)
        return sorted(ranked, key=lambda n: ranked[n])[:_MAX_PARAMETERS]


def value_options(
    prop: PropertySchema,
    parameters: ParameterIndex,
    wants: Seq[Alternatives] = (),
    path: Path = (),
    kinds: ResourceKinds | None = None,
    own: str | None = None,
) -> list[str]:
    """What may be written for ``prop`` (a key of the map at ``path``), best first: ``{get_param: NAME}`` for each
    fitting parameter, ``{get_resource: NAME}`` of the one resource (not ``own``) of the kind a text property is
    named after (``kinds``), then a value its schema and the type's checks (``wants``) take (``example_values``)."""
    fitting = [f"{{get_param: {yaml_text(name)}}}" for name in parameters.fitting(prop)]
    named = kinds.named_by(prop.name, own) if kinds is not None and prop.type in ("String", "Any") else None
    if named is not None:
        fitting.append(f"{{get_resource: {yaml_text(named)}}}")
    return [*fitting, flow_text(starting_value(prop, wants, path))]
