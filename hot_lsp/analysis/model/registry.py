"""Which implementation a resource type resolves to, the way Heat's ResourceRegistry decides.

Heat merges its global environment (the built-in types and the aliases of ``default.yaml``) with the
user's environment files, applied in order (a later entry replaces an earlier one; ``null`` deletes).
A lookup gathers every candidate: a type that is itself a template file name, the entry scoped to the
resource by its exact name (``resources: <name>: {Type: ...}``), the exact entry, and every glob whose
prefix matches; then sorts them as Heat's ``ResourceInfo.__lt__`` does (user entries first, longer paths
first, then by path, so ``OS::*`` sorts before ``OS::Nova::Server``) and takes the first that leads
somewhere: an alias or glob resolves its target in turn, a template entry names a file, a built-in type
is itself.
"""

from __future__ import annotations

import os
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from typing import Literal

from ...document import Mapping, Scalar
from ...spec.nested_stacks import TEMPLATE_SUFFIXES
from ...spec.resource_types import Catalogue
from .environment import EnvironmentModel, RegistryEntry
from .environment import template_location as file_location

GLOBAL = "Heat's global environment"
_MAX_HOPS = 20  # aliases chained this deep are a cycle in practice

ResolvedKind = Literal["type", "template", "unknown"]


@dataclass(frozen=True, slots=True)
class Mapped:
    """One registry mapping, from an environment file or from Heat's global environment."""

    path: tuple[str, ...]
    target: str  # a type, a glob or a template path
    kind: Literal["alias", "glob", "template", "class"]
    user: bool
    source: str  # the environment file, or GLOBAL
    entry: RegistryEntry | None = None  # the node it came from (user entries)
    base_url: str | None = None  # where python-heatclient resolves the entry's relative template path

    def sort_key(self) -> tuple[bool, int, tuple[str, ...]]:
        return (not self.user, -len(self.path), self.path)


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a type resolves to: a built-in type, a template file, or nothing Heat knows."""

    kind: ResolvedKind
    name: str  # the type, or the template path as the mapping wrote it
    via: tuple[Mapped, ...] = ()  # the mappings followed, first to last
    source: str = ""  # the environment file whose entry named a template (to resolve its relative path)
    base_url: str | None = None  # that entry's base_url, if its environment set one

    @property
    def template_path(self) -> str | None:
        return self.name if self.kind == "template" else None


@dataclass(slots=True)
class Registry:
    catalogue: Catalogue
    top: dict[str, Mapped] = field(default_factory=dict)
    scoped: dict[str, dict[str, Mapped]] = field(default_factory=dict)  # resource name -> type -> mapping
    # Top-level names an environment maps to a map (the source file of each): Heat fails on a resource of one.
    map_valued: dict[str, str] = field(default_factory=dict)
    # The glob entries of ``top`` (every lookup tries them all; a TripleO registry has hundreds of exact entries).
    _globs: list[tuple[str, Mapped]] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def build(cls, catalogue: Catalogue, environments: Sequence[tuple[str, EnvironmentModel]] = ()) -> Registry:
        """Heat's global environment, then each ``(source, environment)`` in order.

        The files' registries merge as Heat's engine merges them (``environment_util.merge_environments``): the
        first that has one is taken whole; a later one's keys replace the earlier ones' key by key with
        ``merge_map``, which goes no deeper: a later ``resources:`` replaces the whole per-resource map before it.
        (A ``null`` deletes the mapping before it, as python-heatclient's and tripleoclient's merges do; the engine's
        merge_map would skip it, but python-heatclient refuses a ``null`` before it sends anything: E7017.)"""
        registry = cls(catalogue)
        for name, target in catalogue.aliases.items():
            kind: Literal["template", "alias"] = "template" if target.endswith(TEMPLATE_SUFFIXES) else "alias"
            registry.top[name] = Mapped((name,), target, kind, False, GLOBAL)
        for name, target in catalogue.alias_globs.items():
            registry.top[name] = Mapped((name,), target, "glob", False, GLOBAL)
        merged_before = False  # whether an earlier file had a registry (merge_map's ``if not old: return new``)
        for source, environment in environments:
            written = environment.sections.get("resource_registry")
            later = merged_before
            if isinstance(written, Mapping) and written.entries():
                merged_before = True
            if later and _sets_resources(written):
                registry.scoped = {}  # merge_map: the later file's resources: map replaces the earlier one whole
            for key in environment.map_valued:
                registry.map_valued[str(key.value)] = source
            for entry in environment.registry:
                registry.add(entry, source, environment.base_url_for(entry.path[:-1]))
        return registry

    def differing_in_case(self, type_name: str, resource_name: str | None = None) -> Mapped | None:
        """A user mapping whose name is ``type_name`` but for case (Heat's registry is case-sensitive)."""
        folded = type_name.casefold()
        tables = [self.top, self.scoped.get(resource_name, {})] if resource_name is not None else [self.top]
        for table in tables:
            for name, mapped in table.items():
                if mapped.user and name != type_name and name.casefold() == folded:
                    return mapped
        return None

    def add(self, entry: RegistryEntry, source: str, base_url: str | None = None) -> None:
        """Heat's ``_register_info``: place, replace or (``null``) delete a user mapping."""
        table = self.top if entry.resource is None else self.scoped.setdefault(entry.resource, {})
        self._globs = None
        name = entry.name
        if entry.resource is None:
            self.map_valued.pop(name, None)  # a later file's entry replaces the map (Heat's merge_map)
        if entry.kind == "delete" or entry.target is None:
            if name.endswith("*"):
                for existing in [key for key in table if key.startswith(name[:-1])]:
                    del table[existing]
            else:
                table.pop(name, None)
            return
        if entry.kind == "other":
            return
        table[name] = Mapped(entry.path, entry.target, entry.kind, True, source, entry, base_url)

    def resolve(
        self, type_name: str, resource_name: str | None = None, removed: Set[tuple[str, ...]] = frozenset()
    ) -> Resolution:
        """``removed``: the paths of user template mappings a nested stack's environment lacks (Heat's
        ``get_child_environment`` drops the mapping that made the nested stack, so a template that maps a type
        to itself does not recurse)."""
        return self._resolve(type_name, resource_name, (), 0, removed)

    def _resolve(
        self,
        type_name: str,
        resource_name: str | None,
        via: tuple[Mapped, ...],
        hops: int,
        removed: Set[tuple[str, ...]] = frozenset(),
    ) -> Resolution:
        if hops > _MAX_HOPS:
            return Resolution("unknown", type_name, via)
        for candidate in self._candidates(type_name, resource_name):
            if removed and candidate.user and candidate.kind == "template" and candidate.path in removed:
                continue
            if candidate.kind == "class":
                return Resolution("type", candidate.target, via)
            if candidate.kind == "template":
                return Resolution("template", candidate.target, (*via, candidate), candidate.source, candidate.base_url)
            if candidate.kind == "glob":
                prefix = candidate.path[-1][:-1]
                target = candidate.target
                new_type = target[:-1] + type_name[len(prefix) :] if target.endswith("*") else target
            else:
                new_type = candidate.target
            found = self._resolve(new_type, resource_name, (*via, candidate), hops + 1, removed)
            if found.kind != "unknown":
                return found
        return Resolution("unknown", type_name, via)

    def _candidates(self, type_name: str, resource_name: str | None) -> list[Mapped]:
        found: list[Mapped] = []
        if type_name.endswith(TEMPLATE_SUFFIXES):
            found.append(Mapped((type_name,), type_name, "template", True, ""))
        if resource_name is not None:
            scoped = self.scoped.get(resource_name, {}).get(type_name)
            if scoped is not None:
                found.append(scoped)
        exact = self.top.get(type_name)
        if exact is not None:
            found.append(exact)
        if type_name in self.catalogue.types:
            found.append(Mapped((type_name,), type_name, "class", False, GLOBAL))
        if self._globs is None:
            self._globs = [(name, mapped) for name, mapped in self.top.items() if name.endswith("*")]
        for name, mapped in self._globs:
            # Heat's GlobResourceInfo.matches: the prefix matches, and a many-to-one glob never maps to itself.
            if type_name.startswith(name[:-1]) and type_name != mapped.target:
                found.append(mapped)
        found.sort(key=Mapped.sort_key)
        return found


def template_location(resolution: Resolution, referrer: str) -> str | None:
    """The local file a template resolution names, found as python-heatclient finds it
    (``environment.template_location``): from the mapping environment's base_url or folder, or, for a type
    written as a file name, from the template that wrote it (``referrer``). None for URLs and non-templates."""
    path = resolution.template_path
    if path is None:
        return None
    from_environment = bool(resolution.source) and resolution.source != GLOBAL
    base_url = resolution.base_url if from_environment else None
    if "://" not in path and not os.path.isabs(path) and not base_url:
        # Beside the file that wrote it, kept as relative as that file's own path (as the command line named it).
        base = resolution.source if from_environment else referrer
        return os.path.normpath(os.path.join(os.path.dirname(base), path))
    located = file_location(path, base_url, resolution.source if from_environment else referrer)
    return located.path if located is not None else None


def _sets_resources(written: object) -> bool:
    """Whether a file's resource_registry has a ``resources:`` key with a value (merge_map keeps what is None)."""
    if not isinstance(written, Mapping):
        return False
    value = written.get("resources")
    return value is not None and not (isinstance(value, Scalar) and value.value is None)
