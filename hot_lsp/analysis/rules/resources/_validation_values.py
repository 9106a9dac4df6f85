"""Property values as a resource plugin's ``validate()`` reads them, for the checks of ``resource_validation``.

A plugin reads ``self.properties[name]``: the value written (converted to the property's type), the schema's
default when nothing is written, or None. A nested map's and a list item's values read the same way. :class:`Props`
gives that for literal values; reading a value no literal gives (a function call, a value the schema refuses, a
list with a call in it) raises :class:`Unknown`, and the check that read it says nothing. So a check is written
like Heat's own, and only ever judges what the template settles.

Heat's translation rules run before: a REPLACE rule gives a property the value of the one it replaces (``imageRef``
fills ``image``), which then reads as nothing; ``Site.renames`` lists them per type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ....document import Mapping, Node, Scalar, Sequence
from ....document.nodes import walk
from ....spec.resource_types import PropertySchema, ResourceType, from_heat
from ...model.template import TemplateModel
from ...report import span_of_key_line
from ...stack.dependencies import static_condition
from ...values.property_values import Rejected, constraints_problem, convert_scalar, null_value

Where = Node | tuple[int, int]
Finding = tuple[Where, str]  # where to report, Heat's message
Check = Callable[["Props"], Iterable[Finding]]
Path = tuple[str, ...]  # property names from the resource's properties down; "*" for a list's items
# A REPLACE translation rule: at ``path``, the property ``name`` takes the value written at ``source`` (a path
# below the same mapping), which then reads as nothing.
Rename = tuple[Path, str, Path]

_SCALARS = ("String", "Integer", "Number", "Boolean")


class Unknown(Exception):
    """A value the template does not settle: the check reading it says nothing."""


@dataclass
class Site:
    """The resource being validated, and the template around it."""

    model: TemplateModel
    name: str
    body: Mapping
    rtype: ResourceType
    renames: tuple[Rename, ...] = ()
    # For a group's member, the group: the member is validated in the group's nested stack, where the other
    # resources are its siblings, not the template's.
    group: str = ""
    index_var: str = ""  # text a ResourceGroup replaces with each member's index: values holding it vary
    _sources: dict[Path, dict[str, Path]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        for path, name, source in self.renames:
            self._sources.setdefault(path, {})[name] = source

    def sources(self, path: Path) -> dict[str, Path]:
        """Property -> the path it takes its value from, for the mapping at ``path``."""
        return self._sources.get(path, {})

    def replaced(self, path: Path, name: str) -> bool:
        """Whether a translation rule moves ``name``'s value elsewhere (it then reads as nothing)."""
        return any(source[0] == name for source in self.sources(path).values())

    def exists(self, name: str) -> bool:
        """Whether the stack has the resource ``name`` (Heat leaves out one whose condition is false)."""
        if self.group:
            raise Unknown
        entry = self.model.resources.get(name)
        if entry is None:
            return False
        condition = entry.get("condition")
        if condition is None:
            return True
        value = static_condition(self.model, condition)
        if value is None:
            raise Unknown
        return value

    def other(self, name: str) -> tuple[ResourceType, Props] | None:
        """Another resource's type (one of Heat's) and properties; None when the stack has no such resource."""
        if not self.exists(name):
            return None
        body = self.model.resources[name].body
        type_node = body.get("type") if body is not None else None
        if body is None or not (isinstance(type_node, Scalar) and isinstance(type_node.value, str)):
            raise Unknown
        _, rtype = self.model.resolve_type(type_node.value, name)
        if rtype is None or not from_heat(rtype):
            raise Unknown  # a template resource, or a type Heat does not ship: what it reads is not known
        return rtype, top_level(Site(self.model, name, body, rtype), rtype.properties)

    def refers_to(self, name: str) -> bool:
        """Whether this resource's definition names ``name`` with a function or depends_on (a dependency)."""
        if self.group:
            raise Unknown
        named = any(
            ref.kind == "resource" and ref.name == name and ref.where.section == "resources"
            for ref in self.model.references
            if ref.where.entry == self.name
        )
        return named or any(  # CFN's Ref (HOT 2013-05-23) names a resource or a parameter
            call.name == "Ref" and isinstance(call.args, Scalar) and call.args.value == name
            for call in self.model.calls
            if call.where.section == "resources" and call.where.entry == self.name
        )

    def section(self, key: str) -> Node | None:
        """A literal section of the resource (``metadata``, ``update_policy``); Unknown when a function gives it."""
        node = self.body.get(key)
        if node is not None and self.model.call_at(node) is not None:
            raise Unknown
        return node


class Props:
    """The values of one mapping of properties (or of a nested map, a list item) as the plugin reads them."""

    def __init__(
        self,
        site: Site,
        node: Mapping | None,
        schema: dict[str, PropertySchema],
        path: Path,
        anchor: Where,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.site = site
        self.node = node  # the mapping written (None: nothing written)
        self.schema = schema
        self.path = path
        self.anchor = anchor  # where findings about a property not written go
        self.data = data  # a default value standing for the mapping (already of the right types)

    @property
    def name(self) -> str:
        """The resource's name."""
        return self.site.name

    # -- values --------------------------------------------------------------------------------------------

    def __getitem__(self, name: str) -> Any:
        prop = self.schema[name]
        source = self.site.sources(self.path).get(name)
        if source is not None:
            moved = self._at_path(source, prop)
            if moved is not None:
                return moved
        if self.site.replaced(self.path, name):
            return None
        return self._value(name, prop)

    def given_twice(self, name: str) -> Where | None:
        """Where the property a translation rule moves to ``name`` is written, when ``name`` is given too (both
        truthy, as written and as converted: Heat tests one or the other, depending on the rule)."""
        source = self.site.sources(self.path)[name]
        node = self.node.get(name) if self.node is not None else None
        moved = self._node_at(source)
        if node is None or moved is None:
            return None
        prop = self.schema[name]
        values = (
            node.to_python(),
            moved.to_python(),
            _converted(self.site, prop, node),
            _converted(self.site, prop, moved),
        )
        return self._key_at(source) if all(values) else None

    def written(self, name: str) -> bool:
        return self.node is not None and name in self.node

    def key(self, name: str) -> Where:
        """Where to report about ``name``: its key when written, else where the mapping is."""
        pair = self.node.pair(name) if self.node is not None else None
        return pair.key if pair is not None else self.anchor

    def items(self, name: str) -> list[Props]:
        """Each item of a list of maps; [] when there is none."""
        prop = self.schema[name]
        item = prop.schema.get("*") if prop.schema is not None else None
        if item is None or item.schema is None:
            raise KeyError(f"{name} is not a list of maps")
        node = self.node.get(name) if self.node is not None else None
        path = (*self.path, name, "*")
        if node is None or (isinstance(node, Scalar) and node.value is None):
            # Not given: the default's items. Null reads as the default too (or as no item).
            default = prop.default if node is None else null_value(prop)
            data = [d for d in default if isinstance(d, dict)] if isinstance(default, list) else []
            return [Props(self.site, None, item.schema, path, self.key(name), data=d) for d in data]
        if not isinstance(node, Sequence) or self.site.model.call_at(node) is not None:
            raise Unknown
        found = []
        for child in node.items:
            if not isinstance(child, Mapping) or self.site.model.call_at(child) is not None:
                raise Unknown
            found.append(Props(self.site, child, item.schema, path, span_of_key_line(self.site.model, child)))
        return found

    def sub(self, name: str) -> Props | None:
        """A nested map with a schema; None when not given and without a default."""
        prop = self.schema[name]
        if prop.schema is None:
            raise KeyError(f"{name} is not a map with a schema")
        node = self.node.get(name) if self.node is not None else None
        path = (*self.path, name)
        if node is None:
            data = prop.default if isinstance(prop.default, dict) else None
            return Props(self.site, None, prop.schema, path, self.key(name), data=data) if data is not None else None
        if not isinstance(node, Mapping) or self.site.model.call_at(node) is not None:
            raise Unknown
        return Props(self.site, node, prop.schema, path, self.key(name))

    def reference(self, name: str) -> str | None:
        """The resource a property names, as Heat finds it by reference: `get_resource: x` or the name itself."""
        node = self.node.get(name) if self.node is not None else None
        if node is None:
            return None
        call = self.site.model.call_at(node)
        if call is not None:
            args = call.args
            if call.name == "get_resource" and isinstance(args, Scalar) and isinstance(args.value, str):
                return args.value
            raise Unknown
        value = self[name]
        return value if isinstance(value, str) else None

    def by_function(self, name: str) -> bool:
        """Whether a function gives the value."""
        node = self.node.get(name) if self.node is not None else None
        return node is not None and self.site.model.call_at(node) is not None

    def shown(self, name: str) -> str:
        """A value as a message shows it: the value, or the text written when a function gives it."""
        try:
            return str(self[name])
        except Unknown:
            node = self.node.get(name) if self.node is not None else None
            assert node is not None  # only a written value can be unknown
            return self.site.model.parsed.text[node.start : node.end]

    def scalars(self, name: str) -> list[tuple[Node, Any]]:
        """The literal scalar items of a list, with where each is written (an item a function gives is left out)."""
        node = self.node.get(name) if self.node is not None else None
        if node is None:
            return []
        if not isinstance(node, Sequence) or self.site.model.call_at(node) is not None:
            raise Unknown
        return [(item, item.value) for item in node.items if isinstance(item, Scalar)]

    def keys_of(self, name: str) -> list[tuple[Where, Any]]:
        """The keys of a map property, with where each is written (the default's when nothing is written)."""
        node = self.node.get(name) if self.node is not None else None
        if node is None:
            default = self.schema[name].default
            return [(self.anchor, key) for key in default] if isinstance(default, dict) else []
        if not isinstance(node, Mapping) or self.site.model.call_at(node) is not None:
            raise Unknown
        return [(pair.key, pair.key_value) for pair in node.entries()]

    # -- reading -------------------------------------------------------------------------------------------

    def _value(self, name: str, prop: PropertySchema) -> Any:
        node = self.node.get(name) if self.node is not None else None
        if node is None:
            if self.data is not None and name in self.data:
                return self.data[name]
            return prop.default
        return _converted(self.site, prop, node)

    def _at_path(self, path: Path, prop: PropertySchema) -> Any:
        node = self._node_at(path)
        if node is None:
            return None
        if isinstance(node, Scalar) and node.value is None:
            raise Unknown  # whether Heat reads null as nothing or as an empty value depends on the rule
        return _converted(self.site, prop, node)

    def _node_at(self, path: Path) -> Node | None:
        node: Node | None = self.node
        for key in path:
            if node is None:
                return None
            if not isinstance(node, Mapping) or self.site.model.call_at(node) is not None:
                raise Unknown
            node = node.get(key)
        return node

    def _key_at(self, path: Path) -> Where:
        node: Node | None = self.node
        where: Where = self.anchor
        for key in path:
            pair = node.pair(key) if isinstance(node, Mapping) else None
            if pair is None:
                return where
            where, node = pair.key, pair.value
        return where


def top_level(site: Site, schema: dict[str, PropertySchema]) -> Props:
    """The resource's ``properties`` (nothing written: every property reads its default)."""
    pair = site.body.pair("properties")
    type_pair = site.body.pair("type")
    anchor: Where = pair.key if pair is not None else (type_pair.value if type_pair is not None else site.body)
    if pair is None:
        return Props(site, None, schema, (), anchor)
    if not isinstance(pair.value, Mapping) or site.model.call_at(pair.value) is not None:
        raise Unknown  # a function gives them all (or they are no map: the resources rules report that)
    return Props(site, pair.value, schema, (), anchor)


def each(items: Iterable[Props], check: Callable[[Props], Iterable[Finding]]) -> Iterator[Finding]:
    """``check`` on each item, an item whose values are not settled saying nothing about the others."""
    for item in items:
        try:
            found = list(check(item))
        except Unknown:
            continue
        yield from found


def _converted(site: Site, prop: PropertySchema, node: Node) -> Any:
    """A written value as Heat converts it; Unknown when a function gives it, when it differs from member to
    member, or when the schema refuses it (the schema rules report that)."""
    for inner in walk(node):
        if isinstance(inner, Mapping) and site.model.call_at(inner) is not None:
            raise Unknown
        if (
            site.index_var
            and isinstance(inner, Scalar)
            and isinstance(inner.value, str)
            and site.index_var in inner.value
        ):
            raise Unknown
    if isinstance(node, Scalar) and node.value is None:
        value = null_value(prop)
    elif prop.type in _SCALARS:
        if not isinstance(node, Scalar):
            raise Unknown
        try:
            value = convert_scalar(prop.type, node.value)
        except Rejected:
            raise Unknown from None
    elif prop.type == "Map" and isinstance(node, Mapping) or prop.type == "List" and isinstance(node, Sequence):
        value = node.to_python()
        if isinstance(value, dict) and prop.schema is not None:
            value = {**{k: p.default for k, p in prop.schema.items()}, **value}
    elif prop.type == "Any":
        value = node.to_python()
    else:
        raise Unknown
    if constraints_problem(prop, value) is not None:
        raise Unknown
    return value
