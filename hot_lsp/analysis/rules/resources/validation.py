"""3xxx: what a resource type's own ``validate()`` refuses beyond its schema.

When Heat validates a stack, each resource's plugin checks its properties against the schema
(``resource_properties``) and then runs its own ``validate()``: combinations of values the schema cannot say
(``OS::Neutron::Subnet`` needs a ``subnetpool`` or a ``cidr``; an ``OS::Nova::Server`` needs an image or a volume
to boot from), translation rules meeting both a property and the one it replaces (a Mistral task's ``retry`` and
``policies.retry``), references to other resources of the stack (a software deployment's server must take software
config). Those that read only the template are here, one small check each, with Heat's own message
(``_validation_checks``, ``_validation_compute``, ``_validation_neutron``); those that ask a service or the cloud's configuration are
listed in :data:`NEEDS_CLOUD` (docs/rules.md prints the list).

Only literal values are judged: a check that reads a value a function gives says nothing (``_validation_values``).
The first member of a ResourceGroup or AutoScalingGroup gets the same checks, but for translation rules: Heat
validates a nested stack leniently, and a rule there runs only on the properties the plugin happens to read.
Heat meets these faults when it validates the resource: not in a resource it leaves out, nor in an external one
(``external_id``: Heat validates nothing of its definition).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ....document import Mapping, Node, QuickFix, Scalar
from ....spec.nested_stacks import GROUPS, GroupType
from ....spec.resource_types import ResourceType, from_heat
from ...codes import define
from ...model.example_values import Alternatives
from ...model.required_properties import ParameterIndex, parameter_index, value_options
from ...model.template import TemplateModel
from ...report import AT_VALIDATE
from ...stack.dependencies import is_external
from ..context import RuleContext
from ..phases import MODEL
from . import _validation_checks, _validation_compute, _validation_neutron
from ._validation_messages import translation_conflict
from ._validation_values import Check, Finding, Props, Rename, Site, Unknown, top_level
from ._validation_wants import wanted_by

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E3026 = define(
    "E3026",
    "A combination of property values the resource type's own validation refuses (with Heat's message): "
    "a server with nothing to boot from, a subnet with neither `cidr` nor `subnetpool`, a property given with "
    "the one it replaces...",
    "resources:\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: private",
    "resources",
    slug="type-validation-fails",
    why="Beyond its schema, a type's own validate() refuses some combinations of values (a subnet needs cidr "
    "or subnetpool, a server something to boot from); the stack fails with that message.",
    instead="    properties:\n      network: private\n      cidr: 10.0.0.0/24",
    heat_step="stack validate",
    phase=PHASE.name,
)

_MODULES = (_validation_checks, _validation_compute, _validation_neutron)
CHECKS: dict[str, tuple[Check, ...]] = {k: v for m in _MODULES for k, v in m.CHECKS.items()}
RENAMES: dict[str, tuple[Rename, ...]] = {k: v for m in _MODULES for k, v in m.RENAMES.items()}

# The checks of plugins' validate() that need a cloud, as (types, what is checked, why it needs the cloud).
NEEDS_CLOUD: tuple[tuple[str, str, str], ...] = (
    (
        "OS::Nova::Server",
        "the image exists, and fits the flavor (the image's minimum disk and RAM)",
        "asks Glance and Nova",
    ),
    (
        "OS::Nova::Server",
        "`allocate_network`, a network's `tag`, `tags`, a block device's `volume_type`, and `personality` "
        "(refused once Nova dropped it)",
        "depends on the compute API microversions the cloud supports",
    ),
    (
        "OS::Nova::Server",
        "the number of `metadata` entries, and the number and size of `personality` files",
        "compared with the cloud's absolute limits",
    ),
    (
        "OS::Nova::KeyPair",
        "`key_type` and `user` are usable; `public_key` is required by the API version in use",
        "depends on the compute API microversions the cloud supports",
    ),
    (
        "OS::Nova::ServerGroup",
        "the soft-affinity and soft-anti-affinity policies, and `rules`",
        "depends on the compute API microversions the cloud supports",
    ),
    (
        "OS::Neutron::SecurityGroup",
        "`stateful: false`",
        "needs Neutron's stateful-security-group extension",
    ),
    (
        "OS::Manila::ShareNetwork",
        "`neutron_subnet` belongs to `neutron_network`",
        "looks both up in Neutron",
    ),
    (
        "OS::Trove::Instance, OS::Trove::Cluster",
        "the `datastore_type` and `datastore_version` exist (checked before the offline checks)",
        "asks Trove",
    ),
    ("OS::Blazar::Lease", "Blazar has a host to reserve", "asks Blazar"),
    (
        "OS::Heat::Stack",
        "the remote stack's template validates",
        "connects to the remote Heat endpoint, which validates it",
    ),
    (
        "OS::Heat::Delay",
        "`min_wait` plus the largest jitter fits the stack's timeout",
        "the timeout is the create request's, or the engine's stack_action_timeout",
    ),
    (
        "AWS::ElasticLoadBalancing::LoadBalancer",
        "the engine's loadbalancer_template file is readable; then its nested stack validates (it uses "
        "AWS::CloudWatch::Alarm, which Heat 27 does not register), before `HealthCheck` Interval >= Timeout",
        "depends on the engine's configuration",
    ),
)
# The other validate() methods: checked by other rules, or checking nothing.
ELSEWHERE: tuple[tuple[str, str], ...] = (
    (
        "Nested stacks (OS::Heat::ResourceGroup, AutoScalingGroup, ResourceChain, SoftwareDeploymentGroup, "
        "AWS::CloudFormation::Stack, template resources)",
        "validate their nested stack: a template resource's properties against its template's parameters are "
        "E3016-E3019 (template_resources), and E3026 checks the first member of a ResourceGroup or "
        "AutoScalingGroup as it checks a resource",
    ),
    ("OS::Heat::None and the retired types Heat keeps as placeholders", "validate nothing"),
    (
        "OS::Neutron::* other than Net and Firewall",
        "drop the answer of Neutron's `value_specs` check, so Heat never refuses it",
    ),
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    # The template's parameters indexed once, for the fixes that fill a value from one (a template with thousands
    # of servers without an image indexed its thousands of parameters once per server: 294 s instead of 2 s).
    indexed: list[ParameterIndex] = []

    def parameters() -> ParameterIndex:
        if not indexed:
            indexed.append(parameter_index((n, e.value) for n, e in model.parameters.items()))
        return indexed[0]

    for site in _sites(model):
        rtype = site.rtype
        try:
            props = top_level(site, rtype.properties)
        except Unknown:
            continue
        checks = CHECKS.get(rtype.name, ())
        whose = f"a member of `{site.group}`" if site.group else f"resource `{site.name}`"
        reported: set[tuple[int, int]] = set()
        # A nested stack is validated leniently: a translation rule then only runs on the properties the plugin
        # reads, and whether it meets both names depends on the type; members' translations are left alone.
        translated = site.renames and not site.group
        for one in (_translations, *checks) if translated else checks:
            try:
                found = list(one(props))
            except Unknown:
                continue
            for where, message in found:
                span = (where.start, where.end) if isinstance(where, Node) else where
                if span in reported:
                    continue  # Heat stops at the first fault: the next one at the same place shows once it is fixed
                reported.add(span)
                fix = _add_wanted(props, wanted_by(one), parameters) if where is props.anchor else None
                text = f"{message} ({whose}: {rtype.name}'s own validation)"
                report(E3026, where, text, data=fix, needs=AT_VALIDATE)


def alternatives(type_name: str) -> tuple[Alternatives, ...]:
    """What the checks of ``type_name`` want written (a skeleton writes the first way of each)."""
    return tuple(found for one in CHECKS.get(type_name, ()) for found in wanted_by(one))


def _add_wanted(
    props: Props, wants: tuple[Alternatives, ...], parameters: Callable[[], ParameterIndex]
) -> QuickFix | None:
    """E3026's fix where a check wants one of several properties and none is written: the first way, each value
    what a skeleton writes (a fitting parameter's get_param first). Into ``properties``, written when absent."""
    written = [str(pair.key_value) for pair in props.node.pairs] if props.node is not None else []
    top = [want for want in wants if not want.path and not want.met_by(written)]
    if not top:
        return None
    names = [name for name in top[0].ways[0] if name in props.schema and name not in written]
    values = [value_options(props.schema[name], parameters(), top)[0] for name in names]
    return QuickFix(fix="add_keys", key=None if props.node is not None else "properties", missing=names, values=values)


def _sites(model: TemplateModel) -> Iterator[Site]:
    """Each resource Heat's plugins validate with a check here, and the members of its groups."""
    for name, entry in model.resources.items():
        body = entry.body
        if body is None or (model.has_feature("resource_external_id") and is_external(body.get("external_id"))):
            continue  # Heat validates nothing of an external resource's definition
        rtype = _checked_type(model, body, name)
        if rtype is None:
            continue
        if rtype.name in CHECKS or rtype.name in RENAMES:
            yield Site(model, name, body, rtype, RENAMES.get(rtype.name, ()))
        group = GROUPS.get(rtype.name)
        if group is not None and group.definition is not None:
            member = _member(model, Site(model, name, body, rtype), group)
            if member is not None:
                yield member


def _member(model: TemplateModel, site: Site, group: GroupType) -> Site | None:
    """The first member of a group that makes one, as its nested stack validates it (ResourceGroup names it
    ``0``); None when the group makes none or how many is not settled."""
    try:
        props = top_level(site, site.rtype.properties)
        size = 0
        for name in group.sizes:  # the first size set and not 0 counts (Heat tests each for truth)
            value = props[name]
            size = value if value is not None else (group.default_size or 0)
            if size:
                break
        node = props.node.get(group.definition) if props.node is not None else None
        index_var = props[group.index_var] if group.index_var is not None else None
    except Unknown:
        return None
    if not size or not isinstance(node, Mapping) or model.call_at(node) is not None:
        return None
    rtype = _checked_type(model, node, None)
    if rtype is None or not (rtype.name in CHECKS or rtype.name in RENAMES):
        return None
    # ResourceGroup names its members by index; AutoScalingGroup gives them random names.
    name = "0" if group.index_var is not None else "<random name>"
    varying = index_var if isinstance(index_var, str) else ""
    return Site(model, name, node, rtype, RENAMES.get(rtype.name, ()), group=site.name, index_var=varying)


def _checked_type(model: TemplateModel, body: Mapping, name: str | None) -> ResourceType | None:
    """The type of Heat's a definition resolves to (a template resource or a user's type: no plugin of Heat's)."""
    type_node = body.get("type")
    if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str)):
        return None
    _, rtype = model.resolve_type(type_node.value, name)
    return rtype if rtype is not None and from_heat(rtype) else None


def _translations(p: Props) -> Iterator[Finding]:
    """A translation rule moving a value to a property also given: Heat refuses both."""
    for path, name, source in p.site.renames:
        for mapping in _mappings_at(p, path):
            try:
                where = mapping.given_twice(name)
            except Unknown:
                continue
            if where is not None:
                shown = [part for part in path if part != "*"]
                yield where, translation_conflict(".".join((*shown, name)), ".".join((*shown, *source)))


def _mappings_at(p: Props, path: tuple[str, ...]) -> list[Props]:
    """The mappings at ``path`` ("*": each item of the list before it)."""
    found = [p]
    index = 0
    while index < len(path):
        name = path[index]
        if path[index + 1 : index + 2] == ("*",):
            found = [item for mapping in found for item in mapping.items(name)]
            index += 2
        else:
            found = [sub for mapping in found if (sub := mapping.sub(name)) is not None]
            index += 1
    return found
