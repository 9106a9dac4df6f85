"""Hostile documents: each must be answered in bounded time and memory, with a diagnostic that says what is wrong.

:data:`CASES` is the catalogue; :func:`measure` opens one in a running server (its files written into the
workspace first), waits for its diagnostics, asks every request the server answers about it, and returns the
figures: seconds to diagnostics, seconds for the requests, the server's peak memory growth. The robustness
tests assert generous bounds on them; ``bench/bench_fuzz.py --hostile`` prints them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .client import LspClient
from .text import position

VERSION = "heat_template_version: 2018-08-31\n"
SELF_NESTING_ENVIRONMENT = "self-nesting-registry/env.yaml"  # the hotLsp.environments glob the tests set


def _alias_bomb() -> str:
    lines = [
        VERSION + "parameters:",
        '  a: {type: json, default: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]}',
    ]
    for i in range(1, 10):
        previous, name = chr(96 + i), chr(97 + i)
        lines.append(f"  {name}: {{type: json, default: &{name} [" + ",".join([f"*{previous}"] * 9) + "]}")
    return "\n".join(lines) + "\n"


def _big_template(target: int) -> str:
    """About ``target`` characters of valid HOT: one parameter read by many resources."""
    head = VERSION + "parameters:\n  length: {type: number, default: 8}\nresources:\n"
    one = "  random_{0}:\n    type: OS::Heat::RandomString\n    properties:\n      length: {{get_param: length}}\n"
    count = max(1, (target - len(head)) // len(one.format(100_000)))
    return head + "".join(one.format(i) for i in range(count))


def _long_line(target: int) -> str:
    """One resources line of ``target`` characters (a minified template)."""
    entries = []
    size = 0
    index = 0
    while size < target:
        entry = f"r{index}: {{type: 'OS::Heat::None', properties: {{value: {{get_param: missing_{index % 7}}}}}}}"
        entries.append(entry)
        size += len(entry) + 2
        index += 1
    return VERSION + "resources: {" + ", ".join(entries) + "}\n"


def _repeat(items: int, nested: bool) -> str:
    values = "[" + ", ".join(f"v{i}" for i in range(items)) + "]"
    if nested:
        template = f"\n          repeat:\n            for_each: {{'%b%': {values}}}\n            template: '%a%-%b%'"
        return (
            VERSION
            + f"outputs:\n  o:\n    value:\n      repeat:\n        for_each: {{'%a%': {values}}}\n        template:{template}\n"
        )
    return (
        VERSION
        + f"outputs:\n  o:\n    value:\n      repeat:\n        for_each: {{'%a%': {values}, '%b%': {values}}}\n"
        + "        template: '%a%-%b%'\n"
    )


def _yaql(expression: str) -> str:
    return (
        VERSION + f'outputs:\n  o:\n    value:\n      yaql:\n        expression: "{expression}"\n        data: {{}}\n'
    )


def _positions_probe(text_before: str, line_end: str | list[str]) -> str:
    """A template whose get_param of an undeclared name (E4008) sits after ``text_before`` on its line."""
    lines = [
        "heat_template_version: 2018-08-31",
        "parameters:",
        "  declared: {type: string}",
        "resources:",
        "  server:",
        "    type: OS::Heat::Value",
        "    properties:",
        f"      value: {{list_join: ['{text_before}', [{{get_param: undeclared}}]]}}",
    ]
    if isinstance(line_end, str):
        return line_end.join(lines) + line_end
    return "".join(line + end for line, end in zip(lines, line_end, strict=True))


@dataclass(frozen=True)
class Hostile:
    name: str
    text: Callable[[], str]
    codes: frozenset[str]  # the document's diagnostics must include one of these
    files: dict[str, str | bytes] = field(default_factory=dict)  # beside it (relative to its folder)
    located: str = ""  # the text the first diagnostic of ``codes`` must cover (checks positions)
    about: str = ""
    folder: str = ""  # where it lives in the workspace (default: from its name)

    def place(self, root: Path) -> Path:
        """Write the case's files into its folder below ``root`` (before the server starts, so that the
        workspace scan and ``hotLsp.environments`` see them); the document's path."""
        folder = root / (self.folder or re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-"))
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in self.files.items():
            (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return folder / "main.yaml"


def _mixed_endings() -> list[str]:
    return ["\r\n", "\n", "\r", "\r\n", "\r", "\n", "\r\n", "\r"]


CASES: tuple[Hostile, ...] = (
    Hostile("alias bomb", _alias_bomb, frozenset({"E0003"}), about="9 levels of 9 aliases: 387 million nodes"),
    Hostile(
        "flow nesting 10,000 deep",
        lambda: VERSION + "outputs:\n  o: {value: " + "[" * 10_000 + "]" * 10_000 + "}\n",
        frozenset({"E0004"}),
    ),
    Hostile(
        "mapping nesting 10,000 deep",
        lambda: VERSION + "outputs:\n  o: {value: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "}\n",
        frozenset({"E0004"}),
    ),
    Hostile(
        "block nesting 10,000 deep",
        lambda: VERSION + "outputs:\n  o:\n    value:\n      " + "- " * 10_000 + "x\n",
        frozenset({"E0004"}),
    ),
    Hostile(
        "10 MB file",
        lambda: _big_template(10_000_000),
        frozenset({"E0005"}),
        about="the editor reads at most 2 MiB (4 times Heat's limit); the command line 32 MiB",
    ),
    Hostile("one 1 MB line", lambda: _long_line(1_000_000), frozenset({"W0006"})),
    Hostile("repeat of 4 million items", lambda: _repeat(2_000, nested=False), frozenset({"W8009"})),
    Hostile("repeat inside repeat", lambda: _repeat(1_000, nested=True), frozenset({"W8009"})),
    Hostile(
        "cyclic conditions",
        lambda: (
            VERSION
            + "conditions:\n  a: {not: b}\n  b: {and: [c, true]}\n  c: {or: [a, false]}\n"
            + "resources:\n  r: {type: OS::Heat::None, condition: a}\n"
        ),
        frozenset({"E5002"}),
    ),
    Hostile(
        "template that includes itself",
        lambda: VERSION + "resources:\n  again:\n    type: main.yaml\n",
        frozenset({"E7013"}),
        located="main.yaml",
    ),
    Hostile(
        "template that nests itself through a registry",
        lambda: VERSION + "resources:\n  again:\n    type: My::Self\n",
        frozenset({"E7013"}),
        files={"env.yaml": "resource_registry:\n  My::Self: main.yaml\n"},
        located="My::Self",
        about=f"hotLsp.environments names {SELF_NESTING_ENVIRONMENT}",
        folder=SELF_NESTING_ENVIRONMENT.split("/")[0],
    ),
    Hostile(
        "yaql that loops",
        lambda: _yaql("range(150).select(range(150).select(range(150).len()).sum()).sum()"),
        frozenset({"W8011"}),
    ),
    Hostile(
        "yaql regex that backtracks for ever",
        lambda: _yaql("regex('(a+)+$').matches('" + "a" * 40 + "!')"),
        frozenset({"W8011"}),
    ),
    Hostile("yaql number that grows for ever", lambda: _yaql("pow(3, 1000000000)"), frozenset({"W8011"})),
    Hostile("yaql that allocates without end", lambda: _yaql("'x' * 20000000000"), frozenset({"E8010"})),
    Hostile(
        "binary content in a template",
        lambda: VERSION + "description: \x00\x01\x02\x7f\ufffd\x1b[31m\nresources: {}\n",
        frozenset({"E0001"}),
        located="\x00",
    ),
    Hostile(
        "lone surrogates (bytes a client could not decode)",
        lambda: _positions_probe("\ud800x\udfff😀", "\n"),
        frozenset({"E4008"}),
        located="undeclared",
    ),
    Hostile("a BOM", lambda: "\ufeff" + _positions_probe("é😀", "\n"), frozenset({"E4008"}), located="undeclared"),
    Hostile("CRLF line ends", lambda: _positions_probe("x", "\r\n"), frozenset({"E4008"}), located="undeclared"),
    Hostile(
        "mixed line ends",
        lambda: _positions_probe("x\r", _mixed_endings()),
        frozenset({"E4008"}),
        located="undeclared",
    ),
)


@dataclass
class Measured:
    name: str
    chars: int
    codes: set[str]  # every code published for the document
    diagnostics_seconds: float  # didOpen -> its diagnostics
    requests_seconds: float  # every request about it, one after the other
    peak_growth_kib: int  # server VmHWM after, minus VmRSS before (0 when the kernel cannot tell)
    errors: list[str]  # requests answered with an error, or not at all
    located: str | None = None  # the text the expected diagnostic covers (None: not found)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)


# Every request that takes a position is asked at these places: the start, the middle, the end.
_REQUESTS = (
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/prepareRename",
    "textDocument/codeAction",
)
_WHOLE = (
    "textDocument/documentSymbol",
    "textDocument/semanticTokens/full",
    "textDocument/foldingRange",
    "textDocument/documentLink",
    "textDocument/inlayHint",
    "hot/resourceList",
)


def measure(client: LspClient, path: Path, case: Hostile, encoding: str = "utf-16", timeout: float = 120.0) -> Measured:
    """Open ``case`` as ``path`` (from :meth:`Hostile.place`) and time everything about it."""
    text = case.text()
    uri = path.as_uri()
    before = client.memory_kib().get("VmRSS", 0)
    peak_known = client.reset_peak_memory()
    started = time.monotonic()
    client.open(uri, text, 1)
    published = client.publish_of(uri, 1, timeout)
    diagnostics_seconds = time.monotonic() - started
    errors = [] if published is not None else [f"no diagnostics within {timeout:g} s"]
    diagnostics = list((published or {}).get("diagnostics") or [])
    started = time.monotonic()
    for method, params in _requests(uri, text, encoding, diagnostics):
        try:
            answer = client.call(method, params, timeout)
        except TimeoutError as error:
            errors.append(str(error))
            continue
        if answer.error is not None:
            errors.append(f"{method}: {answer.error}")
    requests_seconds = time.monotonic() - started
    peak = client.memory_kib().get("VmHWM", 0)
    client.close(uri)
    return Measured(
        case.name,
        len(text),
        {str(d.get("code")) for d in diagnostics},
        diagnostics_seconds,
        requests_seconds,
        max(0, peak - before) if peak_known else 0,
        errors,
        _located(text, diagnostics, case, encoding),
        diagnostics,
    )


def _requests(uri: str, text: str, encoding: str, diagnostics: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    document = {"uri": uri}
    asked: list[tuple[str, Any]] = []
    for offset in (0, len(text) // 2, len(text)):
        point = position(text, offset, encoding)
        for method in _REQUESTS:
            params: dict[str, Any] = {"textDocument": document, "position": point}
            if method == "textDocument/references":
                params["context"] = {"includeDeclaration": True}
            if method == "textDocument/codeAction":
                params = {
                    "textDocument": document,
                    "range": {"start": point, "end": point},
                    "context": {"diagnostics": diagnostics[:5]},
                }
            asked.append((method, params))
    end = position(text, len(text), encoding)
    for method in _WHOLE:
        params = {"textDocument": document}
        if method == "textDocument/inlayHint":
            params["range"] = {"start": {"line": 0, "character": 0}, "end": end}
        if method == "hot/resourceList":
            params["nestedDepth"] = "MAX"
        asked.append((method, params))
    return asked


def _located(text: str, diagnostics: list[dict[str, Any]], case: Hostile, encoding: str) -> str | None:
    """What the first diagnostic with one of the case's codes covers, read back with our own line counting."""
    from .text import lines, units

    for diagnostic in diagnostics:
        if diagnostic.get("code") not in case.codes:
            continue
        rng = diagnostic["range"]
        all_lines = lines(text)
        start, end = rng["start"], rng["end"]
        if start["line"] != end["line"] or start["line"] >= len(all_lines):
            return None
        line = all_lines[start["line"]]
        return _slice_units(line, start["character"], end["character"], encoding, units)
    return None


def _slice_units(line: str, start: int, end: int, encoding: str, units: Callable[[str, str], int]) -> str:
    offsets = [0]
    for char in line:
        offsets.append(offsets[-1] + units(char, encoding))
    try:
        return line[offsets.index(start) : offsets.index(end)]
    except ValueError:
        return f"<{start}..{end} is not on a character boundary>"
