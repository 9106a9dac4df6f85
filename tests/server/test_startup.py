"""Start-up loads only what ``initialize`` needs (issue 15): the real server process, run with ``-X importtime``,
has imported none of the analysis when its initialize answer is read, and imports it once a document comes.

``-X importtime`` writes a line to stderr as each import ends, before the server goes on, and stderr goes to a
file here: what the file holds when the answer arrives is what was imported before the answer was written. No
timing is involved; bench/bench_startup.py has the figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from lsp_session import WAIT_S
from pygls.protocol import default_converter
from pytest_lsp import client_capabilities

# What the first document needs and initialize does not: the parser, the analysis with its rules, evaluation,
# resource type catalogue (read by analysis.catalogues) and workspace index, the document store, the snapshot
# the features take, and the libraries of yaql expressions and of the custom constraints.
NOT_BEFORE_A_DOCUMENT = (
    "ruamel.yaml",
    "yaql",
    "netaddr",
    "croniter",
    "iso8601",
    "hot_lsp.document.parse",
    "hot_lsp.analysis.validate",
    "hot_lsp.analysis.rules",
    "hot_lsp.analysis.evaluation",
    "hot_lsp.analysis.model.catalogues",
    "hot_lsp.analysis.workspace.workspace_index",
    "hot_lsp.store",
    "hot_lsp.features.snapshot",
)
# Every hot_lsp module that may load before the answer: the command line, the server's wiring, and the features'
# settings, legend, diagnostics source and deferred entry points.
BEFORE_THE_ANSWER = (
    "hot_lsp",
    "hot_lsp.cli",
    "hot_lsp.server",
    "hot_lsp.features",
    "hot_lsp.features.settings",
    "hot_lsp.features.diagnostics",
    "hot_lsp.features.snippets",
    "hot_lsp.features.deferred",
    "hot_lsp.features.semantic_token_legend",
)
# A template with no address, time, cron expression or yaql: its analysis needs none of their libraries.
TEMPLATE = """\
heat_template_version: 2021-04-16
parameters:
  size:
    type: number
    default: 1
  unused:
    type: string
resources:
  volume:
    type: OS::Cinder::Volume
    properties:
      size: {get_param: size}
outputs:
  volume_id:
    value: {get_resource: volume}
"""


def under(module: str, names: tuple[str, ...]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


class Server:
    """``python -X importtime -m hot_lsp`` over stdio, its stderr in a file; JSON-RPC by hand, blocking."""

    def __init__(self, folder: Path, stderr: IO[bytes]) -> None:
        self.stderr = stderr
        self.process = subprocess.Popen(
            [sys.executable, "-X", "importtime", "-m", "hot_lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=folder,
            env={**os.environ, "HOT_LSP_LOG_LEVEL": "ERROR"},
        )
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method: str, params: Any) -> dict[str, Any]:
        """The answer; the server's own requests meanwhile are answered (null, or no configuration)."""
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.read_until(lambda message: message.get("id") == self.next_id and "method" not in message)

    def read_until(self, wanted: Any) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            length = 0
            while line := self.process.stdout.readline().strip():
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            if not length:
                raise AssertionError(f"the server closed its output; stderr:\n{self.imported_text()[-2000:]}")
            message = json.loads(self.process.stdout.read(length))
            if "method" in message and "id" in message:
                items = message.get("params", {}).get("items", [])
                answer = [None for _ in items] if message["method"] == "workspace/configuration" else None
                self.send({"id": message["id"], "result": answer})
            elif wanted(message):
                return message

    def imported_text(self) -> str:
        self.stderr.flush()
        return Path(self.stderr.name).read_text(errors="replace")

    def imported(self) -> list[str]:
        """The modules imported so far, in the order their imports ended."""
        lines = [line for line in self.imported_text().splitlines() if line.startswith("import time:") and "|" in line]
        return [line.rsplit("|", 1)[1].strip() for line in lines if "imported package" not in line]  # not the header


def test_initialize_is_answered_before_the_analysis_loads(tmp_path: Path) -> None:
    folder = tmp_path / "workspace"
    folder.mkdir()
    document = folder / "volume.yaml"
    document.write_text(TEMPLATE)
    capabilities = default_converter().unstructure(client_capabilities("visual-studio-code"))
    with open(tmp_path / "stderr.txt", "w+b") as stderr:
        server = Server(folder, stderr)
        try:
            answer = server.request(
                "initialize",
                {
                    "processId": os.getpid(),
                    "rootUri": folder.as_uri(),
                    "workspaceFolders": [{"uri": folder.as_uri(), "name": folder.name}],
                    "capabilities": capabilities,
                },
            )
            assert answer["result"]["serverInfo"]["name"] == "hot-lsp"
            assert answer["result"]["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
            before = server.imported()
            assert "hot_lsp.server" in before  # the import times are read
            early = [module for module in before if under(module, NOT_BEFORE_A_DOCUMENT)]
            assert not early, f"imported before the initialize answer: {early}"
            unexpected = [m for m in before if under(m, ("hot_lsp",)) and not under(m, BEFORE_THE_ANSWER)]
            assert not unexpected, f"hot_lsp modules imported before the initialize answer: {unexpected}"

            server.send({"method": "initialized", "params": {}})
            uri = document.as_uri()
            item = {"uri": uri, "languageId": "yaml", "version": 1, "text": TEMPLATE}
            server.send({"method": "textDocument/didOpen", "params": {"textDocument": item}})
            published = server.read_until(
                lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            )
            assert [d["code"] for d in published["params"]["diagnostics"]] == ["I9001"]  # `unused`
            after = set(server.imported())
            for module in ("ruamel.yaml", "hot_lsp.store", "hot_lsp.analysis.validate", "hot_lsp.analysis.rules"):
                assert module in after, f"{module} should load with the first document"
            # Loaded when a value needs them, which this template has none of.
            assert not [module for module in after if under(module, ("yaql", "netaddr", "croniter", "iso8601"))]

            server.request("shutdown", None)
            server.send({"method": "exit", "params": None})
            assert server.process.wait(timeout=WAIT_S) == 0
        finally:
            if server.process.poll() is None:
                server.process.kill()
                server.process.wait()
