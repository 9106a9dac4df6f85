"""What a rule gets: the model, and a way to report a finding at a node."""

from __future__ import annotations

from typing import Literal

from ..document import Diagnostic, Node, QuickFix, Related
from .codes import CODES
from .model.template import TemplateModel

# The steps of Heat's stack creation (``heat_reach`` says where Heat takes which): parse the template, compute
# the resources' dependencies, validate, resolve the values. A finding says which step meets it.
Phase = Literal["parse", "depends", "validate", "resolve"]
Needs = frozenset[str]  # of Phase names

AT_PARSE: Needs = frozenset(("parse",))
AT_DEPENDS: Needs = frozenset(("depends",))
AT_VALIDATE: Needs = frozenset(("validate",))
AT_RESOLVE: Needs = frozenset(("resolve",))
# A get_attr of a missing resource fails when dependencies are computed, and when an output's get_attr is validated.
DEPENDS_OR_VALIDATE: Needs = frozenset(("depends", "validate"))
DEPENDS_OR_RESOLVE: Needs = frozenset(("depends", "resolve"))


class Reporter:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        # Nodes whose evaluation fails in a way a finding already reported says (by id): the evaluation rules,
        # which run last, leave them alone, so one fault is reported once.
        self.covered: set[int] = set()
        # Findings Heat meets only at some step (by id of the diagnostic): ``heat_reach.apply_reach`` makes those
        # whose place Heat does not take that step at warnings.
        self.needs: dict[int, Needs] = {}

    def cover(self, node: Node) -> None:
        """Say that a reported finding already covers what evaluating ``node`` fails with."""
        self.covered.add(id(node))

    def __call__(
        self,
        code: str,
        at: Node | tuple[int, int],
        message: str,
        data: QuickFix | None = None,
        severity: int = 0,
        needs: Needs | None = None,
        related: tuple[Related, ...] = (),
    ) -> None:
        """Report ``code`` at a node (its whole range) or at ``(start, end)`` offsets; ``needs``: the steps of
        Heat's that meet it (None: the finding holds wherever it is); ``related``: its places in other files."""
        if code not in CODES:
            raise KeyError(f"undocumented diagnostic code {code}")
        start, end = (at.start, at.end) if isinstance(at, Node) else at
        if end <= start:
            end = start + 1 if start >= 0 else start
        diagnostic = Diagnostic(code, message, start, end, severity, data, related)
        self.diagnostics.append(diagnostic)
        if needs is not None:
            self.needs[id(diagnostic)] = needs


def span_of_key_line(model: TemplateModel, node: Node) -> tuple[int, int]:
    """A node's range cut at its first line break: a block mapping's range runs many lines."""
    text = model.parsed.text
    newline = text.find("\n", node.start, node.end)
    end = node.end if newline < 0 else newline
    return node.start, max(end, node.start + 1)
