"""The ``hot-lsp`` command: the language server (default) and the CLI tools for CI and terminals."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hot-lsp",
        description="Language server and checker for OpenStack Heat Orchestration Templates (HOT).",
    )
    parser.add_argument("--version", action="version", version=f"hot-lsp {__version__}")
    commands = parser.add_subparsers(dest="command")

    check = commands.add_parser("check", help="validate templates and print diagnostics")
    check.add_argument("paths", nargs="+", metavar="PATH", help="template files or directories (recursed)")
    check.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="FILE",
        help="an environment file: its resource_registry maps types (template resources are checked against their "
        "templates), its parameter_defaults reach nested templates, its values feed the evaluation rules (8xxx) "
        "(repeatable, in order)",
    )
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    check.add_argument(
        "--disable", action="append", default=[], metavar="CODE", help="turn a diagnostic code off (repeatable)"
    )
    check.add_argument(
        "--resource-types",
        action="append",
        default=[],
        metavar="FILE",
        help="a resource type catalogue for plugin or site types, in the built-in catalogue's format "
        "(repeatable; a later file wins per type)",
    )
    check.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        default=None,
        metavar="N",
        help="check files in N processes (default: one per core; 1: in this process only). The output is the "
        "same whatever N; a run of a few files stays in one process",
    )

    render = commands.add_parser("render", help="resolve a template offline, like a stack preview")
    render.add_argument("template", metavar="TEMPLATE", help="the HOT template to render")
    render.add_argument(
        "-P",
        "--parameter",
        action="append",
        default=[],
        dest="parameters",
        metavar="NAME=VALUE",
        help="a parameter value (repeatable; a single -P may hold 'a=1;b=2', as in python-heatclient)",
    )
    render.add_argument(
        "--env", action="append", default=[], metavar="FILE", help="an environment file (repeatable, applied in order)"
    )
    render.add_argument(
        "--stack-name",
        metavar="NAME",
        help="the stack's name, as Heat's preview takes one: get_param OS::stack_name gives it",
    )
    render.add_argument("--format", choices=("yaml", "json"), default="yaml")

    resources = commands.add_parser("resources", help="list every resource, nested stacks exploded")
    _tree_arguments(resources, default_depth="0")
    resources.add_argument("--format", choices=("table", "json"), default="table")

    graph = commands.add_parser("graph", help="draw the resource dependency graph (Graphviz DOT or Mermaid)")
    _tree_arguments(graph, default_depth="0")
    graph.add_argument("--format", choices=("dot", "mermaid"), default="dot")

    # Parsed by hot_lsp.fuzz.run itself (see main); listed here so --help shows it.
    commands.add_parser("fuzz", add_help=False, help="drive the language server with mutated templates (robustness)")
    return parser


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return number


def _tree_arguments(parser: argparse.ArgumentParser, default_depth: str) -> None:
    """What ``resources`` and ``graph`` share: the template, its environments and how deep to go."""
    from .commands.resources import parse_depth
    from .spec.limits import MAX_NESTED_STACK_DEPTH

    def depth(text: str) -> int:
        try:
            return parse_depth(text)
        except ValueError as problem:
            raise argparse.ArgumentTypeError(str(problem)) from None

    parser.add_argument("template", metavar="TEMPLATE", help="the HOT template")
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="FILE",
        help="an environment file: its resource_registry maps types to nested templates, its parameters and "
        "parameter_defaults give values (repeatable, applied in order)",
    )
    parser.add_argument(
        "--nested-depth",
        type=depth,
        default=depth(default_depth),
        metavar="N|MAX",
        help="how many levels of nested stacks to explode: 0 (the default) lists the top level only; "
        f"MAX is Heat's max_nested_stack_depth, {MAX_NESTED_STACK_DEPTH}, which no depth goes past",
    )
    parser.add_argument(
        "--resource-types",
        action="append",
        default=[],
        metavar="FILE",
        help="a resource type catalogue for plugin or site types, in the built-in catalogue's format (repeatable)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # No subcommand (or options editors add, such as --stdio): serve LSP. Decided before the parser is built: its
    # subcommands' arguments import the commands (and the analysis), which the server loads only when it needs them.
    if not args or args[0] == "serve" or args[0].startswith(("--tcp", "--stdio", "--log-level")):
        return _serve(args[1:] if args and args[0] == "serve" else args)
    if args[0] == "fuzz":
        from .fuzz.run import main as run_fuzz

        return run_fuzz(args[1:])
    parser = build_parser()
    options = parser.parse_args(args)
    if options.command == "check":
        from .commands.check import run_check

        return run_check(
            options.paths,
            options.format,
            frozenset(c.upper() for c in options.disable),
            tuple(options.env),
            tuple(options.resource_types),
            options.jobs,
        )
    if options.command == "render":
        from .commands.render import run_render

        return run_render(options.template, options.parameters, options.env, options.format, options.stack_name)
    if options.command in ("resources", "graph"):
        from .commands.graph import run_graph
        from .commands.resources import run_resources

        run = run_resources if options.command == "resources" else run_graph
        return run(options.template, options.env, options.nested_depth, options.format, tuple(options.resource_types))
    parser.print_help()
    return 2


def _serve(args: list[str]) -> int:
    try:
        from .server import serve
    except ImportError as error:  # pragma: no cover - the server ships with the package
        print(f"hot-lsp: the language server is not available: {error}", file=sys.stderr)
        return 2
    return serve(args)
