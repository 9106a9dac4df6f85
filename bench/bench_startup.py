"""Start-up, timed from the outside: process spawn -> the ``initialize`` answer read, and -> the first
``textDocument/publishDiagnostics`` after a didOpen (the user's first feedback), against a bare pygls server.

    python bench/bench_startup.py [--runs N] [--tree PATH ...]

In one run, alternated N times (the order rotating each round, so no variant always follows another):
- ``bare pygls``: a ``LanguageServer`` with no features, a script this bench writes to a temporary file, started
  with ``python3 <script>`` over stdio;
- ``python -m hot_lsp``: the real server as the docs start it (``hot-lsp`` with no arguments serves LSP);
- ``hot-lsp script``: the console entry point pip installed (in the interpreter's scripts folder), when there is
  one; it runs ``hot_lsp.cli:main`` like ``-m`` does, with its own small prologue.

Each hot-lsp variant runs once per ``--tree`` (default: the checkout this bench is in), with ``PYTHONPATH`` set to
that tree and the server's working directory a temporary workspace folder, so that tree's code is what starts
(an editable install elsewhere does not win: ``PYTHONPATH`` comes first). Pass an older checkout as another
``--tree`` to compare before and after in the same run.

The client is a plain JSON-RPC writer/reader in this process (no client library on the measured path): it sends
VS Code's recorded initialize (the capabilities pytest-lsp ships for VS Code 1.65, with a workspace folder holding
the small template), ``initialized`` and a didOpen of that template as soon as the answer is read, as VS Code
does, and answers what the server asks meanwhile (workspace/configuration, client/registerCapability,
window/workDoneProgress/create) at once. Bytecode is cached as after ``pip install``: one untimed start of each
variant first writes any missing ``.pyc`` (``PYTHONDONTWRITEBYTECODE`` is removed from the servers' environment).

Prints median and p90 in ms, and each variant's median over the bare server's; also the time from the answer to
the diagnostics, and the CPU time the server had used when its answer was read (user + system, from /proc, in
10 ms ticks: barely moved by a busy machine, unlike wall time). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bytecode import compile_checkout

ROOT = Path(__file__).resolve().parent.parent

BARE_SERVER = """\
from pygls.lsp.server import LanguageServer

LanguageServer("bare-pygls", "1").start_io()
"""

# A small template as a user opens one: parameters, a port with a fixed IP (a custom constraint checked
# offline), a server, an output; one finding (the unused parameter).
TEMPLATE = """\
heat_template_version: 2021-04-16

description: A server on a fixed port

parameters:
  image:
    type: string
    default: cirros
  flavor:
    type: string
    default: m1.small
  network:
    type: string
    default: private
  address:
    type: string
    default: 10.0.0.10
  unused:
    type: number
    default: 1

resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: network}
      fixed_ips:
        - ip_address: {get_param: address}

  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks:
        - port: {get_resource: port}

outputs:
  server_ip:
    value: {get_attr: [server, first_address]}
"""

# When pytest-lsp is not installed: the parts of VS Code's capabilities the servers look at.
FALLBACK_CAPABILITIES: dict[str, Any] = {
    "workspace": {
        "configuration": True,
        "workspaceFolders": True,
        "didChangeConfiguration": {"dynamicRegistration": True},
        "didChangeWatchedFiles": {"dynamicRegistration": True},
    },
    "textDocument": {
        "synchronization": {"dynamicRegistration": True, "didSave": True},
        "completion": {"completionItem": {"snippetSupport": True, "documentationFormat": ["markdown", "plaintext"]}},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": False, "tagSupport": {"valueSet": [1, 2]}},
    },
    "window": {"workDoneProgress": True},
    "general": {"positionEncodings": ["utf-16"]},
}


def vscode_profile() -> tuple[dict[str, Any], dict[str, Any]]:
    """(clientInfo, capabilities) of VS Code 1.65 as pytest-lsp recorded them."""
    try:
        from importlib import resources

        recorded = resources.files("pytest_lsp.clients").joinpath("visual_studio_code_v1.65.2.json")
        data = json.loads(recorded.read_text(encoding="utf-8"))
        return data["clientInfo"], data["capabilities"]
    except (ImportError, OSError, KeyError, ValueError):
        return {"name": "Visual Studio Code", "version": "1.65.2"}, FALLBACK_CAPABILITIES


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Connection:
    """JSON-RPC over a child's stdin/stdout, blocking; answers the server's requests as a client would."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self._out: IO[bytes] = process.stdin
        self._in: IO[bytes] = process.stdout
        self._next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self._out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self._out.flush()

    def request(self, method: str, params: Any) -> int:
        self._next_id += 1
        self.send({"id": self._next_id, "method": method, "params": params})
        return self._next_id

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def read(self) -> dict[str, Any]:
        length = 0
        while True:
            line = self._in.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self._in.read(length))

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read (answering the server's requests) until a message ``done`` accepts; returns it."""
        while True:
            message = self.read()
            if "method" in message and "id" in message:
                self.answer(message)
            elif done(message):
                return message

    def answer(self, request: dict[str, Any]) -> None:
        result: Any = None
        if request["method"] == "workspace/configuration":
            result = [None for _ in request.get("params", {}).get("items", [])]
        self.send({"id": request["id"], "result": result})


@dataclass
class Variant:
    label: str
    command: list[str]
    env: dict[str, str]
    diagnoses: bool  # publishes diagnostics (the bare server does not)
    initialize: list[float] = field(default_factory=list)
    diagnostics: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the server's CPU ms when its initialize answer was read


def cpu_ms(pid: int) -> float:
    """User + system CPU time process ``pid`` has used (nan where /proc is not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def run_once(
    variant: Variant, folder: Path, profile: tuple[dict[str, Any], dict[str, Any]]
) -> tuple[float, float, float]:
    """One start: ms to the initialize answer, ms to the first diagnostics of the opened template (nan for a
    server that publishes none), and the server's CPU ms at the answer."""
    client_info, capabilities = profile
    template = folder / "server.yaml"
    uri = template.as_uri()
    began = time.perf_counter()
    process = subprocess.Popen(
        variant.command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=folder,
        env=variant.env,
    )
    connection = Connection(process)
    try:
        first = connection.request(
            "initialize",
            {
                "processId": os.getpid(),
                "clientInfo": client_info,
                "rootUri": folder.as_uri(),
                "rootPath": str(folder),
                "workspaceFolders": [{"uri": folder.as_uri(), "name": folder.name}],
                "capabilities": capabilities,
                "trace": "off",
            },
        )
        connection.until(lambda m: m.get("id") == first)
        initialized = (time.perf_counter() - began) * 1000
        cpu = cpu_ms(process.pid)
        connection.notify("initialized", {})
        connection.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": TEMPLATE}},
        )
        diagnosed = float("nan")
        if variant.diagnoses:
            connection.until(
                lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            )
            diagnosed = (time.perf_counter() - began) * 1000
        last = connection.request("shutdown", None)
        connection.until(lambda m: m.get("id") == last)
        connection.notify("exit", None)
        process.wait(timeout=30)
        return initialized, diagnosed, cpu
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def console_script() -> Path | None:
    """The ``hot-lsp`` script pip installed beside this interpreter (not a shim in front of it)."""
    script = Path(sysconfig.get_path("scripts")) / ("hot-lsp.exe" if os.name == "nt" else "hot-lsp")
    return script if script.is_file() else None


def tree_label(tree: Path) -> str:
    """The tree's folder name and commit (``+`` when its files differ from the commit)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD")
    changed = "+" if git("status", "--porcelain", "--untracked-files=no", "hot_lsp") else ""
    return f"{tree.name}@{commit}{changed}" if commit else tree.name


def variants(trees: list[Path], bare_script: Path) -> list[Variant]:
    base = {key: value for key, value in os.environ.items() if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    found = [Variant("bare pygls", [sys.executable, str(bare_script)], base, diagnoses=False)]
    script = console_script()
    for tree in trees:
        env = {**base, "PYTHONPATH": str(tree)}
        label = tree_label(tree)
        found.append(Variant(f"python -m hot_lsp ({label})", [sys.executable, "-m", "hot_lsp"], env, True))
        if script is not None:
            found.append(Variant(f"hot-lsp script ({label})", [str(script)], env, True))
    return found


def row(label: str, samples: list[float], bare: float | None) -> str:
    median = statistics.median(samples)
    ratio = f"   {median / bare:5.2f} x bare" if bare else ""
    return f"  {label:<44} median {median:7.1f} ms   p90 {percentile(samples, 0.9):7.1f} ms{ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="starts of each variant (alternated)")
    parser.add_argument(
        "--tree",
        action="append",
        type=Path,
        default=[],
        metavar="PATH",
        help="a hot-lsp checkout to start (repeatable; default: this one)",
    )
    options = parser.parse_args()
    trees = [tree.resolve() for tree in options.tree] or [ROOT]
    for tree in trees:
        compile_checkout(tree)
    for tree in trees:
        if not (tree / "hot_lsp" / "__main__.py").is_file():
            sys.exit(f"no hot_lsp package in {tree}")
    profile = vscode_profile()
    with tempfile.TemporaryDirectory(prefix="hot-lsp-startup-") as scratch:
        bare_script = Path(scratch) / "bare_pygls_server.py"
        bare_script.write_text(BARE_SERVER, encoding="utf-8")
        folder = Path(scratch) / "workspace"
        folder.mkdir()
        (folder / "server.yaml").write_text(TEMPLATE, encoding="utf-8")
        measured = variants(trees, bare_script)
        for variant in measured:  # writes missing bytecode, as the first start after pip install does
            run_once(variant, folder, profile)
        for round_ in range(options.runs):
            shift = round_ % len(measured)
            for variant in measured[shift:] + measured[:shift]:
                initialized, diagnosed, cpu = run_once(variant, folder, profile)
                variant.initialize.append(initialized)
                variant.cpu.append(cpu)
                if variant.diagnoses:
                    variant.diagnostics.append(diagnosed)
    print(f"{options.runs} starts of each, alternated; {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    bare = statistics.median(measured[0].initialize)
    print("spawn -> initialize answer")
    for variant in measured:
        print(row(variant.label, variant.initialize, bare))
    print("server CPU time at the initialize answer")
    bare_cpu = statistics.median(measured[0].cpu)
    for variant in measured:
        print(row(variant.label, variant.cpu, bare_cpu))
    print("spawn -> first publishDiagnostics (initialized and didOpen sent with the answer)")
    for variant in measured:
        if variant.diagnoses:
            print(row(variant.label, variant.diagnostics, None))
    print("initialize answer -> first publishDiagnostics")
    for variant in measured:
        if variant.diagnoses:
            waits = [
                diagnosed - answered
                for answered, diagnosed in zip(variant.initialize, variant.diagnostics, strict=True)
            ]
            print(row(variant.label, waits, None))


if __name__ == "__main__":
    main()
