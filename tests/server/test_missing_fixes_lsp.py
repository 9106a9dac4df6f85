"""Issue 29 item 5, through the real server under the three client profiles: the fixes a finding lacked. Each is
applied as the server sends it; the finding goes, no error comes, and `hot-lsp check` agrees on the fixed file.

- E3026 where a type's own check wants one of several properties and none is written (a server without image, a
  subnet without cidr, a volume without properties): the first way is added, each value what the type's skeleton
  writes (a fitting parameter's get_param first).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lsp_session import CLIENTS, change_document, diagnostics, encoding, open_document, session
from lsprotocol import types
from test_skeletons_lsp import apply, doc

HEAD = "heat_template_version: 2021-04-16\n"
SERVER = HEAD + "parameters:\n  image: {type: string}\nresources:\n  web:\n    type: OS::Nova::Server\n"
SERVER += "    properties:\n      flavor: m1.small\n"
SUBNET = HEAD + "resources:\n  net:\n    type: OS::Neutron::Net\n  subnet:\n    type: OS::Neutron::Subnet\n"
SUBNET += "    properties: {network: {get_resource: net}}\n"
VOLUME = HEAD + "resources:\n  data:\n    type: OS::Cinder::Volume\n    deletion_policy: Retain\n"

CASES = [
    ("E3026", SERVER, "Add image", SERVER + "      image: {get_param: image}\n"),
    ("E3026", SUBNET, "Add cidr", SUBNET.replace("}}\n", "}, cidr: 10.0.0.0/24}\n")),
    ("E3026", VOLUME, "Add size", VOLUME + "    properties:\n      size: 1\n"),
]


def check_cli(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", str(path)], capture_output=True, text=True, timeout=120
    )


async def fixed_by(client, uri: str, text: str, code: str, title: str) -> str:
    """The text after the action titled ``title`` for the one ``code`` finding, as the server sends it."""
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == code]
    assert len(found) == 1, found
    answer = await client.text_document_code_action_async(
        types.CodeActionParams(doc(uri), found[0].range, types.CodeActionContext(diagnostics=found))
    )
    actions = [a for a in answer or [] if isinstance(a, types.CodeAction) and a.title == title]
    assert len(actions) == 1, [a.title for a in answer or []]
    return apply(text, actions[0], uri, encoding(client))


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
@pytest.mark.parametrize(("code", "text", "title", "result"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
async def test_the_fix_writes_what_was_missing(
    tmp_path: Path, client_name: str, code: str, text: str, title: str, result: str
) -> None:
    path = tmp_path / "main.yaml"
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        fixed = await fixed_by(client, path.as_uri(), text, code, title)
        assert fixed == result
        change_document(client, path.as_uri(), 2, [(None, fixed)])
        assert [d.code for d in await diagnostics(client, path.as_uri(), 2) if d.code.startswith("E")] == []
    path.write_text(fixed)
    outcome = check_cli(path)
    assert outcome.returncode == 0, outcome.stdout
