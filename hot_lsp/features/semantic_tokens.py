"""Semantic tokens: intrinsic function names; the names of parameters, resources and conditions where they are
defined and wherever they are referenced; resource types, property keys and the attributes ``get_attr`` reads.

Token types and modifiers (``LEGEND``):

- ``function`` (+ ``defaultLibrary``): an intrinsic or condition function's name, e.g. ``get_param``;
- ``parameter``: a parameter name; pseudo parameters (``OS::stack_name``) add ``defaultLibrary`` and
  ``readonly``;
- ``variable``: a resource name;
- ``enumMember``: a condition name;
- ``type``: a resource's ``type`` value;
- ``property``: a key of a resource's ``properties``; with ``readonly``, the attribute a ``get_attr`` reads;
- ``declaration``: on the key that defines a parameter, resource or condition;
- ``deprecated``: on a type, property or attribute the catalogue marks DEPRECATED or HIDDEN (support_status).

Tokens never span lines (a name written over several lines is left out) and their lengths count the
negotiated position encoding's units.
"""

from __future__ import annotations

from lsprotocol import types

from .. import spec
from ..analysis.model.template import TemplateModel
from ..analysis.result import Analysis
from ..document import Mapping, Scalar, Sequence
from ..document.positions import Encoding
from ..spec.resource_types import SupportStatus
from ._targets import target_index, token_span
from .semantic_token_legend import LEGEND as LEGEND  # the legend these tokens are read with
from .semantic_token_legend import TOKEN_MODIFIERS, TOKEN_TYPES
from .snapshot import Snapshot

_TYPE = {name: index for index, name in enumerate(TOKEN_TYPES)}
_MODIFIER = {name: 1 << index for index, name in enumerate(TOKEN_MODIFIERS)}
_DECLARATION, _DEFAULT_LIBRARY, _READONLY, _DEPRECATED = (
    _MODIFIER[name] for name in ("declaration", "defaultLibrary", "readonly", "deprecated")
)
_TYPE_OF_KIND = {"parameter": _TYPE["parameter"], "resource": _TYPE["variable"], "condition": _TYPE["enumMember"]}
_PSEUDO = frozenset(spec.PSEUDO_PARAMETERS) | frozenset(spec.UNUSABLE_PSEUDO_PARAMETERS)

# (line, character, length, type, modifiers), in document order
Token = tuple[int, int, int, int, int]


def semantic_tokens(snapshot: Snapshot) -> types.SemanticTokens:
    return types.SemanticTokens(data=_encode(_tokens(snapshot.analysis, snapshot.encoding)))


def semantic_tokens_range(snapshot: Snapshot, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
    """The tokens that start inside ``params.range`` (for clients that ask for the visible part only)."""
    start, end = params.range.start, params.range.end
    chosen = [
        token
        for token in _tokens(snapshot.analysis, snapshot.encoding)
        if (start.line, start.character) <= token[:2] < (end.line, end.character)
    ]
    return types.SemanticTokens(data=_encode(chosen))


def _tokens(analysis: Analysis, encoding: Encoding) -> list[Token]:
    if analysis.model is None:
        return []
    return analysis.derive(_collect, encoding)


def _collect(analysis: Analysis, encoding: Encoding) -> list[Token]:
    model = analysis.model
    assert model is not None
    text = analysis.text
    spans: list[tuple[int, int, int, int]] = []  # start, end, type, modifiers
    for call in model.calls:
        start, end = token_span(text, call.key)
        spans.append((start, end, _TYPE["function"], _DEFAULT_LIBRARY))
    for target in target_index(analysis).targets:
        start, end = token_span(text, target.node)
        modifiers = 0
        if target.is_definition:
            modifiers |= _DECLARATION
        elif target.kind == "parameter" and target.name in _PSEUDO:
            modifiers |= _DEFAULT_LIBRARY | _READONLY
        spans.append((start, end, _TYPE_OF_KIND[target.kind], modifiers))
    spans.extend(_resource_spans(model, text))
    spans.sort()
    position = analysis.parsed.lines.position
    tokens: list[Token] = []
    previous_end = -1
    for start, end, token_type, modifiers in spans:
        segment = text[start:end]
        if end <= start or start < previous_end or "\n" in segment or "\r" in segment:
            continue  # empty, overlapping (never expected) or spread over lines
        line, character = position(start, encoding)
        tokens.append((line, character, _length(segment, encoding), token_type, modifiers))
        previous_end = end
    return tokens


def _resource_spans(model: TemplateModel, text: str) -> list[tuple[int, int, int, int]]:
    """Each resource's type value and property keys, and the attribute of each ``get_attr``; ``deprecated``
    where the type the resource resolves to (through the registry) says so."""
    spans: list[tuple[int, int, int, int]] = []
    for name, entry in model.resources.items():
        type_node = entry.get("type")
        if not isinstance(type_node, Scalar) or not isinstance(type_node.value, str):
            continue
        _, resource_type = model.resolve_type(type_node.value, name)
        modifiers = _DEPRECATED if resource_type is not None and _retired(resource_type.support_status) else 0
        start, end = token_span(text, type_node)
        spans.append((start, end, _TYPE["type"], modifiers))
        properties = entry.get("properties")
        if not isinstance(properties, Mapping):
            continue
        schemas = resource_type.properties if resource_type is not None else {}
        for pair in properties.pairs:
            key = pair.key
            if not isinstance(key, Scalar) or not isinstance(key.value, str):
                continue
            schema = schemas.get(key.value)
            modifiers = _DEPRECATED if schema is not None and _retired(schema.support_status) else 0
            start, end = token_span(text, key)
            spans.append((start, end, _TYPE["property"], modifiers))
    for call in model.calls:
        if call.name != "get_attr" or not isinstance(call.args, Sequence) or len(call.args.items) < 2:
            continue
        owner, attribute = call.args.items[0], call.args.items[1]
        if not isinstance(attribute, Scalar) or not isinstance(attribute.value, str):
            continue
        modifiers = _READONLY
        owner_entry = (
            model.resources.get(owner.value) if isinstance(owner, Scalar) and isinstance(owner.value, str) else None
        )
        owner_type = owner_entry.get("type") if owner_entry is not None else None
        if owner_entry is not None and isinstance(owner_type, Scalar) and isinstance(owner_type.value, str):
            _, resource_type = model.resolve_type(owner_type.value, owner_entry.name)
            readable = resource_type.attributes.get(attribute.value) if resource_type is not None else None
            if readable is not None and _retired(readable.support_status):
                modifiers |= _DEPRECATED
        start, end = token_span(text, attribute)
        spans.append((start, end, _TYPE["property"], modifiers))
    return spans


def _retired(status: SupportStatus) -> bool:
    return status.deprecated or status.hidden


def _length(segment: str, encoding: Encoding) -> int:
    """``segment``'s length in the encoding's code units."""
    if encoding == "utf-32" or segment.isascii():
        return len(segment)
    if encoding == "utf-8":
        return len(segment.encode("utf-8", "surrogatepass"))
    return len(segment) + sum(1 for char in segment if ord(char) > 0xFFFF)


def _encode(tokens: list[Token]) -> list[int]:
    """LSP's relative encoding: each token's line and start relative to the previous token."""
    data: list[int] = []
    previous_line = previous_character = 0
    for line, character, length, token_type, modifiers in tokens:
        delta_line = line - previous_line
        delta_character = character - previous_character if delta_line == 0 else character
        data.extend((delta_line, delta_character, length, token_type, modifiers))
        previous_line, previous_character = line, character
    return data
