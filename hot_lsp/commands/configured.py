"""The project configuration as the command line reads it (``.hot-lsp.toml``, ``[tool.hot-lsp]``): found from the
working folder upwards (as ruff's command line does), or named with ``--config``; ``--no-config`` ignores it. What
the command line gives adds to it (``--disable``, ``--exclude``) or replaces it (``--env``, ``--resource-types``,
``--severity``, ``--fail-on``; ``-P`` per name)."""

from __future__ import annotations

import os
import sys

from ..analysis.workspace.project_config import ConfigError, ProjectConfig, discover_config, load_config
from ..cloud import codes as cloud_codes  # noqa: F401  (its codes can be disabled too)


class ConfigUnusable(Exception):
    """The configuration has errors; they were printed (exit 2)."""


def read_config(
    no_config: bool, config_file: str | None, command: str, start: str | None = None
) -> ProjectConfig | None:
    """The configuration the run uses (None: none), found from ``start`` (default: the working folder) upwards;
    ConfigUnusable, its problems printed, when it has errors."""
    if no_config:
        return None
    try:
        return load_config(config_file) if config_file else discover_config(start or os.getcwd())
    except ConfigError as error:
        for problem in error.problems:
            print(f"hot-lsp {command}: {problem}", file=sys.stderr)
        raise ConfigUnusable from None


def config_globs(config: ProjectConfig | None) -> tuple[str, ...]:
    """The config's ``exclude`` globs: one naming a folder (``vendor/*``) is relative to the config's folder, one
    without a slash matches file names anywhere below it (``*.j2.yaml``)."""
    if config is None:
        return ()
    return tuple(
        os.path.join(config.folder, glob.lstrip("/")) if "/" in glob.rstrip("/") or glob.startswith("/") else glob
        for glob in config.exclude
    )
