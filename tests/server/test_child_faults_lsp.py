"""E7020 through the real server: with ``hotLsp.environments`` naming the stack's environment files, a nested
template's fault is shown at the parent's resource in Heat's words (the bundle recording's), and the parent is
judged again when the child is edited in the editor."""

from __future__ import annotations

from pathlib import Path

import pytest
from bundle_cases import write_case
from lsp_session import change_document, open_document, session, wait_for_publish
from lsprotocol import types

pytestmark = pytest.mark.asyncio


def _with_code(params: types.PublishDiagnosticsParams, code: str) -> list[types.Diagnostic]:
    return [d for d in params.diagnostics if d.code == code]


async def _the_finding(client, main: Path, code: str) -> types.Diagnostic:
    """``main`` opened, and its one ``code`` finding once published."""
    open_document(client, main.as_uri(), main.read_text())
    found = await wait_for_publish(client, main.as_uri(), lambda p: bool(_with_code(p, code)))
    (diagnostic,) = _with_code(found, code)
    return diagnostic


async def test_a_childs_fault_is_shown_at_the_parent_and_goes_when_the_child_is_fixed(tmp_path: Path):
    case, environments = write_case(tmp_path, "type-path#child_output_get_attr_missing")
    heat_prefix = case["heat_says"].split(".outputs", 1)[0]  # resources.box<file://lib/box.yaml>
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        uri = main.as_uri()
        diagnostic = await _the_finding(client, main, "E7020")
        assert diagnostic.message.startswith(heat_prefix + ": ")
        assert 'The specified reference "no_such_resource"' in diagnostic.message
        assert "[lib/box.yaml:" in diagnostic.message
        assert main.read_text().splitlines()[diagnostic.range.start.line].strip().startswith("type: lib/box.yaml")

        child = tmp_path / "lib" / "box.yaml"
        child_uri = child.as_uri()
        broken = child.read_text()
        open_document(client, child_uri, broken)
        fixed = "\n".join(
            line for line in broken.splitlines() if "no_such_resource" not in line and "extra:" not in line
        )
        change_document(client, child_uri, 2, [(None, fixed + "\n")])
        change_document(client, uri, 2, [(None, main.read_text() + "\n")])
        await wait_for_publish(client, uri, lambda p: p.version == 2 and not _with_code(p, "E7020"))


async def test_a_group_members_fault_is_shown_at_the_member_type(tmp_path: Path):
    case, environments = write_case(tmp_path, "group#child_unknown_property")
    # Property error: resources.workers<nested_stack>.resources.0<file://worker.yaml>.resources.token.properties: ...
    heat_prefix = case["heat_says"].removeprefix("Property error: ").split(".resources.token", 1)[0]
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        diagnostic = await _the_finding(client, main, "E7020")
        assert diagnostic.message.startswith(heat_prefix + ": ")
        assert "Unknown Property colour" in diagnostic.message and "[worker.yaml:" in diagnostic.message
        assert "worker.yaml" in main.read_text().splitlines()[diagnostic.range.start.line]


async def test_the_childs_place_is_related_information_for_a_client_that_takes_it(tmp_path: Path):
    case, environments = write_case(tmp_path, "type-path#child_output_get_attr_missing")
    options = {"hotLsp": {"environments": environments}}
    child = tmp_path / "lib" / "box.yaml"
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:  # declares it
        main = tmp_path / "main.yaml"
        diagnostic = await _the_finding(client, main, "E7020")
        (related,) = diagnostic.related_information or []
        assert related.location.uri == child.as_uri()
        where = related.location.range
        line = child.read_text().splitlines()[where.start.line]
        assert "no_such_resource" in line[where.start.character :]  # the child's get_attr
        assert f"[lib/box.yaml:{where.start.line + 1}]" in diagnostic.message  # the line the message names
        assert 'The specified reference "no_such_resource"' in related.message


async def test_no_related_information_for_a_client_that_does_not_declare_it(tmp_path: Path):
    case, environments = write_case(tmp_path, "type-path#child_output_get_attr_missing")
    options = {"hotLsp": {"environments": environments}}
    async with session("emacs@v29.1", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        diagnostic = await _the_finding(client, main, "E7020")
        assert diagnostic.related_information is None


@pytest.mark.parametrize(
    ("case_id", "code", "heat_words"),
    [
        # python-heatclient reads every type: file before it sends the stack
        ("group#group_member_template_missing", "E7021", "Could not fetch contents for file://"),
        # a type none of the named environments maps, inside the member template: Heat's words at the member type
        ("group#child_unknown_type", "E7020", "The Resource Type (Custom::Unmapped) could not be found."),
    ],
)
async def test_once_the_environments_are_named_heats_verdict_is_an_error(
    tmp_path: Path, case_id: str, code: str, heat_words: str
):
    case, environments = write_case(tmp_path, case_id)
    assert heat_words.split("file://")[0] in case["heat_says"]
    options = {"hotLsp": {"environments": environments}}
    async with session("neovim@v0.7.0", options, root_uri=tmp_path.as_uri()) as client:
        main = tmp_path / "main.yaml"
        diagnostic = await _the_finding(client, main, code)
        assert diagnostic.severity == types.DiagnosticSeverity.Error and heat_words in diagnostic.message
        assert "type:" in main.read_text().splitlines()[diagnostic.range.start.line]
