"""completionItem/resolve: an item's documentation rebuilt from the reference in its ``data``, and nothing else.

A client that resolves documentation (``completionItem.resolveSupport``) gets lists without their long docs;
each such item carries ``data = {"doc": [kind, *arguments]}`` naming what it documents (a function in a
version, a resource type of a catalogue, a property by its path below the type, a section...), and
:func:`resolve` builds the same text again from that reference. Nothing is kept between the list and the
resolve, so the server holds no per-item state and any list, old or new, resolves. The docs of the document's
own names (its parameters, resources, conditions: a TripleO service offers 98 parameters, half of its 60 KB list)
name the document and the name instead, and are made again from the document as the server has it when the client
asks (:func:`named_document`): a name gone from it by then, or a document no longer open, resolves to no
documentation.

A catalogue is named by its user files (``catalogue_key``): the loader keeps one catalogue per version of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lsprotocol import types

from .. import spec
from ..analysis.model.catalogues import resource_catalogue
from ..analysis.queries.locate import Named, known_names
from ..spec.resource_types import RELEASE_SOURCE, Catalogue
from ..spec.structure import PARAMETER_GROUP_KEY_DOCS
from . import resource_type_docs as docs
from .completion_items import DOC_DATA_KEY, DocRef
from .environment_hover import EVENT_SINK_KEY_DOCS, MERGE_DEFAULT_DOC, REGISTRY_KEY_DOCS, SECTION_DOCS, VALUE_DOCS
from .hover import (
    describe_condition,
    describe_function,
    describe_parameter,
    describe_pseudo_parameter,
    describe_resource,
    describe_version,
)
from .snapshot import Snapshot

_KEY_TABLES: dict[str, dict[str, str]] = {
    "resource": spec.RESOURCE_KEY_DOCS,
    "parameter": spec.PARAMETER_KEY_DOCS,
    "output": spec.OUTPUT_KEY_DOCS,
    "parameter_group": PARAMETER_GROUP_KEY_DOCS,
    "resource_registry": REGISTRY_KEY_DOCS,
    "event_sink": EVENT_SINK_KEY_DOCS,
}
_FIXED_VALUE_KINDS = {"hooks": "hook", "restricted_actions": "restricted action"}


def resolve(
    item: types.CompletionItem, *, markdown: bool = True, snapshot: Snapshot | None = None
) -> types.CompletionItem:
    """The item with the documentation its list left out (``data["doc"]``); unchanged when it has none.
    ``snapshot``: the newest of the document :func:`named_document` names, for the docs of its own names."""
    own = _own_reference(item)
    if own is not None:
        doc = _own_name(snapshot, *own)
    else:
        ref = item.data.get(DOC_DATA_KEY) if isinstance(item.data, dict) else None
        doc = rebuild_doc(ref) if ref is not None else None
    if doc is not None and item.documentation is None:
        item.documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc) if markdown else doc
    return item


def named_document(item: types.CompletionItem) -> str | None:
    """The URI of the document whose own name ``item`` documents, when its list left that for resolve."""
    own = _own_reference(item)
    return own[0] if own is not None else None


def _own_reference(item: types.CompletionItem) -> tuple[str, Any, Any] | None:
    """(uri, table, name) of an own name's reference in ``item``'s data (:func:`own_name_ref`), else None."""
    ref = item.data.get(DOC_DATA_KEY) if isinstance(item.data, dict) else None
    if isinstance(ref, list) and len(ref) == 4 and ref[0] == _OWN_NAME and isinstance(ref[1], str):
        return ref[1], ref[2], ref[3]
    return None


def rebuild_doc(ref: Any) -> str | None:
    """The documentation a reference names; None when it names nothing known (the data came back from the
    client, so it may be anything)."""
    if not isinstance(ref, Sequence) or isinstance(ref, str) or not ref or not isinstance(ref[0], str):
        return None
    build = _BUILDERS.get(ref[0])
    if build is None:
        return None
    try:
        return build(*ref[1:]) or None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None


# -- references, as the completion modules make them ---------------------------------------------------------


def catalogue_key(catalogue: Catalogue) -> tuple[str, ...]:
    """The user catalogue files ``catalogue`` was loaded from (the first source is Heat's own), after the chosen
    Heat release's source when it is not the newest (``heat-release:<version>``, which the loader takes back)."""
    first = catalogue.sources[:1]
    return (*(s for s in first if s.startswith(RELEASE_SOURCE)), *catalogue.sources[1:])


def own_name_ref(uri: str, table: str, name: str) -> DocRef:
    """One of the document's own names: ``table`` is ``parameters``, ``resources`` or ``conditions``."""
    return (_OWN_NAME, uri, table, name)


def function_ref(name: str, version: spec.TemplateVersion, context: str) -> DocRef:
    return ("function", name, version.date, context)


def type_ref(name: str, catalogue: Catalogue) -> DocRef:
    return ("type", name, catalogue_key(catalogue))


def property_ref(owner: str, path: Sequence[str | int], catalogue: Catalogue) -> DocRef:
    """The property at ``path`` (keys of maps, indices of lists) below the properties of the type ``owner``."""
    return ("property", owner, tuple(path), catalogue_key(catalogue))


def attribute_ref(owner: str, name: str, catalogue: Catalogue) -> DocRef:
    return ("attribute", owner, name, catalogue_key(catalogue))


# -- docs that are formatted here, for the items and for resolve alike ----------------------------------------


def key_doc(table: str, key: str) -> str | None:
    """The doc of a key from one of the tables of key docs (``"resource"``, ``"parameter"``, ...)."""
    return _KEY_TABLES[table].get(key)


def custom_constraint_doc(name: str) -> str:
    what = spec.CUSTOM_CONSTRAINTS[name]
    service = spec.custom_constraint_service(name)
    where = f" Heat asks {service} to check it." if service else ""
    return f"**{name}** — custom constraint\n\n{what}.{where}"


def environment_section_doc(name: str) -> str:
    return f"**{name}** — environment section\n\n{SECTION_DOCS[name]}"


def fixed_value_doc(key: str, name: str) -> str:
    """A value of ``hooks``, ``restricted_actions`` or ``parameter_merge_strategies``."""
    what = _FIXED_VALUE_KINDS.get(key, "merge strategy")
    return f"**{name}** — {what}\n\n{VALUE_DOCS[key][name]}"


# -- rebuilding -----------------------------------------------------------------------------------------------


_OWN_NAME = "name"
_DESCRIBE_OWN: dict[str, Callable[[Named], str]] = {
    "parameters": describe_parameter,
    "resources": describe_resource,
    "conditions": describe_condition,
}


def _own_name(snapshot: Snapshot | None, uri: str, table: Any, name: Any) -> str | None:
    describe = _DESCRIBE_OWN.get(table) if isinstance(table, str) else None
    if snapshot is None or snapshot.uri != uri or describe is None or not isinstance(name, str):
        return None
    named = getattr(known_names(snapshot.analysis, snapshot.last_good), table).get(name)
    return describe(named) if named is not None else None


def _function(name: str, date: str, context: str) -> str | None:
    version = spec.lookup_version(date)
    return describe_function(name, version, context) if version is not None else None


def _version(date: str) -> str | None:
    version = spec.lookup_version(date)
    return describe_version(version) if version is not None else None


def _catalogue(paths: Sequence[str]) -> Catalogue:
    return resource_catalogue(tuple(str(path) for path in paths))


def _type(name: str, paths: Sequence[str]) -> str:
    return docs.describe_type_brief(_catalogue(paths), name)


def _property(owner: str, path: Sequence[str | int], paths: Sequence[str]) -> str | None:
    catalogue = _catalogue(paths)
    resource_type = catalogue.types[owner]
    schema = docs.property_at(resource_type.properties, tuple(path))
    return docs.describe_property(schema, resource_type.name, catalogue) if schema is not None else None


def _attribute(owner: str, name: str, paths: Sequence[str]) -> str:
    return docs.describe_attribute(_catalogue(paths).types[owner].attributes[name])


_BUILDERS: dict[str, Callable[..., str | None]] = {
    "function": _function,
    "version": _version,
    "pseudo_parameter": describe_pseudo_parameter,
    "section": lambda name: spec.SECTION_DOCS[name],
    "key": key_doc,
    "constraint": lambda name: spec.CONSTRAINT_KINDS[name].doc,
    "parameter_type": lambda name: spec.PARAMETER_TYPES[name],
    "custom_constraint": custom_constraint_doc,
    "type": _type,
    "property": _property,
    "attribute": _attribute,
    "environment_section": environment_section_doc,
    "merge_default": lambda: MERGE_DEFAULT_DOC,
    "fixed_value": fixed_value_doc,
    "event_sink_type": lambda name: VALUE_DOCS["event_sinks"][name],
}
