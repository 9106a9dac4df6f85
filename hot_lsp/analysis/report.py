"""What a rule gets: the model, and a way to report a finding at a node."""

from __future__ import annotations

from ..document import Diagnostic, Node, QuickFix
from .codes import CODES
from .model import TemplateModel


class Reporter:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        # Nodes whose evaluation fails in a way a finding already reported says (by id): the evaluation rules,
        # which run last, leave them alone, so one fault is reported once.
        self.covered: set[int] = set()

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
    ) -> None:
        """Report ``code`` at a node (its whole range) or at ``(start, end)`` offsets."""
        if code not in CODES:
            raise KeyError(f"undocumented diagnostic code {code}")
        start, end = (at.start, at.end) if isinstance(at, Node) else at
        if end <= start:
            end = start + 1 if start >= 0 else start
        self.diagnostics.append(Diagnostic(code, message, start, end, severity, data))


def span_of_key_line(model: TemplateModel, node: Node) -> tuple[int, int]:
    """A node's range cut at its first line break: a block mapping's range runs many lines."""
    text = model.parsed.text
    newline = text.find("\n", node.start, node.end)
    end = node.end if newline < 0 else newline
    return node.start, max(end, node.start + 1)
