"""The whole template resolved offline, like a stack preview (docs/cli.md: ``hot-lsp render``).

``evaluation()`` builds one ``Evaluation`` per analysis and inputs (cached on the analysis, so hovers,
inlay hints and the 8xxx rule share it); ``Evaluation.render()`` walks the template the way Heat builds
a stack: used conditions, then each resource (its condition first; a disabled resource's values are
still shown but cannot fail), then each output.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...document import Mapping, Node, Scalar, Sequence
from ...spec.structure import DEFAULT_DELETION_POLICY
from ..model.template import TemplateModel
from ..result import Analysis
from ..values.evaluated import OMIT, Symbol, plain
from ..values.file_source import FileSource
from ..values.problems import DEFAULT_LIMITS, HeatError, Limits, Problem
from .evaluator import Evaluator
from .inputs import NO_INPUTS, Inputs, ParameterValue, resolve_parameters
from .preview_properties import previewed_properties
from .reuse import Walked, entry_value, start_walk, still_valid

HIDDEN = "******"


@dataclass(slots=True)
class Evaluation:
    """An evaluator for one analysis and one set of inputs, with the template rendered on demand."""

    analysis: Analysis
    evaluator: Evaluator
    parameters: dict[str, ParameterValue]
    input_errors: list[tuple[str, str]]  # (path, message)
    _rendered: dict[bool, dict[str, Any]] = field(default_factory=dict, repr=False)  # by ``with_defaults``

    _walked: dict[str, Any] | None = field(default=None, repr=False)
    # Facts built from this evaluation by the modules that read it (heat_reach), keyed by their builder.
    derived: dict[Any, Any] = field(default_factory=dict, repr=False)
    # For the walk to take entries from the previous text's evaluation under the same key (reuse.py): the key
    # ("" when not cached, nothing taken), the inputs, files and bounds it evaluates with.
    key: str = ""
    inputs: Inputs = NO_INPUTS
    files: FileSource | None = None
    limits: Limits = DEFAULT_LIMITS

    @property
    def problems(self) -> list[Problem]:
        self.walk()
        return self.evaluator.problems

    def walk(self) -> dict[str, Any]:
        """Every condition, resource and output evaluated (raw values; ``render`` makes them JSON)."""
        if self._walked is None:
            self._walked = _walk(self)
        return self._walked

    def render(self, with_defaults: bool = False) -> dict[str, Any]:
        """The render JSON: each value as Heat resolves what the template writes; ``with_defaults``: each resource's
        properties as Heat's stack preview shows them instead (its type's every property, defaults filled in)."""
        rendered = self._rendered.get(with_defaults)
        if rendered is None:
            rendered = self._rendered[with_defaults] = _render(self, with_defaults)
        return rendered


def evaluation(
    analysis: Analysis,
    inputs: Inputs = NO_INPUTS,
    files: FileSource | None = None,
    limits: Limits = DEFAULT_LIMITS,
    key: str = "",
) -> Evaluation | None:
    """The evaluation of a template analysis (None for anything else); cached per ``key`` when given."""
    model = analysis.model
    if model is None:
        return None

    if not key and inputs == NO_INPUTS and files is None and limits == DEFAULT_LIMITS:
        key = "defaults"  # what the diagnostics and a plain render both use
    if not key:
        return _build_evaluation(analysis, model, inputs, files, limits)
    kept = analysis.derive(_evaluations_by_key)
    found = kept.get(key)
    if found is None:
        found = kept[key] = _build_evaluation(analysis, model, inputs, files, limits, key)
    return found


def _evaluations_by_key(analysis: Analysis) -> dict[str, Evaluation]:
    """The evaluations kept with an analysis, by the key their callers name them with (the inputs they use)."""
    return {}


def _build_evaluation(
    analysis: Analysis, model: TemplateModel, inputs: Inputs, files: FileSource | None, limits: Limits, key: str = ""
) -> Evaluation:
    parameters, errors = resolve_parameters(model, inputs)
    evaluator = Evaluator(model, parameters, files, limits)
    return Evaluation(analysis, evaluator, parameters, errors, key=key, inputs=inputs, files=files, limits=limits)


def render(
    analysis: Analysis,
    inputs: Inputs = NO_INPUTS,
    files: FileSource | None = None,
    limits: Limits = DEFAULT_LIMITS,
    with_defaults: bool = False,
) -> dict[str, Any]:
    """The render JSON (docs/cli.md) for a template: version, parameters, conditions, resources, outputs, errors.
    ``with_defaults``: resources' properties shaped by their types' schemas, as Heat's stack preview shows them."""
    found = evaluation(analysis, inputs, files, limits)
    if found is None:
        return {
            "version": None,
            "parameters": {},
            "conditions": {},
            "resources": {},
            "outputs": {},
            "errors": [{"path": "", "message": "Not a HOT template."}],
        }
    return found.render(with_defaults)


def _walk(found: Evaluation) -> dict[str, Any]:
    ev = found.evaluator
    model = ev.model
    # Entries unchanged since the previous text's evaluation (under the same key) are taken from it.
    now = start_walk(model, found.inputs, found.limits)
    earlier = None
    if found.key and found.analysis.earlier is not None:
        kept = found.analysis.earlier.memo.get((Walked, found.key))
        earlier = still_valid(kept if isinstance(kept, Walked) else None, now, found.files)
    parameters = found.parameters
    # Heat evaluates conditions lazily, as resources and outputs ask for them, so a cycle is named after
    # the condition entered first; the conditions nothing uses are only parsed, never resolved.
    resources = {
        name: entry_value(ev, parameters, "resources", entry, partial(_resource, ev, name, entry.value), earlier, now)
        for name, entry in model.resources.items()
    }
    outputs = {
        name: entry_value(ev, parameters, "outputs", entry, partial(_output, ev, name, entry.value), earlier, now)
        for name, entry in model.outputs.items()
    }
    if found.key:
        found.analysis.parsed.memo[(Walked, found.key)] = now
    referenced = {r.name for r in model.references if r.kind == "condition"}
    conditions: dict[str, Any] = {}
    for name in model.conditions:
        if name in referenced:
            value = ev.condition_named(name)
        else:
            with ev.unresolved():
                value = ev.condition_named(name)
        conditions[name] = value if isinstance(value, bool) else None
    return {"conditions": conditions, "resources": resources, "outputs": outputs}


def _render(found: Evaluation, with_defaults: bool) -> dict[str, Any]:
    walked = found.walk()
    ev = found.evaluator
    model = ev.model
    errors: list[dict[str, str]] = [{"path": path, "message": message} for path, message in found.input_errors]
    parameters: dict[str, Any] = {}
    for name, entry in model.parameters.items():
        value = found.parameters[name]
        hidden = bool(entry.scalar("hidden"))
        if value.error is not None:
            errors.append({"path": f"parameters.{name}", "message": value.error})
        errors.extend({"path": f"parameters.{name}", "message": message} for message in value.violations)
        if value.source == "no value":
            errors.append({"path": f"parameters.{name}", "message": f"The Parameter ({name}) was not provided."})
        shown = None if isinstance(value.value, Symbol) else plain(value.value)
        parameters[name] = HIDDEN if hidden and shown is not None else shown
    errors.extend({"path": p.path, "message": p.message} for p in ev.problems if p.fatal)
    version_node = model.version_pair.value if model.version_pair is not None else None
    return {
        "version": version_node.value if isinstance(version_node, Scalar) else None,
        "parameters": parameters,
        "conditions": walked["conditions"],
        "resources": plain(
            {name: _previewed(model, name, fields) for name, fields in walked["resources"].items()}
            if with_defaults
            else walked["resources"]
        ),
        "outputs": plain(walked["outputs"]),
        "errors": errors,
    }


def _previewed(model: TemplateModel, name: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A resource's walked fields with its properties as Heat's preview shows them, when its type's schema is known
    (through the registry in effect: Heat's global environment, the environment files' registries)."""
    entry = model.resources.get(name)
    type_name = fields.get("type")
    if "properties" not in fields or entry is None or not isinstance(entry.value, Mapping):
        return fields
    if not isinstance(type_name, str):
        return fields
    kind, resource_type = model.resolve_type(type_name, name)
    if kind != "type" or resource_type is None:
        return fields
    description = _literal(entry.value.get("description"))
    shown = previewed_properties(
        resource_type, fields["properties"], description if isinstance(description, str) else None
    )
    return {**fields, "properties": shown}


def resource_enabled(ev: Evaluator, body: Mapping) -> Any:
    """True, False, or a Symbol when the resource's condition depends on run time."""
    node = body.get("condition")
    if node is None:
        return True

    try:
        return ev.condition_value(node, "")
    except HeatError:
        return Symbol("condition", plain(node.to_python()), failed=True)


def _resource(ev: Evaluator, name: str, node: Node) -> dict[str, Any]:
    if not isinstance(node, Mapping):
        return {"type": None, "enabled": False}
    where = f"resources.{name}"
    enabled = resource_enabled(ev, node)
    result: dict[str, Any] = {
        "type": _literal(node.get("type")),
        "enabled": enabled if isinstance(enabled, bool) else None,
    }
    if enabled is True:
        result.update(_resource_fields(ev, node, where))
    else:  # Heat parses a disabled resource but never resolves it
        with ev.unresolved():
            result.update(_resource_fields(ev, node, where))
    return result


def _resource_fields(ev: Evaluator, node: Mapping, where: str) -> dict[str, Any]:
    def field_value(key: str, default: Any) -> Any:
        child = node.get(key)
        if child is None:
            return default
        value = ev.evaluate_field(child, f"{where}.{key}")
        return default if value is OMIT or value is None else value

    depends_on = node.get("depends_on")
    if isinstance(depends_on, Sequence):
        dependencies = [_literal(item) for item in depends_on.items]
    elif depends_on is not None and _literal(depends_on) is not None:
        dependencies = [_literal(depends_on)]
    else:
        dependencies = []
    return {
        "properties": field_value("properties", {}),
        "metadata": field_value("metadata", {}),
        "depends_on": dependencies,
        "deletion_policy": field_value("deletion_policy", DEFAULT_DELETION_POLICY),
        "update_policy": field_value("update_policy", {}),
    }


def _output(ev: Evaluator, name: str, node: Node) -> Any:
    if not isinstance(node, Mapping):
        return None
    enabled = resource_enabled(ev, node)
    value_node = node.get("value")
    if value_node is None:
        return None
    if enabled is not True:
        with ev.unresolved():
            value = ev.evaluate_field(value_node, f"outputs.{name}.value")
        return None if enabled is False else Symbol("if", [enabled, value, None])
    value = ev.evaluate_field(value_node, f"outputs.{name}.value")
    return None if value is OMIT else value


def _literal(node: Node | None) -> Any:
    if node is None:
        return None
    return node.value if isinstance(node, Scalar) else plain(node.to_python())
