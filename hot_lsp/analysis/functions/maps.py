"""map_merge (2016-04-08) and map_replace (2016-10-14): merging maps, renaming keys and replacing values."""

from __future__ import annotations

from typing import Any

from ... import spec
from ...document import Mapping, Node, QuickFix, Scalar, Sequence
from ..values.evaluated import Symbol
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, closest, describe, is_null, is_str
from .common import need


def merge_incorrect(name: str) -> str:
    return f'Incorrect arguments to "{name}" should be: "{name}" : [ {{ "key1": "val1" }}, {{ "key2": "val2" }} ]'


ITEMS_MUST_BE_MAPS = "Incorrect arguments: Items to merge must be maps"


def merge_items_must_be_maps(item: str, kind: str) -> str:
    return f"{ITEMS_MUST_BE_MAPS}. {item} is type {kind} instead of a dict"


def _replace_example(name: str) -> str:
    return f'"{name}" : [ {{ "key1": "val1" }}, {{"keys": {{"key1": "key2"}}, "values": {{"val1": "val2"}}}}]'


def replace_incorrect(name: str) -> str:
    return f'Incorrect arguments to "{name}" should be: {_replace_example(name)}'


def replace_list_of_maps(name: str) -> str:
    return f'Incorrect arguments: to "{name}", arguments must be a list of maps. Example:  {_replace_example(name)}'


def collides(new: Any, where: str) -> str:
    return f"key replacement {new} collides with a key in the {where} map"


# -- map_merge ------------------------------------------------------------------------------------------


def check_merge(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args) or (is_str(args) and args.value == ""):
        return
    if not isinstance(args, Sequence):
        c.bad(call, c.whole(call), f"takes a list of maps, not {describe(args)}.", merge_incorrect(call.name))
        return
    for item in args.items:
        if c.fn(item) or is_null(item) or isinstance(item, Mapping):
            continue
        c.bad(call, item, f"items to merge must be maps, not {describe(item)}.", ITEMS_MUST_BE_MAPS)


def evaluate_merge(ev: Evaluating, call: Call) -> Any:
    """MapMerge: a list of maps, shallow, later maps win; None counts as {}."""
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol):
        raise Unknown
    if not isinstance(args, (list, str)):
        raise HeatError(merge_incorrect(call.name), "E8000")
    merged: dict[Any, Any] = {}
    for item in args:
        if isinstance(item, Symbol):
            raise Unknown  # the merge is shallow: only a whole unknown map stops it
        if item is None:
            continue
        if not isinstance(item, dict):
            raise HeatError(merge_items_must_be_maps(repr(item)[:200], str(type(item))), "E8000")
        merged.update(item)
    return merged


# -- map_replace ----------------------------------------------------------------------------------------


def check_replace(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    heat = replace_incorrect(call.name)
    if c.fn(args):
        return
    if not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(call, c.whole(call), "takes exactly two maps: [input_map, {keys: {...}, values: {...}}].", heat)
        return
    source, replacements = args.items
    for item in (source, replacements):
        if not (c.fn(item) or is_null(item) or isinstance(item, Mapping)):
            c.bad(call, item, f"arguments must be maps, not {describe(item)}.", heat)
    if not isinstance(replacements, Mapping) or c.fn(replacements):
        return
    keys = spec.MAP_REPLACE_KEYS
    for pair in replacements.entries():
        if pair.key_value not in keys:
            c.bad(
                call,
                pair.key,
                f"the replacement map takes only `keys` and `values`, not {describe(pair.key)}.",
                heat,
                QuickFix(suggestions=closest(str(pair.key_value), keys)),
            )
        elif not (c.fn(pair.value) or is_null(pair.value) or isinstance(pair.value, Mapping)):
            c.bad(call, pair.value, f"`{pair.key_value}` must be a map, not {describe(pair.value)}.")
    renames = replacements.get("keys")
    if isinstance(source, Mapping) and not c.fn(source) and isinstance(renames, Mapping) and not c.fn(renames):
        _key_collisions(c, call, source, renames)


def _key_collisions(c: ArgumentChecker, call: CallSite, source: Mapping, renames: Mapping) -> None:
    """Heat refuses a rename onto a key that already exists, or two keys renamed alike."""
    if not all(isinstance(p.key, Scalar) for p in source.entries()):
        return
    targets: dict[Any, Scalar] = {}
    for pair in renames.entries():
        if not isinstance(pair.key, Scalar) or not isinstance(pair.value, Scalar):
            return  # a computed rename: unknown until evaluation
        targets[pair.key.value] = pair.value
    existing = {p.key_value for p in source.entries()}
    produced: set[Any] = set()
    for key in (p.key_value for p in source.entries()):
        target = targets.get(key)
        new = key if target is None or target.value is None else target.value
        if new != key and new in existing:
            assert target is not None
            c.bad(
                call,
                target,
                f"renaming {key!r} to {new!r} collides with a key already in the input map.",
                collides(new, "input"),
            )
            return
        if new in produced:
            at: Node = target if target is not None else call.key
            c.bad(call, at, f"two keys are renamed to {new!r}.", collides(new, "output"))
            return
        produced.add(new)


def evaluate_replace(ev: Evaluating, call: Call) -> Any:
    """MapReplace: [map, {keys: {...}, values: {...}}]; renames keys, replaces exact values."""
    incorrect = HeatError(replace_incorrect(call.name), "E8000")
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol) or (isinstance(args, list) and any(isinstance(a, Symbol) for a in args)):
        raise Unknown

    def ensure_map(value: Any) -> dict[Any, Any]:
        if value is None:
            return {}
        if isinstance(value, dict):
            return value
        if isinstance(value, Symbol):
            raise Unknown  # e.g. `values: {get_param: p}` where p has no value
        raise HeatError(replace_list_of_maps(call.name), "E8000")

    if not isinstance(args, list) or len(args) != 2:
        raise incorrect
    source, replacements = ensure_map(args[0]), ensure_map(args[1])
    if any(key not in spec.MAP_REPLACE_KEYS for key in replacements):
        raise incorrect
    keys, values = ensure_map(replacements.get("keys", {})), ensure_map(replacements.get("values", {}))
    need(keys)
    need(values)
    result: dict[Any, Any] = {}
    for key, value in source.items():
        renamed = keys.get(key)
        if renamed is None:
            renamed = key
        elif renamed in source and renamed != key:
            raise HeatError(collides(renamed, "input"), "E8000")
        elif renamed in result:
            raise HeatError(collides(renamed, "output"), "E8000")
        try:
            result[renamed] = values.get(value, value)
        except TypeError:
            result[renamed] = value
    return result


MAP_MERGE = HeatFunction("map_merge", evaluate=evaluate_merge, check=check_merge)
MAP_REPLACE = HeatFunction("map_replace", evaluate=evaluate_replace, check=check_replace)
