"""Handlers of ``workspace/executeCommand`` (advertised in ``executeCommandProvider``, so every editor can call
them, not only VS Code).

Offline, on an open document's newest text (unsaved edits included; child templates open in the editor are read
from their buffers, the others from disk; ``hotLsp.environments`` applied), each answering what the command line
prints for the same files, through the same function:
- ``hot-lsp.render`` ``{uri, parameters?, format?}``: the rendered text, ``"yaml"`` (default) or ``"json"``;
- ``hot-lsp.resources`` ``{uri, nestedDepth?}``: the ``resources`` JSON (an object);
- ``hot-lsp.graph`` ``{uri, nestedDepth?, format?}``: the dependency graph, ``"dot"`` (default) or ``"mermaid"``.
``nestedDepth`` is a number from 0 or ``"MAX"``, ``hotLsp.nestedDepth`` when absent. Nested trees are built on the
analysis worker (as ``hot/resourceList``'s), the text on the feature thread. A document that is not open answers
InvalidParams; one that is no template (or does not parse) RequestFailed, with the command line's words.

``textDocument/codeLens`` is here too: its lenses run these commands (features/code_lens.py). It is answered on
the loop, as references are: the use counts read the workspace index, which only the loop may read.

Live, on the cloud threads, with work-done progress (cloud.py): ``hot-lsp.preview`` and
``hot-lsp.refreshCloudCatalogue``; ``hot-lsp.failures`` (stack_failures.py); ``hot-lsp.events`` and
``hot-lsp.deploy``, which asks the user first (stack_deploy.py); a cloud that cannot do it answers LSP's
RequestFailed with one line that says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError, JsonRpcInvalidParams

from .cloud import PREVIEW, RequestFailed
from .methods import Lane
from .nested_trees import nested_tree
from .session import HotLanguageServer
from .stack_deploy import DEPLOY, EVENTS, StackDeploy
from .stack_failures import FAILURES
from .workspace import requested_depth

if TYPE_CHECKING:
    from ..features.snapshot import Snapshot

RENDER = "hot-lsp.render"
RESOURCES = "hot-lsp.resources"
GRAPH = "hot-lsp.graph"

T = TypeVar("T")


async def code_lens_call(ls: HotLanguageServer, snapshot: Snapshot, params: types.CodeLensParams) -> Callable[[], Any]:
    """Use counts above parameters and resources, "Render" and "Resources" above the template, and the what-if's
    sum on ``resources:`` (what_if.py)."""
    from ..features.code_lens import code_lenses  # loaded with the snapshot's analysis

    return lambda: code_lenses(snapshot) + ls.what_if.lens(snapshot)


async def handle_render(ls: HotLanguageServer, *arguments: Any) -> str:
    """``hot-lsp.render``: what ``hot-lsp render TEMPLATE [-P name=value]... [--env FILE]... --format F
    [--with-defaults]`` prints (``withDefaults``: the option)."""
    from ..analysis.evaluation.render_text import RENDER_FORMATS, unknown_parameters
    from ..features.template_commands import render_document

    options = _options(arguments, RENDER)
    fmt = _choice(options, "format", RENDER_FORMATS, RENDER)
    parameters = options.get("parameters")
    if parameters is not None and not (isinstance(parameters, dict) and all(isinstance(k, str) for k in parameters)):
        raise JsonRpcInvalidParams(f"{RENDER}: parameters is an object, name -> value")
    snapshot = await _template(ls, options, RENDER)
    assert snapshot.analysis.model is not None
    with_defaults = options.get("withDefaults", False)
    if not isinstance(with_defaults, bool):
        raise JsonRpcInvalidParams(f"{RENDER}: withDefaults is true or false")
    unknown = unknown_parameters(parameters or {}, snapshot.analysis.model)
    if unknown:
        raise JsonRpcInvalidParams("\n".join(f"{RENDER}: {line}" for line in unknown))
    return await _run(ls, RENDER, lambda: render_document(snapshot, parameters, fmt, with_defaults), snapshot)


async def handle_resources(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.resources``: the JSON ``hot-lsp resources TEMPLATE [--env FILE]... --nested-depth N --format json``
    prints (ranges in the session's position encoding)."""
    from ..analysis.stack.resource_list import resources_json

    options = _options(arguments, RESOURCES)
    depth = _depth(options, ls, RESOURCES)
    snapshot = await _template(ls, options, RESOURCES)
    tree = await nested_tree(ls, snapshot, depth)
    return await _run(ls, RESOURCES, lambda: resources_json(tree, snapshot.encoding), snapshot)


async def handle_graph(ls: HotLanguageServer, *arguments: Any) -> str:
    """``hot-lsp.graph``: what ``hot-lsp graph TEMPLATE [--env FILE]... --nested-depth N --format F`` prints."""
    from ..analysis.stack.dependency_graph import GRAPH_FORMATS, graph_text

    options = _options(arguments, GRAPH)
    fmt = _choice(options, "format", GRAPH_FORMATS, GRAPH)
    depth = _depth(options, ls, GRAPH)
    snapshot = await _template(ls, options, GRAPH)
    tree = await nested_tree(ls, snapshot, depth)
    if tree is None:
        raise RequestFailed(f"{GRAPH}: {snapshot.uri} is not a HOT template")
    return await _run(ls, GRAPH, lambda: graph_text(tree, fmt), snapshot)


async def handle_preview(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.preview`` with ``{uri}`` (or the uri itself): the JSON of ``hot-lsp preview`` for that template
    as saved: ``{added, deleted, replaced, updated, unchanged}`` lists of ``{resource_name, resource_type,
    parent}``; Heat's update dry run when ``hotLsp.stacks`` maps the template to a stack, else its create
    preview. With ``against: "git:REV"``, offline and with no cloud: the open text against the same path at that
    revision, as ``hot-lsp preview --against git:REV --format json`` prints it (the what-if's table)."""
    uri = _uri(arguments)
    if uri is None:
        raise JsonRpcInvalidParams(f"{PREVIEW} takes {{uri}}: the template's document uri")
    against = _options(arguments, PREVIEW).get("against")
    if against is None or against == "stack":
        return await ls.cloud.preview(uri)
    if not isinstance(against, str) or not against.startswith("git:") or against.startswith("git:-"):
        raise JsonRpcInvalidParams(f'{PREVIEW}: against is "git:REV" or "stack", not {against!r}')
    if uri not in ls.store.uris():
        raise JsonRpcInvalidParams(f"{PREVIEW}: {uri} is not open; open it first (the server reads open documents)")
    answer = await ls.what_if.table(uri, against if against != "git:" else "git:HEAD")
    if isinstance(answer, str):
        raise RequestFailed(answer)
    return answer


async def handle_failures(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.failures`` with ``{uri}``: the failures of the stack ``hotLsp.stacks`` maps the template to, asked
    now, as ``hot-lsp failures --format json`` prints them (``{stack, status, failures}``, each located); the E9903
    diagnostics follow."""
    uri = _uri(arguments)
    if uri is None:
        raise JsonRpcInvalidParams(f"{FAILURES} takes {{uri}}: the template's document uri")
    answer = await ls.cloud.failures.asked(uri)
    if isinstance(answer, str):
        raise RequestFailed(answer)
    return answer


async def handle_events(ls: HotLanguageServer, *arguments: Any) -> list[dict[str, Any]]:
    """``hot-lsp.events`` with ``{uri, nestedDepth?}``: the events of the stack ``hotLsp.stacks`` maps the template
    to, oldest first, as ``hot-lsp events --format json`` lists them (``nestedDepth``: 0 unless given)."""
    options = _options(arguments, EVENTS)
    try:
        depth = requested_depth(options, 0)
    except JsonRpcInvalidParams as problem:
        raise JsonRpcInvalidParams(f"{EVENTS}: {problem.message}") from None
    return await StackDeploy(ls.cloud).events(options["uri"], depth)


async def handle_deploy(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.deploy`` with ``{uri, confirmed?, dryRun?}``: create or update the mapped stack from the template as
    saved, only once the user chose Deploy in the server's ``window/showMessageRequest`` (stack_deploy.py); answers
    ``{stack, status, failures, action, deployed}``. ``dryRun``: what it would do, nothing asked nor sent."""
    options = _options(arguments, DEPLOY)
    for key in ("confirmed", "dryRun"):
        if not isinstance(options.get(key, False), bool):
            raise JsonRpcInvalidParams(f"{DEPLOY}: {key} is true or false")
    return await StackDeploy(ls.cloud).deploy(options["uri"], dry_run=options.get("dryRun", False))


async def handle_refresh_catalogue(ls: HotLanguageServer, *arguments: Any) -> dict[str, Any]:
    """``hot-lsp.refreshCloudCatalogue``: fetch the catalogue of ``hotLsp.cloud`` again (it is kept on disk);
    answers ``{cloud, path, resource_types, unavailable}`` (the last two: how many)."""
    return await ls.cloud.refresh_catalogue()


# -- the offline commands' arguments and answers -------------------------------------------------------------


def _options(arguments: tuple[Any, ...], command: str) -> dict[str, Any]:
    """The command's one argument, an object with ``uri`` (or ``textDocument.uri``), or the uri itself."""
    first = arguments[0] if arguments else None
    if isinstance(first, str):
        return {"uri": first}
    if first is not None and not isinstance(first, dict):  # pygls may hand an object over as a namedtuple
        first = first._asdict() if hasattr(first, "_asdict") else dict(vars(first))
    uri = _uri(arguments)
    if not isinstance(first, dict) or uri is None:
        raise JsonRpcInvalidParams(f"{command} takes {{uri, ...}}: the template's document uri first")
    return {**first, "uri": uri}


def _choice(options: dict[str, Any], key: str, allowed: tuple[str, ...], command: str) -> Any:
    value = options.get(key)
    if value is None:
        return allowed[0]
    if value not in allowed:
        raise JsonRpcInvalidParams(f"{command}: {key} is one of {', '.join(map(repr, allowed))}, not {value!r}")
    return value


def _depth(options: dict[str, Any], ls: HotLanguageServer, command: str) -> int:
    try:
        return requested_depth(options, ls.settings.nested_depth)
    except JsonRpcInvalidParams as problem:
        raise JsonRpcInvalidParams(f"{command}: {problem.message}") from None


async def _template(ls: HotLanguageServer, options: dict[str, Any], command: str) -> Snapshot:
    """The snapshot of the newest text of the document, which must be an open template that parses."""
    from ..analysis.queries.unusable import unusable_template
    from ..document.uris import path_or_uri

    uri = options["uri"]
    if uri not in ls.store.uris():
        raise JsonRpcInvalidParams(f"{command}: {uri} is not open; open it first (the server reads open documents)")
    snapshot = await ls.snapshot(uri)
    if snapshot is None:
        raise RequestFailed(f"{command}: the analysis of {uri} failed (see the server's log)")
    problem = unusable_template(path_or_uri(uri), snapshot.analysis)
    if problem is not None:
        raise RequestFailed(f"{command}: {problem}")
    return snapshot


async def _run(ls: HotLanguageServer, command: str, call: Callable[[], T], snapshot: Snapshot) -> T:
    """``call()`` on the feature thread; a failure is logged and answered as an internal error."""
    result: T | None = await ls.run_in_lane(Lane.DOCUMENT, command, call, None, snapshot=snapshot)
    if result is None:
        raise JsonRpcInternalError(f"{command} failed for {snapshot.uri} (see the server's log)")
    return result


def _uri(arguments: tuple[Any, ...]) -> str | None:
    first = arguments[0] if arguments else None
    if isinstance(first, str):
        return first
    found = first.get("uri") if isinstance(first, dict) else getattr(first, "uri", None)
    if found is None and isinstance(first, dict) and isinstance(first.get("textDocument"), dict):
        found = first["textDocument"].get("uri")
    return found if isinstance(found, str) else None
