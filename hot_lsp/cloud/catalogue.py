"""A cloud's resource types, in hot-lsp's catalogue format (``--resource-types``, ``hotLsp.resourceTypePaths``).

Heat's API gives each type's properties, attributes, support status and description (``resource_types`` and
``resource_types/TYPE``), in the schema form the built-in catalogue is written in. It does not give what the
built-in catalogue read from Heat's classes: whether a type takes any attribute name, is a placeholder, can take a
Snapshot deletion policy, and its update_policy keys. Those are taken from the built-in type of the same name when
its schema is the cloud's; a type only the cloud has takes them from the built-in type whose schema it shares (a
global environment's ``My::Type: OS::Heat::RandomString`` is a RandomString), and otherwise says the least it can:
any attribute allowed, update_policy not known, so nothing valid is reported as wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from ..spec.resource_types import BUILTIN_PATH, FORMAT, builtin_catalogue
from . import answers
from .connection import Heat
from .errors import CloudError, HeatRefused

_CLASS_FACTS = ("any_attribute", "placeholder", "snapshot", "update_policy")


def cloud_catalogue(heat: Heat, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The catalogue document of every resource type ``heat`` offers (those whose service it lacks are absent,
    as Heat lists them)."""
    listed = heat.ask(answers.RESOURCE_TYPES, "GET", "resource_types")["resource_types"]
    names = sorted(str(item) for item in listed if isinstance(item, str))
    builtin = _builtin_entries()
    by_shape: dict[str, list[dict[str, Any]]] = {}
    for entry in builtin.values():
        by_shape.setdefault(_shape(entry), []).append(entry)
    types: dict[str, Any] = {}
    unavailable: dict[str, str] = {}
    for done, name in enumerate(names, 1):
        try:
            path = f"resource_types/{quote(name, safe='')}"
            schema = heat.ask(answers.TYPE_SCHEMA, "GET", path, params={"with_description": "true"})
        except HeatRefused as refusal:
            if refusal.status >= 500 or not refusal.heat_message:
                raise  # Heat failed: not a fact about the type
            unavailable[name] = refusal.heat_message.strip()  # listed, yet its service is not there
            continue
        types[name] = _entry(schema, builtin.get(name), by_shape)
        if progress:
            progress(done, len(names))
    if not types:
        raise CloudError(f"cloud '{heat.cloud}' listed no resource type it can describe")
    base = builtin_catalogue()
    document: dict[str, Any] = {
        "format": FORMAT,
        "heat_version": _engine_version(heat) or base.heat_version,
        "cloud": heat.cloud,
        "resource_types": types,
        "custom_constraints": {name: {"description": doc} for name, doc in base.custom_constraint_docs.items()},
    }
    if unavailable:
        document["unavailable"] = unavailable
    return document


def _entry(schema: dict[str, Any], same_name: dict[str, Any] | None, by_shape: dict[str, list[dict[str, Any]]]) -> Any:
    entry: dict[str, Any] = {
        "description": str(schema.get("description") or ""),
        "support_status": schema.get("support_status") or {"status": "SUPPORTED"},
        "properties": schema.get("properties") or {},
        "attributes": schema.get("attributes") or {},
    }
    shape = _shape(entry)
    # The same name is the same class unless the cloud's global environment maps it elsewhere, which would show
    # in its attributes.
    if same_name is not None and _attribute_shape(same_name) == _attribute_shape(entry):
        source: dict[str, Any] | None = same_name
    else:
        twins = by_shape.get(shape, [])
        facts = {json.dumps([twin.get(key) for key in _CLASS_FACTS], sort_keys=True) for twin in twins}
        source = twins[0] if len(facts) == 1 else None
    if source is None:
        entry["any_attribute"] = True
    else:
        for key in _CLASS_FACTS:
            if key in source:
                entry[key] = source[key]
    return entry


def _shape(entry: dict[str, Any]) -> str:
    """What identifies a type's class from the outside: its properties' and attributes' names and types (those
    the API shows: it leaves out hidden and unimplemented properties)."""
    properties = {
        name: value
        for name, value in (entry.get("properties") or {}).items()
        if isinstance(value, dict)
        and value.get("implemented", True) is not False
        and (value.get("support_status") or {}).get("status") != "HIDDEN"
    }
    return json.dumps(
        [sorted((name, str(value.get("type"))) for name, value in properties.items()), _attribute_shape(entry)]
    )


def _attribute_shape(entry: dict[str, Any]) -> list[tuple[str, str]]:
    attributes = entry.get("attributes") or {}
    return sorted((name, str((value or {}).get("type"))) for name, value in attributes.items())


def _builtin_entries() -> dict[str, dict[str, Any]]:
    """The built-in catalogue's raw entries: the class facts are read from them."""
    data = json.loads(BUILTIN_PATH.read_text(encoding="utf-8"))
    return dict(data.get("resource_types", {}))


def _engine_version(heat: Heat) -> str:
    try:
        info = heat.ask(answers.BUILD_INFO, "GET", "build_info")
    except CloudError:
        return ""  # optional: the catalogue does without the version
    engine = info.get("engine")
    revision = engine.get("revision") if isinstance(engine, dict) else None
    return str(revision) if revision and revision != "unknown" else ""
