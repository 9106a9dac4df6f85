"""Which kind of file a YAML document is: HOT template, environment, or neither.

Editors send every YAML file to the server; only templates and environment
files get diagnostics (docs/cli.md, "Files hot-lsp reads as HOT").
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from typing import Literal
from urllib.parse import unquote, urlparse

from ...document import Mapping, Node

Kind = Literal["template", "environment", "cfn", "other"]

VERSION_KEY = "heat_template_version"
CFN_VERSION_KEYS = ("AWSTemplateFormatVersion", "HeatTemplateFormatVersion")
ENVIRONMENT_ONLY_SECTIONS = (
    "resource_registry",
    "parameter_defaults",
    "event_sinks",
    "parameter_merge_strategies",
    "encrypted_param_names",
)
ENVIRONMENT_SECTIONS = ("parameters", *ENVIRONMENT_ONLY_SECTIONS)
# Sections only a template has: a file someone names as a template with one of them is one, version or not.
TEMPLATE_ONLY_SECTIONS = ("resources", "outputs", "conditions", "parameter_groups")

# For text that does not parse: a version key at the start of a line (YAML) or quoted (JSON).
_VERSION_IN_TEXT = re.compile(r'^\s*["\']?heat_template_version["\']?\s*:', re.M)
_ENV_IN_TEXT = re.compile(r"^(resource_registry|parameter_defaults|event_sinks|parameter_merge_strategies)\s*:", re.M)


def detect_kind(
    root: Node | None,
    text: str,
    named_as_environment: bool = False,
    named_as_template: bool = False,
    given_environment: bool = False,
) -> Kind:
    """Classify a parsed document; falls back on the text when the YAML is broken. ``named_as_template``: the user
    named the file to be checked (``hot-lsp check file.yaml``), so template sections make it a template even without
    a version (which E0010 then asks for); in a folder walk such a file may be any YAML. ``given_environment``: the
    user gave the file as an environment (``--env``, ``environments``, ``hotLsp.environments``): Heat reads any
    mapping without a version as one, so its sections are judged even when it has none Heat knows."""
    if isinstance(root, Mapping):
        keys = {k for k in root if isinstance(k, str)}
        if VERSION_KEY in keys:
            return "template"
        if keys.intersection(CFN_VERSION_KEYS):
            return "cfn"
        if keys.intersection(ENVIRONMENT_ONLY_SECTIONS) or given_environment:
            return "environment"
        if named_as_environment and keys and keys <= set(ENVIRONMENT_SECTIONS):
            return "environment"
        if _looks_like_unversioned_template(root):
            return "template"
        if named_as_template and keys.intersection(TEMPLATE_ONLY_SECTIONS):
            return "template"
    if _VERSION_IN_TEXT.search(text):
        return "template"
    if _ENV_IN_TEXT.search(text):
        return "environment"
    return "other"


def _looks_like_unversioned_template(root: Mapping) -> bool:
    """A top-level ``resources`` map of ``{type: ...}`` bodies: a template that lost its version line."""
    resources = root.get("resources")
    if not isinstance(resources, Mapping) or len(resources) == 0:
        return False
    return all(isinstance(p.value, Mapping) and "type" in p.value for p in resources.entries())


def named_as_environment(uri: str, environment_globs: Iterable[str] = ()) -> bool:
    """Whether a file is named like an environment: it matches one of ``environment_globs`` (``hotLsp.environments``),
    or it is called ``env.yaml``/``env-*.yaml``/``*-env.yaml``/``*environment*.yaml``, or it lives in an
    ``environments`` folder.

    Only matters for a file whose sections are all ones templates share with environments
    (``parameters``); docs/cli.md: "so is one whose sections are all environment sections (`parameters` alone,
    say) when it is named as an environment".
    """
    parsed = urlparse(uri)
    path = unquote(parsed.path) if parsed.scheme in ("file", "") else uri
    name = path.rsplit("/", 1)[-1].lower()
    stem = name.rsplit(".", 1)[0]
    if any(fnmatch.fnmatch(path, glob) or fnmatch.fnmatch(name, glob) for glob in environment_globs):
        return True
    if "/environments/" in path.lower():
        return True
    return (
        stem == "env" or stem.startswith(("env-", "env_")) or stem.endswith(("-env", "_env")) or "environment" in stem
    )
