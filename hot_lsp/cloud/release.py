"""Which Heat release a named cloud runs, so its templates are checked against that release's resource types.

Heat's ``build_info`` gives the engine's revision, which is what the deployer set as ``[revision] heat_revision``
('unknown' by default, so most clouds do not say; the versions document names only the API, ``v1.0``). When it
names no version, the resource types the cloud lists narrow it: a type only newer releases have rules out the
older ones, a type later releases hide rules out those. The newest release that fits is chosen; when that is
the newest shipped one, or nothing fits, the choice is the default one and the user is told to name theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..spec.heat_releases import NEWEST, HeatRelease, release_of_revision
from ..spec.release_catalogues import releases_listing
from . import answers
from .connection import Heat
from .errors import Forbidden, HeatRefused

HOW_TO_CHOOSE = "--heat-release, heat-release in the configuration, hotLsp.heatRelease in the editor"


@dataclass(frozen=True, slots=True)
class CloudRelease:
    """The release chosen for a cloud and the one line that says why; ``guessed``: the cloud did not say it, or
    said one hot-lsp does not ship, so the user had better name theirs (a warning, not a note)."""

    release: HeatRelease
    said: str
    guessed: bool


def cloud_release(heat: Heat) -> CloudRelease:
    """Ask ``heat`` which release it runs (``build_info``, then its resource type listing). CloudError when the
    cloud does not answer like Heat; a refusal of ``build_info`` (a policy) only means it does not say."""
    revision = _revision(heat)
    known = release_of_revision(revision) if revision else None
    if known is not None and known.relation == "series":
        said = f"the cloud '{heat.cloud}' runs Heat {revision}: checking for {known.release.label}"
        return CloudRelease(known.release, said, guessed=False)
    if known is not None:
        which = "newest" if known.relation == "newer" else "oldest"
        said = (
            f"the cloud '{heat.cloud}' runs Heat {revision}, {known.relation} than any release hot-lsp knows: "
            f"checking for the {which}, {known.release.label}"
        )
        return CloudRelease(known.release, said, guessed=True)
    listed = heat.ask(answers.RESOURCE_TYPES, "GET", "resource_types")["resource_types"]
    fitting = releases_listing(str(name) for name in listed if isinstance(name, str))
    unsaid = f"the cloud '{heat.cloud}' does not say its Heat release (build_info: {revision or 'none'})"
    if fitting and fitting[-1] != NEWEST:
        span = fitting[0].label if len(fitting) == 1 else f"{fitting[0].label} to {fitting[-1].label}"
        said = (
            f"{unsaid}; the resource types it lists fit {span}: checking for {fitting[-1].label}; "
            f"name yours with {HOW_TO_CHOOSE}"
        )
        return CloudRelease(fitting[-1], said, guessed=True)
    said = f"{unsaid}: checking for the newest, {NEWEST.label}; name yours with {HOW_TO_CHOOSE}"
    return CloudRelease(NEWEST, said, guessed=True)


def _revision(heat: Heat) -> str:
    """The engine's revision (else the API's), '' when Heat refuses to say."""
    try:
        info = heat.ask(answers.BUILD_INFO, "GET", "build_info")
    except (HeatRefused, Forbidden):  # a policy that keeps build_info to admins, or an older API
        return ""
    for part in ("engine", "api"):
        found = info.get(part)
        revision = found.get("revision") if isinstance(found, dict) else None
        if isinstance(revision, str) and revision.strip() and revision.strip() != "unknown":
            return revision.strip()
    return ""
