"""Nested templates and environment files read from disk: bounded, and cached by (path, mtime, size).

A tree of templates (TripleO's roles and services, Magnum's node templates) reads the same child file many
times, across many requests. Each file is parsed and modelled once per version on disk; asking again
costs one ``stat``. Reads are bounded the way Heat bounds them (``max_template_size`` characters per file), only
regular files are read (a FIFO named ``x.yaml`` must not hang the server), and, when ``roots`` are given,
only files inside them. Children get no rules run on them: listing needs their model, not diagnostics.
"""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ...document import Mapping, ParsedDocument, parse
from ...spec.limits import MAX_TEMPLATE_SIZE
from ..evaluation.inputs import EnvironmentValues
from ..model.environment import EnvironmentModel, build_environment
from ..model.kind import detect_kind
from ..model.template import build_model
from ..result import Analysis
from .overlay import Overlay  # a child being edited is read from its buffer

MAX_FILE_CHARS = MAX_TEMPLATE_SIZE  # Heat applies it to nested templates and environment files alike
MAX_FILE_BYTES = MAX_FILE_CHARS * 4  # at worst 4 UTF-8 bytes per character
_CACHE_ENTRIES = 2_000  # distinct files kept parsed (a whole TripleO tree is a few hundred)

Stamp = tuple[int, int]  # (mtime_ns, size); (-1, generation) for the text of a document open in the editor


@dataclass(frozen=True, slots=True)
class LoadedTemplate:
    """A child template's analysis (parse and model only), or why there is none."""

    path: str
    analysis: Analysis | None
    problem: str = ""  # set when analysis is None
    missing: bool = False  # the file does not exist (as opposed to unreadable or not a template)
    # The text read when it gave no template (a YAML error, say): a stack's check reports the child's own words.
    text: str | None = None


@dataclass(frozen=True, slots=True)
class LoadedEnvironment:
    path: str
    model: EnvironmentModel | None
    values: EnvironmentValues | None
    problem: str = ""


_lock = threading.Lock()
_cache: OrderedDict[tuple[str, str], tuple[Stamp, object]] = OrderedDict()


class TemplateFiles:
    """Reads templates and environments for one request; the parsed files are shared by every instance."""

    def __init__(self, roots: tuple[str, ...] | None = None, overlay: Overlay | None = None) -> None:
        # None: any file a template or environment names (the command line, where the user chose the files).
        self.roots = tuple(os.path.realpath(root) for root in roots) if roots is not None else None
        self.overlay = overlay or {}
        self.stamps: dict[str, Stamp | None] = {}  # every file looked at, for callers that cache results

    def template(self, path: str) -> LoadedTemplate:
        found = self._load("template", path, _read_template)
        assert isinstance(found, LoadedTemplate)
        return found

    def environment(self, path: str) -> LoadedEnvironment:
        found = self._load("environment", path, _read_environment)
        assert isinstance(found, LoadedEnvironment)
        return found

    def check(self, path: str) -> str:
        """Why ``path`` cannot be listed (outside the roots, not found), without reading it; "" when it can."""
        if not self.allowed(path):
            return self._outside(path)
        try:
            status = os.stat(path)
        except (OSError, ValueError):  # ValueError: a NUL byte in the path, which no file has
            self.stamps[path] = None
            return f"not found (looked for {path})"
        self.stamps[path] = (status.st_mtime_ns, status.st_size)
        return ""

    def _outside(self, path: str) -> str:
        return f"{path} is outside the folders hot-lsp reads ({', '.join(self.roots or ())}); not read"

    def allowed(self, path: str) -> bool:
        if self.roots is None:
            return True
        real = os.path.realpath(path)  # a link inside a root to a file outside it stays outside
        return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in self.roots)

    def _load(self, kind: str, path: str, read: Callable[..., object]) -> object:
        failed = LoadedTemplate if kind == "template" else LoadedEnvironment
        if not self.allowed(path):
            return _failure(failed, path, self._outside(path))
        if path in self.overlay:
            return self._load_open(kind, path, read)
        try:
            status = os.stat(path)
        except FileNotFoundError:
            self.stamps[path] = None
            return _failure(failed, path, f"not found (looked for {path})", missing=True)
        except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
            self.stamps[path] = None
            return _failure(failed, path, f"{path} cannot be read: {getattr(error, 'strerror', None) or error}")
        stamp = (status.st_mtime_ns, status.st_size)
        self.stamps[path] = stamp
        key = (kind, path)
        with _lock:
            cached = _cache.get(key)
            if cached is not None and cached[0] == stamp:
                _cache.move_to_end(key)
                return cached[1]
        if not stat.S_ISREG(status.st_mode):
            loaded = _failure(failed, path, f"{path} is not a regular file; not read")
        elif status.st_size > MAX_FILE_BYTES:
            loaded = _failure(failed, path, f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters")
        else:
            loaded = read(path)
        return _remember(key, stamp, loaded)

    def _load_open(self, kind: str, path: str, read: Callable[..., object]) -> object:
        generation, text = self.overlay[path]
        stamp = (-1, generation)
        self.stamps[path] = stamp
        key = ("open " + kind, path)
        with _lock:
            cached = _cache.get(key)
            if cached is not None and cached[0] == stamp:
                _cache.move_to_end(key)
                return cached[1]
        return _remember(key, stamp, read(path, text))


def _remember(key: tuple[str, str], stamp: Stamp, loaded: object) -> object:
    with _lock:
        _cache[key] = (stamp, loaded)
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_ENTRIES:
            _cache.popitem(last=False)
    return loaded


def _failure(cls: type, path: str, problem: str, *, missing: bool = False) -> object:
    if cls is LoadedTemplate:
        return LoadedTemplate(path, None, problem, missing)
    return LoadedEnvironment(path, None, None, problem)


def _read_text(path: str) -> str:
    """The file as text, or ValueError saying why not (Heat reads UTF-8; a BOM is allowed)."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES or b"\x00" in data[:8192]:
        raise ValueError(f"{path} is not a text file of Heat's size")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} is not UTF-8 text (byte {error.start})") from None
    if len(text) > MAX_FILE_CHARS:
        raise ValueError(f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters")
    return text


def reads_alike(path: str, text: str, parsed: ParsedDocument) -> bool:
    """Whether reading the file at ``path`` here gives the template ``parsed`` (``parse(text)``, ``text`` read from
    that file as plain UTF-8, by the command line): a regular file within Heat's size (any text of at most
    ``MAX_FILE_CHARS`` characters has at most ``MAX_FILE_BYTES`` bytes), no byte order mark (this reader drops it,
    which moves every offset), and a template by its content alone (not only because the user named it one)."""
    if text.startswith("\ufeff") or len(text) > MAX_FILE_CHARS:
        return False
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
    except (OSError, ValueError):
        return False
    return detect_kind(parsed.root, text) == "template"


def _read_template(path: str, text: str | None = None) -> LoadedTemplate:
    if text is None:
        try:
            text = _read_text(path)
        except (OSError, ValueError) as error:
            return LoadedTemplate(path, None, str(error))
    elif len(text) > MAX_FILE_CHARS:
        return LoadedTemplate(path, None, f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters")
    parsed = parse(text)
    if detect_kind(parsed.root, text) != "template":
        return LoadedTemplate(path, None, f"{path} is not a HOT template", text=text)
    model = build_model(parsed)
    if model is None:
        return LoadedTemplate(path, None, f"{path} does not parse as a HOT template", text=text)

    return LoadedTemplate(path, Analysis(text, parsed, "template", model))


def _read_environment(path: str, text: str | None = None) -> LoadedEnvironment:
    if text is None:
        try:
            text = _read_text(path)
        except (OSError, ValueError) as error:
            return LoadedEnvironment(path, None, None, str(error))
    elif len(text) > MAX_FILE_CHARS:
        return LoadedEnvironment(
            path, None, None, f"{path} is larger than Heat's limit of {MAX_FILE_CHARS:,} characters"
        )
    parsed = parse(text)
    model = build_environment(parsed)
    if model is None or not isinstance(parsed.root, Mapping):
        return LoadedEnvironment(path, None, None, f"{path}: The environment is not a valid YAML mapping data type.")
    return LoadedEnvironment(path, model, EnvironmentValues.from_mapping(path, parsed.root.to_python()))


def clear_cache() -> None:
    """Forget every parsed file (tests and benchmarks measure a cold start)."""
    with _lock:
        _cache.clear()
