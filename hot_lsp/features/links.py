"""Document links: ``get_file`` paths and template-resource types (``type: nested.yaml`` in a template, the
``resource_registry`` of an environment). Relative paths resolve against the document's directory; a local
file is linked only when it exists; http(s) URLs are linked as written."""

from __future__ import annotations

from lsprotocol import types

from ._targets import file_targets, resolve_file, token_span
from .environment_navigation import environment_links
from .snapshot import Snapshot

_TOOLTIPS = {
    "get_file": "Open the file get_file reads",
    "type": "Open the nested template",
    "resource_registry": "Open the template this type maps to",
}


def document_links(snapshot: Snapshot) -> list[types.DocumentLink]:
    analysis = snapshot.analysis
    if analysis.kind == "environment":
        return environment_links(snapshot)
    if analysis.kind != "template":
        return []
    links = []
    for named in file_targets(analysis):
        uri = resolve_file(snapshot.uri, named.path, allow_remote=True)
        if uri is None:
            continue
        start, end = token_span(snapshot.text, named.node)
        links.append(types.DocumentLink(range=snapshot.range(start, end), target=uri, tooltip=_TOOLTIPS[named.via]))
    return links
