"""3xxx, with values: a property whose value a function computes, checked against its schema once computed.

The static rules judge what is written; a property written as a function (``{get_param: cidr}``, a
``list_join``...) is judged here on the value Heat would compute with the same values the evaluation uses (the
defaults, and the environments' values when given). Heat resolves an enabled resource's properties and validates
them before it creates the stack (``Properties.validate(with_value=True)``): a default that a property refuses
fails the stack create exactly as a literal would. A value that depends on a parameter without a value, or on one
known only at run time, is not judged; a resource Heat does not validate (disabled, a placeholder type, a branch it
does not take) gets a warning from ``heat_reach``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ....document import Mapping, Node, Scalar, Sequence
from ....spec import PropertySchema
from ...evaluation.render import Evaluation, resource_enabled
from ...model.template import TemplateModel
from ...report import AT_VALIDATE, Reporter
from ...values.evaluated import OMIT, is_known
from ...values.property_values import value_problem
from ..resources.properties import E3018, E3019


def check(found: Evaluation, report: Reporter) -> None:
    evaluator = found.evaluator
    model = evaluator.model
    # What the static rules already said of a value (an `if` whose both branches the property refuses...).
    said = sorted(d.start for d in report.diagnostics if d.code in (E3018, E3019))
    for name, entry in model.resources.items():
        body = entry.body
        if body is None:
            continue
        schema = _schema(model, name, body)
        properties = body.get("properties")
        if schema is None or not isinstance(properties, Mapping) or model.call_at(properties) is not None:
            continue
        with evaluator.muted():
            if resource_enabled(evaluator, body) is not True:
                continue
        for pair in properties.entries():
            prop = schema.get(pair.key_value) if isinstance(pair.key_value, str) else None
            if prop is None or prop.type == "Any" or not _computed(model, pair.value):
                continue
            if any(pair.value.start <= start < pair.value.end for start in said):
                continue
            path = f"resources.{name}.properties.{pair.key_value}"
            with evaluator.muted():
                value = evaluator.evaluate(pair.value, path)
            if value is OMIT or not is_known(value):
                continue
            _judge(found, report, prop, pair.value, value, name, str(pair.key_value))


def _schema(model: TemplateModel, name: str, body: Mapping) -> dict[str, PropertySchema] | None:
    type_node = body.get("type")
    if not (isinstance(type_node, Scalar) and isinstance(type_node.value, str)):
        return None
    kind, resource_type = model.resolve_type(type_node.value, name)
    if kind != "type" or resource_type is None or resource_type.placeholder:
        return None
    return resource_type.properties


def _computed(model: TemplateModel, node: Node) -> bool:
    """A value with a call in it (a literal is the static rules' to judge)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Mapping):
            if model.call_at(current) is not None:
                return True
            stack.extend(pair.value for pair in current.pairs)
        elif isinstance(current, Sequence):
            stack.extend(current.items)
    return False


def _judge(
    found: Evaluation, report: Reporter, prop: PropertySchema, node: Node, value: Any, resource: str, key: str
) -> None:
    problem = value_problem(prop, value)
    if problem is None:
        return
    typed = value_problem(replace(prop, constraints=()), value) is not None
    reads = found.evaluator.reads_of(node)
    given = [read for read in reads if read.source not in ("pseudo", "no value")]
    if any(read.source == "default" and read.value in ("", {}, []) for read in given):
        # An empty default is a placeholder the parent or environment fills; only a literal value is judged here.
        return
    said = ", ".join(f"{read.name} = {_short(read.value)} ({_source(read.source)})" for read in given[:3])
    values = f" with {said}" if said else ""
    report(
        E3018 if typed else E3019,
        _at(found.evaluator.model, node),
        f"{problem.rstrip()} (resource `{resource}`, properties.{key}, as Heat computes it{values}). Heat resolves "
        "the value before it creates the resource, and refuses it.",
        needs=AT_VALIDATE,
    )


def _at(model: TemplateModel, node: Node) -> Node | tuple[int, int]:
    """The value when it fits on its line, else its first line."""
    newline = model.parsed.text.find("\n", node.start, node.end)
    return node if newline < 0 else (node.start, max(newline, node.start + 1))


def _source(source: str) -> str:
    return "its default" if source == "default" else source


def _short(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
