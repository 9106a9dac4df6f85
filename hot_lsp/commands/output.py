"""Diagnostic output formats of ``hot-lsp check`` (docs/cli.md)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from .. import __version__
from ..analysis.codes import CODES, rule_url
from ..document import Diagnostic, LineIndex, Related
from ..document.positions import Encoding

_ENCODINGS: tuple[Encoding, ...] = ("utf-16", "utf-32")  # LSP and SARIF ranges; text output's columns


class Positions(Protocol):
    """Turns a character offset of the file into (line, character), characters counted in ``encoding``."""

    def position(self, offset: int, encoding: Encoding = "utf-16") -> tuple[int, int]: ...


@dataclass(slots=True)
class FileResult:
    """One checked file: its findings, and its lines to turn offsets into line and column."""

    path: str
    lines: Positions
    diagnostics: list[Diagnostic]


class KnownPositions:
    """The positions of the offsets some diagnostics start and end at, worked out from the file's lines: what the
    output needs of a file, without its text (a worker process sends this back, not the file)."""

    __slots__ = ("_known",)

    def __init__(self, lines: LineIndex, diagnostics: Iterable[Diagnostic], more: Iterable[int] = ()) -> None:
        """``more``: other offsets whose positions may be asked for (findings made later, from what is sent)."""
        offsets = {offset for d in diagnostics for offset in (d.start, d.end)} | set(more)
        self._known = {(offset, code): lines.position(offset, code) for offset in offsets for code in _ENCODINGS}

    def position(self, offset: int, encoding: Encoding = "utf-16") -> tuple[int, int]:
        return self._known[offset, encoding]


_SARIF_LEVEL = {1: "error", 2: "warning", 3: "note", 4: "note"}


def text(results: list[FileResult]) -> str:
    """``path:line:col: severity CODE message``, 1-based, columns in characters."""
    lines = []
    for result in results:
        for d in result.diagnostics:
            line, col = result.lines.position(d.start, "utf-32")
            lines.append(f"{result.path}:{line + 1}:{col + 1}: {d.severity_name} {d.code} {d.message}")
            # Its places in other files (a nested template's faults in this stack), one note line each, as
            # compilers show where an error leads: an editor's or a terminal's file:line link opens the child.
            for related in d.related:
                sl, sc, _, _ = related.range_in("utf-32")
                code = f"{related.code} " if related.code else ""
                lines.append(f"  {_related_path(related, result.path)}:{sl + 1}:{sc + 1}: {code}{related.message}")
    errors = sum(1 for r in results for d in r.diagnostics if d.severity == 1)
    warnings = sum(1 for r in results for d in r.diagnostics if d.severity == 2)
    information = sum(1 for r in results for d in r.diagnostics if d.severity >= 3)
    files = sum(1 for r in results if r.diagnostics)
    summary = (
        f"{len(results)} file(s) checked: {errors} error(s), {warnings} warning(s), {information} information"
        f" in {files} file(s)"
    )
    return "\n".join([*lines, summary]) + "\n"


def _lsp_range(lines: Positions, d: Diagnostic) -> dict[str, Any]:
    sl, sc = lines.position(d.start)
    el, ec = lines.position(d.end)
    return {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}}


def _related_path(related: Related, shown_as: str) -> str:
    """A related place's file, written as the finding's own file is (relative to where check ran, or absolute)."""
    return related.path if os.path.isabs(shown_as) else os.path.relpath(related.path)


def _json_item(r: FileResult, d: Diagnostic) -> dict[str, Any]:
    item: dict[str, Any] = {
        "file": r.path,
        "range": _lsp_range(r.lines, d),
        "severity": d.severity_name,
        "code": d.code,
        "message": d.message,
    }
    if d.related:  # places in other files (a nested template's fault: where it is in the child)
        item["related"] = [
            {
                "file": _related_path(related, r.path),
                "range": {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}},
                "message": related.message,
            }
            for related in d.related
            for sl, sc, el, ec in [related.range_in("utf-16")]
        ]
    return item


def json_list(results: list[FileResult]) -> str:
    items = [_json_item(r, d) for r in results for d in r.diagnostics]
    return json.dumps(items, indent=2, ensure_ascii=False) + "\n"


def sarif(results: list[FileResult]) -> str:
    used = sorted({d.code for r in results for d in r.diagnostics})
    rules = [
        {
            "id": code,
            "shortDescription": {"text": CODES[code].summary if code in CODES else code},
            "fullDescription": {"text": _full_description(code)},
            "helpUri": rule_url(code),
            "defaultConfiguration": {"level": _SARIF_LEVEL.get(_letter_severity(code), "warning")},
        }
        for code in used
    ]
    index = {code: i for i, code in enumerate(used)}
    findings = []
    for r in results:
        for d in r.diagnostics:
            sl, sc = r.lines.position(d.start)
            el, ec = r.lines.position(d.end)
            finding: dict[str, Any] = {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": _SARIF_LEVEL[d.severity],
                "message": {"text": d.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": _artifact(r.path),
                            "region": {
                                "startLine": sl + 1,
                                "startColumn": sc + 1,
                                "endLine": el + 1,
                                "endColumn": ec + 1,
                            },
                        }
                    }
                ],
            }
            if d.related:
                finding["relatedLocations"] = [
                    _sarif_related(i, related, r.path) for i, related in enumerate(d.related)
                ]
            findings.append(finding)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "hot-lsp", "version": __version__, "rules": rules}},
                "columnKind": "utf16CodeUnits",
                # Relative paths are relative to where check ran: code-scanning dashboards resolve them there.
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
                "results": findings,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _sarif_related(number: int, related: Related, shown_as: str) -> dict[str, Any]:
    sl, sc, el, ec = related.range_in("utf-16")
    region = {"startLine": sl + 1, "startColumn": sc + 1, "endLine": el + 1, "endColumn": ec + 1}
    return {
        "id": number,
        "message": {"text": related.message},
        "physicalLocation": {"artifactLocation": _artifact(_related_path(related, shown_as)), "region": region},
    }


def _artifact(path: str) -> dict[str, str]:
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    return {"uri": quote(path.replace("\\", "/")), "uriBaseId": "%SRCROOT%"}


def _full_description(code: str) -> str:
    found = CODES.get(code)
    if found is None:
        return code
    example = "" if found.example.startswith("(") else f" For example:\n{found.example}"
    return f"{found.summary}{example}"


_GITHUB_LEVEL = {1: "error", 2: "warning", 3: "notice", 4: "notice"}


def github(results: list[FileResult]) -> str:
    """GitHub Actions workflow commands: one annotation per finding, on the file's line in the pull request."""

    def escape(text: str, property_value: bool = False) -> str:
        text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return text.replace(":", "%3A").replace(",", "%2C") if property_value else text

    lines = []
    for r in results:
        for d in r.diagnostics:
            sl, sc = r.lines.position(d.start, "utf-32")
            el, ec = r.lines.position(d.end, "utf-32")
            where = (
                f"file={escape(r.path, True)},line={sl + 1},col={sc + 1},endLine={el + 1},endColumn={ec + 1},"
                f"title={escape(f'hot-lsp {d.code}', True)}"
            )
            lines.append(f"::{_GITHUB_LEVEL[d.severity]} {where}::{escape(d.message)}")
            # A nested template's faults in this stack: annotated in the child's file too, where the fix goes.
            stack = d.message.split(": ", 1)[0]
            for related in d.related:
                sl, sc, el, ec = related.range_in("utf-32")
                title = f"hot-lsp {related.code or d.code} (in the stack of {os.path.basename(r.path)})"
                where = (
                    f"file={escape(_related_path(related, r.path), True)},line={sl + 1},col={sc + 1},"
                    f"endLine={el + 1},endColumn={ec + 1},title={escape(title, True)}"
                )
                message = f"In the stack of {os.path.basename(r.path)} ({stack}): {related.message}"
                lines.append(f"::{_GITHUB_LEVEL[d.severity]} {where}::{escape(message)}")
    return "".join(line + "\n" for line in lines)


def junit(results: list[FileResult]) -> str:
    """JUnit XML for CI test reports: a test suite per file, a failing test case per finding (a file with none
    has one passing case), so a report viewer lists templates and what is wrong in them."""
    from xml.etree import ElementTree

    suites = ElementTree.Element("testsuites", name="hot-lsp")
    total = failures = 0
    for r in results:
        suite = ElementTree.SubElement(suites, "testsuite", name=r.path)
        cases = 0
        for d in r.diagnostics:
            line, col = r.lines.position(d.start, "utf-32")
            case = ElementTree.SubElement(
                suite, "testcase", classname=r.path, name=f"{d.code} at {line + 1}:{col + 1}", file=r.path
            )
            failure = ElementTree.SubElement(case, "failure", type=d.code, message=d.message)
            failure.text = f"{r.path}:{line + 1}:{col + 1}: {d.severity_name} {d.code} {d.message}"
            cases += 1
        if not cases:
            ElementTree.SubElement(suite, "testcase", classname=r.path, name="no findings", file=r.path)
        suite.set("tests", str(max(cases, 1)))
        suite.set("failures", str(cases))
        total += max(cases, 1)
        failures += cases
    suites.set("tests", str(total))
    suites.set("failures", str(failures))
    return ElementTree.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def _letter_severity(code: str) -> int:
    return {"E": 1, "W": 2, "I": 3, "H": 4}.get(code[:1], 2)
