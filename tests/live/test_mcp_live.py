"""`hot-lsp mcp --os-cloud local-heat --allow-live` against the real Heat (tests/live/conftest.py starts it): the
read-only live tools are listed, and each answers what its command line prints (`check --os-cloud`,
`resources --stack`, `failures`, `events`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

ROOT = Path(__file__).resolve().parents[2]
LIVE = {"cloud_check", "stack_resources", "stack_failures", "stack_events"}
TEMPLATE = """\
heat_template_version: 2021-04-16
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {length: 12}
  after:
    type: OS::Heat::None
    depends_on: secret
"""


async def drive(live_heat: Any, stack: str) -> tuple[set[str], dict[str, Any]]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "hot_lsp", "mcp", "--os-cloud", live_heat.cloud, "--allow-live"],
        cwd=str(ROOT),
        env=live_heat.env(),
    )
    asked = {
        "cloud_check": {"paths": ["examples/live/stack.yaml"], "environments": ["examples/live/env.yaml"]},
        "stack_resources": {"stack": stack},
        "stack_failures": {"stack": stack},
        "stack_events": {"stack": stack},
    }
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        names = {tool.name for tool in (await session.list_tools()).tools}
        answers = {name: await session.call_tool(name, arguments) for name, arguments in asked.items()}
        answers["missing"] = await session.call_tool("stack_resources", {"stack": "no-such-stack"})
    return names, answers


def cli(live_heat: Any, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args, "--os-cloud", live_heat.cloud],
        cwd=ROOT,
        env=live_heat.env(),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_live_tools_answer_as_the_command_line(live_heat: Any) -> None:
    import anyio

    stack = live_heat.stack_name("mcp")
    live_heat.create_stack(stack, TEMPLATE)
    try:
        names, answers = anyio.run(drive, live_heat, stack)
        assert names >= LIVE | {"check", "preview"}
        tools = {
            "cloud_check": ("check", "--format", "json", "examples/live/stack.yaml", "--env", "examples/live/env.yaml"),
            "stack_resources": ("resources", "--stack", stack, "--format", "json"),
            "stack_failures": ("failures", "--stack", stack, "--format", "json"),
        }
        for name, args in tools.items():
            printed = cli(live_heat, *args)
            answer = answers[name]
            assert not answer.is_error, answer.content
            data = {key: value for key, value in answer.structured_content.items() if key not in ("notes", "complete")}
            expected = json.loads(printed.stdout)
            assert data == ({"findings": expected} if name == "cloud_check" else expected), name
        assert answers["cloud_check"].structured_content["complete"] is True
        events = cli(live_heat, "events", "--stack", stack, "--format", "json").stdout.splitlines()
        assert answers["stack_events"].structured_content["events"] == [json.loads(line) for line in events]
        assert {row["resource_name"] for row in answers["stack_resources"].structured_content["resources"]} == {
            "secret",
            "after",
        }
        missing = answers["missing"]
        assert missing.is_error and len(missing.content) == 1 and "\n" not in missing.content[0].text
    finally:
        live_heat.delete_stack(stack)
