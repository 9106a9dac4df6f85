"""The editor's what-if through the real server (issue 31, item 4): a template committed in a git repository and
opened changed shows what updating the stack from ``git:HEAD`` to the open text does: a warning on the line that
replaces a resource (``key_name``), an information for an update in place (``image`` rebuilds), a warning on
``resources:`` for a deleted resource, a code lens on ``resources:`` summing it whose command answers the offline
preview's JSON. Nothing with ``"off"``, nothing for a file outside git, and the edit's own diagnostics are
published before the comparison's findings."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lsp_session import change_document, covered, encoding, open_document, plain, pulls, session, wait_for_publish
from lsprotocol import types

pytestmark = pytest.mark.asyncio

CLIENTS = ["visual-studio-code", "neovim@v0.11.0"]  # push, pull
WHAT_IF = ("W9801", "W9802", "W9803", "I9804", "I9805")
COMMITTED = """\
heat_template_version: 2021-04-16
parameters:
  unused: {type: string, default: x}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
      key_name: old-key
  other:
    type: OS::Heat::None
"""


def repository(tmp_path: Path, text: str = COMMITTED) -> Path:
    """A git checkout whose HEAD holds ``main.yaml``."""
    path = tmp_path / "main.yaml"
    path.write_text(text)
    for command in (
        ["init", "-q"],
        ["add", "main.yaml"],
        ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "stack"],
    ):
        subprocess.run(["git", "-C", str(tmp_path), *command], check=True, capture_output=True)
    return path


async def pulled(client, uri: str) -> list[types.Diagnostic]:
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return list(report.items) if report.kind == "full" else []


async def shown(client, uri: str, accept, timeout: float = 20.0, since: int = 0) -> list[types.Diagnostic]:
    """The document's diagnostics once ``accept`` takes them (pushed, or pulled again and again); pushed: among
    the publishes from the ``since``-th on."""
    if not pulls(client):
        published = client.published[:since]
        found = await wait_for_publish(
            client, uri, lambda p: not any(p is old for old in published) and accept(list(p.diagnostics)), timeout
        )
        return list(found.diagnostics)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        items = await pulled(client, uri)
        if accept(items):
            return items
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no matching diagnostics for {uri}: {[(d.code, d.message) for d in items]}")
        await asyncio.sleep(0.1)


def what_if(found: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in found if d.code in WHAT_IF]


async def logged(client, words: str, timeout: float = 20.0) -> None:
    """Until the server has logged a message with ``words`` (why a document has no what-if: the comparison ended)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not any(words in message.message for message in client.log_messages):
        assert asyncio.get_running_loop().time() < deadline, f"no log message with {words!r}"
        await asyncio.sleep(0.05)


def coded(code: str):
    return lambda found: any(d.code == code for d in found)


async def opened_changed(client, path: Path, old: str, new: str) -> tuple[str, str]:
    uri = path.as_uri()
    text = COMMITTED.replace(old, new)
    open_document(client, uri, text)
    return uri, text


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_changed_key_name_is_a_warning_on_its_line_naming_the_replacement(tmp_path: Path, client_name: str):
    path = repository(tmp_path)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri, text = await opened_changed(client, path, "key_name: old-key", "key_name: new-key")
        found = what_if(await shown(client, uri, coded("W9801")))
        assert [d.code for d in found] == ["W9801"]
        warning = found[0]
        assert warning.severity == types.DiagnosticSeverity.Warning
        assert covered(text, warning, encoding(client)) == "key_name"
        assert "replaces `server`" in warning.message and "`key_name` is not updatable in place" in warning.message


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_changed_image_says_it_rebuilds_in_place(tmp_path: Path, client_name: str):
    path = repository(tmp_path)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri, text = await opened_changed(client, path, "image: cirros", "image: fedora")
        found = what_if(await shown(client, uri, coded("I9804")))
        assert [d.code for d in found] == ["I9804"]
        assert found[0].severity == types.DiagnosticSeverity.Information
        assert covered(text, found[0], encoding(client)) == "image"
        assert "`image` change REBUILDs in place: the root disk is re-imaged" in found[0].message


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_deleted_resource_is_a_warning_on_resources(tmp_path: Path, client_name: str):
    path = repository(tmp_path)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri, text = await opened_changed(client, path, "  other:\n    type: OS::Heat::None\n", "")
        found = what_if(await shown(client, uri, coded("W9802")))
        assert [d.code for d in found] == ["W9802"]
        assert covered(text, found[0], encoding(client)) == "resources"
        assert "deletes `other` (OS::Heat::None)" in found[0].message


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_the_lens_on_resources_sums_and_opens_the_offline_table(tmp_path: Path, client_name: str):
    path = repository(tmp_path)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri = path.as_uri()
        text = COMMITTED.replace("key_name: old-key", "key_name: new-key").replace(
            "  other:\n", "  added:\n    type: OS::Heat::None\n  other:\n"
        )
        open_document(client, uri, text)
        await shown(client, uri, coded("W9801"))
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        sums = [lens for lens in lenses or [] if lens.command and lens.command.command == "hot-lsp.preview"]
        assert len(sums) == 1
        lens = sums[0]
        assert lens.command.title == "1 replaced, 1 added (against git:HEAD)"
        assert covered(text, types.Diagnostic(range=lens.range, message=""), encoding(client)) == "resources"
        answer: Any = plain(
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
            )
        )
        assert plain(lens.command.arguments) == [{"uri": uri, "against": "git:HEAD"}]
        assert sorted(answer) == ["added", "deleted", "replaced", "unchanged", "undecided", "updated"]
        assert [row["resource_name"] for row in answer["replaced"]] == ["server"]
        assert answer["replaced"][0] == {
            "resource_name": "server",
            "resource_type": "OS::Nova::Server",
            "parent": None,
            "reason": "`key_name` is not updatable in place",
        }
        assert [row["resource_name"] for row in answer["added"]] == ["added"]
        assert [row["resource_name"] for row in answer["unchanged"]] == ["other"]


async def test_the_command_answers_what_the_command_line_prints(tmp_path: Path):
    from hot_lsp.commands.preview_offline import offline_preview

    path = repository(tmp_path)
    changed = COMMITTED.replace("image: cirros", "image: fedora").replace("flavor: m1.small", "flavor: m1.large")
    async with session("visual-studio-code", root_uri=tmp_path.as_uri()) as client:
        open_document(client, path.as_uri(), changed)
        answer = plain(
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(
                    command="hot-lsp.preview", arguments=[{"uri": path.as_uri(), "against": "git:HEAD"}]
                )
            )
        )
    path.write_text(changed)
    assert answer == offline_preview(str(path), "git:HEAD")


async def test_the_edits_own_diagnostics_come_first(tmp_path: Path):
    path = repository(tmp_path)
    async with session("visual-studio-code", root_uri=tmp_path.as_uri()) as client:
        uri = path.as_uri()
        open_document(client, uri, COMMITTED)
        first = await wait_for_publish(client, uri, lambda p: p.version == 1)
        assert [d.code for d in first.diagnostics] == ["I9001"]
        await asyncio.sleep(1.0)  # the comparison of the unchanged text: nothing to add
        line = COMMITTED.splitlines().index("      key_name: old-key")
        edit = types.Range(start=types.Position(line=line, character=16), end=types.Position(line=line, character=19))
        change_document(client, uri, 2, [(edit, "new")])
        await shown(client, uri, coded("W9801"))
        of_the_edit = [p for p in client.published if p.uri == uri and p.version == 2]
        assert [d.code for d in of_the_edit[0].diagnostics] == ["I9001"]  # the edit's own, before the comparison
        assert [d.code for d in of_the_edit[-1].diagnostics] == ["I9001", "W9801"]


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_off_shows_nothing(tmp_path: Path, client_name: str):
    path = repository(tmp_path)
    settings = {"whatIf": {"against": "off"}}
    async with session(
        client_name, options=settings, configuration={"hotLsp": settings}, root_uri=tmp_path.as_uri()
    ) as client:
        uri, _ = await opened_changed(client, path, "key_name: old-key", "key_name: new-key")
        await shown(client, uri, coded("I9001"))
        await asyncio.sleep(1.5)  # (nothing is compared when off: no message to wait for)
        assert what_if(await pulled(client, uri) if pulls(client) else list(client.diagnostics[uri])) == []
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert [lens for lens in lenses or [] if lens.command and lens.command.command == "hot-lsp.preview"] == []


async def test_a_file_new_since_the_revision_shows_nothing(tmp_path: Path):
    repository(tmp_path)
    path = tmp_path / "new.yaml"
    path.write_text(COMMITTED)
    async with session("visual-studio-code", root_uri=tmp_path.as_uri()) as client:
        uri, _ = await opened_changed(client, path, "key_name: old-key", "key_name: new-key")
        await shown(client, uri, coded("I9001"))
        await logged(client, "is not in HEAD")
        assert what_if(list(client.diagnostics[uri])) == []
        assert any(
            "is not in HEAD" in message.message and "a new file" in message.message for message in client.log_messages
        )


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_file_outside_git_shows_nothing(tmp_path: Path, client_name: str):
    path = tmp_path / "main.yaml"
    path.write_text(COMMITTED)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri, _ = await opened_changed(client, path, "key_name: old-key", "key_name: new-key")
        await shown(client, uri, coded("I9001"))
        await logged(client, "is not in a git checkout")
        assert what_if(await pulled(client, uri) if pulls(client) else list(client.diagnostics[uri])) == []


def watched(client, pattern: str) -> bool:
    """Whether the server asked the client to watch files matching ``pattern`` (didChangeWatchedFiles)."""
    return any(
        watcher["globPattern"] == pattern
        for registration in client.registrations
        if registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        for watcher in registration.register_options["watchers"]  # (as sent: JSON)
    )


def files_changed(client, *paths: Path) -> None:
    """What the client's file watcher sends when ``paths`` changed on disk."""
    changes = [types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Changed) for path in paths]
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=changes))


@pytest.mark.parametrize("client_name", CLIENTS)
async def test_a_commit_of_the_change_clears_it_and_a_checkout_of_another_branch_compares_again(
    tmp_path: Path, client_name: str
):
    """HEAD moves under the open text (a commit in a terminal, a branch checked out): the what-if follows without a
    keystroke, told by the client's watcher of the checkout's refs (VS Code), or by looking at the refs every
    REFS_POLL_S when the client watches no files for the server (the Neovim profile)."""
    path = repository(tmp_path)
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "branch", "-q", "old"], check=True)
    async with session(client_name, root_uri=tmp_path.as_uri()) as client:
        uri, text = await opened_changed(client, path, "key_name: old-key", "key_name: new-key")
        assert [d.code for d in what_if(await shown(client, uri, coded("W9801")))] == ["W9801"]
        watches = client_name == "visual-studio-code"  # (the Neovim profile has no dynamic watchers)
        if watches:
            assert watched(client, "**/.git/HEAD") and watched(client, "**/.git/refs/heads/**")
        path.write_text(text)
        subprocess.run([*git, "commit", "-q", "-am", "new key"], check=True)
        branch = subprocess.run([*git, "symbolic-ref", "HEAD"], check=True, capture_output=True, text=True).stdout
        since = len(client.published)
        if watches:
            files_changed(client, tmp_path / ".git" / branch.strip(), tmp_path / ".git" / "logs" / "HEAD")
        await shown(client, uri, lambda found: coded("I9001")(found) and not what_if(found), since=since)
        subprocess.run([*git, "checkout", "-q", "old"], check=True)
        since = len(client.published)
        if watches:
            files_changed(client, tmp_path / ".git" / "HEAD")
        assert [d.code for d in what_if(await shown(client, uri, coded("W9801"), since=since))] == ["W9801"]
