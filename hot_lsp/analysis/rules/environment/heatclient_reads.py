"""E7017: what python-heatclient cannot read in an environment the user gave (``--env``, ``environments``,
``hotLsp.environments``), read as its ``resolve_environment_urls`` reads a registry (``spec/heatclient_registry``).

The client fetches every registry value that names a file before it sends anything, and stops at the first it
cannot read, used or not: a template that is not there, the value of a misspelt key (``hook: pre-create`` is a
file named ``pre-create``), a type written without ``::``. It fails on a null value too. Without the environment
given, a missing template stays W7008 (it may be generated at deploy time, or the file meant for another tree).
A helper of ``environment_files`` (not a unit of its own): it reads the registry the same walk does.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ....document import Mapping, QuickFix, Scalar
from ....spec.heatclient_registry import heatclient_reading, read_levels
from ....spec.nested_stacks import TEMPLATE_SUFFIXES
from ...codes import define
from ...model.environment import HOOK_KEYS, walk_registry
from ...report import Reporter
from ...suggest import did_you_mean
from ..phases import ENVIRONMENT

E7017 = define(
    "E7017",
    "In an environment the user gave (--env, environments, hotLsp.environments), a resource_registry value "
    "python-heatclient reads as a file and cannot fetch: a template that is not there, a misspelt key "
    "(`hook: pre-create`) or a type without `::`, whose value it takes for a file name; or a null value, "
    "which it fails on.",
    "(resource_registry:\n  resources:\n    web:\n      hook: pre-create\n\nin an environment given with --env)",
    "environment",
    slug="registry-file-unreadable",
    why="python-heatclient fetches every registry value without `::` (but base_url, hooks and restricted_actions) "
    "before it sends the environment, and stops at one it cannot read: 'Could not fetch contents for "
    "file:///.../pre-create'. Its test `'::' in value` fails on null: 'argument of type 'NoneType' is not "
    "iterable'.",
    instead="      hooks: pre-create",
    heat_step="client (python-heatclient, before the request)",
    phase=ENVIRONMENT.name,
)

Locate = Callable[[str, str | None], str | None]  # (written path, base_url) -> the local file, or None: not looked at


def unreadable_values(
    registry: Mapping, report: Reporter, locate: Locate, base_url_for: Callable[[tuple[str, ...]], str | None]
) -> set[int]:
    """E7017 for each value python-heatclient would fail to read; the ids of the value nodes said (the other
    registry checks leave them alone)."""
    said: set[int] = set()
    for path, pair in walk_registry(registry):
        name, value = pair.key_value, pair.value
        if not read_levels(path) or not isinstance(name, str) or not isinstance(value, Scalar):
            continue
        reading = heatclient_reading(name, value.value)
        if reading == "fails" and value.value is None:
            report(
                E7017,
                pair.key,
                f"python-heatclient fails on `{name}: null` before it sends the environment (argument of type "
                "'NoneType' is not iterable): only the engine reads null as deleting a mapping. Remove the entry, "
                "or map the type to OS::Heat::None.",
            )
            said.add(id(value))
        elif reading == "file" and _unfetchable(
            path, name, value, report, locate(str(value.value).strip(), base_url_for(path))
        ):
            said.add(id(value))
    return said


def _unfetchable(path: tuple[str, ...], name: str, value: Scalar, report: Reporter, looked_for: str | None) -> bool:
    """E7017 when the file python-heatclient would fetch for ``value`` (at ``looked_for``) is not there."""
    if looked_for is None or os.path.isfile(looked_for):
        return False
    written = str(value.value).strip()
    heard = f"python-heatclient: Could not fetch contents for file://{looked_for}"
    misspelt = did_you_mean(name, HOOK_KEYS, 1) if path else []
    data = None
    if misspelt and "::" not in name:
        message = (
            f"`{name}` is not a key Heat knows here; did you mean `{misspelt[0]}`? Any other key's value is read "
            f"as a file to send, so the client stops ({heard})."
        )
        data = QuickFix(suggestions=misspelt)
    elif written.endswith(TEMPLATE_SUFFIXES):
        rendered = rendered_from(looked_for)
        note = f" TripleO renders it from `{os.path.basename(rendered)}` at deploy time." if rendered else ""
        message = (
            f"The template `{written}` does not exist: looked for {looked_for}.{note} The client reads every "
            f"registry file before it sends the environment, and stops ({heard})."
        )
    else:
        message = (
            f"`{written}` has no `::`, so the client takes it for a file to send, and stops ({heard}). A type "
            "name has `::` (`OS::Heat::None`); a template file ends in .yaml or .template."
        )
    report(E7017, value, message, data=data)
    return True


def rendered_from(path: str) -> str | None:
    """TripleO's ``x.j2.yaml`` beside a missing ``x.yaml``: the file is generated from it."""
    stem, suffix = os.path.splitext(path)
    candidate = f"{stem}.j2{suffix}"
    return candidate if os.path.isfile(candidate) else None
