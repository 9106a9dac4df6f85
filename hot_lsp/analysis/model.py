"""The semantic model of one HOT template, built once per text.

It names every parameter, resource, condition and output with the node that
defines it, finds every intrinsic function call the way Heat's parser would
(a single-key mapping whose key is a function of the version and context),
keeps the single-key mappings that only look like calls (other versions,
CFN names, typos) for the rules to judge, and indexes every reference by
name. Rules and editor features read this index instead of walking the tree
again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from .. import spec
from ..document import Mapping, Node, ParsedDocument, Scalar, Sequence
from ..spec import Catalogue, TemplateVersion

if TYPE_CHECKING:
    from .registry import Registry

Context = Literal["normal", "condition"]
RefKind = Literal["parameter", "resource", "condition"]


@dataclass(frozen=True, slots=True)
class Where:
    """Where a node sits: section, entry name and the entry's key (e.g. resources/web/properties)."""

    section: str
    entry: str = ""
    field: str = ""

    def dotted(self) -> str:
        return ".".join(part for part in (self.section, self.entry, self.field) if part)


@dataclass(slots=True)
class Entry:
    """A named definition: a parameter, resource, condition or output."""

    name: str
    key: Scalar
    value: Node

    @property
    def body(self) -> Mapping | None:
        return self.value if isinstance(self.value, Mapping) else None

    def get(self, key: str) -> Node | None:
        body = self.body
        return body.get(key) if body is not None else None

    def scalar(self, key: str) -> object:
        node = self.get(key)
        return node.value if isinstance(node, Scalar) else None


@dataclass(slots=True)
class FunctionCall:
    name: str
    key: Scalar  # the function name as written
    args: Node
    node: Mapping  # the single-key mapping
    context: Context
    where: Where
    in_if_branch: bool = False  # under an `if` branch Heat may never parse


@dataclass(slots=True)
class LookAlike:
    """A single-key mapping that Heat reads as data (or rejects) but that looks like a call."""

    name: str
    key: Scalar
    args: Node
    node: Mapping
    context: Context
    where: Where


@dataclass(slots=True)
class Reference:
    kind: RefKind
    name: str
    node: Scalar  # the name as written
    via: str  # get_param, get_resource, get_attr, depends_on, condition, if, not, and, or, parameter_groups
    where: Where
    call: FunctionCall | None = None


@dataclass(slots=True)
class TemplateModel:
    parsed: ParsedDocument
    root: Mapping
    version: TemplateVersion  # the declared one, or the latest when missing/unknown
    version_known: bool
    parameters: dict[str, Entry] = field(default_factory=dict)
    resources: dict[str, Entry] = field(default_factory=dict)
    conditions: dict[str, Entry] = field(default_factory=dict)
    outputs: dict[str, Entry] = field(default_factory=dict)
    calls: list[FunctionCall] = field(default_factory=list)
    look_alikes: list[LookAlike] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    # The resource types the rules judge against: Heat's, plus the user's catalogues (validate.analyze sets it;
    # None means Heat's built-in catalogue).
    catalogue: Catalogue | None = None
    # The resource_registry in effect (Heat's global environment, then the configured environment files), which
    # maps types to other types or to templates; None when no environment is configured (validate.analyze sets it).
    registry: Registry | None = None

    def section(self, name: str) -> Node | None:
        return self.root.get(name)

    def references_to(self, kind: RefKind, name: str) -> list[Reference]:
        return [r for r in self.references if r.kind == kind and r.name == name]

    def calls_named(self, name: str) -> list[FunctionCall]:
        return [c for c in self.calls if c.name == name]

    def has_feature(self, feature: str) -> bool:
        return spec.has_feature(self.version, feature)

    def resource_types(self) -> Catalogue:
        return self.catalogue if self.catalogue is not None else spec.builtin_catalogue()


# -- building ----------------------------------------------------------------

# Entries of these sections are parsed for functions, and in which context.
_RESOURCE_FIELDS: dict[str, Context] = {
    "properties": "normal",
    "metadata": "normal",
    "update_policy": "normal",
    "deletion_policy": "normal",
    "external_id": "normal",
    "condition": "condition",
}
_OUTPUT_FIELDS: dict[str, Context] = {"value": "normal", "condition": "condition"}


def build_model(parsed: ParsedDocument) -> TemplateModel | None:
    """The model of a template; None when the root is not a mapping."""
    root = parsed.root
    if not isinstance(root, Mapping):
        return None
    version_node = root.get("heat_template_version")
    version = spec.lookup_version(version_node.value) if isinstance(version_node, Scalar) else None
    model = TemplateModel(parsed, root, version or spec.LATEST, version is not None)
    _Builder(model).build()
    return model


class _Builder:
    def __init__(self, model: TemplateModel) -> None:
        self.model = model
        self.normal = spec.functions_for(model.version)
        self.conditional = spec.condition_functions_for(model.version)

    def build(self) -> None:
        model = self.model
        model.parameters = _entries(model.root.get("parameters"))
        model.resources = _entries(model.root.get("resources"))
        model.conditions = _entries(model.root.get("conditions"))
        model.outputs = _entries(model.root.get("outputs"))
        self._parameter_groups(model.root.get("parameter_groups"))
        for name, entry in model.conditions.items():
            self.walk(entry.value, "condition", Where("conditions", name))
        for name, entry in model.resources.items():
            body = entry.body
            if body is None:
                continue
            for pair in body.entries():
                field_name = pair.key_value
                context = _RESOURCE_FIELDS.get(field_name) if isinstance(field_name, str) else None
                where = Where("resources", name, field_name if isinstance(field_name, str) else "")
                if field_name == "depends_on":
                    self._depends_on(pair.value, where)
                elif field_name == "condition":
                    self._condition_field(pair.value, where)
                elif context is not None:
                    self.walk(pair.value, context, where)
        for name, entry in model.outputs.items():
            body = entry.body
            if body is None:
                continue
            for pair in body.entries():
                field_name = pair.key_value
                where = Where("outputs", name, field_name if isinstance(field_name, str) else "")
                if field_name == "condition":
                    self._condition_field(pair.value, where)
                elif field_name == "value":
                    self.walk(pair.value, "normal", where)

    # -- references outside functions ------------------------------------
    def _ref(self, kind: RefKind, node: Node, via: str, where: Where, call: FunctionCall | None = None) -> None:
        if isinstance(node, Scalar) and isinstance(node.value, str):
            self.model.references.append(Reference(kind, node.value, node, via, where, call))

    def _parameter_groups(self, groups: Node | None) -> None:
        if not isinstance(groups, Sequence):
            return
        for index, group in enumerate(groups.items):
            if isinstance(group, Mapping):
                names = group.get("parameters")
                if isinstance(names, Sequence):
                    where = Where("parameter_groups", str(index), "parameters")
                    for item in names.items:
                        self._ref("parameter", item, "parameter_groups", where)

    def _depends_on(self, value: Node, where: Where) -> None:
        items = value.items if isinstance(value, Sequence) else (value,)
        for item in items:
            self._ref("resource", item, "depends_on", where)

    def _condition_field(self, value: Node, where: Where) -> None:
        if isinstance(value, Scalar):
            self._ref("condition", value, "condition", where)
        else:
            self.walk(value, "condition", where)

    # -- function-parsed values --------------------------------------------
    def walk(self, node: Node, context: Context, where: Where, in_if: bool = False) -> None:
        """Find calls the way Heat's parser does; an explicit stack, since input may nest deeply."""
        stack: list[tuple[Node, Context, bool]] = [(node, context, in_if)]
        # An alias shares its node. Each use site is walked (Heat builds every resource that uses a shared
        # node from it), but within one walk a node is looked at once; the parser bounds alias expansion.
        visited: set[int] = set()
        while stack:
            current, ctx, branch = stack.pop()
            if isinstance(current, Scalar):
                continue
            if id(current) in visited:
                continue
            visited.add(id(current))
            if isinstance(current, Sequence):
                stack.extend((item, ctx, branch) for item in reversed(current.items))
                continue
            assert isinstance(current, Mapping)
            if len(current.pairs) == 1:
                pair = current.pairs[0]
                name = pair.key_value
                if isinstance(name, str) and isinstance(pair.key, Scalar):
                    table = self.normal if ctx == "normal" else self.conditional
                    if name in table:
                        call = FunctionCall(name, pair.key, pair.value, current, ctx, where, branch)
                        self.model.calls.append(call)
                        self._call_arguments(call, stack)
                        continue
                    if self._looks_like_function(name):
                        self.model.look_alikes.append(LookAlike(name, pair.key, pair.value, current, ctx, where))
            # Plain data: Heat parses only its values, never its keys.
            stack.extend((p.value, ctx, branch) for p in reversed(current.pairs))

    def _looks_like_function(self, name: str) -> bool:
        return looks_like_function(name, self.model.version)

    def _call_arguments(self, call: FunctionCall, stack: list[tuple[Node, Context, bool]]) -> None:
        """Record references a call makes, and queue its arguments in the right context."""
        args, ctx, where, branch = call.args, call.context, call.where, call.in_if_branch
        name = call.name
        if name == "get_param":
            first = args.items[0] if isinstance(args, Sequence) and args.items else args
            self._ref("parameter", first, "get_param", where, call)
        elif name == "get_resource":
            self._ref("resource", args, "get_resource", where, call)
        elif name == "get_attr":
            if isinstance(args, Sequence) and args.items:
                self._ref("resource", args.items[0], "get_attr", where, call)
            elif isinstance(args, Scalar):
                self._ref("resource", args, "get_attr", where, call)
        elif name == "if" and isinstance(args, Sequence) and args.items:
            condition, *branches = args.items
            if isinstance(condition, Scalar):
                self._ref("condition", condition, "if", where, call)
            else:
                stack.append((condition, "condition", branch))
            for item in reversed(branches):
                stack.append((item, ctx, True))
            return
        elif name == "not" and isinstance(args, Scalar):
            self._ref("condition", args, "not", where, call)
            return
        elif name in ("and", "or") and isinstance(args, Sequence):
            for item in reversed(args.items):
                if isinstance(item, Scalar):
                    self._ref("condition", item, name, where, call)
                else:
                    stack.append((item, ctx, branch))
            return
        stack.append((args, ctx, branch))


@lru_cache(maxsize=4096)
def looks_like_function(name: str, version: TemplateVersion) -> bool:
    """A key Heat would read as data but a person probably meant as a function call."""
    if name in spec.FUNCTIONS or name in spec.CFN_ONLY_NAMES or name.startswith("Fn::"):
        return True
    return typo_of_function(name, version) is not None


@lru_cache(maxsize=4096)
def typo_of_function(name: str, version: TemplateVersion) -> str | None:
    """The function ``name`` is a near-certain misspelling of, in any context of ``version``."""
    if len(name) < 4 or name in spec.FUNCTIONS:
        return None
    for candidate in spec.nearest_function_names(name, version, 1) + spec.nearest_function_names(
        name, version, 1, condition=True
    ):
        if _close_typo(name, candidate):
            return candidate
    return None


def _close_typo(name: str, candidate: str) -> bool:
    """Only a near-certain misspelling counts: same first letter, small edit distance."""
    if len(name) < 4 or name[0].lower() != candidate[0]:
        return False
    return _edit_distance(name.lower(), candidate) <= (1 if len(candidate) <= 6 else 2)


def _edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _entries(section: Node | None) -> dict[str, Entry]:
    if not isinstance(section, Mapping):
        return {}
    result: dict[str, Entry] = {}
    for pair in section.entries():
        if isinstance(pair.key, Scalar) and pair.key.value is not None:
            result[str(pair.key.value)] = Entry(str(pair.key.value), pair.key, pair.value)
    return result
