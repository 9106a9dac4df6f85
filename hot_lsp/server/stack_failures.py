"""A mapped stack's failed resources as diagnostics (E9903), on the lines that declare them (issue 32, item 4).

For a template mapped to a deployed stack (``hotLsp.stacks``, with ``hotLsp.cloud``), the stack's failures
(``cloud/failures.py``, what ``openstack stack failures list`` shows) are asked for in the background when the
template is opened or saved, and by the ``hot-lsp.failures`` command. Each is located in the template's tree of
nested stacks (``analysis/stack/tree_paths.py``): an error on the failing resource's entry in the file that
declares it, and one on each entry above it (the nested-stack resource in the parent, a group's
``resource_def``), so the parent and the nested files both show it. They stay until the next answer: a stack
that no longer fails clears them. A template with no stack mapped asks nothing and shows none.
"""

from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..analysis.codes import turned_off
from ..cloud.codes import E9903

if TYPE_CHECKING:
    from ..cloud.failures import Failure
    from ..cloud.stacks import StackState

log = logging.getLogger(__name__)

FAILURES = "hot-lsp.failures"
MAX_REASON = 600  # characters of Heat's status_reason kept in a message
STDERR_LINES = 3  # the last lines of a failed deployment's deploy_stderr in its message


@dataclass(frozen=True, slots=True)
class _Placed:
    path: str  # the file, normalised
    diagnostic: types.Diagnostic


@dataclass(slots=True)
class _Answer:
    cloud: str
    stack: str
    status: str
    failures: list[dict[str, Any]]  # as the command answers them
    placed: list[_Placed]


class StackFailures:
    """The failures of the stacks mapped to open templates, as diagnostics of every file they are located in."""

    def __init__(self, cloud: Any) -> None:  # the CloudSession (cloud.py), which imports this module
        self._cloud = cloud
        self._answers: dict[str, _Answer] = {}  # the mapped template's uri -> the last answer
        self._tasks: dict[str, asyncio.Task[_Answer | None]] = {}

    def refresh(self, uri: str) -> asyncio.Task[_Answer | None] | None:
        """Ask again for the failures of the stack mapped to ``uri`` (in the background); None when none is."""
        if self._cloud.stack_of(uri) is None:
            if self._answers.pop(uri, None) is not None:
                self._published()
            return None
        task = self._tasks.get(uri)
        if task is None or task.done():
            task = self._tasks[uri] = asyncio.ensure_future(self._ask(uri))
        return task

    def forget(self, cloud_changed: bool) -> None:
        if cloud_changed and self._answers:
            self._answers.clear()
            self._published()

    def diagnostics_of(self, uri: str) -> list[types.Diagnostic]:
        """The failures located in the file of ``uri``, from every mapped stack's last answer."""
        from ..document.uris import file_path

        settings = self._cloud.settings
        path = file_path(uri)
        if path is None or turned_off(E9903, settings.disabled_rules):
            return []
        here = os.path.normpath(path)
        return [
            placed.diagnostic
            for answer in self._answers.values()
            if answer.cloud == settings.cloud
            for placed in answer.placed
            if placed.path == here
        ]

    async def asked(self, uri: str) -> dict[str, Any] | str:
        """``hot-lsp.failures``: the stack's failures asked now, as ``hot-lsp failures --format json`` prints them;
        a string says why there are none to give (the command's RequestFailed)."""
        task = self.refresh(uri)
        if task is None:
            return "hot-lsp: no stack is mapped to this template (hotLsp.stacks, with hotLsp.cloud)"
        answer = await task
        if answer is None:
            return f"hot-lsp: the failures of stack '{self._cloud.stack_of(uri)}' could not be read"
        return {"stack": answer.stack, "status": answer.status, "failures": answer.failures}

    async def _ask(self, uri: str) -> _Answer | None:
        cloud, stack = self._cloud.cloud, self._cloud.stack_of(uri)
        if not cloud or stack is None:
            return None
        try:
            state, failures = await self._cloud.in_background(cloud, self._fetch, cloud, stack)
        except Exception as error:
            self._cloud.said_failure(cloud, error)
            return None
        self._cloud.succeeded(cloud)
        tree = await self._tree_of(uri) if failures else None
        answer = _answer(cloud, state, failures, tree, self._cloud.encoding)
        if self._cloud.cloud == cloud and self._cloud.stack_of(uri) == stack:
            self._answers[uri] = answer
            self._published()
        return answer

    def _fetch(self, cloud: str, stack: str) -> tuple[StackState, list[Failure]]:
        """On a cloud thread: the stack's state and its failures."""
        from ..cloud.failures import stack_failures
        from ..cloud.stacks import stack_state

        heat = self._cloud.connection(cloud)
        state = stack_state(heat, stack)
        return state, stack_failures(heat, state)

    async def _tree_of(self, uri: str) -> Any:
        """The nested-stack tree of the open template ``uri`` to every level (None: closed, or not a template)."""
        from ..spec.limits import MAX_NESTED_STACK_DEPTH
        from .nested_trees import nested_tree

        session = self._cloud.session
        snapshot = await session.snapshot(uri)
        if snapshot is None:
            return None
        return await nested_tree(session, snapshot, MAX_NESTED_STACK_DEPTH)  # type: ignore[arg-type]

    def _published(self) -> None:
        """What this adds to diagnostics changed: every open document's are published again."""
        session = self._cloud.session
        self._cloud.serial += 1
        session.diagnostics.changed(list(session.store.uris()), 0)


def _answer(cloud: str, state: StackState, failures: list[Failure], tree: Any, encoding: Any) -> _Answer:
    """The failures located in ``tree`` (None: not located), each as the command's JSON and as diagnostics."""
    from ..analysis.stack.tree_paths import nodes_on_path

    items: list[dict[str, Any]] = []
    placed: list[_Placed] = []
    for failure in failures:
        nodes = nodes_on_path(tree, failure.path) if tree is not None else []
        items.append(_item(failure, nodes, encoding))
        reason = _reason(failure)
        for index, node in enumerate(nodes):
            deepest = index == len(nodes) - 1
            what = f"`{failure.path[-1]}`"
            if not deepest:  # an entry above it: say what inside it failed, and in which file
                what = (
                    f"`{'/'.join(failure.path[index + 1 :])}` inside `{node.name}` ({os.path.basename(nodes[-1].file)})"
                )
            message = f"The deployed stack `{state.name}` ({state.status}): {what} is {failure.status}: {reason}"
            placed.append(_Placed(os.path.normpath(node.file), _diagnostic(node, message, encoding)))
    return _Answer(cloud, state.name, state.status, items, placed)


def _item(failure: Failure, nodes: list[Any], encoding: Any) -> dict[str, Any]:
    from ..analysis.stack.tree_paths import place_json

    located: list[dict[str, Any]] = [place_json(node, encoding) for node in nodes]
    return failure.as_json(located)


def _reason(failure: Failure) -> str:
    reason = " ".join(failure.status_reason.split())
    if len(reason) > MAX_REASON:
        reason = reason[: MAX_REASON - 1] + "…"
    stderr = str((failure.outputs or {}).get("deploy_stderr") or "").strip().splitlines()
    if stderr:
        reason += " | deploy_stderr: " + " / ".join(stderr[-STDERR_LINES:])
    return reason


def _diagnostic(node: Any, message: str, encoding: Any) -> types.Diagnostic:
    from ..analysis.stack.resource_list import range_json
    from ..document import Diagnostic
    from ..features.diagnostics import to_lsp_at

    found = range_json(node.lines, node.start, node.end, encoding)
    where = types.Range(start=types.Position(**found["start"]), end=types.Position(**found["end"]))
    return to_lsp_at(Diagnostic(E9903, message, node.start, node.end), where, encoding)
