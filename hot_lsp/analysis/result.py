"""What an analysis of one text is: its tree, kind, model and diagnostics, and what features derive from it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..document import Diagnostic, ParsedDocument
from .model.environment import EnvironmentModel
from .model.kind import Kind
from .model.template import TemplateModel

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

    def release(self) -> None:
        """Forget what was derived from this analysis and its model: its owner is letting it go.

        Some derived facts refer back to what they were derived from (an evaluation keeps its analysis; static
        conditions keep an evaluator of their model), and such a cycle keeps the whole tree alive until the
        collector's next full pass, which on a large template stops every thread for 100 ms or more. Forgotten,
        the analysis is freed as soon as its last reference goes. Harmless to someone still reading it: a fact
        asked for again is derived again."""
        self.derived.clear()
        if self.model is not None:
            self.model.derived.clear()
