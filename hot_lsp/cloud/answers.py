"""The one place a cloud's answer is read: its status, its body and its shape, per kind of request.

An answer is Heat's only when it has the shape Heat 27 gives (measured against the real one, tools/local_heat.py):
anything else (an empty body, HTML, JSON cut short, JSON of another shape, a redirect left over, an error status
without Heat's error document) is :class:`NotHeat`, never taken for acceptance. Callers get the checked JSON
object and read it without defaults for what the check guarantees.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from .errors import CloudError, Forbidden, HeatRefused, NotHeat, first_line


@dataclass(frozen=True, slots=True)
class Asked:
    """A kind of request: its name in messages, and the fields (dotted path, JSON type) Heat's answer always has."""

    words: str
    fields: tuple[tuple[str, type], ...]


# Description is the template's own, any JSON (Heat never type-checks it: a list comes back as a list).
VALIDATE = Asked("template-validate", (("Description", object), ("Parameters", dict)))
CREATE_PREVIEW = Asked("the stack preview", (("stack", dict), ("stack.resources", list)))
UPDATE_CHANGES = ("added", "deleted", "replaced", "updated", "unchanged")
UPDATE_PREVIEW = Asked(
    "the stack update preview",
    (("resource_changes", dict), *((f"resource_changes.{kind}", list) for kind in UPDATE_CHANGES)),
)
STACK = Asked("the stack lookup", (("stack", dict), ("stack.stack_name", str), ("stack.id", str)))
RESOURCES = Asked("the stack's resource listing", (("resources", list),))
RESOURCE_TYPES = Asked("the resource type listing", (("resource_types", list),))
TYPE_SCHEMA = Asked("a resource type schema request", (("properties", dict), ("attributes", dict)))
# A deployed stack's inputs: objects whose keys are the user's own (any template, environment, files).
STACK_TEMPLATE = Asked("the stack's template", ())
STACK_ENVIRONMENT = Asked("the stack's environment", ())
STACK_FILES = Asked("the stack's files", ())
EVENTS = Asked("the stack's event listing", (("events", list),))
SOFTWARE_DEPLOYMENT = Asked("the software deployment lookup", (("software_deployment", dict),))
BUILD_INFO = Asked("the build_info request", (("api", dict), ("engine", dict)))

_JSON_KINDS = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}


def read_answer(cloud: str, where: str, asked: Asked, status: int, content: bytes, headers: Mapping[str, str]) -> Any:
    """The JSON object of a 2xx answer that has ``asked``'s shape; else the CloudError saying what came instead."""
    if 200 <= status < 300:
        problem, found = _json_body(status, content, headers)
        if not problem:
            problem = shape_problem(asked, found)
        if problem:
            raise NotHeat(cloud, where, asked.words, problem)
        return found
    if 300 <= status < 400:
        # Redirects are followed before this (connection.py); one left over has no usable Location.
        raise NotHeat(cloud, where, asked.words, f"{_status(status)} without a location to follow")
    if status == 401:
        raise CloudError(f"cloud '{cloud}' refused the credentials (HTTP 401)")
    document = _heat_error_document(content)
    if status == 403:
        said = f": {first_line(document[1])}" if document else ""
        raise Forbidden(f"cloud '{cloud}' forbids this request (HTTP 403){said}")
    if document is not None:
        raise HeatRefused(cloud, status, document[0], document[1])
    if status >= 500:
        # Heat failed without its error document (a crashed worker's trace, a proxy's page): the status only.
        raise HeatRefused(
            cloud, status, "", "", text=f"cloud '{cloud}': Heat at {where} answered {_status(status)} to {asked.words}"
        )
    raise NotHeat(cloud, where, asked.words, f"{_status(status)} without Heat's error document")


def shape_problem(asked: Asked, found: Any) -> str:
    """What differs between ``found`` and the shape Heat gives for ``asked``, in words ("" when nothing)."""
    if not isinstance(found, dict):
        return f"a JSON {_kind(found).split(' ', 1)[-1]} where Heat answers an object"
    for path, kind in asked.fields:
        value: Any = found
        for key in path.split("."):
            value = value.get(key, _MISSING) if isinstance(value, dict) else _MISSING
        if value is _MISSING:
            return "a JSON object without {}".format(".".join(f'"{key}"' for key in path.split(".")))
        if not isinstance(value, kind):
            return f'a JSON object whose "{path}" is {_kind(value)}, not {_JSON_KINDS[kind]}'
    return ""


_MISSING = object()


def _json_body(status: int, content: bytes, headers: Mapping[str, str]) -> tuple[str, Any]:
    """("", the parsed JSON), or (what the body is instead, None)."""
    text = content.decode("utf-8", errors="replace").strip()
    if not text:
        return f"an empty answer ({_code(status)})", None
    kind = str(headers.get("Content-Type") or headers.get("content-type") or "").lower()
    if "html" in kind or text.startswith("<"):
        return f"an HTML page ({_code(status)})", None
    try:
        return "", json.loads(text)
    except ValueError:
        if not text.startswith(("{", "[")):
            return f"text that is not JSON ({_code(status)})", None
        return f"{'JSON cut short' if _unclosed(text) else 'JSON that does not parse'} ({_code(status)})", None


def _unclosed(text: str) -> bool:
    """Whether JSON text ends inside a string or an open object or list: an answer cut short (a dropped
    connection, a wrong Content-Length) rather than one written wrong."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    return in_string or depth > 0


def _heat_error_document(content: bytes) -> tuple[str, str] | None:
    """(type, message) of Heat's error document (``{"error": {"type", "message"}, "title", "explanation"}``)."""
    try:
        document = json.loads(content.decode("utf-8", errors="replace"))
    except ValueError:
        return None
    error = document.get("error") if isinstance(document, dict) else None
    if not isinstance(error, dict) or not isinstance(error.get("message"), str):
        return None
    return str(error.get("type") or ""), str(error["message"])


def _code(status: int) -> str:
    return f"HTTP {status}"


def _status(status: int) -> str:
    try:
        return f"HTTP {status} ({HTTPStatus(status).phrase})"
    except ValueError:
        return f"HTTP {status}"


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return _JSON_KINDS.get(type(value), "a value")
