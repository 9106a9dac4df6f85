"""JSON merge patches (RFC 7386's shape) that can remove a key even though the catalogues hold real nulls.

A patch is an object: each key's value replaces the target's, an object is merged into the target's object (one
level at a time), and the marker ``REMOVED`` deletes the key (RFC 7386 uses null, which a catalogue needs as a
value: a property's ``default`` is often null). Lists are replaced whole. ``diff`` makes the patch that turns one
document into another; ``apply`` reproduces the other exactly, JSON types included (1 stays 1, never True).
"""

from __future__ import annotations

import json
from typing import Any

REMOVED_KEY = "$removed"
REMOVED: dict[str, Any] = {REMOVED_KEY: 1}


def _removes(value: Any) -> bool:
    return isinstance(value, dict) and len(value) == 1 and value.get(REMOVED_KEY) == 1


def apply(target: Any, patch: Any) -> Any:
    """``target`` changed by ``patch``; objects of ``target`` are changed in place (pass a copy to keep one)."""
    if not isinstance(patch, dict):
        return patch
    if not isinstance(target, dict):
        target = {}
    for key, value in patch.items():
        if _removes(value):
            target.pop(key, None)
        else:
            target[key] = apply(target.get(key), value)
    return target


def _same(a: Any, b: Any) -> bool:
    # Python's == takes 1 == 1.0 == True; the files must come back byte for byte.
    return type(a) is type(b) and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def diff(source: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """The patch that ``apply`` turns ``source`` into ``target`` with."""
    patch: dict[str, Any] = {}
    for key in source:
        if key not in target:
            patch[key] = REMOVED
    for key, value in target.items():
        if _removes(value):
            raise ValueError(f"{key}: the document holds the removal marker itself")
        if key not in source:
            patch[key] = value if not isinstance(value, dict) else diff({}, value)
        elif not _same(source[key], value):
            both = isinstance(source[key], dict) and isinstance(value, dict)
            patch[key] = diff(source[key], value) if both else value
    return patch
