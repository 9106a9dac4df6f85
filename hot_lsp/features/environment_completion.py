"""textDocument/completion in environment files: section names; resource types (the catalogue's names and
aliases) as registry keys and values; template file paths as registry values; ``hooks`` and
``restricted_actions`` values; merge strategies; event sink keys; and the parameter names of the templates the
environment applies to under ``parameters``, ``parameter_defaults`` and ``parameter_merge_strategies``.

``completion.completion`` finds the cursor and turns the items into LSP items (``completion_items``); this module
only says what fits where (the slot comes from :func:`hot_lsp.analysis.queries.cursor.cursor_at`).
"""

from __future__ import annotations

from dataclasses import replace

from ..analysis.model.environment import HOOKS, MERGE_STRATEGIES, RESTRICTED_ACTIONS, SECTIONS, EnvironmentModel
from ..analysis.queries.cursor import Cursor
from ..analysis.queries.locate import Path, lookup
from ..analysis.result import Analysis
from ..document import Mapping, Scalar
from ._targets import document_path
from .completion_docs import environment_section_doc, fixed_value_doc, key_doc
from .completion_items import KEYS, NAMES, VALUES, DocRef, Item, Kind
from .environment_hover import (
    EVENT_SINK_KEY_DOCS,
    MERGE_DEFAULT_DOC,
    REGISTRY_KEY_DOCS,
    VALUE_DOCS,
    describe_template_parameter,
)
from .environment_templates import environment_of, environment_parameters, template_paths
from .resource_type_completion import type_items
from .snapshot import Snapshot
from .snippets import escape_snippet

_LIST_SECTIONS = frozenset({"event_sinks", "encrypted_param_names"})
_PARAMETER_SECTIONS = frozenset({"parameters", "parameter_defaults"})
# Values of the keys that take names from a fixed list.
_FIXED_VALUES: dict[str, tuple[str, ...]] = {
    "hooks": HOOKS,
    "restricted_actions": RESTRICTED_ACTIONS,
    "parameter_merge_strategies": MERGE_STRATEGIES,
}


def environment_items(snapshot: Snapshot, cursor: Cursor) -> list[Item]:
    """What may be typed at ``cursor`` in an environment file (empty where nothing fits)."""
    found = environment_of(snapshot.analysis, snapshot.last_good)
    analysis = found[0] if found is not None else snapshot.analysis
    environment = found[1] if found is not None else None
    context = _Context(snapshot, cursor, analysis, environment)
    if cursor.slot == "key":
        items = context.keys()
        if cursor.bare:
            items += context.values(cursor.path)  # a word alone on its line: maybe a list item (`- pre-create`)
        return items
    return context.values(cursor.path)


def new_environment_items(cursor: Cursor) -> list[Item]:
    """The sections, for an empty file named as an environment."""
    return [_section(name, rank, cursor) for rank, name in enumerate(SECTIONS)]


class _Context:
    def __init__(
        self, snapshot: Snapshot, cursor: Cursor, analysis: Analysis, environment: EnvironmentModel | None
    ) -> None:
        self.snapshot = snapshot
        self.cursor = cursor
        self.analysis = analysis
        self.environment = environment

    # -- keys -------------------------------------------------------------------------------------------------

    def keys(self) -> list[Item]:
        path = self.cursor.path
        present = self.present()
        if path == ():
            return [_section(name, rank, self.cursor) for rank, name in enumerate(SECTIONS) if name not in present]
        section, inner = path[0], path[1:]
        items: list[Item] = []
        if section == "resource_registry":
            if inner == ():
                items = [self.registry_key(k, rank) for rank, k in enumerate(("resources", "base_url"))]
            elif inner[0] == "resources" and len(inner) >= 2:
                keys = (
                    ("hooks", "restricted_actions", "base_url") if len(inner) == 2 else ("hooks", "restricted_actions")
                )
                items = [self.registry_key(k, rank) for rank, k in enumerate(keys)]
            else:
                return []
            items += [self.type_key(item) for item in type_items(self.snapshot.catalogue)]
        elif section in _PARAMETER_SECTIONS and inner == ():
            items = self.parameter_keys()
        elif section == "parameter_merge_strategies" and inner == ():
            items = [self.word_key("default", MERGE_DEFAULT_DOC, 0, doc_ref=("merge_default",)), *self.parameter_keys()]
        elif section == "event_sinks" and len(inner) == 1 and isinstance(inner[0], int):
            items = [
                self.word_key(k, key_doc("event_sink", k), rank, doc_ref=("key", "event_sink", k))
                for rank, k in enumerate(EVENT_SINK_KEY_DOCS)
            ]
        return [item for item in items if item.label not in present]

    def parameter_keys(self) -> list[Item]:
        declared = environment_parameters(self.analysis, self.snapshot.uri, self.snapshot.files)
        items = []
        for rank, (name, where) in enumerate(sorted(declared.items())):
            first = where[0]
            detail = f"{first.type} parameter" if first.type else "parameter"
            item = self.word_key(name, describe_template_parameter(first, len(where) - 1), rank, Kind.Variable)
            items.append(replace(item, group=NAMES, detail=detail))
        return items

    def word_key(
        self, name: str, doc: str | None, rank: int, kind: Kind = Kind.Property, doc_ref: DocRef | None = None
    ) -> Item:
        cursor = self.cursor
        if cursor.quote:
            insert, snippet = name, False
        elif cursor.key_follows:
            insert, snippet = escape_snippet(name), True
        else:
            insert, snippet = f"{escape_snippet(name)}: $0", True
        return Item(name, kind, insert, KEYS, rank, "key", doc, snippet=snippet, doc_ref=doc_ref)

    def registry_key(self, name: str, rank: int) -> Item:
        return self.word_key(name, REGISTRY_KEY_DOCS[name], rank, doc_ref=("key", "resource_registry", name))

    def type_key(self, item: Item) -> Item:
        keyed = self.word_key(item.label, item.doc, item.rank, Kind.Class)
        return replace(item, insert=keyed.insert, snippet=keyed.snippet)

    def present(self) -> set[str]:
        """Keys the mapping at the cursor already has, but the one being typed (in broken text, only those
        read before the cursor's line)."""
        parsed = self.snapshot.analysis.parsed
        node = lookup(parsed.root, self.cursor.path)
        if not isinstance(node, Mapping):
            return set()
        reliable = len(parsed.text) if parsed.syntax_ok else self.cursor.line_start
        return {
            str(pair.key_value)
            for pair in node.pairs
            if isinstance(pair.key, Scalar)
            and pair.key.start < reliable
            and parsed.lines.line_of(pair.key.start) != self.cursor.line
        }

    # -- values -----------------------------------------------------------------------------------------------

    def values(self, path: Path) -> list[Item]:
        if not path:
            return []
        section, inner = path[0], path[1:]
        if section == "resource_registry" and inner:
            fixed = _fixed_key(inner)
            if fixed is not None:
                return _fixed_items(fixed)
            last = inner[-1]
            if not isinstance(last, str) or (len(inner) == 1 and last in ("resources", "base_url")):
                return []
            if len(inner) == 2 and inner[0] == "resources":
                return []  # a resource name's value is a map of mappings
            return self.targets()
        if section == "parameter_merge_strategies" and len(inner) == 1:
            return _fixed_items("parameter_merge_strategies")
        if section == "event_sinks" and len(inner) == 2 and inner[1] == "type":
            doc, ref = VALUE_DOCS["event_sinks"]["zaqar-queue"], ("event_sink_type", "zaqar-queue")
            return [Item("zaqar-queue", Kind.EnumMember, "zaqar-queue", VALUES, 0, "event sink", doc, doc_ref=ref)]
        return []

    def targets(self) -> list[Item]:
        """A registry value: a type (Heat's, or one this file maps) or a template path."""
        typed = self.cursor.prefix
        items: list[Item] = []
        if "::" not in typed:
            items += self.paths(typed)
        if "/" not in typed and not typed.startswith("."):
            items += type_items(self.snapshot.catalogue)
            items += self.mapped_types()
        return items

    def mapped_types(self) -> list[Item]:
        """Types this file's registry maps, that Heat does not have (an alias may point at them)."""
        if self.environment is None:
            return []
        catalogue = self.snapshot.catalogue
        names = sorted(
            {e.name for e in self.environment.registry if e.kind in ("alias", "template") and "::" in e.name}
        )
        return [
            Item(name, Kind.Class, name, VALUES, 9000 + rank, "mapped in this file")
            for rank, name in enumerate(names)
            if catalogue.get(name) is None
        ]

    def paths(self, typed: str) -> list[Item]:
        own = document_path(self.snapshot.uri)
        if own is None:
            return []
        items = []
        for rank, (path, is_folder) in enumerate(template_paths(own, typed, self.snapshot.files)):
            kind = Kind.Folder if is_folder else Kind.File
            items.append(Item(path, kind, path, NAMES, rank, "folder" if is_folder else "template", filter=path))
        return items


def _fixed_key(inner: Path) -> str | None:
    """``hooks`` or ``restricted_actions`` when the value at ``inner`` is one of theirs (or an item of one)."""
    last = inner[-1]
    if isinstance(last, int) and len(inner) >= 2:
        last = inner[-2]
    return last if last in ("hooks", "restricted_actions") else None


def _fixed_items(key: str) -> list[Item]:
    what = {"hooks": "hook", "restricted_actions": "restricted action"}.get(key, "merge strategy")
    return [
        Item(
            name,
            Kind.EnumMember,
            name,
            VALUES,
            rank,
            what,
            fixed_value_doc(key, name),
            doc_ref=("fixed_value", key, name),
        )
        for rank, name in enumerate(_FIXED_VALUES[key])
    ]


def _section(name: str, rank: int, cursor: Cursor) -> Item:
    if cursor.quote:
        insert = name
    elif cursor.key_follows:
        insert = escape_snippet(name)
    elif cursor.flow:
        insert = f"{name}: $0"
    else:
        indent = " " * (cursor.column + 2)
        insert = f"{name}:\n{indent}" + ("- $0" if name in _LIST_SECTIONS else "$0")
    doc, ref = environment_section_doc(name), ("environment_section", name)
    return Item(name, Kind.Module, insert, KEYS, rank, "section", doc, snippet=not cursor.quote, doc_ref=ref)
