"""Code lens: above each parameter and resource, how many places use it; above the template, "Render" and
"Resources".

A use count is what Find References (without the declaration) gives at the name's key, so clicking it shows the
same places: for a parameter also the templates that set it as a template resource's property and the environment
files that set it (the workspace index), for a resource every ``get_resource``, ``get_attr`` and ``depends_on``.
The lens runs ``hot-lsp.showReferences`` with ``[uri, position, locations]`` (LSP's JSON of the arguments VS Code's
``editor.action.showReferences`` takes); it is a client-side command, which the server does not advertise: the
VS Code extension turns it into ``editor.action.showReferences``, the Neovim plugin into the quickfix list.

"Render" and "Resources" run the server's ``hot-lsp.render`` and ``hot-lsp.resources`` with ``{uri}``; editors
whose plugin shows their answer (VS Code, Neovim) handle the two on the client.

The index lookups are cheap (a dictionary per name, built once per analysis): lenses come complete, no resolve.
"""

from __future__ import annotations

from lsprotocol import types

from ..analysis.model.kind import VERSION_KEY
from ..document import Mapping, Scalar
from .references import references
from .snapshot import Snapshot

SHOW_REFERENCES = "hot-lsp.showReferences"
RENDER = "hot-lsp.render"
RESOURCES = "hot-lsp.resources"


def code_lenses(snapshot: Snapshot) -> list[types.CodeLens]:
    analysis = snapshot.analysis
    model = analysis.model
    root = analysis.parsed.root
    if model is None or analysis.kind != "template" or not isinstance(root, Mapping):
        return []
    lenses: list[types.CodeLens] = []
    top = _version_key(root)
    if top is not None:
        where = snapshot.range(top.start, top.end)
        argument = {"uri": snapshot.uri}
        lenses.append(
            types.CodeLens(range=where, command=types.Command(title="Render", command=RENDER, arguments=[argument]))
        )
        lenses.append(
            types.CodeLens(
                range=where, command=types.Command(title="Resources", command=RESOURCES, arguments=[argument])
            )
        )
    for entries in (model.parameters, model.resources):
        for entry in entries.values():
            key = entry.key
            if not isinstance(key, Scalar) or key.start < 0:
                continue
            where = snapshot.range(key.start, key.end)
            context = types.ReferenceContext(include_declaration=False)
            params = types.ReferenceParams(
                context=context, text_document=types.TextDocumentIdentifier(uri=snapshot.uri), position=where.start
            )
            found = references(snapshot, params) or []
            title = f"{len(found)} reference" + ("" if len(found) == 1 else "s")
            arguments: list[object] = [
                snapshot.uri,
                _position(where.start),
                [_location(found_at) for found_at in found],
            ]
            lenses.append(
                types.CodeLens(
                    range=where, command=types.Command(title=title, command=SHOW_REFERENCES, arguments=arguments)
                )
            )
    return lenses


def _version_key(root: Mapping) -> Scalar | None:
    for pair in root.pairs:
        if isinstance(pair.key, Scalar) and pair.key.value == VERSION_KEY:
            return pair.key
    return None


def _position(position: types.Position) -> dict[str, int]:
    return {"line": position.line, "character": position.character}


def _location(location: types.Location) -> dict[str, object]:
    where = location.range
    return {"uri": location.uri, "range": {"start": _position(where.start), "end": _position(where.end)}}
