"""``hot-lsp events --stack NAME [--nested-depth N] [--follow]``: a deployed stack's events in time order, as
``openstack stack event list --nested-depth N`` lists them; ``--follow`` goes on listing the new ones until Heat
stops working on the stack, with a progress line on a terminal. ``--format json``: one JSON object per line.

Exit 0 once listed (with ``--follow``: the stack ended COMPLETE), 1 when a followed stack ended FAILED, 2 when the
cloud or the stack cannot be used; 130 when interrupted.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from .progress import Line

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
POLL_S = 2.0


def run_events(
    stack: str,
    cloud: str | None,
    nested_depth: int,
    follow: bool,
    fmt: str,
    poll: float = POLL_S,
) -> int:
    from ..cloud.connection import CloudError, connect
    from ..cloud.failures import new_events, stack_events
    from ..cloud.stacks import stack_state

    if not cloud:
        print("hot-lsp events: name a cloud with --os-cloud NAME (or OS_CLOUD)", file=sys.stderr)
        return EXIT_USAGE
    line = Line()  # (says something only on a terminal)
    seen: set[str] = set()
    try:
        heat = connect(cloud)
        state = stack_state(heat, stack)
        show_events(new_events(stack_events(heat, state, nested_depth), seen), fmt, line)
        while follow and not state.settled:
            line.say(f"{state.name}: {state.status}, {len(seen)} events")
            time.sleep(poll)
            state = stack_state(heat, stack)
            show_events(new_events(stack_events(heat, state, nested_depth), seen), fmt, line)
    except CloudError as problem:
        line.clear()
        print(f"hot-lsp events: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        line.clear()
        return EXIT_INTERRUPTED
    line.clear()
    if follow:
        print(f"hot-lsp events: {state.name}: {state.status}", file=sys.stderr)
        return EXIT_FAILED if state.status.endswith("FAILED") else EXIT_OK
    return EXIT_OK


def event_line(event: dict[str, Any]) -> str:
    """``2026-12-02T11:02:03Z [web-workers-x7] leaf: CREATE_FAILED: reason`` (the stack named when nested)."""
    where = f"[{event['stack']}] " if event["nested"] else ""
    reason = f": {event['resource_status_reason']}" if event["resource_status_reason"] else ""
    return f"{event['event_time']} {where}{event['resource_name']}: {event['resource_status']}{reason}"


def show_events(events: list[dict[str, Any]], fmt: str, line: Line) -> None:
    if not events:
        return
    line.clear()
    show: Callable[[dict[str, Any]], str] = (lambda e: json.dumps(e, sort_keys=True)) if fmt == "json" else event_line
    sys.stdout.write("".join(show(event) + "\n" for event in events))
    sys.stdout.flush()
