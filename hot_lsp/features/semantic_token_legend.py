"""The legend of the semantic tokens (what each token type and modifier index means; semantic_tokens.py says
where each is used), apart from the tokens themselves: the server advertises it in its capabilities at
``initialize``, before any analysis is loaded."""

from __future__ import annotations

from lsprotocol import types

# New entries go at the end: clients may cache the legend, so an index never changes meaning.
TOKEN_TYPES = ["function", "parameter", "variable", "enumMember", "type", "property"]
TOKEN_MODIFIERS = ["declaration", "defaultLibrary", "readonly", "deprecated"]
LEGEND = types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)
