"""Which resource types make nested stacks, and how (heat-27-facts.md §7).

Two kinds do: a *template resource*, whose type names a template file, and the *group* types, whose members
Heat builds in a nested stack of their own, named ``"0"`` … ``"N-1"``. These are the facts; how hot-lsp
evaluates members and checks them lives in ``analysis/`` (``template_tree``, ``type_slots``,
``rules/cross_file/template_resources``).
"""

from __future__ import annotations

from dataclasses import dataclass

# A type ending so is a template file (``environment.ResourceRegistry.iterable_by``: Heat makes a
# ``TemplateResourceInfo`` for it), and so is a registry value, or key, ending so (``ResourceInfo.__new__``).
# python-heatclient bundles a ``type:`` so named into the ``files`` it sends with the template.
TEMPLATE_SUFFIXES = (".yaml", ".template")


@dataclass(frozen=True, slots=True)
class GroupAttributes:
    """What ``get_attr`` reads on a group (``Resource.get_attribute`` of the group's plugin)."""

    own: tuple[str, ...]  # attributes of the group itself
    # Attributes whose next get_attr argument names the members' attribute (``[group, outputs, out]``).
    member_paths: tuple[str, ...]
    others_read_members: bool  # any other name reads that attribute of every member (True) or is an error


@dataclass(frozen=True, slots=True)
class GroupType:
    """One of Heat's group resource types: where its members' types and properties are written, and how many
    members it makes. Exactly one of ``definition`` and ``type_list`` is set."""

    # The property holding the one definition every member is made from: ``{type, properties}``.
    definition: str | None = None
    # Or the property listing the members' types, one member for each, in order.
    type_list: str | None = None
    # With a type list: the property whose value is every member's properties.
    shared_properties: str | None = None
    # With a definition: the properties giving the number of members, in Heat's order (the first that is set
    # and not 0 counts), and the number when none is set.
    sizes: tuple[str, ...] = ()
    default_size: int | None = None
    # The property naming the text each member's index replaces in its properties, and that text's default.
    index_var: str | None = None
    index_var_default: str | None = None
    # Members chain (each depends on the one before) unless this property is true; None: they never chain.
    chained_unless: str | None = None
    # What get_attr reads on the group; None: not recorded (hot-lsp checks no get_attr of it).
    attributes: GroupAttributes | None = None

    @property
    def member_type_path(self) -> tuple[str, ...]:
        """Where the member type (or the list of them) is written, under the group's ``properties``."""
        if self.definition is not None:
            return (self.definition, "type")
        assert self.type_list is not None
        return (self.type_list,)


GROUPS: dict[str, GroupType] = {
    # heat/engine/resources/openstack/heat/resource_group.py
    "OS::Heat::ResourceGroup": GroupType(
        definition="resource_def",
        sizes=("count",),
        default_size=1,
        index_var="index_var",
        index_var_default="%index%",
        attributes=GroupAttributes(("refs", "refs_map", "removed_rsrc_list", "show"), ("attributes",), True),
    ),
    # heat/engine/resources/openstack/heat/autoscaling_group.py: the initial size is desired_capacity, else
    # min_size.
    "OS::Heat::AutoScalingGroup": GroupType(
        definition="resource",
        sizes=("desired_capacity", "min_size"),
        attributes=GroupAttributes(("current_size", "refs", "refs_map", "show"), ("outputs", "outputs_list"), False),
    ),
    # heat/engine/resources/openstack/heat/resource_chain.py
    "OS::Heat::ResourceChain": GroupType(
        type_list="resources",
        shared_properties="resource_properties",
        chained_unless="concurrent",
    ),
}

# The groups whose members are made from one definition, by the property that holds it.
MEMBER_DEFINITIONS: dict[str, str] = {name: group.definition for name, group in GROUPS.items() if group.definition}
