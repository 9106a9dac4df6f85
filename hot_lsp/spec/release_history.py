"""Since and until which shipped Heat release a resource type, or a property of one, works: what hover says.

Read from the shipped catalogues themselves (the newest whole and the chain of patches, ``release_catalogues``),
so it is written nowhere else. A type "works" in a release that has it and not as a placeholder; a property path
(``('rules', '*', 'description')``, a list's item ``*``) is there when the release's schema has it. Only what
did not hold in every shipped release is kept: a few hundred entries. Built on the first question (tens of
milliseconds), never for a server that is not asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .heat_releases import RELEASES, HeatRelease, find_release

Path = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Span:
    """The releases a thing is in: the first and the last of them (None: since the oldest shipped, up to the
    newest)."""

    since: HeatRelease | None
    until: HeatRelease | None


def type_span(name: str) -> Span | None:
    """When the type ``name`` works, if not in every shipped release; None when it does, or in none."""
    return _history()[0].get(name)


def property_span(type_name: str, path: Path) -> Span | None:
    """When the property at ``path`` of ``type_name`` is there, if not in every release that has the type."""
    return _history()[1].get((type_name, path))


def span_words(span: Span) -> str:
    """'new in 2024.1 (Caracal)', 'up to 2023.2 (Bobcat)', 'from zed to 2024.1 (Caracal)'."""
    if span.since is not None and span.until is not None:
        return f"from {span.since.label} to {span.until.label}"
    if span.since is not None:
        return f"new in {span.since.label}"
    return f"up to {span.until.label}" if span.until is not None else ""


@lru_cache(maxsize=1)
def _history() -> tuple[dict[str, Span], dict[tuple[str, Path], Span]]:
    types: dict[str, list[HeatRelease]] = {}
    paths: dict[tuple[str, Path], list[HeatRelease]] = {}
    for release, data in _catalogues():
        for name, entry in data["resource_types"].items():
            if not isinstance(entry, dict) or entry.get("placeholder"):
                continue
            types.setdefault(name, []).append(release)
            for path in _paths(entry.get("properties") or {}, ()):
                paths.setdefault((name, path), []).append(release)
    type_spans = {name: span for name, found in types.items() if (span := _span(found, RELEASES)) is not None}
    path_spans = {}
    for (name, path), found in paths.items():
        span = _span(found, tuple(types[name]))
        if span is not None:
            path_spans[(name, path)] = span
    return type_spans, path_spans


def _span(found: list[HeatRelease], within: tuple[HeatRelease, ...] | list[HeatRelease]) -> Span | None:
    """The span of ``found`` (the releases having a thing) among ``within`` (those it could be in)."""
    order = {release.version: index for index, release in enumerate(RELEASES)}
    have = sorted(found, key=lambda r: order[r.version])
    every = sorted(within, key=lambda r: order[r.version])
    since = have[0] if have[0] != every[0] else None
    until = have[-1] if have[-1] != every[-1] else None
    return Span(since, until) if since is not None or until is not None else None


def _catalogues() -> Iterator[tuple[HeatRelease, dict[str, Any]]]:
    """Every shipped release's catalogue data, newest first."""
    from .release_catalogues import walk_releases

    for version, data in walk_releases():
        release = find_release(version)
        if release is not None:
            yield release, data


def _paths(properties: dict[str, Any], above: Path) -> Iterator[Path]:
    for name, schema in properties.items():
        if not isinstance(schema, dict):
            continue
        path = (*above, name)
        yield path
        inner = schema.get("schema")
        if isinstance(inner, dict):
            yield from _paths(inner, path)
