"""Every request the server answers, built for a document at seeded random positions.

Positions are mostly real places in the text (any offset, or right after a spot where completion and hover
have something to say), sometimes past a line's end or past the last line: clients send those after edits
they have not synced yet, and LSP asks servers to clamp them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .text import position

# Places where features have most to do: after a function name, a type, a reference, a key.
_INTERESTING = re.compile(r"get_param:\s*|get_attr:\s*\[?\s*|get_resource:\s*|type:\s*|depends_on:\s*|condition:\s*|: ")


@dataclass
class Context:
    """What one request may build on: the document, and what earlier answers handed out."""

    uri: str
    text: str
    encoding: str
    diagnostics: list[dict[str, Any]] = field(default_factory=list)  # the newest published or pulled
    completion_items: list[dict[str, Any]] = field(default_factory=list)  # from the last completion answer


def random_position(rng: random.Random, text: str, encoding: str) -> dict[str, int]:
    roll = rng.random()
    if roll < 0.15:
        places = [m.end() for m in _INTERESTING.finditer(text, 0, min(len(text), 200_000))]
        if places:
            return position(text, rng.choice(places), encoding)
    if roll > 0.95:  # far outside the text
        return {"line": rng.choice([10**6, 2**31 - 1, text.count("\n") + 1]), "character": rng.randrange(0, 10**4)}
    point = position(text, rng.randrange(len(text) + 1), encoding)
    if roll > 0.88:  # past the end of its line
        point["character"] += rng.randrange(1, 500)
    return point


def random_range(rng: random.Random, text: str, encoding: str) -> dict[str, dict[str, int]]:
    first, second = random_position(rng, text, encoding), random_position(rng, text, encoding)
    start, end = sorted((first, second), key=lambda p: (p["line"], p["character"]))
    return {"start": start, "end": end}


def _document(context: Context) -> dict[str, str]:
    return {"uri": context.uri}


def completion(rng: random.Random, context: Context) -> dict[str, Any]:
    params: dict[str, Any] = {
        "textDocument": _document(context),
        "position": random_position(rng, context.text, context.encoding),
    }
    if rng.random() < 0.5:
        character = rng.choice([":", " ", "[", "{", ",", "-", "."])
        params["context"] = {"triggerKind": 2, "triggerCharacter": character}
    else:
        params["context"] = {"triggerKind": 1}
    return params


def completion_resolve(rng: random.Random, context: Context) -> dict[str, Any]:
    if context.completion_items:
        return rng.choice(context.completion_items)
    return {"label": "get_param", "data": rng.choice([None, {"kind": "nonsense"}, [1, 2], "x"])}


def positional(rng: random.Random, context: Context) -> dict[str, Any]:
    return {"textDocument": _document(context), "position": random_position(rng, context.text, context.encoding)}


def references(rng: random.Random, context: Context) -> dict[str, Any]:
    return {**positional(rng, context), "context": {"includeDeclaration": rng.random() < 0.5}}


def rename(rng: random.Random, context: Context) -> dict[str, Any]:
    name = rng.choice(["renamed", "x", "", "with space", "a:b", "új_név", "get_param"])
    return {**positional(rng, context), "newName": name}


def code_action(rng: random.Random, context: Context) -> dict[str, Any]:
    diagnostics = context.diagnostics
    chosen = rng.sample(diagnostics, min(len(diagnostics), rng.randrange(0, 4))) if diagnostics else []
    if chosen and rng.random() < 0.7:
        target = rng.choice(chosen)["range"]
    else:
        target = random_range(rng, context.text, context.encoding)
    if rng.random() < 0.3:  # a client that dropped the data
        chosen = [{key: value for key, value in d.items() if key != "data"} for d in chosen]
    return {"textDocument": _document(context), "range": target, "context": {"diagnostics": chosen}}


def whole_document(rng: random.Random, context: Context) -> dict[str, Any]:
    return {"textDocument": _document(context)}


def ranged(rng: random.Random, context: Context) -> dict[str, Any]:
    return {"textDocument": _document(context), "range": random_range(rng, context.text, context.encoding)}


def resource_list(rng: random.Random, context: Context) -> dict[str, Any]:
    params: dict[str, Any] = {"textDocument": _document(context)}
    depth = rng.choice([None, 0, 1, 2, "MAX", 99])
    if depth is not None:
        params["nestedDepth"] = depth
    return params


def workspace_symbol(rng: random.Random, context: Context) -> dict[str, Any]:
    return {"query": rng.choice(["", "server", "a", "get", "ž", "*"])}


Builder = Callable[[random.Random, Context], Any]

# method -> (builder, weight). Weights follow what editors send: completion and hover most, on every pause.
REQUESTS: dict[str, tuple[Builder, int]] = {
    "textDocument/completion": (completion, 6),
    "completionItem/resolve": (completion_resolve, 2),
    "textDocument/hover": (positional, 6),
    "textDocument/definition": (positional, 3),
    "textDocument/references": (references, 2),
    "textDocument/prepareRename": (positional, 2),
    "textDocument/rename": (rename, 2),
    "textDocument/documentSymbol": (whole_document, 2),
    "textDocument/codeAction": (code_action, 3),
    "textDocument/semanticTokens/full": (whole_document, 2),
    "textDocument/semanticTokens/range": (ranged, 1),
    "textDocument/foldingRange": (whole_document, 1),
    "textDocument/documentLink": (whole_document, 1),
    "textDocument/inlayHint": (ranged, 1),
    "hot/resourceList": (resource_list, 2),
    "workspace/symbol": (workspace_symbol, 1),
}
PULL_DIAGNOSTICS = "textDocument/diagnostic"


def choose(rng: random.Random, *, pull: bool) -> str:
    """A method, weighted; pull clients also ask textDocument/diagnostic."""
    methods = list(REQUESTS)
    weights = [REQUESTS[method][1] for method in methods]
    if pull:
        methods.append(PULL_DIAGNOSTICS)
        weights.append(3)
    return rng.choices(methods, weights)[0]


def build(method: str, rng: random.Random, context: Context) -> Any:
    if method == PULL_DIAGNOSTICS:
        return {"textDocument": _document(context)}
    builder, _ = REQUESTS[method]
    return builder(rng, context)
