"""Issue 29 item 4, through the real server under the three client profiles: a nested template's parameter named
like a kind of resource the parent has exactly one of (`network` and one OS::Neutron::Net) is filled with
`{get_resource: THAT}`: by E3017's fix for a template resource and for a group's member, by value completion,
and by a type's skeleton; with two of that kind, nothing is guessed. `hot-lsp check` agrees on the fixed file."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from lsp_session import CLIENTS, change_document, diagnostics, open_document, session
from test_skeletons_lsp import complete, fixed_by, inserted, snippets

CHILD = "heat_template_version: 2021-04-16\nparameters:\n  network: {type: string}\n  flavor: {type: string}\nresources: {}\n"
PARENT = """
heat_template_version: 2021-04-16
resources:
  net:
    type: OS::Neutron::Net
{body}
"""
DIRECT = "  web:\n    type: child.yaml\n"
MEMBER = "  web:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: child.yaml\n"
FILLED = "{indent}properties:\n{indent}  network: {{get_resource: net}}\n{indent}  flavor: ''\n"


def parent(body: str) -> str:
    return textwrap.dedent(PARENT).strip("\n").format(body=body).rstrip("\n") + "\n"


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
@pytest.mark.parametrize(("body", "indent"), [(DIRECT, "    "), (MEMBER, "        ")], ids=["template", "member"])
async def test_the_fix_gives_the_one_net(tmp_path: Path, client_name: str, body: str, indent: str) -> None:
    (tmp_path / "child.yaml").write_text(CHILD)
    path = tmp_path / "main.yaml"
    uri, text = path.as_uri(), parent(body)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        open_document(client, uri, text)
        fixed = await fixed_by(client, uri, text, "E3017", "Add ")
        assert fixed == text + FILLED.format(indent=indent)
        change_document(client, uri, 2, [(None, fixed)])
        assert [d.code for d in await diagnostics(client, uri, 2) if d.code.startswith("E")] == []
    path.write_text(fixed)
    outcome = subprocess.run([sys.executable, "-m", "hot_lsp", "check", str(path)], capture_output=True, text=True)
    assert outcome.returncode == 0, outcome.stdout


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
async def test_completion_offers_the_one_net_and_nothing_for_two(tmp_path: Path, client_name: str) -> None:
    (tmp_path / "child.yaml").write_text(CHILD)
    uri = (tmp_path / "main.yaml").as_uri()
    typed = DIRECT + "    properties:\n      network: $0\n"
    second = "  other_net:\n    type: OS::Neutron::Net\n"
    subnet = "  subnet:\n    type: OS::Neutron::Sub$0\n"
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        items = await complete(client, uri, parent(typed), 1)
        assert "{get_resource: net}" in items
        edit = items["{get_resource: net}"].text_edit
        assert edit is not None and edit.new_text == "{get_resource: net}"
        items = await complete(client, uri, parent(second + typed), 2)
        assert not [label for label in items if label.startswith("{get_resource")]
        # A catalogue type's skeleton: a Subnet's network offers the one Net after the parameters that fit.
        items = await complete(client, uri, parent(subnet), 3)
        text = inserted(items["OS::Neutron::Subnet"], client)
        if snippets(client):
            assert "network: ${1|{get_resource: net\\},''|}" in text, text
        else:
            assert "network: {get_resource: net}" in text, text
