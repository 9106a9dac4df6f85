"""How a resource field's value is written, for the resource rules' messages and their tests of it."""

from __future__ import annotations

from ....document import Mapping, Node, Scalar, Sequence
from ...model.template import TemplateModel, looks_like_function


def looks_like_call(model: TemplateModel, value: Node) -> bool:
    """A one-key mapping written like a function call, of any version, CFN, or a near-miss name."""
    if not isinstance(value, Mapping) or len(value.pairs) != 1:
        return False
    key = value.pairs[0].key_value
    return isinstance(key, str) and looks_like_function(key, model.version)


def first_char(node: Node) -> tuple[int, int]:
    """Its first character: a collection's range runs many lines."""
    return node.start, node.start + 1


def shown(node: Node | None) -> str:
    """What a message says a value is: ``a number ('3')``, ``a list``..."""
    if isinstance(node, Scalar):
        if node.value is None:
            return "empty (null)"
        kind = {"int": "a number", "float": "a number", "bool": "a boolean", "str": "a string"}.get(node.tag, node.tag)
        return f"{kind} ({node.text!r})"
    if isinstance(node, Sequence):
        return "a list"
    if isinstance(node, Mapping):
        return "a mapping"
    return "nothing"
