"""Evaluation in the editor, end to end: hover previews, ``hotLsp.parameters`` and environment files from the
settings, and get_param inlay hints, through the real server process under each client's capabilities."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from lsp_session import CLIENTS, diagnostics, encoding, open_document, position_of, session, template, uri_for
from lsprotocol import types
from pytest_lsp import LanguageClient

from hot_lsp.server.environment_files import EnvironmentFiles, expand

in_module_loop = pytest.mark.asyncio(loop_scope="module")

TEMPLATE = template(
    """
    heat_template_version: 2021-04-16
    description: café ☕ 𝄞
    parameters:
      env: {type: string, default: dev}
      networks: {type: comma_delimited_list, default: "a,b"}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          name: {str_replace: {template: 'web-ENV', params: {ENV: {get_param: env}}}}
          flavor: {if: [is_prod, m1.large, m1.small]}
          networks:
            repeat:
              for_each: {'%net%': {get_param: networks}, '%i%': ['1', '2']}
              template: {network: '%net%-%i%'}
    """
)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, enc: str, into: int = 1) -> types.Position:
    return position_of(text, text.index(needle) + into, enc)


def hover_text(result: types.Hover | None) -> str:
    assert result is not None
    contents = result.contents
    return contents.value if isinstance(contents, types.MarkupContent) else str(contents)


async def opened(client: LanguageClient, name: str, text: str = TEMPLATE) -> str:
    uri = uri_for(name, client)
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    return uri


async def hover_at(client: LanguageClient, uri: str, needle: str, into: int = 1) -> str:
    position = at(TEMPLATE, needle, encoding(client), into)
    return hover_text(
        await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=position))
    )


@in_module_loop
async def test_repeat_hover_previews_the_items(client: LanguageClient):
    uri = await opened(client, "eval-repeat")
    text = await hover_at(client, uri, "repeat:")
    assert "**repeat** — intrinsic function" in text  # what hover showed before stays
    preview = text.split("\n\n---\n\n", 1)[1]
    assert preview.startswith("**repeat** → 4 items\n\n```yaml\n- network: a-1\n- network: a-2\n- network: b-1\n")
    assert "Loop variables: 2 × 2 = 4 items, nested loops in for_each order" in preview
    assert '- `%net%` = `["a", "b"]`: parameter `networks` (its default)' in preview


@in_module_loop
async def test_if_hover_shows_the_condition_and_the_branch(client: LanguageClient):
    uri = await opened(client, "eval-if")
    text = await hover_at(client, uri, "if: [is_prod")
    preview = text.split("\n\n---\n\n", 1)[1]
    assert preview.startswith("**if** condition `is_prod` is **false**")
    assert '- `env` = `"dev"`: its default' in preview
    assert preview.endswith('→ the false branch (`value_if_false`): `"m1.small"`')


@in_module_loop
async def test_condition_hover_shows_its_value(client: LanguageClient):
    uri = await opened(client, "eval-condition")
    text = await hover_at(client, uri, "is_prod: {")
    assert text.startswith("**condition** `is_prod` is **false**\n\nCompared values:\n")
    assert '- `{get_param: env}` → `"dev"`' in text


@in_module_loop
async def test_inlay_hints_are_off_unless_asked_for(client: LanguageClient):
    uri = await opened(client, "eval-hints-off")
    whole = types.Range(types.Position(0, 0), types.Position(len(TEMPLATE.split("\n")), 0))
    assert not await client.text_document_inlay_hint_async(types.InlayHintParams(doc(uri), whole))


@in_module_loop
@pytest.mark.parametrize("client_name", CLIENTS)
async def test_hotlsp_parameters_change_the_hover_value(client_name: str):
    async with session(client_name, {"parameters": {"env": "staging"}}) as client:
        uri = uri_for("eval-parameters", client)
        open_document(client, uri, TEMPLATE)
        await diagnostics(client, uri, 1)
        text = await hover_at(client, uri, "str_replace")
        assert '**Value** of `str_replace`: `"web-staging"`' in text
        assert '- `env` = `"staging"`: from hotLsp.parameters' in text
        if client.capabilities.workspace and client.capabilities.workspace.configuration:
            client.set_configuration({"parameters": {"env": "prod"}}, section="hotLsp")
            client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        else:
            client.workspace_did_change_configuration(
                types.DidChangeConfigurationParams(settings={"hotLsp": {"parameters": {"env": "prod"}}})
            )
        deadline = asyncio.get_running_loop().time() + 20
        while '"web-prod"' not in text:
            assert asyncio.get_running_loop().time() < deadline, text
            await asyncio.sleep(0.05)
            text = await hover_at(client, uri, "str_replace")
        assert '- `env` = `"prod"`: from hotLsp.parameters' in text
        text = await hover_at(client, uri, "if: [is_prod")
        assert "**if** condition `is_prod` is **true**" in text


@in_module_loop
@pytest.mark.parametrize("client_name", ["visual-studio-code", "neovim@v0.11.0"])
async def test_inlay_hints_with_environment_files(client_name: str, tmp_path: Path):
    (tmp_path / "env.yaml").write_text("parameters:\n  networks: x,y,z\n", encoding="utf-8")
    options = {"inlayHints": True, "environments": [str(tmp_path / "*.yaml")]}
    async with session(client_name, options) as client:
        uri = uri_for("eval-hints", client)
        open_document(client, uri, TEMPLATE)
        await diagnostics(client, uri, 1)
        lines = TEMPLATE.split("\n")
        whole = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
        found = await client.text_document_inlay_hint_async(types.InlayHintParams(doc(uri), whole))
        assert [(h.label, h.tooltip) for h in found] == [
            ('= "dev"', "Parameter env: its default"),
            ('= "dev"', "Parameter env: its default"),
            ('= ["x", "y", "z"]', f"Parameter networks: from parameters in {tmp_path / 'env.yaml'}"),
        ]
        enc = encoding(client)
        line = lines.index("      name: {str_replace: {template: 'web-ENV', params: {ENV: {get_param: env}}}}")
        end_of_call = at(TEMPLATE, "{get_param: env}}}}", enc, into=len("{get_param: env}"))
        assert found[1].position == end_of_call and end_of_call.line == line


# -- loading environment files (in process) -----------------------------------------------------------


def test_environment_files_are_read_in_glob_order_and_only_when_changed(tmp_path: Path):
    (tmp_path / "envs").mkdir()
    first = tmp_path / "envs" / "b.yaml"
    second = tmp_path / "envs" / "a.yaml"
    last = tmp_path / "site.yaml"
    first.write_text("parameters: {x: 1}\n", encoding="utf-8")
    second.write_text("parameter_defaults: {x: 2}\n", encoding="utf-8")
    last.write_text("parameters: {y: 3}\n", encoding="utf-8")
    assert [name for _, name in expand(["envs/*.yaml", str(last), "envs/b.yaml"], [str(tmp_path)])] == [
        os.path.join("envs", "a.yaml"),
        os.path.join("envs", "b.yaml"),
        "site.yaml",  # named relative to the workspace folder it lies in, however the glob spelled it
    ]
    clock = [0.0]
    files = EnvironmentFiles(clock=lambda: clock[0])
    loaded = files.load(["envs/*.yaml", str(last)], [str(tmp_path)])
    assert [env.parameters or env.parameter_defaults for env in loaded] == [{"x": 2}, {"x": 1}, {"y": 3}]
    again = files.load(["envs/*.yaml", str(last)], [str(tmp_path)])
    assert all(a is b for a, b in zip(loaded, again, strict=True))  # unchanged files are not read again
    first.write_text("parameters: {x: 10}\n", encoding="utf-8")
    os.utime(first, ns=(1, 1))
    changed = files.load(["envs/*.yaml", str(last)], [str(tmp_path)])
    assert changed[0] is loaded[0] and changed[2] is loaded[2]
    assert changed[1] is not loaded[1] and changed[1].parameters == {"x": 10}
    # A new file shows up once the glob is expanded again (after a second).
    (tmp_path / "envs" / "c.yaml").write_text("parameters: {z: 1}\n", encoding="utf-8")
    assert len(files.load(["envs/*.yaml", str(last)], [str(tmp_path)])) == 3
    clock[0] += 2
    assert len(files.load(["envs/*.yaml", str(last)], [str(tmp_path)])) == 4


def test_requests_take_the_last_load_for_a_second_and_until_a_file_event(tmp_path: Path):
    """The server looks at the disk (``load``, on a thread) at most once a second; requests in between take what it
    found (``current``, no file touched), and a save or watched-file event makes the next one look again."""
    (tmp_path / "env.yaml").write_text("parameters: {x: 1}\n", encoding="utf-8")
    clock = [0.0]
    files = EnvironmentFiles(clock=lambda: clock[0])
    assert files.current(["*.yaml"], [str(tmp_path)]) is None  # never loaded
    loaded = files.load(["*.yaml"], [str(tmp_path)])
    assert files.current(["*.yaml"], [str(tmp_path)]) is loaded
    assert files.paths(["*.yaml"], [str(tmp_path)]) == (str(tmp_path / "env.yaml"),)
    assert files.current(["other/*.yaml"], [str(tmp_path)]) is None  # other globs: not what was loaded
    clock[0] += 0.5
    assert files.current(["*.yaml"], [str(tmp_path)]) is loaded
    files.forget()
    assert files.current(["*.yaml"], [str(tmp_path)]) is None
    files.load(["*.yaml"], [str(tmp_path)])
    clock[0] += 1.5
    assert files.current(["*.yaml"], [str(tmp_path)]) is None  # a second old: look again


def test_an_unreadable_environment_file_is_logged_and_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    (tmp_path / "bad.yaml").write_bytes(b"parameters: {x: \xff}\n")
    (tmp_path / "good.yaml").write_text("parameters: {x: 1}\n", encoding="utf-8")
    files = EnvironmentFiles()
    with caplog.at_level("WARNING", logger="hot_lsp.server.environment_files"):
        loaded = files.load(["*.yaml"], [str(tmp_path)])
        files.load(["*.yaml"], [str(tmp_path)])
    assert [env.name for env in loaded] == ["good.yaml"]
    assert len([r for r in caplog.records if "bad.yaml" in r.getMessage()]) == 1  # logged once, not per request
