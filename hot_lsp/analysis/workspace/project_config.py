"""Project configuration: ``.hot-lsp.toml``, or ``[tool.hot-lsp]`` in ``pyproject.toml``, shared by the command line
and the language server (docs/cli.md, "Project configuration").

Found by walking up from a folder to the filesystem root: the nearest folder holding either wins, and in one folder
``.hot-lsp.toml`` beats ``pyproject.toml`` (a ``pyproject.toml`` without a ``[tool.hot-lsp]`` table is not one).
Pure: reads files, never prints; every problem is a :class:`ConfigError` whose lines name the file and the line.

Keys: ``disable`` (codes and prefixes: ``E4``, ``W``, ``I9001``), ``exclude`` (globs), ``environments`` and
``resource-types`` (paths relative to the configuration file's folder), ``parameters`` (a table name -> value),
``severity`` (``error|warning|information``: what is shown), ``fail-on`` (``error|warning``: what sets exit 1) and
``heat-release`` (the Heat release templates are checked for: a series, release name or Heat version).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

from ...spec.heat_releases import find_release, valid_values
from ..codes import naming_nothing

CONFIG_FILE = ".hot-lsp.toml"
PYPROJECT = "pyproject.toml"
SEVERITIES = ("error", "warning", "information")
FAIL_ON = ("error", "warning")
KEYS = ("disable", "exclude", "environments", "resource-types", "parameters", "severity", "fail-on", "heat-release")


@dataclass(frozen=True, slots=True)
class ProjectConfig:
    """A project's configuration, paths made absolute (relative to the file's folder)."""

    path: str  # the file it came from (absolute)
    disable: frozenset[str] = frozenset()
    exclude: tuple[str, ...] = ()
    environments: tuple[str, ...] = ()
    resource_types: tuple[str, ...] = ()
    parameters: dict[str, Any] = field(default_factory=dict)
    severity: str | None = None
    fail_on: str | None = None
    heat_release: str | None = None  # as written: a series, release name or version that names a shipped release

    @property
    def folder(self) -> str:
        return os.path.dirname(self.path)


class ConfigError(Exception):
    """A configuration file that cannot be used: one ``file:line: problem`` line per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def find_config(start: str) -> str | None:
    """The configuration file nearest ``start`` (a folder, or a file: its folder), walking up to the root."""
    folder = os.path.abspath(start)
    if not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    while True:
        candidate = os.path.join(folder, CONFIG_FILE)
        if os.path.isfile(candidate):
            return candidate
        pyproject = os.path.join(folder, PYPROJECT)
        if os.path.isfile(pyproject) and _has_tool_table(pyproject):
            return pyproject
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def discover_config(start: str) -> ProjectConfig | None:
    """The configuration found from ``start`` (None: there is none); ConfigError when it is wrong."""
    path = find_config(start)
    return load_config(path) if path is not None else None


def load_config(path: str) -> ProjectConfig:
    """Read and check the configuration in ``path`` (a ``.hot-lsp.toml``, or a ``pyproject.toml``'s table)."""
    path = os.path.abspath(path)
    shown = os.path.relpath(path) if not os.path.relpath(path).startswith("..") else path
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as error:
        raise ConfigError([f"{shown}: {error.strerror}"]) from None
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as error:
        raise ConfigError([f"{shown}: not UTF-8 text: {error.reason}"]) from None
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"at line (\d+)", str(error))
        where = f"{shown}:{line.group(1)}" if line else shown
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise ConfigError([f"{where}: not valid TOML: {message}"]) from None
    table: Any = data
    section = ""
    if os.path.basename(path) == PYPROJECT:
        table = data.get("tool", {}).get("hot-lsp", {}) if isinstance(data.get("tool"), dict) else {}
        section = "tool.hot-lsp"
        if not isinstance(table, dict):
            raise ConfigError([f"{shown}:{_Lines(text, section).of_key('')}: [tool.hot-lsp] must be a table"])
    return _Reader(path, shown, _Lines(text, section)).read(table)


class _Lines:
    """Where a key (or a value under it) is written in the TOML text: the line, 1-based (the table's, or 1)."""

    def __init__(self, text: str, section: str) -> None:
        self._lines = text.splitlines()
        self._start = 0
        if section:
            header = re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(map(_key_pattern, section.split("."))) + r"\s*\]")
            for number, line in enumerate(self._lines):
                if header.match(line):
                    self._start = number
                    break

    def of_key(self, key: str) -> int:
        if key:
            pattern = re.compile(r"^\s*(\[\s*)?([\w.\-\"']*\.)?\s*" + _key_pattern(key) + r"\s*[=.\]]")
            for number in range(self._start, len(self._lines)):
                if pattern.match(self._lines[number]):
                    return number + 1
        return self._start + 1

    def of_value(self, key: str, value: str) -> int:
        """The first line from the key's on that holds ``value`` quoted."""
        first = self.of_key(key) - 1
        quoted = re.compile(r"[\"']" + re.escape(value) + r"[\"']")
        for number in range(first, len(self._lines)):
            if quoted.search(self._lines[number]):
                return number + 1
        return first + 1


def _key_pattern(key: str) -> str:
    escaped = re.escape(key)
    return rf"(?:{escaped}|\"{escaped}\"|'{escaped}')"


class _Reader:
    def __init__(self, path: str, shown: str, lines: _Lines) -> None:
        self.path = path
        self.shown = shown
        self.lines = lines
        self.problems: list[tuple[int, str]] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append((line, f"{self.shown}:{line}: {message}"))

    def read(self, table: dict[str, Any]) -> ProjectConfig:
        for key in table:
            if key not in KEYS:
                self.problem(self.lines.of_key(key), f"unknown key '{key}' (known: {', '.join(KEYS)})")
        disable = self.strings(table, "disable")
        codes = frozenset(code.upper() for code in disable)
        from .. import rules  # noqa: F401  (registers the analysis's codes; the front ends register their own)

        for typo in naming_nothing(codes):
            self.problem(
                self.lines.of_value("disable", typo),
                f"disable: no diagnostic code is or starts with {typo} (hot-lsp rules lists them)",
            )
        exclude = self.strings(table, "exclude")
        environments = self.paths(table, "environments")
        resource_types = self.paths(table, "resource-types")
        parameters = table.get("parameters", {})
        if not isinstance(parameters, dict):
            self.problem(self.lines.of_key("parameters"), "parameters must be a table of names and values")
            parameters = {}
        severity = self.choice(table, "severity", SEVERITIES)
        fail_on = self.choice(table, "fail-on", FAIL_ON)
        heat_release = self.release(table)
        if self.problems:
            raise ConfigError([message for _, message in sorted(self.problems, key=lambda p: p[0])])
        return ProjectConfig(
            self.path, codes, exclude, environments, resource_types, dict(parameters), severity, fail_on, heat_release
        )

    def release(self, table: dict[str, Any]) -> str | None:
        value = table.get("heat-release")
        if value is None:
            return None
        if isinstance(value, str) and find_release(value) is not None:
            return value
        self.problem(
            self.lines.of_key("heat-release"),
            f"heat-release: {value!r} is not a Heat release hot-lsp knows; one of: {valid_values()}",
        )
        return None

    def strings(self, table: dict[str, Any], key: str) -> tuple[str, ...]:
        value = table.get(key, [])
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return tuple(value)
        self.problem(self.lines.of_key(key), f"{key} must be a list of strings")
        return ()

    def paths(self, table: dict[str, Any], key: str) -> tuple[str, ...]:
        folder = os.path.dirname(self.path)
        return tuple(os.path.normpath(os.path.join(folder, os.path.expanduser(p))) for p in self.strings(table, key))

    def choice(self, table: dict[str, Any], key: str, choices: tuple[str, ...]) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if isinstance(value, str) and value in choices:
            return value
        self.problem(self.lines.of_key(key), f"{key} must be one of {', '.join(choices)}, not {value!r}")
        return None


def _has_tool_table(path: str) -> bool:
    """Whether a ``pyproject.toml`` has a ``[tool.hot-lsp]`` table (one that cannot be read counts: its error is
    worth showing)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return False
    return re.search(r"^\s*\[?\s*tool\s*\.\s*[\"']?hot-lsp\b", text, re.MULTILINE) is not None
