"""3xxx: resources against the resource type catalogue: types, properties, update_policy and get_attr attributes.

Heat finds the type in its registry when it builds the stack, then validates each resource's ``properties`` and
``update_policy`` against the type's schema (``Resource.validate_template``, ``Properties.validate``) and each
``get_attr`` against the type's attributes (``GetAtt.validate``). The catalogue is Heat 27's registry plus the
user's catalogues (``model.catalogue``).

What is certain is an error; what is not is left alone:
* Types resolve through the registry in effect (``model.registry``: the configured environment files over Heat's
  global environment), so a type an environment maps to another is checked as that type, and one it maps to a
  template is a template resource, which ``template_resources`` checks against its template.
* A type hot-lsp cannot resolve (an alias to a ``file://`` template, a name no configured environment maps)
  gets no property or attribute checks.
* A value given by a function is not judged (``resource_properties`` checks values against the schema).
* A resource whose ``condition`` is always false is left out by Heat, so its findings are warnings.
"""

from __future__ import annotations

import os
import re
from functools import cache, lru_cache, partial
from typing import Any

from .... import spec
from ....document import WARNING, Mapping, QuickFix, Scalar, Sequence
from ....spec.resource_types import Catalogue, ResourceType, from_heat
from ...codes import define
from ...entry_findings import Reads, judge_entry
from ...model.template import Entry, EntryMemo, FunctionCall, TemplateModel
from ...model.type_resolution import ResolvedKind
from ...report import AT_VALIDATE, Reporter
from ...stack.dependencies import if_branches, is_external
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL
from ._release_words import newer_type
from .properties import DISABLED_NOTE, PropertyChecker, close_names, status_said

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E3014 = define(
    "E3014",
    "A resource type Heat does not have: a misspelt name in a namespace Heat ships (`OS::Nova::Servr`), a "
    "template file name that does not end in .yaml or .template (`server.yml`), or, once the stack's environments "
    "are given (--env, environments, hotLsp.environments), a type of another namespace none of them maps.",
    "resources:\n  server:\n    type: OS::Nova::Servr",
    "resources",
    slug="unknown-resource-type",
    why="Heat finds a plugin for each type in its registry: 'The Resource Type (OS::Nova::Servr) could not be "
    "found.' A template file must end in .yaml or .template to be read as one.",
    instead="    type: OS::Nova::Server",
    heat_step="stack validate",
    phase=PHASE.name,
)
W3015 = define(
    "W3015",
    "A resource type hot-lsp does not know in a namespace Heat does not ship (`OS::TripleO::...`, a vendor's): "
    "an environment must map it; describe it in a catalogue (`--resource-types`) to have it checked. Once the "
    "environments are given, an unmapped one is E3014.",
    "resources:\n  widget:\n    type: Acme::Widget",
    "resources",
    slug="unknown-namespace",
    why="Heat ships no type in this namespace, so only an environment's resource_registry can give it a "
    "meaning; without one the stack fails with 'could not be found'. hot-lsp cannot check its properties.",
    instead="(map it in an environment (--env), or describe it in a catalogue (--resource-types))",
    heat_step="stack validate",
    phase=PHASE.name,
)
W3020 = define(
    "W3020",
    "A deprecated, hidden or unsupported resource type (the replacement is named when there is one).",
    "resources:\n  ip:\n    type: OS::Nova::FloatingIP",
    "resources",
    slug="deprecated-resource-type",
    why="The type is deprecated, hidden or no longer supported: Heat may still create it, refuse new stacks "
    "with it (hidden), or drop it in a release.",
    instead="(use the replacement the message names, e.g. OS::Neutron::FloatingIP)",
    heat_step="none: Heat's support status",
    phase=PHASE.name,
)
E3022 = define(
    "E3022",
    "`get_attr` of an attribute the resource's type does not have.",
    "resources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: m1.small}\n"
    "outputs:\n  ip:\n    value: {get_attr: [server, first_adress]}",
    "resources",
    slug="unknown-attribute",
    why="get_attr of an attribute the type does not define fails validation: 'The Referenced Attribute (server "
    "first_adress) is incorrect.'",
    instead="    value: {get_attr: [server, first_address]}",
    heat_step="stack validate",
    phase=PHASE.name,
)

_CLOSE_SPELLING = 0.85  # difflib ratio for suggesting a type outside Heat's namespaces
# A file name Heat does not read as a template (another extension, or .YAML: its test is case-sensitive).
_FILE_LIKE = re.compile(r"\.(ya?ml|json|hot|te?mpl(ate)?|tpl|j2|txt)$", re.IGNORECASE)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not isinstance(model.section("resources"), Mapping) or not model.resources:
        return
    checker = ResourceChecker(model, report)
    memo: EntryMemo[Any] = EntryMemo(model, (check, "resources"))
    for name, entry in model.resources.items():
        checker.judged(memo, name, entry)
    checker.attributes()


def accepts_any_property(rtype: ResourceType) -> bool:
    """Heat's NoneResource and the placeholders built on it (hidden retired types) empty their properties before
    validating, so they accept anything: in the catalogue, a type with no properties that takes any attribute."""
    return rtype.placeholder or (not rtype.properties and rtype.any_attribute)


class ResourceChecker(PropertyChecker):
    """Each resource's type found in the registry and the catalogue, its properties and update_policy checked
    against that type's schema, and each get_attr against its attributes."""

    def __init__(self, model: TemplateModel, report: Reporter) -> None:
        super().__init__(model, report)
        self.types: dict[str, ResourceType] = {}  # resource name -> its resolved type

    # -- types -----------------------------------------------------------------------------------------------

    def resolve(self, type_name: str, resource: str | None = None) -> tuple[ResolvedKind, ResourceType | None]:
        return self.model.resolve_type(type_name, resource)

    def judged(self, memo: EntryMemo[Any], name: str, entry: Entry) -> None:
        """:meth:`resource` of one entry, or the findings it gave in the earlier model: the same nodes, resolved to
        the same type, left out by Heat or not as then, and the parameters it named of the same types (an edit
        elsewhere changes none of that, and judging a large resource's properties again is most of this rule)."""
        body = entry.body
        if body is None:
            return
        type_node = body.get("type")
        if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str) and type_node.value):
            return
        kind, rtype = self.resolve(type_node.value, name)
        if kind == "unknown" or rtype is None:
            self.resource(name, body)  # judged each time: its message lists what the catalogue and registry have
            return
        judge_entry(
            memo, entry, self.report, (name in self.disabled, kind, rtype), partial(self._judge, name, body), self.still
        )
        if name not in self.disabled:
            self.types[name] = rtype

    def _judge(self, name: str, body: Mapping, report: Reporter) -> tuple[Reads, None]:
        saved, self.report, self.reads = self.report, report, {}
        try:
            self.resource(name, body)
        finally:
            self.report = saved
        return tuple(self.reads.items()), None

    def resource(self, name: str, body: Mapping) -> None:
        type_node = body.get("type")
        if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str) and type_node.value):
            return  # missing or not a string: the resources rules report it
        self.name = name
        off = name in self.disabled
        self.severity, self.note = (WARNING, DISABLED_NOTE) if off else (0, "")
        kind, rtype = self.resolve(type_node.value, name)
        if kind == "unknown":
            self.unknown_type(type_node, body)
            return
        if rtype is None:
            self.template_url(type_node)
            return  # a template resource: the template_resources rules check it against its template
        if not off:
            self.types[name] = rtype
        self.rtype = rtype
        self.lenient = not from_heat(rtype)
        self.type_status(type_node, rtype, body)
        if self.model.has_feature("resource_external_id") and is_external(body.get("external_id")):
            return  # Heat adopts an existing resource and validates nothing of its definition (validate_external)
        if not accepts_any_property(rtype):
            self.properties(body, type_node, rtype)
        if rtype.update_policy is not None:
            self.update_policy(body, rtype)

    def template_url(self, node: Scalar) -> None:
        """A template named by a URL Heat cannot fetch: it fetches http and https only; python-heatclient reads a
        file:// one itself and sends its content (so Heat never fetches it); any other scheme fails."""
        scheme = _URL_SCHEME.match(node.value)
        if scheme is None or scheme.group(1).lower() in ("http", "https", "file"):
            return
        self.error(
            E3014,
            node,
            f'Could not fetch remote template "{node.value}": Invalid URL scheme {scheme.group(1)}. Heat fetches '
            "templates over http or https only, and python-heatclient sends the content of local (file://) ones.",
        )

    def unknown_type(self, node: Scalar, body: Mapping) -> None:
        name = node.value
        refusal = f"The Resource Type ({name}) could not be found."
        heard = f"Heat: {refusal}"
        if "::" not in name and ("/" in name or _FILE_LIKE.search(name)):
            stem = _FILE_LIKE.sub("", name)  # a path without an extension keeps its name
            self.error(
                E3014,
                node,
                f"`{name}` looks like a template file, but Heat reads a type as a template only when it ends in "
                f".yaml or .template ({heard}). Name the file e.g. `{stem}.yaml`.",
            )
            return
        if self.registry_fault(node, refusal):
            return
        suggestions = type_suggestions(self.catalogue, name)
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
        # Offered as fixes: the types the properties as written suit and whose attributes the template reads
        # (another would trade this for E3016, E3022, or for an alternative to the nearest name, E3017).
        fitting = [
            s for n, s in enumerate(suggestions) if self.fits(s, body, complete=n > 0) and self.has_attributes_read(s)
        ]
        if fitting and fitting[0].lower() == name.lower():
            fitting = fitting[:1]  # the same name in other letter case: plainly the one meant
        data = QuickFix(suggestions=fitting) if fitting else None
        if in_heat_namespace(name):
            newer = newer_type(self.catalogue, name) or ""
            self.error(E3014, node, f"Heat has no resource type `{name}` ({heard}){newer}{hint}", data=data)
            return
        if self.model.registry is not None:
            # The user named the stack's environments: none maps it, so the stack fails as Heat says (issue 28).
            # A type the cloud's operator maps globally belongs in a catalogue (--resource-types, or --os-cloud's).
            self.error(
                E3014,
                node,
                f"No environment given maps the resource type `{name}`, and Heat has none of that name ({heard}). "
                "Map it in one of the environments, or, if the cloud's global environment maps it, describe it in a "
                f"resource type catalogue (--resource-types).{hint}",
                data=data,
            )
            return
        self.report(
            W3015,
            node,
            f"hot-lsp does not know the resource type `{name}`: it is not one of Heat's, so an environment's "
            f"resource_registry must map it (otherwise Heat says: {refusal}). To have its properties and "
            "attributes checked, describe it in a resource type catalogue (the hotLsp.resourceTypePaths setting, "
            f"or `--resource-types FILE`).{hint}",
            data=data,
        )

    def registry_fault(self, node: Scalar, refusal: str) -> bool:
        """E3014 for a type the given environments meant to map but Heat cannot use: mapped to a map, or mapped
        under a name that differs only in case. Only environments the user gave have such entries."""
        registry, name = self.model.registry, node.value
        if registry is None:
            return False
        source = registry.map_valued.get(name)
        if source is not None:
            self.error(
                E3014,
                node,
                f"{os.path.basename(source)} maps `{name}` to a map, not to a type or a template file: Heat loads the "
                f"map as a registry of its own, and this resource fails (Heat: AttributeError: 'dict' object has no "
                f"attribute 'get_resource_info'). Write `{name}: <type or file.yaml>`.",
            )
            return True
        near = registry.differing_in_case(name, self.name)
        if near is None:
            return False
        mapped = near.path[-1]
        self.error(
            E3014,
            node,
            f"`{name}` is not mapped: {os.path.basename(near.source)} maps `{mapped}`, which differs only in case, "
            f"and Heat's registry is case-sensitive (Heat: {refusal}). Did you mean `{mapped}`?",
            data=QuickFix(suggestions=[mapped]),
        )
        return True

    def type_status(self, node: Scalar, rtype: ResourceType, body: Mapping) -> None:
        status = rtype.support_status
        if status.status == "SUPPORTED":
            return
        via = "" if node.value == rtype.name else f" (`{node.value}` maps to `{rtype.name}`)"
        placeholder = " Heat keeps it as a placeholder that does nothing." if accepts_any_property(rtype) else ""
        said = status_said(status)
        use = f" Use `{rtype.replacement}` instead." if rtype.replacement and rtype.replacement not in said else ""
        self.report(
            W3020,
            node,
            f"`{rtype.name}`{via} is {said}.{placeholder}{use}",
            data=QuickFix(suggestions=[rtype.replacement])
            if rtype.replacement and self.fits(rtype.replacement, body)
            else None,
        )

    def has_attributes_read(self, type_name: str) -> bool:
        """Whether ``type_name`` has every attribute get_attr reads of the resource being judged."""
        other = self.catalogue.types.get(type_name)
        if other is None or other.any_attribute:
            return other is not None
        for call in self.model.calls_named("get_attr"):
            items = call.args.items if isinstance(call.args, Sequence) else []
            if len(items) >= 2 and isinstance(items[0], Scalar) and items[0].value == self.name:
                attribute = items[1].value if isinstance(items[1], Scalar) else None
                if isinstance(attribute, str) and attribute not in other.attributes:
                    return False
        return True

    def fits(self, replacement: str | None, body: Mapping, complete: bool = True) -> bool:
        """Whether the resource's properties suit ``replacement`` as written (none unknown to it and, ``complete``,
        none it requires missing): only then is writing its name a fix, not a trade of this finding for E3016
        (or, for a type that was right before, E3017: a misspelt type's missing properties are the template's)."""
        other = self.catalogue.types.get(replacement) if replacement else None
        if other is None:
            return False
        properties = body.get("properties")
        if isinstance(properties, Scalar) and properties.value is None:
            properties = None  # `properties:` with nothing under it
        if properties is not None and not isinstance(properties, Mapping):
            return False  # computed, or of the wrong shape: what it holds is not known here
        written = {pair.key_value for pair in properties.pairs} if properties is not None else set()
        required = {name for name, schema in other.properties.items() if schema.required}
        return written <= set(other.properties) and (required <= written or not complete)

    # -- get_attr ---------------------------------------------------------------------------------------------

    def attributes(self) -> None:
        if not self.types:
            return
        dead = if_branches(self.model).dead
        for call in self.model.calls:
            if call.name != "get_attr" or id(call.node) in dead or not isinstance(call.args, Sequence):
                continue
            items = call.args.items
            if len(items) < 2:
                continue  # [resource] alone: every attribute (2015-10-15+; E4007 judges older versions)
            resource, attribute = items[0], items[1]
            if not (isinstance(resource, Scalar) and isinstance(attribute, Scalar)):
                continue
            if not isinstance(attribute.value, str) or not isinstance(resource.value, str):
                continue
            rtype = self.types.get(resource.value)
            if rtype is None or rtype.any_attribute or attribute.value in rtype.attributes:
                continue
            self.unknown_attribute(call, resource.value, attribute, rtype)

    def unknown_attribute(self, call: FunctionCall, resource: str, attribute: Scalar, rtype: ResourceType) -> None:
        names = [n for n, a in rtype.attributes.items() if not a.support_status.hidden]
        suggestions = close_names(attribute.value, names, rtype.attributes)
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else f" Its attributes: {', '.join(sorted(names))}."
        where = call.where
        off = where.section == "resources" and where.entry in self.disabled
        self.report(
            E3022,
            attribute,
            f"The Referenced Attribute ({resource} {attribute.value}) is incorrect: `{resource}` is a "
            f"`{rtype.name}`, which has no attribute `{attribute.value}`.{hint}" + (DISABLED_NOTE if off else ""),
            data=QuickFix(suggestions=suggestions) if suggestions else None,
            severity=WARNING if off else 0,
            needs=AT_VALIDATE,  # GetAtt.validate() checks the attribute (in outputs too)
        )


# -- helpers ------------------------------------------------------------------------------------------------

_URL_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


@cache
def _heat_namespaces() -> frozenset[str]:
    """Namespaces of Heat's own types and aliases, lowercased (a user catalogue's do not count)."""
    return frozenset(n.lower() for n in spec.builtin_catalogue().namespaces())


def in_heat_namespace(name: str) -> bool:
    if name.lower().startswith("aws::"):
        return True
    namespace = spec.namespace_of(name)
    return namespace is not None and namespace.lower() in _heat_namespaces()


@lru_cache(maxsize=2048)
def type_suggestions(catalogue: Catalogue, name: str) -> list[str]:
    """Types ``name`` may have meant (cached: the same unknown types come back at every keystroke). In a Heat
    namespace, the catalogue's nearest names; elsewhere only a near-certain misspelling of a type of the same
    namespace (a user catalogue's), so that `OS::TripleO::...` gets no far-fetched guesses."""
    if in_heat_namespace(name):
        return catalogue.nearest(name)
    namespace = (spec.namespace_of(name) or "").lower()
    if not namespace:
        return []
    names = [n for n in (*catalogue.types, *catalogue.aliases) if (spec.namespace_of(n) or "").lower() == namespace]
    return did_you_mean(name, names, 3, cutoff=_CLOSE_SPELLING)
