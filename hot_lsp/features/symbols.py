"""Document symbols (sections, then their entries) and workspace symbols (entries across open documents, and
the templates of the workspace index that are not open).

A resource that is a nested stack (a template resource, a group's members) gets the resources of that
stack as children, down to ``hotLsp.nestedDepth`` (the server builds the tree and passes it in). A
DocumentSymbol can only point into its own document: a nested resource written in another file takes the
range of the top-level resource it comes from, and its file in ``detail``.
"""

from __future__ import annotations

import os
from pathlib import Path

from lsprotocol import types

from .. import spec
from ..analysis.result import Analysis
from ..analysis.stack.template_tree import Tree, TreeNode
from ..analysis.workspace.workspace_index import WorkspaceIndex
from ..document import Mapping, Node, Scalar, Sequence
from ..document.positions import Encoding
from ._targets import content_end, entry_end, token_span
from .snapshot import Snapshot

K = types.SymbolKind

# What the entries of each template section are.
_ENTRY_KINDS: dict[str, types.SymbolKind] = {
    "parameters": K.Variable,
    "resources": K.Class,
    "conditions": K.Boolean,
    "outputs": K.Field,
}
_SCALAR_SECTIONS: dict[str, types.SymbolKind] = {"heat_template_version": K.Constant, "description": K.String}
_DETAIL_CHARS = 60


def document_symbols(snapshot: Snapshot, nested: Tree | None = None) -> list[types.DocumentSymbol]:
    analysis = snapshot.analysis
    if analysis.kind not in ("template", "environment") or not isinstance(analysis.parsed.root, Mapping):
        return []
    return _Outline(snapshot, analysis, nested).sections()


class _Outline:
    def __init__(self, snapshot: Snapshot, analysis: Analysis, nested: Tree | None = None) -> None:
        self.snapshot = snapshot
        self.text = analysis.text
        self.analysis = analysis
        self.template = analysis.kind == "template"
        self.nested = nested
        self.nested_by_name = {node.name: node for node in nested.resources} if nested is not None else {}

    def sections(self) -> list[types.DocumentSymbol]:
        root = self.analysis.parsed.root
        assert isinstance(root, Mapping)
        result = []
        for pair in root.pairs:
            name = _label(pair.key)
            value = pair.value
            if self.template and name in _SCALAR_SECTIONS:
                result.append(self.symbol(pair.key, value, _SCALAR_SECTIONS[name], self.scalar_detail(name, value)))
            elif self.template and name in _ENTRY_KINDS:
                children = self.entries(value, _ENTRY_KINDS[name], name)
                result.append(self.symbol(pair.key, value, K.Namespace, None, children))
            elif self.template and name == "parameter_groups":
                result.append(self.symbol(pair.key, value, K.Namespace, None, self.groups(value)))
            elif not self.template and isinstance(value, Mapping):
                result.append(self.symbol(pair.key, value, K.Namespace, None, self.entries(value, K.Property, name)))
            else:
                kind = K.Namespace if isinstance(value, (Mapping, Sequence)) else K.Key
                result.append(self.symbol(pair.key, value, kind, _short(value)))
        return result

    def entries(self, section: Node, kind: types.SymbolKind, section_name: str) -> list[types.DocumentSymbol]:
        if not isinstance(section, Mapping):
            return []
        result = []
        for pair in section.pairs:
            value = pair.value
            detail = None
            if section_name in ("parameters", "resources") and self.template and isinstance(value, Mapping):
                detail = _short(value.get("type"))
            elif section_name == "outputs" and isinstance(value, Mapping):
                detail = _short(value.get("description"))
            elif not self.template:
                detail = _short(value)
            symbol = self.symbol(pair.key, value, kind, detail)
            node = self.nested_by_name.get(_label(pair.key)) if section_name == "resources" else None
            if node is not None and node.children:
                symbol.children = self.nested_symbols(node, symbol)
            result.append(symbol)
        return result

    def nested_symbols(self, node: TreeNode, outer: types.DocumentSymbol) -> list[types.DocumentSymbol]:
        """The resources of ``node``'s nested stack, under the top-level resource symbol ``outer``."""
        assert self.nested is not None
        result = []
        folder = os.path.dirname(self.nested.file)
        for child in node.children:
            here = child.file == self.nested.file
            kind_detail = child.type or ""
            if here:
                rng = self.snapshot.range(child.start, child.end)
                inside = _contains(outer.range, rng)
                symbol_range = rng if inside else outer.range
                selection = rng if inside else outer.selection_range
                detail = kind_detail or None
            else:
                symbol_range, selection = outer.range, outer.selection_range
                shown = os.path.relpath(child.file, folder) if os.path.isabs(child.file) else child.file
                detail = f"{kind_detail} ({shown})" if kind_detail else shown
            result.append(
                types.DocumentSymbol(
                    name=child.name or repr(child.name),
                    kind=K.Class,
                    range=symbol_range,
                    selection_range=selection,
                    detail=detail,
                    children=self.nested_symbols(child, outer) if child.children else None,
                )
            )
        return result

    def groups(self, value: Node) -> list[types.DocumentSymbol]:
        if not isinstance(value, Sequence):
            return []
        result = []
        for number, group in enumerate(value.items):
            if group.start < value.start:
                continue  # an alias of a group written elsewhere
            label = group.get("label") if isinstance(group, Mapping) else None
            name = _short(label) or f"group {number + 1}"
            end = content_end(self.text, group)
            selection = (label.start, label.end) if isinstance(label, Scalar) else (group.start, group.start)
            result.append(
                self._make(
                    name,
                    K.Array,
                    _short(group.get("description")) if isinstance(group, Mapping) else None,
                    (group.start, end),
                    selection,
                    None,
                )
            )
        return result

    def scalar_detail(self, name: str, value: Node) -> str | None:
        if name == "heat_template_version" and isinstance(value, Scalar):
            version = spec.lookup_version(value.value)
            if version is not None:
                return version.label
        return _short(value)

    def symbol(
        self,
        key: Node,
        value: Node,
        kind: types.SymbolKind,
        detail: str | None,
        children: list[types.DocumentSymbol] | None = None,
    ) -> types.DocumentSymbol:
        selection = token_span(self.text, key) if isinstance(key, Scalar) else (key.start, key.end)
        span = (key.start, entry_end(self.text, key, value))
        return self._make(_label(key), kind, detail, span, selection, children)

    def _make(
        self,
        name: str,
        kind: types.SymbolKind,
        detail: str | None,
        span: tuple[int, int],
        selection: tuple[int, int],
        children: list[types.DocumentSymbol] | None,
    ) -> types.DocumentSymbol:
        # The selection must lie inside the range, whatever odd shape a broken document gives us.
        start = min(span[0], selection[0])
        end = max(span[1], selection[1])
        snapshot = self.snapshot
        return types.DocumentSymbol(
            name=name,
            kind=kind,
            range=snapshot.range(start, end),
            selection_range=snapshot.range(*selection),
            detail=detail,
            children=children,
        )


def _contains(outer: types.Range, inner: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return (position.line, position.character)

    return key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end)


def _label(key: Node) -> str:
    """A symbol name: LSP clients reject empty ones."""
    if isinstance(key, Scalar):
        name = key.value if isinstance(key.value, str) else key.text
        return name if name and name.strip() else repr(name or "")
    return "(complex key)"


def _short(node: Node | None) -> str | None:
    """A scalar's text on one short line, for a symbol's detail."""
    if not isinstance(node, Scalar) or node.value is None:
        return None
    text = " ".join(str(node.value if isinstance(node.value, str) else node.text).split())
    if len(text) > _DETAIL_CHARS:
        text = text[: _DETAIL_CHARS - 1] + "…"
    return text or None


# -- workspace symbols ---------------------------------------------------------------------------------

WORKSPACE_LIMIT = 1000


def workspace_symbols(
    snapshots: list[Snapshot],
    query: str,
    limit: int = WORKSPACE_LIMIT,
    index: WorkspaceIndex | None = None,
    encoding: Encoding = "utf-16",
) -> list[types.WorkspaceSymbol]:
    """Parameters, resources, conditions and outputs of every template whose name matches ``query`` (case
    aside, as a substring first, else as a subsequence); substring matches come first. Templates not open come
    from ``index`` (without their conditions, which it does not keep)."""
    wanted = query.strip().lower()
    found: list[tuple[int, str, str, int, types.WorkspaceSymbol]] = []
    if index is not None:
        found.extend(_indexed_symbols(index, {s.uri for s in snapshots}, wanted, encoding))
    for snapshot in snapshots:
        model = snapshot.analysis.model
        if model is None:
            continue
        for section, entries in (
            ("parameters", model.parameters),
            ("resources", model.resources),
            ("conditions", model.conditions),
            ("outputs", model.outputs),
        ):
            for name, entry in entries.items():
                rank = _match(wanted, name.lower())
                if rank is None:
                    continue
                start, end = token_span(snapshot.text, entry.key)
                symbol = types.WorkspaceSymbol(
                    name=name,
                    kind=_ENTRY_KINDS[section],
                    location=types.Location(uri=snapshot.uri, range=snapshot.range(start, end)),
                    container_name=section,
                )
                found.append((rank, name.lower(), snapshot.uri, start, symbol))
    found.sort(key=lambda item: item[:4])
    return [item[-1] for item in found[:limit]]


def _indexed_symbols(
    index: WorkspaceIndex, open_uris: set[str], wanted: str, encoding: Encoding
) -> list[tuple[int, str, str, int, types.WorkspaceSymbol]]:
    found = []
    for record in index.files("template"):
        uri = Path(record.path).as_uri()
        if uri in open_uris or record.stamp[0] == -1:  # an open document: its snapshot answers
            continue
        for section, spans in (
            ("parameters", record.parameters),
            ("resources", record.resources),
            ("outputs", record.outputs),
        ):
            for name, span in spans.items():
                rank = _match(wanted, name.lower())
                if rank is None:
                    continue
                start, end = span.columns(encoding)
                location = types.Location(
                    uri=uri, range=types.Range(types.Position(span.line, start), types.Position(span.line, end))
                )
                symbol = types.WorkspaceSymbol(
                    name=name, kind=_ENTRY_KINDS[section], location=location, container_name=section
                )
                found.append((rank, name.lower(), uri, span.line, symbol))
    return found


def _match(query: str, name: str) -> int | None:
    if not query or query in name:
        return 0
    position = 0
    for char in query:
        position = name.find(char, position) + 1
        if position == 0:
            return None
    return 1
