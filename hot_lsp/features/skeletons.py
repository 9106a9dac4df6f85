"""Skeletons completion inserts: a resource with its required properties, a new template, a new section entry.

- A resource type chosen in a resource's ``type:`` brings ``properties:`` with every required property (the
  catalogue's; a template resource's: its child's parameters without a default), each a snippet placeholder of
  its type (``[]``, ``{}``, ``''``...) or a choice of ``{get_param: NAME}`` where parameters fit
  (``analysis/required_properties``, which E3017's quick fix shares), then what the type's own checks want
  written (E3026's, declared beside each check: a server's ``image``...), each value one its schema and those
  checks take (``analysis/model/example_values``: ``cidr: 10.0.0.0/24``); a group's member definition is a block of
  ``type:`` (the folder's templates first) and ``properties:``. Typed as the key of a new entry under
  ``resources:``, the type brings the whole entry: a name, ``type:`` and ``properties:``.
- An empty document: a whole template (the newest version, description, parameters, resources, outputs).
- A key typed under ``parameters``, ``resources``, ``outputs`` or ``conditions``: a new entry of that section.

Everything is block style at the document's indentation step; a client without snippets gets the same keys as
plain text (``completion_items.lsp_item``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping
from dataclasses import replace
from itertools import count

from .. import spec
from ..analysis.files.template_resources import template_interface
from ..analysis.model.example_values import Alternatives, written_names
from ..analysis.model.required_properties import ParameterIndex, parameter_index, required_properties, value_options
from ..analysis.model.resource_kinds import ResourceKinds, resource_kinds
from ..analysis.queries.cursor import Cursor
from ..analysis.queries.locate import KnownNames, lookup
from ..analysis.result import Analysis
from ..analysis.rules.resources.validation import alternatives
from ..document import Mapping as MappingNode
from ..document import Node
from ..spec.nested_stacks import MEMBER_DEFINITIONS, TEMPLATE_SUFFIXES
from ..spec.resource_types import Catalogue, PropertySchema
from ._targets import document_path
from .completion_items import KEYS, NAMES, Item, Kind, word_length
from .environment_templates import template_paths
from .snapshot import Snapshot
from .snippets import escape_snippet
from .template_children import child_named, registry_of, template_files

DEFAULT_STEP = 2
Near = tuple[ResourceKinds | None, str | None]  # the template's resources by kind, and the resource being written
_CHOICE_ESCAPED = re.compile(r"([,|$}\\])")


def indent_step(text: str, root: Node | None) -> int:
    """The document's indentation step: the column of the first entry of a block section (2 when none says)."""
    if not isinstance(root, MappingNode):
        return DEFAULT_STEP
    for pair in root.pairs:
        value = pair.value
        if isinstance(value, MappingNode) and not value.flow and value.pairs and value.start > pair.key.end:
            key = value.pairs[0].key
            column = key.start - (max(text.rfind("\n", 0, key.start), text.rfind("\r", 0, key.start)) + 1)
            if column > 0:
                return column
    return DEFAULT_STEP


# -- the value of one property ----------------------------------------------------------------------------------


def _value_snippet(
    prop: PropertySchema, parameters: ParameterIndex, stops: count[int], wants: tuple[Alternatives, ...], near: Near
) -> str:
    """A placeholder of a value the property takes, or a choice of the parameters that fit (and the one resource
    of the kind it is named after) and that value."""
    options = value_options(prop, parameters, wants, kinds=near[0], own=near[1])
    if len(options) == 1:
        return f"${{{next(stops)}:{escape_snippet(options[0])}}}"
    choices = ",".join(_CHOICE_ESCAPED.sub(r"\\\1", option) for option in options)
    return f"${{{next(stops)}|{choices}|}}"


def _member_block(column: int, step: int, stops: count[int], templates: tuple[str, ...]) -> str:
    """A group's member definition as a block: ``type:`` (the folder's templates first, then a type that validates
    as it stands) and ``properties:``."""
    inner = " " * (column + step)
    choices = ",".join(_CHOICE_ESCAPED.sub(r"\\\1", name) for name in (*templates, "OS::Heat::None"))
    kind = f"${{{next(stops)}|{choices}|}}" if templates else f"${{{next(stops)}:OS::Heat::None}}"
    return f"\n{inner}type: {kind}\n{inner}properties: ${{{next(stops)}:{{\\}}}}"


def properties_block(
    props: list[PropertySchema],
    parameters: ParameterIndex,
    column: int,
    step: int,
    stops: count[int],
    type_name: str | None = None,
    templates: tuple[str, ...] = (),
    near: Near = (None, None),
) -> str:
    """``properties:`` at ``column`` and a line per property below it (a snippet, no line end at either end); a
    group's member definition (``type_name``'s ``resource_def`` or ``resource``) is a block of its own."""
    inner = " " * (column + step)
    member = MEMBER_DEFINITIONS.get(type_name or "")
    wants = alternatives(type_name) if type_name else ()
    lines = [
        f"{inner}{escape_snippet(p.name)}:{_member_block(column + step, step, stops, templates)}"
        if p.name == member
        else f"{inner}{escape_snippet(p.name)}: {_value_snippet(p, parameters, stops, wants, near)}"
        for p in props
    ]
    return f"{' ' * column}properties:\n" + "\n".join(lines)


# -- resource types --------------------------------------------------------------------------------------------


def skeleton_properties(properties: Mapping[str, PropertySchema], type_name: str) -> list[PropertySchema]:
    """What a skeleton of ``type_name`` writes: its required properties, then the first way of what each of its
    own checks wants written (``rules/resources/validation.alternatives``: a server's ``image``...)."""
    return [properties[name] for name in written_names(properties, alternatives(type_name))]


def _required_by_type(catalogue: Catalogue) -> dict[str, list[PropertySchema]]:
    """Each type's (and alias's) skeleton properties, for the types that have some; once per catalogue."""
    found: dict[str, list[PropertySchema]] = {}
    for name in list(catalogue.types) + list(catalogue.aliases):
        resolved = catalogue.get(name)
        props = skeleton_properties(resolved.properties, resolved.name) if resolved is not None else []
        if props:
            found[name] = props
    return found


def _memo(analysis: Analysis) -> dict[tuple[object, ...], list[Item]]:
    """Skeleton items already built for an analysis (few keys: a document's type lines share one column)."""
    return {}


class TypeSkeletons:
    """Resource types offered at one cursor, each with the required properties it brings."""

    def __init__(self, snapshot: Snapshot, cursor: Cursor, names: KnownNames) -> None:
        self.snapshot = snapshot
        self.cursor = cursor
        self.names = names
        self.step = indent_step(snapshot.text, snapshot.analysis.parsed.root)
        self._parameters: ParameterIndex | None = None
        self._templates: tuple[str, ...] | None = None
        self._near: Near | None = None

    @property
    def parameters(self) -> ParameterIndex:
        if self._parameters is None:
            self._parameters = parameter_index((n, named.entry.value) for n, named in self.names.parameters.items())
        return self._parameters

    def type_value_items(self, items: tuple[Item, ...]) -> list[Item]:
        """The catalogue's type items for a resource's ``type:`` value, with ``properties:`` where it fits."""
        cursor = self.cursor
        extra = self._template_items()
        if not self._skeleton_fits():
            return [*items, *(item for item, _ in extra)]
        column = len(cursor.line_text) - len(cursor.line_text.lstrip(" "))
        found = self._catalogue_skeletons(items, column)
        for item, props in extra:
            found.append(self._with_properties(item, props, column) if props else item)
        return found

    def _catalogue_skeletons(self, items: tuple[Item, ...], column: int) -> list[Item]:
        """The catalogue's items with their skeletons, built once per analysis, column and step (the parameters
        they offer are the analysis's; the last good one's too when the text is broken)."""
        snapshot = self.snapshot
        catalogue = snapshot.catalogue
        memo = snapshot.analysis.derive(_memo)
        last_good = None if snapshot.analysis.parsed.syntax_ok else id(snapshot.last_good)
        key = (id(catalogue), id(items), column, self.step, last_good, self.templates, self.near[1])
        found = memo.get(key)
        if found is None:
            required = catalogue.derive(_required_by_type)
            found = memo[key] = [
                item if (props := required.get(item.label)) is None else self._with_properties(item, props, column)
                for item in items
            ]
        return list(found)

    def _with_properties(self, item: Item, props: list[PropertySchema], column: int) -> Item:
        block = properties_block(
            props, self.parameters, column, self.step, count(1), self._type_of(item), self.templates, self.near
        )
        return replace(item, insert=f"{escape_snippet(item.label)}\n{block}", snippet=True)

    def _type_of(self, item: Item) -> str:
        resolved = self.snapshot.catalogue.get(item.label)
        return resolved.name if resolved is not None else item.label

    @property
    def near(self) -> Near:
        """The template's resources by kind (a property named `network` offers its one Net), and the resource
        whose type is typed (never offered to itself)."""
        if self._near is None:
            analysis = self.snapshot.analysis if self.snapshot.analysis.model is not None else self.snapshot.last_good
            model = analysis.model if analysis is not None else None
            own = str(self.cursor.path[1]) if len(self.cursor.path) > 1 else None
            self._near = (model.derive(resource_kinds) if model is not None else None, own)
        return self._near

    @property
    def templates(self) -> tuple[str, ...]:
        """The template files below the document's folder (a group's member is most often one of them)."""
        if self._templates is None:
            own = document_path(self.snapshot.uri)
            found = template_paths(own, "", self.snapshot.files) if own is not None else []
            here = os.path.abspath(own) if own is not None else None
            folder = os.path.dirname(here) if here is not None else ""
            self._templates = tuple(
                path for path, is_folder in found if not is_folder and os.path.join(folder, path) != here
            )
        return self._templates

    def _skeleton_fits(self) -> bool:
        """A block resource's `type:` with nothing after the word and no `properties` yet."""
        cursor = self.cursor
        if cursor.quote or cursor.flow or len(cursor.path) != 3:
            return False
        if cursor.after[word_length(cursor.after) :].strip():
            return False
        for analysis in (self.snapshot.analysis, self.snapshot.last_good):
            body = lookup(analysis.parsed.root, cursor.path[:2]) if analysis is not None else None
            if isinstance(body, MappingNode):
                return not body.flow and body.pair("properties") is None
        return True

    def _template_items(self) -> list[tuple[Item, list[PropertySchema]]]:
        """Types the environments' registries map (to a template: the child's parameters without a default are
        its required properties; to another type: that type's), and a template file name typed in full."""
        snapshot = self.snapshot
        typed = self.cursor.prefix if self.cursor.prefix.endswith(TEMPLATE_SUFFIXES) else None
        if not snapshot.environment_paths and typed is None:
            return []
        files = template_files(snapshot)
        registry = registry_of(snapshot, files) if snapshot.environment_paths else None
        mapped = {name: m for name, m in registry.top.items() if m.user} if registry is not None else {}
        resource = str(self.cursor.path[1]) if len(self.cursor.path) > 1 else None
        found = []
        for rank, name in enumerate(sorted({*mapped, *([typed] if typed else [])})):
            entry = mapped.get(name)
            if entry is not None and entry.kind != "template":
                resolved = snapshot.catalogue.get(entry.target) if entry.kind == "alias" else None
                if resolved is not None:
                    item = Item(name, Kind.Class, name, NAMES, rank, f"mapped to {resolved.name}")
                    found.append((item, skeleton_properties(resolved.properties, resolved.name)))
                continue
            child = child_named(snapshot, name, resource, files)
            model = child.model if child is not None else None
            if child is None or model is None:
                continue
            where = os.path.basename(child.path or name)
            item = Item(name, Kind.Class, name, NAMES, rank, f"template {where}")
            found.append((item, required_properties(template_interface(name, model).properties)))
        return found

    def resource_entry_items(self, items: tuple[Item, ...]) -> list[Item]:
        """A new resource typed as a key under ``resources:``: each type as the whole entry (a name to fill in,
        ``type:`` and the required ``properties:``), and a blank entry."""
        inner = self.cursor.column + self.step
        blank = Item(
            "resource",
            Kind.Snippet,
            f"${{1:name}}:\n{' ' * inner}type: ${{2:OS::Heat::None}}$0",
            NAMES,
            0,
            "a new resource",
            snippet=True,
        )
        snapshot = self.snapshot
        memo = snapshot.analysis.derive(_memo)
        last_good = None if snapshot.analysis.parsed.syntax_ok else id(snapshot.last_good)
        key = ("entry", id(snapshot.catalogue), id(items), inner, self.step, last_good, self.templates)
        entries = memo.get(key)
        if entries is None:
            required = snapshot.catalogue.derive(_required_by_type)
            entries = memo[key] = [self._entry(item, required.get(item.label), inner) for item in items]
        return [blank, *entries, *(self._entry(item, props, inner) for item, props in self._template_items())]

    def _entry(self, item: Item, props: list[PropertySchema] | None, inner: int) -> Item:
        name = _unique(_resource_name(item.label), self.names.resources.keys())
        text = f"${{1:{escape_snippet(name)}}}:\n{' ' * inner}type: {escape_snippet(item.label)}"
        if props:
            block = properties_block(
                props,
                self.parameters,
                inner,
                self.step,
                count(2),
                self._type_of(item),
                self.templates,
                (self.near[0], None),
            )
            text += "\n" + block
        return replace(item, insert=text, snippet=True, detail=f"new resource: {item.detail or ''}")


def _resource_name(type_name: str) -> str:
    """`OS::Neutron::FloatingIP` -> `floating_ip`; `child.yaml` -> `child`."""
    last = type_name.rsplit("::", 1)[-1].rsplit("/", 1)[-1]
    for suffix in TEMPLATE_SUFFIXES:
        if last.endswith(suffix):
            last = last[: -len(suffix)]
    words = re.sub(r"([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])", r"\1\3_\2\4", last).lower()
    return re.sub(r"[^a-z0-9_]+", "_", words).strip("_") or "resource"


def _unique(name: str, taken: Collection[str]) -> str:
    if name not in taken:
        return name
    number = 2
    while f"{name}_{number}" in taken:
        number += 1
    return f"{name}_{number}"


# -- templates and section entries -----------------------------------------------------------------------------

_PARAMETER_TYPES = ",".join(spec.PARAMETER_TYPES)


def template_item() -> Item:
    """A whole template for an empty document: every section with a placeholder entry, valid as it stands."""
    version = spec.LATEST.date
    text = (
        f"heat_template_version: ${{1:{version}}}\n"
        "description: ${2:What this template makes}\n"
        "\n"
        "parameters:\n"
        "  ${3:name}:\n"
        f"    type: ${{4|{_PARAMETER_TYPES}|}}\n"
        "    description: ${5:What the parameter is for}\n"
        "    default: ${6:value}\n"
        "\n"
        "resources:\n"
        "  ${7:resource}:\n"
        "    type: ${8:OS::Heat::Value}\n"
        "    properties:\n"
        "      value: {get_param: ${3:name}\\}\n"
        "\n"
        "outputs:\n"
        "  ${9:output}:\n"
        "    description: ${10:What the output gives}\n"
        "    value: {get_attr: [${7:resource}, value]\\}\n"
        "$0"
    )
    return Item(
        "HOT template",
        Kind.Snippet,
        text,
        KEYS,
        1,
        f"a new template ({version})",
        "A template with every section: heat_template_version, description, parameters, resources and outputs.",
        snippet=True,
    )


def section_entry_items(section: str, cursor: Cursor, step: int, names: KnownNames) -> list[Item]:
    """A new entry for the section whose key slot the cursor is in (block style, a key alone on its line)."""
    inner = " " * (cursor.column + step)
    if section == "parameters":
        text = f"${{1:name}}:\n{inner}type: ${{2|{_PARAMETER_TYPES}|}}\n{inner}description: ${{3:What it is for}}$0"
        return [Item("parameter", Kind.Snippet, text, KEYS, 0, "a new parameter", snippet=True)]
    if section == "outputs":
        text = f"${{1:name}}:\n{inner}description: ${{2:What it gives}}\n{inner}value: ${{3:value}}$0"
        return [Item("output", Kind.Snippet, text, KEYS, 0, "a new output", snippet=True)]
    if section == "conditions":
        parameter = next(iter(names.parameters), "name")
        text = f"${{1:name}}: {{equals: [{{get_param: ${{2:{escape_snippet(parameter)}}}\\}}, ${{3:value}}]\\}}$0"
        return [Item("condition", Kind.Snippet, text, KEYS, 0, "a new condition", snippet=True)]
    return []
