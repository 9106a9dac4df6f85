"""Stub Heats that say (or do not say) which release they run, for the tests of the cloud's release (issue 30):
real HTTP servers on 127.0.0.1 answering ``build_info`` and ``resource_types`` as Heat does, everything else 404,
and a clouds.yaml naming them (``auth_type: none``, as fault_clouds.py does).

Import from any test folder: ``from release_clouds import release_clouds``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fault_clouds import HOST, PROJECT_PATH, clouds_yaml_text

# cloud name -> (what build_info says, or an HTTP status refusing it; the types GET resource_types lists)
CLOUDS: dict[str, tuple[Any, list[str]]] = {
    "antelope": ("20.0.1", ["OS::Heat::None", "OS::Octavia::Listener"]),
    "bobcat-dev": ("21.1.0.dev4", ["OS::Heat::None"]),
    "unknown-old": ("unknown", ["OS::Heat::None", "OS::Glance::Image", "OS::Nova::Server"]),
    "unknown-new": ("unknown", ["OS::Heat::None", "OS::Aodh::PrometheusAlarm", "Acme::Own::Type"]),
    "refusing": (403, ["OS::Heat::None"]),
    "future": ("31.0.0", ["OS::Heat::None"]),
}


class _Heat(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    revision: Any = "unknown"
    listed: list[str] = []

    def do_GET(self) -> None:
        self.server.asked.append(self.path)  # type: ignore[attr-defined]
        path = self.path.split("?", 1)[0][len(PROJECT_PATH) :].strip("/")
        if path == "build_info" and isinstance(self.revision, int):
            body = {"error": {"message": "Access was denied to this resource.", "type": "Forbidden"}}
            self._send(self.revision, {"code": self.revision, "error": body["error"], "title": "Forbidden"})
        elif path == "build_info":
            self._send(200, {"api": {"revision": self.revision}, "engine": {"revision": self.revision}})
        elif path == "resource_types":
            self._send(200, {"resource_types": self.listed})
        else:
            self._send(404, {"code": 404, "error": {"message": "no", "type": "NotFound"}, "title": "Not Found"})

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def release_clouds(folder: Path) -> Iterator[dict[str, ThreadingHTTPServer]]:
    """One server per cloud of CLOUDS (each records the paths it was asked in ``asked``), and
    ``folder/clouds.yaml`` naming them; stopped at the end."""
    servers: dict[str, ThreadingHTTPServer] = {}
    for name, (revision, listed) in CLOUDS.items():
        handler = type(f"Heat_{name.replace('-', '_')}", (_Heat,), {"revision": revision, "listed": listed})
        server = ThreadingHTTPServer((HOST, 0), handler)
        server.daemon_threads = True
        server.asked = []  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers[name] = server
    endpoints = {name: f"http://{HOST}:{s.server_address[1]}{PROJECT_PATH}" for name, s in servers.items()}
    (folder / "clouds.yaml").write_text(clouds_yaml_text(endpoints, timeout=20))
    try:
        yield servers
    finally:
        for server in servers.values():
            server.shutdown()
