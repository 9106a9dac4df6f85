"""The semantic model of one environment file: its sections and ``resource_registry`` entries, with nodes.

Heat's environment format (heat-27-facts.md §7): ``parameters``, ``parameter_defaults``,
``resource_registry``, ``event_sinks``, ``parameter_merge_strategies`` and ``encrypted_param_names``. A
registry maps a type to a type (alias), to a template file (``*.yaml``/``*.template``), a glob to a glob,
or to ``null`` (which deletes a mapping). Its ``resources:`` sub-map scopes mappings, ``hooks`` and
``restricted_actions`` to resources by name. Rules, the registry and editor features read this model.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from ...document import Mapping, Node, Pair, ParsedDocument, Scalar
from ...document.uris import url_path
from ...spec.nested_stacks import TEMPLATE_SUFFIXES

SECTIONS = (
    "parameters",
    "parameter_defaults",
    "resource_registry",
    "event_sinks",
    "parameter_merge_strategies",
    "encrypted_param_names",
)
HOOKS = ("pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete")
RESTRICTED_ACTIONS = ("update", "replace")
HOOK_KEYS = ("hooks", "restricted_actions")  # keys whose values Heat checks wherever they stand in a registry
MERGE_STRATEGIES = ("overwrite", "merge", "deep_merge")  # heat/common/environment_util.py

EntryKind = Literal["alias", "template", "glob", "delete", "other"]


@dataclass(frozen=True, slots=True)
class RegistryEntry:
    """One ``key: value`` of a resource_registry (at the top, or under ``resources: <name>:``)."""

    path: tuple[str, ...]  # ('OS::Nova::Server',) or ('resources', 'web', 'OS::Nova::Server')
    target: str | None  # None: the entry deletes the mapping
    kind: EntryKind
    key: Scalar
    value: Node

    @property
    def name(self) -> str:
        return self.path[-1]

    @property
    def resource(self) -> str | None:
        """The resource name a scoped entry applies to (``resources: <name>:``)."""
        return self.path[1] if len(self.path) == 3 and self.path[0] == "resources" else None


@dataclass(slots=True)
class EnvironmentModel:
    parsed: ParsedDocument
    root: Mapping
    sections: dict[str, Node] = field(default_factory=dict)
    registry: list[RegistryEntry] = field(default_factory=list)
    hooks: list[tuple[str, Node]] = field(default_factory=list)  # (resource pattern, value node)
    restricted_actions: list[tuple[str, Node]] = field(default_factory=list)
    base_url: str | None = None  # resource_registry.base_url (python-heatclient resolves paths against it)
    # Top-level registry keys mapped to a map (other than ``resources``): Heat loads the map as a registry of its
    # own, so a resource of that type fails ('dict' object has no attribute 'get_resource_info').
    map_valued: list[Scalar] = field(default_factory=list)

    def base_url_for(self, path: tuple[str, ...]) -> str | None:
        """Where python-heatclient resolves the relative template paths of the entries under ``path`` (the keys
        above an entry): a ``resources: <name>:`` map's own ``base_url``, else the registry's."""
        registry = self.sections.get("resource_registry")
        scoped = registry.get("resources") if isinstance(registry, Mapping) else None
        if len(path) >= 2 and path[0] == "resources" and isinstance(scoped, Mapping):
            holder = scoped.get(path[1])
            own = holder.get("base_url") if isinstance(holder, Mapping) else None
            if isinstance(own, Scalar) and isinstance(own.value, str):
                return own.value
        return self.base_url

    def parameters(self, section: str = "parameters") -> dict[str, Any]:
        node = self.sections.get(section)
        return node.to_python() if isinstance(node, Mapping) and node.weight <= 200_000 else {}


def entry_kind(name: str, target: Any) -> EntryKind:
    """Heat's ResourceInfo.__new__: which kind of mapping a registry ``name: target`` is."""
    if target is None:
        return "delete"
    if name.endswith(TEMPLATE_SUFFIXES):
        return "template"
    if not isinstance(target, str):
        return "other"
    if target.endswith(TEMPLATE_SUFFIXES):
        return "template"
    if name.endswith("*"):
        return "glob"
    return "alias"


def build_environment(parsed: ParsedDocument) -> EnvironmentModel | None:
    """The model of an environment file; None when the root is not a mapping."""
    root = parsed.root
    if not isinstance(root, Mapping):
        return None
    model = EnvironmentModel(parsed, root)
    for pair in root.entries():
        if isinstance(pair.key_value, str):
            model.sections[pair.key_value] = pair.value
    registry = model.sections.get("resource_registry")
    if isinstance(registry, Mapping):
        _load_registry(model, (), registry)
    return model


def _load_registry(model: EnvironmentModel, path: tuple[str, ...], registry: Mapping) -> None:
    """Heat's ResourceRegistry._load_registry, keeping the nodes."""
    for pair in registry.entries():
        key, value = pair.key, pair.value
        name = pair.key_value
        if not isinstance(key, Scalar) or not isinstance(name, str):
            continue
        if not path and name == "base_url":
            model.base_url = value.value if isinstance(value, Scalar) and isinstance(value.value, str) else None
            continue
        if path and path[0] == "resources" and len(path) == 2 and name in ("hooks", "restricted_actions"):
            (model.hooks if name == "hooks" else model.restricted_actions).append((path[1], value))
            continue
        if isinstance(value, Mapping):
            if not path and name == "resources" or path == ("resources",):
                _load_registry(model, (*path, name), value)
            elif not path:
                model.map_valued.append(key)
            continue  # Heat would nest other maps too; such paths never match a type lookup
        if isinstance(value, Scalar):
            target = value.value
            kind = entry_kind(name, target)
            model.registry.append(RegistryEntry((*path, name), target if kind != "other" else None, kind, key, value))


def walk_registry(registry: Mapping, limit: int = 10_000) -> Iterator[tuple[tuple[str, ...], Pair]]:
    """Every ``key: value`` of a resource_registry at any depth with the keys above it, as Heat's
    ``_load_registry`` visits them (it descends into every map: ``resources: <name>: <nested name>:`` scopes
    entries to resources of nested stacks). Bounded: aliases may share a map, so each is visited once."""
    seen: set[int] = set()
    stack: list[tuple[tuple[str, ...], Mapping]] = [((), registry)]
    visited = 0
    while stack and visited < limit:
        path, mapping = stack.pop()
        if id(mapping) in seen:
            continue
        seen.add(id(mapping))
        nested: list[tuple[tuple[str, ...], Mapping]] = []
        for pair in mapping.pairs:
            visited += 1
            yield path, pair
            if isinstance(pair.value, Mapping) and pair.key_value not in HOOK_KEYS:
                nested.append(((*path, str(pair.key_value)), pair.value))
        stack.extend(reversed(nested))


@dataclass(frozen=True, slots=True)
class TemplateLocation:
    path: str  # absolute, normalised
    beside: bool  # taken from the environment file's folder (else: an absolute path, a file: URL or a base_url)


_REMOTE_SCHEMES = ("http", "https")


def template_location(written: str, base_url: str | None, document_path: str | None) -> TemplateLocation | None:
    """The local file a registry template path names, as python-heatclient finds it (``urljoin`` of the path
    with ``base_url``, else with the environment file's folder). None for URLs and other schemes, for a remote
    or relative ``base_url``, and for a relative path of an environment that is not a file on disk."""
    written = written.strip()
    try:
        parts = urlsplit(written)
    except ValueError:
        return None
    if parts.scheme == "file":
        return TemplateLocation(os.path.normpath(url_path(parts.path)), False)
    if len(parts.scheme) > 1:  # (a one-letter scheme is a Windows drive)
        return None
    if os.path.isabs(written):
        return TemplateLocation(os.path.normpath(written), False)
    if base_url:
        base = urlsplit(base_url.strip())
        if base.scheme == "file":
            folder = url_path(base.path)
        elif not base.scheme and os.path.isabs(base_url.strip()):
            folder = base_url.strip()
        else:
            return None
        return TemplateLocation(os.path.normpath(os.path.join(folder, written)), False)
    if document_path is None:
        return None
    folder = os.path.dirname(os.path.abspath(document_path))
    return TemplateLocation(os.path.normpath(os.path.join(folder, written)), True)
