"""The feature functions the language server calls, each module imported on the function's first call.

The server registers every handler at start-up, and so imports the modules that hold them; the features those
handlers call need the analysis, which takes longer to import than pygls itself. Reached through here, they load
when the first request needs them, and ``initialize`` is answered without them (bench/bench_startup.py;
tests/server/test_startup.py). mypy sees the functions themselves.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .code_actions import code_actions
    from .completion import completion
    from .completion_docs import named_document, resolve
    from .definition import definition
    from .folding import folding_ranges
    from .highlight import document_highlight
    from .hover import hover
    from .inlay_hints import inlay_hints
    from .links import document_links
    from .references import references
    from .rename import prepare_rename, rename
    from .selection_ranges import selection_ranges
    from .semantic_tokens import semantic_tokens, semantic_tokens_range
    from .signature_help import signature_help
    from .symbols import document_symbols, workspace_symbols
else:

    def _deferred(module: str, name: str) -> Any:
        """``module.name``, imported when first called."""

        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(import_module(f"{__package__}.{module}"), name)(*args, **kwargs)

        call.__name__ = call.__qualname__ = name
        return call

    code_actions = _deferred("code_actions", "code_actions")
    completion = _deferred("completion", "completion")
    resolve = _deferred("completion_docs", "resolve")
    named_document = _deferred("completion_docs", "named_document")
    definition = _deferred("definition", "definition")
    folding_ranges = _deferred("folding", "folding_ranges")
    document_highlight = _deferred("highlight", "document_highlight")
    hover = _deferred("hover", "hover")
    inlay_hints = _deferred("inlay_hints", "inlay_hints")
    document_links = _deferred("links", "document_links")
    references = _deferred("references", "references")
    prepare_rename = _deferred("rename", "prepare_rename")
    rename = _deferred("rename", "rename")
    selection_ranges = _deferred("selection_ranges", "selection_ranges")
    semantic_tokens = _deferred("semantic_tokens", "semantic_tokens")
    semantic_tokens_range = _deferred("semantic_tokens", "semantic_tokens_range")
    signature_help = _deferred("signature_help", "signature_help")
    document_symbols = _deferred("symbols", "document_symbols")
    workspace_symbols = _deferred("symbols", "workspace_symbols")

# The modules above, for :func:`load_all`.
MODULES = (
    "code_actions",
    "completion",
    "completion_docs",
    "definition",
    "folding",
    "highlight",
    "hover",
    "inlay_hints",
    "links",
    "references",
    "rename",
    "selection_ranges",
    "semantic_tokens",
    "signature_help",
    "symbols",
)


def load_all() -> None:
    """Import every feature module now (the server does it on its feature thread once the analysis is loaded, so
    the first hover or completion does not pay its module's import, ~15-40 ms)."""
    for module in MODULES:
        import_module(f"{__package__}.{module}")


__all__ = [
    "MODULES",
    "code_actions",
    "completion",
    "definition",
    "document_highlight",
    "document_links",
    "document_symbols",
    "folding_ranges",
    "hover",
    "inlay_hints",
    "load_all",
    "named_document",
    "prepare_rename",
    "references",
    "rename",
    "resolve",
    "selection_ranges",
    "semantic_tokens",
    "semantic_tokens_range",
    "signature_help",
    "workspace_symbols",
]
