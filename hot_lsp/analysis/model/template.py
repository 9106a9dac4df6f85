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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Generic, TypeVar

from ... import spec
from ...document import Mapping, Node, Pair, ParsedDocument, Scalar, Sequence, shifted
from ...document.pauses import pause_point
from ...spec import Catalogue, ResourceType, TemplateVersion
from ..functions import ArgumentChecker, Context, Fault, HeatFunction, RefKind, call_parser
from .cloud_offer import CloudOffer
from .kind import VERSION_KEY
from .registry import Registry
from .type_resolution import ResolvedKind, registered_type, resolve_type

T = TypeVar("T")

_CALLS_BETWEEN_PAUSES = 256  # the calls judged between two pause points (see document/pauses.py)


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
    """A call Heat's parser finds in the template, with the function it calls."""

    name: str
    key: Scalar  # the function name as written
    args: Node
    node: Mapping  # the single-key mapping
    context: Context
    where: Where
    function: HeatFunction
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
    version: TemplateVersion  # the declared one, or UNDECLARED_VERSION when missing or unknown
    version_known: bool
    version_pair: Pair | None = None  # the heat_template_version entry as written
    parameters: dict[str, Entry] = field(default_factory=dict)
    resources: dict[str, Entry] = field(default_factory=dict)
    conditions: dict[str, Entry] = field(default_factory=dict)
    outputs: dict[str, Entry] = field(default_factory=dict)
    calls: list[FunctionCall] = field(default_factory=list)
    look_alikes: list[LookAlike] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    # Every scalar written where a name is expected (in `references` when it is a string; a `condition: on`, read
    # as the boolean true, only here).
    name_slots: list[tuple[RefKind, Scalar]] = field(default_factory=list)
    # The resource types the rules judge against: Heat's, plus the user's catalogues (validate.analyze sets it;
    # None means Heat's built-in catalogue).
    catalogue: Catalogue | None = None
    # The resource_registry in effect (Heat's global environment, then the configured environment files), which
    # maps types to other types or to templates; None when no environment is configured (validate.analyze sets it).
    registry: Registry | None = None
    # The resource types the user's cloud offers (``hotLsp.cloud``, validate.analyze sets it); None: no cloud.
    cloud_offer: CloudOffer | None = None
    # Facts derived from the model on first use (argument faults, static conditions...): the model never changes.
    derived: dict[Callable[..., Any], Any] = field(default_factory=dict, repr=False)
    # What was derived from the earlier reading this model's text took its unchanged pieces from (its
    # ParsedDocument.memo): builders may take from it what still holds for the entries left as they were.
    earlier: dict[object, object] = field(default_factory=dict, repr=False)
    _resolved_types: dict[tuple[str, str | None], tuple[ResolvedKind, ResourceType | None]] = field(
        default_factory=dict, repr=False
    )

    def resolve_type(self, type_name: str, resource: str | None = None) -> tuple[ResolvedKind, ResourceType | None]:
        """What ``type_name`` (written for the resource ``resource``, or for a group's member: None) resolves to
        through the registry in effect: a type of the catalogue, a template, or nothing known. Asked once per
        name, so every rule and feature sees the same answer."""
        registry = self.registry
        # Entries scoped to a resource (``resources: <name>:``) make the answer depend on the resource's name.
        key = (type_name, resource if registry is not None and registry.scoped else None)
        found = self._resolved_types.get(key)
        if found is None:
            catalogue = self.resource_types()
            found = self._resolved_types[key] = (
                resolve_type(catalogue, type_name)
                if registry is None
                else registered_type(registry, catalogue, type_name, resource)
            )
        return found

    def argument_faults(self) -> dict[int, list[Fault]]:
        """What each call's function finds wrong with its literal arguments, by the id of the call's node.

        Built once per model from the functions' own checks, for the rules (which report it) and the evaluation
        rules (which leave a call with faults here to them). Calls and the look-alikes other codes report are
        opaque to the checks.
        """
        return self.derive(_argument_faults)

    def derive(self, build: Callable[[TemplateModel], T]) -> T:
        """``build(self)``, computed once per model (keyed by the function: pass module-level functions)."""
        try:
            return self.derived[build]  # type: ignore[no-any-return]
        except KeyError:
            value = self.derived[build] = build(self)
            return value

    def call_at(self, node: Node) -> FunctionCall | None:
        """The call whose one-key mapping is ``node`` (with the function it calls), if Heat parses one there."""
        return self.derive(_calls_by_node).get(id(node))

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


class EntryMemo(Generic[T]):
    """What was derived from single entries, carried from the model of the earlier reading to this one's.

    An edit leaves most pieces of a text as they were, and the reading keeps their nodes (moved): an entry whose key
    and value are the very nodes of the earlier model, under the same version, gets what was derived from it then.
    Each deriving module names its memo (``owner``); ``get`` returns None when the entry has to be derived again,
    ``keep`` records what the next model may take. Only for facts that read nothing outside the entry but the
    version (or that check the rest themselves)."""

    __slots__ = ("_before", "_now", "_version")

    def __init__(self, model: TemplateModel, owner: object) -> None:
        self._version: TemplateVersion = model.version
        self._now: dict[int, tuple[Node, Node, T]] = {}
        self._before: dict[int, tuple[Node, Node, T]] = {}
        earlier = model.earlier.get(owner)
        if isinstance(earlier, EntryMemo) and earlier._version == model.version:
            self._before = earlier._now
        model.parsed.memo[owner] = self

    def get(self, entry: Entry) -> T | None:
        found = self._before.get(id(entry.key))
        if found is None or found[0] is not entry.key or found[1] is not entry.value:
            return None
        return found[2]

    def keep(self, entry: Entry, value: T) -> None:
        self._now[id(entry.key)] = (entry.key, entry.value, value)


# -- building ----------------------------------------------------------------


def _calls_by_node(model: TemplateModel) -> dict[int, FunctionCall]:
    return {id(call.node): call for call in model.calls}


@dataclass(frozen=True, slots=True)
class _CallFaults:
    """What each call's function found wrong with its arguments, for the next model: by the call's id, the call
    (a call of an unchanged entry is the very object of the earlier model, see ``_Builder._entry``), where its
    node started then, and the faults found."""

    version: TemplateVersion
    calls: dict[int, tuple[FunctionCall, int, list[Fault]]]


def _argument_faults(model: TemplateModel) -> dict[int, list[Fault]]:
    # Heat builds a function object for every call and removed name; a look-alike is the literal map it is (its
    # own finding says why it is no call, and a function refusing that map is Heat's error too).
    # A call taken from the earlier model (its entry unchanged, under the same version) is judged from its own
    # nodes, the version and which of its nodes are calls (all inside it): its faults are the earlier ones, moved.
    earlier = model.earlier.get(_CallFaults)
    before = earlier.calls if isinstance(earlier, _CallFaults) and earlier.version == model.version else {}
    checker: ArgumentChecker | None = None
    faults: dict[int, list[Fault]] = {}
    now: dict[int, tuple[FunctionCall, int, list[Fault]]] = {}
    for index, call in enumerate(model.calls):
        if not index % _CALLS_BETWEEN_PAUSES:
            pause_point()  # (1,400 calls in endpoint_map.yaml: 1.5 ms)
        check = call.function.check
        if check is None:
            continue
        found = before.get(id(call))
        if found is not None and found[0] is call:
            judged = found[2]
            delta = call.node.start - found[1]
            if delta and judged:
                judged = [shifted(fault, delta) for fault in judged]
        else:
            if checker is None:
                checker = ArgumentChecker(model.version, model.parsed.text, {id(call.node) for call in model.calls})
            mark = len(checker.faults)
            check(checker, call)
            judged = checker.faults[mark:]
        now[id(call)] = (call, call.node.start, judged)
        if judged:
            faults.setdefault(id(call.node), []).extend(judged)
    model.parsed.memo[_CallFaults] = _CallFaults(model.version, now)
    return faults


# The version a template with no heat_template_version, or one Heat does not know, is read as: the newest, so
# every function and key is known to completion and the checks (the version rules report the value itself).
UNDECLARED_VERSION = spec.LATEST


def effective_version(models: Iterable[TemplateModel]) -> tuple[TemplateVersion, bool]:
    """The version to read a text with, from its models in order of preference (the current text's, then the
    last that parsed): the first one declared and known, else the first model's; whether it is declared."""
    candidates = list(models)
    for model in candidates:
        if model.version_known:
            return model.version, True
    return (candidates[0].version if candidates else UNDECLARED_VERSION), False


def build_model(parsed: ParsedDocument, earlier: ParsedDocument | None = None) -> TemplateModel | None:
    """The model of a template; None when the root is not a mapping. With ``earlier`` (the reading ``parsed``
    took its unchanged pieces from), the calls and references of each entry it still has are taken from the
    model built on it instead of found again."""
    root = parsed.root
    if not isinstance(root, Mapping):
        return None
    pair = root.pair(VERSION_KEY)
    version = spec.lookup_version(pair.value.value) if pair is not None and isinstance(pair.value, Scalar) else None
    model = TemplateModel(parsed, root, version or UNDECLARED_VERSION, version is not None, pair)
    if earlier is not None:
        model.earlier = earlier.memo
    _Builder(model).build()
    return model


@dataclass(frozen=True, slots=True)
class _EntryFacts:
    """What walking one entry added to the model."""

    calls: list[FunctionCall]
    look_alikes: list[LookAlike]
    references: list[Reference]
    name_slots: list[tuple[RefKind, Scalar]]


class _Builder:
    def __init__(self, model: TemplateModel) -> None:
        self.model = model
        self.facts: EntryMemo[_EntryFacts] = EntryMemo(model, _EntryFacts)

    def build(self) -> None:
        model = self.model
        model.parameters = _entries(model.root.get("parameters"))
        model.resources = _entries(model.root.get("resources"))
        model.conditions = _entries(model.root.get("conditions"))
        model.outputs = _entries(model.root.get("outputs"))
        self._parameter_groups(model.root.get("parameter_groups"))
        for name, entry in model.conditions.items():
            self._entry(entry, partial(self.walk, entry.value, "condition", Where("conditions", name)))
        for entry in model.resources.values():
            self._entry(entry, partial(self._fields, "resources", entry))
        for entry in model.outputs.values():
            self._entry(entry, partial(self._fields, "outputs", entry))

    def _entry(self, entry: Entry, walk: Callable[[], None]) -> None:
        """Walk one entry, or take what walking it added from the earlier model when it is the same entry."""
        model = self.model
        facts = self.facts.get(entry)
        if facts is not None:
            model.calls.extend(facts.calls)
            model.look_alikes.extend(facts.look_alikes)
            model.references.extend(facts.references)
            model.name_slots.extend(facts.name_slots)
        else:
            marks = (len(model.calls), len(model.look_alikes), len(model.references), len(model.name_slots))
            walk()
            facts = _EntryFacts(
                model.calls[marks[0] :],
                model.look_alikes[marks[1] :],
                model.references[marks[2] :],
                model.name_slots[marks[3] :],
            )
        self.facts.keep(entry, facts)

    def _fields(self, section: str, entry: Entry) -> None:
        """A resource's or output's keys: depends_on (resources) and condition name others; the rest are parsed
        in the function table their key has."""
        body = entry.body
        if body is None:
            return
        for pair in body.entries():
            field_name = pair.key_value
            context = spec.function_table_of(section, field_name) if isinstance(field_name, str) else None
            where = Where(section, entry.name, field_name if isinstance(field_name, str) else "")
            if field_name == "depends_on" and section == "resources":
                self._depends_on(pair.value, where)
            elif field_name == "condition":
                self._condition_field(pair.value, where)
            elif context is not None:
                self.walk(pair.value, context, where)

    # -- references outside functions ------------------------------------
    def _ref(self, kind: RefKind, node: Node, via: str, where: Where, call: FunctionCall | None = None) -> None:
        if isinstance(node, Scalar):
            self.model.name_slots.append((kind, node))
            if isinstance(node.value, str):
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
        model = self.model
        version = model.version
        parser = call_parser(version)
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
            pair = current.only_pair()
            entry = parser.entry(pair, ctx) if pair is not None else None
            if entry is not None and entry[1] == "call":
                assert pair is not None and isinstance(pair.key, Scalar)
                call = FunctionCall(pair.key.value, pair.key, pair.value, current, ctx, where, entry[0], branch)
                model.calls.append(call)
                self._call_arguments(call, stack)
                continue
            if pair is not None and (entry is not None or _looks_like_function(pair, version)):
                # Removed, invalid here, of another version, CFN or misspelt: the rules judge it.
                assert isinstance(pair.key, Scalar)
                model.look_alikes.append(LookAlike(pair.key.value, pair.key, pair.value, current, ctx, where))
            # Plain data: Heat parses only its values, never its keys.
            stack.extend((p.value, ctx, branch) for p in reversed(current.pairs))

    def _call_arguments(self, call: FunctionCall, stack: list[tuple[Node, Context, bool]]) -> None:
        """Record the names a call's arguments give, and queue its arguments in the contexts Heat parses them in."""
        args, ctx, where, branch = call.args, call.context, call.where, call.in_if_branch
        function = call.function
        references = function.references
        if references is not None:
            for node in references.nodes(args):
                self._ref(references.kind, node, call.name, where, call)
        if function.branches and isinstance(args, Sequence) and args.items:
            condition, *branches = args.items
            if not isinstance(condition, Scalar):
                stack.append((condition, "condition", branch))
            for item in reversed(branches):
                stack.append((item, ctx, True))
            return
        stack.append((args, ctx, branch))


def _looks_like_function(pair: Pair, version: TemplateVersion) -> bool:
    """Whether the one entry of a mapping has a key that looks like a function name Heat does not parse here."""
    return (
        isinstance(pair.key, Scalar)
        and isinstance(pair.key.value, str)
        and looks_like_function(pair.key.value, version)
    )


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
