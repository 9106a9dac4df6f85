"""Text -> positioned YAML tree, typed the way Heat's loader types it. Knows nothing of HOT."""

from .nodes import Mapping, Node, Pair, Scalar, Sequence, walk
from .parse import ParsedDocument, parse
from .positions import LineIndex
from .problems import (
    ERROR,
    FIX_KINDS,
    HINT,
    INFORMATION,
    WARNING,
    Diagnostic,
    FixKind,
    QuickFix,
    Related,
    related_at,
    shifted,
)

__all__ = [
    "Diagnostic",
    "FIX_KINDS",
    "FixKind",
    "QuickFix",
    "ERROR",
    "HINT",
    "INFORMATION",
    "LineIndex",
    "Mapping",
    "Node",
    "Pair",
    "ParsedDocument",
    "Related",
    "Scalar",
    "Sequence",
    "WARNING",
    "parse",
    "related_at",
    "shifted",
    "walk",
]
