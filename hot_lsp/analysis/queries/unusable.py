"""Why a template cannot be rendered, listed or drawn: what ``hot-lsp render|resources|graph`` print before exiting 2,
and what the server's ``hot-lsp.render|resources|graph`` commands answer with an error, in the same words."""

from __future__ import annotations

from ...document import Mapping, ParsedDocument
from ..model.kind import VERSION_KEY
from ..result import Analysis


def syntax_error_lines(path: str, parsed: ParsedDocument) -> list[str]:
    """Heat refuses a file its YAML loader refuses: where, as compilers say it (``path:line:col: message``)."""
    found = sorted((d for d in parsed.problems if d.code.startswith("E")), key=lambda d: d.start)
    lines = []
    for problem in found:
        line, column = parsed.lines.position(problem.start, "utf-32")
        lines.append(f"{path}:{line + 1}:{column + 1}: {problem.message}")
    return lines


def not_a_template(path: str) -> str:
    return f"{path} is not a HOT template (no {VERSION_KEY})"


def unusable_template(path: str, analysis: Analysis) -> str | None:
    """Why the analysed text of ``path`` is no template to render or list (None: it is one)."""
    errors = syntax_error_lines(path, analysis.parsed)
    if errors:
        return "\n".join(errors)
    root = analysis.parsed.root
    if (
        analysis.model is None
        or analysis.kind != "template"
        or not isinstance(root, Mapping)
        or VERSION_KEY not in root
    ):
        return not_a_template(path)
    return None
