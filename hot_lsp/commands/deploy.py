"""``hot-lsp deploy TEMPLATE --stack NAME [--env FILE]... [-P NAME=VALUE]... --os-cloud C``: create the stack, or
update it when it exists, exactly as ``openstack stack create/update`` sends it (``cloud/deploy.py``).

First the preview: for an update the real update's answer against the deployed stack (as ``hot-lsp preview
--stack``), for a create Heat's create preview. Then the question, on a terminal only (``--yes`` answers it;
without a terminal and without ``--yes`` nothing is sent); ``--dry-run`` stops after the preview. Once sent, the
stack's events as they come (a progress line on a terminal) until Heat stops working on it, then its failures,
each located in the local files (as ``hot-lsp failures``).

Exit 0 when the stack ends ``*_COMPLETE`` (or after ``--dry-run``), 1 when it ends ``*_FAILED`` (or rolled back),
2 when nothing
could be done: the cloud, a file or a value cannot be used, Heat refuses the template (its message), the deploy
was not confirmed; 130 when interrupted while following (the stack goes on).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .events import event_line
from .progress import Line
from .render import Usage, parse_parameters

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
YES = ("y", "yes")


def run_deploy(
    template: str,
    environments: list[str],
    parameters: list[str],
    cloud: str | None,
    stack: str,
    yes: bool,
    dry_run: bool,
    fmt: str,
    poll: float = 2.0,
    resource_types: tuple[str, ...] = (),
) -> int:
    from ..analysis.update.sides import SideError
    from ..cloud.bundle import BundleError
    from ..cloud.connection import CloudError, HeatRefused, connect
    from ..cloud.deploy import plan

    if not cloud:
        print("hot-lsp deploy: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    if not (yes or dry_run or (sys.stdin.isatty() and sys.stdout.isatty())):
        print("hot-lsp deploy: not confirmed: run it on a terminal to be asked, or give --yes", file=sys.stderr)
        return EXIT_USAGE
    try:
        values = parse_parameters(parameters, "deploy") if parameters else {}
        heat = connect(cloud)
        planned = plan(heat, template, environments, values, stack)
    except Usage as problem:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    except (BundleError, SideError) as problem:
        print(f"hot-lsp deploy: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except HeatRefused as refusal:
        return _refused(refusal, cloud)
    except CloudError as problem:
        print(f"hot-lsp deploy: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if planned.refused:
        print(f"hot-lsp deploy: Heat refuses this update: {planned.refused}; nothing sent", file=sys.stderr)
        return EXIT_USAGE
    for note in planned.notes:
        print(f"hot-lsp deploy: {note}", file=sys.stderr)
    if fmt != "json":
        sys.stdout.write(_preview_table(planned))
        sys.stdout.flush()
    if dry_run:
        if fmt == "json":
            _json(planned, None, [], [])
        print(f"hot-lsp deploy: --dry-run: nothing sent ({planned.counts()})", file=sys.stderr)
        return EXIT_OK
    if not yes and not _confirmed(planned.question()):
        print("hot-lsp deploy: not deployed: nothing sent", file=sys.stderr)
        return EXIT_USAGE
    return _deploy(heat, planned, template, environments, fmt, poll, resource_types)


def _deploy(
    heat: Any,
    planned: Any,
    template: str,
    environments: list[str],
    fmt: str,
    poll: float,
    resource_types: tuple[str, ...],
) -> int:
    from ..cloud.connection import CloudError, HeatRefused
    from ..cloud.deploy import follow, seen_events, send
    from ..cloud.failures import stack_failures

    line = Line()  # (says something only on a terminal)
    shown: list[dict[str, Any]] = []

    def on_events(events: list[dict[str, Any]], state: Any) -> None:
        shown.extend(events)
        line.clear()
        if fmt != "json" and events:
            sys.stdout.write("".join(event_line(event) + "\n" for event in events))
            sys.stdout.flush()
        line.say(f"{state.name}: {state.status}, {len(shown)} events")

    try:
        seen = seen_events(heat, planned)
        identity = send(heat, planned)
    except HeatRefused as refusal:
        return _refused(refusal, heat.cloud)
    except CloudError as problem:
        print(f"hot-lsp deploy: {problem}", file=sys.stderr)
        return EXIT_USAGE
    try:
        state = follow(heat, identity, seen, on_events, poll)
        failures = stack_failures(heat, state)
    except CloudError as problem:
        line.clear()
        print(f"hot-lsp deploy: {problem} (the {planned.action} was sent)", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        line.clear()
        print(f"hot-lsp deploy: interrupted; Heat goes on with stack {planned.stack}", file=sys.stderr)
        return EXIT_INTERRUPTED
    line.clear()
    items = _located(failures, template, environments, resource_types)
    if fmt == "json":
        _json(planned, state, shown, items)
    else:
        from .failures import text

        sys.stdout.write(text(state.name, state.status, state.reason, items))
    print(f"hot-lsp deploy: {state.name}: {state.status}", file=sys.stderr)
    failed = state.status.endswith("FAILED") or state.status.startswith("ROLLBACK")
    return EXIT_FAILED if failed else EXIT_OK


def _located(failures: list[Any], template: str, environments: list[str], types: tuple[str, ...]) -> list[Any]:
    """The failures as ``hot-lsp failures --format json`` gives them, located in the template's tree."""
    from ..analysis.stack.tree_limits import BUILD_SECONDS
    from ..spec.limits import MAX_NESTED_STACK_DEPTH
    from .environments import CommandLineFileError
    from .failures import failure_json
    from .resources import load_tree

    tree = None
    if failures:
        try:
            tree = load_tree(template, environments, MAX_NESTED_STACK_DEPTH, types, BUILD_SECONDS)
        except CommandLineFileError:
            tree = None  # (the bundle read them a moment ago: the failures are listed unlocated)
    return [failure_json(failure, tree) for failure in failures]


def _preview_table(planned: Any) -> str:
    from .preview import exact_table, table

    if planned.action == "create":
        head = f"Create stack {planned.stack} on {planned.cloud}: Heat's create preview\n"
        return head + table(planned.preview)
    head = f"Update stack {planned.stack} on {planned.cloud}: what the update does\n"
    return head + exact_table(planned.preview, planned.heat_preview or {})


def _confirmed(question: str) -> bool:
    sys.stderr.write(f"{question} [y/N] ")
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return False
    return answer.strip().lower() in YES


def _refused(refusal: Any, cloud: str) -> int:
    if refusal.status == 400:
        said = " ".join(refusal.heat_message.split())
        print(f"hot-lsp deploy: the cloud '{cloud}' refuses it: {said}", file=sys.stderr)
    else:
        print(f"hot-lsp deploy: {refusal}", file=sys.stderr)
    return EXIT_USAGE


def _json(planned: Any, state: Any, events: list[dict[str, Any]], failures: list[Any]) -> None:
    document = {
        "stack": planned.stack,
        "cloud": planned.cloud,
        "action": planned.action,
        "preview": planned.preview,
        "status": state.status if state is not None else None,
        "events": events,
        "failures": failures,
    }
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
