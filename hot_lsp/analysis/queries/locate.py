"""What is at an offset of a template: where it sits, in which call, at a key or a value.

:func:`hit_at` finds the node of the (possibly partial) tree under an offset, with the path of keys and
indices from the root. Hover uses it: the thing hovered exists in the tree. (Completion, where the text under
the cursor is half-typed, finds its path with :func:`hot_lsp.analysis.queries.cursor.cursor_at` instead.)

:func:`classify` turns a path into its meaning for HOT: section, entry and field, which
function table applies (normal or condition) and the chain of enclosing calls. Hover and
completion share it. :class:`KnownNames` gathers the names and version to complete from: the current model,
and the last model that parsed when the text is broken. :func:`roles` indexes a model's
references and calls by node, for hover.

Pure analysis: no LSP types here; offsets are character offsets into the text.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ... import spec
from ...document import LineIndex, Mapping, Node, Scalar, Sequence
from ...spec import TemplateVersion
from .. import functions
from ..functions import Context, HeatFunction, RefKind
from ..model.template import Entry, FunctionCall, LookAlike, Reference, effective_version
from ..result import Analysis

PathPart = str | int
Path = tuple[PathPart, ...]

# Fields whose value is a map of names (properties, metadata keys): its own keys are never calls.
NAMED_KEY_FIELDS: frozenset[str] = frozenset({"properties", "metadata", "update_policy"})


# -- meaning of a path ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """A function call on a path: its name, where its key sits in the path, its table and its function."""

    name: str
    index: int  # position of the function name in the path
    context: Context
    function: HeatFunction


@dataclass(frozen=True, slots=True)
class PathMeaning:
    """What a path means in a template."""

    path: Path
    section: str = ""
    entry: str = ""
    field: str = ""
    context: Context | None = None  # the function table a value here is parsed with; None: no functions
    calls: tuple[Call, ...] = ()  # enclosing calls, outermost first
    body: int = 0  # where the function-parsed part of the path starts (after the field)

    @property
    def call(self) -> Call | None:
        return self.calls[-1] if self.calls else None

    @property
    def arguments(self) -> Path:
        """The path inside the innermost call's arguments (() for the argument itself)."""
        call = self.call
        return self.path[call.index + 1 :] if call is not None else ()

    @property
    def inside(self) -> Path:
        """The path below the field (below the condition's name in `conditions`)."""
        return self.path[self.body :]


def classify(path: Path, version: TemplateVersion) -> PathMeaning:
    """The meaning of ``path`` in a template of ``version``."""
    section = path[0] if path and isinstance(path[0], str) else ""
    entry = str(path[1]) if len(path) > 1 else ""
    field_name = path[2] if len(path) > 2 and isinstance(path[2], str) else ""
    context: Context | None = None
    body = len(path)
    if section in ("resources", "outputs") and field_name:
        context = spec.function_table_of(section, field_name)
        body = 3 if context is not None else body
    elif section == "conditions" and len(path) > 1:
        context, body, field_name = "condition", 2, ""
    if context is None:
        return PathMeaning(path, section, entry, field_name, None, (), body)
    calls: list[Call] = []
    current: Context = context
    index = body
    while index < len(path):
        part = path[index]
        function = functions.table(version, current).get(part) if isinstance(part, str) else None
        if function is not None and isinstance(part, str):
            calls.append(Call(part, index, current, function))
            if function.branches and index + 1 < len(path) and path[index + 1] == 0:
                # The first argument of `if` is a condition.
                current = "condition"
                index += 2
                continue
        index += 1
    return PathMeaning(path, section, entry, field_name, current, tuple(calls), body)


def name_slot(place: PathMeaning) -> RefKind | None:
    """The kind of name a value at ``place`` holds: get_param's parameter, depends_on's resources..."""
    path = place.path
    call = place.call
    if call is not None:
        references = call.function.references
        return references.kind if references is not None and references.at(place.arguments) else None
    if place.section in ("resources", "outputs") and place.field == "condition" and place.inside == ():
        return "condition"
    if place.section == "resources" and place.field == "depends_on" and len(path) in (3, 4):
        return "resource"
    if place.section == "parameter_groups" and place.field == "parameters" and len(path) in (3, 4):
        return "parameter"
    return None


# -- the tree under an offset (hover) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NodeAtOffset:
    """The node under an offset: a key or a value, with its path and container."""

    node: Node
    path: Path  # to the node itself (for a key: to the mapping holding it, plus the key)
    is_key: bool
    container: Node | None  # the mapping or sequence holding the node


def key_part(key: Node) -> str:
    """A key as a path part (a key that is not a scalar: ``?``)."""
    return str(key.value) if isinstance(key, Scalar) else "?"


def pair_end(key: Node, value: Node) -> int:
    """Where a pair's text ends: its value's end, or its key's when the value is an alias of a node written
    earlier (then only the key is here)."""
    return value.end if value.start >= key.start and value.end > key.end else key.end


def child_pair(mapping: Mapping, offset: int) -> int:
    """Index of the pair of ``mapping`` whose key or value holds ``offset``, or -1."""
    pairs = mapping.pairs
    index = bisect_right(pairs, offset, key=lambda p: p.key.start) - 1
    if 0 <= index < len(pairs):
        pair = pairs[index]
        if pair.key.start <= offset <= pair_end(pair.key, pair.value):
            return index
    # Aliased keys or odd ranges after errors break the order: look at every pair.
    for index, pair in enumerate(pairs):
        if pair.key.start <= offset <= pair_end(pair.key, pair.value):
            return index
    return -1


def child_item(sequence: Sequence, offset: int) -> int:
    """Index of the item of ``sequence`` that holds ``offset``, or -1."""
    items = sequence.items
    index = bisect_right(items, offset, key=lambda n: n.start) - 1
    if 0 <= index < len(items) and items[index].start <= offset <= items[index].end:
        return index
    for index, item in enumerate(items):
        if item.start <= offset <= item.end:
            return index
    return -1


def hit_at(root: Node | None, offset: int) -> NodeAtOffset | None:
    """The deepest key or scalar value under ``offset`` (a word's end counts as inside it)."""
    if root is None or not root.start <= offset <= root.end:
        return None
    node: Node = root
    path: list[PathPart] = []
    container: Node | None = None
    for _ in range(10_000):  # bounded: a DAG walk must end
        if isinstance(node, Mapping):
            index = child_pair(node, offset)
            if index < 0:
                break
            pair = node.pairs[index]
            key, value = pair.key, pair.value
            in_value = value.start <= offset <= value.end and value.start >= key.end
            if key.start <= offset < key.end or (offset == key.end and not in_value):
                if isinstance(key, Scalar):
                    return NodeAtOffset(key, (*path, key_part(key)), True, node)
                node, container = key, node
                continue
            if not in_value:
                break
            path.append(key_part(key))
            node, container = value, node
        elif isinstance(node, Sequence):
            index = child_item(node, offset)
            if index < 0:
                break
            path.append(index)
            node, container = node.items[index], node
        else:
            return NodeAtOffset(node, tuple(path), False, container)
    return None


def lookup(root: Node | None, path: Path) -> Node | None:
    """The node at ``path`` (keys and indices), or None."""
    node = root
    for part in path:
        if isinstance(node, Mapping) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, Sequence) and isinstance(part, int) and 0 <= part < len(node.items):
            node = node.items[part]
        else:
            return None
    return node


# -- names to complete and describe ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Named:
    """A definition and the text its offsets point into."""

    entry: Entry
    text: str
    lines: LineIndex


@dataclass(slots=True)
class KnownNames:
    """Names and version to offer: from the current model, and from the last good one when broken."""

    version: TemplateVersion
    version_known: bool
    parameters: dict[str, Named]
    resources: dict[str, Named]
    conditions: dict[str, Named]
    outputs: dict[str, Named]


def known_names(analysis: Analysis, last_good: Analysis | None) -> KnownNames:
    """Gather names from ``analysis`` and, when its text does not parse, from ``last_good``."""
    sources: list[Analysis] = []
    if analysis.model is not None:
        sources.append(analysis)
    broken = not analysis.parsed.syntax_ok or analysis.model is None
    if broken and last_good is not None and last_good is not analysis and last_good.model is not None:
        sources.append(last_good)
    version, version_known = effective_version(source.model for source in sources if source.model is not None)
    tables: dict[str, dict[str, Named]] = {"parameters": {}, "resources": {}, "conditions": {}, "outputs": {}}
    for source in sources:
        model = source.model
        assert model is not None
        for name, table in tables.items():
            for entry_name, entry in getattr(model, name).items():
                table.setdefault(entry_name, Named(entry, source.text, source.parsed.lines))
    return KnownNames(
        version,
        version_known,
        tables["parameters"],
        tables["resources"],
        tables["conditions"],
        tables["outputs"],
    )


def is_template(analysis: Analysis, last_good: Analysis | None) -> bool:
    """Whether editor features for templates apply: the text is (or was, before it broke) a template."""
    if analysis.kind == "template":
        return True
    if analysis.parsed.syntax_ok:
        return False
    return last_good is not None and last_good.kind == "template"


# -- references and calls by node (hover) -----------------------------------------------------------


@dataclass(slots=True)
class NodeRoles:
    references: dict[int, Reference]
    calls: dict[int, FunctionCall]
    look_alikes: dict[int, LookAlike]


def node_roles(analysis: Analysis) -> NodeRoles | None:
    """References by the node naming them, and calls and look-alikes by their key node (once per analysis)."""
    model = analysis.model
    if model is None:
        return None
    return analysis.derive(_build_roles)


def _build_roles(analysis: Analysis) -> NodeRoles:
    model = analysis.model
    assert model is not None
    return NodeRoles(
        {id(r.node): r for r in model.references},
        {id(c.key): c for c in model.calls},
        {id(a.key): a for a in model.look_alikes},
    )
