"""The ``hot-lsp`` command: the language server (default) and the CLI tools for CI and terminals. The grammar (every
subcommand, option and help text) is ``cli_parser``'s; this module decides serving, parses and dispatches."""

from __future__ import annotations

import argparse
import atexit
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn


def run() -> NoReturn:
    """The ``hot-lsp`` command (``python -m hot_lsp``): :func:`main`, then out."""
    args = sys.argv[1:]
    status = main(args)
    if _serves(args):
        raise SystemExit(status)
    _exit_now(status)


def _exit_now(status: int) -> NoReturn:
    """Exit with ``status`` once the output is out, without Python taking the heap apart object by object: after a
    command that read many templates in this process that was ~0.2 s (``check`` of the corpus with one job). The
    exit handlers still run (they stop the yaql helper)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # a closed pipe, say: Python's own exit says so, as it always did
        raise SystemExit(status) from None
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _serves(args: Sequence[str]) -> bool:
    """Whether these arguments start the language server (no subcommand, or options editors add, such as --stdio)."""
    return not args or args[0] == "serve" or args[0].startswith(("--tcp", "--stdio", "--log-level"))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # No subcommand (or options editors add, such as --stdio): serve LSP. Decided before the parser is built: its
    # subcommands' arguments import the commands (and the analysis), which the server loads only when it needs them.
    if _serves(args):
        return _serve(args[1:] if args and args[0] == "serve" else args)
    if args[0] == "fuzz":
        from .fuzz.run import main as run_fuzz

        return run_fuzz(args[1:])
    if args[0] == "mcp":  # (before the parser, as fuzz: the server's first answer does not wait for it)
        from .mcp.run import main as run_mcp

        return run_mcp(args[1:])
    from .cli_parser import build_parser

    parser = build_parser()
    options = parser.parse_args(args)
    config = None
    start = None
    if options.command == "check":
        from .commands.stdin import config_start, stdin_usage

        problem = stdin_usage(options.paths, options.stdin_filename, options.os_cloud)
        if problem is not None:
            print(f"hot-lsp check: {problem}", file=sys.stderr)
            return 2
        start = config_start(options.stdin_filename)
    release: tuple[str, ...] = ()
    if options.command in ("check", "render", "resources", "graph"):
        from .commands.configured import ConfigUnusable, read_config

        try:
            config = read_config(options.no_config, options.config, options.command, start)
        except ConfigUnusable:
            return 2
        chosen = _release_catalogues(options, config)
        if chosen is None:
            return 2
        release = chosen
    if options.command == "check":
        from .commands.yaql_ahead import start_ahead

        start_ahead(options.paths, options.jobs)  # (while the analysis loads: see yaql_ahead)
        from .commands.check import run_check
        from .commands.configured import config_globs

        return run_check(
            options.paths,
            options.format,
            frozenset(c.upper() for c in options.disable) | (config.disable if config else frozenset()),
            tuple(options.env) or (config.environments if config else ()),
            release + (tuple(options.resource_types) or (config.resource_types if config else ())),
            options.jobs,
            _cloud(options),
            config_globs(config) + tuple(options.exclude),
            severity=options.severity or (config.severity if config else None) or "information",
            fail_on=options.fail_on or (config.fail_on if config else None) or "error",
            parameters=config.parameters if config else {},
            parameters_source=config.path if config else "",
            stdin_filename=options.stdin_filename,
            release_from_cloud=not (options.heat_release or (config.heat_release if config else None)),
            fix="diff" if options.diff else ("fix" if options.fix or options.unsafe_fixes else None),
            unsafe_fixes=options.unsafe_fixes,
        )
    if options.command == "render":
        from .commands.render import run_render

        return run_render(
            options.template,
            options.parameters,
            options.env or list(config.environments if config else ()),
            options.format,
            options.stack_name,
            configured=config.parameters if config else {},
            resource_types=release + (tuple(options.resource_types) or (config.resource_types if config else ())),
            with_defaults=options.with_defaults,
        )
    if options.command == "rules":
        from .commands.rules import run_rules

        return run_rules(options.rule)
    if options.command == "preview" and options.against is not None:
        from .commands.preview_offline import run_offline_preview

        if options.stack or options.os_cloud:
            print(
                "hot-lsp preview: --against compares offline; give it without --stack and --os-cloud", file=sys.stderr
            )
            return 2

        return run_offline_preview(
            options.template,
            options.against,
            options.env,
            options.parameters,
            options.against_env,
            options.against_parameter,
            options.format,
        )
    if options.command == "preview":
        from .commands.preview import run_preview

        return run_preview(
            options.template,
            options.env,
            options.parameters,
            _cloud(options),
            options.stack,
            options.stack_name,
            options.format,
            options.heat_preview,
        )
    if options.command == "catalogue":
        from .commands.catalogue import run_catalogue

        return run_catalogue(_cloud(options), options.output)
    if options.command == "docs":
        from .commands.docs import run_docs

        return run_docs(
            options.template,
            options.env,
            options.nested_depth,
            options.format,
            options.output,
            options.inject,
            tuple(options.resource_types),
        )
    if options.command == "deploy":
        from .commands.deploy import run_deploy

        return run_deploy(
            options.template,
            options.env,
            options.parameters,
            _cloud(options),
            options.stack,
            options.yes,
            options.dry_run,
            options.format,
            options.poll,
            tuple(options.resource_types),
        )
    if options.command == "failures":
        from .commands.failures import run_failures

        return run_failures(
            options.stack, options.template, options.env, _cloud(options), options.format, tuple(options.resource_types)
        )
    if options.command == "events":
        from .commands.events import run_events

        return run_events(
            options.stack, _cloud(options), options.nested_depth, options.follow, options.format, options.poll
        )
    if options.command == "resources" and options.stack:
        from .commands.live_resources import run_live_resources

        return run_live_resources(options.stack, _cloud(options), options.nested_depth, options.format)
    if options.command == "resources" and not options.template:
        parser.error("resources: give a TEMPLATE, or --stack NAME with --os-cloud")
    if options.command in ("resources", "graph"):
        from .commands.graph import run_graph
        from .commands.resources import run_resources

        run = run_resources if options.command == "resources" else run_graph
        return run(
            options.template,
            options.env or list(config.environments if config else ()),
            options.nested_depth,
            options.format,
            release + (tuple(options.resource_types) or (config.resource_types if config else ())),
            options.time_limit or None,
        )
    parser.print_help()
    return 2


def _release_catalogues(options: argparse.Namespace, config: Any) -> tuple[str, ...] | None:
    """The catalogue sources the chosen release starts with (none for the newest); None, after saying why, when
    ``--heat-release`` names no shipped release (the configuration's value was checked when it was read)."""
    value = options.heat_release or (config.heat_release if config else None)
    if not value:
        return ()
    from .analysis.model.catalogues import release_sources
    from .spec.heat_releases import find_release, valid_values

    if find_release(value) is None:
        print(
            f"hot-lsp {options.command}: --heat-release {value}: not a Heat release hot-lsp knows; one of: "
            f"{valid_values()}",
            file=sys.stderr,
        )
        return None
    return release_sources(value)


def _cloud(options: argparse.Namespace) -> str | None:
    if not options.cloud_from_environment:
        return options.os_cloud or None
    from .cloud.connection import cloud_from_environment

    return cloud_from_environment(options.os_cloud)


def _serve(args: list[str]) -> int:
    try:
        from .server import serve
    except ImportError as error:  # pragma: no cover - the server ships with the package
        print(f"hot-lsp: the language server is not available: {error}", file=sys.stderr)
        return 2
    return serve(args)
