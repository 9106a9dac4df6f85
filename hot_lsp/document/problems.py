"""The one diagnostic type every layer produces and every front end prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = 1
WARNING = 2
INFORMATION = 3
HINT = 4

SEVERITY_OF_LETTER = {"E": ERROR, "W": WARNING, "I": INFORMATION, "H": HINT}
SEVERITY_NAMES = {ERROR: "error", WARNING: "warning", INFORMATION: "information", HINT: "hint"}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding at character offsets ``start``..``end`` of the document text.

    ``code`` is stable (see docs/rules.md); its letter gives the default
    severity. ``data`` carries machine-readable quick-fix facts.
    """

    code: str
    message: str
    start: int
    end: int
    severity: int = 0
    data: dict[str, Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.severity:
            object.__setattr__(self, "severity", SEVERITY_OF_LETTER.get(self.code[:1], ERROR))

    @property
    def severity_name(self) -> str:
        return SEVERITY_NAMES[self.severity]
