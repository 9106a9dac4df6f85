"""What every real-editor test shares: the project it opens, the server command and position arithmetic."""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent.parent
SAMPLE = HERE / "sample_template.yaml"

PLAIN_YAML = "name: not a heat template\nitems: [1, 2]\n"
ENVIRONMENT = "parameter_defaults:\n  flavor: m1.tiny\n"
SETTINGS = {"disabledRules": ["I9001"]}  # the sample's unused `image` parameter would be I9001
# The editors' READMEs install the server from a checkout with this (Debian 12's python3 refuses pip outside a
# venv); the plugins' "not found" messages give the same command.
README_VENV = "python3 -m venv .venv && .venv/bin/pip install -e ."


@dataclass(frozen=True)
class Project:
    root: Path  # holds .git, so editors take it as the project root
    template: Path
    plain: Path  # YAML that is not HOT: editors must leave it alone
    environment: Path
    text: str  # the template's text


def make_project(work: Path) -> Project:
    """A repository with the sample template one folder down, beside a plain YAML file and an environment."""
    (work / ".git").mkdir()
    folder = work / "templates"
    folder.mkdir()
    text = SAMPLE.read_text(encoding="utf-8")
    template = folder / "server.yaml"
    template.write_text(text, encoding="utf-8")
    plain = folder / "plain.yaml"
    plain.write_text(PLAIN_YAML, encoding="utf-8")
    environment = folder / "env.yaml"
    environment.write_text(ENVIRONMENT, encoding="utf-8")
    return Project(work, template, plain, environment, text)


def server_command() -> list[str]:
    installed = shutil.which("hot-lsp")
    return [installed] if installed else [sys.executable, "-m", "hot_lsp"]


def locate(text: str, needle: str, into: int = 0) -> tuple[int, int]:
    """(1-based line, 0-based code point column) of ``into`` characters inside ``needle``."""
    offset = text.index(needle) + into
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start


def line_before(text: str, needle: str, into: int = 0) -> str:
    """The text of the line up to ``into`` characters inside ``needle``."""
    line, character = locate(text, needle, into)
    return text.splitlines()[line - 1][:character]


def column(text: str, encoding: str) -> int:
    """The length of ``text`` in the units of an LSP position encoding (``utf-8`` counts bytes)."""
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text.encode()) if encoding == "utf-8" else len(text)
