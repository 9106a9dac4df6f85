"""The read-only tools that ask the user's cloud: listed only when the server was started with a cloud
(``--os-cloud`` or ``OS_CLOUD``), the ``cloud`` extra installed, and ``--allow-live``. None of them changes
anything in the cloud: they validate, list and read."""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from .printed import printed
from .spec import Answer, Arguments, Tool, as_json, obj, string, strings
from .tools import DEPTH, ENVIRONMENTS, PATHS_SCHEMA, RELEASE, TEMPLATE, answered, depth, run_check_tool, with_notes

STACK = string("The deployed stack's name or id.")


def live_cloud(named: str | None, allowed: bool) -> tuple[str | None, str]:
    """The cloud the live tools ask (None: no live tools) and, when there are none, why, for the log."""
    cloud = named or os.environ.get("OS_CLOUD") or None
    if cloud is None:
        return None, "no cloud named (--os-cloud NAME or OS_CLOUD): the live tools are off"
    if not allowed:
        return None, f"cloud {cloud} named but --allow-live not given: the live tools are off"
    if importlib.util.find_spec("openstack") is None or importlib.util.find_spec("keystoneauth1") is None:
        return None, "the live tools need the cloud extra: pip install 'hot-lsp[cloud]'"
    return cloud, f"live tools on, asking cloud {cloud} (read only)"


def live_tools(cloud: str) -> list[Tool]:
    def cloud_check(arguments: Arguments) -> Answer:
        return run_check_tool(arguments, cloud)

    def stack_resources(arguments: Arguments) -> Answer:
        from ..commands.live_resources import run_live_resources

        levels = depth(arguments.get("nested_depth"))
        ran = answered(printed(lambda: run_live_resources(arguments["stack"], cloud, levels, "json")))
        listed = as_json(ran.out, "resources --stack")
        summary = f"{len(listed.get('resources', []))} resource(s) in stack {arguments['stack']} on {cloud}."
        return Answer(summary, with_notes(listed, ran), ran.out)

    def stack_failures(arguments: Arguments) -> Answer:
        from ..commands.failures import run_failures

        template = arguments.get("template")
        environments = list(arguments.get("environments") or ())
        ran = answered(printed(lambda: run_failures(arguments["stack"], template, environments, cloud, "json")))
        found = as_json(ran.out, "failures")
        summary = f"stack {found.get('stack')}: {found.get('status')}, {len(found.get('failures', []))} failed"
        return Answer(summary + " resource(s).", with_notes(found, ran), ran.out)

    def stack_events(arguments: Arguments) -> Answer:
        from ..commands.events import run_events

        levels = depth(arguments.get("nested_depth"))
        ran = answered(printed(lambda: run_events(arguments["stack"], cloud, levels, False, "json")))
        events: list[Any] = [as_json(line, "events") for line in ran.out.splitlines() if line.strip()]
        summary = f"{len(events)} event(s) of stack {arguments['stack']} on {cloud}."
        return Answer(summary, with_notes({"events": events}, ran), ran.out)

    where = f"the cloud {cloud!r} the server was started for (read only: nothing is created, changed or deleted)"
    return [
        Tool(
            "cloud_check",
            "Check templates on the cloud",
            "Validate HOT templates as `check` does, and also send each one (with its nested templates, get_file "
            f"files and environments, as openstackclient bundles them) to the Heat of {where} for its own "
            "template-validate verdict, reported as code E9901 with Heat's message on the line it names. "
            "Templates leave this machine. Needs paths of files (a text cannot be sent). Returns `hot-lsp check "
            "--os-cloud --format json`'s findings; without a heat_release, the cloud's own release decides.",
            obj(
                {
                    "paths": PATHS_SCHEMA,
                    "environments": ENVIRONMENTS,
                    "parameters": {"type": "object", "description": "Parameter values by name, as in `check`."},
                    "heat_release": RELEASE,
                    "disable": strings("Codes to leave out, or prefixes of codes."),
                },
                ("paths",),
            ),
            cloud_check,
            live=True,
        ),
        Tool(
            "stack_resources",
            "List a deployed stack's resources",
            f"A deployed stack's resources as the Heat of {where} lists them, nested stacks to nested_depth "
            "levels, each with its type, status and physical id. Returns `hot-lsp resources --stack --format "
            "json`'s answer: {resources: [...]}.",
            obj({"stack": STACK, "nested_depth": DEPTH}, ("stack",)),
            stack_resources,
            live=True,
        ),
        Tool(
            "stack_failures",
            "Why a deployed stack failed",
            f"A deployed stack's failed resources, as `openstack stack failures list` shows them, from {where}: "
            "each one's status reason (Heat's error) and, for software deployments, their output; with the "
            "stack's template (and environments), each failure is located on its line in the local files. "
            "Returns `hot-lsp failures --format json`'s answer: {stack, status, failures: [...]}.",
            obj({"stack": STACK, "template": TEMPLATE, "environments": ENVIRONMENTS}, ("stack",)),
            stack_failures,
            live=True,
        ),
        Tool(
            "stack_events",
            "A deployed stack's events",
            f"A deployed stack's events in time order, as `openstack stack event list` lists them, from {where}, "
            "nested stacks' events to nested_depth levels. Returns {events: [...]}, each as `hot-lsp events "
            "--format json` prints it.",
            obj({"stack": STACK, "nested_depth": DEPTH}, ("stack",)),
            stack_events,
            live=True,
        ),
    ]
