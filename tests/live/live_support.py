"""What the live tests share: :class:`LiveHeat` (what the ``live_heat`` fixture yields), the refusing servers,
and tools/local_heat.py loaded as a module. Import from here: ``from live_support import LiveHeat``."""

from __future__ import annotations

import importlib.util
import json as jsonlib
import os
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
REQUIRE_LIVE = os.environ.get("HOT_LSP_REQUIRE_LIVE") == "1"


def _load_local_heat() -> Any:
    spec = importlib.util.spec_from_file_location("local_heat", ROOT / "tools" / "local_heat.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("local_heat", module)
    spec.loader.exec_module(module)
    return module


local_heat = _load_local_heat()

CLOUD = local_heat.CLOUD_NAME  # "local-heat": the real Heat
NOWHERE = "nowhere"  # a port nothing listens on (connection refused)
REFUSES_401 = "refuses-401"  # answers every request 401 Unauthorized
REFUSES_500 = "refuses-500"  # answers every request 500 Internal Server Error
CLOUD_ONLY_TYPE = local_heat.CLOUD_ONLY_TYPE  # "HotLsp::Cloud::Only", from the cloud's global environment


@dataclass(frozen=True)
class Answer:
    """One HTTP answer: ``status``, ``body`` (parsed JSON, else the text, None when empty), ``headers``."""

    status: int
    body: Any
    headers: Mapping[str, str]


@dataclass
class LiveHeat:
    """The running local Heat and the clouds.yaml naming it and three broken clouds."""

    url: str  # http://127.0.0.1:PORT/v1/admin: the orchestration endpoint
    root_url: str  # http://127.0.0.1:PORT: GET / answers the versions document
    port: int
    clouds_yaml: Path  # entries local-heat, nowhere, refuses-401, refuses-500
    state_dir: Path  # heat.conf, heat.log, runner.log
    heat_python: Path  # the Heat venv's python: python-heatclient, openstacksdk, openstackclient (`openstack`)
    endpoints: dict[str, str] = field(default_factory=dict)  # cloud name -> its orchestration endpoint

    cloud = CLOUD
    nowhere = NOWHERE
    refuses_401 = REFUSES_401
    refuses_500 = REFUSES_500
    cloud_only_type = CLOUD_ONLY_TYPE

    def env(self, cloud: str | None = None) -> dict[str, str]:
        """``os.environ`` for a subprocess (e.g. ``hot-lsp ... --os-cloud local-heat``): OS_CLIENT_CONFIG_FILE set to
        ``clouds_yaml``, other OS_* variables dropped, OS_CLOUD set when ``cloud`` is given."""
        environ = {key: value for key, value in os.environ.items() if not key.startswith("OS_")}
        environ["OS_CLIENT_CONFIG_FILE"] = str(self.clouds_yaml)
        if cloud is not None:
            environ["OS_CLOUD"] = cloud
        return environ

    def request(
        self,
        method: str,
        path: str,
        json: Any = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 60.0,
    ) -> Answer:
        """Heat's REST API directly: ``path`` relative to ``url`` (``"stacks"`` or ``"/stacks"``) or a full URL.

        Never raises for an HTTP status (the status is in the answer); GET follows redirects."""
        target = path if path.startswith("http") else f"{self.url}/{path.lstrip('/')}"
        data = None if json is None else jsonlib.dumps(json).encode()
        sent = {"Accept": "application/json", **(headers or {})}
        if data is not None:
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(target, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return _answer(response.status, response.read(), dict(response.headers))
        except urllib.error.HTTPError as error:
            return _answer(error.code, error.read(), dict(error.headers))

    def stack_name(self, prefix: str = "stack") -> str:
        """A stack name no other test of the session uses (one Heat serves them all)."""
        return f"{prefix}-{uuid.uuid4().hex[:8]}"

    def create_stack(
        self,
        name: str,
        template: Mapping[str, Any] | str,
        files: Mapping[str, str] | None = None,
        environment: Mapping[str, Any] | None = None,
        parameters: Mapping[str, Any] | None = None,
        environment_files: list[str] | None = None,
        timeout: float = 120.0,
    ) -> dict[str, Any]:
        """POST /stacks, then wait for CREATE_COMPLETE; returns the stack (``GET stacks/NAME``'s ``stack``)."""
        body: dict[str, Any] = {"stack_name": name, "template": template, "disable_rollback": True}
        body |= {"files": dict(files or {}), "environment": dict(environment or {})}
        body |= {"parameters": dict(parameters or {})}
        if environment_files is not None:
            body["environment_files"] = environment_files
        answer = self.request("POST", "stacks", json=body)
        assert answer.status == 201, f"stack create {name}: HTTP {answer.status} {answer.body}"
        return self.wait_stack(name, "CREATE_COMPLETE", timeout)

    def wait_stack(self, name: str, status: str = "CREATE_COMPLETE", timeout: float = 120.0) -> dict[str, Any]:
        """Poll ``stacks/NAME`` until ``stack_status`` is ``status``; fails at *_FAILED or after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            answer = self.request("GET", f"stacks/{name}")
            stack = answer.body.get("stack", {}) if isinstance(answer.body, dict) else {}
            found = stack.get("stack_status")
            if found == status:
                return dict(stack)
            if found and found.endswith("_FAILED"):
                raise AssertionError(f"stack {name}: {found}: {stack.get('stack_status_reason')}")
            if time.monotonic() > deadline:
                raise AssertionError(f"stack {name}: still {found or answer.status} after {timeout:.0f} s")
            time.sleep(0.5)

    def delete_stack(self, name: str, timeout: float = 120.0) -> None:
        """DELETE the stack and wait until Heat no longer finds it."""
        answer = self.request("GET", f"stacks/{name}")
        if answer.status == 404:
            return
        stack = answer.body["stack"]
        self.request("DELETE", f"stacks/{name}/{stack['id']}")
        deadline = time.monotonic() + timeout
        while self.request("GET", f"stacks/{name}").status != 404:
            if time.monotonic() > deadline:
                raise AssertionError(f"stack {name} not deleted after {timeout:.0f} s")
            time.sleep(0.5)


def _answer(status: int, raw: bytes, headers: Mapping[str, str]) -> Answer:
    text = raw.decode(errors="replace")
    try:
        body: Any = jsonlib.loads(text) if text else None
    except ValueError:
        body = text
    return Answer(status, body, headers)


# ---------------------------------------------------------------------------------------------- refusing clouds

REFUSALS = {
    401: {
        "title": "Unauthorized",
        "explanation": "This server could not verify that you are authorized to access the document you requested.",
        "error": {"message": "The request you have made requires authentication.", "type": "Unauthorized"},
    },
    500: {
        "title": "Internal Server Error",
        "explanation": "The server has either erred or is incapable of performing the requested operation.",
        "error": {"message": "Remote error: DBConnectionError (stands for a broken cloud)", "type": "DBError"},
    },
}


def refusing_server(status: int) -> ThreadingHTTPServer:
    """A real HTTP server on 127.0.0.1 answering every request with ``status`` and a Heat-like error body."""
    body = jsonlib.dumps({"code": status, **REFUSALS[status], "traceback": None}).encode()

    class Refuse(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _refuse(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _refuse

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer((local_heat.HOST, 0), Refuse)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name=f"refuses-{status}", daemon=True).start()
    return server
