"""make_url (2017-09-01): a URL built from its parts, each escaped (MakeURL)."""

from __future__ import annotations

from typing import Any
from urllib import parse as urlparse

from ... import spec
from ...document import Mapping, Node, QuickFix, Scalar
from ..values.problems import HeatError
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, closest, describe, is_int_like, is_str, quote_advice
from .common import need


def must_be_map(name: str) -> str:
    return f'The arguments to "{name}" must be a map'


def invalid_arguments(name: str, keys: str) -> str:
    return f'Invalid arguments to "{name}": {keys}'


def query_must_be_map(name: str) -> str:
    return f'The "query" argument to "{name}" must be a map'


def part_must_be_string(name: str, key: str) -> str:
    return f'The "{key}" argument to "{name}" must be a string'


def port_out_of_range(port: int) -> str:
    return f"Invalid URL port {port}, must be in range 1-65535"


SCHEME_COLON = "URL \"scheme\" should not contain ':'"


def check(c: ArgumentChecker, call: CallSite) -> None:
    keys = spec.MAKE_URL_KEYS
    # MakeURL checks nothing while Heat parses it: its validate() makes every check.
    args = c.literal_map(call, f"a mapping with keys from {', '.join(keys)}", must_be_map(call.name), "validate")
    if args is None:
        return
    invalid = [pair for pair in args.entries() if pair.key_value not in keys]
    for pair in invalid:
        suggestions = closest(str(pair.key_value), keys)
        hint = f" Did you mean `{suggestions[0]}`?" if suggestions else ""
        c.bad(
            call,
            pair.key,
            f"{describe(pair.key)} is not a URL part; use {', '.join(keys)}.{hint}",
            invalid_arguments(call.name, ", ".join(str(p.key_value) for p in invalid)),
            QuickFix(suggestions=suggestions),
            parse_time=True,
            phase="validate",
        )
    if c.parse_only:
        return
    for pair in args.entries():
        key, value = pair.key_value, pair.value
        if key not in keys or c.fn(value):
            continue
        if key == "query":
            if not isinstance(value, Mapping):
                c.bad(
                    call,
                    value,
                    f"query must be a mapping, not {describe(value)}.",
                    query_must_be_map(call.name),
                    phase="validate",
                )
        elif key == "port":
            _check_port(c, call, value)
        elif not is_str(value):
            c.bad(
                call,
                value,
                f"{key} must be a string, not {describe(value)}{quote_advice(value)}.",
                part_must_be_string(call.name, key),
                phase="validate",
            )
        elif key == "scheme" and isinstance(value, Scalar) and ":" in value.value:
            c.bad(call, value, "the scheme is written without ':' (e.g. https).", SCHEME_COLON)


def _check_port(c: ArgumentChecker, call: CallSite, value: Node) -> None:
    port: int | None = None
    if is_int_like(value):
        assert isinstance(value, Scalar)
        port = int(value.value)
    if port is None:
        c.bad(call, value, f"the port must be an integer, not {describe(value)}.", "Invalid URL port", phase="validate")
    elif not 0 < port <= 65535:
        c.bad(call, value, f"the port must be within 1-65535, not {port}.", port_out_of_range(port), phase="validate")


def evaluate(ev: Evaluating, call: Call) -> Any:
    """MakeURL: scheme, username, password, host, port, path, query, fragment, each escaped."""
    args = need(ev.argument(call.args, call.path, call.context))
    _check_values(call.name, args)
    scheme = args.get("scheme", "")
    if ":" in scheme:
        raise HeatError(SCHEME_COLON, "E8000")
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


def _check_values(name: str, args: dict[str, Any]) -> None:
    for key in spec.MAKE_URL_KEYS:
        if key not in args:
            continue
        value = args[key]
        if key == "query":
            if not isinstance(value, dict):
                raise HeatError(query_must_be_map(name), "E8000")
            return  # Heat stops checking at the query (the fragment goes unchecked)
        if key == "port":
            port = value
            if not isinstance(port, int):
                try:
                    port = int(port)
                except (ValueError, TypeError):
                    raise HeatError(f'Invalid URL port "{value}" for {name} called with {args}', "E8000") from None
            if not 0 < port <= 65535:
                raise HeatError(port_out_of_range(port), "E8000")
        elif not isinstance(value, str):
            raise HeatError(part_must_be_string(name, key), "E8000")


MAKE_URL = HeatFunction("make_url", evaluate=evaluate, check=check, parse_checked=True)
