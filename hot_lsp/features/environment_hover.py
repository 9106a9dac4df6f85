"""textDocument/hover in environment files: what a section, a registry key or value, a hook, a merge strategy or a
parameter name means.

A resource type (a registry key, or an alias's target) is described from the resource type catalogue, with where
this file's registry takes it ("maps to ..."); a template path shows the file it names, whether it exists, and the
template's description; a name under ``parameters``/``parameter_defaults`` shows the parameter as the associated
templates declare it (``environment_templates``). The section docs are heat-27-facts.md §7 in short.
"""

from __future__ import annotations

import json
import os

from lsprotocol import types

from ..analysis.files.file_service import FileService, TemplateParameter
from ..analysis.model.environment import HOOK_KEYS, EnvironmentModel
from ..analysis.model.registry import Registry, Resolution
from ..analysis.queries.locate import NodeAtOffset, Path, hit_at
from ..analysis.result import Analysis
from ..document import Scalar
from ..spec.nested_stacks import TEMPLATE_SUFFIXES
from ..spec.resource_types import Catalogue
from .environment_templates import environment_of, environment_parameters, registry_template_at
from .resource_type_docs import describe_type
from .snapshot import Snapshot

SECTION_DOCS: dict[str, str] = {
    "parameters": "Values for the parameters of the top-level template. Heat refuses a name the template does not "
    "declare, and a value here wins over the template's default and over `parameter_defaults`.",
    "parameter_defaults": "Defaults for the parameters of every template of the stack, nested templates included. "
    "A name no template declares is ignored, so one file can serve a whole tree (TripleO's way).",
    "resource_registry": "Maps resource types to other types (aliases, `OS::Foo::*` globs) or to template files "
    "(template resources); `null` deletes a mapping. `resources:` scopes mappings, `hooks` and "
    "`restricted_actions` to resources by name.",
    "event_sinks": "Where Heat also sends the stack's events: a list of `{type: zaqar-queue, target: <queue>, "
    "ttl: <seconds>}`. `zaqar-queue` is the only sink Heat has.",
    "parameter_merge_strategies": "How this file's `parameters` and `parameter_defaults` combine with the same "
    "names from earlier environment files: `overwrite` (the default), `merge` or `deep_merge`, per parameter, "
    "plus a `default` key for the others.",
    "encrypted_param_names": "Internal: Heat records here which hidden parameters it stored encrypted. It is not "
    "meant to be written by hand.",
}
REGISTRY_KEY_DOCS: dict[str, str] = {
    "resources": "Mappings, `hooks` and `restricted_actions` for resources by name (fnmatch globs such as "
    "`*_server` allowed). Nest names to reach the resources of a nested stack.",
    "hooks": "Breakpoints: Heat pauses at the matching resources until the hook is cleared "
    "(`openstack stack hook clear`). One hook or a list of: pre-create, pre-update, pre-delete, post-create, "
    "post-update, post-delete.",
    "restricted_actions": "Actions a stack update may not take on the matching resources: `update` (in place) "
    "and `replace`; the update fails instead.",
    "base_url": "Where python-heatclient looks for the relative template paths of this registry (Heat's engine "
    "ignores the key).",
}
VALUE_DOCS: dict[str, dict[str, str]] = {
    "hooks": {
        "pre-create": "Pause before creating the resource.",
        "pre-update": "Pause before updating the resource.",
        "pre-delete": "Pause before deleting the resource.",
        "post-create": "Pause after creating the resource.",
        "post-update": "Pause after updating the resource.",
        "post-delete": "Pause after deleting the resource.",
    },
    "restricted_actions": {
        "update": "A stack update may not update the resource in place.",
        "replace": "A stack update may not replace the resource (delete it and create a new one).",
    },
    "parameter_merge_strategies": {
        "overwrite": "A later file's value replaces the earlier one (the default).",
        "merge": "Strings are joined, lists extended (a comma_delimited_list gets a comma) and maps updated one "
        "level deep. Not for numbers or booleans.",
        "deep_merge": "Like `merge`, but maps are merged at every level.",
    },
    "event_sinks": {"zaqar-queue": "Posts each event to the Zaqar queue named by `target`, kept `ttl` seconds."},
}
EVENT_SINK_KEY_DOCS: dict[str, str] = {
    "type": "The kind of sink: `zaqar-queue`, the only one Heat has.",
    "target": "The Zaqar queue the events are posted to.",
    "ttl": "How long, in seconds, Zaqar keeps each event message.",
}
MERGE_DEFAULT_DOC = "The strategy for the parameters this map does not name (`overwrite` when absent)."


def environment_hover(snapshot: Snapshot, params: types.HoverParams, *, markdown: bool = True) -> types.Hover | None:
    found = environment_of(snapshot.analysis, snapshot.last_good)
    if found is None:
        return None
    offset = snapshot.offset(params.position)
    hit = hit_at(snapshot.analysis.parsed.root, offset)
    if hit is None or not isinstance(hit.node, Scalar):
        return None
    text = _describe(snapshot, hit, found[1], offset)
    if not text:
        return None
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(
        contents=types.MarkupContent(kind=kind, value=text), range=snapshot.range(hit.node.start, hit.node.end)
    )


def _describe(snapshot: Snapshot, hit: NodeAtOffset, environment: EnvironmentModel, offset: int) -> str | None:
    path, node = hit.path, hit.node
    assert isinstance(node, Scalar)
    section = path[0] if path else None
    if len(path) == 1 and hit.is_key:
        doc = SECTION_DOCS.get(str(section))
        return f"**{section}** — environment section\n\n{doc}" if doc else None
    if section == "resource_registry":
        return _registry(snapshot, hit, environment, offset)
    if section == "parameter_merge_strategies":
        if not hit.is_key:
            return _value_doc("parameter_merge_strategies", node.value)
        if path[-1] == "default":
            return f"**default** — merge strategy key\n\n{MERGE_DEFAULT_DOC}"
        return _parameter(snapshot, str(path[-1]))
    if section in ("parameters", "parameter_defaults") and hit.is_key and len(path) == 2:
        return _parameter(snapshot, str(path[-1]))
    if section == "event_sinks" and len(path) == 3:
        if hit.is_key:
            doc = EVENT_SINK_KEY_DOCS.get(str(path[-1]))
            return f"**{path[-1]}** — event sink key\n\n{doc}" if doc else None
        return _value_doc("event_sinks", node.value) if path[-1] == "type" else None
    return None


def _value_doc(kind: str, value: object) -> str | None:
    doc = VALUE_DOCS[kind].get(value) if isinstance(value, str) else None
    what = {"hooks": "hook", "restricted_actions": "restricted action", "event_sinks": "event sink"}.get(
        kind, "merge strategy"
    )
    return f"**{value}** — {what}\n\n{doc}" if doc else None


# -- resource_registry ------------------------------------------------------------------------------------------


def _registry(snapshot: Snapshot, hit: NodeAtOffset, environment: EnvironmentModel, offset: int) -> str | None:
    path, node = hit.path, hit.node
    assert isinstance(node, Scalar)
    inner = path[1:]
    if hit.is_key:
        name = str(inner[-1])
        if name in REGISTRY_KEY_DOCS and (len(inner) == 1 or name != "resources"):
            return f"**{name}** — resource_registry key\n\n{REGISTRY_KEY_DOCS[name]}"
        if len(inner) == 2 and inner[0] == "resources":
            return f"**{name}** — resources named `{name}`\n\nThe mappings below apply to these resources only."
        return _type_key(snapshot, name, inner, environment)
    hook_key = _hook_key(inner)
    if hook_key is not None:
        return _value_doc(hook_key, node.value)
    template = registry_template_at(snapshot.analysis, snapshot.uri, offset)
    if template is not None:
        return _template_doc(template.written, template.path, snapshot.files)
    if isinstance(node.value, str) and node.value:
        return _type_value(snapshot, node.value, inner, environment)
    return None


def _hook_key(inner: Path) -> str | None:
    for key in (inner[-1:], inner[-2:-1] if inner and isinstance(inner[-1], int) else ()):
        if key and key[0] in HOOK_KEYS:
            return str(key[0])
    return None


def _type_key(snapshot: Snapshot, name: str, inner: Path, environment: EnvironmentModel) -> str:
    if name.endswith(TEMPLATE_SUFFIXES):
        return (
            f"**{name}** — template file as a type\n\nHeat uses this file itself as the template; the value is ignored."
        )
    catalogue_doc = describe_type(snapshot.catalogue, name)
    resolution = _registry_of(snapshot, environment).resolve(name, _resource_of(inner))
    mapped = _mapping_text(name, resolution)
    if catalogue_doc:
        return f"{catalogue_doc}\n\n---\n\n{mapped}" if mapped else catalogue_doc
    return f"**{name}** — resource type\n\n{mapped or 'Heat does not have this type; this file maps it.'}"


def _type_value(snapshot: Snapshot, name: str, inner: Path, environment: EnvironmentModel) -> str | None:
    catalogue_doc = describe_type(snapshot.catalogue, name)
    if catalogue_doc:
        return catalogue_doc
    resolution = _registry_of(snapshot, environment).resolve(name, _resource_of(inner))
    mapped = _mapping_text(name, resolution)
    if mapped:
        return f"**{name}** — resource type\n\n{mapped}"
    return f"**{name}** — resource type\n\nNeither Heat nor this file defines it: another environment file must map it."


def _mapping_text(name: str, resolution: Resolution) -> str | None:
    """Where this file's registry (over Heat's global one) takes ``name``: nothing to say when it is Heat's own."""
    if not resolution.via:
        return None
    if resolution.kind == "template":
        return f"This environment maps `{name}` to the template `{resolution.name}`."
    if resolution.kind == "type":
        return f"Through the registry, `{name}` maps to `{resolution.name}`."
    last = resolution.via[-1].target
    return f"This environment maps `{name}` to `{last}`, which it does not define (another environment may)."


def _resource_of(inner: Path) -> str | None:
    return str(inner[1]) if len(inner) >= 3 and inner[0] == "resources" else None


def _registry_of(snapshot: Snapshot, environment: EnvironmentModel) -> Registry:
    # Cached with the analysis the environment belongs to: this text's, or the last one that parsed.
    last_good = snapshot.last_good
    owner = last_good if last_good is not None and last_good.environment is environment else snapshot.analysis
    return owner.derive(_environment_registry, snapshot.catalogue, snapshot.uri)


def _environment_registry(analysis: Analysis, catalogue: Catalogue, uri: str) -> Registry:
    """The registry of this environment file alone, over Heat's global environment."""
    assert analysis.environment is not None
    return Registry.build(catalogue, [(uri, analysis.environment)])


def _template_doc(written: str, path: str | None, files: FileService) -> str:
    lines = [f"**{written}** — template resource"]
    if path is None:
        lines.append("A URL, or a path this editor cannot resolve: not read here.")
        return "\n\n".join(lines)
    if not files.is_file(path):
        lines.append(f"Not found: looked for `{path}`.")
        return "\n\n".join(lines)
    info = files.template_info(path)
    lines.append(f"`{path}`")
    if info is not None:
        if info.description:
            lines.append(info.description.strip())
        names = sorted(info.parameters)
        if names:
            shown = ", ".join(f"`{n}`" for n in names[:12]) + (
                f" and {len(names) - 12} more" if len(names) > 12 else ""
            )
            lines.append(f"Parameters: {shown}")
    return "\n\n".join(lines)


# -- parameters ---------------------------------------------------------------------------------------------------


def _parameter(snapshot: Snapshot, name: str) -> str | None:
    declared = environment_parameters(snapshot.analysis, snapshot.uri, snapshot.files).get(name)
    if not declared:
        return None
    return describe_template_parameter(declared[0], len(declared) - 1)


def describe_template_parameter(parameter: TemplateParameter, others: int = 0) -> str:
    kind = f"{parameter.type} parameter" if parameter.type else "parameter"
    lines = [f"**{parameter.name}** — {kind}"]
    if parameter.description:
        lines.append(parameter.description.strip())
    if parameter.has_default:
        lines.append(f"Default: `{json.dumps(parameter.default, default=str)}`")
    where = f"Declared in `{os.path.basename(parameter.file)}`"
    if others:
        where += f" and {others} other template{'s' if others > 1 else ''}"
    lines.append(where + ".")
    return "\n\n".join(lines)
