"""The offline tools: each runs the ``commands/`` function of its ``hot-lsp`` subcommand in this process, with the
project configuration and ``--heat-release`` read as the command line reads them (from the server's working
folder), and answers what that command prints with ``--format json`` (graph: its DOT or Mermaid text)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..commands.configured import ConfigUnusable, config_globs, read_config
from .printed import Printed, printed
from .spec import Answer, Arguments, Tool, ToolFailure, as_json, obj, one_line, string, strings

WHERE = f"Absolute paths, or relative to the server's working folder ({os.getcwd()})."
ENVIRONMENTS = strings(
    "Environment files (resource_registry, parameters, parameter_defaults), applied in order, as `--env`. " + WHERE
)
PARAMETERS = {
    "type": "object",
    "additionalProperties": {"type": ["string", "number", "boolean", "array", "object"]},
    "description": "Parameter values by name, as `-P name=value` gives them (a value that is not a string is sent as "
    "JSON text; Heat converts it to the parameter's type).",
}
RELEASE = string(
    "The Heat release to judge resource types against: a series (wallaby ... 2026.2), a release name (antelope ... "
    "flamingo) or a Heat version (20.0.1). Default: the project configuration's heat-release, else the newest."
)
DEPTH = {
    "type": ["integer", "string"],
    "description": "How many levels of nested stacks to explode: 0 (default) lists the top level only, MAX every "
    "level Heat allows.",
}
TEMPLATE = string("The HOT template file. " + WHERE)


def release_catalogues(value: str | None, config: Any, command: str) -> tuple[str, ...] | None:
    """The catalogues the chosen release starts with (as ``cli``'s ``--heat-release``); None after saying why."""
    value = value or (config.heat_release if config else None)
    if not value:
        return ()
    from ..analysis.model.catalogues import release_sources
    from ..spec.heat_releases import find_release, valid_values

    if find_release(value) is None:
        print(
            f"hot-lsp {command}: heat_release {value}: not a Heat release hot-lsp knows; one of: {valid_values()}",
            file=sys.stderr,
        )
        return None
    return release_sources(value)


def configured(
    command: str, arguments: Arguments, run: Callable[[Any, tuple[str, ...]], int], start: str | None = None
) -> int:
    """``run(config, release catalogues)`` once the project configuration (from ``start``, else the working folder)
    and the release are read; 2, said on stderr, when either is unusable."""
    try:
        config = read_config(False, None, command, start)
    except ConfigUnusable:
        return 2
    release = release_catalogues(arguments.get("heat_release"), config, command)
    if release is None:
        return 2
    return run(config, release)


def answered(ran: Printed) -> Printed:
    """``ran`` when it printed an answer; its one-line failure when it printed none."""
    if not ran.out.strip() and ran.status != 0:
        raise ToolFailure(one_line(ran.err) or f"the command ended with status {ran.status} and said nothing")
    return ran


def with_notes(data: dict[str, Any], ran: Printed) -> dict[str, Any]:
    notes = [line for line in ran.err.splitlines() if line.strip()]
    return {**data, "notes": notes} if notes else data


def parameter_options(values: Arguments | None) -> list[str]:
    """``-P`` strings of a ``parameters`` object."""
    return [f"{name}={v if isinstance(v, str) else json.dumps(v)}" for name, v in (values or {}).items()]


def depth(value: Any) -> int:
    from ..analysis.stack.tree_limits import parse_depth

    try:
        return parse_depth(str(0 if value is None else value))
    except ValueError as problem:
        raise ToolFailure(f"nested_depth: {problem}".replace("--nested-depth ", "")) from None


# ------------------------------------------------------------------------------------------------ check


def run_check_tool(arguments: Arguments, cloud: str | None = None) -> Answer:
    """``hot-lsp check --format json`` of the paths or the text (with ``cloud``: ``--os-cloud``)."""
    from ..commands.check import run_check
    from ..commands.stdin import STDIN, config_start, stdin_usage

    paths: list[str] = list(arguments.get("paths") or [])
    text: str | None = arguments.get("text")
    filename: str | None = arguments.get("filename")
    if (text is None) == (not paths):
        raise ToolFailure("give either paths (files or folders) or text, one of the two")
    if filename is not None and text is None:
        raise ToolFailure("filename names the file a text stands for: give text with it")
    named = [STDIN] if text is not None else paths
    given = dict(arguments.get("parameters") or {})

    def run(config: Any, release: tuple[str, ...]) -> int:
        types = tuple(arguments.get("resource_types") or ()) or (config.resource_types if config else ())
        return run_check(
            named,
            "json",
            frozenset(c.upper() for c in arguments.get("disable") or ()) | (config.disable if config else frozenset()),
            tuple(arguments.get("environments") or ()) or (config.environments if config else ()),
            release + types,
            1,  # in this process: the analysis stays loaded from one call to the next
            cloud,
            config_globs(config),
            severity=arguments.get("severity") or (config.severity if config else None) or "information",
            parameters={**(config.parameters if config else {}), **given},
            parameters_source="parameters" if given or not config else config.path,
            stdin_filename=filename,
            release_from_cloud=cloud is not None
            and not (arguments.get("heat_release") or config and config.heat_release),
        )

    def command() -> int:
        problem = stdin_usage(named, filename, cloud)
        if problem is not None:
            print(f"hot-lsp check: {problem}", file=sys.stderr)
            return 2
        return configured("check", arguments, run, config_start(filename) if text is not None else None)

    ran = answered(printed(command, stdin=text))
    findings = as_json(ran.out, "check")
    if ran.status == 2 and not findings:  # nothing could be checked: a missing file, a cloud that cannot be asked
        raise ToolFailure(one_line(ran.err))
    # complete false: a file could not be read, or the cloud not asked (the notes say which): not a clean bill
    data = with_notes({"findings": findings, "complete": ran.status != 2}, ran)
    return Answer(findings_summary(findings), data, ran.out)


def findings_summary(findings: Sequence[dict[str, Any]]) -> str:
    if not findings:
        return "No findings: Heat would accept what was checked, as far as hot-lsp can tell offline."
    counts = {severity: 0 for severity in ("error", "warning", "information", "hint")}
    for finding in findings:
        counts[finding["severity"]] = counts.get(finding["severity"], 0) + 1
    files = len({finding["file"] for finding in findings})
    kinds = ", ".join(f"{n} {severity}" for severity, n in counts.items() if n)
    return f"{len(findings)} finding(s) in {files} file(s): {kinds}."


PATHS_SCHEMA = strings("Template or environment files, or folders (searched for HOT files). " + WHERE)
CHECK_SCHEMA = obj(
    {
        "paths": PATHS_SCHEMA,
        "text": string("Instead of paths: a template's (or environment's) text, such as an unsaved draft."),
        "filename": string(
            "With text: the file it stands for (where it would be saved). The findings name it, and nested "
            "templates, get_file and the project configuration are found from its folder; the file is not read."
        ),
        "environments": ENVIRONMENTS,
        "parameters": PARAMETERS,
        "heat_release": RELEASE,
        "disable": strings("Codes to leave out, or prefixes of codes (E4, W, I9001)."),
        "severity": string("The least severe findings shown.", enum=["error", "warning", "information"]),
        "resource_types": strings("Resource type catalogues of plugin or site types (`hot-lsp catalogue` writes one)."),
    }
)


# ------------------------------------------------------------------------------------------------ explain


def explain(arguments: Arguments) -> Answer:
    """``hot-lsp rules CODE``'s page, the rule's record, and with a finding's message, how to fix that finding."""
    from ..analysis.codes import record_of
    from ..commands.rules import run_rules, severity

    code = str(arguments["code"]).strip()
    ran = answered(printed(lambda: run_rules(code)))
    record = record_of(code)
    if ran.status != 0 or record is None:
        raise ToolFailure(one_line(ran.err))
    data: dict[str, Any] = {
        "code": record.code,
        "name": record.slug,
        "severity": severity(record),
        "summary": record.summary,
        "why": record.why,
        "example": record.example,
        "instead": record.instead,
        "heat_step": record.heat_step,
        "page": ran.out,
    }
    message = arguments.get("message")
    if message:
        data["finding"] = {"code": record.code, "message": message}
        data["how_to_fix"] = (
            "The message names what is wrong and, when hot-lsp knows it, what to write (the close spelling, the "
            f"right type): {message} The rule's general fix: {one_line(record.instead) or record.summary}"
        )
    return Answer(f"{record.code} ({record.slug}), {severity(record)}: {record.summary}", data, ran.out)


EXPLAIN_SCHEMA = obj(
    {
        "code": string("A hot-lsp code (E3022) or a rule's name (unknown-attribute), as in a finding."),
        "message": string("The finding's message, to be told how to fix that finding."),
    },
    ("code",),
)


# ------------------------------------------------------------------------------------------------ render


def render(arguments: Arguments) -> Answer:
    from ..commands.render import run_render

    template = arguments["template"]

    def run(config: Any, release: tuple[str, ...]) -> int:
        return run_render(
            template,
            parameter_options(arguments.get("parameters")),
            list(arguments.get("environments") or ()) or list(config.environments if config else ()),
            "json",
            arguments.get("stack_name"),
            configured=config.parameters if config else {},
            resource_types=release
            + (tuple(arguments.get("resource_types") or ()) or (config.resource_types if config else ())),
            with_defaults=bool(arguments.get("with_defaults")),
        )

    ran = answered(printed(lambda: configured("render", arguments, run)))
    rendered = as_json(ran.out, "render")
    failed = ran.status == 1
    summary = f"{template} rendered" + (" (some values could not be resolved: see the notes)" if failed else "")
    return Answer(summary + ".", with_notes({"template": rendered, "complete": not failed}, ran), ran.out)


RENDER_SCHEMA = obj(
    {
        "template": TEMPLATE,
        "parameters": PARAMETERS,
        "environments": ENVIRONMENTS,
        "stack_name": string("The stack's name (get_param OS::stack_name gives it)."),
        "with_defaults": {
            "type": "boolean",
            "description": "Show each resource's properties as Heat's stack preview does (every property of its "
            "type, defaults filled in) instead of what the template writes, resolved.",
        },
        "heat_release": RELEASE,
        "resource_types": strings("Resource type catalogues of plugin or site types."),
    },
    ("template",),
)


# ------------------------------------------------------------------------------------------------ resources, graph


def tree_command(name: str, arguments: Arguments, fmt: str) -> Printed:
    from ..commands.graph import run_graph
    from ..commands.resources import run_resources

    runner: Callable[..., int] = run_resources if name == "resources" else run_graph
    levels = depth(arguments.get("nested_depth"))

    def run(config: Any, release: tuple[str, ...]) -> int:
        return runner(
            arguments["template"],
            list(arguments.get("environments") or ()) or list(config.environments if config else ()),
            levels,
            fmt,
            release + (tuple(arguments.get("resource_types") or ()) or (config.resource_types if config else ())),
        )

    return answered(printed(lambda: configured(name, arguments, run)))


def resources(arguments: Arguments) -> Answer:
    ran = tree_command("resources", arguments, "json")
    listed = as_json(ran.out, "resources")
    rows = listed.get("resources", [])
    return Answer(f"{len(rows)} resource(s) in {arguments['template']}.", with_notes(listed, ran), ran.out)


def graph(arguments: Arguments) -> Answer:
    fmt = arguments.get("format") or "dot"
    ran = tree_command("graph", arguments, fmt)
    data = with_notes({"format": fmt, "graph": ran.out}, ran)
    return Answer(f"The dependency graph of {arguments['template']} as {fmt}.", data, ran.out)


TREE_SCHEMA = {
    "template": TEMPLATE,
    "environments": ENVIRONMENTS,
    "nested_depth": DEPTH,
    "heat_release": RELEASE,
    "resource_types": strings("Resource type catalogues of plugin or site types."),
}
GRAPH_SCHEMA = obj(
    {**TREE_SCHEMA, "format": string("dot (Graphviz, default) or mermaid.", enum=["dot", "mermaid"])}, ("template",)
)


# ------------------------------------------------------------------------------------------------ preview


def preview(arguments: Arguments) -> Answer:
    from ..commands.preview_offline import run_offline_preview

    template, against = arguments["template"], arguments["against"]
    old_parameters = arguments.get("against_parameters")
    old_environments = arguments.get("against_environments")
    ran = printed(
        lambda: run_offline_preview(
            template,
            against,
            list(arguments.get("environments") or ()),
            parameter_options(arguments.get("parameters")),
            list(old_environments) if old_environments is not None else None,
            parameter_options(old_parameters) if old_parameters is not None else None,
            "json",
        )
    )
    if ran.status == 1:  # Heat refuses the whole update: an answer, not a failure
        refused = one_line(ran.err).removeprefix("hot-lsp preview: ")
        return Answer(refused, {"refused": refused})
    changes = as_json(answered(ran).out, "preview")
    counts = ", ".join(f"{len(rows)} {kind}" for kind, rows in changes.items() if isinstance(rows, list))
    return Answer(f"Updating from {against} to {template}: {counts}.", with_notes(changes, ran), ran.out)


PREVIEW_SCHEMA = obj(
    {
        "template": string("The new version of the template (a file). " + WHERE),
        "against": string(
            "The old version: a template file, or git:REV for the new template's own path at a git revision "
            "(git:HEAD, git:main~1); every file it reaches is then read at that revision too."
        ),
        "environments": ENVIRONMENTS,
        "parameters": PARAMETERS,
        "against_environments": strings("The old version's environment files (default: environments)."),
        "against_parameters": {
            **PARAMETERS,
            "description": "The old version's parameter values (default: parameters).",
        },
    },
    ("template", "against"),
)


# ------------------------------------------------------------------------------------------------ docs


def docs(arguments: Arguments) -> Answer:
    from ..commands.docs import markdown, run_docs

    template = arguments["template"]
    levels = depth(1 if arguments.get("nested_depth") is None else arguments["nested_depth"])
    environments = list(arguments.get("environments") or ())
    types = tuple(arguments.get("resource_types") or ())
    ran = answered(printed(lambda: run_docs(template, environments, levels, "json", None, None, types)))
    found = as_json(ran.out, "docs")
    text = markdown(found)
    data = with_notes({"docs": found, "markdown": text}, ran)
    return Answer(f"The documentation of {template} (Markdown in `markdown`, its data in `docs`).", data, text)


DOCS_SCHEMA = obj(
    {
        "template": TEMPLATE,
        "environments": ENVIRONMENTS,
        "nested_depth": {**DEPTH, "description": "How many levels of nested templates to document (default 1)."},
        "resource_types": strings("Resource type catalogues of plugin or site types."),
    },
    ("template",),
)


def offline_tools() -> list[Tool]:
    return [
        Tool(
            "check",
            "Check HOT templates",
            "Validate OpenStack Heat Orchestration Templates (and environment files) offline, as Heat would judge "
            "them before any cloud sees them: syntax, sections, parameters, resource types and properties, "
            "intrinsic functions, conditions, outputs, nested templates and environments, values evaluated. Give "
            "paths (files or folders) or text (a draft, with the filename it stands for). Returns the findings "
            "exactly as `hot-lsp check --format json` prints them: a list of {file, range (0-based LSP lines and "
            "characters), severity, code, message}; an empty list means no findings. `explain` tells what a code "
            "means and how to fix it.",
            CHECK_SCHEMA,
            run_check_tool,
        ),
        Tool(
            "explain",
            "Explain a hot-lsp code",
            "What a hot-lsp finding's code means: its rule page as `hot-lsp rules CODE` prints it (what is wrong, "
            "why Heat cares, the Heat step that meets it, a failing example and what to write instead). Give the "
            "code (E3022) or the rule's name; add the finding's message to be told how to fix that finding. Returns "
            "the page (in `page`) and its parts (summary, why, example, instead, heat_step), with a message also "
            "`how_to_fix`.",
            EXPLAIN_SCHEMA,
            explain,
        ),
        Tool(
            "render",
            "Render a template offline",
            "Resolve a HOT template offline, as a stack preview would: parameters (values given, environments, "
            "defaults), conditions, get_param, get_attr placeholders, str_replace, yaql and the other functions "
            "evaluated. Needs the template file; takes parameter values and environment files. Returns the "
            "rendered template as `hot-lsp render --format json` prints it (in `template`), `complete` false when "
            "some value could not be resolved.",
            RENDER_SCHEMA,
            render,
        ),
        Tool(
            "resources",
            "List a template's resources",
            "Every resource a HOT template creates, nested stacks (template resources, resource groups, "
            "environment-mapped types) exploded to nested_depth levels, with type, parent, nested template and "
            "condition. Needs the template file. Returns `hot-lsp resources --format json`'s answer: "
            "{resources: [...]}.",
            obj(TREE_SCHEMA, ("template",)),
            resources,
        ),
        Tool(
            "graph",
            "Draw the dependency graph",
            "The resource dependency graph of a HOT template (depends_on, get_resource, get_attr), nested stacks "
            "to nested_depth levels, as Graphviz DOT or a Mermaid flowchart. Needs the template file. Returns the "
            "text `hot-lsp graph` prints (in `graph`).",
            GRAPH_SCHEMA,
            graph,
        ),
        Tool(
            "preview",
            "Preview a stack update offline",
            "What updating a stack from an old version of its template to a new one does to each resource, "
            "offline, decided as Heat's real update decides it: which resources are replaced (their data and ids "
            "lost), deleted, added, updated in place or unchanged, each with the reason. Needs the new template "
            "file and the old version (a file, or git:REV). Returns `hot-lsp preview --against --format json`'s "
            "answer, or {refused: why} when Heat would refuse the whole update.",
            PREVIEW_SCHEMA,
            preview,
        ),
        Tool(
            "docs",
            "Document a template",
            "A HOT template's documentation generated from the template itself, as a template repository's README "
            "lists it: description, parameters (by parameter group, with type, default, constraints, hidden and "
            "immutable), resources (type, the nested template each instantiates, condition), outputs, conditions, "
            "the nested templates down nested_depth levels and the environments' registry. Needs the template "
            "file. Returns `hot-lsp docs --format json`'s data (in `docs`) and the Markdown `hot-lsp docs` prints "
            "(in `markdown`). Writes no file.",
            DOCS_SCHEMA,
            docs,
        ),
    ]
