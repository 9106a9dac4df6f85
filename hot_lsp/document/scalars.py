"""Scalar typing the way Heat's template loader does it.

Heat loads YAML with PyYAML's safe loader, i.e. YAML 1.1 implicit typing,
except that timestamps stay strings (Heat overrides that constructor). So
``yes``/``off`` are booleans, ``0644`` is octal, ``1_000`` is 1000, ``1e3``
is a *string* (YAML 1.1 floats need a dot), and ``2016-10-14`` stays a string.
Only plain (unquoted, untagged) scalars are typed implicitly.
"""

from __future__ import annotations

import base64
import re
from typing import Any

_BOOL_TRUE = frozenset(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"))
_BOOL_FALSE = frozenset(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"))
_NULL = frozenset(("", "~", "null", "Null", "NULL"))

_INT = re.compile(
    r"""[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+""",
    re.X,
)
_FLOAT = re.compile(
    r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9_]+(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)""",
    re.X,
)
# Characters a plain scalar must start with to be anything but a string.
_NUMERIC_START = frozenset("0123456789-+.")


def type_plain(text: str) -> tuple[Any, str]:
    """(value, tag) of a plain scalar under YAML 1.1 rules as Heat applies them."""
    if not text or text[0] in "~nN" and text in _NULL:
        return None, "null"
    first = text[0]
    if first in _NUMERIC_START:
        if _INT.fullmatch(text):
            return construct_int(text), "int"
        if _FLOAT.fullmatch(text):
            return construct_float(text), "float"
        return text, "str"
    if text in _BOOL_TRUE:
        return True, "bool"
    if text in _BOOL_FALSE:
        return False, "bool"
    if text == "=":
        return text, "value"
    return text, "str"


def construct_int(text: str) -> int:
    value = text.replace("_", "")
    sign = 1
    if value[0] == "-":
        sign = -1
    if value[0] in "+-":
        value = value[1:]
    if value == "0":
        return 0
    if value.startswith("0b"):
        return sign * int(value[2:], 2)
    if value.startswith("0x"):
        return sign * int(value[2:], 16)
    if value[0] == "0":
        return sign * int(value, 8)
    if ":" in value:
        return sign * _sexagesimal(value)
    return sign * int(value)


def construct_float(text: str) -> float:
    value = text.replace("_", "").lower()
    sign = 1.0
    if value[0] == "-":
        sign = -1.0
    if value[0] in "+-":
        value = value[1:]
    if value == ".inf":
        return sign * float("inf")
    if value == ".nan":
        return float("nan")
    if ":" in value:
        return sign * float(_sexagesimal(value))
    return sign * float(value)


def _sexagesimal(value: str) -> Any:
    total: Any = 0
    base = 1
    parts = value.split(":")
    for part in reversed(parts):
        total += (float(part) if "." in part else int(part)) * base
        base *= 60
    return total


# Explicit tags Heat's safe loader can construct; anything else is an error there.
_TAG_PREFIX = "tag:yaml.org,2002:"
SAFE_SCALAR_TAGS = frozenset(("str", "int", "float", "bool", "null", "binary", "timestamp", "value", "merge"))
SAFE_COLLECTION_TAGS = frozenset(("map", "seq", "set", "omap", "pairs"))


def short_tag(tag: str | None) -> str | None:
    if tag is None:
        return None
    if tag.startswith(_TAG_PREFIX):
        return tag[len(_TAG_PREFIX) :]
    if tag.startswith("!!"):
        return tag[2:]
    return tag


def type_tagged(text: str, tag: str) -> tuple[Any, str]:
    """(value, tag) of a scalar with an explicit safe tag; ValueError when it cannot be built."""
    if tag in ("str", "timestamp"):
        return text, "str"
    if tag == "null":
        return None, "null"
    if tag == "bool":
        if text in _BOOL_TRUE:
            return True, "bool"
        if text in _BOOL_FALSE:
            return False, "bool"
        raise ValueError(f"cannot read {text!r} as a boolean")
    if tag == "int":
        return construct_int(text), "int"
    if tag == "float":
        return construct_float(text), "float"
    if tag == "binary":
        return base64.decodebytes(text.encode("ascii")), "binary"
    return text, tag
