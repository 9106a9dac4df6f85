"""hot-lsp diagnostics -> LSP diagnostics, for push (publishDiagnostics) and pull (textDocument/diagnostic)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.codes import rule_url, turned_off

if TYPE_CHECKING:  # the server imports this module (SOURCE) before any analysis is loaded
    from ..analysis.result import Analysis
    from ..document.problems import Diagnostic, Related
    from .snapshot import Snapshot

SOURCE = "hot-lsp"

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
        code_description=types.CodeDescription(href=rule_url(code)),
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


def stack_context(
    snapshot: Snapshot, path: str, findings: Iterable[tuple[str, Analysis, Diagnostic]]
) -> list[types.Diagnostic]:
    """A nested template's faults in the stacks of the open templates that use it (``findings``: their E7020s and
    analyses), shown in the template at ``path`` at their places, each worded for its stack and pointing back at the
    parent's resource; those its own analysis already shows at the same place are left out."""
    own = {(d.code, d.start, d.end) for d in snapshot.analysis.diagnostics}
    disabled = snapshot.settings.disabled_rules
    shown: dict[tuple[str, int, int, str], types.Diagnostic] = {}
    for parent_uri, parent, finding in findings:
        stack = finding.message.split(": ", 1)[0]  # Heat's name of the nested stack: resources.box<file://...>
        parent_name = os.path.basename(parent_uri)
        start_line, start_character = parent.parsed.lines.position(finding.start, snapshot.encoding)
        end_line, end_character = parent.parsed.lines.position(finding.end, snapshot.encoding)
        back = types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=parent_uri,
                range=types.Range(
                    start=types.Position(line=start_line, character=start_character),
                    end=types.Position(line=end_line, character=end_character),
                ),
            ),
            message=f"{parent_name}: {stack}",
        )
        for place in finding.related:
            code = place.code or finding.code
            if os.path.normpath(place.path) != path or (code, place.start, place.end) in own:
                continue
            if turned_off(code, disabled):
                continue
            key = (code, place.start, place.end, place.message)
            if key in shown:
                continue
            start_line, start_character, end_line, end_character = place.range_in(snapshot.encoding)
            shown[key] = types.Diagnostic(
                range=types.Range(
                    start=types.Position(line=start_line, character=start_character),
                    end=types.Position(line=end_line, character=end_character),
                ),
                message=f"In the stack of {parent_name} ({stack}): {place.message}",
                severity=types.DiagnosticSeverity.Error,
                code=code,
                code_description=types.CodeDescription(href=rule_url(code)),
                source=SOURCE,
                related_information=[back],
            )
    return list(shown.values())
