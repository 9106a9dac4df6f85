"""Misbehaving "clouds" for the fault suite: real HTTP servers on 127.0.0.1 that answer every request wrongly, each
in one way, and a clouds.yaml naming each of them (``auth_type: none`` with an orchestration endpoint override, as
live-heat.md does for the real Heat).

Each fault has two clouds: ``fault-NAME`` answers every request with the fault; ``fault-NAME-later`` first answers
the lookups a command starts with as Heat would (``GET stacks/NAME``: the stack; ``GET resource_types``: one type),
then the fault, so a command's second request (``preview --stack``'s update preview, ``resources --stack``'s
listing, ``catalogue``'s per-type schema) meets it.

Import from any test folder: ``from fault_clouds import FAULTS, FaultClouds, fault_clouds``.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
PROJECT_PATH = "/v1/admin"  # the endpoint's path, as Heat's is /v1/{project}
HANG_S = 30.0  # how long the hanging server keeps a request unanswered (the clouds.yaml timeout is far shorter)
SHORT_TIMEOUT_S = 2  # api_timeout of the clouds.yaml entries: the hanging server outlasts it

# A Python traceback as a broken WSGI server might send it back in a 500.
STACK_TRACE = (
    "Traceback (most recent call last):\n"
    '  File "/usr/lib/python3/dist-packages/heat/api/middleware/fault.py", line 120, in __call__\n'
    "    return req.get_response(self.application)\n"
    "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) server closed the connection unexpectedly\n"
)

# fault name -> what the server does with every request
FAULTS: dict[str, str] = {
    "empty-200": "HTTP 200 with an empty body",
    "empty-object": "HTTP 200 with {}",
    "list": "HTTP 200 with [1]",
    "html": "HTTP 200 with an HTML page",
    "truncated-json": "HTTP 200 with JSON cut in the middle",
    "closed": "the connection closed without an answer",
    "trace-500": "HTTP 500 with a Python stack trace as text",
    "redirect-loop-absolute": "HTTP 302 to its own absolute URL, for ever",
    "redirect-loop-relative": "HTTP 302 to a relative URL (its own path again), for ever",
    "hang": f"no answer for {HANG_S:.0f} s (the entry's api_timeout is {SHORT_TIMEOUT_S} s)",
}
# Not in FAULTS (which the editor's suite runs through): for the CLI's suite, pass them to fault_clouds.
MORE_FAULTS: dict[str, str] = {
    "redirect-nowhere": "HTTP 302 to a mailto: location",
    "not-found-html": "HTTP 404 with an HTML page (a web server with no Heat at that path)",
}


# What Heat 27 answers to the lookups the ``-later`` clouds answer properly (tools/local_heat.py's Heat, trimmed).
STACK_ID = "39c4ad06-b11f-4a65-a529-f2244d14e186"
LOOKUP_TYPE = "OS::Heat::None"


def heat_lookup(method: str, path: str) -> dict[str, Any] | None:
    """Heat's answer to a stack lookup or the type listing, else None (the request gets the fault)."""
    parts = path.split("?", 1)[0][len(PROJECT_PATH) :].strip("/").split("/")
    if method == "GET" and len(parts) == 2 and parts[0] == "stacks":
        return {"stack": {"stack_name": parts[1], "id": STACK_ID, "stack_status": "CREATE_FAILED"}}
    if method == "GET" and parts == ["resource_types"]:
        return {"resource_types": [LOOKUP_TYPE]}
    return None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    fault = ""  # set per server class
    lookups_first = False  # the -later clouds: Heat's answer to the lookups, the fault to the rest

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.server.requests += 1  # type: ignore[attr-defined]
        lookup = heat_lookup(self.command, self.path) if self.lookups_first else None
        if lookup is not None:
            self._send(200, json.dumps(lookup).encode(), "application/json")
            return
        fault = self.fault
        if fault == "closed":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "hang":
            stop: threading.Event = self.server.stopping  # type: ignore[attr-defined]
            stop.wait(HANG_S)
            self.close_connection = True
            return
        if fault.startswith("redirect-loop"):
            hop = int(self.path.rsplit("hop=", 1)[1]) + 1 if "hop=" in self.path else 1
            path = self.path.split("?", 1)[0]
            target = f"{path}?hop={hop}"
            if fault.endswith("absolute"):
                target = f"http://{HOST}:{self.server.server_address[1]}{target}"
            else:
                # relative to the current path (no scheme, no host, its last segment): the same path again
                target = target.rsplit("/", 1)[-1]
            self._send(302, b"", "text/plain", extra={"Location": target})
            return
        if fault == "redirect-nowhere":
            self._send(302, b"", "text/plain", extra={"Location": "mailto:heat@example.org"})
            return
        body, status, kind = {
            "empty-200": (b"", 200, "application/json"),
            "empty-object": (b"{}", 200, "application/json"),
            "list": (b"[1]", 200, "application/json"),
            "html": (b"<html><body><h1>Welcome to nginx!</h1></body></html>", 200, "text/html"),
            "truncated-json": (b'{"Description": "No description", "Parame', 200, "application/json"),
            "trace-500": (STACK_TRACE.encode(), 500, "text/plain"),
            "not-found-html": (b"<html><body><h1>404 Not Found</h1></body></html>", 404, "text/html"),
        }[fault]
        self._send(status, body, kind)

    def _send(self, status: int, body: bytes, kind: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _answer

    def log_message(self, format: str, *args: Any) -> None:
        pass


@dataclass
class FaultClouds:
    """The running fault servers and the clouds.yaml that names each: cloud ``fault-NAME`` for fault ``NAME``."""

    clouds_yaml: Path
    servers: dict[str, ThreadingHTTPServer] = field(default_factory=dict)

    later: dict[str, ThreadingHTTPServer] = field(default_factory=dict)  # the -later clouds' servers

    def cloud(self, fault: str, later: bool = False) -> str:
        return f"fault-{fault}-later" if later else f"fault-{fault}"

    def endpoint(self, fault: str, later: bool = False) -> str:
        return f"http://{self.host(fault, later)}{PROJECT_PATH}"

    def host(self, fault: str, later: bool = False) -> str:
        return f"{HOST}:{(self.later if later else self.servers)[fault].server_address[1]}"

    def requests(self, fault: str, later: bool = False) -> int:
        """How many requests the fault's server has been sent."""
        return int((self.later if later else self.servers)[fault].requests)  # type: ignore[attr-defined]

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """An environment for a subprocess with this clouds.yaml and no other OS_* variable."""
        import os

        environ = {key: value for key, value in (base or dict(os.environ)).items() if not key.startswith("OS_")}
        environ["OS_CLIENT_CONFIG_FILE"] = str(self.clouds_yaml)
        return environ


def start_fault_server(fault: str, lookups_first: bool = False) -> ThreadingHTTPServer:
    """One server on 127.0.0.1 (a free port) that answers every request with ``fault`` (a key of FAULTS or
    MORE_FAULTS), or with
    ``lookups_first`` every request but the lookups Heat's answer to them (:func:`heat_lookup`)."""
    attributes = {"fault": fault, "lookups_first": lookups_first}
    handler = type(f"Fault_{fault.replace('-', '_')}", (_Handler,), attributes)
    server = ThreadingHTTPServer((HOST, 0), handler)
    server.daemon_threads = True
    server.requests = 0  # type: ignore[attr-defined]
    server.stopping = threading.Event()  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, name=f"fault-{fault}", daemon=True).start()
    return server


def clouds_yaml_text(endpoints: dict[str, str], timeout: float = SHORT_TIMEOUT_S) -> str:
    lines = ["clouds:"]
    for name, url in endpoints.items():
        lines += [
            f"  {name}:",
            "    auth_type: none",
            "    auth:",
            f"      endpoint: {url}",
            f"    orchestration_endpoint_override: {url}",
            f"    api_timeout: {timeout}",
        ]
    return "\n".join(lines) + "\n"


@contextmanager
def fault_clouds(folder: Path, faults: tuple[str, ...] = tuple(FAULTS)) -> Iterator[FaultClouds]:
    """Start two servers per fault (``fault-NAME`` and ``fault-NAME-later``), write ``folder/clouds.yaml`` naming
    them, stop them at the end."""
    clouds = FaultClouds(folder / "clouds.yaml")
    try:
        for fault in faults:
            clouds.servers[fault] = start_fault_server(fault)
            clouds.later[fault] = start_fault_server(fault, lookups_first=True)
        endpoints = {
            clouds.cloud(fault, later): clouds.endpoint(fault, later) for fault in faults for later in (False, True)
        }
        clouds.clouds_yaml.write_text(clouds_yaml_text(endpoints))
        yield clouds
    finally:
        servers = [*clouds.servers.values(), *clouds.later.values()]
        for server in servers:
            server.stopping.set()  # type: ignore[attr-defined]
        # Each shutdown waits for its serve_forever's next poll (half a second): all of them at once.
        stopping = [threading.Thread(target=server.shutdown) for server in servers]
        for thread in stopping:
            thread.start()
        for thread, server in zip(stopping, servers, strict=True):
            thread.join()
            server.server_close()
