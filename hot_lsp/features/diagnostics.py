"""hot-lsp diagnostics -> LSP diagnostics, for push (publishDiagnostics) and pull (textDocument/diagnostic)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.codes import turned_off

if TYPE_CHECKING:  # the server imports this module (SOURCE) before any analysis is loaded
    from ..document.problems import Diagnostic, Related
    from .snapshot import Snapshot

SOURCE = "hot-lsp"
RULES_URL = "https://github.com/hot-lsp/hot-lsp/blob/main/docs/rules.md"

# Hints about declarations nothing uses: editors fade the declaration out.
UNUSED_CODES = frozenset({"I9001", "W9002"})

_SEVERITY = {
    1: types.DiagnosticSeverity.Error,
    2: types.DiagnosticSeverity.Warning,
    3: types.DiagnosticSeverity.Information,
    4: types.DiagnosticSeverity.Hint,
}


def lsp_diagnostics(snapshot: Snapshot) -> list[types.Diagnostic]:
    """The document's findings minus the codes ``hotLsp.disabledRules`` turns off; none for non-HOT YAML (but a
    file given as an environment that is not a map: E7019)."""
    analysis = snapshot.analysis
    if analysis.kind not in ("template", "environment") and not analysis.diagnostics:
        return []
    disabled = snapshot.settings.disabled_rules
    return [to_lsp(snapshot, d) for d in analysis.diagnostics if not turned_off(d.code, disabled)]


def to_lsp(snapshot: Snapshot, diagnostic: Diagnostic) -> types.Diagnostic:
    return to_lsp_at(diagnostic, snapshot.range(diagnostic.start, diagnostic.end), snapshot.encoding)


def to_lsp_at(diagnostic: Diagnostic, where: types.Range, encoding: str = "utf-16") -> types.Diagnostic:
    """``diagnostic`` as LSP's, at ``where`` (a range of the text it was found in); its places in other files as
    ``relatedInformation``, characters counted in ``encoding``."""
    code = diagnostic.code
    related = [_related(r, encoding) for r in diagnostic.related] or None
    return types.Diagnostic(
        range=where,
        message=diagnostic.message,
        severity=_SEVERITY.get(diagnostic.severity, types.DiagnosticSeverity.Error),
        code=code,
        code_description=types.CodeDescription(href=f"{RULES_URL}#{code.lower()}"),
        source=SOURCE,
        tags=[types.DiagnosticTag.Unnecessary] if _is_unused(diagnostic) else None,
        data=diagnostic.data.to_json() if diagnostic.data is not None else None,
        related_information=related,
    )


def _related(related: Related, encoding: str) -> types.DiagnosticRelatedInformation:
    start_line, start_character, end_line, end_character = related.range_in(encoding)
    where = types.Range(
        start=types.Position(line=start_line, character=start_character),
        end=types.Position(line=end_line, character=end_character),
    )
    uri = Path(related.path).absolute().as_uri()
    return types.DiagnosticRelatedInformation(location=types.Location(uri=uri, range=where), message=related.message)


def _is_unused(diagnostic: Diagnostic) -> bool:
    if diagnostic.code in UNUSED_CODES:
        return True
    # Any later 9xxx hint whose fix is to delete the declaration is an "unused" one too.
    data = diagnostic.data
    return diagnostic.code[1:2] == "9" and data is not None and data.fix == "remove_key"
