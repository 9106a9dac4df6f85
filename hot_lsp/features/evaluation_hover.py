"""Hover previews of evaluated values: what a ``repeat``, an ``if``, a condition or a call becomes.

:func:`evaluation_preview` picks the preview for the node under the cursor:

- the ``repeat`` key, or anywhere in its ``for_each``/``template`` (the innermost ``repeat``; another
  call in between has its own preview): the items, the loop variables and where their values came from;
- the ``if`` key or its condition argument: the condition's value and why, and the branch taken;
- a condition's key in ``conditions``, or a reference to a condition: its value, each operand's value
  and the parameter values it read;
- the key of any other call: its value.

Values come from the snapshot's shared evaluation (``evaluation_context``); everything shown is
bounded (items, lines, characters), so a preview of a huge value costs as little as a small one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .. import spec
from ..analysis import functions as heat_functions
from ..analysis.evaluation.evaluator import Context, Evaluator
from ..analysis.model.template import FunctionCall
from ..analysis.queries.locate import NodeAtOffset, NodeRoles, node_roles
from ..analysis.result import Analysis
from ..analysis.values.evaluated import OMIT, Symbol
from ..analysis.values.problems import HeatError, Read
from ..document import Mapping, Node, Pair, Scalar, Sequence
from .evaluation_context import evaluated_analysis, evaluation_for
from .preview_text import (
    MAX_LIST_LINES,
    UNKNOWN,
    compact_text,
    counted,
    flow_text,
    inline_code,
    items_block,
    reads_lines,
    shown_value,
    source_phrase,
    unique_reads,
)
from .snapshot import Snapshot

log = logging.getLogger(__name__)


def evaluation_preview(snapshot: Snapshot, hit: NodeAtOffset) -> str | None:
    """The markdown preview for ``hit``, or None when none applies. Never raises."""
    try:
        base = evaluated_analysis(snapshot)
        if base is None:
            return None
        render = _target(snapshot, hit, base)
        if render is None:
            return None  # decided before any evaluation: most hovers cost nothing more
        found = evaluation_for(snapshot)
        if found is None or found.analysis is not base:
            return None
        return render(found.evaluator)
    except Exception:  # a preview must never cost the hover itself
        log.exception("evaluation preview failed at %s", hit.path)
        return None


# -- what is under the cursor --------------------------------------------------------------------


@dataclass(slots=True)
class _Step:
    part: str | int
    pair: Pair | None  # the mapping entry the path goes through (None in a sequence)


Render = Callable[[Evaluator], str | None]


def _target(snapshot: Snapshot, hit: NodeAtOffset, base: Analysis) -> Render | None:
    """What to preview for ``hit``, found in ``base`` (the current analysis, or the last that parsed)."""
    found_roles = node_roles(base)
    if base.model is None or found_roles is None:
        return None
    same = base is snapshot.analysis
    walked = _walk(base.parsed.root, hit.path, hit.node.start if same else None)
    if walked is None:
        return None
    steps, end = walked
    node = hit.node if same else (steps[-1].pair.key if hit.is_key and steps and steps[-1].pair else end)
    path = hit.path
    calls = [
        (i, found_roles.calls[id(s.pair.key)])
        for i, s in enumerate(steps)
        if s.pair and id(s.pair.key) in found_roles.calls
    ]

    if hit.is_key:
        if calls and calls[-1][0] == len(path) - 1:
            index, call = calls[-1]
            return partial(_call_preview, call=call, where=_dotted(path[:index]), found_roles=found_roles)
    else:
        reference = found_roles.references.get(id(node))
        if reference is not None and reference.kind == "condition":
            if reference.via == "if" and reference.call is not None:
                if_call, where = reference.call, _call_where(path, calls, reference.call)
                return partial(_if_preview, call=if_call, where=where, found_roles=found_roles)
            name = reference.name
            return partial(_condition_preview, name=name, found_roles=found_roles)
    if len(path) == 2 and path[0] == "conditions":  # a definition's key, or a bare value as definition
        name = str(path[1])
        return partial(_condition_preview, name=name, found_roles=found_roles)
    for index, call in reversed(calls):
        if index == len(path) - 1 and hit.is_key:
            continue
        below = path[index + 1 :]
        where = _dotted(path[:index])
        preview = call.function.preview
        if preview == "repeat":
            # Any key repeat ever takes (Heat ignores `permutations` before 2017-09-01, the preview shows that).
            if below and below[0] in call.function.argument_keys(spec.LATEST):
                return partial(_repeat_preview, call=call, where=where)
            return None
        if preview == "if":
            return partial(_if_preview, call=call, where=where, found_roles=found_roles) if below[:1] == (0,) else None
        if preview == "condition":
            continue  # inside a condition: the enclosing if or condition explains it
        return None
    return None


def _walk(root: Node | None, path: tuple[Any, ...], offset: int | None) -> tuple[list[_Step], Node] | None:
    """The entries a path goes through from the root, and the node it ends at."""
    node = root
    steps: list[_Step] = []
    for part in path:
        if isinstance(node, Mapping):
            pair = _pair(node, part, offset)
            if pair is None:
                return None
            steps.append(_Step(part, pair))
            node = pair.value
        elif isinstance(node, Sequence) and isinstance(part, int) and 0 <= part < len(node.items):
            steps.append(_Step(part, None))
            node = node.items[part]
        else:
            return None
    return (steps, node) if node is not None else None


def _pair(mapping: Mapping, part: Any, offset: int | None) -> Pair | None:
    """The entry of ``mapping`` named ``part`` (as hit_at names keys), the one holding ``offset`` if given."""

    def holds(pair: Pair) -> bool:
        return offset is None or pair.key.start <= offset <= max(pair.key.end, pair.value.end)

    effective = mapping.pair(part)
    if effective is not None and holds(effective):
        return effective
    # A duplicate key, or a key that is no string (hit paths name keys by their text): look at each.
    candidates = [p for p in mapping.pairs if isinstance(p.key, Scalar) and str(p.key.value) == str(part)]
    for pair in candidates:
        if holds(pair):
            return pair
    return effective or (candidates[-1] if candidates else None)


def _call_where(path: tuple[Any, ...], calls: list[tuple[int, FunctionCall]], call: FunctionCall) -> str:
    for index, found in calls:
        if found is call:
            return _dotted(path[:index])
    return call.where.dotted()


def _dotted(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


# -- previews -------------------------------------------------------------------------------------


def _call_preview(ev: Evaluator, call: FunctionCall, where: str, found_roles: NodeRoles) -> str | None:
    preview = call.function.preview
    if preview == "repeat":
        return _repeat_preview(ev, call, where)
    if preview == "if":
        return _if_preview(ev, call, where, found_roles)
    if preview == "condition":
        explained = _explain_node(ev, call.node, where, found_roles)
        return _condition_text(f"**{call.name}**", explained)
    return _value_preview(ev, call, where)


def _unread_file(ev: Evaluator, path: str) -> str:
    """Why ``get_file`` of ``path`` has no content here (outside the workspace, a URL, missing...)."""
    if ev.files is None:
        return "the document is not a saved file, so there is no folder to read it from"
    return ev.files.read(path).reason or f"{inline_code(path)} could not be read"


def _value_preview(ev: Evaluator, call: FunctionCall, where: str) -> str:
    value, error = _evaluate(ev, call.node, where, call.context)
    head = f"**Value** of `{call.name}`"
    parts: list[str] = []
    if error is not None:
        parts.append(f"{head}: Heat fails here: {error}")
    elif value is OMIT:
        parts.append(f"{head}: none: the entry is removed (a two-argument `if` whose condition is false)")
    elif isinstance(value, Symbol) and value.failed:
        parts.append(f"{head}: Heat fails here: {_failure(ev, call.node)}")
    elif isinstance(value, Symbol):
        if value.name == "get_param" and isinstance(value.args, str):
            parts.append(f"{head}: {UNKNOWN}: the parameter `{value.args}` has no value offline")
        elif value.name == "get_file" and isinstance(value.args, str):
            parts.append(f"{head}: not read: {_unread_file(ev, value.args)}")
        else:
            parts.append(f"{head}: {UNKNOWN}: {inline_code(flow_text(value))}")
    else:
        parts.append(f"{head}: " + shown_value(value))
    reads = reads_lines(ev.reads_of(call.node, call.context))
    if reads:
        parts.append("Parameters read:\n" + "\n".join(reads))
    return "\n\n".join(parts)


def _repeat_preview(ev: Evaluator, call: FunctionCall, where: str) -> str:
    value, error = _evaluate(ev, call.node, where, call.context)
    loops = _loops(ev, call, where)
    parts: list[str] = []
    if error is not None:
        parts.append(f"**repeat**: Heat fails here: {error}")
    elif isinstance(value, Symbol) and value.failed:
        parts.append(_repeat_failure(ev, call.node))
    elif isinstance(value, Symbol) and loops is not None and loops.failures:
        parts.append(f"**repeat**: Heat fails here: {'; '.join(loops.failures[:3])}")
    elif isinstance(value, Symbol):
        why = loops.symbolic if loops is not None and loops.symbolic else "its values exist only in a running stack"
        parts.append(f"**repeat**: {UNKNOWN}: {why}.")
    elif isinstance(value, list):
        parts.append(f"**repeat** → {counted(len(value), 'item')}")
        if value:
            parts.append(items_block(value))
    else:
        parts.append("**repeat** → " + shown_value(value))
    if loops is not None and loops.lines:
        parts.append(loops.head + "\n\n" + "\n".join(loops.lines))
    return "\n\n".join(parts)


def _repeat_failure(ev: Evaluator, node: Node) -> str:
    problems = _problems_in(ev, node)
    bound = [p.message for p in problems if p.code == "W8009"]
    if bound:
        return f"**repeat**: not expanded: {bound[0]}"
    return f"**repeat**: Heat fails here: {_failure(ev, node)}"


@dataclass(slots=True)
class _Loops:
    head: str = ""
    lines: list[str] = field(default_factory=list)
    symbolic: str = ""  # why the items are known only at run time
    failures: list[str] = field(default_factory=list)  # Heat's messages for loop values that fail


def _loops(ev: Evaluator, call: FunctionCall, where: str) -> _Loops | None:
    """The loop variables of a repeat: each placeholder's values and their origin, and how they combine."""
    args = call.args
    if not isinstance(args, Mapping):
        return None
    for_each_node = args.get("for_each")
    if for_each_node is None:
        return None
    try:
        for_each = ev.argument(for_each_node, f"{where}.repeat.for_each", call.context)
    except HeatError:
        return None
    if isinstance(for_each, Symbol):
        if for_each.failed:
            return None
        return _Loops(symbolic=f"`for_each` is {inline_code(flow_text(for_each))}")
    if not isinstance(for_each, dict) or not for_each:
        return None
    literal_map = isinstance(for_each_node, Mapping) and not ev.is_call(for_each_node, call.context)
    permutations = args.get("permutations")
    nested = not (
        spec.has_feature(ev.version, "repeat_permutations")
        and isinstance(permutations, Scalar)
        and permutations.value is False
    )
    found = _Loops()
    lengths: list[int] = []
    symbolic: list[str] = []
    for index, (placeholder, values) in enumerate(for_each.items()):
        name = inline_code(str(placeholder))
        value_node = for_each_node.get(placeholder) if literal_map and isinstance(for_each_node, Mapping) else None
        if isinstance(values, Symbol) and values.failed:
            message = _failure(ev, value_node if value_node is not None else for_each_node)
            if message not in found.failures:
                found.failures.append(message)
            shown = f"Heat fails here: {message}"
        elif isinstance(values, Symbol):
            symbolic.append(f"the values of {name} come from {inline_code(flow_text(values))}")
            shown = UNKNOWN
        elif values is None:
            lengths.append(0)
            shown = "`null` (no items)"
        elif isinstance(values, dict):
            lengths.append(len(values))
            shown = "the keys of " + inline_code(compact_text(values))
        elif isinstance(values, list):
            lengths.append(len(values))
            shown = inline_code(compact_text(values)) + (f" ({len(values):,} values)" if len(values) > 10 else "")
        else:
            shown = inline_code(compact_text(values))
        if index < MAX_LIST_LINES:
            origin = _origin(ev, value_node if value_node is not None else for_each_node, call.context)
            found.lines.append(f"- {name} = {shown}: {origin}")
        elif index == MAX_LIST_LINES:
            found.lines.append(f"- … and {len(for_each) - index} more")
    found.symbolic = "; ".join(symbolic)
    if symbolic or found.failures:
        found.head = "Loop variables:"
    elif not nested:
        found.head = (
            f"Loop variables: permutations: false, {counted(min(lengths, default=0), 'item')} (paired in order)"
        )
    elif len(lengths) > 1:
        total = 1
        for length in lengths:
            total *= length
        product = " × ".join(map(str, lengths))
        found.head = f"Loop variables: {product} = {counted(total, 'item')}, nested loops in for_each order"
    else:
        found.head = f"Loop variable: {counted(sum(lengths), 'item')}"
    return found


def _origin(ev: Evaluator, node: Node, context: Context) -> str:
    """Where a value written at ``node`` came from: literal, or the parameters the call there read."""
    if not ev.is_call(node, context):
        return "literal"
    reads = unique_reads(ev.reads_of(node, context))
    name = next(iter(node.keys())) if isinstance(node, Mapping) else "?"
    if not reads:
        return f"from `{name}`"
    described = ", ".join(f"parameter `{r.name}` ({source_phrase(r.source)})" for r in reads[:3])
    return described if name == "get_param" else f"from `{name}` of {described}"


def _if_preview(ev: Evaluator, call: FunctionCall, where: str, found_roles: NodeRoles) -> str:
    items = call.args.items if isinstance(call.args, Sequence) else ()
    value, error = _evaluate(ev, call.node, where, call.context)
    own = [p.message for p in _problems_in(ev, call.node) if (p.start, p.end) == (call.node.start, call.node.end)]
    if error is not None or not items or len(items) not in (2, 3) or own:
        # The if itself is malformed: Heat never looks at its condition.
        return f"**if**: Heat fails here: {error or (own[0] if own else _failure(ev, call.node))}"
    explained = _explain_node(ev, items[0], f"{where}.if[0]", found_roles)
    label = _operand_label(items[0])
    parts = [_condition_text(f"**if** condition {inline_code(label)}", explained)]
    if isinstance(value, Symbol) and value.failed and explained.error is None:
        parts.append(f"Heat fails here: {_failure(ev, call.node)}")
    elif explained.value is True:
        parts.append("→ the true branch (`value_if_true`): " + shown_value(value))
    elif explained.value is False:
        if len(items) == 2:
            parts.append("→ no false branch: the entry is removed")
        else:
            parts.append("→ the false branch (`value_if_false`): " + shown_value(value))
    elif explained.error is None:
        parts.append("→ either branch, decided when the stack is deployed")
    return "\n\n".join(parts)


def _condition_preview(ev: Evaluator, name: str, found_roles: NodeRoles) -> str:
    explained = _explain_name(ev, name, found_roles)
    return _condition_text(f"**condition** {inline_code(name)}", explained)


# -- conditions -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Explained:
    value: Any = None  # True, False, a Symbol; None with an error
    error: str | None = None
    operands: list[str] = field(default_factory=list)
    reads: tuple[Read, ...] = ()


def _condition_text(head: str, explained: _Explained) -> str:
    if explained.error is not None:
        text = f"{head}: Heat fails here: {explained.error}"
    else:
        text = f"{head} is {_truth(explained.value)}"
    parts = [text]
    if explained.operands:
        parts.append("\n".join(explained.operands))
    reads = reads_lines(explained.reads)
    if reads:
        parts.append("Parameters read:\n" + "\n".join(reads))
    return "\n\n".join(parts)


def _truth(value: Any) -> str:
    if value is True:
        return "**true**"
    if value is False:
        return "**false**"
    return UNKNOWN


def _explain_name(ev: Evaluator, name: str, found_roles: NodeRoles) -> _Explained:
    model = ev.model
    entry = model.conditions.get(name)
    if entry is None:
        return _Explained(error=f'Invalid condition "{name}"')
    path = f"conditions.{name}"
    explained = _Explained()
    try:
        explained.value = ev.condition_named(name)
    except HeatError as exc:
        explained.error = exc.message
    definition = entry.value
    explained.operands = _operands(ev, definition, path)
    explained.reads = ev.reads_of(definition, "condition")
    if explained.error is None:
        explained.error = _condition_errors(ev, {name}, explained.value, definition, found_roles)
    return explained


def _explain_node(ev: Evaluator, node: Node, path: str, found_roles: NodeRoles) -> _Explained:
    """A value read as a condition: a name, a bool or an inline condition function."""
    if isinstance(node, Scalar) and isinstance(node.value, str):
        return _explain_name(ev, node.value, found_roles)
    explained = _Explained()
    try:
        explained.value = ev.condition_value(node, path)
    except HeatError as exc:
        explained.error = exc.message
        return explained
    explained.operands = _operands(ev, node, path)
    reads = list(ev.reads_of(node, "condition"))
    names = {r.name for r in ev.model.references if r.kind == "condition" and node.start <= r.node.start < node.end}
    for name in sorted(names):
        entry = ev.model.conditions.get(name)
        if entry is not None:
            reads.extend(ev.reads_of(entry.value, "condition"))
    explained.reads = tuple(reads)
    explained.error = _condition_errors(ev, names, explained.value, node, found_roles)
    return explained


def _condition_errors(ev: Evaluator, names: set[str], value: Any, node: Node, found_roles: NodeRoles) -> str | None:
    """Heat's message when the condition (or one it refers to) fails; None when it evaluates."""
    if isinstance(value, bool):
        return None
    reached = _reached_conditions(names, found_roles)
    prefixes = tuple(f"conditions.{name}{tail}" for name in reached for tail in (".", "["))
    messages: list[str] = []
    for problem in ev.problems:
        inside = node.start <= problem.start and problem.end <= node.end
        named = problem.path.startswith(prefixes) or problem.path in {f"conditions.{name}" for name in reached}
        if (inside or named) and problem.message not in messages:
            messages.append(problem.message)
    if messages:
        return "; ".join(messages[:3])
    if isinstance(value, Symbol) and value.failed:
        # A definition that is not a condition at all fails before any call runs, so no problem
        # records it after the first time: say it again.
        for name in names:
            entry = ev.model.conditions.get(name)
            if entry is not None and entry.value is node and not ev.is_call(node, "condition"):
                return f'The definition of condition "{name}" is invalid: {_operand_label(node)}'
        return "the condition cannot be evaluated"
    return None


def _reached_conditions(names: set[str], found_roles: NodeRoles) -> set[str]:
    """``names`` and every condition their definitions refer to, transitively."""
    by_entry: dict[str, set[str]] = {}
    for reference in found_roles.references.values():
        if reference.kind == "condition" and reference.where.section == "conditions":
            by_entry.setdefault(reference.where.entry, set()).add(reference.name)
    reached = set(names)
    stack = list(names)
    while stack:
        for name in by_entry.get(stack.pop(), ()):
            if name not in reached:
                reached.add(name)
                stack.append(name)
    return reached


def _operands(ev: Evaluator, node: Node, path: str) -> list[str]:
    """One line per operand of an and/or/not/equals: its source and its value."""
    if not isinstance(node, Mapping) or len(node) != 1 or not ev.is_call(node, "condition"):
        return []
    name = next(iter(node.keys()))
    args = node.get(name)
    function = heat_functions.function_named(name)
    if args is None or function is None or function.preview != "condition":
        return []
    items = [args] if name == "not" else list(args.items) if isinstance(args, Sequence) else []
    lines: list[str] = []
    for index, item in enumerate(items):
        if index >= MAX_LIST_LINES:
            lines.append(f"- … and {len(items) - index} more")
            break
        label = inline_code(_operand_label(item))
        item_path = f"{path}.{name}" if name == "not" else f"{path}.{name}[{index}]"
        if name == "equals":
            try:
                value = ev.argument(item, item_path, "condition")
            except HeatError as exc:
                lines.append(f"- {label}: Heat fails here: {exc.message}")
                continue
            shown = UNKNOWN if isinstance(value, Symbol) else inline_code(compact_text(value))
            lines.append(f"- {label} → {shown}")
            continue
        try:
            value = ev.condition_value(item, item_path)
        except HeatError as exc:
            lines.append(f"- {label}: Heat fails here: {exc.message}")
            continue
        lines.append(f"- {label}: {_truth(value)}")
    if lines and name == "equals":
        lines.insert(0, "Compared values:")
    elif lines:
        lines.insert(0, "Operands:")
    return lines


def _operand_label(node: Node) -> str:
    if isinstance(node, Scalar):
        return node.text if node.style is None else str(node.value)
    if node.weight > 200:
        return "{…}" if isinstance(node, Mapping) else "[…]"
    return flow_text(node.to_python())


# -- evaluation -----------------------------------------------------------------------------------


def _evaluate(ev: Evaluator, node: Node, where: str, context: Context) -> tuple[Any, str | None]:
    try:
        return ev.evaluate(node, where, context), None
    except HeatError as exc:
        return None, exc.message


def _problems_in(ev: Evaluator, node: Node) -> list[Any]:
    return [p for p in ev.problems if node.start <= p.start and p.end <= node.end]


def _failure(ev: Evaluator, node: Node) -> str:
    messages: list[str] = []
    for problem in _problems_in(ev, node):
        if problem.message not in messages:
            messages.append(problem.message)
    return "; ".join(messages[:3]) if messages else "the value cannot be evaluated"
