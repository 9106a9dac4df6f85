"""7xxx: what the engine refuses when it merges the environments a stack is created with (E7018).

Heat merges ``parameters`` and ``parameter_defaults`` of the given environment files in order, before it
validates anything (``environment_util.merge_environments``, see ``evaluation/environment_merge.py``), and refuses
the stack at the first parameter it cannot merge: a strategy that differs from the one the parameter already has
(``ConflictingMergeStrategyForParam``, also when only a later file declares it), a ``merge`` of a number or a
boolean, a text list then a YAML list... The finding stands at the template's declaration of that parameter
(a nested template's parameter: at the version line, naming it), naming the file; it runs only with environments given (each file alone cannot know the order nor the types).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ....document import Node
from ...codes import define
from ...evaluation.environment_merge import merge_environments
from ...evaluation.inputs import EnvironmentValues, merge_error_text
from ...files.stack_templates import nested_models
from ...model.template import TemplateModel
from ..context import RuleContext
from ..phases import EVALUATION

_AREA = "environment"
PHASE = EVALUATION  # (rules/phases.py: the template, with the environments given for it)

E7018 = define(
    "E7018",
    "The environments given with a template merge as Heat refuses: a parameter_merge_strategies entry that "
    "differs from the strategy the parameter already has (ConflictingMergeStrategyForParam: also when only a later "
    "file declares it), or a `merge` Heat cannot do for the parameter's type (a number or boolean value: Invalid "
    "parameter in environment).",
    "(env1.yaml: parameter_defaults: {name: a}\nenv2.yaml: parameter_merge_strategies: {name: merge}\n"
    "           parameter_defaults: {name: b}\nchecked with --env env1.yaml --env env2.yaml)",
    _AREA,
    slug="environment-merge-refused",
    why="A parameter keeps the merge strategy of the first file that sets it (overwrite, unless that file says "
    "otherwise): 'Conflicting merge strategy 'merge' for parameter 'name' in file 'env2.yaml'.' And merge joins "
    "values by type: a YAML number fails ('Invalid parameter in environment .').",
    instead="(env1.yaml: parameter_merge_strategies: {name: merge}\n           parameter_defaults: {name: a})",
    heat_step="stack create: environment merge (before validation)",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    environments = context.inputs.environments
    if not environments:
        return
    model = context.model
    types: dict[str, str] = {}
    own = _types_of(model)
    around, path = context.around, context.document_path
    if around is not None and path is not None and not _may_fail(environments) <= set(own):
        # Heat's all_param_schemata: every template of the stack (read only when a name that may fail is not the
        # top template's: most stacks' environments merge nothing)
        for nested in nested_models(os.path.abspath(path), model, around):
            types.update(_types_of(nested))
    types.update(own)  # the top template's win
    for error in merge_environments(environments, types).errors:
        if not error.parameter:  # a list section two files set: the stack's, said at its version line
            context.report(
                E7018,
                _version_key(model),
                f"Heat refuses these environments: `{error.section}` is set by {error.environment} and by an "
                f"earlier file, and Heat merges that section as a map ({error.message}). Set it in one file only.",
            )
            continue
        entry = model.parameters.get(error.parameter)
        whose = "" if entry is not None else ", a parameter of a nested template (Heat merges every template's)"
        context.report(
            E7018,
            entry.key if entry is not None else _version_key(model),
            f"Heat refuses these environments for `{error.parameter}`{whose} ({error.section} in "
            f"{error.environment}): "
            f"{merge_error_text(error)}{_hint(error.error)}",
        )


def _may_fail(environments: Sequence[EnvironmentValues]) -> set[str]:
    """The names whose merge Heat may refuse: set by two files (a strategy conflict), or given a merge strategy."""
    seen: set[str] = set()
    twice: set[str] = set()
    for env in environments:
        names = set(env.parameters) | set(env.parameter_defaults)
        twice |= seen & names
        seen |= names
        twice |= {name for name, strategy in env.merge_strategies.items() if strategy in ("merge", "deep_merge")}
        if env.merge_strategies.get("default") in ("merge", "deep_merge"):
            twice |= names
    return twice


def _version_key(model: TemplateModel) -> Node | tuple[int, int]:
    """Where a finding about the whole stack stands: the template's version line (a nested template's parameter
    is said there too, naming it)."""
    version = model.root.pair("heat_template_version")
    return version.key if version is not None else (0, 1)


def _types_of(model: TemplateModel) -> dict[str, str]:
    types = {}
    for name, declaration in model.parameters.items():
        declared = declaration.scalar("type")
        types[name] = declared if isinstance(declared, str) else "string"
    return types


def _hint(error: str) -> str:
    if error == "ConflictingMergeStrategyForParam":
        return (
            " A parameter keeps the strategy of the first file that sets it: declare the same strategy there "
            "(or in every file)."
        )
    return " With merge or deep_merge, Heat joins the values by the parameter's type."
