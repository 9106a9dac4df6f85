"""The server inside the VS Code .vsix runs alone: unpacked, started as the extension starts it (`python -m hot_lsp`
with PYTHONPATH = bundled/libs) by a Python that has none of hot-lsp's dependencies (a fresh venv without pip), it
answers initialize and publishes diagnostics for a broken template over stdio. That Python has no ruamel.yaml.clib
either, so this is also the pure-Python parser at work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import venv
import zipfile
from pathlib import Path

import pytest
from vsix_build import expected, the_vsix

if not expected():
    pytest.skip("no .vsix: run editors/vscode/build.sh (.ci/run does)", allow_module_level=True)

WAIT_S = 120  # for the whole conversation (about 2 s here)

BROKEN = """heat_template_version: 2018-08-31
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: nowhere}
"""


@pytest.fixture(scope="module")
def libs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vsix")
    with zipfile.ZipFile(the_vsix()) as vsix:
        vsix.extractall(root)
    return root / "extension" / "bundled" / "libs"


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Python without hot-lsp's dependencies: a fresh venv, no pip, no system site-packages."""
    folder = tmp_path_factory.mktemp("bare") / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(folder)
    python = folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    for module in ("hot_lsp", "pygls", "lsprotocol", "ruamel.yaml", "_ruamel_yaml", "yaql", "netaddr"):
        found = subprocess.run([python, "-c", f"import {module}"], env=_clean_env(), cwd=folder, capture_output=True)
        assert found.returncode != 0, f"the fresh venv imports {module}"
    return python


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return {**env, "PYTHONNOUSERSITE": "1", **extra}


class Connection:
    """JSON-RPC over the server's stdin and stdout, the LSP base protocol's Content-Length framing."""

    def __init__(self, process: subprocess.Popen[bytes]):
        self.process = process
        self.next_id = 0

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict:
        assert self.process.stdout is not None
        length = None
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        assert length is not None
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> int:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait_for(self, wanted, limit: int = 200) -> dict:
        """Reads until a message satisfies `wanted`, answering the server's own requests on the way."""
        for _ in range(limit):
            message = self.receive()
            if wanted(message):
                return message
            if "method" in message and "id" in message:  # workspace/configuration, registrations, ...
                items = message.get("params", {}).get("items")
                self.send({"id": message["id"], "result": [None] * len(items) if items is not None else None})
        raise AssertionError(f"no wanted message among {limit}")


def test_the_bundled_server_runs_on_a_python_without_its_dependencies(libs: Path, bare_python: Path, tmp_path: Path):
    template = tmp_path / "broken.yaml"
    template.write_text(BROKEN, encoding="utf-8")
    uri = template.as_uri()
    process = subprocess.Popen(
        [bare_python, "-m", "hot_lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=_clean_env(PYTHONPATH=str(libs)),
    )
    connection = Connection(process)
    # A server that never answers (it cannot load its parser, say) is stopped: reading then ends with "the server
    # closed its output" instead of waiting for ever.
    watchdog = threading.Timer(WAIT_S, process.kill)
    watchdog.start()
    try:
        asked = connection.request(
            "initialize",
            {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}, "workspaceFolders": None},
        )
        answer = connection.wait_for(lambda m: m.get("id") == asked and "method" not in m)
        assert "result" in answer, answer
        assert answer["result"]["serverInfo"]["name"] == "hot-lsp"
        assert answer["result"]["capabilities"]["hoverProvider"]
        connection.send({"method": "initialized", "params": {}})
        connection.send(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": BROKEN}},
            }
        )
        published = connection.wait_for(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"]["diagnostics"]
            )
        )
        codes = {d.get("code") for d in published["params"]["diagnostics"]}
        assert {"E3017", "E4008"} <= codes, codes  # flavor missing; get_param of an undeclared parameter
        shutdown = connection.request("shutdown", {})
        connection.wait_for(lambda m: m.get("id") == shutdown and "method" not in m)
        connection.send({"method": "exit"})
        assert process.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream:
                stream.close()
