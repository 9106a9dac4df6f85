"""3xxx and 7xxx across files: template resources checked against their templates.

A resource whose type is a template file (``type: server.yaml``, beside this template) or that the registry in
effect maps to one (``hotLsp.environments``, ``--env``) is a template resource (heat-27-facts.md §7). Heat makes
its properties from the template's parameters and its attributes from the template's outputs, and checks them as
it checks any resource's, so the findings carry the resource codes (one ``--disable`` covers both):

* E3016 a property the template has no parameter for (Heat: Unknown Property b);
* E3017 a parameter with no default that the resource does not pass (Heat: Property a not assigned). Heat
  applies the environments' ``parameter_defaults`` first, so it is an error when the environments in effect are
  known and none gives it, and a warning when none is configured;
* E3018 and E3019 a literal of a type Heat cannot convert to the parameter's, or outside its constraints;
* E3022 ``get_attr`` of an output the template does not have (besides ``show`` and ``resource.<name>``: Heat
  fails when the attribute is read).

Group members are checked the same way: ``OS::Heat::ResourceGroup``'s ``resource_def`` and
``OS::Heat::AutoScalingGroup``'s ``resource``; a ``get_attr`` of a group attribute that reads the members' one
(``[group, out]``, ``resource.0.out``, ``outputs``...) must name an attribute the member has. A group of no
members (a literal count of 0) creates none, so it is left alone. Values that contain the ResourceGroup's
``index_var`` are judged for member ``"0"`` (the index replaced by 0; every group with members has it).

Only one level is checked: this template against its children's interfaces; a child gets its own diagnostics
when it is checked. A template file that is not there is W7012 (a warning: TripleO renders ``*.j2.yaml`` at
deploy time, and trees reference files installed elsewhere).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ....document import WARNING, Mapping, Node, QuickFix, Scalar, Sequence
from ....document.nodes import walk
from ....spec.nested_stacks import GROUPS, GroupType
from ....spec.resource_types import PropertySchema, ResourceType
from ...codes import define
from ...entry_findings import Reads, judge_entry
from ...files.cross_file import CrossFile
from ...files.template_resources import (
    NESTED_RESOURCE_PREFIX,
    ChildTemplate,
    hot_types,
    template_interface,
    with_parameter_defaults,
)
from ...model.registry import Resolution
from ...model.template import Entry, EntryMemo, TemplateModel
from ...report import AT_RESOLVE, AT_VALIDATE, Reporter
from ...result import Analysis
from ...stack.dependencies import if_branches, is_external
from ...suggest import did_you_mean
from ...values.property_values import UNKNOWN
from ...wording import yaml_text
from ..context import RuleContext
from ..environment.environment_files import rendered_from
from ..phases import CROSS_FILE
from ..resources.properties import DISABLED_NOTE, PropertyChecker, Section
from ..resources.types import E3022

PHASE = CROSS_FILE  # (rules/phases.py: when this unit runs)

W7012 = define(
    "W7012",
    "A template resource whose template file does not exist (the path looked for is named): a `type:` file name "
    "is taken from the template's folder, a registry entry's file from its environment file's folder.",
    "resources:\n  web:\n    type: missing_server.yaml",
    "cross_file",
    slug="template-file-missing",
    why="python-heatclient reads a template resource's file before it sends the stack: a missing file stops "
    "the request ('Could not fetch contents for the file').",
    instead="    type: server.yaml  # a file next to this template",
    heat_step="client (python-heatclient, before the request)",
    phase=PHASE.name,
)
E7021 = define(
    "E7021",
    "Once the stack's environments are given (--env, environments, hotLsp.environments): a template resource or "
    "group member whose template file does not exist. python-heatclient reads every `type:` file before it "
    "sends the stack, relative to the template that names it.",
    "(resources:\n  web:\n    type: missing_server.yaml\n\nchecked with --env env.yaml)",
    "cross_file",
    slug="template-file-unreadable",
    why="python-heatclient fetches each `type:` value ending in .yaml or .template, anywhere in the template, and "
    "stops at one it cannot read: 'Could not fetch contents for file:///.../missing_server.yaml'. (Without the "
    "environments given, this is W7012: the file may be rendered at deploy time.)",
    instead="    type: server.yaml  # a file next to this template",
    heat_step="client (python-heatclient, before the request)",
    phase=PHASE.name,
)

# Said after "requires the parameter(s) ...", singular and plural.
_ENVIRONMENTS_UNKNOWN = (
    " It has no default: pass it, unless an environment's parameter_defaults gives it (Heat applies them to "
    "every nested stack).",
    " They have no default: pass them, unless an environment's parameter_defaults gives them (Heat applies them to "
    "every nested stack).",
)
_ENVIRONMENTS_KNOWN = (
    " It has no default, and no parameter_defaults of the environments in effect gives it.",
    " They have no default, and no parameter_defaults of the environments in effect gives them.",
)


def definition_group(type_name: str) -> GroupType | None:
    """The group type whose members are made from one definition (ResourceGroup, AutoScalingGroup), else None:
    these rules follow no ResourceChain."""
    group = GROUPS.get(type_name)
    return group if group is not None and group.definition is not None else None


@dataclass(frozen=True, slots=True)
class _Group:
    """A group of this template whose members were identified."""

    kind_name: str
    kind: GroupType
    members: ChildTemplate | ResourceType | None  # None: the member type is not known here


def check(context: RuleContext) -> None:
    model, report, around = context.model, context.report, context.around
    assert around is not None  # (the phase runs only with files around)
    if not isinstance(model.section("resources"), Mapping) or not model.resources:
        return
    checker = _TemplateChecker(model, report, around)
    memo: EntryMemo[Any] = EntryMemo(model, (check, "resources"))
    for name, entry in model.resources.items():
        if entry.body is not None:
            checker.judged(memo, name, entry)
    checker.attributes()


class _TemplateChecker(PropertyChecker):
    """The resource type rules' checker, with a template's interface as the schema."""

    nouns = ("parameter", "parameters")

    def __init__(self, model: TemplateModel, report: Reporter, around: CrossFile) -> None:
        super().__init__(model, report)
        self.around = around
        self.children: dict[str, ChildTemplate] = {}  # template resources whose template was read
        self.groups: dict[str, _Group] = {}
        # Per resource being checked:
        self.child: ChildTemplate | None = None
        self.prefix = ""  # where the member definition sits in a group's properties
        self.index_var: str | None = None

    # -- naming ----------------------------------------------------------------------------------------------

    def place(self, path: str) -> str:
        return f"resource `{self.name}`, {self.prefix}{path}"

    def subject(self) -> str:
        assert self.child is not None
        return _template_said(self.child)

    # -- resources ---------------------------------------------------------------------------------------------

    def judged(self, memo: EntryMemo[Any], name: str, entry: Entry) -> None:
        """:meth:`resource` of one entry, or the findings it gave in the earlier model: the same nodes, left out by
        Heat or not as then, the same environments and catalogue, its types resolving to the same children (the
        same files, read once per version) or types, and the parameters it named of the same types."""
        assert entry.body is not None
        around = self.around
        given = (name in self.disabled, around.environments_known, around.parameter_defaults, self.catalogue)
        kept = judge_entry(memo, entry, self.report, given, partial(self._judge, name, entry.body), self.still)
        if isinstance(kept, ChildTemplate):
            self.children[name] = kept
        elif isinstance(kept, _Group):
            self.groups[name] = kept

    def _judge(self, name: str, body: Mapping, report: Reporter) -> tuple[Reads, object]:
        saved, self.report, self.reads = self.report, report, {}
        try:
            self.resource(name, body)
        finally:
            self.report = saved
        kept = self.children.pop(name, None) or self.groups.pop(name, None)
        return tuple(self.reads.items()), kept

    def still(self, reads: Reads) -> bool:
        if not super().still(reads):
            return False
        for key, then in reads:
            if isinstance(key, tuple):
                look, type_name, resource = key
                if look == "child":
                    now: object = _child_said(self.around.child(type_name, resource))
                    if not _same_child(now, then):
                        return False
                elif _resolution_said(self.around.registry.resolve(type_name, resource)) != then:
                    return False
        return True

    def _child(self, type_name: str, resource: str | None) -> ChildTemplate | None:
        child = self.around.child(type_name, resource)
        self.reads[("child", type_name, resource)] = _child_said(child)
        return child

    def _resolve(self, type_name: str, resource: str | None) -> Resolution:
        resolved = self.around.registry.resolve(type_name, resource)
        self.reads[("resolve", type_name, resource)] = _resolution_said(resolved)
        return resolved

    def resource(self, name: str, body: Mapping) -> None:
        type_node = body.get("type")
        if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str) and type_node.value):
            return
        self.name = name
        off = name in self.disabled
        self.severity, self.note = (WARNING, DISABLED_NOTE) if off else (0, "")
        self.prefix, self.index_var = "", None
        if self.model.has_feature("resource_external_id") and is_external(body.get("external_id")):
            return  # Heat adopts an existing resource and validates nothing of its definition
        child = self._child(type_node.value, name)
        if child is not None:
            if self.template_resource(body, type_node, child) and not off:
                self.children[name] = child
            return
        resolved = self._resolve(type_node.value, name)
        group = definition_group(resolved.name) if resolved.kind == "type" else None
        if group is not None:
            self.group(name, body, resolved.name, group)

    def template_resource(self, body: Mapping, type_node: Scalar, child: ChildTemplate) -> bool:
        """Check ``body``'s properties against the child's parameters; whether the child's interface is known."""
        if child.path is None or child.loaded is None:
            return False  # not looked for: a URL, or a path outside the folders hot-lsp reads
        if child.loaded.missing:
            self.not_found(type_node, child)
            return False
        interface = self.interface(child)
        if interface is None:
            return False  # unreadable or not a template: its own analysis says why
        self.child, self.rtype, self.lenient = child, interface, True  # allow_conversion: Heat's from_parameter
        self.properties(body, type_node, interface)
        return True

    def interface(self, child: ChildTemplate) -> ResourceType | None:
        loaded = child.loaded
        analysis = loaded.analysis if loaded is not None else None
        if analysis is None or analysis.model is None or not analysis.parsed.syntax_ok:
            return None  # a child Heat cannot read (or half-typed in the editor) has no interface to judge by
        base = analysis.derive(_interface_of_child, child.resolution.name)
        return with_parameter_defaults(base, self.around.defaults_for(hot_types(base)))

    def not_found(self, type_node: Scalar, child: ChildTemplate) -> None:
        assert child.path is not None
        written = child.resolution.name
        if written == child.type_name:
            what = f"The template `{written}` does not exist"
        else:
            source = os.path.basename(child.resolution.source)
            what = f"`{child.type_name}` is mapped by {source} to the template `{written}`, which does not exist"
        rendered = rendered_from(child.path)
        note = f" TripleO renders it from `{os.path.basename(rendered)}` at deploy time." if rendered else ""
        if self.around.environments_known and written == child.type_name:
            # The stack is named: python-heatclient reads the file now, and stops (a registry's file is E7017's).
            self.report(
                E7021,
                type_node,
                f"{what}: looked for {child.path}.{note} python-heatclient stops before it sends the stack: Could "
                f"not fetch contents for file://{child.path}",
            )
            return
        self.report(
            W7012,
            type_node,
            f"{what}: looked for {child.path}.{note} Until it does, its parameters and outputs are not checked, and "
            "python-heatclient cannot send the stack (Could not fetch contents for the file).",
        )

    def missing(
        self,
        section: Section,
        schema: dict[str, PropertySchema],
        given: list[str],
        anchor: Node | tuple[int, int],
        path: str,
    ) -> None:
        """A parameter with no default: certain when the environments in effect are known, else a warning."""
        saved = self.severity, self.note
        plural = sum(p.required and p.default is None and n not in given for n, p in schema.items()) > 1
        if self.around.environments_known:
            self.note = _ENVIRONMENTS_KNOWN[plural] + self.note
        else:
            self.severity, self.note = WARNING, _ENVIRONMENTS_UNKNOWN[plural] + self.note
        super().missing(section, schema, given, anchor, path)
        self.severity, self.note = saved

    def missing_fix(
        self, schema: dict[str, PropertySchema], missing: list[str], anchor: Node | tuple[int, int], path: str
    ) -> QuickFix | None:
        """A group member's parameter named as an index (``index``, ``*_index``) gets the group's index_var, which
        each member sees as its own index (``0`` would give every member 0)."""
        fix = super().missing_fix(schema, missing, anchor, path)
        if fix is None or fix.values is None or self.index_var is None:
            return fix
        index = yaml_text(self.index_var)
        values = [index if _names_an_index(n) else v for n, v in zip(missing, fix.values, strict=True)]
        return replace(fix, values=values)

    def value(self, section: Section, prop: PropertySchema, node: Node, path: str, key: Node | None) -> Any:
        if self.index_var is not None and _mentions(node, self.index_var):
            if not (isinstance(node, Scalar) and isinstance(node.value, str)):
                return UNKNOWN  # each member gets its own index in place of index_var
            # Member "0" exists whenever the group has members: judge its value, the index_var replaced by 0 (the
            # engine's strict validation of the group's nested stack fails the create on it). Its index is the
            # shortest, so what it breaks every member breaks; what only a longer index breaks is not judged.
            member = Scalar(
                node.value.replace(self.index_var, "0"),
                node.text.replace(self.index_var, "0"),
                node.tag,
                node.style,
                node.start,
                node.end,
            )
            saved = self.note
            self.note = f" Member 0 gets {member.value!r} from {node.value!r}.{saved}"
            try:
                super().value(section, prop, member, path, key)
            finally:
                self.note = saved
            return UNKNOWN  # the value differs per member
        return super().value(section, prop, node, path, key)

    # -- groups ------------------------------------------------------------------------------------------------

    def group(self, name: str, body: Mapping, kind_name: str, kind: GroupType) -> None:
        assert kind.definition is not None
        properties = body.get("properties")
        definition = properties.get(kind.definition) if isinstance(properties, Mapping) else None
        if not isinstance(definition, Mapping) or self.is_function(definition):
            return
        if group_size(properties, kind) == 0:
            return  # no member is ever created
        member_node = definition.get("type")
        if not (isinstance(member_node, Scalar) and isinstance(member_node.value, str) and member_node.value):
            return
        member_type = member_node.value
        self.prefix = f"properties.{kind.definition}."
        self.index_var = _index_var(properties, kind)
        members: ChildTemplate | ResourceType | None = None
        child = self._child(member_type, None)
        if child is not None:
            if self.template_resource(definition, member_node, child):
                members = child
        else:
            resolved = self._resolve(member_type, None)
            found = self.catalogue.get(resolved.name) if resolved.kind == "type" else None
            members = found if found is not None and not found.any_attribute else None
        if name not in self.disabled:
            self.groups[name] = _Group(kind_name, kind, members)

    # -- get_attr ----------------------------------------------------------------------------------------------

    def attributes(self) -> None:
        if not self.children and not self.groups:
            return
        dead = if_branches(self.model).dead
        for call in self.model.calls:
            if call.name != "get_attr" or id(call.node) in dead or not isinstance(call.args, Sequence):
                continue
            items = call.args.items
            if len(items) < 2 or not all(isinstance(item, Scalar) for item in items[:2]):
                continue
            resource, attribute = items[0], items[1]
            assert isinstance(resource, Scalar) and isinstance(attribute, Scalar)
            if not (isinstance(resource.value, str) and isinstance(attribute.value, str)):
                continue
            where = call.where
            off = where.section == "resources" and where.entry in self.disabled
            self.severity, self.note = (WARNING, DISABLED_NOTE) if off else (0, "")
            if resource.value in self.children:
                self.template_attribute(resource.value, attribute)
            elif resource.value in self.groups:
                self.group_attribute(resource.value, items)

    def template_attribute(self, resource: str, attribute: Scalar) -> None:
        child = self.children[resource]
        interface = self.interface(child)
        name = attribute.value
        if interface is None or name in interface.attributes or name.startswith(NESTED_RESOURCE_PREFIX):
            return
        self.unknown_output(attribute, resource, f"`{resource}` is {_template_said(child)}", interface)

    def group_attribute(self, resource: str, items: tuple[Node, ...]) -> None:
        group = self.groups[resource]
        attributes = group.kind.attributes
        if attributes is None:
            return  # not recorded for this group type
        attribute = items[1]
        assert isinstance(attribute, Scalar)
        key = attribute.value
        member_at: Node | None = None  # the argument naming the members' attribute
        if key in attributes.own:
            return
        if key in attributes.member_paths or key.startswith(NESTED_RESOURCE_PREFIX):
            inline = key.split(".", 2)[2:] if key.startswith(NESTED_RESOURCE_PREFIX) else []
            if inline:
                # `resource.0.port`: only the member's attribute is wrong; a fix keeps the path around it.
                self.member_attribute(group, resource, attribute, inline[0], key[: len(key) - len(inline[0])])
                return
            member_at = items[2] if len(items) > 2 else None
        elif attributes.others_read_members:
            member_at = attribute
        else:
            self.error(
                E3022,
                attribute,
                f"The Referenced Attribute ({resource} {key}) is incorrect: `{resource}` is an `{group.kind_name}`, "
                f"which has no attribute `{key}`. Its attributes: "
                f"{', '.join(sorted((*attributes.own, *attributes.member_paths)))}.",
                needs=AT_RESOLVE,
            )
            return
        if isinstance(member_at, Scalar) and isinstance(member_at.value, str):
            self.member_attribute(group, resource, member_at, member_at.value)

    def member_attribute(self, group: _Group, resource: str, at: Scalar, name: str, kept: str = "") -> None:
        """``name``, a member attribute written in ``at`` after ``kept`` (``resource.0.``, or nothing)."""
        members = group.members
        if isinstance(members, ChildTemplate):
            interface = self.interface(members)
            if interface is None or name in interface.attributes or name.startswith(NESTED_RESOURCE_PREFIX):
                return
            said = f"the members of `{resource}` are {_template_said(members)}"
            self.unknown_output(at, resource, said, interface, name, kept)
        elif isinstance(members, ResourceType) and name not in members.attributes:
            names = [n for n, a in members.attributes.items() if not a.support_status.hidden]
            suggestions = did_you_mean(name, names, 3)
            hint = (
                f" Did you mean `{suggestions[0]}`?" if suggestions else f" Its attributes: {', '.join(sorted(names))}."
            )
            self.error(
                E3022,
                at,
                f"The Referenced Attribute ({resource} {name}) is incorrect: the members of `{resource}` are "
                f"`{members.name}`, which has no attribute `{name}`.{hint}",
                data=QuickFix(suggestions=[kept + s for s in suggestions]) if suggestions else None,
                # The group's nested stack outputs the members' attribute, and Heat validates that stack.
                needs=AT_VALIDATE,
            )

    def unknown_output(
        self, at: Scalar, resource: str, said: str, interface: ResourceType, name: str | None = None, kept: str = ""
    ) -> None:
        """``name`` (else ``at``'s text) is no output of ``interface``; a fix writes ``kept`` + the output meant."""
        name = name or at.value
        outputs = [n for n in interface.attributes if n not in ("show", "OS::stack_id")]
        suggestions = did_you_mean(name, outputs, 3)
        if suggestions:
            hint = f" Did you mean `{suggestions[0]}`?"
        else:
            hint = f" Its outputs: {', '.join(sorted(outputs))}." if outputs else " It has no outputs."
        self.error(
            E3022,
            at,
            f"The Referenced Attribute ({resource} {name}) is incorrect: {said}, which has no output `{name}`.{hint}",
            data=QuickFix(suggestions=[kept + s for s in suggestions]) if suggestions else None,
            # Heat's validation takes any attribute of a group or a template resource; the attribute is looked
            # for when the value is resolved: creating the resource that reads it fails, an output shows the error.
            needs=AT_RESOLVE,
        )


# -- helpers ------------------------------------------------------------------------------------------------


def _template_said(child: ChildTemplate) -> str:
    """How messages name a child: the file as written, and the type that maps to it when it is mapped."""
    written = child.resolution.name
    if written == child.type_name:
        return f"the template `{written}`"
    return f"`{child.type_name}` (the template `{written}`)"


def group_size(properties: Node | None, kind: GroupType) -> int | None:
    """The number of members when a literal says it (None: decided by a function or a parameter)."""
    if not isinstance(properties, Mapping):
        return kind.default_size
    for name in kind.sizes:
        node = properties.get(name)
        if node is None:
            continue
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            return None
        try:
            return int(value)  # Heat's Integer property: int(), so "0" counts
        except ValueError:
            return None
    return kind.default_size


def _child_said(child: ChildTemplate | None) -> object:
    """What judging a resource takes from the child its type resolves to (compared by :func:`_same_child`)."""
    return None if child is None else (child.resolution, child.path, child.loaded)


def _same_child(now: object, then: object) -> bool:
    if now is None or then is None:
        return now is then
    assert isinstance(now, tuple) and isinstance(then, tuple)
    # The same resolution and path, and the very file read then (files are read once per version on disk).
    return now[0] == then[0] and now[1] == then[1] and now[2] is then[2]


def _resolution_said(resolved: Resolution) -> tuple[str, str]:
    return (resolved.kind, resolved.name)


def _index_var(properties: Node | None, kind: GroupType) -> str | None:
    """The text each member's index replaces in its properties; None: the group type has none."""
    if kind.index_var is None:
        return None
    node = properties.get(kind.index_var) if isinstance(properties, Mapping) else None
    if isinstance(node, Scalar) and isinstance(node.value, str) and node.value:
        return node.value
    return kind.index_var_default


def _names_an_index(name: str) -> bool:
    lowered = name.lower()
    return lowered == "index" or lowered.endswith("_index")


def _mentions(node: Node, text: str) -> bool:
    return any(
        isinstance(inner, Scalar) and isinstance(inner.value, str) and text in inner.value for inner in walk(node)
    )


def _interface_of_child(analysis: Analysis, written: str) -> ResourceType:
    """A child template's interface (its parameters as properties, its outputs as attributes), once per analysis."""
    assert analysis.model is not None
    return template_interface(written, analysis.model)
