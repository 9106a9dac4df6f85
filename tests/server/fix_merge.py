"""Mistakes generated from real templates for the fix kinds the mutants and the rule fixtures give too few of
(issue 29): a rule fixture's mistake put into a real template (or a real environment file). The real file's
entries join the fixture's, section by section, re-indented to the fixture's indentation, so the mistake is made
once more among real parameters, resources, outputs and conditions: the fix must still remove exactly it."""

from __future__ import annotations

from hot_lsp.document import Mapping, Scalar, parse

# Top-level keys whose bodies are maps of named entries, in a template or an environment file.
MERGED = (
    "parameters",
    "conditions",
    "resources",
    "outputs",
    "parameter_defaults",
    "resource_registry",
    "parameter_merge_strategies",
)
KEPT = ("heat_template_version", "description")  # the fixture's own; the real file's are dropped


def merged(fixture: str, real: str) -> str | None:
    """The fixture's text with the real file's entries added to each section (a section only the real file has
    is added whole); None when the two cannot be joined (a name both use, a section not a block map)."""
    mine, theirs = _sections(fixture), _sections(real)
    if mine is None or theirs is None:
        return None
    out: list[str] = []
    for name, (head, body, indent, names) in mine.items():
        extra = theirs.pop(name, None) if name in MERGED else None
        if name not in MERGED and name not in KEPT:
            theirs.pop(name, None)
        if extra is None:
            out.append(head + body)
            continue
        if names & extra[3] or (indent is None and body.strip()):
            return None
        step = indent if indent is not None else (extra[2] or 2)
        out.append(head.rstrip(" \t{}\n").rstrip(":") + ":\n" + body + _shifted(extra[1], extra[2], step))
    for name, (head, body, _, _) in theirs.items():
        if name in MERGED:
            out.append(head + body)
    text = "".join(part if part.endswith("\n") else part + "\n" for part in out)
    return text if parse(text).syntax_ok else None


Section = tuple[str, str, int | None, set[str]]  # its key's line, its body's lines, its entries' indent, names


def _sections(text: str) -> dict[str, Section] | None:
    """Each top-level key: its line, the lines of its block body, the column of its entries and their names."""
    root = parse(text).root
    if not isinstance(root, Mapping) or root.flow or "\t" in text or "\r" in text:
        return None
    sections: dict[str, Section] = {}
    starts = [pair.key.start for pair in root.pairs] + [len(text)]
    for index, pair in enumerate(root.pairs):
        if not isinstance(pair.key, Scalar) or not isinstance(pair.key_value, str):
            return None
        line_end = text.find("\n", pair.key.start)
        line_end = len(text) if line_end < 0 else line_end + 1
        head, body = text[pair.key.start : line_end], text[line_end : starts[index + 1]]
        value = pair.value
        indent, names = None, set()
        if isinstance(value, Mapping) and not value.flow and value.pairs:
            first = value.pairs[0].key
            indent = first.start - (text.rfind("\n", 0, first.start) + 1)
            names = {str(p.key_value) for p in value.pairs}
        elif pair.key_value in MERGED and (body.strip() or (isinstance(value, Mapping) and value.pairs)):
            return None  # a flow map or another shape: not joined by lines
        sections[pair.key_value] = (head, body, indent, names)
    return sections


def _shifted(body: str, old: int | None, new: int) -> str:
    """``body``'s lines moved from entries at column ``old`` to entries at ``new`` (blank lines kept)."""
    if old is None or old == new:
        return body
    lines = []
    for line in body.splitlines(keepends=True):
        if not line.strip():
            lines.append(line)
        elif new > old:
            lines.append(" " * (new - old) + line)
        else:
            cut = len(line) - len(line.lstrip(" "))
            lines.append(line[min(cut, old - new) :])
    return "".join(lines)
