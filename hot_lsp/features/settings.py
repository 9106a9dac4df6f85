"""The ``hotLsp.*`` settings a session runs with, read from what the client sends.

Apart from the snapshot (which carries them) so that the server can read the settings of ``initialize`` without
loading the analysis the snapshot's other fields come from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Settings:
    """``hotLsp.*`` settings (docs/editors.md): from initializationOptions and workspace/configuration."""

    environments: tuple[str, ...] = ()
    parameters: dict[str, Any] = field(default_factory=dict)
    disabled_rules: frozenset[str] = frozenset()
    nested_depth: int = 1
    resource_type_paths: tuple[str, ...] = ()
    inlay_hints: bool = False
    # ``hotLsp.cloud``: a clouds.yaml entry; empty: offline, nothing is sent anywhere.
    cloud: str = ""
    # ``hotLsp.stacks``: template path glob -> stack name, in the order given; the first glob that matches wins.
    stacks: dict[str, str] = field(default_factory=dict)
    # ``hotLsp.heatRelease``: the Heat release to check for, as written ('2023.1', 'antelope', '20.0.1'); empty:
    # the newest. A value that names no shipped release means the newest too (the session warns about it).
    heat_release: str = ""
    # Not a client's setting: the Heat release the cloud of ``hotLsp.cloud`` says it runs (server/cloud.py), used
    # when ``heat_release`` is empty.
    cloud_release: str = ""
    # ``hotLsp.whatIf.against``: what the open text is compared with, as a stack update (the editor's what-if):
    # ``git:REV`` (the same path at that revision), ``stack`` (the stack of ``hotLsp.stacks``, with a cloud) or
    # ``off``.
    what_if: str = "git:HEAD"

    @property
    def release(self) -> str:
        """The release the documents are checked for: the user's choice, else the named cloud's, else '' (the
        newest)."""
        return self.heat_release or self.cloud_release

    @classmethod
    def from_json(cls, raw: Any) -> Settings:
        """Read the client's settings object, ignoring what is malformed rather than failing."""
        if not isinstance(raw, dict):
            return cls()
        if isinstance(raw.get("hotLsp"), dict):
            raw = raw["hotLsp"]

        def strings(value: Any) -> tuple[str, ...]:
            return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()

        depth = raw.get("nestedDepth", 1)
        if isinstance(depth, str) and depth.strip().upper() == "MAX":
            # Imported only here: the spec package loads all its tables, which initialize does not need.
            from ..spec.limits import MAX_NESTED_STACK_DEPTH

            depth = MAX_NESTED_STACK_DEPTH  # as hot/resourceList and --nested-depth take it
        return cls(
            environments=strings(raw.get("environments")),
            parameters=dict(raw["parameters"]) if isinstance(raw.get("parameters"), dict) else {},
            disabled_rules=frozenset(c.upper() for c in strings(raw.get("disabledRules"))),
            nested_depth=depth if isinstance(depth, int) and not isinstance(depth, bool) and depth >= 0 else 1,
            resource_type_paths=strings(raw.get("resourceTypePaths")),
            inlay_hints=raw.get("inlayHints") is True,
            cloud=raw["cloud"].strip() if isinstance(raw.get("cloud"), str) else "",
            stacks={
                glob: name.strip()
                for glob, name in (raw["stacks"].items() if isinstance(raw.get("stacks"), dict) else ())
                if isinstance(glob, str) and glob and isinstance(name, str) and name.strip()
            },
            heat_release=raw["heatRelease"].strip() if isinstance(raw.get("heatRelease"), str) else "",
            what_if=_what_if(raw),
        )


def _what_if(raw: dict[str, Any]) -> str:
    """``hotLsp.whatIf.against`` (nested, as VS Code sends it, or dotted): ``git:REV``, ``stack`` or ``off``; a
    value that is none of them is ignored (the default)."""
    nested = raw.get("whatIf")
    value = nested.get("against") if isinstance(nested, dict) else raw.get("whatIf.against")
    if not isinstance(value, str):
        return "git:HEAD"
    value = value.strip()
    revision = value[len("git:") :]
    if value in ("off", "stack") or (value.startswith("git:") and revision and revision[0] != "-" and " " not in value):
        return value
    return "git:HEAD"
