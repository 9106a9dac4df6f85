"""Issue 29 item 3, through the real server: every resource type of the built-in catalogue, chosen in completion,
inserts a skeleton (the exact text the server sends, snippet placeholders filled with their defaults) that leaves
an otherwise valid template without an error: where an empty value is refused, the placeholder holds an example
Heat takes (a CIDR, an address, a date, a one-item list). One server per client profile, one document changed per
type."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import pytest
from lsp_session import CLIENTS, change_document, diagnostics, open_document, session
from lsprotocol import types
from test_skeletons_lsp import complete, fixed_by, inserted, snippets

TEMPLATE = """
heat_template_version: 2021-04-16
resources:
  other:
    type: OS::Heat::None
  resource:
    type: {typed}
"""
MEMBER = "heat_template_version: 2021-04-16\nparameters:\n  index: {type: string, default: '0'}\nresources: {}\n"


def fill(snippet: str) -> str:
    """A snippet as an editor leaves it when every placeholder keeps its default (a choice: the first)."""
    out, _ = _fill(snippet, 0, "")
    return out


def _fill(text: str, at: int, stop: str) -> tuple[str, int]:
    out = []
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text):
            out.append(text[at + 1])
            at += 2
        elif stop and text.startswith(stop, at):
            return "".join(out), at + len(stop)
        elif char == "$" and text.startswith("${", at):
            head = at + 2
            while text[head].isdigit():
                head += 1
            if text[head] == "}":
                at = head + 1
            elif text[head] == ":":
                inner, at = _fill(text, head + 1, "}")
                out.append(inner)
            else:  # a choice: ${N|a,b|}, the first one kept
                choices, at = [""], head + 1
                while not text.startswith("|}", at):
                    if text[at] == "\\":
                        choices[-1] += text[at + 1]
                        at += 2
                        continue
                    if text[at] == ",":
                        choices.append("")
                    else:
                        choices[-1] += text[at]
                    at += 1
                out.append(choices[0])
                at += 2
        elif char == "$" and at + 1 < len(text) and text[at + 1].isdigit():
            at += 1
            while at < len(text) and text[at].isdigit():
                at += 1
        else:
            out.append(char)
            at += 1
    return "".join(out), at


def test_fill():
    assert fill("a: ${1:{\\}}\nb: ${2|{get_param: x\\},''|}\nc: ${3:x}$0") == "a: {}\nb: {get_param: x}\nc: x"
    assert fill("d: ${1|a\\,b,c|} ${2:${3:e}}") == "d: a,b e"


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
async def test_every_types_skeleton_inserts_without_an_error(tmp_path: Path, client_name: str) -> None:
    (tmp_path / "member.yaml").write_text(MEMBER)
    started = time.monotonic()
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri = (tmp_path / "main.yaml").as_uri()
        fixture = textwrap.dedent(TEMPLATE).lstrip("\n").format(typed="$0")
        items = await complete(client, uri, fixture, 1)
        types_ = sorted(label for label in items if "::" in label)
        assert len(types_) >= 150
        version, clean, failing = 1, [], {}
        for name in types_:
            item = items[name]
            text = item.text_edit.new_text if item.text_edit is not None else item.insert_text or item.label
            if item.insert_text_format == types.InsertTextFormat.Snippet:
                assert snippets(client)
                text = fill(text)
            version += 1
            document = textwrap.dedent(TEMPLATE).lstrip("\n").format(typed=text)
            change_document(client, uri, version, [(None, document)])
            errors = [
                f"{d.code}: {d.message}"
                for d in await diagnostics(client, uri, version)
                if d.severity == types.DiagnosticSeverity.Error
            ]
            if errors:
                failing[name] = errors
            else:
                clean.append(name)
        # Every type is clean: where an empty value is refused, the placeholder holds an example Heat takes.
        assert failing == {}
        print(f"{client_name}: {len(types_)} types, {len(clean)} clean, {time.monotonic() - started:.1f} s")


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
async def test_the_server_boots_from_an_image_and_a_group_defines_its_member(tmp_path: Path, client_name: str):
    (tmp_path / "member.yaml").write_text(MEMBER)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri = (tmp_path / "main.yaml").as_uri()
        items = await complete(client, uri, textwrap.dedent(TEMPLATE).lstrip("\n").format(typed="OS::$0"), 1)
        server = inserted(items["OS::Nova::Server"], client)
        group = inserted(items["OS::Heat::ResourceGroup"], client)
        if snippets(client):
            assert server == "OS::Nova::Server\n    properties:\n      flavor: ${1:''}\n      image: ${2:''}"
            assert group == (
                "OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n"
                "        type: ${1|member.yaml,OS::Heat::None|}\n        properties: ${2:{\\}}"
            )
        else:
            assert server == "OS::Nova::Server\n    properties:\n      flavor: ''\n      image: ''"
            assert group == (
                "OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n"
                "        type: member.yaml\n        properties: {}"
            )


GROUPS = """
heat_template_version: 2021-04-16
resources:
  web:
    type: OS::Heat::ResourceGroup
    properties:
      resource_def:
        type: {member}
  scaled:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 2
      resource:
        type: {scaled}
"""


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_members_type_offers_the_folders_templates_first(tmp_path: Path, client_name: str) -> None:
    """Issue 29 item 4: `type:` in `resource_def:` (and AutoScalingGroup's `resource:`) offers the folder's
    templates before the catalogue's types."""
    (tmp_path / "member.yaml").write_text(MEMBER)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "server.yaml").write_text(MEMBER)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri = (tmp_path / "main.yaml").as_uri()
        for version, (member, scaled) in enumerate((("$0", "OS::Heat::None"), ("member.yaml", "$0")), 1):
            fixture = textwrap.dedent(GROUPS).lstrip("\n").format(member=member, scaled=scaled)
            items = await complete(client, uri, fixture, version)
            ordered = sorted(items.values(), key=lambda item: item.sort_text or item.label)
            labels = [item.label for item in ordered]
            assert "member.yaml" in labels and "lib/server.yaml" in labels and "OS::Nova::Server" in labels
            assert "main.yaml" not in labels
            first_type = labels.index("OS::Nova::Server")
            assert labels.index("member.yaml") < first_type and labels.index("lib/server.yaml") < first_type
            edit = items["member.yaml"].text_edit
            assert edit is not None and edit.new_text == "member.yaml"


INDEXED = "heat_template_version: 2021-04-16\nparameters:\n  index: {type: number}\n  server_index: {type: string}\n  name: {type: string}\nresources: {}\n"
GROUP = """
heat_template_version: 2021-04-16
resources:
  web:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: indexed.yaml
"""


@pytest.mark.asyncio
@pytest.mark.parametrize("client_name", CLIENTS)
@pytest.mark.parametrize("index_var", [None, "%i%"])
async def test_a_members_index_parameter_gets_the_index_var(tmp_path: Path, client_name: str, index_var: str | None):
    """Issue 29 item 4: E3017's fix on a member template's parameters gives one named as an index (`index`,
    `*_index`) the group's index_var (every member its own index), the others their empty value."""
    (tmp_path / "indexed.yaml").write_text(INDEXED)
    text = textwrap.dedent(GROUP).lstrip("\n")
    if index_var is not None:
        text = text.replace("      count: 2\n", f"      count: 2\n      index_var: '{index_var}'\n")
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri = (tmp_path / "main.yaml").as_uri()
        open_document(client, uri, text)
        fixed = await fixed_by(client, uri, text, "E3017", "Add ")
        index = f"'{index_var or '%index%'}'"
        assert fixed.endswith(
            f"        type: indexed.yaml\n        properties:\n          index: {index}\n"
            f"          server_index: {index}\n          name: ''\n"
        ), fixed
        change_document(client, uri, 2, [(None, fixed)])
        assert [d.code for d in await diagnostics(client, uri, 2) if d.code.startswith("E")] == []
