"""Heat 27's normal intrinsic functions, offline.

Each implementation mirrors one of Heat's function classes (named in its docstring): the checks on
argument *nodes* are Heat's parse-time checks (a call in that position is a function object, never a
list or map), the checks on evaluated values are its ``result()``; the messages are Heat's. A value
needed to go on that is known only at run time raises ``Unknown`` and the call stays symbolic. Version
differences are chosen in ``implementations_for`` from the feature table, not inside the functions.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
from collections.abc import Mapping as AbcMapping
from collections.abc import Sequence as AbcSequence
from functools import cache
from typing import Any
from urllib import parse as urlparse

from ... import spec
from ...document import Mapping, Node, Scalar, Sequence
from ...spec import TemplateVersion
from .evaluator import Call, Evaluator, Implementation
from .problems import HeatError, Stop, Unknown
from .values import Symbol, is_known


def need(value: Any) -> Any:
    """``value`` when it is known offline; Unknown otherwise (the call stays symbolic)."""
    if not is_known(value):
        raise Unknown
    return value


def _is_list_node(ev: Evaluator, node: Node, call: Call) -> bool:
    return isinstance(node, Sequence)


def _is_map_node(ev: Evaluator, node: Node, call: Call) -> bool:
    return isinstance(node, Mapping) and not ev.is_call(node, call.context)


def _items(node: Node) -> tuple[Node, ...]:
    return node.items if isinstance(node, Sequence) else ()


def _json(value: Any) -> str:
    """oslo jsonutils.dumps(value, default=None, sort_keys=True), as Heat encodes maps and lists."""
    return json.dumps(value, sort_keys=True)


# -- references -----------------------------------------------------------------------------------


def get_param(ev: Evaluator, call: Call) -> Any:
    """GetParam: a name or [name, path...]; any failure along the path gives ''."""
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol):
        raise Unknown
    if not args:
        raise HeatError(f'Function "{call.name}" must have arguments', None)
    if isinstance(args, str):
        name, path = args, []
    elif isinstance(args, list):
        name, path = args[0], args[1:]
    else:
        raise HeatError(f'Argument to "{call.name}" must be string or list', None)
    if isinstance(name, Symbol):
        raise Unknown
    if not isinstance(name, str):
        raise HeatError(f'Parameter name in "{call.name}" must be string', None)
    parameter = ev.parameters.get(name)
    if parameter is None:
        raise HeatError(f"The Parameter ({name}) was not provided.", None)
    value = parameter.value
    ev.read(name, value, parameter.source)
    if parameter.error is not None:
        raise HeatError(parameter.error, "E8000")
    if isinstance(value, Symbol):
        if not path:
            return value
        raise Unknown
    for key in path:
        if isinstance(key, Symbol):
            raise Unknown
        try:
            value = _path_step(value, key)
        except (KeyError, IndexError, TypeError):
            return ""
    return value


def _path_step(collection: Any, key: Any) -> Any:
    if not isinstance(collection, (AbcMapping, AbcSequence)):
        raise TypeError
    if not isinstance(key, (str, int)):
        raise TypeError
    if isinstance(collection, AbcSequence) and isinstance(key, str):
        try:
            key = int(key)
        except ValueError:
            raise TypeError from None
    return collection[key]


def run_time(ev: Evaluator, call: Call) -> Any:
    """get_resource, get_attr, resource_facade, Fn::GetAZs...: known only to a running stack."""
    with ev.muted():
        args = ev.argument(call.args, call.path, call.context)
    return Symbol(call.name, args)


def get_file(ev: Evaluator, call: Call) -> Any:
    """GetFile: the content the files map holds for the path, verbatim."""
    path = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(path, str):
        raise HeatError(f'Argument to "{call.name}" must be a string', "E8000")
    if ev.files is None:
        return Symbol(call.name, path)
    found = ev.files.read(path)
    if found.content is not None:
        return found.content
    if found.heat_error:
        raise HeatError(found.reason, "E8000")
    return Symbol(call.name, path)


# -- strings --------------------------------------------------------------------------------------


def _replace_values(strict: bool, json_encode: bool, allow_empty: bool) -> Implementation:
    """Replace, ReplaceJson, ReplaceJsonStrict, ReplaceJsonVeryStrict."""

    def replacement(name: str, value: Any, param: str) -> str:
        empty = HeatError(
            f"{name} has an undefined or empty value for param {param}, must be a defined non-empty value", "E8007"
        )
        if value is None:
            if allow_empty:
                return ""
            raise empty
        if isinstance(value, (str, int, float, bool)):
            text = str(value)
            if not allow_empty and not text:
                raise empty
            return text
        if json_encode and isinstance(value, (dict, list)):
            if not allow_empty and len(value) == 0:
                raise empty
            return _json(value)
        if json_encode:
            raise HeatError(f'"{name}" params must be strings, numbers, list or map.', "E8000")
        raise HeatError(f'"{name}" params must be strings or numbers, param {param} is not valid', "E8000")

    def str_replace(ev: Evaluator, call: Call) -> Any:
        args = call.args
        if not _is_map_node(ev, args, call):
            raise HeatError(f'Arguments to "{call.name}" must be a map', None)
        template_node, params_node = args.get("template"), args.get("params")
        if template_node is None or params_node is None:
            example = (
                f"{call.name}:\n              template: This is var1 template var2\n              params:\n"
                "                var1: a\n                var2: string"
            )
            raise HeatError(f'"{call.name}" syntax should be {example}', None)
        if not (_is_map_node(ev, params_node, call) or ev.is_call(params_node, call.context)):
            raise HeatError(f'"{call.name}" parameters must be a mapping', None)
        template = ev.argument(template_node, call.key_path("template"), call.context)
        mapping = ev.argument(params_node, call.key_path("params"), call.context)
        need(template)
        if not isinstance(template, str):
            raise HeatError(f'"{call.name}" template must be a string', "E8000")
        if isinstance(mapping, Symbol):
            raise Unknown
        if not isinstance(mapping, dict):
            raise HeatError(f'"{call.name}" params must be a map', "E8000")
        try:  # Heat's order: longest first, then lexicographic (a non-string key fails right here)
            keys = sorted(sorted(mapping), key=len, reverse=True)
        except TypeError as exc:
            raise HeatError(str(exc), "E8000") from None
        for key in keys:
            if not isinstance(key, str):
                raise HeatError(f'"{call.name}" param placeholders must be strings', "E8000")
        values = {key: replacement(call.name, need(mapping[key]), key) for key in keys}
        unreplaced = set(keys)

        def replace(strings: list[str], remaining: list[str]) -> list[str]:
            if not remaining:
                return strings
            placeholder, rest = remaining[0], remaining[1:]
            out = []
            for text in strings:
                parts = text.split(placeholder)
                if len(parts) > 1:
                    unreplaced.discard(placeholder)
                out.append(values[placeholder].join(replace(parts, rest)))
                ev.check_size(out[-1])
            return out

        result = replace([template], keys)[0]
        if strict and unreplaced:
            missing = ",".join(sorted(sorted(unreplaced), key=len, reverse=True))
            raise HeatError(f"The following params were not found in the template: {missing}", "E8006")
        return result

    return str_replace


def list_join_single(ev: Evaluator, call: Call) -> Any:
    """Join (up to 2015-04-30): [delimiter, [strings]]; items must be strings or None."""
    example = f'"{call.name}" : [ " ", [ "str1", "str2"]]'
    if not _is_list_node(ev, call.args, call) or len(call.args.items) != 2:
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', None)
    delim_node, strings_node = call.args.items
    strings = need(ev.argument(strings_node, call.item_path(1), call.context))
    if strings is None:
        strings = []
    if isinstance(strings, str) or not isinstance(strings, list):
        raise HeatError(f'"{call.name}" must operate on a list', "E8000")
    delim = need(ev.argument(delim_node, call.item_path(0), call.context))
    if not isinstance(delim, str):
        raise HeatError(f'"{call.name}" delimiter must be a string', "E8000")
    texts = []
    for item in strings:
        if item is None:
            item = ""
        if not isinstance(item, str):
            raise HeatError(f"Items to join must be strings not {repr(item)[:200]}", "E8000")
        texts.append(item)
    return delim.join(texts)


def list_join_multiple(ev: Evaluator, call: Call) -> Any:
    """JoinMultiple (2015-10-15+): [delimiter, list, ...]; maps and lists JSON-encoded."""
    example = f'"{call.name}" : [ " ", [ "str1", "str2"] ...]'
    if not _is_list_node(ev, call.args, call) or len(call.args.items) < 2:
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', None)
    delim_node, *list_nodes = call.args.items
    strings: list[Any] = []
    lists = [ev.argument(node, call.item_path(i + 1), call.context) for i, node in enumerate(list_nodes)]
    for joined in lists:
        if isinstance(joined, Symbol):
            raise Unknown
        if joined:
            if isinstance(joined, str) or not isinstance(joined, list):
                raise HeatError(f'"{call.name}" must operate on a list', "E8000")
            strings += joined
    delim = need(ev.argument(delim_node, call.item_path(0), call.context))
    if not isinstance(delim, str):
        raise HeatError(f'"{call.name}" delimiter must be a string', "E8000")
    texts = []
    for item in strings:
        need(item)
        if item is None:
            texts.append("")
        elif isinstance(item, str):
            texts.append(item)
        elif isinstance(item, (dict, list)):
            texts.append(_json(item))
        else:
            raise HeatError(f"Items to join must be string, map or list not {repr(item)[:200]}", "E8000")
    return ev.check_size(delim.join(texts))


def str_split(ev: Evaluator, call: Call) -> Any:
    """StrSplit: [delimiter, string(, index)]; negative indices count from the end."""
    example = f'"{call.name}" : [ ",", "apples,pears", <index>]'
    args_node = call.args
    if (isinstance(args_node, Scalar) and isinstance(args_node.value, str)) or _is_map_node(ev, args_node, call):
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', None)
    args = need(ev.argument(args_node, call.path, call.context))
    if not isinstance(args, list) or len(args) < 2:
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', "E8000")
    delim, text = args[0], args[1]
    if text is None:
        return None
    if not isinstance(text, str):
        raise HeatError(f"'{type(text).__name__}' object has no attribute 'split'", "E8000")
    if delim is not None and not isinstance(delim, str):
        raise HeatError(f"must be str or None, not {type(delim).__name__}", "E8000")
    parts = text.split(delim)
    if len(args) < 3:
        return parts
    try:
        index = int(args[2])
    except ValueError:
        raise HeatError(f'Incorrect index to "{call.name}" should be: {example}', "E8000") from None
    except TypeError as exc:
        raise HeatError(str(exc), "E8000") from None
    try:
        return parts[index]
    except IndexError:
        node = _items(args_node)[2] if len(_items(args_node)) > 2 else None
        raise HeatError(
            f'Incorrect index to "{call.name}" should be between 0 and {len(parts) - 1}', "E8004", node
        ) from None


def digest(ev: Evaluator, call: Call) -> Any:
    """Digest: [algorithm, value], the value encoded as latin-1, a hex digest."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        raise HeatError(f'Argument to function "{call.name}" must be a list of strings', "E8000")
    if len(args) != 2:
        raise HeatError(f'Function "{call.name}" usage: ["<algorithm>", "<value>"]', "E8000")
    algorithm, text = args
    node = _items(call.args)[0] if _items(call.args) else None
    if algorithm.lower() not in spec.HOT_DIGEST_ALGORITHMS:
        raise HeatError(f"Algorithm must be one of {sorted(spec.HOT_DIGEST_ALGORITHMS)}", "E8005", node)
    if algorithm in spec.BROKEN_DIGEST_ALGORITHMS:
        raise HeatError("hexdigest() missing required argument 'length' (pos 1)", "E8005", node)
    try:
        hashed = hashlib.new(algorithm)
    except ValueError:
        raise Unknown from None  # known to Heat's host, not to this one
    try:
        hashed.update(text.encode("latin-1"))
    except UnicodeEncodeError as exc:
        raise HeatError(str(exc), "E8000") from None
    return hashed.hexdigest()


# -- lists and maps -------------------------------------------------------------------------------


def map_merge(ev: Evaluator, call: Call) -> Any:
    """MapMerge: a list of maps, shallow, later maps win; None counts as {}."""
    example = f'"{call.name}" : [ {{ "key1": "val1" }}, {{ "key2": "val2" }} ]'
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol):
        raise Unknown
    if not isinstance(args, (list, str)):
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', "E8000")
    merged: dict[Any, Any] = {}
    for item in args:
        if isinstance(item, Symbol):
            raise Unknown  # the merge is shallow: only a whole unknown map stops it
        if item is None:
            continue
        if not isinstance(item, dict):
            raise HeatError(
                f"Incorrect arguments: Items to merge must be maps. {repr(item)[:200]} is type "
                f"{type(item)} instead of a dict",
                "E8000",
            )
        merged.update(item)
    return merged


def map_replace(ev: Evaluator, call: Call) -> Any:
    """MapReplace: [map, {keys: {...}, values: {...}}]; renames keys, replaces exact values."""
    example = f'"{call.name}" : [ {{ "key1": "val1" }}, {{"keys": {{"key1": "key2"}}, "values": {{"val1": "val2"}}}}]'
    incorrect = HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', "E8000")
    args = ev.argument(call.args, call.path, call.context)
    if isinstance(args, Symbol) or (isinstance(args, list) and any(isinstance(a, Symbol) for a in args)):
        raise Unknown

    def ensure_map(value: Any) -> dict[Any, Any]:
        if value is None:
            return {}
        if isinstance(value, dict):
            return value
        raise HeatError(
            f'Incorrect arguments: to "{call.name}", arguments must be a list of maps. Example:  {example}', "E8000"
        )

    if not isinstance(args, list) or len(args) != 2:
        raise incorrect
    source, replacements = ensure_map(args[0]), ensure_map(args[1])
    if any(key not in ("keys", "values") for key in replacements):
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
            raise HeatError(f"key replacement {renamed} collides with a key in the input map", "E8000")
        elif renamed in result:
            raise HeatError(f"key replacement {renamed} collides with a key in the output map", "E8000")
        try:
            result[renamed] = values.get(value, value)
        except TypeError:
            result[renamed] = value
    return result


def list_concat(unique: bool) -> Implementation:
    """ListConcat and ListConcatUnique: lists (None skipped) end to end; _unique keeps first occurrences."""

    def concat(ev: Evaluator, call: Call) -> Any:
        example = f'"{call.name}" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]'
        args = ev.argument(call.args, call.path, call.context)
        if isinstance(args, Symbol):
            raise Unknown
        if isinstance(args, str) or not isinstance(args, list):
            raise HeatError(f'Incorrect arguments to "{call.name}" should be: {example}', "E8000")
        result: list[Any] = []
        for item in args:
            if isinstance(item, Symbol):
                raise Unknown
            if item is None:
                continue
            if isinstance(item, str) or not isinstance(item, list):
                raise HeatError(
                    "Incorrect arguments: Items to concat must be lists. "
                    f"{_safe_json(args)} contains an item that is not a list: {_safe_json(item)}",
                    "E8000",
                )
            result.extend(item)
        if not unique:
            return result
        need(result)
        kept: list[Any] = []
        for item in result:
            if item not in kept:
                kept.append(item)
        return kept

    return concat


def _safe_json(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def filter_values(ev: Evaluator, call: Call) -> Any:
    """Filter: [values, sequence]; removes every item equal to one of the values."""
    if not _is_list_node(ev, call.args, call):
        raise HeatError(f'Argument to "{call.name}" must be a list', None)
    if len(call.args.items) != 2:
        raise HeatError(
            f'"{call.name}" expected 2 arguments of the form [values, sequence] but got '
            f"{len(call.args.items)} arguments instead",
            None,
        )
    values_node, sequence_node = call.args.items
    sequence = need(ev.argument(sequence_node, call.item_path(1), call.context))
    if not sequence:
        return sequence
    if not isinstance(sequence, list):
        raise HeatError(f'"{call.name}" only works with lists', "E8000")
    values = need(ev.argument(values_node, call.item_path(0), call.context))
    if not values:
        return sequence
    if not isinstance(values, list):
        raise HeatError(f'"{call.name}" filters a list of values', "E8000")
    return [item for item in sequence if item not in values]


def contains(ev: Evaluator, call: Call) -> Any:
    """Contains: [value, sequence]; a string sequence is a substring test."""
    if not _is_list_node(ev, call.args, call) or not call.args.items:
        raise HeatError(f'Incorrect arguments to "{call.name}" should be: [ "value1", [ "value1", "value2"]]', None)
    if len(call.args.items) != 2:
        raise HeatError(f'Arguments to "{call.name}" must be of the form: [value1, [value1, value2]]', None)
    value = need(ev.argument(call.args.items[0], call.item_path(0), call.context))
    sequence = need(ev.argument(call.args.items[1], call.item_path(1), call.context))
    if not isinstance(sequence, (list, str)):
        raise HeatError(f'Second argument to "{call.name}" should be a sequence.', "E8000")
    try:
        return value in sequence
    except TypeError as exc:
        raise HeatError(str(exc), "E8000") from None


def make_url(ev: Evaluator, call: Call) -> Any:
    """MakeURL: scheme, username, password, host, port, path, query, fragment, each escaped."""
    if not _is_map_node(ev, call.args, call):
        raise HeatError(f'The arguments to "{call.name}" must be a map', None)
    invalid = [key for key in call.args if key not in spec.MAKE_URL_KEYS]
    if invalid:
        raise HeatError(f'Invalid arguments to "{call.name}": {", ".join(map(str, invalid))}', None)
    args = need(ev.argument(call.args, call.path, call.context))
    _check_url_args(call.name, args)
    scheme = args.get("scheme", "")
    if ":" in scheme:
        raise HeatError("URL \"scheme\" should not contain ':'", "E8000")
    username = urlparse.quote(args.get("username", ""), safe="")
    password = urlparse.quote(args.get("password", ""), safe="")
    netloc = ""
    if username or password:
        netloc = username + (":" + password if password else "") + "@"
    host = args.get("host", "")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    host = urlparse.quote(host, safe=":")
    netloc += f"[{host}]" if ":" in host else host
    port = args.get("port", "")
    if port:
        netloc += f":{port}"
    path = urlparse.quote(args.get("path", ""))
    query = urlparse.urlencode(args.get("query", {})).replace("%2F", "/")
    fragment = urlparse.quote(args.get("fragment", ""))
    return urlparse.urlunsplit((scheme, netloc, path, query, fragment))


def _check_url_args(name: str, args: dict[str, Any]) -> None:
    for key in spec.MAKE_URL_KEYS:
        if key not in args:
            continue
        value = args[key]
        if key == "query":
            if not isinstance(value, dict):
                raise HeatError(f'The "query" argument to "{name}" must be a map', "E8000")
            return  # Heat stops checking at the query (the fragment goes unchecked)
        if key == "port":
            port = value
            if not isinstance(port, int):
                try:
                    port = int(port)
                except (ValueError, TypeError):
                    raise HeatError(f'Invalid URL port "{value}" for {name} called with {args}', "E8000") from None
            if not 0 < port <= 65535:
                raise HeatError(f"Invalid URL port {port}, must be in range 1-65535", "E8000")
        elif not isinstance(value, str):
            raise HeatError(f'The "{key}" argument to "{name}" must be a string', "E8000")


# -- repeat ---------------------------------------------------------------------------------------


def _repeat(over_maps: bool, with_permutations: bool) -> Implementation:
    """Repeat (2015-04-30), RepeatWithMap (2016-10-14), RepeatWithNestedLoop (2017-09-01)."""

    def repeat(ev: Evaluator, call: Call) -> Any:
        args = call.args
        if not _is_map_node(ev, args, call):
            raise HeatError(f'Arguments to "{call.name}" must be a map', None)
        for_each_node, template_node = args.get("for_each"), args.get("template")
        if for_each_node is None or template_node is None:
            example = "repeat:\n              template: This is %var%\n              for_each:\n                %var%: ['a', 'b', 'c']"
            raise HeatError(f'"repeat" syntax should be {example}', None)
        nested = True
        if with_permutations:
            permutations = args.get("permutations")
            if permutations is not None:
                nested = permutations.value if isinstance(permutations, Scalar) else None
                if not isinstance(nested, bool):
                    raise HeatError(f'"permutations" should be boolean type for {call.name} function.', None)
        if not (_is_map_node(ev, for_each_node, call) or ev.is_call(for_each_node, call.context)):
            raise HeatError(f'The "for_each" argument to "{call.name}" must contain a map', None)
        for_each = ev.argument(for_each_node, call.key_path("for_each"), call.context)
        if isinstance(for_each, Symbol):
            raise Unknown
        if not isinstance(for_each, dict):
            raise HeatError(f"'{type(for_each).__name__}' object has no attribute 'items'", "E8000")
        if not for_each:
            raise HeatError("not enough values to unpack (expected 2, got 0)", "E8000")
        placeholders = list(for_each)
        loops: list[list[Any]] = []
        lengths = []
        for placeholder in placeholders:
            value = for_each[placeholder]
            if isinstance(value, Symbol):
                raise Unknown
            if value is None:
                loops.append([])
                continue
            _check_loop_value(call, value, over_maps and nested, _value_node(for_each_node, placeholder))
            loops.append(list(value))
            lengths.append(len(value))
        if not nested and lengths and len(set(lengths)) != 1:
            raise HeatError(
                f"For {call.name}, the length of for_each values should be equal if no nested loop.",
                "E8001",
                for_each_node,
            )
        template = ev.argument(template_node, call.key_path("template"), call.context)
        _unused_placeholders(ev, call, placeholders, template, for_each_node)
        count = min(lengths, default=0) if not nested else _product(len(loop) for loop in loops)
        from .values import weight

        size = 1 + count * weight(template, ev.limits.max_items)  # the list itself counts, as check_size counts
        if size > ev.limits.max_items:
            raise Stop(
                f"repeat would make {count:,} items ({size:,} values in all), over hot-lsp's bound of "
                f"{ev.limits.max_items:,}; it is not expanded here.",
                "W8009",
            )
        combinations = itertools.product(*loops) if nested else zip(*loops, strict=False)
        return [_substitute(placeholders, combination, template) for combination in combinations]

    return repeat


def _unused_placeholders(ev: Evaluator, call: Call, placeholders: list[Any], template: Any, node: Node) -> None:
    """W8002: a placeholder that no string of the resolved template contains (so every item is the same)."""
    texts, symbolic = _strings(template)
    for placeholder in placeholders:
        if not isinstance(placeholder, str) or any(placeholder in text for text in texts):
            continue
        where = _key_node(node, placeholder)
        if any(placeholder in text for text in symbolic):
            ev.note(
                call,
                f"The placeholder {placeholder} appears only inside a function's arguments in the template; Heat "
                "resolves the template before it substitutes, so it is never replaced.",
                "W8002",
                where,
            )
        else:
            ev.note(
                call,
                f"The placeholder {placeholder} never appears in the template, so every item is the same.",
                "W8002",
                where,
            )


def _strings(value: Any) -> tuple[list[str], list[str]]:
    """The strings of a value (keys too), and separately those inside symbols' arguments."""
    plain_texts: list[str] = []
    symbol_texts: list[str] = []
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack and len(plain_texts) + len(symbol_texts) < 100_000:
        current, inside = stack.pop()
        if isinstance(current, str):
            (symbol_texts if inside else plain_texts).append(current)
        elif isinstance(current, Symbol):
            stack.append((current.args, True))
        elif isinstance(current, dict):
            stack.extend((k, inside) for k in current)
            stack.extend((v, inside) for v in current.values())
        elif isinstance(current, list):
            stack.extend((item, inside) for item in current)
    return plain_texts, symbol_texts


def _key_node(mapping: Node, key: Any) -> Node | None:
    if isinstance(mapping, Mapping):
        pair = mapping.pair(key)
        return pair.key if pair is not None else None
    return None


def _check_loop_value(call: Call, value: Any, maps_allowed: bool, node: Node | None) -> None:
    if isinstance(value, list) or (maps_allowed and isinstance(value, dict)):
        return
    kinds = "lists or maps" if maps_allowed else "lists"
    raise HeatError(f'The values of the "for_each" argument to "{call.name}" must be {kinds}', "E8003", node)


def _value_node(for_each: Node, key: Any) -> Node | None:
    if isinstance(for_each, Mapping):
        return for_each.get(key)
    return None


def _product(lengths: Any) -> int:
    total = 1
    for length in lengths:
        total *= length
    return total


def _substitute(placeholders: list[Any], values: tuple[Any, ...], template: Any) -> Any:
    """Repeat._do_replacement: each placeholder in turn, in strings, list items, map keys and values."""
    if isinstance(template, str):
        for placeholder, value in zip(placeholders, values, strict=True):
            if isinstance(value, Symbol):
                raise Unknown
            if not isinstance(value, str) or not isinstance(placeholder, str):
                raise HeatError(
                    f"replace() argument {1 if not isinstance(placeholder, str) else 2} must be str, "
                    f"not {type(value if isinstance(placeholder, str) else placeholder).__name__}",
                    "E8000",
                )
            template = template.replace(placeholder, value)
        return template
    if isinstance(template, list):
        return [_substitute(placeholders, values, item) for item in template]
    if isinstance(template, dict):
        return {
            _substitute(placeholders, values, key): _substitute(placeholders, values, value)
            for key, value in template.items()
        }
    return template


# -- if, yaql, CFN --------------------------------------------------------------------------------


def if_(two_arguments: bool) -> Implementation:
    """If (newton+) and IfNullable (wallaby): the condition decides at parse time which branch exists."""

    def choose(ev: Evaluator, call: Call) -> Any:
        counts = (2, 3) if two_arguments else (3,)
        items = _items(call.args)
        if (
            not isinstance(call.args, Sequence)
            or len(items) not in counts
            or ev.is_call(call.args, call.context)  # never: a Sequence is no call
        ):
            raise HeatError(
                f'Arguments to "{call.name}" must be of the form: [condition_name, value_if_true, value_if_false]',
                None,
            )
        condition = ev.condition_value(items[0], call.item_path(0))
        if isinstance(condition, Symbol):
            with ev.muted():
                branches = [ev.evaluate(item, call.item_path(i + 1), call.context) for i, item in enumerate(items[1:])]
            from .values import plain

            return Symbol(call.name, [_condition_form(ev, items[0]), *(plain(b) for b in branches)])
        if condition:
            return ev.evaluate(items[1], call.item_path(1), call.context)
        if len(items) == 2:
            from .values import OMIT

            return OMIT
        return ev.evaluate(items[2], call.item_path(2), call.context)

    return choose


def _condition_form(ev: Evaluator, node: Node) -> Any:
    from .values import plain

    with ev.muted():
        value = ev.argument(node, "", "condition")
    return plain(value)


def yaql(ev: Evaluator, call: Call) -> Any:
    """Yaql: {expression, data}; evaluated with Heat's iterator and memory limits, and a time budget."""
    from . import yaql_engine

    args = call.args
    if not _is_map_node(ev, args, call):
        raise HeatError(f'Arguments to "{call.name}" must be a map.', None)
    expression_node = args.get("expression")
    if expression_node is None or any(key not in spec.YAQL_KEYS for key in args):
        example = f"{call.name}:\n              expression: $.data.var1.sum()\n              data:\n                var1: [3, 2, 1]"
        raise HeatError(f'"{call.name}" syntax should be {example}', None)
    expression = need(ev.argument(expression_node, call.key_path("expression"), call.context))
    if not isinstance(expression, str):
        raise HeatError(f'The "expression" argument to {call.name} must contain a string.', "E8000")
    data_node = args.get("data")
    data = ev.argument(data_node, call.key_path("data"), call.context) if data_node is not None else {}
    yaql_engine.parse(expression)
    need(data)
    return yaql_engine.evaluate(expression, data, ev.limits.yaql_seconds)


def cfn_select(ev: Evaluator, call: Call) -> Any:
    """Fn::Select: [index, collection]; '' when out of range or missing."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2:
        raise HeatError(f'Arguments to "{call.name}" must be of the form [index, collection]', None)
    index, collection = args
    if isinstance(collection, str):
        with contextlib.suppress(ValueError):
            collection = json.loads(collection)
    if collection is None or collection == "":
        return ""
    if isinstance(collection, dict):
        if not isinstance(index, str):
            raise HeatError(f'Index to "{call.name}" must be a string', "E8000")
        return collection.get(index, "")
    try:
        return collection[int(index)]
    except (IndexError, ValueError, TypeError, KeyError):
        return ""


def cfn_join(ev: Evaluator, call: Call) -> Any:
    """Fn::Join: [delimiter, [strings]], as the first list_join."""
    return list_join_single(ev, call)


def cfn_split(ev: Evaluator, call: Call) -> Any:
    """Fn::Split: [delimiter, string]."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2 or not isinstance(args[0], str) or not isinstance(args[1], str):
        raise HeatError(f'Arguments to "{call.name}" must be of the form [delimiter, string]', "E8000")
    return args[1].split(args[0])


def cfn_replace(ev: Evaluator, call: Call) -> Any:
    """Fn::Replace: [{placeholder: value}, template]; longest placeholders first."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(args, list) or len(args) != 2 or not isinstance(args[0], dict) or not isinstance(args[1], str):
        raise HeatError(f'Arguments to "{call.name}" must be of the form [{{placeholder: value}}, template]', "E8000")
    text = args[1]
    for key in sorted(args[0], key=lambda k: -len(str(k))):
        value = args[0][key]
        text = text.replace(str(key), "" if value is None else str(value))
    return text


def cfn_base64(ev: Evaluator, call: Call) -> Any:
    """Fn::Base64: the identity on a string."""
    value = need(ev.argument(call.args, call.path, call.context))
    if not isinstance(value, str):
        raise HeatError(f'Arguments to "{call.name}" not fully resolved', "E8000")
    return value


def cfn_ref(ev: Evaluator, call: Call) -> Any:
    """Ref: a resource's reference when the name is a resource, else the parameter."""
    if isinstance(call.args, Scalar) and call.args.value in ev.model.resources:
        return Symbol("get_resource", call.args.value)
    return get_param(ev, call)


def cfn_get_azs(ev: Evaluator, call: Call) -> Any:
    """Fn::GetAZs: the stack's availability zones."""
    return Symbol(call.name, ev.argument(call.args, call.path, call.context))


def cfn_member_list_to_map(ev: Evaluator, call: Call) -> Any:
    """Fn::MemberListToMap: [key name, value name, ['.member.N.k=v', ...]]."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not (isinstance(args, list) and len(args) == 3 and isinstance(args[2], list)):
        raise HeatError(f'Wrong Arguments try: "{call.name}" : [ key name, value name, list ]', "E8000")
    key_name, value_name, members = args
    groups: dict[str, dict[str, str]] = {}
    for member in members:
        if not isinstance(member, str) or "=" not in member:
            continue
        left, value = member.split("=", 1)
        parts = left.split(".")
        if len(parts) >= 4:
            groups.setdefault(parts[2], {})[parts[3]] = value
    return {group[key_name]: group.get(value_name) for group in groups.values() if isinstance(group.get(key_name), str)}


@cache
def implementations_for(version: TemplateVersion) -> dict[str, Implementation]:
    """Each usable function of ``version`` with the implementation Heat's class for it would use."""
    has = spec.has_feature
    table: dict[str, Implementation] = {
        "get_param": get_param,
        "get_resource": run_time,
        "get_attr": run_time,
        "get_file": get_file,
        "resource_facade": run_time,
        "list_join": list_join_multiple if has(version, "list_join_multiple") else list_join_single,
        "str_replace": _replace_values(False, has(version, "str_replace_json"), True),
        "str_replace_strict": _replace_values(True, True, True),
        "str_replace_vstrict": _replace_values(True, True, False),
        "repeat": _repeat(has(version, "repeat_over_map"), has(version, "repeat_permutations")),
        "digest": digest,
        "str_split": str_split,
        "map_merge": map_merge,
        "map_replace": map_replace,
        "yaql": yaql,
        "if": if_(has(version, "if_two_arguments")),
        "filter": filter_values,
        "make_url": make_url,
        "list_concat": list_concat(False),
        "list_concat_unique": list_concat(True),
        "contains": contains,
        "Fn::Select": cfn_select,
        "Fn::Join": cfn_join,
        "Fn::Split": cfn_split,
        "Fn::Replace": cfn_replace,
        "Fn::Base64": cfn_base64,
        "Fn::MemberListToMap": cfn_member_list_to_map,
        "Fn::ResourceFacade": run_time,
        "Fn::GetAZs": cfn_get_azs,
        "Ref": cfn_ref,
    }
    usable = spec.functions_for(version)
    return {name: implementation for name, implementation in table.items() if name in usable}
