"""7xxx: a nested template's own faults, seen from the parent, as Heat validates the stack (issue 28, item 1).

Heat validates each nested stack in the stack's context (the environments' registry and ``parameter_defaults``)
and fails the parent with ``resources.box<file://lib/box.yaml>: <the child's fault>``. Once the environments are
given (``--env``, ``hotLsp.environments``), every template a resource reaches through a ``type:`` path or a registry
mapping is analysed with them (:mod:`...files.child_analysis`, cached per child version and context), and the
child's errors that do not depend on the values the parent passes are reported at the parent's ``type``. The
child's own diagnostics stay in the child. A group's member type (``ResourceGroup``'s ``resource_def``,
``AutoScalingGroup``'s ``resource``, ``ResourceChain``'s first ``resources`` entry) is followed the same way: Heat
validates the first member, ``"0"``, and its fault is reported at the member's ``type`` as
``resources.NAME<nested_stack>.resources.0<file://PATH>: ...``. The child's place goes with the finding as its
``related`` (LSP ``relatedInformation``, ``related`` in check's JSON, SARIF ``relatedLocations``).
"""

from __future__ import annotations

import os

from ....document import Mapping, Node, Scalar, Sequence
from ....spec.nested_stacks import GROUPS, GroupType
from ...codes import define
from ...evaluation.render import Evaluation, resource_enabled
from ...files.child_analysis import ChildFault, Passed, child_faults
from ...model.template import Entry
from ...stack.template_tree import first_member, known_values, resource_properties
from ...values.problems import HeatError
from ..context import RuleContext
from ..evaluation.evaluated import diagnostics_evaluation
from ..phases import CROSS_FILE

PHASE = CROSS_FILE  # (rules/phases.py: when this unit runs)

E7020 = define(
    "E7020",
    "A nested template (a `type:` file or a registry mapping) that Heat refuses when it validates the nested stack "
    "with the stack's environments: the child's error, worded as Heat words it at the parent "
    "(`resources.NAME<file://PATH>: ...`), with the child's file and line. Checked once environments are given.",
    "(`type: lib/box.yaml`, checked with `--env env.yaml`, where lib/box.yaml has an output reading a resource it "
    "does not have)",
    "cross_file",
    slug="nested-template-fault",
    why="Heat validates every nested stack with the parameters and environment of the stack being created, and "
    "fails the whole request with the child's fault ('resources.box<file://lib/box.yaml>: ...').",
    instead="(fix the nested template: its file shows the fault at its place)",
    heat_step="validate (each nested stack's validate_nested_stack)",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report, around = context.model, context.report, context.around
    assert around is not None  # (the phase runs only with files around)
    if not around.environments_known or around.document_path is None or context.analyse_child is None:
        return  # without the environments, what one could supply is not known (the child's own check says it)
    if not isinstance(model.section("resources"), Mapping):
        return
    folder = os.path.dirname(around.document_path)
    evaluated: Evaluation | None = None
    for name, entry in model.resources.items():
        type_node = entry.get("type")
        if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str)):
            continue
        resolution = around.registry.resolve(type_node.value, name)
        group = GROUPS.get(resolution.name) if resolution.kind == "type" else None
        member = None if group is None else _member_type(entry.get("properties"), group)
        # A group's members are the nested stack "0" ... of the member type (Heat validates "0"); their names are
        # the registry's resource names for them.
        shown_node, written, child_name = (
            (member, member.value, "0") if member is not None else (type_node, type_node.value, name)
        )
        child = around.child(written, child_name)
        if child is None or child.path is None or child.loaded is None or child.loaded.missing:
            continue  # not a template resource, or a file W7012/W7008 already names
        if evaluated is None:
            evaluated = diagnostics_evaluation(context.analysis, context.inputs, context.files)
        passed = _passed(evaluated, entry, group) if evaluated is not None else None
        if passed is None:
            continue  # a resource its condition leaves out of the stack: Heat never validates its nested stack
        fault = child_faults(child.path, around, context.resource_type_paths, context.analyse_child, passed)
        if fault is None:
            continue
        related = fault.places or ((fault.place,) if fault.place is not None else ())
        report(E7020, shown_node, _message(name, fault, folder, member=member is not None), related=related)


def _passed(found: Evaluation, entry: Entry, group: GroupType | None) -> Passed | None:
    """The parameters the resource's nested stack gets when Heat validates the stack: its properties (a group's:
    member "0"'s) as evaluated with the stack's values; None when its condition is false with them."""
    evaluator, body = found.evaluator, entry.body
    with evaluator.muted():  # (the evaluation phase reports the parent's own faults)
        try:
            if body is not None and resource_enabled(evaluator, body) is False:
                return None
        except HeatError:
            pass
        props = resource_properties(evaluator, entry, True)
    if group is not None:
        member = first_member(group, props)
        props = member[1] if member is not None else {}
    return Passed(known_values(props), f"properties of {entry.name}")


def _member_type(properties: Node | None, group: GroupType) -> Scalar | None:
    """The written type of a group's first member, when it is a plain string."""
    node: Node | None = properties
    for key in group.member_type_path:
        node = node.get(key) if isinstance(node, Mapping) else None
    if isinstance(node, Sequence):
        node = node.items[0] if node.items else None  # a ResourceChain: one member per type, "0" first
    return node if isinstance(node, Scalar) and isinstance(node.value, str) else None


# A child's faults Heat meets while it reads the nested stack's template, before it names the member.
_READING_CODES = frozenset({"E0001", "E6001"})


def _message(resource: str, fault: ChildFault, folder: str, member: bool = False) -> str:
    shown = os.path.relpath(fault.path, folder)
    more = f" (and {fault.others} more in {shown})" if fault.others else ""
    if not member:
        prefix = f"resources.{resource}<file://{shown}>"
    elif fault.code in _READING_CODES:
        prefix = f"resources.{resource}<nested_stack>"
    else:
        prefix = f"resources.{resource}<nested_stack>.resources.0<file://{shown}>"
    return f"{prefix}: {fault.message} [{shown}:{fault.line}]{more}"
