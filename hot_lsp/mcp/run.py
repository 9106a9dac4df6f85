"""``hot-lsp mcp [--os-cloud NAME] [--allow-live]``: the MCP server on stdio (see the package's docstring)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

INSTALL = "pip install 'hot-lsp[mcp]'"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hot-lsp mcp",
        description="Serve the Model Context Protocol on stdio, for an assistant's client to start (VS Code, Claude "
        f"Desktop or Code, Neovim's assistants: docs/mcp.md). Needs the mcp extra: {INSTALL}. Nothing starts it "
        "but the client configuration you write.",
    )
    parser.add_argument(
        "--os-cloud",
        dest="os_cloud",
        default=None,
        metavar="NAME",
        help="a clouds.yaml entry (default: $OS_CLOUD) for the read-only live tools; they are listed only with "
        "--allow-live too, and need the cloud extra",
    )
    parser.add_argument(
        "--allow-live",
        dest="allow_live",
        action="store_true",
        help="offer the live tools (cloud_check, stack_resources, stack_failures, stack_events): they send templates "
        "to the cloud and read its stacks, and never change anything there",
    )
    parser.add_argument(
        "--folder",
        metavar="DIR",
        default=None,
        help="the working folder: relative paths in tool calls, and the project configuration, are found from it "
        "(default: the folder the client starts the server in)",
    )
    return parser


def main(argv: Sequence[str]) -> int:
    parser = build_parser()
    options = parser.parse_args(list(argv))
    if options.folder is not None:
        try:
            os.chdir(options.folder)
        except OSError as error:
            parser.error(f"--folder {options.folder}: {error.strerror or error}")
    try:
        from .server import serve
    except ImportError as missing:
        print(f"hot-lsp mcp: needs the mcp extra ({missing.name or missing}): {INSTALL}", file=sys.stderr)
        return 2
    from .live_tools import live_cloud, live_tools
    from .tools import offline_tools

    cloud, said = live_cloud(options.os_cloud, options.allow_live)
    print(f"hot-lsp mcp: {said}", file=sys.stderr)
    return serve(offline_tools() + (live_tools(cloud) if cloud else []))
