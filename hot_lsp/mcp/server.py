"""The tools served with the ``mcp`` SDK's low-level server over stdio: the only module that speaks the SDK.

Each call's arguments are checked against the tool's input schema first (a wrong one is told in one line), the tool
runs on a worker thread (the protocol keeps being answered meanwhile), and its answer becomes the structured JSON
object with a short summary and the command line's own text beside it. A failure is one line with ``isError``;
anything unexpected is logged on stderr and still answered in one line, never with a traceback."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import anyio
import anyio.to_thread
import mcp.types as types
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from .spec import Answer, Tool, ToolFailure

LOG = logging.getLogger("hot_lsp.mcp")
INSTRUCTIONS = (
    "hot-lsp says what OpenStack Heat would say about a Heat Orchestration Template (HOT) or an environment file "
    "before any cloud sees it. Check a template (check) before proposing it or after changing it, and fix its "
    "errors; explain a finding's code to learn why Heat cares and what to write instead; render, resources, graph "
    "and docs describe a template; preview tells what an update from an old version does to each resource. File "
    "paths are read on the user's machine. Nothing here changes a cloud."
)


def serve(tools: Sequence[Tool]) -> int:
    """Serve ``tools`` on stdio until the client closes the connection; the exit status."""
    by_name = {tool.name: tool for tool in tools}
    validators = {tool.name: Draft202012Validator(tool.schema) for tool in tools}
    listed = types.ListToolsResult(tools=[described(tool) for tool in tools])

    async def list_tools(context: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return listed

    async def call_tool(context: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = by_name.get(params.name)
        if tool is None:
            return failed(f"no tool is named {params.name!r}; the tools are {', '.join(by_name)}")
        arguments = dict(params.arguments or {})
        wrong = best_match(validators[tool.name].iter_errors(arguments))
        if wrong is not None:
            where = "/".join(str(part) for part in wrong.absolute_path)
            return failed(f"{tool.name}: {'argument ' + where + ': ' if where else ''}{wrong.message}")
        try:
            answer = await anyio.to_thread.run_sync(tool.run, arguments)
        except ToolFailure as failure:
            return failed(f"{tool.name}: {failure}")
        except Exception as error:  # a bug: logged with its traceback on stderr, told in one line
            LOG.exception("the %s tool failed", tool.name)
            return failed(f"{tool.name}: hot-lsp failed ({type(error).__name__}: {error}); its log has the details")
        return result(answer)

    server: Server[Any] = Server(
        "hot-lsp",
        version=__version__,
        title="hot-lsp: OpenStack Heat templates",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )

    async def run() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run)
    return 0


def described(tool: Tool) -> types.Tool:
    hints = types.ToolAnnotations(
        title=tool.title,
        read_only_hint=True,
        destructive_hint=False,
        idempotent_hint=True,
        open_world_hint=tool.live,
    )
    return types.Tool(
        name=tool.name, title=tool.title, description=tool.description, input_schema=tool.schema, annotations=hints
    )


def result(answer: Answer) -> types.CallToolResult:
    content: list[types.ContentBlock] = [types.TextContent(type="text", text=answer.summary)]
    if answer.text is not None:
        content.append(types.TextContent(type="text", text=answer.text))
    return types.CallToolResult(content=content, structured_content=answer.data)


def failed(line: str) -> types.CallToolResult:
    one = " ".join(line.split())
    return types.CallToolResult(content=[types.TextContent(type="text", text=one)], is_error=True)
