"""How hover previews write evaluated values: inline, as bounded YAML blocks, and the parameter values read.

Everything shown is bounded (items, lines, characters), so a preview of a huge value costs as little as a
small one.
"""

from __future__ import annotations

import io
import json
import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML

from ..analysis.values.evaluated import OMIT, Symbol
from ..analysis.values.problems import Read
from ..document import Node

MAX_ITEMS = 30  # repeat items shown
MAX_LINES = 60  # lines of one YAML block
MAX_INLINE = 80  # characters of a value shown inline
MAX_LIST_LINES = 12  # operand and input lines
PRUNE_NODES = 600  # values dumped at most in one block
PRUNE_TEXT = 1_000  # characters of one string in a block
UNKNOWN = "unknown until deployment"


# -- parameter reads ------------------------------------------------------------------------------


def unique_reads(reads: Iterable[Read]) -> list[Read]:
    unique: dict[tuple[str, str], Read] = {}
    for read in reads:
        unique.setdefault((read.name, read.source), read)
    return list(unique.values())


def reads_lines(reads: Iterable[Read]) -> list[str]:
    found = unique_reads(reads)
    lines: list[str] = []
    for index, read in enumerate(found):
        if index >= MAX_LIST_LINES:
            lines.append(f"- … and {len(found) - index} more")
            break
        if isinstance(read.value, Symbol):
            lines.append(f"- `{read.name}`: {source_phrase(read.source)}")
        else:
            lines.append(f"- `{read.name}` = {inline_code(compact_text(read.value))}: {source_phrase(read.source)}")
    return lines


def source_text(source: str) -> str:
    """A parameter value's source in words (shared with inlay hints)."""
    return source_phrase(source)


def compact_value(value: Any, limit: int) -> str:
    """A value in compact JSON, pruned and cut to ``limit`` characters (shared with inlay hints)."""
    return compact_text(value, limit)


def source_phrase(source: str) -> str:
    if source == "default":
        return "its default"
    if source == "no value":
        return f"no default and no value given: {UNKNOWN}"
    if source == "pseudo":
        return f"a pseudo parameter: {UNKNOWN}"
    return f"from {source}"


# -- showing values -------------------------------------------------------------------------------


def shown_value(value: Any) -> str:
    """A value inline when short, as a YAML block otherwise."""
    if value is OMIT:
        return "none: the entry is removed"
    if isinstance(value, Symbol):
        return f"{inline_code(flow_text(value))} ({UNKNOWN})"
    if isinstance(value, str) and "\n" in value:
        return text_block(value)
    compact = compact_text(value, limit=10 * MAX_INLINE)
    if len(compact) <= MAX_INLINE:
        return inline_code(compact)
    return yaml_block(value)


def counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def compact_text(value: Any, limit: int = MAX_INLINE) -> str:
    """Compact JSON of a (pruned) value, cut to ``limit`` characters."""
    pruned = prune(value, Budget(max(50, limit // 2)))
    try:
        text = json.dumps(pruned, ensure_ascii=False, default=str, separators=(", ", ": "))
    except (TypeError, ValueError):
        text = repr(pruned)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_SIMPLE = re.compile(r"^[A-Za-z0-9_./%$@-][A-Za-z0-9_./%$@ :-]*$")


def flow_text(value: Any, limit: int = MAX_INLINE) -> str:
    """A value in YAML flow style, as people write calls: ``{get_attr: [server, networks]}``."""
    out: list[str] = []
    flow_into(prune(value, Budget(100)), out)
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def flow_into(value: Any, out: list[str]) -> None:
    if isinstance(value, dict):
        out.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                out.append(", ")
            flow_into(key, out)
            out.append(": ")
            flow_into(item, out)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(", ")
            flow_into(item, out)
        out.append("]")
    elif isinstance(value, str) and _SIMPLE.match(value) and value not in ("true", "false", "null", "yes", "no"):
        out.append(value if ": " not in value else json.dumps(value, ensure_ascii=False))
    else:
        out.append(json.dumps(value, ensure_ascii=False, default=str))


@dataclass(slots=True)
class Budget:
    left: int


def prune(value: Any, budget: Budget, depth: int = 0) -> Any:
    """A JSON-able copy of ``value`` with at most ``budget`` nodes; what is cut shows as '…'."""
    budget.left -= 1
    if isinstance(value, Node):  # a failed call keeps its arguments as written
        return prune(value.to_python(), budget, depth) if value.weight <= 2_000 else "…"
    if isinstance(value, Symbol):
        return {value.name: prune(value.args, budget, depth + 1)}
    if value is OMIT:
        return None
    if isinstance(value, str):
        return value if len(value) <= PRUNE_TEXT else value[:PRUNE_TEXT] + "…"
    if isinstance(value, (list, tuple, dict)) and (budget.left <= 0 or depth > 12):
        return "…"
    if isinstance(value, (list, tuple)):
        items: list[Any] = []
        for index, item in enumerate(value):
            if budget.left <= 0:
                items.append(f"… and {len(value) - index} more")
                break
            items.append(prune(item, budget, depth + 1))
        return items
    if isinstance(value, dict):
        mapping: dict[Any, Any] = {}
        for index, (key, item) in enumerate(value.items()):
            if budget.left <= 0:
                mapping["…"] = f"and {len(value) - index} more"
                break
            mapping[key if isinstance(key, (str, int, float, bool)) or key is None else str(key)] = prune(
                item, budget, depth + 1
            )
        return mapping
    if isinstance(value, (bytes, bytearray)):
        return value.decode("latin-1")
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return str(value)


def dump_lines(value: Any) -> list[str]:
    # The C emitter: about three times as fast as the pure-Python one; keys stay in their order.
    yaml = YAML(typ="safe", pure=False)
    yaml.default_flow_style = False
    yaml.width = 100
    yaml.allow_unicode = True
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    stream = io.StringIO()
    yaml.dump(value, stream)
    lines = textwrap.dedent(stream.getvalue()).rstrip("\n").split("\n")
    if lines and lines[-1] == "...":
        lines.pop()
    return lines


def fenced(lines: list[str], language: str = "yaml") -> str:
    body = "\n".join(lines)
    fence = "````" if "```" in body else "```"
    return f"{fence}{language}\n{body}\n{fence}"


def yaml_block(value: Any) -> str:
    lines = dump_lines(prune(value, Budget(PRUNE_NODES)))
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], "# …"]
    return fenced(lines)


def text_block(text: str) -> str:
    lines = text[: PRUNE_TEXT * 10].split("\n")
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], "…"]
    return fenced(lines, "text")


def items_block(items: list[Any]) -> str:
    """The first items of a list as YAML, at most MAX_ITEMS items and MAX_LINES lines."""
    budget = Budget(PRUNE_NODES)
    head = [prune(item, budget) for item in items[:MAX_ITEMS]]
    chunks: list[list[str]] = []
    for line in dump_lines(head):
        if line.startswith("-") or not chunks:
            chunks.append([line])
        else:
            chunks[-1].append(line)
    lines: list[str] = []
    shown = 0
    for chunk in chunks:
        room = MAX_LINES - len(lines)
        if len(chunk) > room:
            if shown == 0:
                lines.extend([*chunk[:room], "  # …"])
                shown = 1
            break
        lines.extend(chunk)
        shown += 1
    text = fenced(lines)
    more = len(items) - shown
    if more > 0:
        text += f"\n\n… and {counted(more, 'more item')}"
    return text


def inline_code(text: str) -> str:
    text = " ".join(text.split("\n"))
    if "`" not in text:
        return f"`{text}`"
    return f"`` {text} ``"
