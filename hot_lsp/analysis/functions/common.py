"""Helpers the functions' evaluations share."""

from __future__ import annotations

import json
from typing import Any

from ...document import Node, Sequence
from ..values.evaluated import Symbol, is_known
from ..values.problems import Unknown
from .base import Call, Evaluating


def need(value: Any) -> Any:
    """``value`` when it is known offline; Unknown otherwise (the call stays symbolic)."""
    if not is_known(value):
        raise Unknown
    return value


def scalar_parameter(ev: Evaluating, value: Any) -> tuple[str, str] | None:
    """(name, type) when ``value`` is a whole number or boolean parameter that has no value offline: its value is
    unknown, but it is a number or a boolean whatever it is."""
    if not (isinstance(value, Symbol) and value.name == "get_param" and isinstance(value.args, str)):
        return None
    parameter = ev.parameters.get(value.args)
    kind = getattr(parameter, "type", None)
    return (value.args, kind) if kind in ("number", "boolean") else None


def items(node: Node) -> tuple[Node, ...]:
    return node.items if isinstance(node, Sequence) else ()


def json_text(value: Any) -> str:
    """oslo jsonutils.dumps(value, default=None, sort_keys=True), as Heat encodes maps and lists."""
    return json.dumps(value, sort_keys=True)


def run_time(ev: Evaluating, call: Call) -> Any:
    """A value only a running stack knows (get_resource, get_attr, resource_facade...): the call itself."""
    with ev.muted():
        args = ev.argument(call.args, call.path, call.context)
    return Symbol(call.name, args)
