"""`hot-lsp mcp` (issue 33, item 1) driven by the `mcp` SDK's own stdio client: one real server for the module,
every offline tool called on real templates, each answer compared with what the command line prints for the same
input (the CLI run as a subprocess too). The live tools are in tests/live/test_mcp_live.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")  # the test extra installs it

ROOT = Path(__file__).resolve().parents[1]
OFFLINE = {"check", "explain", "render", "resources", "graph", "preview", "docs"}
LIVE = {"cloud_check", "stack_resources", "stack_failures", "stack_events"}
DRAFT = "heat_template_version: 2021-04-16\nresources:\n  box:\n    type: OS::Nova::Serve\n"


def environ() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("OS_")}


@dataclass
class Session:
    tools: list[Any]  # mcp.types.Tool
    answers: dict[str, Any]  # call name -> mcp.types.CallToolResult
    started: float  # seconds from spawning the server to its tools listed
    check_seconds: float  # one check of examples/broken.yaml, the analysis loaded by an earlier call


def calls(repo: Path) -> dict[str, tuple[str, dict[str, Any]]]:
    """What the module asks the server: call name -> (tool, arguments)."""
    live = {"environments": ["examples/live/env.yaml"]}
    return {
        "warm-up": ("check", {"paths": ["examples/web_server.yaml"]}),
        "check": ("check", {"paths": ["examples/broken.yaml"]}),
        "check-all": ("check", {"paths": ["examples"], "severity": "warning"}),
        "check-env": ("check", {"paths": ["examples/live/stack.yaml"], **live, "heat_release": "wallaby"}),
        "check-text": ("check", {"text": DRAFT, "filename": "examples/draft.yaml"}),
        "explain": ("explain", {"code": "E2002"}),
        "explain-finding": ("explain", {"code": "unknown-parameter-type", "message": "Invalid type (String)."}),
        "render": ("render", {"template": "examples/web_server.yaml", "parameters": {"flavor": "m1.large"}}),
        "render-env": ("render", {"template": "examples/live/stack.yaml", **live, "parameters": {"member_count": 2}}),
        "resources": ("resources", {"template": "examples/live/stack.yaml", **live, "nested_depth": "MAX"}),
        "graph": ("graph", {"template": "examples/web_server.yaml"}),
        "mermaid": ("graph", {"template": "examples/live/stack.yaml", **live, "format": "mermaid", "nested_depth": 1}),
        "preview": ("preview", {"template": "examples/web_server.yaml", "against": "examples/broken.yaml"}),
        "preview-git": ("preview", {"template": str(repo / "web.yaml"), "against": "git:HEAD"}),
        "docs": ("docs", {"template": "examples/live/stack.yaml", **live}),
        "wrong-type": ("check", {"paths": "examples/broken.yaml"}),
        "unknown-argument": ("render", {"template": "examples/web_server.yaml", "values": {}}),
        "missing-file": ("render", {"template": "examples/nowhere.yaml"}),
        "no-input": ("check", {}),
        "unknown-code": ("explain", {"code": "E9999999"}),
        "unknown-tool": ("deploy", {"template": "examples/web_server.yaml"}),
    }


async def drive(repo: Path) -> Session:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    # --allow-live without a cloud: the live tools must still be absent.
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "hot_lsp", "mcp", "--allow-live"], cwd=str(ROOT), env=environ()
    )
    began = time.monotonic()
    answers: dict[str, Any] = {}
    with open(os.devnull, "w") as log:
        async with stdio_client(server, errlog=log) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            started = time.monotonic() - began
            check_seconds = 0.0
            for name, (tool, arguments) in calls(repo).items():
                at = time.monotonic()
                answers[name] = await session.call_tool(tool, arguments)
                if name == "check":
                    check_seconds = time.monotonic() - at
    return Session(tools, answers, started, check_seconds)


def git_repo(folder: Path) -> Path:
    """A checkout whose web.yaml is committed, then edited: the subnet's default cidr changed."""
    shutil.copy(ROOT / "examples/web_server.yaml", folder / "web.yaml")
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "web.yaml"], check=True)
    subprocess.run([*git, "commit", "-qm", "first"], check=True)
    text = (folder / "web.yaml").read_text()
    (folder / "web.yaml").write_text(text.replace("default: 10.0.10.0/24", "default: 10.0.9.0/24"))
    return folder


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args],
        cwd=ROOT,
        env=environ(),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


# The command line's answers to the same questions (run two at a time while the server is driven).
CLI = {
    "check": ("check", "--format", "json", "examples/broken.yaml"),
    "check-all": ("check", "--format", "json", "--severity", "warning", "examples"),
    "check-env": ("check", "--format", "json", "--env", "examples/live/env.yaml", "--heat-release", "wallaby")
    + ("examples/live/stack.yaml",),
    "check-text": ("check", "--format", "json", "-", "--stdin-filename", "examples/draft.yaml"),
    "explain": ("rules", "E2002"),
    "render": ("render", "--format", "json", "examples/web_server.yaml", "-P", "flavor=m1.large"),
    "render-env": ("render", "--format", "json", "examples/live/stack.yaml", "--env", "examples/live/env.yaml")
    + ("-P", "member_count=2"),
    "resources": ("resources", "--format", "json", "--nested-depth", "MAX", "examples/live/stack.yaml")
    + ("--env", "examples/live/env.yaml"),
    "graph": ("graph", "examples/web_server.yaml"),
    "mermaid": ("graph", "--format", "mermaid", "--nested-depth", "1", "examples/live/stack.yaml")
    + ("--env", "examples/live/env.yaml"),
    "preview": ("preview", "--format", "json", "examples/web_server.yaml", "--against", "examples/broken.yaml"),
    "docs-json": ("docs", "--format", "json", "examples/live/stack.yaml", "--env", "examples/live/env.yaml"),
    "docs": ("docs", "examples/live/stack.yaml", "--env", "examples/live/env.yaml"),
}


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, dict[str, subprocess.CompletedProcess[str]]]:
    import anyio

    repo = git_repo(tmp_path_factory.mktemp("repo"))
    commands = {**CLI, "preview-git": ("preview", "--format", "json", str(repo / "web.yaml"), "--against", "git:HEAD")}
    with ThreadPoolExecutor(2) as pool:
        running = {
            name: pool.submit(cli, *args, stdin=DRAFT if name == "check-text" else None)
            for name, args in commands.items()
        }
        session = anyio.run(drive, repo)
        printed = {name: future.result() for name, future in running.items()}
    return session, printed


@pytest.fixture(scope="module")
def session(module: tuple[Session, Any]) -> Session:
    return module[0]


@pytest.fixture(scope="module")
def printed(module: tuple[Any, dict[str, subprocess.CompletedProcess[str]]]) -> dict[str, Any]:
    return module[1]


def texts(result: Any) -> list[str]:
    return [block.text for block in result.content]


def test_the_offline_tools_are_listed_each_described_for_an_assistant(session: Session) -> None:
    assert {tool.name for tool in session.tools} == OFFLINE  # --allow-live, but no cloud: no live tool
    for tool in session.tools:
        assert tool.input_schema["type"] == "object" and tool.input_schema["properties"], tool.name
        assert len(tool.description) > 150 and "Returns" in tool.description, tool.name
        assert tool.annotations.read_only_hint and not tool.annotations.destructive_hint, tool.name
        for name, prop in tool.input_schema["properties"].items():
            assert prop.get("description"), f"{tool.name}.{name}"
    print(f"\nhot-lsp mcp: tools listed {session.started:.2f} s after start; a check {session.check_seconds:.3f} s")


@pytest.mark.parametrize("name", ["check", "check-all", "check-env", "check-text"])
def test_check_answers_the_findings_check_format_json_prints(session: Session, printed: Any, name: str) -> None:
    answer, cli_run = session.answers[name], printed[name]
    assert not answer.is_error, texts(answer)
    assert cli_run.returncode in (0, 1), cli_run.stderr
    assert answer.structured_content["findings"] == json.loads(cli_run.stdout)
    assert answer.structured_content["complete"] is True
    assert texts(answer)[1] == cli_run.stdout  # the command line's own text beside the structured answer
    assert answer.structured_content["findings"] or name == "check-env"
    assert "finding" in texts(answer)[0] or "No findings" in texts(answer)[0]


def test_explain_is_the_rule_page_and_a_finding_gets_its_fix(session: Session, printed: Any) -> None:
    page = session.answers["explain"].structured_content
    assert page["page"] == printed["explain"].stdout
    assert page["code"] == "E2002" and page["instead"] and page["why"]
    finding = session.answers["explain-finding"].structured_content
    assert finding["code"] == "E2002" and finding["finding"]["message"] == "Invalid type (String)."
    assert "Invalid type (String)." in finding["how_to_fix"] and page["page"] == finding["page"]


@pytest.mark.parametrize("name", ["render", "render-env"])
def test_render_is_render_format_json(session: Session, printed: Any, name: str) -> None:
    answer = session.answers[name]
    assert answer.structured_content["template"] == json.loads(printed[name].stdout)
    assert answer.structured_content["complete"] is (printed[name].returncode == 0)


def test_resources_and_graph_are_what_the_command_line_prints(session: Session, printed: Any) -> None:
    resources = session.answers["resources"].structured_content
    assert {k: v for k, v in resources.items() if k != "notes"} == json.loads(printed["resources"].stdout)
    assert any(row.get("depth", 0) >= 2 for row in resources["resources"])  # nested stacks exploded
    for name, fmt in (("graph", "dot"), ("mermaid", "mermaid")):
        answer = session.answers[name].structured_content
        assert answer == {"format": fmt, "graph": printed[name].stdout}


@pytest.mark.parametrize("name", ["preview", "preview-git"])
def test_preview_is_the_offline_what_if(session: Session, printed: Any, name: str) -> None:
    answer = session.answers[name]
    assert not answer.is_error, texts(answer)
    expected = json.loads(printed[name].stdout)
    assert {k: v for k, v in answer.structured_content.items() if k != "notes"} == expected
    if name == "preview-git":  # the subnet's cidr changed: replaced
        assert "subnet" in [row["resource_name"] for row in expected["replaced"]]


def test_docs_is_hot_lsp_docs(session: Session, printed: Any) -> None:
    answer = session.answers["docs"].structured_content
    assert answer["docs"] == json.loads(printed["docs-json"].stdout)
    assert answer["markdown"] == printed["docs"].stdout


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("wrong-type", "check: argument paths: 'examples/broken.yaml' is not of type 'array'"),
        ("unknown-argument", "render: Additional properties are not allowed ('values' was unexpected)"),
        ("missing-file", "render: hot-lsp render: examples/nowhere.yaml"),
        ("no-input", "check: give either paths (files or folders) or text"),
        ("unknown-code", "explain: hot-lsp rules: no rule is named 'E9999999'"),
        ("unknown-tool", "no tool is named 'deploy'"),
    ],
)
def test_bad_input_is_an_error_result_of_one_line(session: Session, name: str, said: str) -> None:
    answer = session.answers[name]
    assert answer.is_error and answer.structured_content is None
    [line] = texts(answer)
    assert line.startswith(said) and "\n" not in line and "Traceback" not in line


def test_without_the_extra_it_says_how_to_install_it() -> None:
    blocked = "import sys; sys.modules['mcp'] = None; sys.argv = ['hot-lsp', 'mcp']; from hot_lsp.cli import run; run()"
    done = subprocess.run([sys.executable, "-c", blocked], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "pip install 'hot-lsp[mcp]'" in done.stderr


def test_the_live_tools_need_a_cloud_and_the_users_leave(monkeypatch: pytest.MonkeyPatch) -> None:
    from hot_lsp.mcp.live_tools import live_cloud, live_tools

    monkeypatch.delenv("OS_CLOUD", raising=False)
    assert live_cloud(None, True)[0] is None
    assert live_cloud("prod", False)[0] is None
    monkeypatch.setenv("OS_CLOUD", "prod")
    assert live_cloud(None, False)[0] is None
    assert live_cloud(None, True)[0] == "prod"  # the test extra has the cloud extra
    assert {tool.name for tool in live_tools("prod")} == LIVE


def test_nothing_starts_it_implicitly() -> None:
    """No editor set-up runs `hot-lsp mcp`: only the user's own client configuration does (docs/mcp.md)."""
    starting = []
    for path in (ROOT / "editors").rglob("*"):
        if "node_modules" in path.parts or not path.is_file() or path.suffix not in {".json", ".ts", ".js", ".lua"}:
            continue
        text = path.read_text(errors="replace")
        if '"mcp"' in text or "'mcp'" in text or "hot-lsp mcp" in text or "mcpServers" in text:
            starting.append(str(path.relative_to(ROOT)))
    assert not starting
