"""3xxx: resource definitions: keys, shapes, names, field types, deletion_policy, external_id.

Heat checks these while it builds the resource definitions
(``template_common._rsrc_defn_args``) and orders the stack, so every finding
here is an error Heat raises, unless the resource is switched off by a literal
``condition: false`` (Heat then never looks at its dependencies) or the fault
only exists when an ``if`` takes a particular branch: those are warnings.
"""

from __future__ import annotations

from functools import cache

from .... import spec
from ....document import Mapping, Node, QuickFix, Scalar, Sequence
from ...codes import define
from ...model.required_properties import required_properties
from ...model.template import Entry, TemplateModel
from ...report import AT_VALIDATE, Reporter
from ...stack.dependencies import (
    is_external,
)
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL
from .written import looks_like_call, shown

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E3001 = define(
    "E3001",
    "A resource definition is not a mapping, or has no `type`.",
    "resources:\n  server:\n    properties: {flavor: m1.small}",
    "resources",
    slug="resource-without-type",
    why="Heat needs each resource to be a map with a type: 'Each resource must contain a type key.'",
    instead="resources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: m1.small}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3002 = define(
    "E3002",
    "An unknown key in a resource definition (CFN spellings such as `Properties` are named).",
    "resources:\n  r:\n    type: OS::Heat::None\n    Properties: {}",
    "resources",
    slug="unknown-resource-key",
    why='Heat checks every key of a resource definition: \'"Properties" is not a valid keyword inside a '
    "resource definition' (HOT keys are lowercase).",
    instead="resources:\n  r:\n    type: OS::Heat::None\n    properties: {}",
    heat_step="stack validate",
    phase=PHASE.name,
    safe_fix="spelling",
)
E3003 = define(
    "E3003",
    "A resource key the template's version does not have yet (`condition`, `external_id` before 2016-10-14).",
    "heat_template_version: 2016-04-08\nresources:\n  r:\n    type: OS::Heat::None\n    condition: true",
    "resources",
    slug="resource-key-too-new",
    why="condition and external_id arrived in 2016-10-14: an older version refuses them as 'not a valid "
    "keyword inside a resource definition'.",
    instead="heat_template_version: 2016-10-14",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3008 = define(
    "E3008",
    "A deletion_policy value Heat does not accept in this version (the values are case-sensitive).",
    "resources:\n  r:\n    type: OS::Heat::None\n    deletion_policy: DELETE",
    "resources",
    slug="bad-deletion-policy",
    why="The values are case-sensitive, and the lowercase ones arrived in 2016-10-14: 'Invalid deletion policy "
    '"DELETE"\'.',
    instead="    deletion_policy: Delete",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3025 = define(
    "E3025",
    "`deletion_policy: Snapshot` on a resource type that cannot snapshot (only servers and volumes can).",
    "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: Snapshot",
    "resources",
    slug="snapshot-unsupported",
    why="deletion_policy Snapshot needs the type to implement a snapshot: Resource.validate_deletion_policy "
    "fails with '\"Snapshot\" deletion policy not supported'.",
    instead="    deletion_policy: Retain",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3009 = define(
    "E3009",
    "A resource with `external_id` also has `depends_on`.",
    "resources:\n  r:\n    type: OS::Heat::None\n    external_id: 0a1b\n    depends_on: s",
    "resources",
    slug="external-with-depends-on",
    why="An external resource is not created by Heat, so it cannot wait for another: 'Invalid dependency with "
    "external OS::Heat::None resource: 0a1b'.",
    instead="    external_id: 0a1b  # and no depends_on",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3010 = define(
    "E3010",
    "A resource has the name of a parameter or pseudo-parameter.",
    "parameters:\n  net: {type: string}\nresources:\n  net: {type: OS::Neutron::Net}",
    "resources",
    slug="resource-named-like-parameter",
    why="Parameters and resources share one namespace: Stack.validate fails with \"Duplicate names {'net'}\".",
    instead="resources:\n  net_resource: {type: OS::Neutron::Net}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3011 = define(
    "E3011",
    "A resource `type` that is not a string (a number, a list or a plain mapping).",
    "resources:\n  r:\n    type: [OS::Heat::None]",
    "resources",
    slug="type-not-a-string",
    why="Heat resolves the type to look up its plugin, and the result must be a string: 'Resource r type type "
    "must be string'.",
    instead="    type: OS::Heat::None",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3012 = define(
    "E3012",
    "A resource name containing `/`.",
    "resources:\n  web/server: {type: OS::Nova::Server}",
    "resources",
    slug="slash-in-resource-name",
    why="Heat uses `/` in resource paths: Resource.__init__ refuses the name with 'Resource name may not "
    'contain "/"\'.',
    instead="resources:\n  web_server: {type: OS::Nova::Server}",
    heat_step="stack validate",
    phase=PHASE.name,
)
E3013 = define(
    "E3013",
    "A resource field of the wrong type: properties/metadata/update_policy not a mapping, "
    "description/external_id not a string.",
    "resources:\n  r:\n    type: OS::Heat::None\n    properties: [a, b]",
    "resources",
    slug="field-wrong-type",
    why="properties, metadata and update_policy must be maps (or functions giving one), description and "
    "external_id strings: 'Resource r properties type must be object'.",
    instead="    properties: {a: b}",
    heat_step="stack validate",
    phase=PHASE.name,
)

# Fields Heat requires to be a mapping (or a function returning one): "type must be object".
_OBJECT_FIELDS = ("properties", "metadata", "update_policy")


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not isinstance(model.section("resources"), Mapping):
        return  # absent, empty, or the wrong shape (the sections rule reports that)
    for name, entry in model.resources.items():
        _check_name(model, name, entry, report)
        body = entry.value
        if not isinstance(body, Mapping) or len(body) == 0:
            _not_a_definition(model, name, entry, report)
            continue
        _check_keys(model, name, body, report)
        _check_type(model, name, body, report)
        for field_name in _OBJECT_FIELDS:
            _check_object_field(model, name, body, field_name, report)
        _check_string_fields(model, name, body, report)
        _check_deletion_policy(model, body, report)
        _check_external(model, name, body, report)


# -- names -------------------------------------------------------------------------


def _check_name(model: TemplateModel, name: str, entry: Entry, report: Reporter) -> None:
    if "/" in name:
        report(
            E3012,
            entry.key,
            f'Resource names may not contain "/" (Heat: Resource name may not contain "/"); rename `{name}`, '
            f"e.g. to `{name.replace('/', '_')}`, and update the references to it.",
            _renamed(model, name, name.replace("/", "_")),
        )
    if name in model.parameters:
        report(
            E3010,
            entry.key,
            f"`{name}` is both a parameter and a resource name; Heat refuses the stack with "
            f"\"Duplicate names {{'{name}'}}\". Rename one of them.",
        )
    elif name in spec.PSEUDO_PARAMETERS:
        report(
            E3010,
            entry.key,
            f"`{name}` is a pseudo-parameter Heat defines for every stack; a resource of the same name makes "
            f"Heat refuse the stack with \"Duplicate names {{'{name}'}}\". Rename the resource.",
        )


def _renamed(model: TemplateModel, name: str, new: str) -> QuickFix | None:
    """The resource renamed, with its references (None when the new name is taken: that would be E3010 or a
    duplicate)."""
    if new in model.resources or new in model.parameters or new in spec.PSEUDO_PARAMETERS:
        return None
    uses = [(r.node.start, r.node.end) for r in model.references if r.kind == "resource" and r.name == name]
    return QuickFix(fix="replace", text=new, spans=uses)


# -- definition shape --------------------------------------------------------------


def _not_a_definition(model: TemplateModel, name: str, entry: Entry, report: Reporter) -> None:
    value = entry.value
    if isinstance(value, Scalar) and value.value is not None:
        source = model.parsed.text[value.start : value.end]
        one_line = isinstance(value.value, str) and "\n" not in source
        data = QuickFix(fix="replace", text=f"{{type: {source}}}") if one_line else None
        report(
            E3001,
            value,
            f"A resource definition must be a mapping with a `type` key, not {shown(value)}; "
            f'write e.g. `{name}: {{type: {value.text}}}`. Heat says: "resources" must contain a map of resource maps.',
            data=data,
        )
        return
    what = "a list" if isinstance(value, Sequence) else "empty"
    report(
        E3001,
        entry.key,
        f"The definition of resource `{name}` is {what}; it must be a mapping with at least a `type` key "
        "(Heat: Each resource must contain a type key.).",
    )


def _check_keys(model: TemplateModel, name: str, body: Mapping, report: Reporter) -> None:
    allowed = spec.resource_keys_for(model.version)
    for pair in body.entries():
        key = pair.key_value
        if isinstance(key, str) and key in allowed:
            continue
        if isinstance(key, str) and key in spec.RESOURCE_KEYS:
            since = spec.RESOURCE_KEYS[key]
            report(
                E3003,
                pair.key,
                f"The resource key `{key}` needs heat_template_version {since} or later; this template is "
                f"{model.version.date}. Heat says: Invalid keyword(s) inside a resource definition: {key}.",
                data=QuickFix(fix="raise_version", version=since),
            )
            continue
        shown = key if isinstance(key, str) else pair.key.text if isinstance(pair.key, Scalar) else "?"
        suggestions = _key_suggestions(shown, allowed, spec.CFN_RESOURCE_KEY_SPELLINGS)
        if shown in spec.CFN_RESOURCE_KEY_SPELLINGS:
            hint = f" `{shown}` is CloudFormation spelling; HOT writes `{spec.CFN_RESOURCE_KEY_SPELLINGS[shown]}`."
        elif suggestions:
            hint = f" Did you mean `{suggestions[0]}`?"
        else:
            hint = f" Valid keys: {', '.join(allowed)}."
        report(
            E3002,
            pair.key,
            f'"{shown}" is not a valid keyword inside a resource definition (resource `{name}`).{hint}',
            data=QuickFix(suggestions=suggestions) if suggestions else QuickFix(fix="remove_key"),
        )


def _key_suggestions(key: str, allowed: tuple[str, ...], cfn: dict[str, str]) -> list[str]:
    if key in cfn:
        return [cfn[key]]
    lowered = key.lower().replace("-", "_").replace(" ", "_")
    if lowered in allowed:
        return [lowered]
    return did_you_mean(lowered, allowed, 2)


def _check_type(model: TemplateModel, name: str, body: Mapping, report: Reporter) -> None:
    pair = body.pair("type")
    if pair is None:
        report(
            E3001,
            _entry_key(model, name),
            f"Resource `{name}` has no `type`; add one, e.g. `type: OS::Heat::None` "
            "(Heat: Each resource must contain a type key.).",
            # No fix: `type:` without a value is this error again, and which type is meant only the user knows.
        )
        return
    value = pair.value
    if isinstance(value, Scalar):
        if value.value is None or value.value == "":
            report(
                E3001,
                pair.key if value.value is None else value,
                f"The `type` of resource `{name}` is empty; give a resource type name (Heat: Each Resource must "
                "contain a Type key.).",
            )
        elif not isinstance(value.value, str):
            report(
                E3011,
                value,
                f"The `type` of resource `{name}` must be a string, not {shown(value)} "
                f"(Heat: Resource {name} type type must be string).",
                data=QuickFix(fix="replace", text=f'"{value.text}"'),
            )
        return
    if looks_like_call(model, value):
        return  # a function (or something written like one) in `type` is the functions rules' finding
    report(
        E3011,
        pair.key,
        f"The `type` of resource `{name}` must be a literal string, not {shown(value)} "
        f"(Heat: Resource {name} type type must be string).",
    )


def _check_object_field(model: TemplateModel, name: str, body: Mapping, field_name: str, report: Reporter) -> None:
    pair = body.pair(field_name)
    if pair is None:
        return
    value = pair.value
    if isinstance(value, Mapping):
        return  # plain data or a function: both may stand here
    empty = isinstance(value, Scalar) and value.value is None
    fix = (
        QuickFix(fix="add_key", key=field_name, value="{}")
        if empty and _empty_fits(model, name, body, field_name)
        else None
    )
    report(
        E3013,
        pair.key if empty or not isinstance(value, Scalar) else value,
        f"`{field_name}` of resource `{name}` must be a mapping, not {shown(value)} "
        f"(Heat: Resource {name} {field_name} type must be object)."
        + (" Remove the key or write `{}`." if empty else ""),
        fix,
    )


def _empty_fits(model: TemplateModel, name: str, body: Mapping, field_name: str) -> bool:
    """Whether `{}` leaves the resource valid: not for the properties of a type that requires some (E3017)."""
    if field_name != "properties":
        return True
    type_node = body.get("type")
    if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str)):
        return False
    _, rtype = model.resolve_type(type_node.value, name)
    return rtype is not None and not required_properties(rtype.properties)


def _check_string_fields(model: TemplateModel, name: str, body: Mapping, report: Reporter) -> None:
    fields = ["description"]
    if model.has_feature("resource_external_id"):
        fields.append("external_id")
    for field_name in fields:
        pair = body.pair(field_name)
        if pair is None:
            continue
        value = pair.value
        if isinstance(value, Scalar) and isinstance(value.value, str):
            continue
        if field_name == "external_id" and isinstance(value, Mapping) and _is_function_call(model, value):
            continue
        if field_name == "description" and looks_like_call(model, value):
            continue  # the functions rules report a function in a description
        at: Node = value if isinstance(value, Scalar) and value.value is not None else pair.key
        report(
            E3013,
            at,
            f"`{field_name}` of resource `{name}` must be a string, not {shown(value)} "
            f"(Heat: Resource {name} {field_name} type must be string).",
        )


def _check_deletion_policy(model: TemplateModel, body: Mapping, report: Reporter) -> None:
    pair = body.pair("deletion_policy")
    if pair is None:
        return
    value = pair.value
    valid = spec.deletion_policies_for(model.version)
    if isinstance(value, Mapping) and _is_function_call(model, value):
        return  # resolved by Heat when the definition is built; not checked here
    if not (isinstance(value, Scalar) and isinstance(value.value, str)):
        at: Node = value if isinstance(value, Scalar) and value.value is not None else pair.key
        report(
            E3008,
            at,
            f"deletion_policy must be one of {', '.join(valid)}, not {shown(value)} "
            "(Heat: deletion_policy type must be string).",
        )
        return
    text = value.value
    if text in valid:
        _check_snapshot(model, body, value, report)
        return
    message, advice = _deletion_policy_advice(model, text, valid)
    # Writing Snapshot where the type cannot snapshot would only trade this error for E3025: no fix then.
    data = None if advice.text == "Snapshot" and _cannot_snapshot(model, body) else advice
    report(E3008, value, message, data=data)


def _cannot_snapshot(model: TemplateModel, body: Mapping) -> str | None:
    """What cannot be snapshotted when it is deleted, as the message names it (None: it can, or it is unknown)."""
    type_node = body.get("type")
    if not isinstance(type_node, Scalar) or not isinstance(type_node.value, str):
        return None
    kind, resource_type = model.resolve_type(type_node.value)
    if kind == "template":
        return "a template resource (a nested stack)"  # TemplateResource has no snapshot-delete handler
    if resource_type is not None and resource_type.snapshot is False:
        return f"`{resource_type.name}`"
    return None


def _check_snapshot(model: TemplateModel, body: Mapping, value: Scalar, report: Reporter) -> None:
    """Heat's validate_deletion_policy: Snapshot needs a type that has a snapshot-delete handler."""
    if str(value.value).capitalize() != "Snapshot":
        return
    what = _cannot_snapshot(model, body)
    if what is None:
        return
    able = sorted(name for name, other in model.resource_types().types.items() if other.snapshot)
    report(
        E3025,
        value,
        f'"Snapshot" deletion policy not supported: {what} cannot be snapshotted when it is deleted '
        f"(only {', '.join(able)} can). Use Retain to keep it, or Delete.",
        QuickFix(suggestions=["Retain", "Delete"]),
        needs=AT_VALIDATE,  # Resource.validate_deletion_policy: not for placeholder types nor disabled resources
    )


def _deletion_policy_advice(model: TemplateModel, text: str, valid: tuple[str, ...]) -> tuple[str, QuickFix]:
    base = f'Invalid deletion policy "{text}" (Heat\'s values are case-sensitive).'
    capitalised = text.capitalize()
    if capitalised in spec.DELETION_POLICIES:
        if text in spec.DELETION_POLICIES:  # lowercase, before the version that allows it
            since = spec.DELETION_POLICIES[text]
            return (
                f"{base} Lowercase `{text}` needs heat_template_version {since} or later; this template is "
                f"{model.version.date}. Write `{capitalised}`.",
                QuickFix(fix="replace", text=capitalised),
            )
        return f"{base} Write `{capitalised}`.", QuickFix(fix="replace", text=capitalised)
    near = did_you_mean(capitalised, [v for v in valid if v[0].isupper()], 1)
    if near:
        return f"{base} Did you mean `{near[0]}`?", QuickFix(fix="replace", text=near[0])
    return f"{base} Use one of {', '.join(valid)}.", QuickFix(suggestions=[v for v in valid if v[0].isupper()])


def _check_external(model: TemplateModel, name: str, body: Mapping, report: Reporter) -> None:
    if not model.has_feature("resource_external_id"):
        return
    if not is_external(body.get("external_id")):
        return
    pair = body.pair("depends_on")
    if pair is None or _empty(pair.value):
        return
    report(
        E3009,
        pair.key,
        f"Resource `{name}` has an `external_id`, so Heat adopts an existing resource and refuses any "
        "`depends_on` (InvalidExternalResourceDependency). Remove `depends_on`.",
        data=QuickFix(fix="remove_key"),
    )


def _empty(value: Node) -> bool:
    if isinstance(value, Sequence):
        return not value.items
    return isinstance(value, Scalar) and value.value in (None, "")


# -- small helpers -------------------------------------------------------------------


def _is_function_call(model: TemplateModel, value: Mapping) -> bool:
    """A one-key mapping Heat's normal parser reads as a function (usable or removed) in this version."""
    if len(value.pairs) != 1:
        return False
    key = value.pairs[0].key_value
    return isinstance(key, str) and key in _parsed_function_names(model.version)


@cache
def _parsed_function_names(version: spec.TemplateVersion) -> frozenset[str]:
    return spec.functions_for(version) | spec.removed_functions_for(version)


def _entry_key(model: TemplateModel, name: str) -> Node:
    return model.resources[name].key
