"""What an analysis of one text is: its tree, kind, model and diagnostics, and what features derive from it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..document import Diagnostic, ParsedDocument
from .environment import EnvironmentModel
from .kind import Kind
from .model import TemplateModel

T = TypeVar("T")


@dataclass(slots=True)
class Analysis:
    """Everything known about one text; immutable once built, so requests can share it."""

    text: str
    parsed: ParsedDocument
    kind: Kind
    model: TemplateModel | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    environment: EnvironmentModel | None = None  # the sections and registry entries of an environment file
    # Every other file the rules looked at (children, environments), with its stamp then (None: not there):
    # the analysis is stale once one of them changes.
    read_files: dict[str, tuple[int, int] | None] = field(default_factory=dict, compare=False)
    # Indexes that features derive from this analysis (reference lookup, folding, tokens...), built on
    # first use. The analysis never changes, so they never go stale, and they are freed with it.
    derived: dict[tuple[Callable[..., Any], tuple[Hashable, ...]], Any] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The reading of the previous text this one took its unchanged pieces from (what was derived from it, such
    # as the evaluation of its entries, may be taken too), or None.
    earlier: ParsedDocument | None = field(default=None, compare=False, repr=False)

    def derive(self, build: Callable[..., T], *args: Hashable) -> T:
        """``build(self, *args)``, computed once per analysis, ``build`` and ``args`` (a race only builds it twice).

        The function is the key, so two modules never share a slot by accident; pass module-level functions (a
        lambda is a new key at every call)."""
        key = (build, args)
        try:
            return self.derived[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self.derived[key] = build(self, *args)
            return value
