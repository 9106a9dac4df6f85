"""Heat's resource types as data: properties, attributes, support status and the shipped aliases.

The built-in catalogue, ``data/heat-27.0.1.json``, is written by ``tools/gen_resource_catalogue.py`` from Heat's own
registry (all 201 types, hidden and deprecated ones included). An older Heat release's catalogue
(``release_catalogues``) replaces it when the user chooses that release: the first source is then
``heat-release:<version>`` (``release_source``) rather than a file. Users add plugin or site types with catalogues
in the same format (``hotLsp.resourceTypePaths``, ``--resource-types FILE``); a later catalogue wins per name.

Nothing is read at import. ``builtin_catalogue()`` and ``catalogue_sources.load_catalogue()`` read and cache the
JSON on first use, and a type's schema objects are built the first time the type is looked up.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

HEAT_VERSION = "27.0.1"
FORMAT = 1
BUILTIN_PATH = Path(__file__).resolve().parent / "data" / f"heat-{HEAT_VERSION}.json"

SUPPORT_STATUSES = ("UNKNOWN", "SUPPORTED", "DEPRECATED", "UNSUPPORTED", "HIDDEN")
PROPERTY_TYPES = ("String", "Integer", "Number", "Boolean", "Map", "List", "Any")
_PROPERTY_TYPE_BY_LOWER = {t.lower(): t for t in PROPERTY_TYPES}  # Heat's API writes them lowercase
SHOW_ATTRIBUTE = "show"
# A catalogue source that names a shipped Heat release instead of a file; only ever the first source.
RELEASE_SOURCE = "heat-release:"


class CatalogueError(ValueError):
    """A resource type catalogue that cannot be read or has the wrong shape."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SupportStatus:
    """Heat's support status of a type, property or attribute, with the status it replaced."""

    status: str  # one of SUPPORT_STATUSES
    version: str | None  # the Heat release the status holds from
    message: str | None
    previous: SupportStatus | None

    @property
    def hidden(self) -> bool:
        return self.status == "HIDDEN"

    @property
    def deprecated(self) -> bool:
        return self.status == "DEPRECATED"


DEFAULT_SUPPORT_STATUS = SupportStatus("SUPPORTED", None, None, None)


@dataclass(frozen=True, slots=True)
class PropertySchema:
    """One resource property as Heat's ``properties.Schema`` describes it."""

    name: str  # '*' for the item schema of a list
    type: str  # one of PROPERTY_TYPES
    description: str
    required: bool
    default: Any
    update_allowed: bool
    immutable: bool
    constraints: tuple[dict[str, Any], ...]  # Heat's constraint mappings: {"range": {"min": 1}}, ...
    schema: dict[str, PropertySchema] | None  # keys of a map, or {'*': item} of a list; None when free-form
    support_status: SupportStatus
    implemented: bool = True  # False: Heat rejects any value ("Property X not implemented yet")


@dataclass(frozen=True, slots=True)
class AttributeSchema:
    """One attribute ``get_attr`` can read."""

    name: str
    type: str | None  # String, Map, List, Integer, Boolean; None when Heat does not say
    description: str
    support_status: SupportStatus


@dataclass(frozen=True, slots=True)
class ResourceType:
    """A resource type: its interface and status."""

    name: str
    description: str  # first paragraph of Heat's class docstring ('' when it has none)
    support_status: SupportStatus
    replacement: str | None  # the type its deprecation or hidden message points to
    any_attribute: bool  # get_attr accepts any attribute name at validation
    properties: dict[str, PropertySchema]
    attributes: dict[str, AttributeSchema]  # always includes 'show'
    source: str  # the catalogue file it came from
    # The keys ``update_policy`` accepts, in the properties' format: {} when none (Heat then refuses every key),
    # None when the catalogue does not say (a user file without "update_policy").
    update_policy: dict[str, PropertySchema] | None = None
    # Heat's NoneResource (OS::Heat::None, and removed types kept so old stacks can be deleted): it takes any
    # properties and never validates or resolves them; only the resources they name still count as dependencies.
    placeholder: bool = False
    # It takes `deletion_policy: Snapshot` (None: the catalogue does not say, as in a user's file).
    snapshot: bool | None = None


class _Types(Mapping[str, ResourceType]):
    """Name -> ResourceType, building each ResourceType from its JSON the first time it is asked for."""

    __slots__ = ("_raw", "_built")

    def __init__(self, raw: dict[str, tuple[dict[str, Any], str]]) -> None:
        self._raw = raw  # name -> (JSON entry, source path)
        self._built: dict[str, ResourceType] = {}

    def __getitem__(self, name: str) -> ResourceType:
        built = self._built.get(name)
        if built is None:
            entry, source = self._raw[name]
            built = self._built[name] = _build_type(name, entry, source)
        return built

    def __contains__(self, name: object) -> bool:
        return name in self._raw

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def status_of(self, name: str) -> str | None:
        """The support status without building the type."""
        found = self._raw.get(name)
        if found is None:
            return None
        status = found[0].get("support_status")
        return status.get("status", "SUPPORTED") if isinstance(status, dict) else "SUPPORTED"


class Catalogue:
    """Resource types, aliases and custom constraint docs from one or more catalogue files."""

    __slots__ = ("types", "aliases", "alias_globs", "custom_constraint_docs", "heat_version", "sources", "derived")

    def __init__(
        self,
        raw_types: dict[str, tuple[dict[str, Any], str]],
        aliases: dict[str, str],
        alias_globs: dict[str, str],
        custom_constraint_docs: dict[str, str],
        heat_version: str,
        sources: tuple[str, ...],
    ) -> None:
        self.types: _Types = _Types(raw_types)
        self.aliases = aliases  # exact name -> type name, or a file:// template URL
        self.alias_globs = alias_globs  # 'OS::Quantum*' -> 'OS::Neutron*'
        self.custom_constraint_docs = custom_constraint_docs  # constraint name -> one-line description
        self.heat_version = heat_version
        self.sources = sources
        # What consumers build from the catalogue once (completion items, say): it never changes, so neither do they.
        self.derived: dict[Callable[..., Any], Any] = {}

    def derive(self, build: Callable[[Catalogue], T]) -> T:
        """``build(self)``, computed once per catalogue (keyed by the function: pass module-level functions)."""
        try:
            return self.derived[build]  # type: ignore[no-any-return]
        except KeyError:
            value = self.derived[build] = build(self)
            return value

    def get(self, name: str) -> ResourceType | None:
        """The type ``name`` denotes, following aliases and globs as Heat's registry does.

        None for an unknown name and for an alias to a ``file://`` template (its interface is not in the catalogue).
        """
        found = self._lookup(name, 0)
        return self.types[found] if found is not None else None

    def _lookup(self, name: str, depth: int) -> str | None:
        # Heat tries every matching entry in name order (a glob's '*' sorts before any letter, so globs come first)
        # and moves on when a mapping leads nowhere (EntityNotFound); a file:// target is a template resource.
        if depth > 16:
            return None
        for pattern in self._globs_matching(name):
            found = self._lookup(self._glob_target(pattern, name), depth + 1)
            if found is not None:
                return found
        target = self.aliases.get(name)
        if target is not None:
            return None if "://" in target else self._lookup(target, depth + 1)
        return name if name in self.types else None

    def resolve_alias(self, name: str) -> str | None:
        """What an alias or glob maps ``name`` to, followed to the end; None when no alias or glob applies.

        The result may be a ``file://`` template URL (``AWS::RDS::DBInstance``) or a name the catalogue lacks.
        """
        seen = {name}
        current, mapped = name, None
        while True:
            globs = self._globs_matching(current)
            step = self._glob_target(globs[0], current) if globs else self.aliases.get(current)
            if step is None or step in seen:
                return mapped
            mapped = current = step
            seen.add(step)

    def _globs_matching(self, name: str) -> list[str]:
        return sorted(g for g, target in self.alias_globs.items() if name.startswith(g[:-1]) and name != target)

    def _glob_target(self, pattern: str, name: str) -> str:
        target = self.alias_globs[pattern]
        return target[:-1] + name[len(pattern) - 1 :] if target.endswith("*") else target

    def names(self) -> list[str]:
        """Every type name, sorted (hidden ones included; aliases not)."""
        return sorted(self.types)

    def nearest(self, name: str, limit: int = 3) -> list[str]:
        """Names close to ``name``, best first: a different letter case first, then close spellings.

        Hidden types are not suggested; aliases to types are.
        """
        if limit <= 0:
            return []
        import difflib

        candidates = [n for n in self.types if self.types.status_of(n) != "HIDDEN"]
        candidates += [a for a, target in self.aliases.items() if "://" not in target]
        by_lower: dict[str, str] = {}
        for candidate in sorted(candidates):
            by_lower.setdefault(candidate.lower(), candidate)
        suggestions: list[str] = []
        lowered = name.strip().lower()
        if lowered in by_lower and by_lower[lowered] != name:
            suggestions.append(by_lower[lowered])
        for match in difflib.get_close_matches(lowered, list(by_lower), n=limit + 1, cutoff=0.6):
            if by_lower[match] not in suggestions and by_lower[match] != name:
                suggestions.append(by_lower[match])
        return suggestions[:limit]

    def namespaces(self) -> frozenset[str]:
        """The namespaces of every type, alias and glob: 'OS::Nova', 'AWS::EC2', 'OS::Quantum', ... (see namespace_of)."""
        names = [*self.types, *self.aliases]
        names += [g[:-1] + ("x" if g.endswith("::*") else "::x") for g in self.alias_globs]
        return frozenset(filter(None, map(namespace_of, names)))


def namespace_of(name: str) -> str | None:
    """The first two ``::`` parts of a type name ('OS::Nova' of 'OS::Nova::Server'); 'Acme' of 'Acme::Widget'."""
    parts = name.split("::")
    if len(parts) < 2:
        return None
    return "::".join(parts[: min(2, len(parts) - 1)])


# ---------------------------------------------------------------------------------------------------------------
# Loading

_BUILTIN: Catalogue | None = None


def builtin_catalogue() -> Catalogue:
    """Heat 27.0.1's own types, read on first call and cached."""
    global _BUILTIN
    if _BUILTIN is None:
        data = _read(str(BUILTIN_PATH))
        _BUILTIN = _merge([(str(BUILTIN_PATH), data)])
    return _BUILTIN


def catalogue_from_data(source: str, data: dict[str, Any]) -> Catalogue:
    """A catalogue of one JSON document already read (a release's, rebuilt from the shipped patches)."""
    return _merge([(source, data)])


def release_source(version: str) -> str:
    """The catalogue source that stands for Heat ``version``'s own catalogue (see RELEASE_SOURCE)."""
    return RELEASE_SOURCE + version


def from_heat(rtype: ResourceType) -> bool:
    """Whether a type is Heat's own (the built-in catalogue's or a shipped release's), not a user file's."""
    return rtype.source == str(BUILTIN_PATH) or rtype.source.startswith(RELEASE_SOURCE)


def with_user_files(base: Catalogue, paths: tuple[str, ...]) -> Catalogue:
    """``base`` plus user catalogues in the same format, a later file winning per name. A file that cannot be read,
    is not JSON or has the wrong shape raises CatalogueError naming the file and the reason."""
    files: list[tuple[str, dict[str, Any]]] = []
    for path in paths:
        data = _read(path)
        _check_user_file(path, data)
        files.append((path, data))
    return _merge(files, base=base)


def file_stamp(path: str) -> tuple[str, int, int]:
    """(path, mtime, size): changes when the file does, so caches keyed by it notice edits."""
    try:
        info = os.stat(path)
    except OSError:
        return (path, -1, -1)
    return (path, info.st_mtime_ns, info.st_size)


def _read(path: str) -> dict[str, Any]:
    # Only a regular file: opening a FIFO named in the settings would block the server for good.
    if os.path.exists(path) and not os.path.isfile(path):
        raise CatalogueError(path, "not a regular file; not read")
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise CatalogueError(path, error.strerror or str(error)) from None
    except UnicodeDecodeError as error:
        raise CatalogueError(path, f"not UTF-8 text ({error.reason} at byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise CatalogueError(path, f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    if not isinstance(data, dict):
        raise CatalogueError(path, "the catalogue must be a JSON object")
    if data.get("format") != FORMAT:
        raise CatalogueError(path, f'"format" must be {FORMAT}; got {data.get("format")!r}')
    for key in ("resource_types", "aliases", "alias_globs", "custom_constraints"):
        if key == "resource_types" and key not in data:
            raise CatalogueError(path, '"resource_types" is missing')
        if not isinstance(data.get(key, {}), dict):
            raise CatalogueError(path, f'"{key}" must be an object')
    return data


def _merge(files: list[tuple[str, dict[str, Any]]], base: Catalogue | None = None) -> Catalogue:
    raw: dict[str, tuple[dict[str, Any], str]] = dict(base.types._raw) if base else {}
    aliases = dict(base.aliases) if base else {}
    globs = dict(base.alias_globs) if base else {}
    docs = dict(base.custom_constraint_docs) if base else {}
    heat_version = base.heat_version if base else ""
    sources = base.sources if base else ()
    for path, data in files:
        for name, entry in data.get("resource_types", {}).items():
            raw[name] = (entry, path)
            aliases.pop(name, None)  # a later file's type replaces an earlier alias of that name
        for name, target in data.get("aliases", {}).items():
            aliases[name] = target
            raw.pop(name, None)
        globs.update(data.get("alias_globs", {}))
        for name, doc in data.get("custom_constraints", {}).items():
            docs[name] = doc.get("description", "") if isinstance(doc, dict) else str(doc)
        heat_version = heat_version or str(data.get("heat_version", ""))
        sources = (*sources, path)
    return Catalogue(raw, aliases, globs, docs, heat_version, sources)


def _check_user_file(path: str, data: dict[str, Any]) -> None:
    """Build every type of a user file once, so a bad entry fails now, with its path, not at first lookup."""
    for key in ("aliases", "alias_globs"):
        for name, target in data.get(key, {}).items():
            if not isinstance(target, str) or not target:
                raise CatalogueError(path, f"{key}.{name}: the target must be a non-empty string")
            if key == "alias_globs" and not name.endswith("*"):
                raise CatalogueError(path, f"alias_globs.{name}: a glob must end with '*'")
    for name, entry in data["resource_types"].items():
        _build_type(name, entry, path)


# ---------------------------------------------------------------------------------------------------------------
# JSON -> objects (missing optional keys take Heat's defaults, so user catalogues can be short)

_STATUS_CACHE: dict[tuple[Any, ...], SupportStatus] = {}


def _build_type(name: str, entry: Any, source: str) -> ResourceType:
    where = f"resource_types.{name}"
    if not isinstance(entry, dict):
        raise CatalogueError(source, f"{where}: must be an object")
    properties = _object(entry.get("properties"), f"{where}.properties", source)
    attributes = _object(entry.get("attributes"), f"{where}.attributes", source)
    attrs = {a: _build_attribute(a, v, f"{where}.attributes.{a}", source) for a, v in attributes.items()}
    if SHOW_ATTRIBUTE not in attrs:
        attrs[SHOW_ATTRIBUTE] = AttributeSchema(
            SHOW_ATTRIBUTE, "Map", "Detailed information about resource.", DEFAULT_SUPPORT_STATUS
        )
    replacement = entry.get("replacement")
    policy = entry.get("update_policy")
    if policy is not None:
        policy = {
            p: _build_property(p, v, f"{where}.update_policy.{p}", source)
            for p, v in _object(policy, f"{where}.update_policy", source).items()
        }
    return ResourceType(
        name=name,
        description=_text(entry.get("description"), f"{where}.description", source),
        support_status=_status(entry.get("support_status"), f"{where}.support_status", source),
        replacement=replacement if isinstance(replacement, str) else None,
        any_attribute=entry.get("any_attribute") is True,
        properties={p: _build_property(p, v, f"{where}.properties.{p}", source) for p, v in properties.items()},
        attributes=attrs,
        source=source,
        update_policy=policy,
        placeholder=entry.get("placeholder") is True,
        snapshot=entry.get("snapshot") if isinstance(entry.get("snapshot"), bool) else None,
    )


def _build_property(name: str, entry: Any, where: str, source: str) -> PropertySchema:
    if not isinstance(entry, dict):
        raise CatalogueError(source, f"{where}: must be an object")
    kind = _PROPERTY_TYPE_BY_LOWER.get(str(entry.get("type", "")).lower())
    if kind is None:
        raise CatalogueError(
            source, f"{where}.type: must be one of {', '.join(PROPERTY_TYPES)}; got {entry.get('type')!r}"
        )
    constraints = entry.get("constraints") or []
    if not isinstance(constraints, list) or not all(isinstance(c, dict) for c in constraints):
        raise CatalogueError(source, f"{where}.constraints: must be a list of objects")
    nested = entry.get("schema")
    if nested is not None:
        nested = {
            k: _build_property(k, v, f"{where}.schema.{k}", source)
            for k, v in _object(nested, f"{where}.schema", source).items()
        }
    return PropertySchema(
        name=name,
        type=kind,
        description=_text(entry.get("description"), f"{where}.description", source),
        required=entry.get("required") is True,
        default=entry.get("default"),
        update_allowed=entry.get("update_allowed") is True,
        immutable=entry.get("immutable") is True,
        constraints=tuple(constraints),
        schema=nested,
        support_status=_status(entry.get("support_status"), f"{where}.support_status", source),
        implemented=entry.get("implemented", True) is not False,
    )


def _build_attribute(name: str, entry: Any, where: str, source: str) -> AttributeSchema:
    if not isinstance(entry, dict):
        raise CatalogueError(source, f"{where}: must be an object")
    kind = entry.get("type")
    if kind is not None and not isinstance(kind, str):
        raise CatalogueError(source, f"{where}.type: must be a string or null")
    return AttributeSchema(
        name=name,
        type=_PROPERTY_TYPE_BY_LOWER.get(kind.lower(), kind) if kind else None,
        description=_text(entry.get("description"), f"{where}.description", source),
        support_status=_status(entry.get("support_status"), f"{where}.support_status", source),
    )


def _status(entry: Any, where: str, source: str) -> SupportStatus:
    if entry is None:
        return DEFAULT_SUPPORT_STATUS
    if not isinstance(entry, dict):
        raise CatalogueError(source, f"{where}: must be an object")
    status = entry.get("status", "SUPPORTED")
    if status not in SUPPORT_STATUSES:
        raise CatalogueError(source, f"{where}.status: must be one of {', '.join(SUPPORT_STATUSES)}; got {status!r}")
    version, message = entry.get("version"), entry.get("message")
    previous = entry.get("previous_status")
    previous_status = None if previous is None else _status(previous, f"{where}.previous_status", source)
    key = (
        status,
        None if version is None else str(version),
        None if message is None else str(message),
        previous_status,
    )
    found = _STATUS_CACHE.get(key)
    if found is None:
        found = _STATUS_CACHE[key] = SupportStatus(*key)
    return found


def _object(value: Any, where: str, source: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise CatalogueError(source, f"{where}: must be an object")
    return value


def _text(value: Any, where: str, source: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise CatalogueError(source, f"{where}: must be a string")
    return value
