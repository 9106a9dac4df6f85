"""repeat (Repeat 2015-04-30, RepeatWithMap 2016-10-14, RepeatWithNestedLoop 2017-09-01; facts §4 repeat)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from ...document import Mapping, Node, QuickFix, Scalar, Sequence
from ..values.evaluated import Symbol, weight
from ..values.problems import HeatError, Stop, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, is_null, is_str, quote_advice

W4012 = "W4012"
_EXAMPLE = "{for_each: {placeholder: list}, template: ...}"


def must_be_map(name: str) -> str:
    return f'Arguments to "{name}" must be a map'


def syntax(name: str) -> str:
    example = "repeat:\n              template: This is %var%\n              for_each:\n                %var%: ['a', 'b', 'c']"
    return f'"{name}" syntax should be {example}'


def permutations_not_boolean(name: str) -> str:
    return f'"permutations" should be boolean type for {name} function.'


def for_each_not_map(name: str) -> str:
    return f'The "for_each" argument to "{name}" must contain a map'


def loop_values(name: str, maps_allowed: bool) -> str:
    return f'The values of the "for_each" argument to "{name}" must be {"lists or maps" if maps_allowed else "lists"}'


def unequal_lengths(name: str) -> str:
    return f"For {name}, the length of for_each values should be equal if no nested loop."


# -- literal arguments ------------------------------------------------------------------------------


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = c.literal_map(call, f"a mapping {_EXAMPLE}", must_be_map(call.name))
    if args is None:
        return
    missing = [key for key in ("for_each", "template") if key not in args]
    if missing:
        c.bad(
            call,
            call.key,
            f"needs {' and '.join(f'`{k}`' for k in missing)}.",
            syntax(call.name),
            QuickFix(missing=missing),
            parse_time=True,
            quote=False,
        )
    nested = _check_permutations(c, call, args)
    for_each = args.get("for_each")
    if for_each is None or c.fn(for_each):
        return
    if not isinstance(for_each, Mapping):
        c.bad(
            call,
            for_each,
            f"for_each must be a mapping of placeholder to list, not {describe(for_each)}.",
            for_each_not_map(call.name),
            parse_time=True,
            phase="validate",  # Repeat.validate() checks it
        )
        return
    if c.parse_only:
        return
    if not for_each.pairs:
        c.bad(call, for_each, "for_each is empty, which makes Heat fail (not enough values to unpack).")
        return
    template = args.get("template")
    texts = template is not None and _has_text(c, template)
    lengths: list[int] = []
    computed = False
    for pair in for_each.entries():
        if not is_str(pair.key):
            c.bad(call, pair.key, f"a placeholder must be a string, not {describe(pair.key)}{quote_advice(pair.key)}.")
        value = pair.value
        if c.fn(value):
            computed = True
        elif not is_null(value):
            length = _check_loop(c, call, value, nested, texts)
            if length is not None:
                lengths.append(length)
    if not nested and not computed and len(set(lengths)) > 1:
        key = args.pair("for_each")
        c.bad(
            call,
            key.key if key is not None else for_each,
            f"with permutations: false every list must have the same length (here {sorted(set(lengths))}).",
            unequal_lengths(call.name),
        )


def _check_permutations(c: ArgumentChecker, call: CallSite, args: Mapping) -> bool:
    """Reports a misused `permutations`; returns whether Heat loops over every combination."""
    pair = args.pair("permutations")
    if pair is None:
        return True
    if "permutations" not in REPEAT.argument_keys(c.version):
        c.warn(
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
        permutations_not_boolean(call.name),
        parse_time=True,
    )
    return True


def _check_loop(c: ArgumentChecker, call: CallSite, value: Node, nested: bool, texts: bool) -> int | None:
    """Judges one for_each value; returns its length when it is a literal list."""
    maps_ok = nested and c.features["repeat_over_map"]
    if isinstance(value, Sequence):
        if texts:
            _check_loop_items(c, call, value.items)
        return len(value.items)
    if isinstance(value, Mapping) and maps_ok:
        if texts:
            _check_loop_items(c, call, [p.key for p in value.entries()])
        return None
    if isinstance(value, Mapping) and not nested:
        wanted = "lists (maps are refused with permutations: false)"
    elif isinstance(value, Mapping):
        wanted = "lists (maps need heat_template_version 2016-10-14)"
    else:
        wanted = "lists or maps" if maps_ok else "lists"
    data = c.raise_to("repeat_over_map") if isinstance(value, Mapping) and nested else None
    heat = loop_values(call.name, maps_ok and not isinstance(value, Mapping))
    c.bad(call, value, f"the values of for_each must be {wanted}, not {describe(value)}.", heat, data)
    return None


def _check_loop_items(c: ArgumentChecker, call: CallSite, items: Iterable[Node]) -> None:
    for item in items:
        if c.fn(item) or is_str(item):
            continue
        c.bad(
            call,
            item,
            f"for_each values replace text in the template, so they must be strings, not {describe(item)}"
            f"{quote_advice(item)} (Heat fails: replace() argument 2 must be str).",
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


# -- evaluation ---------------------------------------------------------------------------------------


def evaluate(ev: Evaluating, call: Call) -> Any:
    args = call.args
    assert isinstance(args, Mapping)  # check() ruled out anything else
    for_each_node, template_node = args.get("for_each"), args.get("template")
    assert for_each_node is not None and template_node is not None
    nested = True
    permutations = args.get("permutations")
    if ev.has("repeat_permutations") and isinstance(permutations, Scalar):
        nested = bool(permutations.value)
    maps_allowed = ev.has("repeat_over_map") and nested
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
        if not (isinstance(value, list) or (maps_allowed and isinstance(value, dict))):
            raise HeatError(loop_values(call.name, maps_allowed), "E8003", _value_node(for_each_node, placeholder))
        loops.append(list(value))
        lengths.append(len(value))
    if not nested and lengths and len(set(lengths)) != 1:
        raise HeatError(unequal_lengths(call.name), "E8001", for_each_node)
    template = ev.argument(template_node, call.key_path("template"), call.context)
    _unused_placeholders(ev, call, placeholders, template, for_each_node)
    count = min(lengths, default=0) if not nested else _product(len(loop) for loop in loops)
    size = 1 + count * weight(template, ev.limits.max_items)  # the list itself counts, as check_size counts
    if size > ev.limits.max_items:
        raise Stop(
            f"repeat would make {count:,} items ({size:,} values in all), over hot-lsp's bound of "
            f"{ev.limits.max_items:,}; it is not expanded here.",
            "W8009",
        )
    combinations = itertools.product(*loops) if nested else zip(*loops, strict=False)
    return [_substitute(placeholders, combination, template) for combination in combinations]


def _unused_placeholders(ev: Evaluating, call: Call, placeholders: list[Any], template: Any, node: Node) -> None:
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


def _value_node(for_each: Node, key: Any) -> Node | None:
    if isinstance(for_each, Mapping):
        return for_each.get(key)
    return None


def _product(lengths: Iterable[int]) -> int:
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


REPEAT = HeatFunction(
    "repeat",
    evaluate=evaluate,
    check=check,
    parse_checked=True,
    preview="repeat",
    notes=(
        ("repeat_over_map", "`repeat` can loop over the keys of a map"),
        ("repeat_permutations", "`repeat` takes `permutations`"),
    ),
)
