"""What a tool is and what it answers, apart from the SDK that serves it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Arguments = Mapping[str, Any]


class ToolFailure(Exception):
    """The call cannot be answered (a missing file, a bad value): the one line the assistant is told."""


@dataclass(frozen=True)
class Answer:
    """A tool's answer: ``data`` the structured JSON object, ``summary`` one short line for people, ``text`` what the
    command line prints for the same question (its JSON, or a graph's DOT), when there is one."""

    summary: str
    data: dict[str, Any]
    text: str | None = None


@dataclass(frozen=True)
class Tool:
    """One MCP tool: ``schema`` is its JSON Schema input (an object), ``run`` answers a call's checked arguments."""

    name: str
    title: str
    description: str
    schema: dict[str, Any]
    run: Callable[[Arguments], Answer]
    live: bool = False  # asks the user's cloud (read only)
    open_world: bool = field(default=False)  # reaches beyond the given files (a cloud)


def obj(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An input schema: an object with these properties, no others."""
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


def string(description: str, **more: Any) -> dict[str, Any]:
    return {"type": "string", "description": description, **more}


def strings(description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "description": description}


def one_line(text: str) -> str:
    """Lines printed on stderr as one line (a failure's message)."""
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


def as_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise ToolFailure(f"{what} printed no JSON") from None
