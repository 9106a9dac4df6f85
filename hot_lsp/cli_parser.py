"""The command line's grammar: every subcommand of ``hot-lsp``, its options, their argument types and help texts,
as :func:`build_parser` builds them. Nothing here runs a command or reads a file; ``cli`` parses with it and
dispatches. docs/cli.md is the contract for what it accepts and says, and ``hot-lsp X --help`` prints it; the
language server never loads it (``cli.main`` decides serving before it builds the parser).
"""

from __future__ import annotations

import argparse

from . import __version__

CHECK_EPILOG = """\
exit status:
  0  no errors (warnings and information do not fail)
  1  errors found
  2  a usage or I/O problem: a missing file, a bad option, an unknown --disable code,
     a catalogue or environment that cannot be read, a cloud that cannot be asked

turning findings off in a file:
  # hot-lsp: disable=E3002          on the line, or on the line before it
  # hot-lsp: disable=E3002,W9001    several codes
  # hot-lsp: disable-file=I9001     anywhere in the file, for the whole file

`hot-lsp rules` lists every code; `hot-lsp rules E3022` prints one rule's page (why, example, instead).

standard input (an editor's unsaved buffer, a pipe):
  hot-lsp check - --stdin-filename templates/web.yaml < buffer.yaml
  checks the text on standard input as the file templates/web.yaml: the report names it so (as typed; `-` without
  --stdin-filename, as ruff does), the project configuration is found from its folder upwards, and get_file,
  nested templates and other relative paths are taken from there; the file on disk is not read. Without a name,
  the text stands for a file in the working folder. - must be the only PATH. --exclude (and the configuration's
  exclude) apply to the name as to a file named on the command line: an excluded name reports nothing (exit 0).

project configuration:
  The nearest .hot-lsp.toml, or pyproject.toml with a [tool.hot-lsp] table, from the working folder upwards
  (or --config FILE; --no-config ignores it) gives: disable, exclude, environments, resource-types (paths relative
  to the file), parameters, severity, fail-on and heat-release. --disable and --exclude add to it; --env,
  --resource-types, --severity, --fail-on and --heat-release replace its values. An unknown key or code, or a
  wrong type, is an error naming the file and line (exit 2).
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hot-lsp",
        description="Language server and checker for OpenStack Heat Orchestration Templates (HOT).",
        epilog="Run with no command (or `hot-lsp serve`) to serve the Language Server Protocol on stdio, as editors "
        "start it; `--tcp HOST:PORT` serves one client over TCP for debugging.",
    )
    parser.add_argument("--version", action="version", version=f"hot-lsp {__version__}")
    commands = parser.add_subparsers(dest="command")

    check = commands.add_parser(
        "check",
        help="validate templates and print diagnostics",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=CHECK_EPILOG,
    )
    check.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="template files or directories (recursed); - reads one template from standard input",
    )
    check.add_argument(
        "--stdin-filename",
        dest="stdin_filename",
        default=None,
        metavar="PATH",
        help="with -: the file standard input's text stands for (reported as typed; the configuration and relative "
        "paths are found from it; the file itself is not read)",
    )
    check.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="FILE",
        help="an environment file: its resource_registry maps types (template resources are checked against their "
        "templates), its parameter_defaults reach nested templates, its values feed the evaluation rules (8xxx) "
        "(repeatable, in order)",
    )
    check.add_argument(
        "--format",
        choices=("text", "json", "sarif", "github", "junit"),
        default="text",
        help="text: path:line:col: severity CODE message, then a summary; json: a list of {file, range, severity, "
        "code, message} with LSP ranges; sarif: SARIF 2.1.0 for code scanning; github: GitHub Actions annotations; "
        "junit: JUnit XML for CI test reports (default: text)",
    )
    check.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="CODE",
        help="turn a diagnostic code off, or every code it begins (E4, W, I9001); a name that is no code's is a "
        "usage error (repeatable; `hot-lsp rules` lists the codes)",
    )
    check.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out files (and folders) the glob matches, as written from here or by file name: 'vendor/*', "
        "'*.j2.yaml', '**/generated/**' (repeatable)",
    )
    _catalogue_argument(check)
    check.add_argument(
        "--severity",
        choices=("error", "warning", "information"),
        default=None,
        help="the least severe findings shown: error, warning or information (the default: every finding)",
    )
    check.add_argument(
        "--fail-on",
        dest="fail_on",
        choices=("error", "warning"),
        default=None,
        help="the least severe finding shown that makes the exit status 1 (default: error)",
    )
    _config_arguments(check)
    _release_argument(check)
    check.add_argument(
        "--fix",
        action="store_true",
        help="apply the fixes that cannot change what a valid template means (quoting a name YAML reads as a "
        "boolean, the missing version line, a misspelt key with one close spelling), then report what is left; "
        "with -, print the fixed text",
    )
    check.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix: apply every finding's preferred fix, not only the safe ones",
    )
    check.add_argument("--diff", action="store_true", help="print the fixes --fix would apply as a diff; write nothing")
    check.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        default=None,
        metavar="N",
        help="check files in N processes (default: one per core; 1: in this process only). The output is the "
        "same whatever N; a run of a few files stays in one process",
    )

    _cloud_argument(
        check, "also ask this cloud's Heat to validate each template (template-validate)", from_environment=False
    )

    render = commands.add_parser("render", help="resolve a template offline, like a stack preview")
    render.add_argument("template", metavar="TEMPLATE", help="the HOT template to render")
    _values_arguments(render)
    render.add_argument(
        "--stack-name",
        metavar="NAME",
        help="the stack's name, as Heat's preview takes one: get_param OS::stack_name gives it",
    )
    render.add_argument("--format", choices=("yaml", "json"), default="yaml")
    render.add_argument(
        "--with-defaults",
        action="store_true",
        help="show each resource's properties as Heat's stack preview does: every property of its type, the value "
        "given converted to the property's type, else the default, else null (without it: what the template "
        "writes, resolved as Heat resolves it)",
    )
    _catalogue_argument(render, "with --with-defaults, its types' resources show every property of the type")
    _config_arguments(render)
    _release_argument(render)

    resources = commands.add_parser(
        "resources", help="list every resource, nested stacks exploded (a template offline, or a deployed --stack)"
    )
    _tree_arguments(resources, default_depth="0", template_optional=True)
    resources.add_argument("--format", choices=("table", "json"), default="table")
    _config_arguments(resources)
    _release_argument(resources)
    resources.add_argument(
        "--stack",
        metavar="NAME",
        help="list this deployed stack as the cloud's Heat does (with --os-cloud): status and physical ids too",
    )
    _cloud_argument(resources, "the cloud holding --stack", from_environment=True)

    preview = commands.add_parser(
        "preview",
        help="ask the cloud's Heat what a create (or, with --stack, an update) would do; with --against OLD, what an "
        "update from OLD does, offline",
    )
    preview.add_argument("template", metavar="TEMPLATE", help="the HOT template")
    _values_arguments(preview)
    preview.add_argument(
        "--stack",
        metavar="NAME",
        help="preview an update of this stack (Heat's dry run: replaced, deleted, added, updated, unchanged)",
    )
    preview.add_argument("--stack-name", metavar="NAME", help="the new stack's name in a create preview")
    preview.add_argument(
        "--heat-preview",
        action="store_true",
        help="with --stack: Heat's preview API's own answer, which resolves the new template as if no resource "
        "existed (default: the real update's, decided against the deployed stack)",
    )
    preview.add_argument(
        "--against",
        metavar="OLD",
        help="offline, no cloud: what updating the stack deployed from OLD to TEMPLATE does, as Heat's real update "
        "decides it; OLD is a template file or git:REV (TEMPLATE's path at that revision, e.g. git:HEAD)",
    )
    preview.add_argument(
        "--against-env",
        action="append",
        default=None,
        metavar="FILE",
        help="an environment file of OLD (repeatable; default: the --env files)",
    )
    preview.add_argument(
        "--against-parameter",
        action="append",
        default=None,
        metavar="NAME=VALUE",
        help="a parameter value of OLD (repeatable; default: the -P values)",
    )
    preview.add_argument("--format", choices=("table", "json"), default="table")
    _cloud_argument(preview, "the cloud to ask", from_environment=True)

    catalogue = commands.add_parser(
        "catalogue", help="write the cloud's resource types as a catalogue for --resource-types"
    )
    catalogue.add_argument("-o", "--output", metavar="FILE", help="where to write it (default: standard output)")
    _cloud_argument(catalogue, "the cloud to read", from_environment=True)

    failures = commands.add_parser(
        "failures", help="a deployed stack's failed resources, as openstack stack failures list, on their lines"
    )
    failures.add_argument("--stack", metavar="NAME", required=True, help="the deployed stack (name or id)")
    failures.add_argument(
        "template", metavar="TEMPLATE", nargs="?", help="the stack's template: each failure is located in it"
    )
    failures.add_argument(
        "--env", action="append", default=[], metavar="FILE", help="an environment file of the stack (repeatable)"
    )
    failures.add_argument("--format", choices=("text", "json"), default="text")
    _catalogue_argument(failures)
    _cloud_argument(failures, "the cloud holding --stack", from_environment=True)

    events = commands.add_parser("events", help="a deployed stack's events in time order; --follow until it settles")
    events.add_argument("--stack", metavar="NAME", required=True, help="the deployed stack (name or id)")
    events.add_argument(
        "--nested-depth", type=_depth, default=0, metavar="N|MAX", help="list nested stacks' events this deep"
    )
    events.add_argument(
        "--follow", action="store_true", help="go on listing new events until Heat stops working on the stack"
    )
    events.add_argument("--poll", type=float, default=2.0, metavar="SECONDS", help=argparse.SUPPRESS)
    events.add_argument("--format", choices=("text", "json"), default="text")
    _cloud_argument(events, "the cloud holding --stack", from_environment=True)

    deploy = commands.add_parser(
        "deploy",
        help="create the stack, or update it when it exists, as openstack stack create/update, after its preview; "
        "then follow its events and end with its failures",
    )
    deploy.add_argument("template", metavar="TEMPLATE", help="the HOT template")
    _values_arguments(deploy)
    deploy.add_argument("--stack", metavar="NAME", required=True, help="the stack to create or update")
    deploy.add_argument(
        "--yes", action="store_true", help="do not ask (without it, only a terminal is asked, and nothing is sent)"
    )
    deploy.add_argument("--dry-run", action="store_true", help="show the preview and stop: nothing is sent")
    deploy.add_argument("--format", choices=("text", "json"), default="text")
    deploy.add_argument("--poll", type=float, default=2.0, metavar="SECONDS", help=argparse.SUPPRESS)
    _catalogue_argument(deploy, "to locate the failures")
    _cloud_argument(deploy, "the cloud to deploy to", from_environment=True)

    docs = commands.add_parser(
        "docs", help="a template's documentation from the template itself: parameters, resources, outputs, nesting"
    )
    docs.add_argument(
        "template",
        metavar="TEMPLATE",
        nargs="?",
        help="the HOT template (with --inject, default: the one the file's BEGIN_HOT_LSP_DOCS marker names)",
    )
    docs.add_argument(
        "--env", action="append", default=[], metavar="FILE", help="an environment file: its registry maps types"
    )
    docs.add_argument(
        "--nested-depth", type=_depth, default=1, metavar="N|MAX", help="document nested templates this deep (1)"
    )
    docs.add_argument("--format", choices=("markdown", "json"), default="markdown")
    where = docs.add_mutually_exclusive_group()
    where.add_argument("--output", "-o", metavar="FILE", help="write it to FILE (default: standard output)")
    where.add_argument(
        "--inject",
        metavar="FILE",
        help="rewrite the part of FILE (a README) between <!-- BEGIN_HOT_LSP_DOCS --> and <!-- END_HOT_LSP_DOCS -->",
    )
    _catalogue_argument(docs)

    graph = commands.add_parser("graph", help="draw the resource dependency graph (Graphviz DOT or Mermaid)")
    _tree_arguments(graph, default_depth="0")
    graph.add_argument("--format", choices=("dot", "mermaid"), default="dot")
    _config_arguments(graph)
    _release_argument(graph)

    rules = commands.add_parser(
        "rules", help="list every diagnostic code (its default severity and what it means), or show one rule's page"
    )
    rules.add_argument("rule", nargs="?", help="a code (E3022) or a rule's name (unknown-attribute): print its page")

    # Parsed by hot_lsp.fuzz.run and hot_lsp.mcp.run themselves (see main); listed here so --help shows them.
    commands.add_parser("fuzz", add_help=False, help="drive the language server with mutated templates (robustness)")
    commands.add_parser("mcp", add_help=False, help="serve the Model Context Protocol on stdio for assistants")
    return parser


def _config_arguments(parser: argparse.ArgumentParser) -> None:
    """The project configuration: .hot-lsp.toml or [tool.hot-lsp] in pyproject.toml, found from here upwards."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--config",
        metavar="FILE",
        default=None,
        help="the project configuration to use (default: the nearest .hot-lsp.toml, or pyproject.toml with a "
        "[tool.hot-lsp] table, from the working folder upwards)",
    )
    group.add_argument(
        "--no-config", dest="no_config", action="store_true", help="ignore any project configuration file"
    )


def _release_argument(parser: argparse.ArgumentParser) -> None:
    """``--heat-release``: the Heat release whose resource types the templates are checked against."""
    parser.add_argument(
        "--heat-release",
        dest="heat_release",
        metavar="RELEASE",
        default=None,
        help="check for this Heat release's resource types: a series (wallaby ... 2026.2), a release name "
        "(antelope ... flamingo) or a Heat version (20.0.1); default: the configuration's heat-release, else the "
        "newest (2026.2). --resource-types catalogues still add to it",
    )


def _catalogue_argument(parser: argparse.ArgumentParser, effect: str = "") -> None:
    """``--resource-types``: the user's catalogues of plugin or site types, after Heat's own."""
    parser.add_argument(
        "--resource-types",
        action="append",
        default=[],
        metavar="FILE",
        help="a resource type catalogue for plugin or site types, in the built-in catalogue's format"
        f"{': ' + effect if effect else ''} (repeatable; a later file wins per type)",
    )


def _values_arguments(parser: argparse.ArgumentParser) -> None:
    """What render and preview share: the stack's parameter values and environment files, as openstackclient."""
    parser.add_argument(
        "-P",
        "--parameter",
        action="append",
        default=[],
        dest="parameters",
        metavar="NAME=VALUE",
        help="a parameter value (repeatable; a single -P may hold 'a=1;b=2', as in python-heatclient)",
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="FILE", help="an environment file (repeatable, applied in order)"
    )


def _cloud_argument(parser: argparse.ArgumentParser, purpose: str, from_environment: bool) -> None:
    # check stays offline unless --os-cloud is given: an OS_CLOUD exported for openstackclient must not make a
    # pre-commit hook send templates away. The commands that only exist with a cloud take OS_CLOUD, as
    # openstackclient does.
    default = " (default: $OS_CLOUD, as openstackclient)" if from_environment else ""
    parser.add_argument(
        "--os-cloud",
        dest="os_cloud",
        default=None,
        metavar="NAME",
        help=f"a clouds.yaml entry{default}: {purpose}. Nothing leaves this machine unless a cloud is named. "
        "Needs the cloud extra: pip install 'hot-lsp[cloud]'",
    )
    parser.set_defaults(cloud_from_environment=from_environment)


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return number


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds (0: no limit), not {text!r}")
    return seconds


def _depth(text: str) -> int:
    """A ``--nested-depth``: N or MAX (Heat's max_nested_stack_depth)."""
    from .analysis.stack.tree_limits import parse_depth

    try:
        return parse_depth(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _tree_arguments(parser: argparse.ArgumentParser, default_depth: str, template_optional: bool = False) -> None:
    """What ``resources`` and ``graph`` share: the template, its environments and how deep to go."""
    from .analysis.stack.tree_limits import BUILD_SECONDS, parse_depth
    from .spec.limits import MAX_NESTED_STACK_DEPTH

    def depth(text: str) -> int:
        try:
            return parse_depth(text)
        except ValueError as problem:
            raise argparse.ArgumentTypeError(str(problem)) from None

    parser.add_argument(
        "template", metavar="TEMPLATE", nargs="?" if template_optional else None, help="the HOT template"
    )
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
    _catalogue_argument(parser)
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=BUILD_SECONDS,
        metavar="SECONDS",
        help=f"stop expanding nested stacks after this long, with a warning (default {BUILD_SECONDS:g}; 0: no limit)",
    )
