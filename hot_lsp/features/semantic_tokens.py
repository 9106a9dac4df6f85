"""Semantic tokens: intrinsic function names, and the names of parameters, resources and conditions where
they are defined and wherever they are referenced.

Token types and modifiers (``LEGEND``):

- ``function`` (+ ``defaultLibrary``): an intrinsic or condition function's name, e.g. ``get_param``;
- ``parameter``: a parameter name; pseudo parameters (``OS::stack_name``) add ``defaultLibrary`` and
  ``readonly``;
- ``variable``: a resource name;
- ``enumMember``: a condition name;
- ``declaration``: on the key that defines a parameter, resource or condition.

Tokens never span lines (a name written over several lines is left out) and their lengths count the
negotiated position encoding's units.
"""

from __future__ import annotations

from lsprotocol import types

from .. import spec
from ..analysis.result import Analysis
from ..document.positions import Encoding
from ._targets import target_index, token_span
from .semantic_token_legend import LEGEND as LEGEND  # the legend these tokens are read with
from .semantic_token_legend import TOKEN_MODIFIERS, TOKEN_TYPES
from .snapshot import Snapshot

_TYPE = {name: index for index, name in enumerate(TOKEN_TYPES)}
_DECLARATION, _DEFAULT_LIBRARY, _READONLY = (1 << index for index in range(len(TOKEN_MODIFIERS)))
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
