"""3xxx: a resource's ``properties`` and ``update_policy`` against a schema, value by value.

Heat validates each resource's ``properties`` and ``update_policy`` against its type's schema
(``Resource.validate_template``, ``Properties.validate``); a template resource's schema is its template's
parameters (``template_resources``). :class:`PropertyChecker` walks a mapping as ``Properties.validate`` does:
unknown and missing keys, support status, and each literal value converted as Heat converts it (described in
``analysis/values/property_values.py``). A value given by a function is not judged, nor anything inside it; only a
``get_param`` of a parameter whose type Heat can never convert to the property's type is (a
``comma_delimited_list`` into a String), and an ``if`` both of whose branches are literals of the wrong type.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from ....document import Mapping, Node, QuickFix, Scalar, Sequence
from ....document.nodes import walk
from ....spec.resource_types import PropertySchema, ResourceType, SupportStatus
from ...codes import define
from ...model.required_properties import ParameterIndex, parameter_index, value_options
from ...model.resource_kinds import resource_kinds
from ...model.template import FunctionCall, TemplateModel
from ...report import AT_VALIDATE, Needs, Reporter, span_of_key_line
from ...stack.dependencies import disabled_resources
from ...suggest import did_you_mean
from ...values.property_values import (
    UNKNOWN,
    Rejected,
    constraints_problem,
    container_problem,
    convert_scalar,
    null_value,
    value_problem,
)
from ..phases import MODEL
from ._release_words import newer_property

E3016 = define(
    "E3016",
    "A property the resource type does not have (in nested maps and list items too).",
    "resources:\n  volume:\n    type: OS::Cinder::Volume\n    properties:\n      sise: 10",
    "resources",
    slug="unknown-property",
    why="Heat validates properties against the type's schema: 'Unknown Property sise'.",
    instead="      size: 10",
    heat_step="stack validate",
    phase=MODEL.name,
    safe_fix="spelling",
)
E3017 = define(
    "E3017",
    "A required property is missing (in nested maps and list items too).",
    "resources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      name: web",
    "resources",
    slug="missing-required-property",
    why="A required property without a default must be given: 'Property network not assigned'.",
    instead="    properties:\n      network: private",
    heat_step="stack validate",
    phase=MODEL.name,
)
E3018 = define(
    "E3018",
    "A property value of a type Heat cannot convert to the property's (`count: many`, a list for a string).",
    "resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: many\n"
    "      resource_def: {type: OS::Heat::None}",
    "resources",
    slug="property-wrong-type",
    why="Heat converts each value to the property's type: 'many' is no integer, so validation fails with the "
    "conversion's message (Value 'many' is not an integer).",
    instead="      count: 2",
    heat_step="stack validate",
    phase=MODEL.name,
)
E3019 = define(
    "E3019",
    "A property value outside the property's allowed values, range, length or pattern.",
    "resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: -1\n"
    "      resource_def: {type: OS::Heat::None}",
    "resources",
    slug="property-out-of-range",
    why="Heat checks each literal value against the property's constraints (allowed values, range, length, "
    "pattern) when it validates the resource: a value outside them fails the stack with the constraint's "
    "message.",
    instead="      count: 1",
    heat_step="stack validate",
    phase=MODEL.name,
)
W3021 = define(
    "W3021",
    "A deprecated, hidden or unsupported property (the replacement is named when there is one).",
    "resources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private",
    "resources",
    slug="deprecated-property",
    why="The property is deprecated or hidden: Heat translates or ignores it today and may refuse it later.",
    instead="      network: private  # the replacement the message names",
    heat_step="none: Heat's support status",
    phase=MODEL.name,
)
E3023 = define(
    "E3023",
    "An `update_policy` the resource type refuses: an unknown key, or a value of the wrong type or out of range.",
    "resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n"
    "      resource_def: {type: OS::Heat::None}\n    update_policy:\n      rolling_updates: {max_batch_size: 2}",
    "resources",
    slug="bad-update-policy",
    why="Heat validates update_policy against the type's own schema: an unknown key or a bad value fails like "
    "a property ('Unknown Property rolling_updates').",
    instead="    update_policy:\n      rolling_update: {max_batch_size: 2}",
    heat_step="stack validate",
    phase=MODEL.name,
)
E3024 = define(
    "E3024",
    "A property Heat declares but has not implemented: any value for it is refused.",
    "resources:\n  vpc:\n    type: AWS::EC2::VPC\n    properties:\n      CidrBlock: 10.0.0.0/16\n"
    "      InstanceTenancy: default",
    "resources",
    slug="unimplemented-property",
    why="Heat declares the property for compatibility but refuses any value for it: 'Property InstanceTenancy "
    "not implemented yet'.",
    instead="(leave the property out)",
    heat_step="stack validate",
    phase=MODEL.name,
)

# Said after a finding in a resource whose condition is always false (its severity is lowered to a warning).
DISABLED_NOTE = " Heat ignores it only because this resource's `condition` is always false."
_USE_PROPERTY = re.compile(r"\b[Uu]se (?:the )?property ['`\"]?([A-Za-z_][\w:-]*)")
_SCALAR_KINDS = ("String", "Integer", "Number", "Boolean")
_LONGEST_SHOWN = 160  # characters of a refused value's message
_STATUS_WORDS = {
    "DEPRECATED": "deprecated",
    "HIDDEN": "hidden",
    "UNSUPPORTED": "unsupported",
    "UNKNOWN": "of unknown status",
}
# What to write instead, per property type, after Heat's message.
_TYPE_ADVICE = {
    "String": "write a string (quote it)",
    "Integer": "write a whole number",
    "Number": "write a number",
    "Boolean": "write true or false",
    "Map": "write a mapping (key: value)",
    "List": "write a YAML list ([a, b] or one `- item` per line)",
}
# Python kinds a get_param of each parameter type gives, and those each property type takes (possibly: a string
# may or may not convert to a number). A parameter whose kinds a property never takes is an error whatever its value;
# json gives any JSON value, so it is never judged.
_PARAMETER_GIVES = {
    "string": ("str",),
    "number": ("int", "float"),
    "boolean": ("bool",),
    "comma_delimited_list": ("list",),
}
_PROPERTY_TAKES = {
    "String": {"str", "bool", "int"},
    "Integer": {"str", "int", "float", "bool"},
    "Number": {"str", "int", "float", "bool"},
    "Boolean": {"str", "bool"},
    "Map": {"dict"},
    "List": {"list"},
}
_LENIENT_TAKES = {"Map": {"dict", "str", "list"}, "List": {"list", "str"}}
_PARAMETER_GIVES_SAID = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean",
    "comma_delimited_list": "a list",
}


@dataclass(frozen=True, slots=True)
class Section:
    """The codes of one part of a resource checked against a schema."""

    name: str  # 'properties' or 'update_policy'
    unknown: str
    missing: str
    wrong_type: str
    constraint: str


PROPERTIES = Section("properties", E3016, E3017, E3018, E3019)
UPDATE_POLICY = Section("update_policy", E3023, E3023, E3023, E3023)


class PropertyChecker:
    """Checks the resources of one template against schemas: properties and update_policy, value by value.
    Subclasses say where the schema comes from (a resource type, a template's parameters)."""

    def __init__(self, model: TemplateModel, report: Reporter) -> None:
        self.model = model
        self.report = report
        self.catalogue = model.resource_types()
        # Mappings written like a call that Heat reads as data (a misspelt or too new function name...).
        self.look_alikes = {id(look.node): look for look in model.look_alikes}
        self.disabled = disabled_resources(model)
        # The type of each parameter a get_param named, as judging the entry read it (see :meth:`still`).
        self.reads: dict[object, object] = {}
        self._parameters: ParameterIndex | None = None  # for the values E3017's fix writes
        # Per resource being checked:
        self.name = ""
        self.rtype: ResourceType | None = None
        self.lenient = False
        self.severity = 0
        self.note = ""

    def still(self, reads: tuple[tuple[object, object], ...]) -> bool:
        """Whether the parameters an entry's judging read (``reads``, from :attr:`reads`) have those types still."""
        parameters = self.model.parameters
        for name, then in reads:
            if not isinstance(name, str):
                continue  # (a subclass's own reads: it checks them)
            entry = parameters.get(name)
            now = entry.scalar("type") if entry is not None else None
            if type(now) is not type(then) or now != then:
                return False
        return True

    # -- reporting -----------------------------------------------------------------------------------------

    def error(
        self,
        code: str,
        at: Node | tuple[int, int],
        message: str,
        data: QuickFix | None = None,
        needs: Needs = AT_VALIDATE,
    ) -> None:
        """An error of the resource being checked: a warning when Heat leaves the resource out; Heat meets it
        when it validates the resource (so not in a placeholder, nor in an `if` branch it does not take)."""
        self.report(code, at, message + self.note, data=data, severity=self.severity, needs=needs)

    def place(self, path: str) -> str:
        return f"resource `{self.name}`, {path}"

    # How messages name what the schema belongs to, and its entries (a template resource: its template, parameters).
    nouns = ("property", "properties")

    def subject(self) -> str:
        return f"`{self.type_name}`"

    # -- properties and update_policy ---------------------------------------------------------------------

    def properties(self, body: Mapping, type_node: Scalar, rtype: ResourceType) -> None:
        pair = body.pair("properties")
        if pair is None:
            self.missing(PROPERTIES, rtype.properties, [], type_node, "properties")
            return
        value = pair.value  # `properties:` with no value is E3013's: Heat wants an object
        if isinstance(value, Mapping) and not self.is_function(value):
            self.mapping(PROPERTIES, rtype.properties, value, type_node, "properties")

    def update_policy(self, body: Mapping, rtype: ResourceType) -> None:
        pair = body.pair("update_policy")
        if pair is None or not isinstance(pair.value, Mapping) or self.is_function(pair.value):
            return
        assert rtype.update_policy is not None
        self.mapping(UPDATE_POLICY, rtype.update_policy, pair.value, pair.key, "update_policy")

    def mapping(
        self,
        section: Section,
        schema: dict[str, PropertySchema],
        node: Mapping,
        anchor: Node | tuple[int, int],
        path: str,
    ) -> dict[str, Any]:
        """Check a mapping against a schema the way ``Properties.validate`` does; the converted values by name."""
        converted: dict[str, Any] = {}
        renamed = False  # an old name given: Heat's translation rules may fill a required new one from it
        given = [k for k in node if isinstance(k, str)]
        # A misspelt required property is one mistake: reported once, as the unknown key whose fix renames it.
        required = set(_missing_names(schema, given))
        for pair in node.entries():
            key = pair.key_value
            prop = schema.get(key) if isinstance(key, str) else None
            if prop is None:
                meant = self.unknown_property(section, schema, pair.key, path, required)
                if meant:
                    required.discard(meant)
                    given.append(meant)
                continue
            where = f"{path}.{key}"
            if prop.support_status.status != "SUPPORTED":
                renamed = True
                self.property_status(prop, pair.key, schema, where)
            if not prop.implemented:
                self.not_implemented(pair.key, key, where)
                continue
            converted[key] = self.value(section, prop, pair.value, where, pair.key)
        if not renamed:
            self.missing(section, schema, given, anchor, path)
        return {name: converted.get(name, UNKNOWN) for name in schema}

    def unknown_property(
        self,
        section: Section,
        schema: dict[str, PropertySchema],
        key_node: Node,
        path: str,
        required: AbstractSet[str] = frozenset(),
    ) -> str | None:
        """Report an unknown key; the required property it is a misspelling of (its rename fixes both), if any."""
        key = key_node.value if isinstance(key_node, Scalar) else None
        shown = str(key) if key is not None else "?"
        names = [n for n, p in schema.items() if not p.support_status.hidden]
        suggestions = close_names(shown, names, schema) if isinstance(key, str) else []
        meant = suggestions[0] if suggestions and suggestions[0] in required else None
        if meant:
            hint = f" Did you mean `{meant}`? It is required and not given here."
        elif suggestions:
            hint = f" Did you mean `{suggestions[0]}`?"
        elif not names:
            hint = " It takes none."
        elif len(names) <= 10:
            hint = f" It takes: {', '.join(sorted(names))}."
        else:
            hint = ""
        newer = newer_property(self.rtype, path, shown) if isinstance(key, str) else None
        if newer:  # not a misspelling: a newer Heat release has it, the chosen one lacks it (removing it is the fix)
            hint, suggestions, meant = newer, [], None
        what = self.subject() if path in ("properties", "update_policy") else f"`{path}`"
        noun = "update_policy key" if section is UPDATE_POLICY and path == "update_policy" else self.nouns[0]
        self.error(
            section.unknown,
            key_node,
            f"Unknown Property {shown} ({self.place(path)}): {what} has no {noun} `{shown}`.{hint}",
            # A misspelt required property is renamed to it alone: another name would leave it missing (E3017).
            data=QuickFix(suggestions=[meant] if meant else suggestions) if suggestions else QuickFix(fix="remove_key"),
        )
        return meant

    @property
    def type_name(self) -> str:
        return self.rtype.name if self.rtype is not None else "?"

    def missing(
        self,
        section: Section,
        schema: dict[str, PropertySchema],
        given: list[str],
        anchor: Node | tuple[int, int],
        path: str,
    ) -> None:
        missing = _missing_names(schema, given)
        if not missing:
            return
        listed = ", ".join(f"`{n}`" for n in missing)
        where = self.subject() if path in ("properties", "update_policy") else f"`{path}`"
        plural = self.nouns[len(missing) > 1]
        data = self.missing_fix(schema, missing, anchor, path)
        self.error(
            section.missing,
            anchor,
            f"Property {missing[0]} not assigned ({self.place(path)}): {where} requires the {plural} {listed}.",
            data=data,
        )

    def missing_fix(
        self, schema: dict[str, PropertySchema], missing: list[str], anchor: Node | tuple[int, int], path: str
    ) -> QuickFix | None:
        """Add the missing keys, each with what completion's skeleton would write first: into ``properties``
        beside the type the diagnostic covers (made when absent), or into the map of the key it covers."""
        if not isinstance(anchor, Scalar):
            return None  # a list item's map: no key to find it by
        if self._parameters is None:
            self._parameters = parameter_index((n, e.value) for n, e in self.model.parameters.items())
        kinds = self.model.derive(resource_kinds)  # `network` given the template's one Net: {get_resource: net}
        values = [value_options(schema[n], self._parameters, kinds=kinds, own=self.name)[0] for n in missing]
        return QuickFix(
            fix="add_keys", key="properties" if path == "properties" else None, missing=missing, values=values
        )

    def property_status(
        self, prop: PropertySchema, key_node: Node, schema: dict[str, PropertySchema], path: str
    ) -> None:
        replacement = _replacement_property(prop.support_status, schema)
        said = status_said(prop.support_status)
        use = f" Use `{replacement}` instead." if replacement and replacement not in said else ""
        self.report(
            W3021,
            key_node,
            f"Property `{prop.name}` ({self.place(path)}) is {said}.{use}",
            data=QuickFix(suggestions=[replacement]) if replacement else None,
        )

    def not_implemented(self, key_node: Node | tuple[int, int], name: str, path: str) -> None:
        self.error(
            E3024,
            key_node,
            f"Property {name} not implemented yet ({self.place(path)}): Heat declares it for compatibility but "
            "refuses any value for it. Remove it.",
            data=QuickFix(fix="remove_key"),
        )

    # -- one value ---------------------------------------------------------------------------------------------

    def is_function(self, node: Node) -> bool:
        """A call Heat parses (a mapping only written like one is data to Heat, and judged as data here)."""
        return isinstance(node, Mapping) and self.model.call_at(node) is not None

    def value(self, section: Section, prop: PropertySchema, node: Node, path: str, key: Node | None) -> Any:
        """Check one value against its schema; its converted form (UNKNOWN when a function decides it)."""
        if isinstance(node, Mapping):
            call = self.model.call_at(node)
            if call is not None:
                self.function_value(section, prop, call, path)
                return UNKNOWN
        if isinstance(node, Scalar) and node.value is None:
            return self.null(section, prop, node, path, key)
        kind = prop.type
        if kind == "Any":
            return UNKNOWN
        if kind in _SCALAR_KINDS:
            return self.scalar(section, prop, node, path)
        problem = self.type_problem(prop, node)
        if problem is not None:
            self.wrong_type(section, prop, node, path, problem)
            return UNKNOWN
        if kind == "List":
            if not isinstance(node, Sequence):
                return UNKNOWN  # a string a template resource splits on commas
            converted = self.items(section, prop, node, path)
        elif not isinstance(node, Mapping):
            return UNKNOWN  # a string or a list a template resource takes as JSON
        elif prop.schema is not None:
            anchor: Node | tuple[int, int] = key if isinstance(key, Scalar) else span_of_key_line(self.model, node)
            converted = self.mapping(section, prop.schema, node, anchor, path)
        elif prop.constraints:
            converted = _literal(node, self.model)
        else:
            return UNKNOWN
        self.constraints(section, prop, converted, node, path, key)
        return converted

    def scalar(self, section: Section, prop: PropertySchema, node: Node, path: str) -> Any:
        if not isinstance(node, Scalar):
            self.wrong_type(section, prop, node, path, _refusal(prop.type, node, self.lenient, self.model))
            return UNKNOWN
        try:
            converted = convert_scalar(prop.type, node.value)
        except Rejected as problem:
            self.wrong_type(section, prop, node, path, str(problem))
            return UNKNOWN
        self.constraints(section, prop, converted, node, path, None)
        return converted

    def items(self, section: Section, prop: PropertySchema, node: Sequence, path: str) -> Any:
        item = prop.schema.get("*") if prop.schema is not None else None
        if item is None:
            return _literal(node, self.model) if prop.constraints else UNKNOWN
        if not item.implemented and node.items:
            self.not_implemented(span_of_key_line(self.model, node.items[0]), "0", f"{path}[0]")
            return UNKNOWN
        converted = [self.value(section, item, child, f"{path}[{i}]", None) for i, child in enumerate(node.items)]
        return UNKNOWN if any(c is UNKNOWN for c in converted) else converted

    def null(self, section: Section, prop: PropertySchema, node: Scalar, path: str, key: Node | None) -> Any:
        """Heat gives a null property its default, or the type's empty value, and checks that."""
        replaced = null_value(prop)
        problem = value_problem(prop, replaced, self.lenient) if replaced is not None else None
        if problem is not None:
            code = section.missing if problem.endswith(" not assigned") else section.constraint
            shown = "the default" if prop.default is not None else "an empty value"
            self.error(
                code,
                key if isinstance(key, Scalar) else node,
                f'{problem} ({self.place(path)}): a null value is not "not given" to Heat; it takes {shown} '
                f"({_json(replaced)}), which `{prop.name}` refuses. Give a value or remove the key.",
            )
        return UNKNOWN

    def constraints(
        self, section: Section, prop: PropertySchema, converted: Any, node: Node, path: str, key: Node | None
    ) -> None:
        problem = constraints_problem(prop, converted)
        if problem is None:
            return
        at: Node | tuple[int, int] = node
        if not isinstance(node, Scalar):
            at = key if isinstance(key, Scalar) else span_of_key_line(self.model, node)
        allowed = _allowed_values(prop)
        data = (
            QuickFix(suggestions=did_you_mean(str(converted), allowed, 3))
            if allowed and isinstance(node, Scalar)
            else None
        )
        self.error(
            section.constraint,
            at,
            f"{problem} ({self.place(path)}).",
            data=data if data is not None and data.suggestions else None,
        )

    def wrong_type(self, section: Section, prop: PropertySchema, node: Node, path: str, problem: str) -> None:
        at: Node | tuple[int, int] = node if isinstance(node, Scalar) else span_of_key_line(self.model, node)
        look = self.look_alikes.get(id(node))
        advice = _TYPE_ADVICE.get(prop.type, "change the value")
        if look is not None:
            # Heat keeps a mapping that only looks like a call as data, and the property refuses that data.
            advice = f"`{look.name}` is no function here, so Heat passes the mapping itself (see the finding on it)"
        self.error(
            section.wrong_type,
            at,
            f"{problem} ({self.place(path)}): `{_label(prop, path)}` is a {prop.type} {self.nouns[0]}; {advice}.",
        )

    def function_value(self, section: Section, prop: PropertySchema, call: FunctionCall, path: str) -> None:
        if call.name == "get_param":
            self.parameter_value(section, prop, call, path)
        elif call.name == "if":
            self.if_value(section, prop, call, path)

    def parameter_value(self, section: Section, prop: PropertySchema, call: FunctionCall, path: str) -> None:
        """A parameter whose every value Heat refuses for this property (its type decides what get_param gives)."""
        args = call.args
        if not (isinstance(args, Scalar) and isinstance(args.value, str)):
            return  # a path into the parameter gives a part of it: not judged
        entry = self.model.parameters.get(args.value)
        param_type = entry.scalar("type") if entry is not None else None
        self.reads[args.value] = param_type
        if not isinstance(param_type, str):
            return
        gives = _PARAMETER_GIVES.get(param_type)
        if gives is None or prop.type == "Any":
            return
        takes = (_LENIENT_TAKES if self.lenient else {}).get(prop.type) or _PROPERTY_TAKES[prop.type]
        if takes.intersection(gives):
            return
        self.error(
            section.wrong_type,
            call.node if call.node.flow else call.key,
            f"Parameter `{args.value}` is a {param_type}, so get_param gives {_PARAMETER_GIVES_SAID[param_type]}, "
            f"which Heat never takes for `{_label(prop, path)}`, a {prop.type} {self.nouns[0]} ({self.place(path)}). "
            f"Change the parameter's type, or convert its value.",
        )

    def if_value(self, section: Section, prop: PropertySchema, call: FunctionCall, path: str) -> None:
        """Both branches literals of a type the property refuses: an error whichever way the condition goes."""
        args = call.args
        if not isinstance(args, Sequence) or len(args.items) != 3 or prop.type == "Any":
            return
        problems = [self.type_problem(prop, branch) for branch in args.items[1:]]
        if not all(problems):
            return
        self.error(
            section.wrong_type,
            call.key,
            f"Both branches of this `if` give a value Heat refuses for `{_label(prop, path)}`, a {prop.type} "
            f"{self.nouns[0]} ({self.place(path)}): {problems[0]}; {problems[1]}.",
        )

    def type_problem(self, prop: PropertySchema, node: Node) -> str | None:
        """Heat's refusal of a literal's type (not of its content); None for functions, nulls and accepted values."""
        if self.is_function(node) or (isinstance(node, Scalar) and node.value is None):
            return None
        if prop.type in _SCALAR_KINDS:
            if not isinstance(node, Scalar):
                return _refusal(prop.type, node, self.lenient, self.model)
            try:
                convert_scalar(prop.type, node.value)
            except Rejected as problem:
                return str(problem)
            return None
        if isinstance(node, Scalar):
            return container_problem(prop.type, node.value, self.lenient)
        shape: Any = [] if isinstance(node, Sequence) else {}
        if container_problem(prop.type, shape, self.lenient) is None:
            return None
        return _refusal(prop.type, node, self.lenient, self.model)


# -- helpers ------------------------------------------------------------------------------------------------


def close_names(name: str, visible: list[str], every: Iterable[str]) -> list[str]:
    """Close names, visible ones first; a hidden one when nothing visible is close, or alone when it is plainly
    the name meant (an old name Heat still resolves: renaming it to a visible one would read something else)."""
    every = list(every)
    meant = did_you_mean(name, every, 1, cutoff=_PLAINLY)
    if meant and meant[0] not in visible and not did_you_mean(name, visible, 1, cutoff=_PLAINLY):
        return meant
    return did_you_mean(name, visible, 3) or did_you_mean(name, every, 3)


_PLAINLY = 0.85  # similarity of a misspelling to the one name it can only be (firsst_address: first_address)


def status_said(status: SupportStatus) -> str:
    word = _STATUS_WORDS.get(status.status, status.status.lower())
    since = f" since Heat {status.version.strip()}" if status.version else ""
    message = f": {status.message.strip().rstrip('.')}" if status.message and status.message.strip() else ""
    return f"{word}{since}{message}"


def _label(prop: PropertySchema, path: str) -> str:
    """How a message names a property: its name, or for a list item its place (`fixed_ips[1]`)."""
    return prop.name if prop.name != "*" else path.rsplit(".", 1)[-1]


def _replacement_property(status: SupportStatus, schema: dict[str, PropertySchema]) -> str | None:
    """The property a status message points to ('Use property subnet.'), when the schema has it."""
    current: SupportStatus | None = status
    while current is not None:
        found = _USE_PROPERTY.search(current.message or "")
        if found and found.group(1).rstrip(".") in schema:
            return found.group(1).rstrip(".")
        current = current.previous
    return None


def _allowed_values(prop: PropertySchema) -> list[str]:
    for constraint in prop.constraints:
        values = constraint.get("allowed_values")
        if isinstance(values, list):
            return [str(v) for v in values]
    return []


def _literal(node: Node, model: TemplateModel) -> Any:
    """Plain data as Python, or UNKNOWN when something inside is a function call."""
    for inner in walk(node):
        if isinstance(inner, Mapping) and model.call_at(inner) is not None:
            return UNKNOWN
    try:
        return node.to_python()
    except Exception:  # noqa: BLE001 - unhashable keys and the like: not judged
        return UNKNOWN


def _refusal(kind: str, node: Node, lenient: bool, model: TemplateModel) -> str:
    """Heat's refusal of a list or a mapping for a property of ``kind`` (shortened when long)."""
    value = _literal(node, model)
    message = None
    if value is not UNKNOWN:
        try:
            message = container_problem(kind, value, lenient) if kind in ("Map", "List") else None
            if kind in _SCALAR_KINDS:
                convert_scalar(kind, value)
        except Rejected as problem:
            message = str(problem)
    if message is None:
        what = "list" if isinstance(node, Sequence) else "dict"
        message = {
            "String": f"Value must be a string; got a {what}",
            "Boolean": f"a {what} is not a valid boolean",
            "Map": "a list is not a map",
            "List": "a mapping is not a list",
        }.get(kind, f"int() argument must be a string, a bytes-like object or a real number, not '{what}'")
    return message if len(message) <= _LONGEST_SHOWN else message[: _LONGEST_SHOWN - 1] + "…"


def _json(value: Any) -> str:

    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _missing_names(schema: dict[str, PropertySchema], given: list[str]) -> list[str]:
    # Heat: a property with a default is never "not assigned", even when required.
    return [n for n, p in schema.items() if p.required and p.default is None and n not in given]
