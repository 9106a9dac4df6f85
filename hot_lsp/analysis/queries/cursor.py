"""Where the cursor is on a half-typed line, for completion.

:func:`cursor_at` works out the path of keys and indices at the cursor, and whether a key or a value is being
typed, where the text under the cursor is half-typed (``flavor: {get_pa``, ``  ty``, ``- custom_constraint:
nova.``) and the YAML is often broken or the node does not exist yet. It reads the current line's text, and
the lines above for the block structure (by indentation). The tree, where it still covers the line (the part
before a syntax error is sound), lets that upward scan jump over whole blocks, and gives the flow collection a
line sits in when one spans lines (JSON). :func:`hot_lsp.analysis.queries.locate.classify` gives the path its meaning.

Pure analysis: no LSP types here; offsets are character offsets into the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...document import LineIndex, Mapping, Node, Sequence
from .locate import Path, PathPart, child_item, child_pair, key_part, pair_end

Slot = Literal["key", "value", "none"]


# -- the tree around a line (where it still covers it) -----------------------------------------


@dataclass(slots=True)
class _Holders:
    """The collections of the tree around a line start: block ones as (first line, column), and
    the innermost flow collection with its path, if the line starts inside one."""

    blocks: list[tuple[int, int]] = field(default_factory=list)
    flow: tuple[Path, Node] | None = None


def _holders(root: Node | None, offset: int, lines: LineIndex) -> _Holders:
    text = lines.text
    found = _Holders()
    node = root
    path: list[PathPart] = []
    for _ in range(10_000):
        if not isinstance(node, (Mapping, Sequence)) or not node.start < offset < node.end:
            break
        if node.flow:
            found.flow = (tuple(path), node)
        elif text[node.start] not in "&!" and (isinstance(node, Mapping) or text[node.start] == "-"):
            # (A node written after an anchor or a tag starts there, not at its own column.)
            line = lines.line_of(node.start)
            found.blocks.append((line, node.start - lines.line_starts[line]))
        if isinstance(node, Mapping):
            index = child_pair(node, offset)
            if index < 0:
                break
            pair = node.pairs[index]
            path.append(key_part(pair.key))
            node = pair.value
        else:
            index = child_item(node, offset)
            if index < 0:
                break
            path.append(index)
            node = node.items[index]
    return found


# -- the cursor on a half-typed line ----------------------------------------------------------------

_STOP = frozenset(" \t\r\n{}[],'\"")


@dataclass(frozen=True, slots=True)
class Cursor:
    """What surrounds the cursor, for completion."""

    offset: int
    line: int
    line_start: int
    line_text: str
    path: Path  # for a key slot: the mapping's path; for a value slot: the value's path
    slot: Slot  # 'none': nothing can be typed here (in a comment, a block scalar, after a closed value)
    bare: bool  # a block line holding just a word: a key being typed, or a plain value on its own line
    flow: str  # the innermost open flow collection at the cursor: '{', '[' or '' (block)
    prefix: str  # the word typed before the cursor
    prefix_start: int  # offset where that word starts
    quote: str | None  # the quote character when the cursor is inside a quoted scalar
    after: str  # the rest of the line after the cursor
    key_follows: bool  # the word is already followed by ':' (an existing key being edited)
    column: int  # column of the word's start, in characters (for indenting multi-line inserts)


@dataclass(slots=True)
class _Frame:
    kind: str  # 'block', '{' or '['
    key: str | None = None  # in a map: the key of the current entry, once its ':' is read
    colon: bool = False
    index: int = 0  # in a list: the current item
    part: tuple[PathPart, ...] = ()  # the entry of the parent frame this collection sits in

    def entry(self) -> tuple[PathPart, ...]:
        """The path of the current entry: a key, a list index, or an index and the key of an
        implicit one-pair map (``[get_attr: [a, b]]``)."""
        keyed: tuple[PathPart, ...] = (self.key,) if self.colon and self.key is not None else ()
        return (self.index, *keyed) if self.kind == "[" else keyed


@dataclass(slots=True)
class _Scan:
    frames: list[_Frame]
    token_start: int = -1  # where the current plain token starts; -1: none since the last indicator
    quote: str | None = None
    quote_start: int = -1
    closed: bool = False  # the last thing before the cursor is a finished value (a quoted scalar, a collection)
    comment: bool = False


def _scan(text: str, start: int, end: int, state: _Scan | None = None) -> _Scan:
    """Read ``text[start:end]`` the way YAML's scanner would, as far as completion needs.

    The bottom frame is the block line itself (a ``key:`` or a bare word); ``{`` and ``[``
    open flow frames on top of it. ``state`` resumes a scan (after entries skipped by the tree).
    """
    state = state or _Scan([_Frame("block")])
    frames = state.frames
    i = start
    while i < end:
        c = text[i]
        if c in " \t\r\n\ufeff":
            i += 1
            continue
        if c == "#" and (i == start or text[i - 1] in " \t\r\n"):
            newline = text.find("\n", i, end)
            if newline < 0:
                state.comment = True
                return state
            i = newline + 1
            continue
        top = frames[-1]
        in_flow = top.kind != "block"
        at_token_start = state.token_start < 0
        if at_token_start and c in "{[" and not state.closed:
            # The new collection sits in its parent's current entry.
            frames.append(_Frame(c, part=top.entry()))
            i += 1
            continue
        if in_flow and c == ",":
            top.key, top.colon = None, False
            if top.kind == "[":
                top.index += 1
            state.token_start, state.closed = -1, False
            i += 1
            continue
        if in_flow and c in "}]":
            if len(frames) > 1:
                frames.pop()
            state.token_start, state.closed = -1, True
            i += 1
            continue
        if at_token_start and c in "'\"":
            close = _closing_quote(text, i, end)
            if close < 0:
                state.quote, state.quote_start = c, i
                return state
            state.token_start, state.closed = i, True
            i = close + 1
            continue
        if c == ":" and state.token_start >= 0:
            follower = text[i + 1] if i + 1 < end else ""
            indicator = follower != "" and follower in (" \t\r\n,[]{}" if in_flow else " \t\r\n")
            if indicator or (state.closed and in_flow):
                if not top.colon:
                    top.key = _token_text(text, state.token_start, i)
                    top.colon = True
                state.token_start, state.closed = -1, False
                i += 1
                continue
        if at_token_start:
            state.token_start, state.closed = i, False
        i += 1
    return state


def _closing_quote(text: str, start: int, end: int) -> int:
    quote = text[start]
    i = start + 1
    while i < end:
        c = text[i]
        if quote == '"' and c == "\\":
            i += 2
            continue
        if c == quote:
            if quote == "'" and i + 1 < end and text[i + 1] == "'":
                i += 2
                continue
            return i
        i += 1
    return -1


def _token_text(text: str, start: int, end: int) -> str:
    raw = text[start:end].strip()
    if len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0]:
        inner = raw[1:-1]
        return inner.replace("''", "'") if raw[0] == "'" else inner
    return raw


@dataclass(frozen=True, slots=True)
class _Element:
    column: int
    dash: bool
    key: str | None = None
    inline: str = ""  # what follows the key's colon on its line (comment removed)


def _elements(line: str) -> tuple[list[_Element], str]:
    """The block structure a line opens: its leading dashes, then a key if any; and the rest."""
    elements: list[_Element] = []
    line = line.removeprefix("\ufeff")
    i = len(line) - len(line.lstrip(" "))
    while i < len(line) and line[i] == "-" and (i + 1 == len(line) or line[i + 1] in " \t"):
        elements.append(_Element(i, True))
        i += 1
        while i < len(line) and line[i] in " \t":
            i += 1
    rest = line[i:]
    key, inline = _split_key(rest)
    if key is not None:
        elements.append(_Element(i, False, key, inline))
        return elements, ""
    return elements, _strip_comment(rest)


def _strip_comment(text: str) -> str:
    if text.startswith("#"):
        return ""
    cut = text.find(" #")
    return (text[:cut] if cut >= 0 else text).strip()


def _split_key(rest: str) -> tuple[str | None, str]:
    """(key, text after its colon) when ``rest`` starts with a block mapping key."""
    if not rest or rest[0] in "#{[&*!|>%@`":
        return None, ""
    if rest[0] in "'\"":
        close = _closing_quote(rest, 0, len(rest))
        if close < 0:
            return None, ""
        after = rest[close + 1 :].lstrip(" \t")
        if not after.startswith(":"):
            return None, ""
        return _token_text(rest, 0, close + 1), _strip_comment(after[1:])
    i = 0
    while True:
        colon = rest.find(":", i)
        if colon < 0:
            return None, ""
        hash_at = rest.find(" #", 0, colon)
        if hash_at >= 0:
            return None, ""
        if colon + 1 == len(rest) or rest[colon + 1] in " \t":
            return rest[:colon].strip(), _strip_comment(rest[colon + 1 :])
        i = colon + 1


def _is_marker(stripped: str) -> bool:
    return stripped.startswith(("#", "---", "...", "%"))


@dataclass(slots=True)
class _Ancestry:
    path: list[PathPart] = field(default_factory=list)
    inline: str = ""  # the parent key's value on its own line, when this line goes on with it
    inline_offset: int = -1  # where that value starts in the text


def _parent_line(
    text: str, lines: LineIndex, line_no: int, column: int, dash: bool, blocks: list[tuple[int, int]]
) -> tuple[int, int, list[_Element], str]:
    """Scan up from ``line_no`` for the line holding the parent of a node at ``column``.

    Returns (how many items of the same sequence precede it, when ``dash``; the parent line or
    -1; that line's elements; what follows its dashes when it has no key). Lines indented deeper than ``column`` are skipped with a single
    ``startswith`` each, so walking back over thousands of lines stays cheap.
    """
    starts = lines.line_starts
    deeper = " " * (column + 1)
    count = 0
    i = line_no - 1
    for first_line, block_column in blocks:
        # Every line of a block collection after its first is indented at least as far as it is,
        # so when it is deeper than us (or level with us, and we are not counting items) the scan
        # may go straight to its first line: the tree saves walking over its body.
        if first_line < i and (block_column > column or (block_column == column and not dash)):
            i = first_line
            break
    while i >= 0:
        if text.startswith(deeper, starts[i]):
            i -= 1
            continue
        line = lines.line_text(i)
        stripped = line.lstrip(" ")
        if not stripped or _is_marker(stripped):
            i -= 1
            continue
        indent = len(line) - len(stripped)
        if indent > column:  # indentation with tabs
            i -= 1
            continue
        elements, rest = _elements(line)
        if indent == column and elements:
            if dash and elements[0].dash:
                count += 1
            elif dash and elements[0].key is not None:
                # A block sequence may sit at its key's own indentation.
                return count, i, elements, rest
            i -= 1  # a sibling key, or a sibling's sequence
            continue
        if indent == column:
            i -= 1
            continue
        return count, i, elements, rest
    return count, -1, [], ""


def _ancestry(
    text: str, lines: LineIndex, line_no: int, column: int, dash: bool, blocks: list[tuple[int, int]]
) -> _Ancestry:
    """The path of the node that starts at (``line_no``, ``column``), read from indentation.

    For a dash the path ends with the item's index; for a key or a bare word it is the path of
    the mapping the key belongs to.
    """
    result = _Ancestry()
    reverse: list[PathPart] = []
    first = True
    for _ in range(lines.line_count + 1):
        count, parent, elements, rest = _parent_line(text, lines, line_no, column, dash, blocks)
        if parent < 0:
            if dash:
                reverse.append(count)
            break
        # The element of the parent line that opens our node: the last one left of us (or a key
        # right above a sequence written at the key's own indentation).
        j = -1
        for k, element in enumerate(elements):
            if element.column < column or (dash and element.column == column and not element.dash):
                j = k
        if first and rest and (j < 0 or j == len(elements) - 1) and not rest.startswith(("&", "!")):
            # The parent line holds a value of its own (`- [a,`, `[ {`, `- |`) that goes on here.
            result.inline = rest
            result.inline_offset = _inline_offset(lines, parent, rest)
            if j < 0:
                parent_line = lines.line_text(parent)
                line_no, column, dash = parent, len(parent_line) - len(parent_line.lstrip(" ")), False
                first = False
                continue
        if j < 0:
            break
        if dash:
            sibling = elements[j + 1] if j + 1 < len(elements) else None
            if sibling is not None and sibling.dash and sibling.column == column:
                count += 1  # the sequence's first item sits on the parent line, after a dash
            reverse.append(count)
        opener = elements[j]
        if not opener.dash:
            if first and opener.inline and not opener.inline.startswith(("&", "!")):
                result.inline = opener.inline
                result.inline_offset = _inline_offset(lines, parent, opener.inline)
            reverse.append(opener.key or "")
        # Dashes after the first on the parent line open nested sequences, each at index 0.
        reverse.extend(0 for element in elements[1 : j + 1] if element.dash)
        line_no, column, dash = parent, elements[0].column, elements[0].dash
        first = False
    result.path = list(reversed(reverse))
    return result


def _inline_offset(lines: LineIndex, line_no: int, inline: str) -> int:
    found = lines.line_text(line_no).rfind(inline)
    return lines.line_starts[line_no] + found if found >= 0 else -1


def cursor_at(text: str, lines: LineIndex, root: Node | None, offset: int) -> Cursor:
    """What surrounds ``offset`` in ``text``, for completion.

    The tree is read only to find a flow collection opened on an earlier line; everything else
    comes from the text, which may be half-typed.
    """
    offset = max(0, min(offset, len(text)))
    line_no = lines.line_of(offset)
    line_start = lines.line_starts[line_no]
    line_text = lines.line_text(line_no)
    column = min(offset - line_start, len(line_text))
    offset = line_start + column
    before = line_text[:column]
    after = line_text[column:]

    holders = _holders(root, line_start, lines)
    held = holders.flow
    if held is not None:
        # Inside a flow collection opened on an earlier line (JSON, or YAML flow over lines).
        base, node = held
        start, resumed = _resume_after_entries(node, line_start)
        state = _scan(text, start, offset, resumed)
        return _finish(state, list(base), text, offset, line_no, line_start, line_text, after)

    stripped = before.lstrip(" ")
    indent = len(before) - len(stripped)
    dashes: list[int] = []
    i = indent
    while i + 1 < len(before) and before[i] == "-" and before[i + 1] in " \t":
        dashes.append(i)
        i += 1
        while i < len(before) and before[i] in " \t":
            i += 1
    start_column = indent if stripped else column
    if dashes:
        ancestry = _ancestry(text, lines, line_no, dashes[0], True, holders.blocks)
    else:
        ancestry = _ancestry(text, lines, line_no, start_column, False, holders.blocks)
    if ancestry.inline:
        if ancestry.inline[0] not in "{[" or not 0 <= ancestry.inline_offset < line_start:
            # A block scalar, or a plain scalar going on over this line: free text.
            return _none(offset, line_no, line_start, line_text, after)
        # A flow collection opened after the parent key and still open here ('-' is plain text in it).
        if offset - ancestry.inline_offset > 50_000:
            return _none(offset, line_no, line_start, line_text, after)
        if dashes:
            ancestry = _ancestry(text, lines, line_no, indent, False, holders.blocks)
        state = _scan(text, ancestry.inline_offset, offset)
        return _finish(state, ancestry.path, text, offset, line_no, line_start, line_text, after)
    path = ancestry.path
    path.extend(0 for _ in dashes[1:])
    state = _scan(text, line_start + i, offset)
    return _finish(state, path, text, offset, line_no, line_start, line_text, after)


def _resume_after_entries(node: Node, line_start: int) -> tuple[int, _Scan | None]:
    """Where to start reading a flow collection so that its entries complete before the cursor's
    line are not read again (a large JSON template is one big flow mapping), and the state there."""
    last_end, count, last_key = -1, 0, None
    if isinstance(node, Sequence):
        for item in node.items:
            if node.start < item.start and item.end <= line_start:
                last_end, count = max(last_end, item.end), count + 1
    elif isinstance(node, Mapping):
        for pair in node.pairs:
            end = pair_end(pair.key, pair.value)
            if node.start < pair.key.start and end <= line_start:
                last_end, count, last_key = max(last_end, end), count + 1, key_part(pair.key)
    if last_end < 0:
        return node.start, None
    frame = _Frame("[" if isinstance(node, Sequence) else "{")
    if isinstance(node, Sequence):
        frame.index = count - 1
    else:
        frame.key, frame.colon = last_key, True
    return last_end, _Scan([_Frame("block"), frame], closed=True)


def _none(offset: int, line_no: int, line_start: int, line_text: str, after: str) -> Cursor:
    return Cursor(offset, line_no, line_start, line_text, (), "none", False, "", "", offset, None, after, False, 0)


def _finish(
    state: _Scan,
    path: list[PathPart],
    text: str,
    offset: int,
    line_no: int,
    line_start: int,
    line_text: str,
    after: str,
) -> Cursor:
    if state.comment:
        return _none(offset, line_no, line_start, line_text, after)
    frames = state.frames
    for frame in frames[1:]:
        path.extend(frame.part)
    if state.quote is not None:
        prefix_start = state.quote_start + 1
    else:
        if state.closed:  # right after a quoted scalar or a closed collection
            return _none(offset, line_no, line_start, line_text, after)
        prefix_start = offset
        while prefix_start > line_start and text[prefix_start - 1] not in _STOP:
            prefix_start -= 1
    if state.quote is None and 0 <= state.token_start < prefix_start:
        # Words before this one: the cursor is in free text, not in a name being typed.
        return _none(offset, line_no, line_start, line_text, after)
    top = frames[-1]
    bare = False
    slot: Slot
    if top.kind == "[" or (top.colon and top.key is not None):
        path.extend(top.entry())
        slot = "value"
    else:
        slot = "key"
        bare = top.kind == "block"
    return Cursor(
        offset=offset,
        line=line_no,
        line_start=line_start,
        line_text=line_text,
        path=tuple(path),
        slot=slot,
        bare=bare,
        flow=top.kind if top.kind != "block" else "",
        prefix=text[prefix_start:offset],
        prefix_start=prefix_start,
        quote=state.quote,
        after=after,
        key_follows=slot == "key" and _key_follows(after),
        column=prefix_start - line_start,
    )


def _key_follows(after: str) -> bool:
    i = 0
    while i < len(after) and after[i] not in _STOP and after[i] != ":":
        i += 1
    rest = after[i:]
    return rest.startswith(":") and (len(rest) == 1 or rest[1] in " \t")
