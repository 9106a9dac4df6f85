"""str_replace, str_replace_strict and str_replace_vstrict (Replace, ReplaceJson, ReplaceJsonStrict,
ReplaceJsonVeryStrict; facts §4 str_replace). Fn::Replace shares the literal checks of its parts."""

from __future__ import annotations

from typing import Any

from ...document import Mapping, Node, QuickFix, Scalar
from ..values.evaluated import Symbol
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction, Implementation
from .checking import ArgumentChecker, describe, falsy, is_str, quote_advice
from .common import json_text, need

_EXAMPLE = "{template: 'Hello NAME', params: {NAME: world}}"
STRICT = frozenset({"str_replace_strict", "str_replace_vstrict"})


def must_be_map(name: str) -> str:
    return f'Arguments to "{name}" must be a map'


def syntax(name: str) -> str:
    example = (
        f"{name}:\n              template: This is var1 template var2\n              params:\n"
        "                var1: a\n                var2: string"
    )
    return f'"{name}" syntax should be {example}'


def params_must_be_mapping(name: str) -> str:
    return f'"{name}" parameters must be a mapping'


def template_must_be_string(name: str) -> str:
    return f'"{name}" template must be a string'


def placeholders_must_be_strings(name: str) -> str:
    return f'"{name}" param placeholders must be strings'


def value_not_valid(name: str, param: str) -> str:
    return f'"{name}" params must be strings or numbers, param {param} is not valid'


def value_empty(name: str, param: str) -> str:
    return f"{name} has an undefined or empty value for param {param}, must be a defined non-empty value"


def not_found(placeholders: list[str]) -> str:
    return f"The following params were not found in the template: {','.join(placeholders)}"


def replacement_order(keys: Any) -> list[Any]:
    """Heat's order of placeholders: longest first, then lexicographic."""
    return sorted(sorted(keys), key=len, reverse=True)


# -- literal arguments ------------------------------------------------------------------------------


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = c.literal_map(call, f"a mapping {_EXAMPLE}", must_be_map(call.name))
    if args is None:
        return
    params, template = args.get("params"), args.get("template")
    if params is None or template is None:
        missing = [key for key, node in (("template", template), ("params", params)) if node is None]
        c.bad(
            call,
            call.key,
            f"needs {' and '.join(f'`{k}`' for k in missing)}: {_EXAMPLE}.",
            syntax(call.name),
            QuickFix(missing=missing),
            parse_time=True,
            quote=False,
        )
    check_parts(c, call, params, template)


def check_parts(c: ArgumentChecker, call: CallSite, params: Node | None, template: Node | None) -> None:
    """The template string and the placeholder map, wherever the function takes them."""
    params_map = params is None or c.fn(params) or isinstance(params, Mapping)
    if not params_map:
        assert params is not None
        c.bad(
            call,
            params,
            f"params must be a mapping of placeholder to value, not {describe(params)}.",
            params_must_be_mapping(call.name),
            parse_time=call.name != "Fn::Replace",  # Heat's Replace checks while parsing; the CFN one later
            phase="parse",  # the CFN one in its constructor too
        )
    if c.parse_only:
        return
    if template is not None and not is_str(template) and not c.fn(template):
        c.bad(
            call,
            template,
            f"the template must be a string, not {describe(template)}.",
            template_must_be_string(call.name),
        )
    if not isinstance(params, Mapping) or c.fn(params):
        return
    keys_ok = True
    for pair in params.entries():
        if not _placeholder_ok(c, call, pair.key):
            keys_ok = False
        _replacement_ok(c, call, pair.key, pair.value)
    if call.name in STRICT and keys_ok and isinstance(template, Scalar) and isinstance(template.value, str):
        _unused_placeholders(c, call, params, template.value)


def _placeholder_ok(c: ArgumentChecker, call: CallSite, key: Node) -> bool:
    if type(key) is Scalar and type(key.value) is str and key.value:
        return True
    if not is_str(key):
        c.bad(
            call,
            key,
            f"a placeholder must be a string, not {describe(key)}{quote_advice(key)}.",
            placeholders_must_be_strings(call.name),
        )
        return False
    if key.value == "":
        c.bad(call, key, "an empty placeholder makes Heat fail (empty separator).")
        return False
    return True


def _replacement_ok(c: ArgumentChecker, call: CallSite, key: Node, value: Node) -> None:
    very_strict = call.name == "str_replace_vstrict"
    if type(value) is Scalar and type(value.value) is str and (value.value or not very_strict):
        return  # the common case
    if c.fn(value):
        return
    name = key.text if isinstance(key, Scalar) else "?"
    json_values = call.name != "Fn::Replace" and c.features["str_replace_json"]
    if isinstance(value, Mapping) or not isinstance(value, Scalar):
        if not json_values:
            data = c.raise_to("str_replace_json", value) if call.name == "str_replace" else None
            hint = " (maps and lists are JSON-encoded from heat_template_version 2015-10-15)" if data else ""
            c.bad(
                call,
                value,
                f"the value of {name!r} must be a string or a number, not {describe(value)}{hint}.",
                value_not_valid(call.name, name),
                data,
            )
        elif very_strict and falsy(value):
            _empty_value(c, call, value, name)
        return
    if very_strict and (value.value is None or value.value == ""):
        _empty_value(c, call, value, name)
    elif value.value is not None and not isinstance(value.value, str | int | float | bool):
        c.bad(call, value, f"the value of {name!r} must be a string or a number, not {describe(value)}.")


def _empty_value(c: ArgumentChecker, call: CallSite, value: Node, name: str) -> None:
    c.bad(
        call,
        value,
        f"the value of {name!r} is empty, which str_replace_vstrict refuses.",
        value_empty(call.name, name),
    )


def _unused_placeholders(c: ArgumentChecker, call: CallSite, params: Mapping, template: str) -> None:
    """Replay Heat's replacement (longest placeholder first, one pass) to find the ones never used."""
    pairs = {p.key.value: p for p in params.entries() if isinstance(p.key, Scalar)}
    pieces = [template]
    unused: list[str] = []
    for placeholder in replacement_order(pairs):
        split = [part.split(placeholder) for part in pieces]
        if all(len(parts) == 1 for parts in split):
            unused.append(placeholder)
        pieces = [part for parts in split for part in parts]
    if not unused:
        return
    for placeholder in unused:
        c.bad(
            call,
            pairs[placeholder].key,
            f"the placeholder {placeholder!r} does not occur in the template, which {call.name} refuses.",
            not_found(unused),
            QuickFix(fix="remove_key"),
        )


# -- evaluation ---------------------------------------------------------------------------------------


def _replacement(name: str, value: Any, param: str, json_encode: bool, allow_empty: bool) -> str:
    empty = HeatError(value_empty(name, param), "E8007")
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
        return json_text(value)
    if json_encode:
        raise HeatError(f'"{name}" params must be strings, numbers, list or map.', "E8000")
    raise HeatError(value_not_valid(name, param), "E8000")


def _evaluation(strict: bool, allow_empty: bool) -> Implementation:
    def evaluate(ev: Evaluating, call: Call) -> Any:
        json_encode = strict or ev.has("str_replace_json")
        args = call.args
        assert isinstance(args, Mapping)  # check() ruled out anything else
        template_node, params_node = args.get("template"), args.get("params")
        assert template_node is not None and params_node is not None
        template = ev.argument(template_node, call.key_path("template"), call.context)
        mapping = ev.argument(params_node, call.key_path("params"), call.context)
        need(template)
        if not isinstance(template, str):
            raise HeatError(template_must_be_string(call.name), "E8000")
        if isinstance(mapping, Symbol):
            raise Unknown
        if not isinstance(mapping, dict):
            raise HeatError(f'"{call.name}" params must be a map', "E8000")
        try:
            keys = replacement_order(mapping)  # a non-string key fails right here, as in Heat
        except TypeError as exc:
            raise HeatError(str(exc), "E8000") from None
        for key in keys:
            if not isinstance(key, str):
                raise HeatError(placeholders_must_be_strings(call.name), "E8000")
        values = {key: _replacement(call.name, need(mapping[key]), key, json_encode, allow_empty) for key in keys}
        unreplaced = set(keys)
        result = _replace([template], keys, values, unreplaced, ev)[0]
        if strict and unreplaced:
            raise HeatError(not_found(replacement_order(unreplaced)), "E8006")
        return result

    return evaluate


def _replace(
    strings: list[str], remaining: list[str], values: dict[str, str], unreplaced: set[str], ev: Evaluating
) -> list[str]:
    """Each string with every placeholder of ``remaining`` replaced, the first one first (Heat's order); the
    placeholders found are taken out of ``unreplaced``.

    A module function, not a closure calling itself: such a closure is a reference cycle, and it held the evaluator
    (and the whole analysis) until the garbage collector's next full pass."""
    if not remaining:
        return strings
    placeholder, rest = remaining[0], remaining[1:]
    out = []
    for text in strings:
        parts = text.split(placeholder)
        if len(parts) > 1:
            unreplaced.discard(placeholder)
        out.append(values[placeholder].join(_replace(parts, rest, values, unreplaced, ev)))
        ev.check_size(out[-1])
    return out


STR_REPLACE = HeatFunction(
    "str_replace",
    evaluate=_evaluation(strict=False, allow_empty=True),
    check=check,
    parse_checked=True,
    notes=(("str_replace_json", "`str_replace` JSON-encodes map and list values"),),
)
STR_REPLACE_STRICT = HeatFunction(
    "str_replace_strict", evaluate=_evaluation(strict=True, allow_empty=True), check=check, parse_checked=True
)
STR_REPLACE_VSTRICT = HeatFunction(
    "str_replace_vstrict", evaluate=_evaluation(strict=True, allow_empty=False), check=check, parse_checked=True
)
