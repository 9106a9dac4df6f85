"""What the server promises about each answer and each publish; every function returns what broke, as text.

- a request is answered: a result, or ContentModified / RequestCancelled (the text moved on, the client gave up);
  a rename may also be refused with RequestFailed. Any other error, or none in time, is a fault;
- every range and position in an answer about the document lies inside a text the client had when it asked
  or since (whole-document requests answer for the newest text);
- diagnostics are never published for a version older than one already published, and their ranges lie inside
  the text of the version they name;
- the server logs no crash (a feature that raised is answered empty and logged: contained, but still a bug).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import unquote, urlsplit

from .client import EXPECTED_ERRORS, Answer
from .text import line_lengths, within

REQUEST_FAILED = -32803
_REFUSABLE = frozenset({"textDocument/rename", "textDocument/prepareRename"})
_LOG_RECORD = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")  # the server's log format starts with a timestamp
_RANGE_KEYS = ("range", "targetRange", "targetSelectionRange", "selectionRange", "originSelectionRange")


def answer_problems(method: str, answer: Answer | None, timeout: float) -> list[str]:
    if answer is None:
        return [f"no answer within {timeout:g} s"]
    if answer.error is None:
        return []
    code = answer.code
    if code in EXPECTED_ERRORS or (code == REQUEST_FAILED and method in _REFUSABLE):
        return []
    return [f"error answer {code}: {answer.error.get('message', '')[:500]}"]


def range_problems(method: str, result: Any, uri: str, texts: Iterable[str], encoding: str) -> list[str]:
    """Positions in ``result`` that fit none of ``texts`` (the versions the answer may be about)."""
    if method == "completionItem/resolve":
        return []  # the item comes back as sent: its edit is about the text of its completion request
    candidates = [line_lengths(text, encoding) for text in texts]
    if not candidates or result is None:
        return []
    problems = []
    for where, point in _positions(method, result, uri):
        if not any(within(lengths, point) for lengths in candidates):
            problems.append(f"{where} {point} lies outside the document")
    for where, start, end in _ranges(result, uri):
        if (start.get("line", 0), start.get("character", 0)) > (end.get("line", 0), end.get("character", 0)):
            problems.append(f"{where} ends before it starts: {start} .. {end}")
    return problems[:10]


def publish_problems(published: list[dict[str, Any]], texts: dict[int, str], encoding: str) -> list[str]:
    """Faults in the publishes of one document since it was opened (in arrival order)."""
    problems = []
    newest: int | None = None
    for params in published:
        version = params.get("version")
        if version is not None:
            if newest is not None and version < newest:
                problems.append(f"diagnostics for version {version} published after version {newest}")
            newest = version if newest is None else max(newest, version)
            text = texts.get(version)
            if text is None:
                problems.append(f"diagnostics for version {version}, which the client never sent")
                continue
            lengths = line_lengths(text, encoding)
            for diagnostic in params.get("diagnostics") or []:
                rng = diagnostic.get("range") or {}
                for end in ("start", "end"):
                    if not within(lengths, rng.get(end) or {}):
                        problems.append(
                            f"diagnostic {diagnostic.get('code')} {end} {rng.get(end)} lies outside v{version}"
                        )
    return problems[:10]


def crash_reports(logs: list[dict[str, Any]], stderr: Iterable[str]) -> list[str]:
    """Crashes the server contained but logged: each ERROR record on stderr with its traceback, or, when stderr
    says nothing (another log level), the window/logMessage errors."""
    records: list[list[str]] = []
    for line in stderr:
        if _LOG_RECORD.match(line):
            records.append([line] if " ERROR " in line else [])
        elif records and records[-1]:
            records[-1].append(line)  # a traceback line of the record before
    found = ["\n".join(record)[:4000] for record in records if record]
    if not found:
        found = [str(entry.get("message", ""))[:4000] for entry in logs if entry.get("type") == 1]
    return found


def _positions(method: str, result: Any, uri: str) -> Iterator[tuple[str, dict[str, int]]]:
    for where, start, end in _ranges(result, uri):
        yield where + ".start", start
        yield where + ".end", end
    if method == "textDocument/inlayHint" and isinstance(result, list):
        for hint in result:
            if isinstance(hint, dict) and isinstance(hint.get("position"), dict):
                yield "inlay hint", hint["position"]
    if method.startswith("textDocument/semanticTokens") and isinstance(result, dict):
        yield from _token_ends(result.get("data") or [])
    if method == "textDocument/foldingRange" and isinstance(result, list):
        for fold in result:
            if isinstance(fold, dict):
                yield "folding range start", {"line": fold.get("startLine", -1), "character": 0}
                yield "folding range end", {"line": fold.get("endLine", -1), "character": 0}


def _ranges(value: Any, uri: str, where: str = "result") -> Iterator[tuple[str, dict[str, int], dict[str, int]]]:
    """Every range in ``value`` that is about ``uri`` (or names no document), with where it was found."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield from _ranges(item, uri, f"{where}[{index}]")
        return
    if not isinstance(value, dict):
        return
    other = value.get("uri", value.get("targetUri"))
    if isinstance(other, str) and other != uri:
        return
    elsewhere = value.get("file")  # a hot/resourceList row: its range is in the file that declares it
    if isinstance(elsewhere, str) and elsewhere not in (uri, unquote(urlsplit(uri).path)):
        return
    for key in _RANGE_KEYS:
        rng = value.get(key)
        if isinstance(rng, dict) and isinstance(rng.get("start"), dict) and isinstance(rng.get("end"), dict):
            yield f"{where}.{key}", rng["start"], rng["end"]
    for key in ("insert", "replace"):  # InsertReplaceEdit
        rng = value.get(key)
        if isinstance(rng, dict) and isinstance(rng.get("start"), dict):
            yield f"{where}.{key}", rng["start"], rng["end"]
    for key, item in value.items():
        if key in _RANGE_KEYS or key in ("insert", "replace", "data"):
            continue
        if key == "changes" and isinstance(item, dict):  # WorkspaceEdit: {uri: [TextEdit]}
            yield from _ranges(item.get(uri) or [], uri, f"{where}.changes")
        elif isinstance(item, (dict, list)):
            yield from _ranges(item, uri, f"{where}.{key}")


def _token_ends(data: list[int]) -> Iterator[tuple[str, dict[str, int]]]:
    line = character = 0
    for index in range(0, len(data) - 4, 5):
        delta_line, delta_start, length = data[index], data[index + 1], data[index + 2]
        line += delta_line
        character = delta_start if delta_line else character + delta_start
        yield f"semantic token {index // 5} end", {"line": line, "character": character + length}
