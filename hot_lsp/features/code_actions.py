"""Quick fixes, built from the typed facts the rules attach to diagnostics (``document.QuickFix``, sent to the
client as ``data``; never from the message text). The client sends the diagnostics back in
``params.context``; when a client drops ``data``, it is found again on the snapshot's own diagnostic with the
same code and start.

What each fix does:

- ``suggestions``: did-you-mean; each replaces the diagnostic's range (quotes kept);
- ``declare_parameter`` (``name``, the text at the range when absent): declares the parameter (type string)
  in ``parameters``, creating the section when there is none;
- ``declare_condition`` (``name``, ``text``): defines the condition in ``conditions``, creating the section when
  there is none (``section_entries``);
- ``raise_version`` / ``add_version`` (``version``): sets ``heat_template_version``;
- ``replace`` (``text``): YAML text that replaces the diagnostic's range, and each of ``spans`` (a renamed
  resource's references); a function name given for a reference replaces the name of the function making it
  (``at``: ``get_resource: a_parameter`` -> ``get_param``);
- ``remove_key`` / ``remove_item``: deletes the entry whose key, or the list item that, the diagnostic starts
  at; whole lines when it has them to itself; the last entry of a block leaves its key an empty ``{}`` / ``[]``;
- ``add_key``, ``add_keys``, ``declare_parameter`` are not offered beside a key the analysis reports as a
  misspelling of the key they would add: the misspelling's own fix (a rename) is the one that keeps the value;
- ``add_key`` (``key``, optional ``value``): adds the key to the entry whose key the diagnostic covers;
- ``add_keys`` (``missing``, ``values``, optional ``key``): adds the keys with their values to the map under the
  key the diagnostic covers, or to the map under ``key`` beside the value it covers (E3017: a resource's
  ``properties`` beside its type, written when absent);
- ``split_constraint``: moves the constraint kind whose key the diagnostic covers out of its entry into a list
  item of its own, right after it;
- ``quote`` (``spans``): writes the name at the range, and at each span (its uses), in single quotes.

After them, for every hot-lsp diagnostic, "Disable CODE on this line" / "in this file" (``suppression``).

At most one action per diagnostic is preferred: the suggestion the rule's own fix agrees with, else a lone
suggestion, else the rule's fix when no suggestion is offered. Inserted lines follow the document's
indentation and line ends.
"""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types

from .. import spec
from ..document import FixKind, Mapping, Node, Pair, QuickFix, Scalar, Sequence
from ._targets import content_end, entry_end, replace_scalar, written_as
from .section_entries import declare_condition
from .skeletons import indent_step
from .snapshot import Snapshot
from .suppression import disable_actions

QUICK_FIX = types.CodeActionKind.QuickFix
MAX_SUGGESTIONS = 5

Edit = tuple[int, int, str]  # replace text[start:end] with the string


def code_actions(snapshot: Snapshot, params: types.CodeActionParams) -> list[types.CodeAction]:
    only = params.context.only
    if only and not any(kind == QUICK_FIX or QUICK_FIX.startswith(f"{kind}.") for kind in only):
        return []
    if snapshot.analysis.kind not in ("template", "environment"):
        return []
    actions: list[types.CodeAction] = []
    for diagnostic in params.context.diagnostics:
        if diagnostic.source not in (None, "hot-lsp"):
            continue
        data = _data_of(snapshot, diagnostic)
        if data:
            actions.extend(_fixes(snapshot, diagnostic, data))
    actions.extend(disable_actions(snapshot, params.context.diagnostics))  # after the real fixes
    return actions


def _data_of(snapshot: Snapshot, diagnostic: types.Diagnostic) -> QuickFix | None:
    if isinstance(diagnostic.data, dict):
        return QuickFix.from_json(diagnostic.data)
    start = snapshot.offset(diagnostic.range.start)
    for own in snapshot.analysis.diagnostics:
        if own.code == diagnostic.code and own.start == start:
            return own.data
    return None


def _fixes(snapshot: Snapshot, diagnostic: types.Diagnostic, data: QuickFix) -> list[types.CodeAction]:
    text = snapshot.text
    start = snapshot.offset(diagnostic.range.start)
    end = snapshot.offset(diagnostic.range.end)
    shown = _one_line(text[start:end])
    offered: list[tuple[str, list[Edit]]] = []
    for suggestion in [s for s in data.suggestions or () if s][:MAX_SUGGESTIONS]:
        offered.append((f"Replace {shown} with {suggestion}", [replace_scalar(text, start, end, suggestion)]))
    chosen = 0 if len(offered) == 1 else None
    made = _rule_fix(snapshot, data, start, end, shown)
    if made is not None:
        # A fix that does what a suggestion does is that suggestion, and the one to prefer.
        same = next((n for n, (_, edits) in enumerate(offered) if _result(text, edits) == _result(text, made[1])), None)
        if same is not None:
            chosen = same
        else:
            offered.append(made)
            if len(offered) == 1:
                chosen = 0
    eol = _eol(text)
    return [
        types.CodeAction(
            title=title,
            kind=QUICK_FIX,
            diagnostics=[diagnostic],
            is_preferred=True if number == chosen else None,
            edit=types.WorkspaceEdit(
                changes={
                    snapshot.uri: [
                        types.TextEdit(range=snapshot.range(a, b), new_text=new_text.replace("\n", eol))
                        for a, b, new_text in edits
                    ]
                }
            ),
        )
        for number, (title, edits) in enumerate(offered)
    ]


Fix = tuple[str, list[Edit]]  # the action's title and its edits
Maker = Callable[[Snapshot, QuickFix, int, int, str], "Fix | None"]


def _rule_fix(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    maker = MAKERS.get(data.fix) if data.fix is not None else None
    return maker(snapshot, data, start, end, shown) if maker is not None else None


def _replace(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    """``text`` is YAML text for the diagnostic's range, or for the offsets ``at`` when the rule names another
    place (`get_resource: a_parameter` -> the function name becomes get_param)."""
    new_text = data.text
    if new_text is None:
        return None
    if data.at is not None and 0 <= data.at[0] <= data.at[1]:
        a, b = data.at
        if b <= len(snapshot.text):
            return f"Use {_one_line(new_text)} instead of {_one_line(snapshot.text[a:b])}", [(a, b, new_text)]
    # ``spans``: the same text at other places too (a renamed resource's references).
    uses = [(a, b, new_text) for a, b in data.spans or () if 0 <= a < b <= len(snapshot.text)]
    also = f" and its {len(uses)} use{'s' if len(uses) > 1 else ''}" if uses else ""
    return f"Replace {shown} with {_one_line(new_text)}{also}", [(start, end, new_text), *uses]


def _quote(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    """A name YAML reads as a boolean or a number, quoted where it is defined and where it is used."""
    text = snapshot.text
    places = [(start, end), *(data.spans or ())]
    edits = []
    for a, b in places:
        if not 0 <= a < b <= len(text) or text[a] in "'\"":
            continue
        edits.append((a, b, "'" + text[a:b].replace("'", "''") + "'"))
    if not edits:
        return None
    uses = f" and its {len(edits) - 1} use{'s' if len(edits) > 2 else ''}" if len(edits) > 1 else ""
    return f"Quote {shown}{uses}", edits


def _result(text: str, edits: list[Edit]) -> str:
    for start, end, new_text in sorted(edits, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


def _one_line(text: str, limit: int = 40) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


# -- declare a parameter ---------------------------------------------------------------------------------


def _declare_parameter(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    if not isinstance(root, Mapping):
        return None
    name = data.name
    if not name:
        node = text[start:end]
        name = node[1:-1] if len(node) >= 2 and node[0] in "'\"" and node[-1] == node[0] else node
    if not name or "\n" in name or _misspelt_beside(snapshot, root, "parameters"):
        return None  # (a misspelt `parameters` section: its own fix renames it, declaring here would duplicate)
    type_name = "string"
    key = written_as(name, None)
    title = f"Declare parameter {name!r}"
    step = _indent_step(text, root)
    section = root.pair("parameters")
    if section is None:
        block = f"parameters:\n{' ' * step}{key}:\n{' ' * (2 * step)}type: {type_name}\n"
        return title, [_insert_section(text, root, block)]
    value = section.value
    if isinstance(value, Mapping) and value.flow:
        close = value.end - 1
        if close < 0 or text[close] != "}":
            return None
        separator = ", " if value.pairs else ""
        return title, [(close, close, f"{separator}{key}: {{type: {type_name}}}")]
    if isinstance(value, Mapping) and value.pairs:
        first = value.pairs[0]
        column = first.key.start - _line_start(text, first.key.start)
        at = _next_line_start(text, entry_end(text, section.key, value))
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        if isinstance(first.value, Mapping) and first.value.flow:  # entries written `name: {type: ...}`
            return title, [(at, at, f"{lead}{' ' * column}{key}: {{type: {type_name}}}\n")]
        inner = _inner_step(text, value) or step
        return title, [(at, at, f"{lead}{' ' * column}{key}:\n{' ' * (column + inner)}type: {type_name}\n")]
    if isinstance(value, Scalar) and value.value is None:
        column = section.key.start - _line_start(text, section.key.start) + step
        entry = f"{' ' * column}{key}:\n{' ' * (column + step)}type: {type_name}"
        if value.end > value.start:  # `parameters: ~` or `null`: the value goes
            return title, [(section.key.end, value.end, f":\n{entry}")]
        at = _next_line_start(text, section.key.end)
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        return title, [(at, at, f"{lead}{entry}\n")]
    return None  # a section of the wrong shape: nothing sensible to add to


def _insert_section(text: str, root: Mapping, block: str) -> Edit:
    """Where a new ``parameters`` section goes: before the first of resources/outputs/conditions, or last."""
    later = [
        pair.key.start
        for pair in root.pairs
        if pair.key_value in ("conditions", "resources", "outputs")
        and pair.key.start == _line_start(text, pair.key.start)
    ]
    if later:
        return later[0], later[0], block
    at = len(text)
    lead = "" if at == 0 or text.endswith("\n") else "\n"
    return at, at, lead + block


def _indent_step(text: str, root: Mapping) -> int:
    """The document's indentation step (the one completion's skeletons use)."""
    return indent_step(text, root)


def _inner_step(text: str, section: Mapping) -> int | None:
    """How far an entry's own keys sit right of the entry's name, in this section."""
    for pair in section.pairs:
        body = pair.value
        if isinstance(body, Mapping) and not body.flow and body.pairs and body.start > pair.key.end:
            step = (body.pairs[0].key.start - _line_start(text, body.pairs[0].key.start)) - (
                pair.key.start - _line_start(text, pair.key.start)
            )
            if step > 0:
                return step
    return None


# -- heat_template_version -------------------------------------------------------------------------------


def _set_version(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    version, fix = data.version, data.fix
    if version is None:
        return None
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    model = snapshot.analysis.model
    if not isinstance(root, Mapping) or model is None:
        return None
    known = spec.lookup_version(version)
    label = known.label if known is not None else version
    pair = model.version_pair
    if pair is not None and isinstance(pair.value, Scalar) and pair.value.end > pair.value.start:
        verb = "Raise" if fix == "raise_version" else "Set"
        return f"{verb} heat_template_version to {label}", [
            replace_scalar(text, pair.value.start, pair.value.end, version)
        ]
    if pair is not None:
        return None
    at = _line_start(text, root.pairs[0].key.start) if root.pairs else 0
    if at == 0 and text.startswith("\ufeff"):
        at = 1
    return f"Add heat_template_version: {label}", [(at, at, f"heat_template_version: {written_as(version, None)}\n")]


# -- remove a key or a list item, add a key ---------------------------------------------------------------


def _remove(snapshot: Snapshot, start: int, want: str) -> tuple[str, list[Edit]] | None:
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    found = _located(root, start, want) if root is not None else None
    if found is None:
        return None
    container, index = found
    if isinstance(container, Mapping):
        pair = container.pairs[index]
        first: Node = pair.key
        end = entry_end(text, pair.key, pair.value)
        title = f"Remove {_one_line(text[pair.key.start : pair.key.end])}"
        siblings = [p.key for p in container.pairs]
    else:
        first = container.items[index]
        end = content_end(text, first)
        title = f"Remove {_one_line(text[first.start : end])}"
        siblings = list(container.items)
    following = siblings[index + 1] if index + 1 < len(siblings) else None
    if container.flow:
        if following is not None:
            return title, [(first.start, following.start, "")]
        if index > 0:
            return title, [(_flow_end(text, container, index - 1), end, "")]
        return title, [(first.start, end, "")]
    line_start = _line_start(text, first.start)
    before = text[line_start : first.start].strip()
    owner = _owner(root, container) if len(siblings) == 1 and root is not None else None
    if owner is not None and before == ("" if isinstance(container, Mapping) else "-"):
        # The last entry of a block under a key: the key keeps an empty value of its kind (`conditions:` with
        # nothing under it is null, which Heat refuses for a section and a property alike).
        empty = "{}" if isinstance(container, Mapping) else "[]"
        return title, [(owner.key.end, end, f": {empty}")]
    if isinstance(container, Sequence) or not before or (len(siblings) == 1 and before == "-"):
        # The entry owns its lines (a list item, or a list item's only key): delete them whole.
        return title, [(line_start, _next_line_start(text, end), "")]
    if following is not None:  # `- key: v` with more keys below: the next one moves up beside the dash
        return title, [(first.start, following.start, "")]
    return title, [(first.start, end, "")]


def _owner(root: Node, container: Node) -> Pair | None:
    """The entry whose value ``container`` is, found by descending the tree to it."""
    node = root
    for _ in range(10_000):
        if isinstance(node, Mapping):
            for pair in node.pairs:
                if pair.value is container:
                    return pair
        children = [p.value for p in node.pairs] if isinstance(node, Mapping) else getattr(node, "items", [])
        following = next((child for child in children if child.start <= container.start < child.end), None)
        if following is None:
            return None
        node = following
    return None


def _flow_end(text: str, container: Mapping | Sequence, index: int) -> int:
    if isinstance(container, Mapping):
        pair = container.pairs[index]
        return entry_end(text, pair.key, pair.value)
    return content_end(text, container.items[index])


def _remove_key(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    return _remove(snapshot, start, "key")


def _remove_item(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    return _remove(snapshot, start, "item")


def _misspelt_beside(snapshot: Snapshot, mapping: Node, key: str) -> bool:
    """Whether ``mapping`` holds a key the analysis reports as a misspelling of ``key``: adding ``key`` beside it
    would keep the typo (its value lost, or the template meaning two things); the typo's own fix renames it."""
    if not isinstance(mapping, Mapping):
        return False
    starts = {pair.key.start for pair in mapping.pairs}
    return any(
        d.start in starts and d.data is not None and key in (d.data.suggestions or ())
        for d in snapshot.analysis.diagnostics
    )


def _add_key(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    """Add ``key: value`` to the body of the entry whose key the diagnostic covers (or, when that entry's value
    is a plain scalar, to the mapping holding it); when the key is there without a value, give it one."""
    key, value = data.key, data.value or ""
    if not key:
        return None
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    found = _located(root, start, "key") if root is not None else None
    if found is None:
        return None
    mapping, index = found
    assert isinstance(mapping, Mapping)
    pair = mapping.pairs[index]
    entry = f"{key}: {value}" if value else f"{key}:"
    title = f"Add {entry}"
    if pair.key_value == key:
        if isinstance(pair.value, Scalar) and pair.value.value is None and value:
            return title, [
                (pair.value.start, pair.value.end, f" {value}" if pair.value.start == pair.value.end else value)
            ]
        return None
    body = pair.value
    if isinstance(body, Scalar) and body.value is not None:
        body = mapping  # the key sits inside the mapping to extend (a parameter group's first key)
    if _misspelt_beside(snapshot, body, key):
        return None
    if isinstance(body, Mapping) and body.flow:
        close = body.end - 1
        if close < 0 or text[close] != "}":
            return None
        return title, [(close, close, f"{', ' if body.pairs else ''}{entry if value else key + ': null'}")]
    if isinstance(body, Mapping) and body.pairs:
        column = body.pairs[0].key.start - _line_start(text, body.pairs[0].key.start)
        owner_key = pair.key if body is pair.value else None
        at = _next_line_start(text, entry_end(text, owner_key, body) if owner_key else content_end(text, body))
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        return title, [(at, at, f"{lead}{' ' * column}{entry}\n")]
    if isinstance(body, Scalar) and body.value is None and body is pair.value and isinstance(root, Mapping):
        column = pair.key.start - _line_start(text, pair.key.start) + _indent_step(text, root)
        if body.start != body.end:  # `name: ~` or `name: null`: the null goes
            return title, [(pair.key.end, body.end, f":\n{' ' * column}{entry}")]
        at = _next_line_start(text, pair.key.end)
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        return title, [(at, at, f"{lead}{' ' * column}{entry}\n")]
    return None


def _add_keys(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    """Add each of ``missing`` with its value (E3017's missing properties): to the map under the key the diagnostic
    covers, or, with ``key``, to the map under ``key`` beside the value it covers (a resource's `properties`
    beside its type), writing ``key`` too when it is absent."""
    names, values = data.missing or (), data.values or ()
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    if not names or len(names) != len(values) or not isinstance(root, Mapping):
        return None
    entries = [f"{written_as(name, None)}: {value}" for name, value in zip(names, values, strict=True)]
    title = f"Add {', '.join(names)}" if len(names) <= 3 else f"Add the {len(names)} missing keys"
    if data.key is None:
        found = _located(root, start, "key")
        if found is None:
            return None
        mapping, index = found
        assert isinstance(mapping, Mapping)
        owner = mapping.pairs[index]
    else:
        holder = _holding_value(root, start)
        if holder is None:
            return None
        owner = holder.pair(data.key)  # type: ignore[assignment]
        if owner is None and _misspelt_beside(snapshot, holder, data.key):
            return None  # `proprties:` is there: renaming it is the fix, a second `properties:` is not
        if owner is None:
            return title, [_new_key(text, root, holder, data.key, entries)]
    if any(_misspelt_beside(snapshot, owner.value, name) for name in names):
        return None  # the finding on the typo renames it; the other missing keys are added once it is
    edits = _into_map(text, root, owner.key, owner.value, entries)
    return (title, edits) if edits is not None else None


def _into_map(text: str, root: Mapping, key: Node, body: Node, entries: list[str]) -> list[Edit] | None:
    """Edits adding ``entries`` (`key: value` lines) to ``body``, the value of ``key``."""
    if isinstance(body, Mapping) and body.flow:
        close = body.end - 1
        if close < 0 or text[close] != "}":
            return None
        return [(close, close, f"{', ' if body.pairs else ''}{', '.join(entries)}")]
    if isinstance(body, Mapping) and body.pairs:
        column = body.pairs[0].key.start - _line_start(text, body.pairs[0].key.start)
        at = _next_line_start(text, entry_end(text, key, body))
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        return [(at, at, lead + "".join(f"{' ' * column}{entry}\n" for entry in entries))]
    if isinstance(body, Scalar) and body.value is None:
        column = key.start - _line_start(text, key.start) + _indent_step(text, root)
        lines = "\n".join(f"{' ' * column}{entry}" for entry in entries)
        if body.start != body.end:  # `properties: ~`: the null goes
            return [(key.end, body.end, f":\n{lines}")]
        at = _next_line_start(text, key.end)
        lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
        return [(at, at, f"{lead}{lines}\n")]
    return None  # a value of another shape (a call, a list): nothing sensible to add to


def _new_key(text: str, root: Mapping, holder: Mapping, key: str, entries: list[str]) -> Edit:
    """``key:`` with ``entries`` below it, as the last entry of ``holder``."""
    if holder.flow:
        close = holder.end - 1
        return close, close, f"{', ' if holder.pairs else ''}{key}: {{{', '.join(entries)}}}"
    first = holder.pairs[0].key
    column = first.start - _line_start(text, first.start)
    step = _indent_step(text, root)
    at = _next_line_start(text, content_end(text, holder))
    lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
    lines = "".join(f"{' ' * (column + step)}{entry}\n" for entry in entries)
    return at, at, f"{lead}{' ' * column}{key}:\n{lines}"


def _holding_value(root: Node, offset: int) -> Mapping | None:
    """The mapping with an entry whose value starts at ``offset`` (a resource's body, for its `type`)."""
    node = root
    for _ in range(10_000):
        following: Node | None = None
        if isinstance(node, Mapping):
            for pair in node.pairs:
                if pair.value.start == offset and isinstance(pair.value, Scalar):
                    return node
                if pair.value.start <= offset < pair.value.end:
                    following = pair.value
                    break
        elif isinstance(node, Sequence):
            following = next((item for item in node.items if item.start <= offset < item.end), None)
        if following is None:
            return None
        node = following
    return None


def _located(root: Node, offset: int, want: str) -> tuple[Mapping | Sequence, int] | None:
    """The mapping and index of the entry whose key starts at ``offset`` (``want`` 'key'), or the list and
    index of the item that starts there (``want`` 'item'), found by descending the tree."""
    node = root
    for _ in range(10_000):  # the tree is at most a few hundred levels deep; this only bounds odd input
        following: Node | None = None
        if isinstance(node, Mapping):
            for index, pair in enumerate(node.pairs):
                if want == "key" and pair.key.start == offset:
                    return node, index
                if pair.value.start <= offset < pair.value.end:
                    following = pair.value
                    break
        elif isinstance(node, Sequence):
            for index, item in enumerate(node.items):
                if want == "item" and item.start == offset:
                    return node, index
                if item.start <= offset < item.end:
                    following = item
                    break
        if following is None:
            return None
        node = following
    return None


# -- one constraint per entry ----------------------------------------------------------------------------


def _split_constraint(snapshot: Snapshot, data: QuickFix, start: int, end: int, shown: str) -> Fix | None:
    """Move the constraint kind whose key the diagnostic covers into a list item of its own after its entry."""
    text = snapshot.text
    root = snapshot.analysis.parsed.root
    found = _located(root, start, "key") if root is not None else None
    if found is None:
        return None
    entry, index = found
    holder = _sequence_holding(root, entry) if root is not None else None
    if not isinstance(entry, Mapping) or len(entry.pairs) < 2 or holder is None:
        return None
    pair = entry.pairs[index]
    removed = _remove(snapshot, start, "key")
    if removed is None:
        return None
    moved = text[pair.key.start : entry_end(text, pair.key, pair.value)]
    title = f"Put {_one_line(text[pair.key.start : pair.key.end])} in a constraint of its own"
    if holder.flow:
        after = content_end(text, entry)
        return title, [*removed[1], (after, after, f", {{{_one_line(moved, limit=10_000)}}}")]
    dash = _line_start(text, entry.start)
    dash_column = text.find("-", dash, entry.start) - dash
    if dash_column < 0:
        return None
    key_column = pair.key.start - _line_start(text, pair.key.start)
    lines = moved.split("\n")
    shifted = [lines[0]] + [_reindent(line, key_column, dash_column + 2) for line in lines[1:]]
    at = _next_line_start(text, content_end(text, entry))
    lead = "" if at == 0 or text[at - 1] == "\n" else "\n"
    return title, [*removed[1], (at, at, f"{lead}{' ' * dash_column}- " + "\n".join(shifted) + "\n")]


def _reindent(line: str, old: int, new: int) -> str:
    """A continuation line moved from under a key at column ``old`` to under one at ``new``."""
    indent = len(line) - len(line.lstrip(" "))
    return " " * max(0, new + indent - old) + line.lstrip(" ") if line.strip() else line


def _sequence_holding(root: Node, node: Node) -> Sequence | None:
    """The list ``node`` is an item of, found by descending the tree to it."""
    current: Node = root
    for _ in range(10_000):
        if isinstance(current, Sequence) and any(item is node for item in current.items):
            return current
        children = (
            [p.value for p in current.pairs]
            if isinstance(current, Mapping)
            else (list(current.items) if isinstance(current, Sequence) else [])
        )
        following = next((child for child in children if child.start <= node.start < child.end), None)
        if following is None:
            return None
        current = following
    return None


# -- text positions --------------------------------------------------------------------------------------


def _eol(text: str) -> str:
    """The document's line end: fixes write ``\\n`` and it becomes this."""
    newline = text.find("\n")
    return "\r\n" if newline > 0 and text[newline - 1] == "\r" else "\n"


def _line_start(text: str, offset: int) -> int:
    return max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1


def _next_line_start(text: str, offset: int) -> int:
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline + 1


# Every kind of fix a rule can ask for, and what makes its action (tests/features/test_code_actions.py holds
# that no kind is missing).
MAKERS: dict[FixKind, Maker] = {
    "replace": _replace,
    "remove_key": _remove_key,
    "remove_item": _remove_item,
    "add_key": _add_key,
    "add_keys": _add_keys,
    "declare_parameter": _declare_parameter,
    "declare_condition": declare_condition,
    "raise_version": _set_version,
    "add_version": _set_version,
    "split_constraint": _split_constraint,
    "quote": _quote,
}
