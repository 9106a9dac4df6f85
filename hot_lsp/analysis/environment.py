"""The semantic model of one environment file: its sections and ``resource_registry`` entries, with nodes.

Heat's environment format (heat-27-facts.md §7): ``parameters``, ``parameter_defaults``,
``resource_registry``, ``event_sinks``, ``parameter_merge_strategies`` and ``encrypted_param_names``. A
registry maps a type to a type (alias), to a template file (``*.yaml``/``*.template``), a glob to a glob,
or to ``null`` (which deletes a mapping). Its ``resources:`` sub-map scopes mappings, ``hooks`` and
``restricted_actions`` to resources by name. Rules, the registry and editor features read this model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..document import Mapping, Node, ParsedDocument, Scalar

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
TEMPLATE_SUFFIXES = (".yaml", ".template")

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
            continue  # Heat would nest other maps too; such paths never match a type lookup
        if isinstance(value, Scalar):
            target = value.value
            kind = entry_kind(name, target)
            model.registry.append(RegistryEntry((*path, name), target if kind != "other" else None, kind, key, value))
