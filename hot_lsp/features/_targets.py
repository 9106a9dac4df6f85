"""What a place in a template names, shared by the navigation features.

A *target* is a parameter, resource or condition named at an offset: either the key that defines it (in
``parameters``/``resources``/``conditions``) or a reference to it (``get_param``, ``get_resource``,
``get_attr``, ``depends_on``, ``condition``, ``if``, ``not``/``and``/``or``, ``parameter_groups``), all taken
from the model's index, never from the text. Lookups bisect a sorted list of node starts built once per
:class:`Analysis`; the analysis never changes after it is built, so the index is cached beside it.

Also here: the span of a name inside its (maybe quoted) scalar, where a node's content really ends (block
nodes run on to the next key), and the files that ``get_file`` and template-resource types point at.
"""

from __future__ import annotations

import json
import os
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard
from urllib.parse import urlsplit

from ..analysis.model.template import Entry, Reference, RefKind, TemplateModel
from ..analysis.result import Analysis
from ..document import Mapping, Node, Scalar, Sequence
from ..document.scalars import type_plain
from ..document.uris import file_path, url_path
from ..spec.nested_stacks import TEMPLATE_SUFFIXES

SECTION_OF_KIND: dict[RefKind, str] = {"parameter": "parameters", "resource": "resources", "condition": "conditions"}

# -- targets ---------------------------------------------------------------------------------------------


@dataclass(slots=True)  # not frozen: thousands are built per large template, and frozen init is slow
class Target:
    kind: RefKind
    name: str
    node: Scalar  # the scalar under the cursor
    reference: Reference | None  # None when ``node`` is a defining key

    @property
    def is_definition(self) -> bool:
        return self.reference is None


@dataclass(slots=True)
class TargetIndex:
    starts: list[int] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    references: dict[tuple[str, str], list[Reference]] = field(default_factory=dict)
    # Every key written for a name in its section, duplicates too, in source order.
    definitions: dict[tuple[str, str], list[Scalar]] = field(default_factory=dict)


def target_index(analysis: Analysis) -> TargetIndex:
    return analysis.derive(_build_index)


def _build_index(analysis: Analysis) -> TargetIndex:
    index = TargetIndex()
    model = analysis.model
    if model is None:
        return index
    found: list[Target] = []
    for kind, section_name in SECTION_OF_KIND.items():
        for key in _defining_keys(model, section_name):
            name = str(key.value)
            index.definitions.setdefault((kind, name), []).append(key)
            found.append(Target(kind, name, key, None))
    for reference in model.references:
        index.references.setdefault((reference.kind, reference.name), []).append(reference)
        found.append(Target(reference.kind, reference.name, reference.node, reference))
    found.sort(key=lambda target: target.node.start)
    index.targets = found
    index.starts = [target.node.start for target in found]
    return index


def _defining_keys(model: TemplateModel, section_name: str) -> Iterator[Scalar]:
    section = model.root.get(section_name)
    if not isinstance(section, Mapping):
        return
    for pair in section.pairs:
        key = pair.key
        if not isinstance(key, Scalar) or key.value is None:
            continue
        if key.value == "<<" and key.style is None:  # a merge key, not a name
            continue
        yield key


def target_at(analysis: Analysis, offset: int) -> Target | None:
    """The parameter, resource or condition named at ``offset`` (a cursor just after the name counts)."""
    if analysis.model is None:
        return None
    index = target_index(analysis)
    at = bisect_right(index.starts, offset) - 1
    if at < 0:
        return None
    target = index.targets[at]
    return target if offset <= target.node.end else None


def definition_keys(analysis: Analysis, kind: RefKind, name: str) -> list[Scalar]:
    """The key that defines ``name`` (the one Heat keeps when it is duplicated) first, then any others."""
    model = analysis.model
    if model is None:
        return []
    keys = target_index(analysis).definitions.get((kind, name), [])
    entry = entries_of(model, kind).get(name)
    if entry is None or entry.key not in keys:
        return list(keys)
    return [entry.key, *(key for key in keys if key is not entry.key)]


def references_to(analysis: Analysis, kind: RefKind, name: str) -> list[Reference]:
    return list(target_index(analysis).references.get((kind, name), []))


def entries_of(model: TemplateModel, kind: RefKind) -> dict[str, Entry]:
    if kind == "parameter":
        return model.parameters
    if kind == "resource":
        return model.resources
    return model.conditions


# -- spans ---------------------------------------------------------------------------------------------


def name_span(text: str, node: Scalar) -> tuple[int, int] | None:
    """Where ``node``'s string value is written, inside any quotes and after any tag or anchor.

    None when the value is not written verbatim (escapes, a doubled quote, a folded or block scalar).
    """
    value = node.value if isinstance(node.value, str) else node.text
    if not value or node.style not in (None, "'", '"'):
        return None
    end = node.end
    if node.style is not None:
        if end - node.start < 2 or text[end - 1] != node.style:
            return None
        end -= 1
    start = end - len(value)
    if start < node.start or text[start:end] != value:
        return None
    if node.style is not None and (start == node.start or text[start - 1] != node.style):
        return None
    return start, end


def token_span(text: str, node: Scalar) -> tuple[int, int]:
    """The part of a scalar to highlight or hit: the name itself when it can be found, else the node."""
    return name_span(text, node) or (node.start, node.end)


# Plain scalars that need no quotes anywhere, flow collections included (checked against YAML 1.1 typing).
_SAFE_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-:/]*")


def written_as(value: str, style: str | None) -> str:
    """How to write the string ``value`` in place of a scalar's content written in ``style``: inside the
    quotes for a quoted scalar; bare for a plain one when YAML reads it back as the same string, else
    double-quoted."""
    if style == "'":
        return value.replace("'", "''")
    if style == '"':
        return json.dumps(value, ensure_ascii=False)[1:-1]
    if _SAFE_PLAIN.fullmatch(value) and not value.endswith(":") and type_plain(value) == (value, "str"):
        return value
    return json.dumps(value, ensure_ascii=False)


def replace_scalar(text: str, start: int, end: int, value: str) -> tuple[int, int, str]:
    """An edit writing ``value`` over the scalar written at ``start``..``end``, keeping its quotes."""
    if end - start >= 2 and text[start] in "'\"" and text[end - 1] == text[start]:
        return start + 1, end - 1, written_as(value, text[start])
    return start, end, written_as(value, None)


_BLANK = " \t\r\n"


def content_end(text: str, node: Node, memo: dict[int, int] | None = None) -> int:
    """Where ``node``'s content ends: a block collection's range runs on over the comments and blank lines
    that follow it, and a block scalar keeps its trailing line breaks; both are cut off here.

    A block collection ends where its last child does; callers asking for many nodes pass a ``memo`` so each
    node is looked at once.
    """
    chain: list[Node] = []
    current = node
    floor = node.start
    while True:
        if memo is not None and id(current) in memo:
            end = memo[id(current)]
            break
        child: Node | None = None
        if isinstance(current, Mapping) and not current.flow and current.pairs:
            last = current.pairs[-1]
            floor = max(floor, last.key.start)
            child = last.value if last.value.end > last.key.end else last.key
        elif isinstance(current, Sequence) and not current.flow and current.items:
            child = current.items[-1]
        if child is None:
            end = _trimmed(text, current.start, current.end)
            break
        chain.append(current)
        if child.start < floor:
            # An alias: its node is the anchor's, written earlier; the alias itself sits on this line.
            newline = text.find("\n", floor)
            end = _trimmed(text, floor, len(text) if newline < 0 else newline)
            break
        # Each step goes down the (acyclic) tree, so the loop ends.
        floor = child.start
        current = child
    if memo is not None:
        memo[id(current)] = end
        for on_the_way in chain:
            memo[id(on_the_way)] = end
    return end


def _trimmed(text: str, start: int, end: int) -> int:
    end = min(end, len(text))
    while end > start and text[end - 1] in _BLANK:
        end -= 1
    return max(end, start)


def entry_end(text: str, key: Node, value: Node, memo: dict[int, int] | None = None) -> int:
    """Where a ``key: value`` entry's content ends (at least the key's end)."""
    if value.start < key.end:
        # An alias to a node written earlier: the entry is the alias on the key's line.
        newline = text.find("\n", key.end)
        return _trimmed(text, key.end, len(text) if newline < 0 else newline)
    return max(key.end, content_end(text, value, memo))


# -- files named by the template ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileTarget:
    node: Scalar
    path: str  # as written: a relative or absolute path, or a URL
    via: str  # 'get_file', 'type' or 'resource_registry'


def file_targets(analysis: Analysis) -> list[FileTarget]:
    """Files the document names, sorted by position: ``get_file`` arguments and template-resource types
    (a template's ``type: x.yaml`` values; an environment's ``resource_registry`` entries)."""
    return analysis.derive(_build_file_targets)


def _build_file_targets(analysis: Analysis) -> list[FileTarget]:
    found: list[FileTarget] = []
    model = analysis.model
    if model is not None:
        for call in model.calls:
            if call.name == "get_file" and _is_text(call.args):
                found.append(FileTarget(call.args, call.args.value.strip(), "get_file"))
        for entry in model.resources.values():
            node = entry.get("type")
            if _is_text(node) and node.value.strip().endswith(TEMPLATE_SUFFIXES):
                found.append(FileTarget(node, node.value.strip(), "type"))
    elif analysis.kind == "environment" and isinstance(analysis.parsed.root, Mapping):
        registry = analysis.parsed.root.get("resource_registry")
        stack: list[Node] = [registry] if isinstance(registry, Mapping) else []
        seen: set[int] = set()
        while stack:
            mapping = stack.pop()
            if id(mapping) in seen or not isinstance(mapping, Mapping):
                continue
            seen.add(id(mapping))
            for pair in mapping.pairs:
                value = pair.value
                if isinstance(value, Mapping):
                    stack.append(value)
                elif _is_text(value) and value.value.strip().endswith(TEMPLATE_SUFFIXES):
                    found.append(FileTarget(value, value.value.strip(), "resource_registry"))
    found.sort(key=lambda target: target.node.start)
    return found


def _is_text(node: object) -> TypeGuard[Scalar]:
    return isinstance(node, Scalar) and isinstance(node.value, str) and bool(node.value.strip())


def file_target_at(analysis: Analysis, offset: int) -> FileTarget | None:
    for target in file_targets(analysis):
        if target.node.start <= offset <= target.node.end:
            return target
        if target.node.start > offset:
            break
    return None


_REMOTE_SCHEMES = ("http", "https")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def resolve_file(document_uri: str, written: str, *, allow_remote: bool = False) -> str | None:
    """The URI of the file ``written`` names, relative to the document's directory.

    Local files must exist; remote URLs are returned as written when ``allow_remote``.
    """
    try:
        parts = urlsplit(written)
        if parts.scheme in _REMOTE_SCHEMES:
            return written if allow_remote and parts.netloc else None
        if parts.scheme == "file":
            path = url_path(parts.path)
        elif parts.scheme and not _WINDOWS_DRIVE.match(written):
            return None
        elif os.path.isabs(written) or _WINDOWS_DRIVE.match(written):
            path = written
        else:
            base = document_path(document_uri)
            if base is None:
                return None
            path = os.path.join(os.path.dirname(base), written)
        resolved = Path(os.path.normpath(path))
        return resolved.as_uri() if resolved.is_file() else None
    except (OSError, ValueError):
        return None


def document_path(uri: str) -> str | None:
    """The local path of a ``file:`` URI; None for other schemes (untitled buffers and the like)."""
    return file_path(uri)
