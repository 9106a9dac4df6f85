"""``workspace/executeCommand`` ``hot-lsp.render``, ``hot-lsp.resources`` and ``hot-lsp.graph`` through the real
server, with each recorded client: every answer is what the command line prints for the same files (run here as
a subprocess), computed from the open buffers: the unsaved edits of a template and of its nested child are in the
answer, which the command line sees only once they are written to disk."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsp_session import CLIENTS, change_document, open_document, plain, session
from lsprotocol import types

pytestmark = pytest.mark.asyncio

TOP = """\
heat_template_version: 2018-08-31
parameters:
  size:
    type: number
    default: 1
  flavor:
    type: string
conditions:
  big: {equals: [{get_param: size}, 3]}
resources:
  net:
    type: OS::Neutron::Net
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
  stack:
    type: My::Child
    depends_on: port
    properties:
      count: {get_param: size}
  extra:
    type: OS::Heat::None
    condition: big
outputs:
  port_id:
    value: {get_resource: port}
"""
CHILD = """\
heat_template_version: 2018-08-31
parameters:
  count:
    type: number
resources:
  a:
    type: OS::Heat::None
  b:
    type: OS::Heat::None
    depends_on: a
"""
ENVIRONMENT = "resource_registry:\n  My::Child: child.yaml\nparameter_defaults:\n  flavor: m1.small\n"
# The unsaved edits: the top template gains a resource, the child one depending on both of its own.
TOP_EDIT = "  volume:\n    type: OS::Cinder::Volume\n    depends_on: [stack, net]\n    properties: {size: 1}\n"
CHILD_EDIT = "  c:\n    type: OS::Heat::None\n    depends_on: [a, b]\n"


def cli(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=folder, capture_output=True, text=True, timeout=120
    )
    if check:
        assert done.returncode in (0, 1), done.stderr
    return done


def before(text: str, line_text: str) -> types.Range:
    """The empty range at the start of the line ``line_text`` (the end of the text when there is none)."""
    lines = text.splitlines()
    line = lines.index(line_text) if line_text in lines else len(lines)
    return types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0))


def edited(text: str, line_text: str, insert: str) -> str:
    at = text.find(f"\n{line_text}\n")
    return text + insert if at < 0 else text[: at + 1] + insert + text[at + 1 :]


async def execute(client, command: str, *arguments: Any) -> Any:
    params = types.ExecuteCommandParams(command=command, arguments=list(arguments))
    return plain(await client.workspace_execute_command_async(params))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "top.yaml").write_text(TOP)
    (tmp_path / "child.yaml").write_text(CHILD)
    (tmp_path / "env.yaml").write_text(ENVIRONMENT)
    return tmp_path


def options() -> dict[str, Any]:
    return {"hotLsp": {"environments": ["env.yaml"], "nestedDepth": 0}}


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_render_resources_and_graph_are_the_command_lines_of_the_buffers(folder: Path, client_name: str):
    top, child, env = folder / "top.yaml", folder / "child.yaml", str(folder / "env.yaml")
    async with session(client_name, options(), root_uri=folder.as_uri()) as client:
        commands = client.init_result.capabilities.execute_command_provider.commands
        assert {"hot-lsp.render", "hot-lsp.resources", "hot-lsp.graph"} <= set(commands)
        open_document(client, top.as_uri(), TOP)
        open_document(client, child.as_uri(), CHILD)
        change_document(client, top.as_uri(), 2, [(before(TOP, "outputs:"), TOP_EDIT)])
        change_document(client, child.as_uri(), 2, [(before(CHILD, ""), CHILD_EDIT)])
        uri = top.as_uri()
        answers = {
            "yaml": await execute(client, "hot-lsp.render", {"uri": uri, "parameters": {"size": "3"}}),
            "json": await execute(client, "hot-lsp.render", {"uri": uri, "format": "json"}),
            "resources": await execute(client, "hot-lsp.resources", {"uri": uri, "nestedDepth": 1}),
            "dot": await execute(client, "hot-lsp.graph", {"uri": uri, "nestedDepth": 1, "format": "dot"}),
            "mermaid": await execute(client, "hot-lsp.graph", {"uri": uri, "nestedDepth": "MAX", "format": "mermaid"}),
            "depth 0": await execute(client, "hot-lsp.graph", {"uri": uri}),  # hotLsp.nestedDepth, DOT
        }

    def command_lines() -> dict[str, Any]:
        tree = ["--env", env, "--nested-depth"]
        return {
            "yaml": cli(folder, "render", str(top), "--env", env, "-P", "size=3").stdout,
            "json": cli(folder, "render", str(top), "--env", env, "--format", "json").stdout,
            "resources": json.loads(cli(folder, "resources", str(top), *tree, "1", "--format", "json").stdout),
            "dot": cli(folder, "graph", str(top), *tree, "1", "--format", "dot").stdout,
            "mermaid": cli(folder, "graph", str(top), *tree, "MAX", "--format", "mermaid").stdout,
            "depth 0": cli(folder, "graph", str(top), "--env", env).stdout,
        }

    saved = command_lines()
    # Every answer shows what is only in the buffers (else the comparison below could pass on the saved files).
    for key, answer in answers.items():
        assert answer != saved[key], key
    assert (
        "volume" in answers["yaml"]
        and "size: 3" in answers["yaml"]
        and "extra:\n    type: OS::Heat::None\n    enabled: true" in answers["yaml"]
    )
    assert "volume" in answers["depth 0"]
    assert {row["resource_name"] for row in answers["resources"]["resources"]} == {
        "net",
        "port",
        "stack",
        "extra",
        "volume",
        "a",
        "b",
        "c",
    }
    top.write_text(edited(TOP, "outputs:", TOP_EDIT))
    child.write_text(CHILD + CHILD_EDIT)
    assert answers == command_lines()


@pytest.mark.parametrize("client_name", ["neovim@v0.11.0"])
async def test_what_the_command_line_refuses_the_commands_refuse_in_its_words(folder: Path, client_name: str):
    top = folder / "top.yaml"
    async with session(client_name, options(), root_uri=folder.as_uri()) as client:
        uri = top.as_uri()
        open_document(client, uri, TOP)
        with pytest.raises(Exception, match="unknown parameter 'sise' \\(the template declares: size, flavor\\)"):
            await execute(client, "hot-lsp.render", {"uri": uri, "parameters": {"sise": 3}})
        refused = cli(folder, "render", str(top), "-P", "sise=3", check=False)
        assert (
            refused.returncode == 2
            and "unknown parameter 'sise' (the template declares: size, flavor)" in refused.stderr
        )
        with pytest.raises(Exception, match="format is one of 'dot', 'mermaid'"):
            await execute(client, "hot-lsp.graph", {"uri": uri, "format": "svg"})
        with pytest.raises(Exception, match='nestedDepth must be a number from 0, or "MAX"'):
            await execute(client, "hot-lsp.resources", {"uri": uri, "nestedDepth": -1})
        with pytest.raises(Exception, match="is not open"):
            await execute(client, "hot-lsp.graph", {"uri": (folder / "child.yaml").as_uri()})
        # A buffer that does not parse: the command line's path:line:col lines.
        broken = "heat_template_version: 2018-08-31\nresources: [\n"
        change_document(client, uri, 2, [(None, broken)])
        top.write_text(broken)
        refused = cli(folder, "resources", str(top), check=False)
        assert refused.returncode == 2
        where = refused.stderr.strip().removeprefix("hot-lsp resources: ").splitlines()[0]
        assert where.startswith(f"{top}:")
        with pytest.raises(Exception, match=f"hot-lsp.resources: {where}"):
            await execute(client, "hot-lsp.resources", uri)  # the uri alone is an argument too
