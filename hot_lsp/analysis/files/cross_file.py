"""What the cross-file rules share while one template is analysed: where it is, the registry in effect, the files
read, and where hot-lsp may look.

python-heatclient reads the files a template names before Heat sees anything: a template resource's file and
every ``get_file`` target relative to the template (``urljoin``), a registry entry's file relative to its
environment file (or ``base_url``). hot-lsp looks where the client would, within two limits: never a URL, and an
absolute path (or a ``file://`` URL) only below the roots (the workspace folders, else the document's folder).
A relative path is followed wherever it leads, as the client follows it. Every path looked at, found or not, is
recorded in ``files.stamps``: the analysis is stale once one of them changes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence, Set
from functools import cached_property
from typing import Any

from ...spec import Catalogue
from ..evaluation.environment_merge import merge_environments
from ..model.environment import template_location
from ..model.registry import GLOBAL, Resolution
from .overlay import Overlay
from .roots import real_roots
from .template_files import TemplateFiles
from .template_resources import ChildTemplate, registry_of


class CrossFile:
    """The files around one analysis. Children and environments are parsed once per version on disk (shared
    through :class:`TemplateFiles`); the registry is built once per version of the environment files."""

    def __init__(
        self,
        catalogue: Catalogue,
        document_path: str | None,
        roots: Sequence[str] = (),
        environment_paths: Sequence[str] = (),
        overlay: Overlay | None = None,
    ) -> None:
        self.document_path = os.path.abspath(document_path) if document_path else None
        folder = (os.path.dirname(self.document_path),) if self.document_path else ()
        self._roots = roots or folder
        self.files = TemplateFiles(None, overlay)  # the roots are applied here, to absolute paths only
        self.environments = tuple(self.files.environment(os.path.abspath(p)) for p in environment_paths)
        self.registry = registry_of(catalogue, self.environments)
        # Heat applies parameter_defaults to every stack of the tree; a null value gives no default. Which names
        # have one (the values, merged as Heat merges them, depend on the parameters' types: defaults_for).
        self._values = tuple(env.values for env in self.environments if env.values is not None)
        self.parameter_defaults: dict[str, Any] = {}
        for values in self._values:
            self.parameter_defaults.update(values.parameter_defaults)
        self.parameter_defaults = {k: v for k, v in self.parameter_defaults.items() if v is not None}
        self._merged: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}

    def defaults_for(self, types: Mapping[str, str]) -> dict[str, Any]:
        """The environments' parameter_defaults for parameters of these HOT ``types``, merged as the engine merges
        them (``environment_merge``: strategies, merge by type); a name whose merge Heat refuses keeps what it had."""
        key = tuple(sorted((name, kind) for name, kind in types.items() if name in self.parameter_defaults))
        if not key:
            return {}
        found = self._merged.get(key)
        if found is None:
            merged = merge_environments(self._values, dict(key)).parameter_defaults.values
            found = self._merged[key] = {name: value for name, value in merged.items() if value is not None}
        return found

    @cached_property
    def roots(self) -> tuple[str, ...]:
        """The roots with their links followed, resolved when first needed (only an absolute path needs them) or
        once for the whole run (:class:`Roots`)."""
        return real_roots(self._roots)

    @property
    def environments_known(self) -> bool:
        """Whether the environments the template is deployed with were given (so a missing value is certain)."""
        return bool(self.environments)

    def child(
        self,
        type_name: str,
        resource_name: str | None,
        referrer: str | None = None,
        removed: Set[tuple[str, ...]] = frozenset(),
    ) -> ChildTemplate | None:
        """The child template ``type_name`` resolves to for the resource ``resource_name`` of the template at
        ``referrer`` (default: the document), read when it may be; None when the type is not a template resource.
        The child's ``path`` is None when it is not looked for (a URL, outside the roots, no folder to start from)."""
        resolution = self.registry.resolve(type_name, resource_name, removed)
        if resolution.kind != "template":
            return None
        path = self.template_path(resolution, referrer or self.document_path)
        return ChildTemplate(type_name, resolution, path, self.files.template(path) if path is not None else None)

    def template_path(self, resolution: Resolution, referrer: str | None) -> str | None:
        """Where the client reads a template resolution's file, when hot-lsp may look there."""
        mapped = resolution.source and resolution.source != GLOBAL
        base_url = resolution.base_url if mapped else None
        # A type written as a file name is read beside the template that writes it; a global alias's files are
        # Heat's own (file:///etc/heat/templates), never the client's.
        starting_point = resolution.source if mapped else (None if resolution.source == GLOBAL else referrer)
        return self.file_path(resolution.name, starting_point, base_url)

    def file_path(self, written: str, referrer: str | None, base_url: str | None = None) -> str | None:
        """The local file ``written`` names from the file at ``referrer``, when hot-lsp may look there: a
        relative path always, an absolute one only below the roots, a URL never."""
        if "\0" in written:
            return None  # no file has a NUL byte in its name (and the OS refuses to look)
        found = template_location(written, base_url, referrer)
        if found is None:
            return None
        return found.path if found.beside or self.inside_roots(found.path) else None

    def inside_roots(self, path: str) -> bool:
        real = os.path.realpath(path)  # a link inside a root to a file outside it stays outside
        return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in self.roots)

    def exists(self, path: str) -> bool:
        """Whether ``path`` is there (stat only; recorded like every path read)."""
        return self.files.check(path) == ""
