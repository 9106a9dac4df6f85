"""The workspace's methods: workspace/symbol's feature call, and the handlers of the custom ``hot/resourceList``
request (a flow of its own: its params are checked before the snapshot), watched files and workspace folders; and
the trees of nested stacks that ``hot/resourceList`` and document symbols show.

A tree is built on the analysis worker (it reads child templates and evaluates), with the registries of
``hotLsp.environments``, reading files inside the workspace folders (or the document's folder) and the
environment files' folders; ``HotLanguageServer.trees`` reuses a tree while the document's analysis is the same
and every file it looked at is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from ..features.deferred import workspace_symbols
from .nested_trees import nested_tree
from .session import HotLanguageServer
from .what_if import moves_revisions

if TYPE_CHECKING:
    pass

# The analysis these handlers call is imported where they call it (loaded by then with the documents' analyses),
# so that the server answers initialize without it.

RESOURCE_LIST = "hot/resourceList"


async def workspace_symbol_call(
    ls: HotLanguageServer, snapshot: None, params: types.WorkspaceSymbolParams
) -> Callable[[], Any]:
    snapshots = []
    for uri in ls.store.uris():
        found = await ls.snapshot(uri)
        if found is not None:
            snapshots.append(found)
    index, encoding = ls.indexing.index, ls.encoding  # the index answers for the files not open
    return lambda: workspace_symbols(snapshots, params.query, index=index, encoding=encoding)


async def handle_resource_list(ls: HotLanguageServer, params: Any) -> dict[str, Any]:
    """The ``resources`` JSON (docs/cli.md) for ``{textDocument, nestedDepth}``: nested stacks exploded to the depth."""
    uri = _document_uri(params)
    if uri is None:
        raise JsonRpcInvalidParams("hot/resourceList needs {textDocument: {uri}}")
    depth = requested_depth(params, ls.settings.nested_depth)
    snapshot = await ls.snapshot(uri)
    if snapshot is None or snapshot.analysis.model is None:
        return {"resources": []}
    from ..analysis.stack.resource_list import resources_json

    try:
        return resources_json(await nested_tree(ls, snapshot, depth), snapshot.encoding)
    except Exception as error:
        ls.report_crash(RESOURCE_LIST, error, uri=uri)
        return {"resources": []}


def requested_depth(params: Any, default: int) -> int:
    """``nestedDepth`` of a hot/resourceList request: a number from 0 or "MAX"; absent: the setting."""
    from ..analysis.stack.tree_limits import MAX_NESTED_DEPTH, clamp_depth

    value = params.get("nestedDepth") if isinstance(params, dict) else getattr(params, "nestedDepth", None)
    if value is None:
        return clamp_depth(default)
    if isinstance(value, str) and value.strip().upper() == "MAX":
        return MAX_NESTED_DEPTH
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return clamp_depth(value)
    raise JsonRpcInvalidParams('nestedDepth must be a number from 0, or "MAX"')


def _document_uri(params: Any) -> str | None:
    # A custom request's params come as a dict, or as pygls's namedtuples.
    document = params.get("textDocument") if isinstance(params, dict) else getattr(params, "textDocument", None)
    uri = document.get("uri") if isinstance(document, dict) else getattr(document, "uri", None)
    return uri if isinstance(uri, str) else None


def handle_did_change_watched_files(ls: HotLanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
    from ..document.uris import file_path

    paths = [path for path in (file_path(change.uri) for change in params.changes) if path]
    if any(moves_revisions(path) for path in paths):
        ls.what_if.revisions_moved()
        paths = [path for path in paths if not moves_revisions(path)]
    if ls.project.concerns(paths):
        ls.load_project()
    ls.file_tracking.files_changed([path for path in paths if not ls.project.concerns([path])])


def handle_did_change_workspace_folders(ls: HotLanguageServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    ls.file_tracking.start_indexing()
