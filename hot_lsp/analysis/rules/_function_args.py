"""Argument shapes of every intrinsic function, per template version (E4007 and a few warnings).

Heat checks some arguments when it parses a call, some when it validates the
template, and the rest when it evaluates the call. With literal arguments all
three fail the same way in the end, so each is reported here as soon as the
literal text shows it. An argument that is itself a function call is opaque:
its value is unknown until evaluation, and it is fine wherever Heat accepts a
function there. A few functions (get_attr, list_join, str_replace, if, ...)
check the *raw* argument before evaluating anything; there a call in place of
the literal list or map is an error, as in Heat.
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ... import spec
from ...document import Mapping, Node, Scalar, Sequence
from ...spec.functions import (
    BROKEN_DIGEST_ALGORITHMS,
    CFN_RESOURCE_FACADE_ARGUMENTS,
    HOT_DIGEST_ALGORITHMS,
    MAKE_URL_KEYS,
    MAP_REPLACE_KEYS,
    RESOURCE_FACADE_ARGUMENTS,
    YAQL_KEYS,
    repeat_keys_for,
)
from ..codes import define
from ..model import FunctionCall, TemplateModel
from ..report import Reporter, span_of_key_line
from ..suggest import did_you_mean

E4007 = define(
    "E4007",
    "A function's arguments have the wrong shape or a literal argument of the wrong type for this version.",
    "outputs:\n  o:\n    value: {list_join: [',', 'a,b']}",
    "functions",
)
W4011 = define(
    "W4011",
    "get_attr given a one-character string instead of a list: Heat accepts it only by accident.",
    "resources:\n  r: {type: OS::Heat::None}\noutputs:\n  o:\n    value: {get_attr: r}",
    "functions",
)
W4012 = define(
    "W4012",
    "repeat's `permutations` before 2017-09-01: Heat ignores the key and loops over every combination.",
    "heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: {repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}",
    "functions",
)
W4014 = define(
    "W4014",
    "A get_param path item that is neither a string nor an integer: Heat quietly returns an empty string.",
    "parameters:\n  p: {type: json}\noutputs:\n  o:\n    value: {get_param: [p, 1.5]}",
    "functions",
)

_FEATURES_USED = ("get_attr_all_attributes", "list_join_multiple", "str_replace_json", "repeat_over_map")
# Literal types a get_param path item may have (bool counts as int in Heat's check).
_PATH_TYPES = frozenset({str, int, bool})

_JOIN_EXAMPLE = "[', ', [item1, item2]]"
_STR_REPLACE_EXAMPLE = "{template: 'Hello NAME', params: {NAME: world}}"


class ArgumentChecker:
    """Judges the literal arguments of one call at a time; reports through ``report``."""

    def __init__(self, model: TemplateModel, report: Reporter, opaque: set[int]) -> None:
        self.model = model
        self.report = report
        self.version = model.version
        # ids of nodes Heat turns into function objects (calls, removed CFN names) or
        # that other codes already report (look-alikes): never judged as literals.
        self.opaque = opaque
        self.features = {name: model.has_feature(name) for name in _FEATURES_USED}

    def check(self, call: FunctionCall) -> None:
        handler = _HANDLERS.get(call.name)
        if handler is not None:
            handler(self, call)

    # -- helpers -------------------------------------------------------------
    def fn(self, node: Node | None) -> bool:
        return node is not None and id(node) in self.opaque

    def span(self, node: Node) -> Node | tuple[int, int]:
        """The node itself when it fits on one line, else its first line."""
        if isinstance(node, Scalar):
            return node
        if "\n" in self.model.parsed.text[node.start : node.end]:
            return span_of_key_line(self.model, node)
        return node

    def bad(self, call: FunctionCall, at: Node, text: str, heat: str = "", data: dict[str, Any] | None = None) -> None:
        said = f" Heat says: {heat}{'' if heat.endswith('.') else '.'}" if heat else ""
        self.report(E4007, self.span(at), f"`{call.name}`: {text}{said}", data)

    def whole(self, call: FunctionCall) -> Node:
        """Where to report a fault of the whole argument: the argument when it is short, else the name."""
        args = call.args
        if isinstance(args, Scalar) or "\n" not in self.model.parsed.text[args.start : args.end]:
            return args
        return call.key

    def raise_to(self, feature: str) -> dict[str, Any]:
        return {"fix": "raise_version", "version": spec.feature_since(feature).date}


# -- small predicates --------------------------------------------------------------


def _is_str(node: Node | None) -> bool:
    return isinstance(node, Scalar) and isinstance(node.value, str)


def _is_null(node: Node | None) -> bool:
    return isinstance(node, Scalar) and node.value is None


def _is_int_like(node: Node) -> bool:
    """A literal Heat's int() accepts."""
    if not isinstance(node, Scalar):
        return False
    value = node.value
    if isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        try:
            int(value)
        except ValueError:
            return False
        return True
    return False


def _falsy(node: Node) -> bool:
    """A literal Python treats as false (null, '', 0, false, [] or {})."""
    if isinstance(node, Scalar):
        return not node.value
    if isinstance(node, Sequence):
        return not node.items
    if isinstance(node, Mapping):
        return not node.pairs
    return False


def describe(node: Node | None) -> str:
    """A node's kind as a person reads it: 'a list', 'the number 1', 'null'."""
    if isinstance(node, Sequence):
        return "a list" if node.items else "an empty list"
    if isinstance(node, Mapping):
        return "a mapping" if node.pairs else "an empty mapping"
    if not isinstance(node, Scalar):
        return "nothing"
    value = node.value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {node.text}"
    if isinstance(value, int | float):
        return f"the number {node.text}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {shown!r}" if value else "an empty string"
    return f"a {node.tag} value"


def _quote(node: Node) -> str:
    """Advice for a number or boolean written where a string is needed."""
    if isinstance(node, Scalar) and isinstance(node.value, bool | int | float):
        return f"; quote it ('{node.text}')"
    return ""


def _items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


def _closest(word: str, choices: tuple[str, ...] | list[str], limit: int = 3) -> list[str]:
    lowered = word.lower()
    exact = [c for c in choices if c.lower() == lowered]
    if exact:
        return exact
    # A name written inside the other ('hostname' for host, 'user' for username) is the likely one.
    inside = [c for c in choices if min(len(c), len(lowered)) >= 3 and (c in lowered or lowered in c)]
    if inside:
        return inside[:limit]
    scored = sorted(((difflib.SequenceMatcher(None, lowered, c).ratio(), c) for c in choices), reverse=True)
    if not scored or scored[0][0] < 0.6:
        return []
    # Keep only the names about as close as the best one: a clear typo gets one answer.
    best = scored[0][0]
    return [c for ratio, c in scored if ratio >= max(0.6, best - 0.1)][:limit]


# -- get_param, get_resource, get_attr, get_file ------------------------------------


def _get_param(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    # The common cases first: templates such as tripleo's endpoint maps hold thousands of calls.
    if type(args) is Scalar and type(args.value) is str and args.value:
        return
    if type(args) is Sequence and _plain_path(args.items, c.opaque):
        return
    if c.fn(args):
        return
    if isinstance(args, Scalar):
        if not args.value:
            c.bad(call, args, "needs a parameter name.", 'Function "get_param" must have arguments')
        elif not isinstance(args.value, str):
            c.bad(
                call,
                args,
                f"takes a parameter name or a list [name, key or index, ...], not {describe(args)}.",
                'Argument to "get_param" must be string or list',
            )
        return
    if isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            "takes a parameter name or a list [name, key or index, ...], not a mapping.",
            'Argument to "get_param" must be string or list',
        )
        return
    if not isinstance(args, Sequence):
        return
    if not args.items:
        c.bad(call, args, "needs a parameter name.", 'Function "get_param" must have arguments')
        return
    name = args.items[0]
    if not _is_str(name) and not c.fn(name):
        c.bad(
            call,
            name,
            f"the parameter name must be a string, not {describe(name)}.",
            'Parameter name in "get_param" must be string',
        )
    for item in args.items[1:]:
        if (type(item) is Scalar and type(item.value) in _PATH_TYPES) or c.fn(item):
            continue
        c.report(
            W4014,
            c.span(item),
            f"A get_param path item must be a map key (string) or a list index (integer), not {describe(item)}; "
            "Heat quietly returns an empty string for this path.",
        )


def _plain_path(items: tuple[Node, ...], opaque: set[int]) -> bool:
    """[name, key, ...] written with literal strings and integers, or calls, only."""
    if not items:
        return False
    first = items[0]
    if not (type(first) is Scalar and type(first.value) is str) and id(first) not in opaque:
        return False
    # A plain loop: all() over a generator costs more than the check itself here.
    for item in items[1:]:
        if type(item) is Scalar:
            if type(item.value) not in _PATH_TYPES:
                return False
        elif id(item) not in opaque:
            return False
    return True


def _get_resource(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or (_is_str(args) and args.value):
        return
    c.bad(call, c.whole(call), f"takes the name of a resource in this template, not {describe(args)}.")


def _get_attr(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    short = c.features["get_attr_all_attributes"]
    forms = (
        "[resource_name] or [resource_name, attribute, (path), ...]"
        if short
        else "[resource_name, attribute, (path), ...]"
    )
    if isinstance(args, Sequence) and not c.fn(args):
        _get_attr_items(c, call, args, short, forms)
        return
    if short and isinstance(args, Scalar) and not args.value:
        c.bad(call, args, f"needs a list {forms}.", f'Arguments to "get_attr" can be of the next forms: {forms}')
        return
    if short and _is_str(args) and len(args.value) == 1:
        # A str is a sequence: a one-character string reads as [that character].
        c.report(
            W4011,
            args,
            f"get_attr takes a list; the one-character string {args.value!r} only works by accident "
            f"(as [{args.value}]). Write [{args.value}] or [{args.value}, attribute].",
            {"fix": "replace", "with": f"[{args.value}]"},
        )
        return
    wording = (
        "; a function cannot build it, Heat checks the list before evaluating anything"
        if c.fn(args)
        else f", not {describe(args)}"
    )
    c.bad(call, c.whole(call), f"takes a literal list {forms}{wording}.", 'Argument to "get_attr" must be a list')


def _get_attr_items(c: ArgumentChecker, call: FunctionCall, args: Sequence, short: bool, forms: str) -> None:
    items = args.items
    if len(items) < (1 if short else 2):
        data = c.raise_to("get_attr_all_attributes") if items and not short else None
        heat = (
            f'Arguments to "get_attr" can be of the next forms: {forms}'
            if short
            else f'Arguments to "get_attr" must be of the form {forms}'
        )
        hint = " (a resource name alone, for all attributes, needs 2015-10-15)" if items and not short else ""
        c.bad(call, c.whole(call), f"needs {forms}{hint}.", heat, data)
        return
    name = items[0]
    if not c.fn(name) and not (_is_str(name) and name.value):
        c.bad(call, name, f"the resource name must be a string, not {describe(name)}.")


def _get_file(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or (_is_str(args) and args.value):
        return
    c.bad(
        call,
        c.whole(call),
        f"takes a file path or URL, not {describe(args)}.",
        'Argument to "get_file" must be a string',
    )


# -- list_join and the CFN Fn::Join --------------------------------------------------


def _list_join(c: ArgumentChecker, call: FunctionCall) -> None:
    _join(c, call, multiple=c.features["list_join_multiple"])


def _cfn_join(c: ArgumentChecker, call: FunctionCall) -> None:
    _join(c, call, multiple=False)


def _join(c: ArgumentChecker, call: FunctionCall, multiple: bool) -> None:
    args = call.args
    heat = f'Incorrect arguments to "{call.name}" should be: "{call.name}" : {_JOIN_EXAMPLE}'
    if c.fn(args) or not isinstance(args, Sequence):
        c.bad(call, c.whole(call), f"takes a literal list [delimiter, list, ...], not {describe(args)}.", heat)
        return
    items = args.items
    if multiple and len(items) < 2:
        c.bad(call, c.whole(call), "needs a delimiter and at least one list: [delimiter, list, ...].", heat)
        return
    if not multiple and len(items) != 2:
        data = c.raise_to("list_join_multiple") if len(items) > 2 and call.name == "list_join" else None
        extra = " (several lists need heat_template_version 2015-10-15)" if data else ""
        c.bad(call, c.whole(call), f"takes exactly [delimiter, list]{extra}.", heat, data)
        return
    delimiter = items[0]
    if not c.fn(delimiter) and not _is_str(delimiter):
        c.bad(
            call,
            delimiter,
            f"the delimiter must be a string, not {describe(delimiter)}.",
            f'"{call.name}" delimiter must be a string',
        )
    for joined in items[1:]:
        if c.fn(joined) or _is_null(joined) or (multiple and _falsy(joined)):
            continue  # null (and from 2015-10-15 any empty value) counts as an empty list
        if not isinstance(joined, Sequence):
            c.bad(call, joined, f"joins lists, not {describe(joined)}.", f'"{call.name}" must operate on a list')
            continue
        _join_items(c, call, joined, multiple)


def _join_items(c: ArgumentChecker, call: FunctionCall, joined: Sequence, multiple: bool) -> None:
    for item in joined.items:
        if c.fn(item) or _is_null(item) or _is_str(item):
            continue
        if multiple:
            if isinstance(item, Mapping | Sequence):
                continue  # JSON-encoded
            c.bad(
                call,
                item,
                f"items to join must be strings, maps or lists, not {describe(item)}{_quote(item)}.",
                f"Items to join must be string, map or list not {_python_repr(item)}",
            )
        else:
            is_collection = isinstance(item, Mapping | Sequence)
            data = c.raise_to("list_join_multiple") if is_collection and call.name == "list_join" else None
            hint = " (maps and lists are JSON-encoded from heat_template_version 2015-10-15)" if data else ""
            c.bad(
                call,
                item,
                f"items to join must be strings, not {describe(item)}{hint}.",
                f"Items to join must be strings not {_python_repr(item)}",
                data,
            )
        return  # Heat stops at the first bad item


def _python_repr(node: Node) -> str:
    if isinstance(node, Scalar):
        return repr(node.value)[:60]
    return "[...]" if isinstance(node, Sequence) else "{...}"


# -- str_replace family and the CFN Fn::Replace ----------------------------------------


def _str_replace(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            f"takes a mapping {_STR_REPLACE_EXAMPLE}, not {describe(args)}.",
            f'Arguments to "{call.name}" must be a map',
        )
        return
    params, template = args.get("params"), args.get("template")
    if params is None or template is None:
        missing = [key for key, node in (("template", template), ("params", params)) if node is None]
        c.bad(
            call,
            call.key,
            f"needs {' and '.join(f'`{k}`' for k in missing)}: {_STR_REPLACE_EXAMPLE}.",
            data={"missing": missing},
        )
    _replace_parts(c, call, params, template)


def _cfn_replace(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    heat = f'Incorrect arguments to "{call.name}" should be: [{{"$var": "value"}}, "template with $var"]'
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(call, c.whole(call), "takes a list of two items: [{placeholder: value, ...}, template].", heat)
        return
    _replace_parts(c, call, args.items[0], args.items[1])


def _replace_parts(c: ArgumentChecker, call: FunctionCall, params: Node | None, template: Node | None) -> None:
    if template is not None and not _is_str(template) and not c.fn(template):
        c.bad(
            call,
            template,
            f"the template must be a string, not {describe(template)}.",
            f'"{call.name}" template must be a string',
        )
    if params is None or c.fn(params):
        return
    if not isinstance(params, Mapping):
        c.bad(
            call,
            params,
            f"params must be a mapping of placeholder to value, not {describe(params)}.",
            f'"{call.name}" parameters must be a mapping',
        )
        return
    keys_ok = True
    for pair in params.entries():
        if not _placeholder_ok(c, call, pair.key):
            keys_ok = False
        _replacement_ok(c, call, pair.key, pair.value)
    strict = call.name in ("str_replace_strict", "str_replace_vstrict")
    if strict and keys_ok and _is_str(template):
        _unused_placeholders(c, call, params, template.value)


def _placeholder_ok(c: ArgumentChecker, call: FunctionCall, key: Node) -> bool:
    if type(key) is Scalar and type(key.value) is str and key.value:
        return True
    if not _is_str(key):
        c.bad(
            call,
            key,
            f"a placeholder must be a string, not {describe(key)}{_quote(key)}.",
            f'"{call.name}" param placeholders must be strings',
        )
        return False
    if key.value == "":
        c.bad(call, key, "an empty placeholder makes Heat fail (empty separator).")
        return False
    return True


def _replacement_ok(c: ArgumentChecker, call: FunctionCall, key: Node, value: Node) -> None:
    if type(value) is Scalar and type(value.value) is str and (value.value or call.name != "str_replace_vstrict"):
        return  # the common case
    if c.fn(value):
        return
    name = key.text if isinstance(key, Scalar) else "?"
    very_strict = call.name == "str_replace_vstrict"
    json_values = call.name != "Fn::Replace" and c.features["str_replace_json"]
    if isinstance(value, Mapping | Sequence):
        if not json_values:
            data = c.raise_to("str_replace_json") if call.name == "str_replace" else None
            hint = " (maps and lists are JSON-encoded from heat_template_version 2015-10-15)" if data else ""
            c.bad(
                call,
                value,
                f"the value of {name!r} must be a string or a number, not {describe(value)}{hint}.",
                f'"{call.name}" params must be strings or numbers, param {name} is not valid',
                data,
            )
        elif very_strict and _falsy(value):
            _empty_value(c, call, value, name)
        return
    if not isinstance(value, Scalar):
        return
    if very_strict and (value.value is None or value.value == ""):
        _empty_value(c, call, value, name)
    elif value.value is not None and not isinstance(value.value, str | int | float | bool):
        c.bad(call, value, f"the value of {name!r} must be a string or a number, not {describe(value)}.")


def _empty_value(c: ArgumentChecker, call: FunctionCall, value: Node, name: str) -> None:
    c.bad(
        call,
        value,
        f"the value of {name!r} is empty, which str_replace_vstrict refuses.",
        f"str_replace_vstrict has an undefined or empty value for param {name}, must be a defined non-empty value",
    )


def _unused_placeholders(c: ArgumentChecker, call: FunctionCall, params: Mapping, template: str) -> None:
    """Replay Heat's replacement (longest placeholder first, one pass) to find the ones never used."""
    pairs = {p.key.value: p for p in params.entries() if isinstance(p.key, Scalar)}
    pieces = [template]
    unused: list[str] = []
    for placeholder in sorted(sorted(pairs), key=len, reverse=True):
        split = [part.split(placeholder) for part in pieces]
        if all(len(parts) == 1 for parts in split):
            unused.append(placeholder)
        pieces = [part for parts in split for part in parts]
    if not unused:
        return
    heat = f"The following params were not found in the template: {','.join(unused)}"
    for placeholder in unused:
        c.bad(
            call,
            pairs[placeholder].key,
            f"the placeholder {placeholder!r} does not occur in the template, which {call.name} refuses.",
            heat,
            {"fix": "remove_key"},
        )


# -- str_split, map_merge, map_replace, list_concat -----------------------------------


def _str_split(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    heat = f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ ",", "apples,pears", <index>]'
    if c.fn(args):
        return
    if not isinstance(args, Sequence) or len(args.items) < 2:
        c.bad(call, c.whole(call), "takes a list [delimiter, string] or [delimiter, string, index].", heat)
        return
    delimiter, text = args.items[0], args.items[1]
    if not c.fn(delimiter) and not (_is_str(delimiter) or _is_null(delimiter)):
        c.bad(call, delimiter, f"the delimiter must be a string (or null for whitespace), not {describe(delimiter)}.")
    if not c.fn(text) and not (_is_str(text) or _is_null(text)):
        c.bad(call, text, f"the value to split must be a string, not {describe(text)}.")
    if len(args.items) > 2:
        index = args.items[2]
        if not c.fn(index) and not _is_int_like(index):
            c.bad(
                call,
                index,
                f"the index must be an integer, not {describe(index)}.",
                f'Incorrect index to "{call.name}"',
            )


def _map_merge(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or (_is_str(args) and args.value == ""):
        return
    if not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a list of maps, not {describe(args)}.",
            f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ {{ "key1": "val1" }}, {{ "key2": "val2" }} ]',
        )
        return
    for item in args.items:
        if c.fn(item) or _is_null(item) or isinstance(item, Mapping):
            continue
        c.bad(call, item, f"items to merge must be maps, not {describe(item)}.", "Items to merge must be maps")


def _map_replace(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    heat = f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ {{ "key1": "val1" }}, {{"keys": {{"key1": "key2"}}, "values": {{"val1": "val2"}}}}]'
    if c.fn(args):
        return
    if not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(call, c.whole(call), "takes exactly two maps: [input_map, {keys: {...}, values: {...}}].", heat)
        return
    source, replacements = args.items
    for item in (source, replacements):
        if not (c.fn(item) or _is_null(item) or isinstance(item, Mapping)):
            c.bad(call, item, f"arguments must be maps, not {describe(item)}.", heat)
    if not isinstance(replacements, Mapping) or c.fn(replacements):
        return
    for pair in replacements.entries():
        if pair.key_value not in MAP_REPLACE_KEYS:
            c.bad(
                call,
                pair.key,
                f"the replacement map takes only `keys` and `values`, not {describe(pair.key)}.",
                heat,
                {"suggestions": _closest(str(pair.key_value), MAP_REPLACE_KEYS)},
            )
        elif not (c.fn(pair.value) or _is_null(pair.value) or isinstance(pair.value, Mapping)):
            c.bad(call, pair.value, f"`{pair.key_value}` must be a map, not {describe(pair.value)}.")
    renames = replacements.get("keys")
    if isinstance(source, Mapping) and not c.fn(source) and isinstance(renames, Mapping) and not c.fn(renames):
        _key_collisions(c, call, source, renames)


def _key_collisions(c: ArgumentChecker, call: FunctionCall, source: Mapping, renames: Mapping) -> None:
    """Heat refuses a rename onto a key that already exists, or two keys renamed alike."""
    if not all(isinstance(p.key, Scalar) for p in source.entries()):
        return
    targets: dict[Any, Node] = {}
    for pair in renames.entries():
        if not isinstance(pair.key, Scalar) or not isinstance(pair.value, Scalar):
            return  # a computed rename: unknown until evaluation
        targets[pair.key.value] = pair.value
    existing = {p.key.value for p in source.entries()}
    produced: set[Any] = set()
    for key in (p.key.value for p in source.entries()):
        target = targets.get(key)
        new = key if target is None or target.value is None else target.value
        if new != key and new in existing:
            c.bad(
                call,
                target,
                f"renaming {key!r} to {new!r} collides with a key already in the input map.",
                f"key replacement {new} collides with a key in the input map",
            )
            return
        if new in produced:
            c.bad(
                call,
                target if target is not None else call.key,
                f"two keys are renamed to {new!r}.",
                f"key replacement {new} collides with a key in the output map",
            )
            return
        produced.add(new)


def _list_concat(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args):
        return
    if not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a list of lists, not {describe(args)}.",
            f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]',
        )
        return
    for item in args.items:
        if c.fn(item) or _is_null(item) or isinstance(item, Sequence):
            continue
        c.bad(
            call,
            item,
            f"items to concatenate must be lists, not {describe(item)}.",
            "Incorrect arguments: Items to concat must be lists",
        )


# -- repeat --------------------------------------------------------------------------


def _repeat(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            f"takes a mapping {{for_each: {{placeholder: list}}, template: ...}}, not {describe(args)}.",
            f'Arguments to "{call.name}" must be a map',
        )
        return
    missing = [key for key in ("for_each", "template") if key not in args]
    if missing:
        c.bad(
            call,
            call.key,
            f"needs {' and '.join(f'`{k}`' for k in missing)}.",
            data={"missing": missing},
        )
    nested = _permutations(c, call, args)
    for_each = args.get("for_each")
    if for_each is None or c.fn(for_each):
        return
    if not isinstance(for_each, Mapping):
        c.bad(
            call,
            for_each,
            f"for_each must be a mapping of placeholder to list, not {describe(for_each)}.",
            f'The "for_each" argument to "{call.name}" must contain a map',
        )
        return
    if not for_each.pairs:
        c.bad(call, for_each, "for_each is empty, which makes Heat fail (not enough values to unpack).")
        return
    template = args.get("template")
    texts = template is not None and _has_text(c, template)
    lengths: list[int] = []
    computed = False
    for pair in for_each.entries():
        if not _is_str(pair.key):
            c.bad(call, pair.key, f"a placeholder must be a string, not {describe(pair.key)}{_quote(pair.key)}.")
        value = pair.value
        if c.fn(value):
            computed = True
        elif not _is_null(value):
            length = _for_each_value(c, call, value, nested, texts)
            if length is not None:
                lengths.append(length)
    if not nested and not computed and len(set(lengths)) > 1:
        key = args.pair("for_each")
        c.bad(
            call,
            key.key if key is not None else for_each,
            f"with permutations: false every list must have the same length (here {sorted(set(lengths))}).",
            "For repeat, the length of for_each values should be equal if no nested loop.",
        )


def _permutations(c: ArgumentChecker, call: FunctionCall, args: Mapping) -> bool:
    """Reports a misused `permutations`; returns whether Heat loops over every combination."""
    pair = args.pair("permutations")
    if pair is None:
        return True
    if "permutations" not in repeat_keys_for(c.version):
        c.report(
            W4012,
            pair.key,
            f"`permutations` needs heat_template_version 2017-09-01; this template is {c.version.date}, so "
            "Heat ignores it and loops over every combination of the for_each lists.",
            c.raise_to("repeat_permutations"),
        )
        return True
    value = pair.value
    if isinstance(value, Scalar) and isinstance(value.value, bool):
        return value.value
    c.bad(
        call,
        value,
        f"permutations must be a literal true or false, not {describe(value) if not c.fn(value) else 'a function'}.",
        f'"permutations" should be boolean type for {call.name} function.',
    )
    return True


def _for_each_value(c: ArgumentChecker, call: FunctionCall, value: Node, nested: bool, texts: bool) -> int | None:
    """Judges one for_each value; returns its length when it is a literal list."""
    maps_ok = nested and c.features["repeat_over_map"]
    if isinstance(value, Sequence):
        if texts:
            _repeat_items(c, call, value.items)
        return len(value.items)
    if isinstance(value, Mapping) and maps_ok:
        if texts:
            _repeat_items(c, call, [p.key for p in value.entries()])
        return None
    if isinstance(value, Mapping) and not nested:
        wanted, heat = "lists (maps are refused with permutations: false)", "must be lists"
    elif isinstance(value, Mapping):
        wanted, heat = "lists (maps need heat_template_version 2016-10-14)", "must be lists"
    else:
        wanted, heat = ("lists or maps", "must be lists or maps") if maps_ok else ("lists", "must be lists")
    data = c.raise_to("repeat_over_map") if isinstance(value, Mapping) and nested else None
    c.bad(
        call,
        value,
        f"the values of for_each must be {wanted}, not {describe(value)}.",
        f'The values of the "for_each" argument to "{call.name}" {heat}',
        data,
    )
    return None


def _repeat_items(c: ArgumentChecker, call: FunctionCall, items: Any) -> None:
    for item in items:
        if c.fn(item) or _is_str(item):
            continue
        c.bad(
            call,
            item,
            f"for_each values replace text in the template, so they must be strings, not {describe(item)}"
            f"{_quote(item)} (Heat fails: replace() argument 2 must be str).",
        )
        return


def _has_text(c: ArgumentChecker, template: Node) -> bool:
    """Whether the literal template holds any string (keys included) for repeat to substitute into."""
    stack = [template]
    seen = 0
    while stack and seen < 2000:
        node = stack.pop()
        seen += 1
        if c.fn(node):
            continue
        if isinstance(node, Scalar):
            if isinstance(node.value, str):
                return True
        elif isinstance(node, Sequence):
            stack.extend(node.items)
        elif isinstance(node, Mapping):
            for pair in node.pairs:
                stack.append(pair.key)
                stack.append(pair.value)
    return False


# -- digest, if, yaql, make_url, contains, filter, resource_facade, equals ----------------


def _digest(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args):
        return
    if not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a list [algorithm, value], not {describe(args)}.",
            f'Argument to function "{call.name}" must be a list of strings',
        )
        return
    for item in args.items:
        if not c.fn(item) and not _is_str(item):
            c.bad(
                call,
                item,
                f"takes two strings, not {describe(item)}{_quote(item)}.",
                f'Argument to function "{call.name}" must be a list of strings',
            )
            return
    if len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes exactly [algorithm, value].",
            f'Function "{call.name}" usage: ["<algorithm>", "<value>"]',
        )
        return
    algorithm, value = args.items
    if _is_str(algorithm):
        _digest_algorithm(c, call, algorithm)
    if _is_str(value):
        try:
            value.value.encode("latin-1")
        except UnicodeEncodeError:
            c.bad(call, value, "the value must only hold Latin-1 characters; Heat fails to encode this one.")


def _digest_algorithm(c: ArgumentChecker, call: FunctionCall, algorithm: Scalar) -> None:
    name = algorithm.value.lower()
    if name in BROKEN_DIGEST_ALGORITHMS:
        c.bad(
            call,
            algorithm,
            f"{algorithm.value} passes Heat's check but fails when evaluated (its digest needs a length); "
            "use sha256, sha512 or a sha3 variant.",
            data={"suggestions": ["sha256", "sha512"]},
        )
    elif name not in HOT_DIGEST_ALGORITHMS:
        usable = sorted(HOT_DIGEST_ALGORITHMS - BROKEN_DIGEST_ALGORITHMS)
        suggestions = did_you_mean(name, usable, 3, 0.5)
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        c.bad(
            call,
            algorithm,
            f"{algorithm.value!r} is not a hash algorithm Heat's hashlib provides.{hint} Common: md5, sha1, sha256, sha512.",
            data={"suggestions": suggestions},
        )


def _if(c: ArgumentChecker, call: FunctionCall) -> None:
    counts = spec.if_argument_counts(c.version)
    args = call.args
    if isinstance(args, Sequence) and not c.fn(args) and len(args.items) in counts:
        return
    heat = 'Arguments to "if" must be of the form: [condition_name, value_if_true, value_if_false]'
    n = len(args.items) if isinstance(args, Sequence) and not c.fn(args) else None
    data = c.raise_to("if_two_arguments") if n == 2 else None
    if n == 2:
        text = "takes [condition, value_if_true, value_if_false]; leaving out the false value needs heat_template_version 2021-04-16."
    elif 2 in counts:
        text = f"takes [condition, value_if_true] or [condition, value_if_true, value_if_false], not {describe(args) if n is None else _items(n)}."
    else:
        text = f"takes [condition, value_if_true, value_if_false], not {describe(args) if n is None else _items(n)}."
    if c.fn(args):
        text = text[:-1] + " (a function cannot build this list)."
    c.bad(call, c.whole(call), text, heat, data)


def _yaql(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    example = "{expression: $.data.values.sum(), data: {values: [1, 2]}}"
    if c.fn(args) or not isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            f"takes a mapping {example}, not {describe(args)}.",
            f'Arguments to "{call.name}" must be a map.',
        )
        return
    for pair in args.entries():
        if pair.key_value not in YAQL_KEYS:
            c.bad(
                call,
                pair.key,
                f"takes only `expression` and `data`, not {describe(pair.key)}.",
                data={"suggestions": _closest(str(pair.key_value), YAQL_KEYS), "fix": "remove_key"},
            )
    expression = args.get("expression")
    if expression is None:
        c.bad(call, call.key, f"needs an `expression`: {example}.")
        return
    if c.fn(expression):
        return
    if not _is_str(expression):
        c.bad(
            call,
            expression,
            f"the expression must be a string, not {describe(expression)}.",
            f'The "expression" argument to {call.name} must contain a string.',
        )
        return
    problem = yaql_syntax_error(expression.value)
    if problem:
        c.bad(call, expression, "the expression does not parse.", f"Bad expression {problem}.")


@lru_cache(maxsize=512)
def yaql_syntax_error(expression: str) -> str | None:
    """yaql's parse error for ``expression`` (None when it parses, or yaql is not installed)."""
    parser = _yaql_parser()
    if parser is None:
        return None
    try:
        parser(expression)
    except Exception as error:  # yaql raises its own exception tree; any failure is a bad expression
        return str(error) or type(error).__name__
    return None


@lru_cache(maxsize=1)
def _yaql_parser() -> Callable[[str], Any] | None:
    try:
        import yaql
    except ImportError:  # pragma: no cover - yaql is a dependency, but stay usable without it
        return None
    return yaql.YaqlFactory().create()


def _make_url(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Mapping):
        c.bad(
            call,
            c.whole(call),
            f"takes a mapping with keys from {', '.join(MAKE_URL_KEYS)}, not {describe(args)}.",
            f'The arguments to "{call.name}" must be a map',
        )
        return
    for pair in args.entries():
        key, value = pair.key_value, pair.value
        if key not in MAKE_URL_KEYS:
            suggestions = _closest(str(key), MAKE_URL_KEYS)
            hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
            c.bad(
                call,
                pair.key,
                f"{describe(pair.key)} is not a URL part; use {', '.join(MAKE_URL_KEYS)}.{hint}",
                f'Invalid arguments to "{call.name}": {pair.key.text if isinstance(pair.key, Scalar) else "?"}',
                {"suggestions": suggestions},
            )
            continue
        if c.fn(value):
            continue
        if key == "query":
            if not isinstance(value, Mapping):
                c.bad(
                    call,
                    value,
                    f"query must be a mapping, not {describe(value)}.",
                    f'The "query" argument to "{call.name}" must be a map',
                )
        elif key == "port":
            _url_port(c, call, value)
        elif not _is_str(value):
            c.bad(
                call,
                value,
                f"{key} must be a string, not {describe(value)}{_quote(value)}.",
                f'The "{key}" argument to "{call.name}" must be a string',
            )
        elif key == "scheme" and ":" in value.value:
            c.bad(
                call, value, "the scheme is written without ':' (e.g. https).", "URL \"scheme\" should not contain ':'"
            )


def _url_port(c: ArgumentChecker, call: FunctionCall, value: Node) -> None:
    port: int | None = None
    if _is_int_like(value):
        assert isinstance(value, Scalar)
        port = int(value.value)
    if port is None:
        c.bad(call, value, f"the port must be an integer, not {describe(value)}.", "Invalid URL port")
    elif not 0 < port <= 65535:
        c.bad(
            call,
            value,
            f"the port must be within 1-65535, not {port}.",
            f"Invalid URL port {port}, must be in range 1-65535",
        )


def _contains(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or not args.items:
        c.bad(
            call,
            c.whole(call),
            f"takes a list [value, sequence], not {describe(args)}.",
            f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ "value1", [ "value1", "value2"]]',
        )
        return
    if len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            f"takes exactly two items [value, sequence], not {_items(len(args.items))}.",
            f'Arguments to "{call.name}" must be of the form: [value1, [value1, value2]]',
        )
        return
    sequence = args.items[1]
    if not c.fn(sequence) and not (isinstance(sequence, Sequence) or _is_str(sequence)):
        c.bad(
            call,
            sequence,
            f"the second item must be a list (or a string), not {describe(sequence)}.",
            f'Second argument to "{call.name}" should be a sequence.',
        )
    value = args.items[0]
    if _is_str(sequence) and not c.fn(value) and not _is_str(value):
        # Searching a string is a substring test, which only takes a string.
        c.bad(
            call,
            value,
            f"searching the string {sequence.text!r} needs a string to look for, not {describe(value)}.",
            "'in <string>' requires string as left operand",
        )


def _filter(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence):
        c.bad(
            call,
            c.whole(call),
            f"takes a list [values, list], not {describe(args)}.",
            f'Argument to "{call.name}" must be a list',
        )
        return
    if len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            f"takes exactly two items [values, list], not {_items(len(args.items))}.",
            f'"{call.name}" expected 2 arguments of the form [values, sequence] but got {len(args.items)} arguments instead',
        )
        return
    values, sequence = args.items
    if not c.fn(sequence):
        if _falsy(sequence):
            return  # an empty sequence is returned as is; the values are never looked at
        if not isinstance(sequence, Sequence):
            c.bad(call, sequence, f"filters a list, not {describe(sequence)}.", f'"{call.name}" only works with lists')
            return
    if not c.fn(values) and not isinstance(values, Sequence) and not _falsy(values):
        c.bad(
            call,
            values,
            f"the values to remove must be a list, not {describe(values)}; write [{values.text if isinstance(values, Scalar) else '...'}].",
            f'"{call.name}" filters a list of values',
        )


def _resource_facade(c: ArgumentChecker, call: FunctionCall) -> None:
    allowed = CFN_RESOURCE_FACADE_ARGUMENTS if call.name == "Fn::ResourceFacade" else RESOURCE_FACADE_ARGUMENTS
    args = call.args
    if _is_str(args) and args.value in allowed:
        return
    shown = "a function (it must be written literally)" if c.fn(args) else describe(args)
    suggestions = _closest(args.value, allowed) if _is_str(args) else []
    c.bad(
        call,
        c.whole(call),
        f"takes one of {', '.join(allowed)}, not {shown}.",
        f'Incorrect arguments to "{call.name}" should be one of: {", ".join(allowed)}',
        {"suggestions": suggestions},
    )


def _equals(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if isinstance(args, Sequence) and not c.fn(args) and len(args.items) == 2:
        return
    what = _items(len(args.items)) if isinstance(args, Sequence) and not c.fn(args) else describe(args)
    if c.fn(args):
        what = "a function (the list must be written literally)"
    c.bad(
        call,
        c.whole(call),
        f"compares exactly two values: [value_1, value_2], not {what}.",
        f'Arguments to "{call.name}" must be of the form: [value_1, value_2]',
    )


# -- the CloudFormation functions of 2013-05-23 -------------------------------------


def _cfn_select(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes a list of two items: [index, list or map].",
            f'Arguments to "{call.name}" must be of the form [index, collection]',
        )
        return
    index, collection = args.items
    if c.fn(index) or c.fn(collection):
        return
    if isinstance(collection, Mapping) and not _is_str(index):
        c.bad(
            call,
            index,
            f"selecting from a map needs a key (a string), not {describe(index)}.",
            f'Index to "{call.name}" must be a string',
        )
    elif isinstance(collection, Sequence) and not _is_int_like(index):
        c.bad(
            call,
            index,
            f"selecting from a list needs an integer index, not {describe(index)}.",
            f'Index to "{call.name}" must be an integer',
        )
    elif _is_str(collection) and collection.value:
        try:
            json.loads(collection.value)
        except ValueError:
            c.bad(call, collection, "a string collection is decoded as JSON, and this one is not valid JSON.")


def _cfn_split(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 2:
        c.bad(
            call,
            c.whole(call),
            "takes a list of two items: [delimiter, string].",
            f'Incorrect arguments to "{call.name}" should be: "{call.name}" : [ ",", "str1,str2"]]',
        )
        return
    delimiter, text = args.items
    if not _is_str(delimiter):
        c.bad(
            call,
            delimiter,
            f"the delimiter must be a literal string, not {describe(delimiter) if not c.fn(delimiter) else 'a function'}.",
            f"Delimiter for {call.name} must be string",
        )
    if not c.fn(text) and not _is_str(text):
        c.bad(
            call,
            text,
            f"the value to split must be a string, not {describe(text)}.",
            f"String to split must be string; got {describe(text)}",
        )


def _cfn_base64(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or _is_str(args):
        return
    c.bad(call, c.whole(call), f"takes a string, not {describe(args)}.", f'"{call.name}" argument must be a string')


def _cfn_member_list(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or not isinstance(args, Sequence) or len(args.items) != 3:
        c.bad(call, c.whole(call), "takes a list of three items: [key name, value name, member list].", "")
        return
    for item, what in zip(args.items[:2], ("Key Name", "Value Name"), strict=True):
        if not _is_str(item):
            c.bad(call, item, f"the {what.lower()} must be a literal string.", f"{call.name} {what} must be a string")
    members = args.items[2]
    if not c.fn(members) and not isinstance(members, Sequence):
        c.bad(call, members, f"the member list must be a list, not {describe(members)}.", "Member list must be a list")


def _cfn_ref(c: ArgumentChecker, call: FunctionCall) -> None:
    args = call.args
    if c.fn(args) or (_is_str(args) and args.value):
        return
    c.bad(call, c.whole(call), f"takes the name of a resource or parameter, not {describe(args)}.")


_HANDLERS: dict[str, Callable[[ArgumentChecker, FunctionCall], None]] = {
    "get_param": _get_param,
    "get_resource": _get_resource,
    "get_attr": _get_attr,
    "get_file": _get_file,
    "list_join": _list_join,
    "str_replace": _str_replace,
    "str_replace_strict": _str_replace,
    "str_replace_vstrict": _str_replace,
    "str_split": _str_split,
    "map_merge": _map_merge,
    "map_replace": _map_replace,
    "list_concat": _list_concat,
    "list_concat_unique": _list_concat,
    "repeat": _repeat,
    "digest": _digest,
    "if": _if,
    "yaql": _yaql,
    "make_url": _make_url,
    "contains": _contains,
    "filter": _filter,
    "resource_facade": _resource_facade,
    "equals": _equals,
    "Fn::Select": _cfn_select,
    "Fn::Join": _cfn_join,
    "Fn::Split": _cfn_split,
    "Fn::Replace": _cfn_replace,
    "Fn::Base64": _cfn_base64,
    "Fn::MemberListToMap": _cfn_member_list,
    "Fn::ResourceFacade": _resource_facade,
    "Ref": _cfn_ref,
}
