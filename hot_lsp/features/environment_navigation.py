"""Go to definition and document links in environment files.

- a registry template path opens the file (found as python-heatclient finds it: beside the environment, or
  below ``base_url``); a link is made only for a file that exists, or for an http(s) URL;
- a parameter name under ``parameters``, ``parameter_defaults`` or ``parameter_merge_strategies`` goes to its
  declarations in the templates the environment applies to (``environment_templates.associated_templates``);
- a type this file maps (an alias's target, or a key written again elsewhere) goes to the key that maps it.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from ..analysis.files.file_service import TemplateParameter
from ..analysis.queries.locate import hit_at
from ..document import Scalar
from ..document.positions import LineIndex
from ..spec.nested_stacks import TEMPLATE_SUFFIXES
from ._targets import token_span
from .environment_templates import environment_parameters, registry_template_at, registry_templates
from .snapshot import Snapshot

_FILE_START = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
_PARAMETER_SECTIONS = ("parameters", "parameter_defaults", "parameter_merge_strategies")
_REMOTE = ("http://", "https://")
MAX_LOCATIONS = 50


def environment_definition(snapshot: Snapshot, params: types.DefinitionParams) -> list[types.Location] | None:
    analysis = snapshot.analysis
    if analysis.environment is None:
        return None
    offset = snapshot.offset(params.position)
    template = registry_template_at(analysis, snapshot.uri, offset)
    if template is not None:
        if template.path is None or not snapshot.files.is_file(template.path):
            return None
        return [types.Location(uri=Path(template.path).as_uri(), range=_FILE_START)]
    hit = hit_at(analysis.parsed.root, offset)
    if hit is None or not isinstance(hit.node, Scalar) or not isinstance(hit.node.value, str):
        return None
    path = hit.path
    if hit.is_key and len(path) == 2 and path[0] in _PARAMETER_SECTIONS:
        declared = environment_parameters(analysis, snapshot.uri, snapshot.files).get(hit.node.value, [])
        return [_parameter_location(p, snapshot) for p in declared[:MAX_LOCATIONS]] or None
    if path and path[0] == "resource_registry":
        return _mapping_key(snapshot, hit.node)
    return None


def _parameter_location(parameter: TemplateParameter, snapshot: Snapshot) -> types.Location:
    lines = LineIndex(parameter.line_text)
    start = lines.position(parameter.column, snapshot.encoding)[1]
    end = lines.position(min(parameter.column + parameter.length, len(parameter.line_text)), snapshot.encoding)[1]
    return types.Location(
        uri=Path(parameter.file).as_uri(),
        range=types.Range(
            start=types.Position(line=parameter.line, character=start),
            end=types.Position(line=parameter.line, character=end),
        ),
    )


def _mapping_key(snapshot: Snapshot, node: Scalar) -> list[types.Location] | None:
    """The top-level registry key that maps the type named at ``node`` (when it is not that key itself)."""
    environment = snapshot.analysis.environment
    assert environment is not None
    name = node.value
    if not isinstance(name, str) or name.endswith(TEMPLATE_SUFFIXES):
        return None
    keys = [e.key for e in environment.registry if e.name == name and e.resource is None and e.key is not node]
    if not keys:
        return None
    start, end = token_span(snapshot.text, keys[-1])  # Heat keeps the last of duplicated keys
    return [types.Location(uri=snapshot.uri, range=snapshot.range(start, end))]


def environment_links(snapshot: Snapshot) -> list[types.DocumentLink]:
    links = []
    for template in registry_templates(snapshot.analysis, snapshot.uri):
        if template.written.startswith(_REMOTE):
            target = template.written
        elif template.path is not None and snapshot.files.is_file(template.path):
            target = Path(template.path).as_uri()
        else:
            continue
        start, end = token_span(snapshot.text, template.node)
        links.append(
            types.DocumentLink(
                range=snapshot.range(start, end), target=target, tooltip="Open the template this type maps to"
            )
        )
    return links
