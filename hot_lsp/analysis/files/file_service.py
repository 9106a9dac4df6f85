"""The files the editor features may look at, through one object the server keeps for its life.

Features neither read files nor keep caches (docs/contracts.md): the server makes one :class:`FileService` and every
snapshot carries it (``Snapshot.files``). Templates and environments are read through :class:`TemplateFiles`
(bounded, regular files only, each parsed once per version on disk and shared with the rules); a template's
interface (:class:`TemplateInfo`: its description and the parameters it declares, with their places) is kept
per file while its (mtime, size) stay; and the few questions environment features ask about folders (is this a
file, what does this folder hold) are answered here too.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ...document import Mapping, Node, Scalar
from ..model.kind import VERSION_KEY
from ..result import Analysis
from .overlay import Overlay
from .template_files import Stamp, TemplateFiles

_INTERFACES_KEPT = 1024  # template interfaces remembered (an environment looks at up to 200 templates)


@dataclass(frozen=True, slots=True)
class TemplateParameter:
    """A parameter a template file declares, with the place of its key in that file."""

    name: str
    file: str
    type: str | None
    description: str | None
    default: Any
    has_default: bool
    line: int  # of the parameter's key in ``file`` (0-based)
    line_text: str  # that line, to turn the key's column into any position encoding
    column: int  # of the key, in characters
    length: int


@dataclass(frozen=True, slots=True)
class TemplateInfo:
    """What a template file offers the environments that apply to it: its description and parameters."""

    path: str
    description: str | None
    parameters: dict[str, TemplateParameter]


@dataclass(frozen=True, slots=True)
class FolderEntry:
    name: str
    path: str
    is_dir: bool
    is_file: bool


class FileService:
    """Reads files for the features, for as long as the server runs; safe to call from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._interfaces: OrderedDict[str, tuple[Stamp, TemplateInfo | None]] = OrderedDict()

    def templates(self, overlay: Overlay | None = None, roots: tuple[str, ...] | None = None) -> TemplateFiles:
        """A reader of child templates and environment files for one request: the open documents' texts
        (``overlay``) first, and only inside ``roots`` when given."""
        return TemplateFiles(roots, overlay)

    def template_info(self, path: str) -> TemplateInfo | None:
        """The description and parameters of the HOT template at ``path`` on disk; None when it is not one, or
        cannot be read."""
        try:
            status = os.stat(path)
        except (OSError, ValueError):  # ValueError: a NUL byte in the path
            return None
        with self._lock:
            cached = self._interfaces.get(path)
        if cached is not None and cached[0] == (status.st_mtime_ns, status.st_size):
            return cached[1]
        reader = TemplateFiles()
        loaded = reader.template(path)
        stamp = reader.stamps.get(path)
        info = _template_info(path, loaded.analysis) if loaded.analysis is not None else None
        if stamp is not None:
            with self._lock:
                self._interfaces[path] = (stamp, info)
                self._interfaces.move_to_end(path)
                while len(self._interfaces) > _INTERFACES_KEPT:
                    self._interfaces.popitem(last=False)
        return info

    def is_file(self, path: str) -> bool:
        return os.path.isfile(path)

    def is_dir(self, path: str) -> bool:
        return os.path.isdir(path)

    def is_inside(self, path: str, roots: tuple[str, ...]) -> bool:
        """Whether ``path``, its links followed, is below one of ``roots`` (their links followed too)."""
        real = os.path.realpath(path)
        return any(real.startswith(os.path.realpath(root).rstrip(os.sep) + os.sep) for root in roots if root)

    def folder(self, path: str) -> list[FolderEntry]:
        """The entries of a folder, by name; empty when it cannot be read (an entry that cannot be looked at is
        left out)."""
        try:
            with os.scandir(path) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except (OSError, ValueError):
            return []
        found = []
        for entry in entries:
            try:
                found.append(FolderEntry(entry.name, entry.path, entry.is_dir(), entry.is_file()))
            except OSError:
                continue
        return found


def _template_info(path: str, analysis: Analysis) -> TemplateInfo | None:
    parsed = analysis.parsed
    root = parsed.root
    if not isinstance(root, Mapping) or VERSION_KEY not in root:
        return None
    text = analysis.text
    parameters: dict[str, TemplateParameter] = {}
    section = root.get("parameters")
    if isinstance(section, Mapping):
        for pair in section.entries():
            key, body = pair.key, pair.value
            if not isinstance(key, Scalar) or not isinstance(key.value, str):
                continue
            line = parsed.lines.line_of(key.start)
            line_start = parsed.lines.line_starts[line]
            line_end = text.find("\n", line_start)
            parameters[key.value] = TemplateParameter(
                name=key.value,
                file=path,
                type=_text(body.get("type")) if isinstance(body, Mapping) else None,
                description=_text(body.get("description")) if isinstance(body, Mapping) else None,
                default=_plain(body.get("default")) if isinstance(body, Mapping) else None,
                has_default=isinstance(body, Mapping) and "default" in body,
                line=line,
                line_text=text[line_start : line_end if line_end >= 0 else len(text)],
                column=key.start - line_start,
                length=key.end - key.start,
            )
    return TemplateInfo(path, _text(root.get("description")), parameters)


def _text(node: object) -> str | None:
    return node.value if isinstance(node, Scalar) and isinstance(node.value, str) else None


def _plain(node: Node | None) -> Any:
    if node is None or isinstance(node, Scalar):
        return node.value if node is not None else None
    return node.to_python() if node.weight <= 1000 else "…"
