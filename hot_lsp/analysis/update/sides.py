"""One side of an update (the stack as deployed, or as it will be): its templates read through a file source, so
the old side can come from a git revision, evaluated with its parameter values and environments by the one
evaluator (``evaluation/``), as definitions ready to compare: each enabled resource's resolved fields, its class
through the side's registry, and, lazily, its nested stack (a provider template, or a group's members)."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...document import Mapping as MappingNode
from ...document import Sequence as SequenceNode
from ...document import parse
from ...spec import Catalogue, ResourceType
from ...spec.nested_stacks import GROUPS
from ...spec.update_rules import DEPLOYMENT_MEMBERS, STACK_RESOURCES, TEMPLATE_RESOURCE
from ..evaluation.evaluator import Evaluator
from ..evaluation.inputs import EnvironmentValues, Inputs, ParameterValue, resolve_parameters
from ..evaluation.render import resource_enabled
from ..model.environment import build_environment
from ..model.kind import detect_kind
from ..model.registry import Registry, template_location
from ..model.template import Entry, TemplateModel, build_model
from ..stack.dependencies import resource_dependencies, strongly_connected
from ..stack.template_tree import group_members, known_values
from ..stack.tree_limits import MAX_MEMBERS
from ..values.evaluated import OMIT
from ..values.file_source import DirectoryFiles, FileRead, FileSource
from ..values.problems import HeatError

FIELDS = ("properties", "metadata", "depends_on", "deletion_policy", "update_policy", "external_id", "condition")


class SideError(ValueError):
    """A side that cannot be compared: its template or an environment is missing or does not parse."""


@dataclass(frozen=True, slots=True)
class StackVersion:
    """One version of a stack: its template, environments (in order) and ``-P`` values; every file (the template
    when ``text`` is None, environments, nested templates, ``get_file`` targets) is read through ``files``."""

    path: str
    files: FileSource
    environments: tuple[str, ...] = ()
    parameters: Mapping[str, Any] = field(default_factory=dict)
    text: str | None = None
    # The template's model when it is already built (the editor's analysis of the open text, a revision's
    # model kept across comparisons): taken instead of reading and parsing ``text`` or the file again.
    model: TemplateModel | None = field(default=None, compare=False)


@dataclass(slots=True)
class Definition:
    """One enabled resource of one side, resolved."""

    name: str
    type: str | None  # as written
    klass: str  # the class Heat instantiates: a catalogue type, TemplateResource, or "unknown"
    schema: ResourceType | None
    fields: dict[str, Any]  # FIELDS, resolved (None: not written)
    # Its nested stack on this side (given the names a group skips), or why there is none.
    nested: Callable[[frozenset[str]], Level | str] | None = None
    location: str | None = None  # a provider template's file


@dataclass(slots=True)
class Level:
    """One stack of one side: its enabled resources in source order and Heat's dependency order."""

    file: str | None
    definitions: dict[str, Definition]
    order: list[str]
    outputs: dict[str, Any] = field(default_factory=dict)
    parameters: dict[str, ParameterValue] = field(default_factory=dict)
    immutable: frozenset[str] = frozenset()
    note: str = ""
    disabled: frozenset[str] = frozenset()  # resources written but left out by their condition


class Side:
    """What one side's stacks share: the file source, the registry and the environments' values."""

    def __init__(self, version: StackVersion, catalogue: Catalogue) -> None:
        self.version = version
        self.files = version.files
        self.catalogue = catalogue
        self._models: dict[str, TemplateModel | str] = {}
        models = []
        values = []
        # The registry's per-resource section: a later file's replaces an earlier one's whole (Registry.build).
        self.resources: dict[str, Any] = {}
        for path in version.environments:
            text = self.read(path)
            parsed = parse(text)
            errors = [problem.message for problem in parsed.problems if problem.code.startswith("E")]
            if errors:
                raise SideError(f"{path}: {errors[0]}")
            model = build_environment(parsed)
            if model is None or not isinstance(parsed.root, MappingNode):
                raise SideError(f"{path}: The environment is not a valid YAML mapping data type.")
            models.append((path, model))
            data = parsed.root.to_python()
            values.append(EnvironmentValues.from_mapping(path, data))
            registry = data.get("resource_registry") if isinstance(data, dict) else None
            written = registry.get("resources") if isinstance(registry, dict) else None
            if isinstance(written, dict):
                self.resources = written
        self.registry = Registry.build(catalogue, models)
        self.environments = tuple(values)
        # Heat applies an environment's `parameters` to the top-level stack only.
        self.child_environments = tuple(EnvironmentValues(e.name, {}, e.parameter_defaults) for e in values)

    def read(self, path: str) -> str:
        found: FileRead = self.files.read(path)
        if found.content is None:
            raise SideError(found.reason or f"{path} cannot be read")
        return found.content

    def model(self, path: str, text: str | None = None) -> TemplateModel | str:
        """The model of the template at ``path``, or why there is none (cached: trees read a child many times)."""
        found = self._models.get(path)
        if found is None:
            try:
                text = self.read(path) if text is None else text
            except SideError as error:
                found = str(error)
            else:
                found = template_model(path, text)
            self._models[path] = found
        return found

    def top(self) -> Level:
        given = self.version.model
        found = given if given is not None else self.model(self.version.path, self.version.text)
        if isinstance(found, str):
            raise SideError(found)
        inputs = Inputs(self.environments, dict(self.version.parameters), "-P")
        return self.template_level(found, self.version.path, inputs, outputs=False)

    def template_level(self, model: TemplateModel, path: str, inputs: Inputs, outputs: bool = True) -> Level:
        """``outputs``: evaluate them too (a nested stack's are its parent resource's attributes)."""
        parameters, _ = resolve_parameters(model, inputs)
        evaluator = Evaluator(model, parameters, Beside(self.files, path))
        definitions: dict[str, Definition] = {}
        disabled = set()
        for name, entry in model.resources.items():
            body = entry.body
            if body is None or not _enabled(evaluator, body):
                disabled.add(name)
                continue
            definitions[name] = self.definition(name, entry.scalar("type"), _fields(evaluator, entry), path)
        values = {}
        for name, entry in model.outputs.items() if outputs else ():
            node = entry.get("value")
            if node is not None:
                values[name] = evaluator.evaluate_field(node, f"outputs.{name}.value")
        immutable = frozenset(name for name, entry in model.parameters.items() if entry.scalar("immutable") is True)
        order = _order(model, definitions)
        return Level(path, definitions, order, values, parameters, immutable, disabled=frozenset(disabled))

    def definition(self, name: str, written: object, fields: dict[str, Any], file: str) -> Definition:
        kind = written if isinstance(written, str) else None
        if kind is None:
            return Definition(name, None, "unknown", None, fields)
        resolution = self.registry.resolve(kind, name)
        if resolution.kind == "template":
            location = template_location(resolution, file)
            found = Definition(name, kind, TEMPLATE_RESOURCE, None, fields, location=location)
            found.nested = lambda skip: self.template_child(found)
            return found
        if resolution.kind != "type":
            return Definition(name, kind, "unknown", None, fields)
        klass = resolution.name
        found = Definition(name, kind, klass, self.catalogue.types.get(klass), fields)
        if STACK_RESOURCES.get(klass) in ("group", "deployments"):
            found.nested = lambda skip: self.members(found, file, skip)
        return found

    def template_child(self, definition: Definition) -> Level | str:
        location = definition.location
        if location is None:
            return f"{definition.type} is a URL; hot-lsp never fetches templates"
        model = self.model(location)
        if isinstance(model, str):
            return model
        properties = definition.fields.get("properties")
        values = known_values(properties if isinstance(properties, dict) else {})
        inputs = Inputs(self.child_environments, values, f"properties of {definition.name}")
        return self.template_level(model, location, inputs)

    def members(self, definition: Definition, file: str, skip: frozenset[str] = frozenset()) -> Level | str:
        """A group's members: by index ("0", "1", ... without the names ``skip`` lists: resource_group.py:387-406),
        or a deployment group's by server key."""
        props = definition.fields.get("properties")
        props = props if isinstance(props, dict) else {}
        metadata = None
        if definition.klass in DEPLOYMENT_MEMBERS:
            servers = props.get("servers")
            if not isinstance(servers, dict):
                return "its servers are not known offline"
            shared = {key: value for key, value in props.items() if key != "servers"}
            kind = DEPLOYMENT_MEMBERS[definition.klass]
            found: list[tuple[str, str | None, dict[str, Any]]] = [
                (str(key), kind, {**shared, "server": server}) for key, server in servers.items()
            ]
        else:
            group = GROUPS[definition.klass]
            # A size over the bound is compared as the bound (group_members would build every member).
            capped = {k: MAX_MEMBERS + 1 if k in group.sizes and _over(v) else v for k, v in props.items()}
            names = None
            if skip and group.sizes:
                count = _count(capped, group.sizes, group.default_size)
                if count is not None:
                    names = _names(count, skip)
                    capped[group.sizes[0]] = int(names[-1]) + 1 if names else 0
            members = group_members(group, capped)
            if isinstance(members, str):
                return members
            found = [(str(index), kind, member) for index, (kind, member) in enumerate(members)]
            if names is not None:
                wanted = set(names)
                found = [member for member in found if member[0] in wanted]
            written = props.get(group.definition) if group.definition else None
            metadata = written.get("metadata") if isinstance(written, dict) else None
        note = ""
        if len(found) > MAX_MEMBERS:
            note = f"over {MAX_MEMBERS:,} members; the first {MAX_MEMBERS:,} are compared"
            found = found[:MAX_MEMBERS]
        definitions = {
            name: self.definition(
                name, kind, {**dict.fromkeys(FIELDS), "properties": member, "metadata": metadata}, file
            )
            for name, kind, member in found
        }
        return Level(None, definitions, list(definitions), note=note)


def template_model(path: str, text: str) -> TemplateModel | str:
    """The model of the template ``text`` (read from ``path``), or why it cannot be compared."""
    parsed = parse(text)
    errors = [problem.message for problem in parsed.problems if problem.code.startswith("E")]
    model = build_model(parsed) if detect_kind(parsed.root, text) == "template" else None
    return model if model is not None and not errors else f"{path}: {(errors or ['not a HOT template'])[0]}"


def removal_names(definition: Definition) -> tuple[frozenset[str], bool]:
    """The member names a ResourceGroup's ``removal_policies`` lists (resource_group.py:387-406), and whether they
    replace the names skipped before (``removal_policies_mode: update``) rather than add to them."""
    props = definition.fields.get("properties")
    if not isinstance(props, dict):
        return frozenset(), False
    names = set()
    for policy in props.get("removal_policies") or ():
        listed = policy.get("resource_list") if isinstance(policy, dict) else None
        names |= {str(item) for item in listed or () if isinstance(item, (str, int)) and not isinstance(item, bool)}
    return frozenset(names), props.get("removal_policies_mode") == "update"


def _count(props: dict[str, Any], sizes: tuple[str, ...], default: int | None) -> int | None:
    for name in sizes:
        value = props.get(name, default)
        if value is None:
            return None
        try:
            found = int(value)
        except (TypeError, ValueError):
            return None
        if found:
            return found
    return 0


def _names(count: int, skip: frozenset[str]) -> list[str]:
    names: list[str] = []
    index = 0
    while len(names) < min(count, MAX_MEMBERS + 1):
        if str(index) not in skip:
            names.append(str(index))
        index += 1
    return names


def restricted_actions(scope: Mapping[str, Any], name: str) -> set[str]:
    """Heat's ``get_rsrc_restricted_actions`` (environment.py:377-402) in a stack whose registry's ``resources``
    section is ``scope``: the actions of every entry whose name pattern matches."""
    actions: set[str] = set()
    for pattern, entry in scope.items():
        if isinstance(pattern, str) and isinstance(entry, dict) and fnmatch.fnmatchcase(name, pattern):
            value = entry.get("restricted_actions")
            actions |= {value} if isinstance(value, str) else {a for a in value or () if isinstance(a, str)}
    return actions


def child_scope(scope: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The ``resources`` section a nested stack of resource ``name`` sees: every matching entry's content merged,
    its own name's last (environment.py:441-449, get_child_environment)."""
    found: dict[str, Any] = {}
    for pattern, entry in scope.items():
        if isinstance(pattern, str) and isinstance(entry, dict) and fnmatch.fnmatchcase(name, pattern):
            found.update(entry)
    own = scope.get(name)
    if isinstance(own, dict):
        found.update(own)
    return found


def disk_files() -> FileSource:
    """Files on disk, any path (the command line's: the user named them), bounded as ``get_file`` reads are."""
    return DirectoryFiles(os.getcwd(), roots=(os.sep,))


class Beside:
    """``get_file`` paths as Heat's client reads them: relative to the template that writes them."""

    def __init__(self, files: FileSource, template: str) -> None:
        self.files = files
        self.folder = os.path.dirname(template)

    def read(self, path: str) -> FileRead:
        if path.startswith("file://"):  # a deployed template's get_file, as openstackclient rewrote it
            return self.files.read(path)
        if "://" in path:
            return FileRead(None, f"{path} is a URL; hot-lsp never fetches from the network")
        return self.files.read(os.path.normpath(os.path.join(self.folder, path)))


def _over(value: Any) -> bool:
    try:
        return not isinstance(value, bool) and int(value) > MAX_MEMBERS
    except (TypeError, ValueError, OverflowError):
        return False


def _enabled(evaluator: Evaluator, body: MappingNode) -> bool:
    try:
        return resource_enabled(evaluator, body) is not False  # a run-time condition may be true
    except HeatError:
        return True


def _fields(evaluator: Evaluator, entry: Entry) -> dict[str, Any]:
    """The fields Heat's ``render_hot`` compares (rsrc_defn.py:343-391), resolved; None when not written."""
    fields: dict[str, Any] = {}
    for key in FIELDS:
        node = entry.get(key)
        if node is None:
            fields[key] = None
            continue
        if key == "depends_on":
            items = node.items if isinstance(node, SequenceNode) else [node]
            fields[key] = [item.to_python() for item in items]
            continue
        if key == "condition":  # compared as written: Heat keeps the stored one, drops the new one
            fields[key] = node.to_python()
            continue
        value = evaluator.evaluate_field(node, f"resources.{entry.name}.{key}")
        fields[key] = None if value is OMIT else value
    return fields


def _order(model: TemplateModel, definitions: dict[str, Definition]) -> list[str]:
    """Heat's dependency order over the enabled resources: what a resource depends on comes first."""
    graph = resource_dependencies(model)
    edges = {name: [edge.target for edge in graph.get(name, ())] for name in definitions}
    return [name for component in strongly_connected(list(definitions), edges) for name in component]
