"""A document's tree of nested stacks in the server: built on the analysis worker from the snapshot, the files of
the workspace and ``hotLsp.environments``, and cached (``TreeCache``). Used by hot/resourceList, the commands,
document symbols and the mapped stacks' failures; apart from the handlers so that those modules need no session."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..analysis.stack.template_tree import Tree, TreeCache
    from ..features.snapshot import Snapshot


class TreeHost(Protocol):
    """What building a tree asks of the session."""

    @property
    def analysis_pool(self) -> Executor: ...
    @property
    def trees(self) -> TreeCache: ...
    def environment_paths(self) -> tuple[str, ...]: ...


# -- nested stacks ------------------------------------------------------------------------------------------


async def nested_tree(ls: TreeHost, snapshot: Snapshot, depth: int) -> Tree | None:
    """The snapshot's nested stacks to ``depth``, built on the analysis worker."""
    loop = asyncio.get_running_loop()
    paths = ls.environment_paths()
    return await loop.run_in_executor(ls.analysis_pool, build_nested_tree, snapshot, depth, paths, ls.trees)


def build_nested_tree(
    snapshot: Snapshot, depth: int, environment_paths: Sequence[str], cache: TreeCache
) -> Tree | None:
    """The document's tree of nested stacks to ``depth``: files resolved from the document, read inside the
    workspace folders (or beside the document when there are none) and the environment files' folders."""
    from ..analysis.stack.template_tree import build_tree, tree_inputs
    from ..document.uris import is_file_uri, path_or_uri
    from ..features.evaluation_context import PARAMETERS_SOURCE

    if snapshot.analysis.model is None:
        return None
    path = path_or_uri(snapshot.uri)
    paths = tuple(environment_paths)
    roots = (*(snapshot.file_roots or (os.path.dirname(path),)), *(os.path.dirname(env) for env in paths))
    if not is_file_uri(snapshot.uri):
        roots = ()  # an unsaved buffer has no folder: its relative paths lead nowhere on disk
    settings = snapshot.settings

    def build() -> Tree:
        files = snapshot.files.templates(snapshot.overlay, roots)  # children open in the editor: their unsaved text
        environments = [files.environment(env) for env in paths]
        inputs = tree_inputs(
            snapshot.catalogue, environments, settings.parameters, PARAMETERS_SOURCE, values=snapshot.environments
        )
        return build_tree(snapshot.analysis, path, inputs, files, depth)

    parameters = json.dumps(settings.parameters, sort_keys=True, default=repr)
    return cache.get(snapshot.analysis, (snapshot.uri, depth, paths, parameters, roots), build, snapshot.overlay)
